/**
 * RT-6, WX-3: on random worlds (test/wasm/worlds.ts: heightmaps of walls and ledges, noise, water, trees, lattices
 * or none), routes and passability grids are bit-identical on the wasm entry (release and debug) and the reference,
 * with or without costs, and the same error where there is one; so are rows that seek with `{ route: true }` and
 * walk, frame after frame (RT-7, RT-8).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Ground, Route, Row, World } from '../../src/types.ts';
import { BUILDS, SEED, coreOf, reference } from '../wasm/cores.ts';
import { cloneRow, expectSame, worldArb } from '../wasm/worlds.ts';
import { mapArb } from './worlds.ts';

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

/** A point on the map, or far enough off it that the rows stand outside the target's field (RT-8). */
const mapPointArb = fc.tuple(fc.double({ min: 0, max: 40, noNaN: true }), fc.double({ min: 0, max: 40, noNaN: true }));
const targetArb = fc.oneof({ arbitrary: mapPointArb, weight: 4 }, { arbitrary: fc.tuple(fc.double({ min: -150, max: 150, noNaN: true }), fc.double({ min: -150, max: 150, noNaN: true })), weight: 1 });

const seekCaseArb = fc.record({
  w: mapArb,
  rows: fc.array(fc.record({ at: mapPointArb, lift: fc.oneof(fc.constant(0), fc.double({ min: -0.3, max: 2, noNaN: true })), stop: fc.constantFrom(0, 0.3, 1) }), { minLength: 1, maxLength: 3 }),
  /** One target for all the rows: one field per core and case. */
  target: targetArb,
  dt: fc.constantFrom(1 / 60, 1 / 30, 0.1),
  frames: fc.integer({ min: 20, max: 60 }),
});

interface SeekRun {
  rows: Row[];
  /** Per frame and row: seek's answer and then walk's, or the error either threw. */
  answers: unknown[];
}

/**
 * The rows seek their targets with `{ route: true }` and walk, frame after frame, on one entry; every row's
 * ground.bodies are the rows (each blocks the others as its kind lists).
 */
function seekFrames(api: Pick<typeof reference, 'seek' | 'walk'>, w: World, ground: Ground, rows: Row[], targets: readonly (readonly number[])[], stops: readonly number[], dt: number, frames: number): SeekRun {
  const answers: unknown[] = [];
  ground.bodies = rows;
  for (let f = 0; f < frames; f++) {
    rows.forEach((row, i) => {
      answers.push(outcome(() => api.seek(row, w, targets[i], stops[i], ground, { route: true })));
      answers.push(outcome(() => api.walk(row, w, dt, ground)));
    });
  }
  ground.bodies = undefined;
  return { rows, answers };
}

describe('seek with { route: true } on every core ≡ the reference', () => {
  it('RT-6, RT-7, RT-8: rows that route and walk give the same bits, answers and errors on random worlds, targets and positions', async () => {
    const cores = await Promise.all(BUILDS.map((build) => coreOf(build)));
    const seen = { arrived: 0, unreachable: 0, routed: 0 };
    fc.assert(
      fc.property(seekCaseArb, ({ w, rows, target, dt, frames }) => {
        const refGround = reference.groundOf(w);
        const n = reference.numbers({ kind: 'xbot' }, w);
        const start: Row[] = rows.map((r) => ({ kind: 'xbot', pos: [r.at[0], reference.stand(n, refGround, r.at[0], r.at[1]) + r.lift, r.at[1]] }));
        const targets = rows.map(() => target);
        const stops = rows.map((r) => r.stop);
        const expected = seekFrames(reference, w, refGround, start.map(cloneRow), targets, stops, dt, frames);
        for (const core of cores) {
          const ground = core.groundOf(w);
          expect(core.runsInWasm(ground)).toBe(true);
          const got = seekFrames(core, w, ground, start.map(cloneRow), targets, stops, dt, frames);
          expectSame(got, expected, 'routing rows');
        }
        // What the frames saw, on the reference: arrivals, the unreachable signal, and wants a plain seek would not set.
        for (const a of expected.answers) if (a === true) seen.arrived++;
        expected.rows.forEach((row, i) => {
          if (row.unreachable === true) seen.unreachable++;
          const plain = cloneRow(row);
          const routed = cloneRow(row);
          refGround.bodies = expected.rows;
          const sameWant = outcome(() => {
            reference.seek(plain, w, targets[i], stops[i], refGround);
            reference.seek(routed, w, targets[i], stops[i], refGround, { route: true });
            return plain.want![0] === routed.want![0] && plain.want![1] === routed.want![1];
          });
          refGround.bodies = undefined;
          if (sameWant === false) seen.routed++;
        });
      }),
      { seed: SEED, numRuns: 16 },
    );
    // The cases reach each outcome, so the property cannot pass vacuously.
    expect(seen.arrived).toBeGreaterThan(0);
    expect(seen.unreachable).toBeGreaterThan(0);
    expect(seen.routed).toBeGreaterThan(3);
  }, 600_000);
});
