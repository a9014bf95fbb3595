/**
 * Flow fields (RT-7, RT-8): a field equals per-body routes — a way exactly where a route reaches the target, and its
 * way the least grid cost (an independent Dijkstra over `passability`) — and herds that route get round a lake and
 * through a maze on every core, bit for bit alike (RT-6); a herd's held field is lent to a body whose own it cannot
 * hold by the rule RT-8 states (nearest by values, within reach, the asking target in sight from its cell).
 */
import { describe, expect, it } from 'vitest';
import * as reference from '../../src/reference.ts';
import { Sampler } from '../../src/reference/lattice.ts';
import { AT_GOAL, FIELD_SIDE, NO_WAY, fieldFor, fieldNear, newFieldSet } from '../../src/reference/fields.ts';
import type { Passability } from '../../src/types.ts';
import { CORES } from '../cores.ts';
import { expectSame } from '../wasm/worlds.ts';
import { mapWorld, neighbour, rowAt } from './worlds.ts';

const lake = mapWorld(64, (i, j) => (i >= 20 && i <= 44 && j >= 10 && j <= 54 ? -3 : 0.5), { water: 0 });
const maze = mapWorld(64, (i, j) => ((i === 20 || i === 21) && !(j >= 48 && j <= 52)) || ((i === 40 || i === 41) && !(j >= 10 && j <= 14)) ? 3 : 0);

/** Least costs to cell `goal` from every cell over the grid's passable edges (cell, or cell·√2 diagonally): Dijkstra backwards, a binary heap. */
function costsTo(p: Passability, goal: number): Float64Array {
  const cost = new Float64Array(p.columns * p.rows).fill(Infinity);
  const heap: [number, number][] = [[0, goal]];
  cost[goal] = 0;
  const pop = (): [number, number] => {
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && heap[l][0] < heap[m][0]) m = l;
        if (r < heap.length && heap[r][0] < heap[m][0]) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m], heap[i]];
        i = m;
      }
    }
    return top;
  };
  const push = (e: [number, number]): void => {
    heap.push(e);
    for (let i = heap.length - 1; i > 0; ) {
      const up = (i - 1) >> 1;
      if (heap[up][0] <= heap[i][0]) break;
      [heap[i], heap[up]] = [heap[up], heap[i]];
      i = up;
    }
  };
  while (heap.length > 0) {
    const [c, k] = pop();
    if (c > cost[k]) continue;
    for (let d = 0; d < 8; d++) {
      // The cell from which a step in direction d lands on k.
      const from = neighbour(p, k, (d + 4) % 8);
      if (from < 0 || (p.edges[from] & (1 << d)) === 0) continue;
      const next = c + (d % 2 === 0 ? p.cell : p.cell * Math.SQRT2);
      if (next < cost[from]) {
        cost[from] = next;
        push([next, from]);
      }
    }
  }
  return cost;
}

describe('flow fields (reference kernel)', () => {
  it.each([['lake', lake, [54.3, 32.6]], ['maze', maze, [55.7, 30.4]]] as const)(
    'RT-7: on the %s, a field has a way exactly where a route reaches the target, and each way costs the least grid cost',
    (_, w, target) => {
      const ground = reference.groundOf(w);
      const n = reference.numbers({ kind: 'xbot' }, w);
      const set = newFieldSet();
      set.clock = 1;
      const f = fieldFor(set, 0, n, new Sampler(ground), target[0], target[1])!;
      const half = FIELD_SIDE / 2;
      const [ti, tj] = [Math.floor(target[0]), Math.floor(target[1])];
      const box = [ti - half, tj - half, ti + half - 0.5, tj + half - 0.5];
      const p = reference.passability({ kind: 'xbot', pos: [0, 0, 0] }, w, ground, box);
      expect([p.columns, p.rows]).toEqual([FIELD_SIDE, FIELD_SIDE]);
      const goal = half * FIELD_SIDE + half;
      expect(f.next[goal]).toBe(AT_GOAL);
      const least = costsTo(p, goal);
      let ways = 0;
      for (let k = 0; k < least.length; k++) {
        if (f.next[k] === NO_WAY) {
          expect(least[k], `cell ${k}`).toBe(Infinity);
          continue;
        }
        ways++;
        // Follow the way, summing its steps.
        let cost = 0;
        let at = k;
        for (let s = 0; f.next[at] !== AT_GOAL; s++) {
          expect(s).toBeLessThan(FIELD_SIDE * FIELD_SIDE);
          const d = f.next[at];
          expect(p.edges[at] & (1 << d)).toBe(1 << d);
          cost += d % 2 === 0 ? p.cell : p.cell * Math.SQRT2;
          at = neighbour(p, at, d);
        }
        expect(Math.abs(cost - least[k]), `cell ${k}`).toBeLessThanOrEqual(1e-9 * Math.max(1, least[k]));
      }
      expect(ways).toBeGreaterThan(FIELD_SIDE * FIELD_SIDE * 0.6);
      // Per-body routes over the field's square: reached exactly where the field has a way (a sample of cells).
      for (let k = 0; k < least.length; k += 2503) {
        const x = p.x0 + (k % FIELD_SIDE) + 0.5;
        const z = p.z0 + Math.floor(k / FIELD_SIDE) + 0.5;
        const r = reference.route({ kind: 'xbot', pos: [x, 0, z] }, w, target, ground, { region: box });
        expect(r.reached, `route from (${x}, ${z})`).toBe(f.next[k] !== NO_WAY);
      }
    },
  );

  /** A 3 m wall along x = 24 from z = 0 to 39 (the samples at i = 24), open ground round its north end. */
  const wall = mapWorld(48, (i, j) => (i === 24 && j < 40 ? 3 : 0));

  it('RT-8: a field is lent by values — the nearest target cell within reach, ties to the least column — whichever slot holds it', () => {
    const ground = reference.groundOf(wall);
    const n = reference.numbers({ kind: 'xbot' }, wall);
    // West of the wall, two cells either side of the asking target (8.5, 20.5), and one 20 cells north (out of reach).
    const targets = [[6.5, 20.5], [10.5, 20.5], [8.5, 40.5]];
    const chosen = [targets, [...targets].reverse()].map((order) => {
      const set = newFieldSet();
      set.clock = 1;
      for (const [x, z] of order) fieldFor(set, 0, n, new Sampler(ground), x, z);
      const f = fieldNear(set, 0, n, new Sampler(ground), 8.5, 20.5)!;
      return [f.ti, f.tj];
    });
    expect(chosen).toEqual([[6, 20], [6, 20]]);
  });

  it('RT-8: a field is lent only where the asking target is in grid sight from its target cell: across a wall, the further one on the same side', () => {
    const ground = reference.groundOf(wall);
    const n = reference.numbers({ kind: 'xbot' }, wall);
    const set = newFieldSet();
    set.clock = 1;
    // (21.5, 20.5) is 5 cells from the asking target (26.5, 20.5) but behind the wall; (30.5, 24.5) is 4 and 4 cells off, in the open.
    for (const [x, z] of [[21.5, 20.5], [30.5, 24.5]]) fieldFor(set, 0, n, new Sampler(ground), x, z);
    const f = fieldNear(set, 0, n, new Sampler(ground), 26.5, 20.5)!;
    expect([f.ti, f.tj]).toEqual([30, 24]);
    // A target more than BORROW_REACH (16) cells on x from both target cells (17 from the nearer) is lent none.
    expect(fieldNear(set, 0, n, new Sampler(ground), 47.5, 40.5)).toBeNull();
  });
});

