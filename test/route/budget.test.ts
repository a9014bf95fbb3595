/**
 * RT-3's budget: a route asked with `options.budget` again and again until it is no longer pending ends with the
 * waypoints, `reached` and `length` of the same route asked whole, bit for bit, after as many calls on every core
 * (RT-6); and it goes on where it paused while other searches run between its calls — unbudgeted routes and flow
 * fields, or one other budgeted route — which set it aside rather than lose it, so it ends. On random worlds
 * (test/wasm/worlds.ts: heightmaps of walls and ledges, noise, water, trees, lattices or none), fast-check, seeded.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Ground, Route, Row, World } from '../../src/types.ts';
import { SEED } from '../wasm/cores.ts';
import { expectSame, worldArb } from '../wasm/worlds.ts';
import { CORES, type Api } from '../cores.ts';
import { mapArb, mapWorld } from './worlds.ts';

/** More calls than any route of these small regions needs at the least budget drawn; a budgeted route past it is stuck. */
const MAX_CALLS = 5000;
/** The same at the interleaving property's budgets (≥ 40): its regions hold about 2,000 cells, 10 units of work each at most. */
const MAX_INTERLEAVED_CALLS = 1000;

/** A point spread evenly over [lo, hi]² (fc.double leans to its ends and to 0, which makes short routes). */
function pointIn(lo: number, hi: number): fc.Arbitrary<[number, number]> {
  const coordinate = fc.noBias(fc.integer({ min: lo * 1000, max: hi * 1000 })).map((v) => v / 1000);
  return fc.tuple(coordinate, coordinate);
}

/** A random world (test/wasm/worlds.ts) with points in its middle, or a 40 m map of blocks (test/route/worlds.ts) with points on it. */
const placedArb = fc.oneof(
  fc.record({ w: worldArb, points: fc.array(pointIn(-12, 12), { minLength: 5, maxLength: 5 }) }),
  fc.record({ w: mapArb, points: fc.array(pointIn(1, 39), { minLength: 5, maxLength: 5 }) }),
);
const costsArb = fc.option(fc.record({ slopeCost: fc.double({ min: 0, max: 5, noNaN: true }), waterCost: fc.double({ min: 0, max: 5, noNaN: true }) }), { nil: undefined });

/** The box round the points, `reach` metres beyond them on each side. */
function boxRound(points: readonly (readonly number[])[], reach: number): number[] {
  const xs = points.map((p) => p[0]);
  const zs = points.map((p) => p[1]);
  return [Math.min(...xs) - reach, Math.min(...zs) - reach, Math.max(...xs) + reach, Math.max(...zs) + reach];
}

/** A row of the world's `pick`th kind standing at `at`. */
function rowOf(api: Api, w: World, ground: Ground, pick: number, at: readonly number[]): Row {
  const names = Object.keys(w.walker!.kinds);
  const kind = names[pick % names.length];
  return { kind, pos: [at[0], api.stand(api.numbers({ kind }, w), ground, at[0], at[1]), at[1]] };
}

/** A budgeted route asked again, frame after frame: `call` makes its next call and answers the route once it ended. */
class Budgeted {
  calls = 0;
  done: Route | null = null;

  constructor(private readonly ask: () => Route, private readonly limit = MAX_CALLS) {}

  call(): void {
    if (this.done !== null) return;
    this.calls++;
    if (this.calls > this.limit) throw new Error(`a budgeted route is still pending after ${this.limit} calls`);
    const way = this.ask();
    if (!way.pending) this.done = way;
    else expect(way).toEqual({ waypoints: [], reached: false, length: 0, pending: true });
  }
}

/** Asks a budgeted route until it ends, with `between` run after each pending call; answers it and its calls. */
function untilDone(ask: () => Route, between: () => void = () => {}, limit = MAX_CALLS): Budgeted {
  const b = new Budgeted(ask, limit);
  for (b.call(); b.done === null; b.call()) between();
  return b;
}

const caseArb = fc.record({
  placed: placedArb,
  kindPick: fc.nat(),
  costs: costsArb,
  reach: fc.double({ min: 0, max: 6, noNaN: true }),
  budget: fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 60, max: 600 })),
});

