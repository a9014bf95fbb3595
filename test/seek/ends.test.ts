/**
 * SE-7: seek ends. A target inside a tree (grown by the radius), in water deeper than wade, or on a plateau with no
 * way up: the body comes to rest short of it within 20 s — without circling or flipping sides — and seek says so
 * (`row.unreachable`, `herd.unreachable`); a reachable target clears the signal. On every core, on a ground of
 * callbacks and on a terrain3d heightmap that runs in wasm.
 */
import { describe, expect, it } from 'vitest';
import type { Ground, Row, World } from '../../src/types.ts';
import { CORES, type Api } from '../cores.ts';
import { groundsOf, lake, plateau, tree, type Scene } from '../scenes.ts';

const DT = 1 / 60;
const FRAMES = 20 * 60;

interface Outcome {
  /** The frame seek first answered unreachable, or -1. */
  signalled: number;
  /** Whether the last second's positions were all the same (at rest). */
  still: boolean;
  /** Planar path length walked. */
  path: number;
  /** How many times `side` changed between two non-zero values. */
  flips: number;
  end: Row;
}

function seekFor(api: Api, w: World, ground: Ground, start: [number, number], target: [number, number], stop: number): Outcome {
  const me: Row = { kind: 'xbot', pos: [start[0], api.stand(api.numbers({ kind: 'xbot' }, w), ground, start[0], start[1]), start[1]] };
  let signalled = -1;
  let path = 0;
  let flips = 0;
  let side = 0;
  const lastSecond: string[] = [];
  for (let f = 0; f < FRAMES; f++) {
    const arrived = api.seek(me, w, target, stop, ground);
    expect(arrived, `frame ${f}: arrived at an unreachable target`).toBe(false);
    if (me.unreachable === true && signalled < 0) signalled = f;
    const s = me.side as number;
    if (s !== 0 && side !== 0 && s !== side) flips++;
    if (s !== 0) side = s;
    const [x0, , z0] = me.pos;
    api.walk(me, w, DT, ground);
    path += Math.hypot(me.pos[0] - x0, me.pos[2] - z0);
    if (f >= FRAMES - 60) lastSecond.push(me.pos.join(','));
  }
  return { signalled, still: new Set(lastSecond).size === 1, path, flips, end: me };
}

/** Each scene: where the body starts, its target, and what its resting place must satisfy. */
const CASES: Array<{ scene: Scene; start: [number, number]; target: [number, number]; check: (end: Row) => void }> = [
  {
    scene: tree,
    start: [0, 0],
    target: [0.1, 8.1],
    check: (end) => {
      const d = Math.hypot(end.pos[0], end.pos[2] - 8);
      expect(d, 'never inside the grown trunk').toBeGreaterThanOrEqual(0.6 + 0.4);
      expect(d, 'at the trunk, on the side facing the target').toBeLessThan(0.6 + 0.4 + 0.3);
    },
  },
  {
    scene: tree,
    start: [3, 1],
    target: [0, 8],
    check: (end) => {
      const d = Math.hypot(end.pos[0], end.pos[2] - 8);
      expect(d).toBeGreaterThanOrEqual(1.0);
      expect(d).toBeLessThan(1.0 + 0.3);
    },
  },
  {
    scene: lake,
    start: [0, 0],
    target: [1, 16],
    check: (end) => {
      // Water at level 0 over a bed falling 0.5 per metre from z = 6: the wade line (depth 0.5) is z = 7.
      expect(end.pos[2], 'as far in as it may wade').toBeGreaterThan(6);
      expect(end.pos[2], 'not beyond the wade line by more than the footprint').toBeLessThan(7.4);
    },
  },
  {
    scene: plateau,
    start: [1, 0],
    target: [0, 10],
    check: (end) => {
      expect(end.pos[1], 'still on the low ground').toBeLessThan(0.5);
      expect(end.pos[2], 'at the foot of the face').toBeGreaterThan(4.5);
      expect(end.pos[2]).toBeLessThan(6);
    },
  },
];

for (const { name, api } of CORES) {
  describe(`SE-7: seek ends short of a target it cannot reach (${name})`, () => {
    for (const { scene, start, target, check } of CASES) {
      for (const [label, w, ground] of groundsOf(api, scene)) {
        it(`SE-7: toward ${JSON.stringify(target)} in ${scene.name} from ${JSON.stringify(start)}, on ${label}: at rest within 20 s, unreachable, no circling (${name})`, () => {
          const out = seekFor(api, w, ground, start, target, 0.3);
          expect(out.signalled, 'seek said unreachable').toBeGreaterThanOrEqual(0);
          expect(out.end.unreachable).toBe(true);
          expect(out.still, 'at rest for the last second').toBe(true);
          expect(out.end.want).toEqual([0, 0]);
          expect(out.flips, 'sides flipped').toBe(0);
          const straight = Math.hypot(target[0] - start[0], target[1] - start[1]);
          expect(out.path, 'no circling: the path is about the straight way').toBeLessThan(straight * 1.5);
          check(out.end);
        });
      }
    }

    it(`SE-7: a reachable target clears the signal and the body goes on (${name})`, () => {
      const [, w, ground] = groundsOf(api, tree)[1];
      const out = seekFor(api, w, ground, [0, 0], [0, 8], 0.3);
      expect(out.end.unreachable).toBe(true);
      const me = out.end;
      const before = [...me.pos];
      expect(api.seek(me, w, [4, 4], 0.3, ground)).toBe(false);
      expect(me.unreachable).toBe(false);
      expect(Math.hypot(me.want![0], me.want![1])).toBeCloseTo(3, 9);
      for (let f = 0; f < 60; f++) {
        api.seek(me, w, [4, 4], 0.3, ground);
        api.walk(me, w, DT, ground);
      }
      expect(Math.hypot(me.pos[0] - before[0], me.pos[2] - before[2])).toBeGreaterThan(1);
    });

    it(`SE-7, HD-2: a herd body seeking into a tree rests and reads unreachable, equal to the per-row calls (${name})`, () => {
      const [, w, ground] = groundsOf(api, tree)[1];
      const herd = new api.Herd(w, ground, 2);
      const start: Row = { kind: 'xbot', pos: [0, 0, 0] };
      herd.add(start);
      herd.add({ kind: 'xbot', pos: [6, 0, 0] });
      herd.seek(0, [0, 8], 0.3);
      herd.seek(1, [6, 8], 0.3);
      const rows: Row[] = [{ ...start }];
      let unreachableAt = -1;
      for (let f = 0; f < FRAMES; f++) {
        herd.step(DT);
        api.seek(rows[0], w, [0, 8], 0.3, ground);
        api.walk(rows[0], w, DT, ground);
        expect(herd.unreachable[0] === 1).toBe(rows[0].unreachable);
        if (herd.unreachable[0] === 1 && unreachableAt < 0) unreachableAt = f;
      }
      expect(unreachableAt).toBeGreaterThanOrEqual(0);
      expect(herd.get(0).pos).toEqual(rows[0].pos);
      expect(herd.unreachable[1], 'the body with an open target is not signalled').toBe(0);
      expect(herd.arrived[1]).toBe(1);
      herd.dispose();
    });
  });
}