/** 40 bodies in a block west of the lake (or the maze's first wall), all seeking one target east of it. */
function herdOf(api: (typeof CORES)[number]['api'], w: typeof lake, target: readonly number[], route: boolean) {
  const ground = api.groundOf(w);
  const herd = new api.Herd(w, ground, 64);
  for (let k = 0; k < 40; k++) {
    herd.add(rowAt(api, w, ground, 4 + (k % 5) * 2.1, 20 + Math.floor(k / 5) * 3.1));
    herd.seek(k, target, 1, { route });
  }
  return herd;
}

function stepUntilArrived(herd: InstanceType<(typeof CORES)[number]['api']['Herd']>, steps: number): number {
  for (let s = 1; s <= steps; s++) {
    herd.step(1 / 30);
    if (herd.arrived.every((a) => a === 1)) return s;
  }
  return -1;
}

for (const { name, api } of CORES) {
  describe(`herds that route (${name})`, () => {
    it('RT-8: 40 bodies routing round a lake all arrive; seeking straight, none does', () => {
      expect(stepUntilArrived(herdOf(api, lake, [54, 32], true), 1200)).toBeGreaterThan(0);
      const straight = herdOf(api, lake, [54, 32], false);
      stepUntilArrived(straight, 1200);
      expect(straight.arrived.reduce((s, a) => s + a, 0)).toBe(0);
    });

    it('RT-8: 40 bodies routing through a maze\'s two gaps all arrive', () => {
      expect(stepUntilArrived(herdOf(api, maze, [55.7, 30.4], true), 1500)).toBeGreaterThan(0);
    });

    it('RT-7, RT-8: more targets than fields kept: every body still arrives, eight along their own fields and the rest along the nearest held one', () => {
      const w = mapWorld(64, () => 0);
      const ground = api.groundOf(w);
      const herd = new api.Herd(w, ground, 16);
      // Ten targets 4 m apart, one body each: eight get fields, two follow the held field whose target is nearest theirs.
      for (let k = 0; k < 10; k++) {
        herd.add(rowAt(api, w, ground, 10 + k * 4, 10));
        herd.seek(k, [10 + k * 4, 30], 0.5, { route: true });
      }
      expect(stepUntilArrived(herd, 600)).toBeGreaterThan(0);
    });
  });
}

describe('herds that route, wasm ≡ reference', () => {
  it('RT-6: a routing herd round the lake gives the same bits on every core, step by step', () => {
    const herds = CORES.map(({ api }) => herdOf(api, lake, [54, 32], true));
    for (let s = 0; s < 240; s++) {
      for (const h of herds) h.step(1 / 30);
      if (s % 40 !== 39) continue;
      const [ref, ...wasm] = herds.map((h) => Array.from({ length: h.count }, (_, i) => h.get(i)));
      for (const rows of wasm) expectSame(rows, ref, `step ${s}`);
    }
  });
});
