/**
 * The way into the target's cell (RT-2, RT-3, RT-7, RT-8): where a trunk grown by the body's radius holds the target
 * cell's centre but not the target, the way in is judged at the target itself — a route reaches it and a routing
 * seek arrives, on every core; a target inside the trunk stays unreachable. Expected verdicts come from the trunk's
 * geometry (flat ground round the trunk: slide makes a straight move there exactly where the segment keeps clear of
 * the grown circle).
 */
import { describe, expect, it } from 'vitest';
import * as reference from '../../src/reference.ts';
import { Sampler } from '../../src/reference/lattice.ts';
import { AT_GOAL, FIELD_SIDE, NO_WAY, fieldFor, newFieldSet } from '../../src/reference/fields.ts';
import type { Ground, Row, World } from '../../src/types.ts';
import { Scene } from '../../bench/peers/scene.ts';
import { startRow, walkerWorld } from '../../bench/peers/walker.ts';
import { CORES, type Api } from '../cores.ts';
import { expectSame } from '../wasm/worlds.ts';
import { XBOT, cellOf, mapWorld, neighbour, rowAt } from './worlds.ts';

/** One trunk of radius 0.3 at (30.5, 31.2): grown by the xbot's 0.4 it holds cell (30, 30)'s centre (30.5, 30.5). */
const TRUNK = { x: 30.5, z: 31.2, radius: 0.3 };
const GROWN = TRUNK.radius + XBOT.radius;
/**
 * Flat ground at 0 but for a 3 m wall on samples z = 26–27 from x = 0 to 40, between the starts below it and the
 * trunk above it: plain seek stalls at the wall, only a way round its end (x > 40) gets there.
 */
const flat = mapWorld(64, (i, j) => ((j === 26 || j === 27) && i <= 40 ? 3 : 0), { trees: [TRUNK] });
/** 0.3 m outside the grown trunk, straight below it, in cell (30, 30). */
const OUTSIDE = [TRUNK.x, TRUNK.z - GROWN - 0.3];
/** Inside the trunk itself, in the same cell. */
const INSIDE = [TRUNK.x, 30.95];

const DT = 1 / 30;

/** Seeks and walks a row toward `target` with `{ route: true }` for up to `frames` frames: the frame seek answered arrived (or -1), and whether it ever wrote unreachable. */
function arrive(api: Api, w: World, ground: Ground, me: Row, target: readonly number[], stop: number, frames: number): { arrived: number; signalled: boolean } {
  let signalled = false;
  for (let f = 0; f < frames; f++) {
    if (api.seek(me, w, target, stop, ground, { route: true })) return { arrived: f, signalled };
    if (me.unreachable === true) signalled = true;
    api.walk(me, w, DT, ground);
  }
  return { arrived: -1, signalled };
}

/** Distance from (px, pz) to the segment from (ax, az) to (bx, bz). */
function segmentDistance(px: number, pz: number, ax: number, az: number, bx: number, bz: number): number {
  const dx = bx - ax;
  const dz = bz - az;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (pz - az) * dz) / (dx * dx + dz * dz)));
  return Math.hypot(px - (ax + t * dx), pz - (az + t * dz));
}

