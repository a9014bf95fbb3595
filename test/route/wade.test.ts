/**
 * Routes by water as deep as the wade limit (issue 29; RT-2, RT-4, SL-5) on every core: over random ponds whose
 * depth crosses `wade` — a bowl with ripples on its floor, so the wade line winds and the water along a leg that skirts
 * it rises and falls about the limit between the slide's samples — every leg of a found route, walked from rest on
 * its waypoint by seek and walk at 60 Hz, gets to the next waypoint without the unreachable signal: a route never
 * leads where the move refuses the water. Seeded (fast-check prints the seed on failure).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { World } from '../../src/types.ts';
import { CORES, type Api } from '../cores.ts';
import { SEED } from '../wasm/cores.ts';
import { mapWorld, rowAt, walkLeg } from './worlds.ts';

/** How close to a waypoint counts as there (RouteFollower's WAYPOINT_STOP). */
const REACH = 0.1;
/** The square's side, m, and the ground's height out of the water: the bowl sinks below the water level 0. */
const SIDE = 40;
const SHORE = 0.3;

/** Metres in [min, max] to the centimetre. */
const metres = (min: number, max: number) => fc.noBias(fc.integer({ min: min * 100, max: max * 100 })).map((v) => v / 100);

const pondArb = fc.record({
  x: metres(14, 26),
  z: metres(14, 26),
  radius: metres(6, 13),
  // Depth at the bowl's middle before ripples: 0.52–0.9 m, always past the xbot's wade of 0.5.
  deep: metres(0.52, 0.9),
  ripple: metres(0, 0.1),
  frequency: metres(0.3, 1.5),
  phase: metres(0, 6.28),
});

/** A pond of the arbitrary on a 1 m heightmap: the ground SHORE above the water, the bowl `deep` below it, rippled. */
function pondWorld(p: typeof pondArb extends fc.Arbitrary<infer T> ? T : never): World {
  return mapWorld(SIDE, (i, j) => {
    const bowl = Math.max(0, 1 - ((i - p.x) ** 2 + (j - p.z) ** 2) / (p.radius * p.radius));
    const ripple = bowl > 0 ? Math.sin(i * p.frequency + p.phase) * Math.cos(j * p.frequency) * p.ripple : 0;
    return SHORE - (SHORE + p.deep) * bowl + ripple;
  }, { water: 0 });
}


for (const { name, api } of CORES) {
  describe(`routes by water as deep as wade (${name})`, () => {
    it(`RT-2, RT-4, SL-5: over random ponds whose depth crosses wade, every leg of a found route walked from rest on its waypoint gets to the next without the unreachable signal (seeded; ${name})`, () => {
      let legs = 0;
      fc.assert(
        fc.property(pondArb, metres(1, 39), metres(1, 39), metres(1, 39), metres(1, 39), (pond, sx, sz, tx, tz) => {
          const w = pondWorld(pond);
          const ground = api.groundOf(w);
          // Starts and targets on dry ground far enough apart that the way may run by the pond.
          if (ground.depth!(sx, sz) > 0 || ground.depth!(tx, tz) > 0 || Math.hypot(tx - sx, tz - sz) < 12) return;
          const route = api.route(rowAt(api, w, ground, sx, sz), w, [tx, tz], ground);
          const points: (readonly number[])[] = [[sx, sz], ...route.waypoints];
          for (let k = 0; k + 1 < points.length; k++) {
            const from = points[k];
            const to = points[k + 1];
            const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
            if (length <= REACH) continue;
            legs++;
            const me = rowAt(api, w, ground, from[0], from[1]);
            const leg = walkLeg(api, w, ground, me, to, REACH, 2 + length);
            expect({ leg: [from, to], ...leg, at: [me.pos[0], me.pos[2]] }).toMatchObject({ there: true, signalled: false });
          }
        }),
        { seed: SEED, numRuns: 40 },
      );
      // Most draws plan a route of a few legs; a property that walked none would pin nothing.
      expect(legs).toBeGreaterThan(20);
    });
  });
}
