/**
 * CO-12: the companion goes round on a route what it cannot cross straight — a pond the player wades, a cliff with a
 * ramp — before its stuck jump or teleport (CO-8), and still teleports where no way round exists. On every core, on
 * a ground of callbacks and on a terrain3d heightmap that runs in wasm.
 */
import { describe, expect, it } from 'vitest';
import {
  FOLLOW_DISTANCE, FOLLOW_SLOW_RADIUS, GAP_MARGIN, ROUTE_BUDGET, ROUTE_INTERVAL, locomotionViolations, type WalkerCore,
} from '../../src/companion/index.ts';
import { heightmapWorld } from '../../src/autopilot/scenes.ts';
import * as reference from '../../src/reference.ts';
import type { Ground, Row, World } from '../../src/types.ts';
import { CORES, type Api } from '../cores.ts';
import { ROUND_TRIPS, TRIPS, groundsOf, lake, ledge, pond, ramp, type Trip } from '../scenes.ts';
import { playTrip, tripPlayer } from '../../src/autopilot/playTrip.ts';

const DT = 1 / 60;
const BOUND = FOLLOW_DISTANCE + FOLLOW_SLOW_RADIUS + GAP_MARGIN;
/** How long the player stays once it got there, seconds (CO-8's 12 s). */
const STAY = 12;
const WADE = 0.5;

interface Run {
  /** The companion's position [x, y, z] after every frame. */
  path: number[][];
  /** The seconds of each frame in which `route` was called, and how many calls it made. */
  planFrames: Array<[number, number]>;
  /** Every `route` call: its frame's seconds, the row and target it was given, its budget, and whether it answered pending. */
  calls: Array<{ t: number; me: Row; target: readonly number[]; budget: number | undefined; pending: boolean }>;
  rejoinedAfter: number;
  jumps: number;
  teleports: number;
  routes: number;
  plans: number;
  messages: string[];
  violations: string[];
}

/** Plays a trip with the companion driven by `api`'s calls, counting the route calls of each frame. */
function play(api: Api, w: World, ground: Ground, trip: Trip): Run {
  const player = tripPlayer(trip);
  const [cx, cz] = trip.companion;
  const row: Row = { kind: 'ally', pos: [cx, api.stand(api.numbers({ kind: 'ally' }, w), ground, cx, cz), cz] };
  let calls = 0;
  let now = 0;
  const routeCalls: Run['calls'] = [];
  const core: WalkerCore = {
    walk: api.walk, seek: api.seek, stand: api.stand, numbers: api.numbers,
    route: (me, world, target, g, options) => {
      calls += 1;
      const way = api.route(me, world, target, g, options);
      routeCalls.push({ t: now + DT, me, target: [...target], budget: options?.budget, pending: way.pending });
      return way;
    },
  };
  const messages: string[] = [];
  const companion = new api.Companion(core, { row, world: w, ground, id: 'ally', tripwire: (m) => messages.push(m) });
  const path: number[][] = [];
  const planFrames: Array<[number, number]> = [];
  const violations: string[] = [];
  const rejoinedAfter = playTrip(trip, player, companion, DT, STAY, BOUND, (t) => {
    // Only a step calls route, so the calls counted since the last frame are this frame's.
    if (calls > 0) planFrames.push([t, calls]);
    calls = 0;
    now = t;
    path.push([...row.pos]);
    for (const v of locomotionViolations(companion)) violations.push(`t=${t.toFixed(2)}: ${v}`);
  });
  return {
    path, planFrames, calls: routeCalls, rejoinedAfter, jumps: companion.jumps,
    teleports: companion.teleports, routes: companion.routes, plans: companion.plans, messages, violations,
  };
}

/** The depth of the pond's water at (x, z), from its own height field. */
function pondDepth(x: number, z: number): number {
  return Math.max(0, (pond.water ?? 0) - pond.height(x, z));
}

/** Pond crossings: straight over the centre, off-centre and out to one side, at a walk, a jog and a run. */
const CROSSINGS: Trip[] = [];
for (const speed of [2, 4, 6]) for (const end of [[0, 22], [3, 20], [-2, 24]] as const) CROSSINGS.push({ scene: pond, start: [0, 2], waypoints: [end], speed, companion: [0, -0.5] });