for (const { name, api } of CORES) {
  describe(`the way into the target's cell (${name})`, () => {
    const ground = api.groundOf(flat);

    it('RT-1: the premise — the target cell\'s centre lies in the grown trunk, so the cell is unstandable', () => {
      expect(Math.hypot(30.5 - TRUNK.x, 30.5 - TRUNK.z)).toBeLessThan(GROWN);
      expect([Math.floor(OUTSIDE[0]), Math.floor(OUTSIDE[1])]).toEqual([30, 30]);
      const p = api.passability({ kind: 'xbot', pos: [0, 0, 0] }, flat, ground, [28, 28, 33, 33]);
      expect(p.stand[cellOf(p, OUTSIDE[0], OUTSIDE[1])]).toBe(0);
    });

    it('RT-2, RT-3, RT-4: a route reaches a target 0.3 m outside the grown trunk whose cell\'s centre is inside, ending at the target', () => {
      const r = api.route(rowAt(api, flat, ground, 20.5, 22.3), flat, OUTSIDE, ground);
      expect(r.reached).toBe(true);
      expect(r.waypoints[r.waypoints.length - 1]).toEqual(OUTSIDE);
      // Every leg keeps clear of the grown trunk (slide's only limit near it), and the way goes round the wall's end.
      expect(Math.max(...r.waypoints.map((w) => w[0]))).toBeGreaterThan(40);
      let [ax, az] = [20.5, 22.3];
      for (const [bx, bz] of r.waypoints) {
        expect(segmentDistance(TRUNK.x, TRUNK.z, ax, az, bx, bz)).toBeGreaterThanOrEqual(GROWN);
        [ax, az] = [bx, bz];
      }
    });

    it('RT-3: a target inside the trunk stays unreachable: reached false, the route ends on a standable cell\'s centre', () => {
      const r = api.route(rowAt(api, flat, ground, 20.5, 22.3), flat, INSIDE, ground);
      expect(r.reached).toBe(false);
      const [x, z] = r.waypoints[r.waypoints.length - 1];
      expect([x % 1, z % 1]).toEqual([0.5, 0.5]);
      expect(Math.hypot(x - TRUNK.x, z - TRUNK.z)).toBeGreaterThanOrEqual(GROWN);
    });

    it('RT-7, RT-8: a routing seek arrives at the target 0.3 m outside the grown trunk, never saying unreachable', () => {
      const me = rowAt(api, flat, ground, 20.5, 22.3);
      const run = arrive(api, flat, ground, me, OUTSIDE, 0.2, 1200);
      expect(run.arrived).toBeGreaterThan(0);
      expect(run.signalled).toBe(false);
      expect(Math.hypot(me.pos[0] - OUTSIDE[0], me.pos[2] - OUTSIDE[1])).toBeLessThanOrEqual(0.2);
    });

    it('RT-3, RT-8: bench scene of 2,000 trees, body 0 — its target 0.48 m clear of trunks, its cell\'s centre in a grown trunk — is reached and arrived at', () => {
      const scene = new Scene({ trees: 2000 });
      const world = walkerWorld(scene);
      const g = api.groundOf(world);
      const target = [-49.175, 12.361];
      const clear = Math.min(...scene.trunks.map((t) => Math.hypot(t.x - target[0], t.z - target[1]) - t.radius));
      expect(clear).toBeGreaterThan(0.4);
      const p = api.passability({ kind: 'body', pos: [0, 0, 0] }, world, g, [target[0] - 2, target[1] - 2, target[0] + 2, target[1] + 2]);
      expect(p.stand[cellOf(p, target[0], target[1])]).toBe(0);
      const me = startRow(api as never, world, g, scene, 0);
      expect([me.pos[0], me.pos[2]].map((v) => Math.round(v * 1000) / 1000)).toEqual([-41.863, 2.909]);
      expect(api.route(me, world, target, g).reached).toBe(true);
      const run = arrive(api, world, g, me, target, 0.5, 900);
      expect(run.arrived).toBeGreaterThan(0);
      expect(run.signalled).toBe(false);
    });
  });
}

describe('the way into the target\'s cell on every core alike', () => {
  it('RT-6: routes and routing seeks to targets beside and inside the trunk give the same bits on every core', () => {
    const runs = CORES.map(({ api }) => {
      const ground = api.groundOf(flat);
      const out: unknown[] = [];
      for (const target of [OUTSIDE, INSIDE, [30.2, 30.1], [30.9, 30.05]]) {
        out.push(api.route(rowAt(api, flat, ground, 25.3, 35.7), flat, target, ground));
        const me = rowAt(api, flat, ground, 33.1, 24.9);
        for (let f = 0; f < 90; f++) {
          api.seek(me, flat, target, 0.1, ground, { route: true });
          api.walk(me, flat, DT, ground);
        }
        out.push(me);
      }
      return out;
    });
    for (let c = 1; c < runs.length; c++) expectSame(runs[c], runs[0]);
  });
});

describe('the way into the target\'s cell (reference kernel)', () => {
  it('RT-7: the field leads from a neighbour straight into the target\'s cell exactly where the segment to the target keeps clear of the grown trunk', () => {
    const ground = reference.groundOf(flat);
    const n = reference.numbers({ kind: 'xbot' }, flat);
    const set = newFieldSet();
    set.clock = 1;
    const f = fieldFor(set, 0, n, new Sampler(ground), OUTSIDE[0], OUTSIDE[1])!;
    const half = FIELD_SIDE / 2;
    const p = reference.passability({ kind: 'xbot', pos: [0, 0, 0] }, flat, ground, [30 - half, 30 - half, 30 + half - 0.5, 30 + half - 0.5]);
    const goal = half * FIELD_SIDE + half;
    expect(f.next[goal]).toBe(AT_GOAL);
    let ways = 0;
    for (let d = 0; d < 8; d++) {
      const from = neighbour(p, goal, d);
      const x = p.x0 + (from % FIELD_SIDE) + 0.5;
      const z = p.z0 + Math.floor(from / FIELD_SIDE) + 0.5;
      const clear = segmentDistance(TRUNK.x, TRUNK.z, x, z, OUTSIDE[0], OUTSIDE[1]) > GROWN;
      // The step from `from` into the goal is direction (d + 4) % 8.
      expect(f.next[from] === (d + 4) % 8, `from (${x}, ${z})`).toBe(clear);
      if (clear) ways++;
    }
    expect(ways).toBeGreaterThanOrEqual(3);
    // Inside the trunk, no way leads in.
    const shut = fieldFor(set, 0, n, new Sampler(ground), INSIDE[0], INSIDE[1])!;
    expect(shut).not.toBe(f);
    for (let d = 0; d < 8; d++) expect(shut.next[neighbour(p, goal, d)]).toBe(NO_WAY);
  });
});