describe('RT-3: a budgeted route, asked again until it ends, is the whole route', () => {
  it('RT-3, RT-6: on random worlds, every core ends with the whole route bit for bit, after the same number of calls', () => {
    const seen = { spread: 0, reached: 0, unreached: 0 };
    fc.assert(
      fc.property(caseArb, ({ placed: { w, points: [from, to] }, kindPick, costs, reach, budget }) => {
        const region = boxRound([from, to], reach);
        let referenceCalls = -1;
        let referenceRoute: Route | null = null;
        for (const { name, api, runsInWasm } of CORES) {
          // A ground of a copy of the world, so its grid starts with nothing worked out (a first plan's case; the wasm
          // entry keeps grids per uploaded world), and another for the whole route.
          const ground = api.groundOf(structuredClone(w));
          if (name !== 'reference') expect(runsInWasm(ground), name).toBe(true);
          const me = rowOf(api, w, ground, kindPick, from);
          const b = untilDone(() => api.route(me, w, to, ground, { ...costs, region, budget }));
          const whole = api.route(me, w, to, api.groundOf(structuredClone(w)), { ...costs, region });
          expect(whole.pending, name).toBe(false);
          expectSame(b.done, whole, `${name}: budgeted route`);
          if (referenceRoute === null) {
            referenceCalls = b.calls;
            referenceRoute = whole;
            if (b.calls > 1) seen.spread++;
            if (whole.reached) seen.reached++;
            else seen.unreached++;
          } else {
            expect(b.calls, `${name}: calls`).toBe(referenceCalls);
            expectSame(whole, referenceRoute, `${name} ≡ reference`);
          }
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
    // The budgets spread most plans over several calls, and the routes end both ways, so the property is not vacuous.
    expect(seen.spread).toBeGreaterThan(20);
    expect(seen.reached).toBeGreaterThan(5);
    expect(seen.unreached).toBeGreaterThan(5);
  });

  const betweenArb = fc.record({
    placed: placedArb,
    kindPick: fc.nat(),
    costs: costsArb,
    budget: fc.integer({ min: 40, max: 400 }),
    /**
     * Per pending call, what runs before the next: nothing, or unbudgeted searches — a route, a routing seek (a flow
     * field made) — or else the other budgeted route's next call.
     */
    between: fc.oneof(
      fc.array(fc.constantFrom('nothing', 'route', 'field'), { minLength: 1, maxLength: 40 }),
      fc.array(fc.constantFrom('nothing', 'budgeted'), { minLength: 1, maxLength: 40 }),
    ),
  });

  for (const { name, api, runsInWasm } of CORES) {
    it(`RT-3: a paused route goes on where it paused while unbudgeted routes, flow fields or one other budgeted route run between its calls, and ends with the whole route (${name})`, () => {
      let interleaved = 0;
      let spread = 0;
      fc.assert(
        fc.property(betweenArb, ({ placed: { w, points: [from, to, ...others] }, kindPick, costs, budget, between }) => {
          const region = boxRound([from, to, ...others], 2);
          const ground = api.groundOf(w);
          if (name !== 'reference') expect(runsInWasm(ground)).toBe(true);
          const me = rowOf(api, w, ground, kindPick, from);
          // Each alone on a ground of its own (the wasm entry keeps grids per uploaded world, so a copy of it), its grid fresh.
          const aloneGround = api.groundOf(structuredClone(w));
          const alone = untilDone(() => api.route(me, w, to, aloneGround, { ...costs, region, budget }));
          const [c, d, e] = others;
          const otherGround = api.groundOf(structuredClone(w));
          const aloneOther = untilDone(() => api.route(me, w, e, otherGround, { region, budget }));
          const other = new Budgeted(() => api.route(me, w, e, ground, { region, budget }), MAX_INTERLEAVED_CALLS);
          const seeker = rowOf(api, w, ground, kindPick, d);
          let turn = 0;
          const b = untilDone(
            () => api.route(me, w, to, ground, { ...costs, region, budget }),
            () => {
              const what = between[turn++ % between.length];
              if (what === 'route') api.route(me, w, c, ground, { region });
              else if (what === 'field') api.seek(seeker, w, [c[0] + (turn % 3), c[1]], 0.5, ground, { route: true });
              else if (what === 'budgeted') other.call();
              if (what !== 'nothing') interleaved++;
            },
            MAX_INTERLEAVED_CALLS,
          );
          // Ended at all: a search started over at each call would, once its grid is worked out, expand `budget` cells
          // and pause again for ever wherever the whole search expands more (untilDone throws after MAX_CALLS).
          expectSame(b.done, alone.done, 'interleaved route');
          if (alone.calls >= 3) spread++;
          // The other budgeted route, set aside in turn, also goes on where it paused.
          while (other.done === null) other.call();
          expectSame(other.done, aloneOther.done, 'the other budgeted route');
        }),
        { seed: SEED, numRuns: 25 },
      );
      expect(interleaved).toBeGreaterThan(40);
      expect(spread).toBeGreaterThan(5);
    });
  }

  for (const { name, api } of CORES) {
    it(`RT-3: options.budget must be a whole number from 1; a bad one is refused naming it (${name})`, () => {
      const w = mapWorld(10, () => 0);
      const ground = api.groundOf(w);
      const me: Row = { kind: 'xbot', pos: [1, 0, 1] };
      for (const bad of [0, -1, 1.5, Number.NaN, Infinity, 2 ** 31, '5']) {
        expect(() => api.route(me, w, [8, 8], ground, { budget: bad as number })).toThrow(`walker: options.budget is ${typeof bad === 'string' ? '"5"' : String(bad)}; expected a whole number`);
      }
      // The least budget pauses a search of more than one cell; none at all plans the route whole.
      expect(api.route(me, w, [8, 8], ground, { budget: 1 }).pending).toBe(true);
      expect(api.route(me, w, [8, 8], api.groundOf(w)).pending).toBe(false);
    });
  }
});
