/**
 * Routes through a walled village (issue 29; RT-9, LV-1) on every core: a 128 m world of 500 trees with 12 houses
 * (turned boxes) and a 40 m square of walls with a 5 m gate in each side (bench/village.ts, bench part 7's scene made
 * small). 100 bodies, half inside the square bound for a place outside it and half the other way, each follow a route
 * of their own (RouteFollower) for 40 s: at least 99 % of those whose target `route` reaches come within 0.5 m of it.
 * And bench part 7's one miss (issue 29, body 830 of 1,000): a body carried off its leg into a pond, resting 6 cm from
 * its new plan's first waypoint where the next leg is not walkable, comes to the waypoint before it sets off (RT-9).
 */
import { describe, expect, it } from 'vitest';
import { BENCH_VILLAGE, VILLAGE_STOP, buildVillage, villageRoutes, villageWorld, type VillageOptions } from '../../bench/village.ts';
import { CORES } from '../cores.ts';

const SMALL_VILLAGE: VillageOptions = { half: 64, trees: 500, seed: 11, columns: 4, rows: 3, x0: -45, z0: -40, dx: 30, dz: 40, side: 20 };
const BODIES = 100;
/**
 * Body 830 of bench part 7 (villageRoutes(BENCH_VILLAGE, 1000, 90, 5)): its leg along z = 11.5 skirts a pond whose
 * water, 6 cm to the south, is deeper than wade; the body, carried south of the leg by the speed it turned with, rests
 * at (7.50, 11.44) where the water 0.25 m on gets deeper than wade, 0.064 m from its new plan's first waypoint (7.5, 11.5).
 */
const POND_START = [-28.22885761037469, 24.862938459962606] as const;
const POND_TARGET = [50.760259069502354, 11.846187189221382] as const;
const SECONDS = 40;

for (const { name, api } of CORES) {
  describe(`RT-9, LV-1: routes through a walled village (${name})`, () => {
    it(`RT-9, LV-1: of ${BODIES} bodies crossing the village's walls by its gates, ≥ 99 % of those with a path reach their targets in ${SECONDS} s (${name})`, () => {
      const r = villageRoutes(api, SMALL_VILLAGE, BODIES, SECONDS, 5);
      // Every start and target is 0.6 m clear of the solids, inside or outside a square whose gates are open.
      expect(r.withPath).toBeGreaterThanOrEqual(0.95 * BODIES);
      expect(r.reached / r.withPath, r.missed.join('\n')).toBeGreaterThanOrEqual(0.99);
    });

    it(`RT-9: a body resting beside its new plan's first waypoint, by a pond deeper than wade, comes to the waypoint before it sets off and reaches its target (issue 29, body 830; ${name})`, () => {
      const w = villageWorld(BENCH_VILLAGE);
      const ground = api.groundOf(w);
      buildVillage(api, ground, BENCH_VILLAGE);
      const n = api.numbers({ kind: 'xbot' }, w);
      const herd = new api.Herd(w, ground, { capacity: 1, threads: 1 });
      const follower = new api.RouteFollower(herd);
      herd.add({ kind: 'xbot', pos: [POND_START[0], api.stand(n, ground, POND_START[0], POND_START[1]), POND_START[1]] });
      follower.seek(0, POND_TARGET, VILLAGE_STOP);
      let came = false;
      for (let f = 0; f < 60 * 60 && !came; f++) {
        follower.step(1 / 60);
        came = Math.hypot(herd.x[0] - POND_TARGET[0], herd.z[0] - POND_TARGET[1]) <= VILLAGE_STOP;
      }
      const at = `(${herd.x[0].toFixed(3)}, ${herd.z[0].toFixed(3)})`;
      herd.dispose();
      expect(came, `the body rests at ${at}`).toBe(true);
    });
  });
}
