/**
 * RT-6, WX-3: on random worlds (test/wasm/worlds.ts: heightmaps of walls and ledges, noise, water, trees, lattices
 * or none), routes and passability grids are bit-identical on the wasm entry (release and debug) and the reference,
 * with or without costs, and the same error where there is one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Route } from '../../src/types.ts';
import { BUILDS, SEED, coreOf, reference } from '../wasm/cores.ts';
import { expectSame, worldArb } from '../wasm/worlds.ts';

const pointArb = fc.tuple(fc.double({ min: -14, max: 14, noNaN: true }), fc.double({ min: -14, max: 14, noNaN: true }));

const caseArb = fc.record({
  w: worldArb,
  kindPick: fc.nat(),
  from: pointArb,
  to: pointArb,
  costs: fc.option(fc.record({ slopeCost: fc.double({ min: 0, max: 5, noNaN: true }), waterCost: fc.double({ min: 0, max: 5, noNaN: true }) }), { nil: undefined }),
  /** How far the region reaches past the two ends, metres (small keeps the reference's work small); sometimes none given, the default region (RT-5) and grids kept from earlier routes. */
  reach: fc.option(fc.double({ min: 0, max: 6, noNaN: true }), { nil: undefined, freq: 6 }),
});

function outcome(call: () => unknown): unknown {
  try {
    return call();
  } catch (error) {
    return { error: (error as Error).message };
  }
}

for (const build of BUILDS) {
  describe(`routes on the ${build} build ≡ the reference`, () => {
    it('RT-6: route and passability give the same bits on random worlds', async () => {
      const core = await coreOf(build);
      const seen = { reached: 0, unreached: 0, legs: 0 };
      fc.assert(
        fc.property(caseArb, ({ w, kindPick, from, to, costs, reach }) => {
          const ground = core.groundOf(w);
          expect(core.runsInWasm(ground)).toBe(true);
          const names = Object.keys(w.walker!.kinds);
          const kind = names[kindPick % names.length];
          const me = { kind, pos: [from[0], core.stand(reference.numbers({ kind }, w), ground, from[0], from[1]), from[1]] };
          const region = reach === undefined ? undefined : [Math.min(from[0], to[0]) - reach, Math.min(from[1], to[1]) - reach, Math.max(from[0], to[0]) + reach, Math.max(from[1], to[1]) + reach];
          const options = region === undefined ? costs : { ...costs, region };
          const a = outcome(() => core.route(me, w, to, ground, options));
          const b = outcome(() => reference.route(me, w, to, ground, options));
          expectSame(a, b, 'route');
          if (typeof b === 'object' && b !== null && 'reached' in b) {
            const r = b as Route;
            if (r.reached) seen.reached++;
            else seen.unreached++;
            if (r.waypoints.length > 1) seen.legs++;
          }
          const box = [from[0] - 3, from[1] - 3, from[0] + 3, from[1] + 3];
          expectSame(outcome(() => core.passability(me, w, ground, box)), outcome(() => reference.passability(me, w, ground, box)), 'passability');
        }),
        { seed: SEED, numRuns: 150 },
      );
      // The cases reach each outcome, so the property cannot pass vacuously.
      expect(seen.reached).toBeGreaterThan(10);
      expect(seen.unreached).toBeGreaterThan(5);
      expect(seen.legs).toBeGreaterThan(5);
    });
  });
}
