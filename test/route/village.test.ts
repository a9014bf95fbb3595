/**
 * Routes through a walled village (issue 29; RT-9, LV-1) on every core: a 128 m world of 500 trees with 12 houses
 * (turned boxes) and a 40 m square of walls with a 5 m gate in each side (bench/village.ts, bench part 7's scene made
 * small). 100 bodies, half inside the square bound for a place outside it and half the other way, each follow a route
 * of their own (RouteFollower) for 40 s: at least 99 % of those whose target `route` reaches come within 0.5 m of it.
 */
import { describe, expect, it } from 'vitest';
import { villageRoutes, type VillageOptions } from '../../bench/village.ts';
import { CORES } from '../cores.ts';

const SMALL_VILLAGE: VillageOptions = { half: 64, trees: 500, seed: 11, columns: 4, rows: 3, x0: -45, z0: -40, dx: 30, dz: 40, side: 20 };
const BODIES = 100;
const SECONDS = 40;

for (const { name, api } of CORES) {
  describe(`RT-9, LV-1: routes through a walled village (${name})`, () => {
    it(`RT-9, LV-1: of ${BODIES} bodies crossing the village's walls by its gates, ≥ 99 % of those with a path reach their targets in ${SECONDS} s (${name})`, () => {
      const r = villageRoutes(api, SMALL_VILLAGE, BODIES, SECONDS, 5);
      // Every start and target is 0.6 m clear of the solids, inside or outside a square whose gates are open.
      expect(r.withPath).toBeGreaterThanOrEqual(0.95 * BODIES);
      expect(r.reached / r.withPath, r.missed.join('\n')).toBeGreaterThanOrEqual(0.99);
    });
  });
}