for (const { name, api } of CORES) {
  describe(`CO-12: the companion goes round on a route before it teleports (${name})`, () => {
    for (const [label, w, ground] of groundsOf(api, pond)) {
      it(`CO-12, CO-8: the player wades across a pond deeper than wade; the companion goes round it on a route, never wades deeper than wade, and is back within ${BOUND} m with no jump or teleport, on ${label} (${name})`, () => {
        for (const trip of CROSSINGS) {
          const run = play(api, w, ground, trip);
          const at = `${label}, at ${trip.speed} m/s to [${trip.waypoints[0]}]`;
          expect(run.teleports, at).toBe(0);
          expect(run.jumps, at).toBe(0);
          expect(run.routes, at).toBeGreaterThan(0);
          expect(run.rejoinedAfter, at).toBeLessThanOrEqual(STAY);
          expect(run.messages, at).toEqual([]);
          expect(run.violations, at).toEqual([]);
          // Round, not through: it never stands where the water is over its wade, and it passes beside the pond.
          expect(Math.max(...run.path.map(([x, , z]) => pondDepth(x, z))), at).toBeLessThanOrEqual(WADE);
          expect(Math.max(...run.path.map(([x]) => Math.abs(x))), at).toBeGreaterThan(5);
          expect(run.path.some(([, , z]) => z > 12), at).toBe(true);
        }
      });
    }

    for (const [label, w, ground] of groundsOf(api, ramp)) {
      it(`CO-12: the player goes up a 4 m cliff; the companion walks round to the ramp and up it, with no jump or teleport, on ${label} (${name})`, () => {
        const run = play(api, w, ground, ROUND_TRIPS[1]);
        expect(run.teleports).toBe(0);
        expect(run.jumps).toBe(0);
        expect(run.routes).toBeGreaterThan(0);
        expect(run.rejoinedAfter).toBeLessThanOrEqual(STAY);
        expect(run.violations).toEqual([]);
        // It climbed the ramp: halfway up (z = 2, 2 m high) inside the strip x in [4, 7], and it ends on the top.
        expect(run.path.some(([x, y, z]) => x >= 4 && x <= 7 && z >= 1.5 && z <= 2.5 && y > 1.5)).toBe(true);
        expect(run.path[run.path.length - 1][1]).toBeCloseTo(4, 6);
      });
    }

    for (const [label, w, ground] of groundsOf(api, lake)) {
      it(`CO-12, CO-8: a lake with no way round inside the search box is rejoined as before: routes planned, none walked, one teleport, on ${label} (${name})`, () => {
        const run = play(api, w, ground, TRIPS[2]);
        expect(run.plans).toBeGreaterThan(0);
        expect(run.routes).toBe(0);
        expect(run.teleports).toBe(1);
        expect(run.jumps).toBe(0);
        expect(run.rejoinedAfter).toBeLessThanOrEqual(STAY);
      });
    }

    it(`CO-12: planning is bounded — one route call of ROUTE_BUDGET a frame; a plan goes on every frame from where it set off until it ends, plans start at least ROUTE_INTERVAL apart (${name})`, () => {
      let spread = 0;
      for (const trip of [...CROSSINGS.filter((c) => c.speed === 6), ...ROUND_TRIPS, ...TRIPS]) {
        const [, w, ground] = groundsOf(api, trip.scene)[1];
        const { planFrames, calls } = play(api, w, ground, trip);
        const at = trip.scene.name;
        // The 1.2 m ledge is jumped in stride (CO-8), before any plan.
        if (trip.scene !== ledge) expect(planFrames.length, at).toBeGreaterThan(0);
        for (const [, count] of planFrames) expect(count, at).toBe(1);
        for (const call of calls) expect(call.budget, at).toBe(ROUTE_BUDGET);
        // A plan's calls share the row it set off from; each starts a frame after the one before, on the same target
        // while pending and on the point ahead once the route to the aim ended unreached — at most two routes end.
        const plans: (typeof calls)[] = [];
        for (const call of calls) {
          const last = plans[plans.length - 1];
          if (last !== undefined && last[0].me === call.me) last.push(call);
          else plans.push([call]);
        }
        for (let i = 1; i < plans.length; i++) expect(plans[i][0].t - plans[i - 1][0].t, at).toBeGreaterThanOrEqual(ROUTE_INTERVAL - 1e-9);
        for (const plan of plans) {
          expect(plan.filter((c) => !c.pending).length, at).toBeLessThanOrEqual(2);
          for (let i = 1; i < plan.length; i++) {
            expect(plan[i].t - plan[i - 1].t, at).toBeCloseTo(DT, 9);
            if (plan[i - 1].pending) expect(plan[i].target, at).toEqual(plan[i - 1].target);
          }
          if (plan.some((c) => c.pending)) spread++;
        }
      }
      // The first plans on a fresh 0.25 m grid take more than one frame's budget, so the rule is exercised.
      expect(spread).toBeGreaterThan(0);
    });

    it(`CO-12: a companion following on open ground plans no route (${name})`, () => {
      const w = heightmapWorld({ name: 'flat', height: () => 0, trees: [] });
      const trip: Trip = { scene: { name: 'flat', height: () => 0, trees: [] }, start: [0, 2], waypoints: [[0, 20], [15, 20], [15, 0]], speed: 6, companion: [0, -0.5] };
      const run = play(api, w, api.groundOf(w), trip);
      expect(run.plans).toBe(0);
      expect(run.teleports).toBe(0);
    });

    if (name !== 'reference') {
      it(`CO-12: the companion's decisions are reproducible — its path round the pond on the heightmap is bit-identical to the reference core's (${name})`, () => {
        const hw = heightmapWorld(pond);
        for (const trip of CROSSINGS.filter((c) => c.speed === 2)) {
          const mine = play(api, hw, api.groundOf(hw), trip);
          const theirs = play(reference as unknown as Api, hw, reference.groundOf(hw), trip);
          expect(mine.planFrames).toEqual(theirs.planFrames);
          expect(mine.path).toEqual(theirs.path);
        }
      });
    }
  });
}
