/**
 * Heightmap worlds for the route tests (RT): terrain3d on a 1 m lattice whose corners are the heightmap's samples,
 * so every core plans in wasm, and small independent oracles over a passability grid (breadth-first reach and
 * Dijkstra costs) written from RT-2/RT-3, never by calling the search under test.
 */
import fc from 'fast-check';
import type { Api } from '../cores.ts';
import type { Circle, Ground, Passability, Row, Terrain3dSettings, World } from '../../src/types.ts';

/** The kind of the route tests (the suite's xbot: radius 0.4, step 0.6, maxSlope 0.7, wade 0.5, span 0.5). */
export const XBOT = {
  radius: 0.4, height: 1.8, accel: 12, airAccel: 2, turnRate: 10, turnMax: 12, gravity: 20, jumpH: 0.9, step: 0.6,
  maxSlope: 0.7, slopeBand: 0.1, wade: 0.5, span: 0.5, probe: 2, slide: 4, seekSpeed: 3,
};

/** A world of `n × n` heightmap samples 1 m apart from the origin (height(i, j) at (i, j)), on a 1 m lattice. */
export function mapWorld(n: number, height: (i: number, j: number) => number, options: { water?: number; trees?: Circle[] } = {}): World {
  const data: number[] = [];
  for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) data.push(height(i, j));
  const mods: Record<string, string> = { height: 'terrain3d', cell: 'terrain3d' };
  const terrain3d: Terrain3dSettings = { rings: [{ reach: 64, seg: 128 }], heightmap: { origin: [0, 0], spacing: 1, nx: n, nz: n, data } };
  if (options.water !== undefined) {
    mods.depth = 'terrain3d';
    terrain3d.water = options.water;
  }
  const w: World = { walker: { kinds: { xbot: XBOT }, mods }, terrain3d };
  if (options.trees !== undefined) {
    mods.solids = 'scatter3d';
    w.scatter3d = { instances: options.trees.map((t) => ({ ...t, solid: true })) };
  }
  return w;
}

/** A row of `kind` (xbot unless given) standing at (x, z). */
export function rowAt(api: Api, w: World, ground: Ground, x: number, z: number, kind = 'xbot'): Row {
  const y = api.stand(api.numbers({ kind }, w), ground, x, z);
  return { kind, pos: [x, y, z], floor: y };
}

/** Cell index k's neighbour in direction d (RT-2's order), or -1 outside the grid. */
export function neighbour(p: Passability, k: number, d: number): number {
  const dx = [1, 1, 0, -1, -1, -1, 0, 1][d];
  const dz = [0, 1, 1, 1, 0, -1, -1, -1][d];
  const i = (k % p.columns) + dx;
  const j = Math.floor(k / p.columns) + dz;
  return i < 0 || j < 0 || i >= p.columns || j >= p.rows ? -1 : j * p.columns + i;
}

/** The cell index of (x, z) in the grid. */
export function cellOf(p: Passability, x: number, z: number): number {
  return (Math.floor(z / p.cell) - Math.round(p.z0 / p.cell)) * p.columns + (Math.floor(x / p.cell) - Math.round(p.x0 / p.cell));
}

/** Least path costs in metres from cell `from` over the grid's passable edges (cell, or cell·√2 on a diagonal): plain Dijkstra. */
export function dijkstra(p: Passability, from: number): Float64Array {
  const cost = new Float64Array(p.columns * p.rows).fill(Infinity);
  const done = new Uint8Array(cost.length);
  cost[from] = 0;
  for (;;) {
    let k = -1;
    for (let i = 0; i < cost.length; i++) if (!done[i] && cost[i] < Infinity && (k < 0 || cost[i] < cost[k])) k = i;
    if (k < 0) return cost;
    done[k] = 1;
    for (let d = 0; d < 8; d++) {
      if ((p.edges[k] & (1 << d)) === 0) continue;
      const m = neighbour(p, k, d);
      const c = cost[k] + (d % 2 === 0 ? p.cell : p.cell * Math.SQRT2);
      if (c < cost[m]) cost[m] = c;
    }
  }
}

/**
 * Walks a row along waypoints the way a game would — seek the next waypoint (stop 0.12 m, the last one `stop`), walk,
 * at 30 Hz — and returns the steps it took to arrive, or -1 when it did not within `steps`.
 */
export function follow(api: Api, w: World, ground: Ground, me: Row, waypoints: readonly (readonly number[])[], stop: number, steps: number): number {
  let next = 0;
  for (let s = 0; s < steps; s++) {
    const last = next === waypoints.length - 1;
    if (api.seek(me, w, waypoints[next], last ? stop : 0.12, ground)) {
      if (last) return s;
      next++;
      continue;
    }
    api.walk(me, w, 1 / 30, ground);
  }
  return -1;
}

/** Length of a polyline. */
export function polylineLength(points: readonly (readonly number[])[]): number {
  let sum = 0;
  for (let i = 1; i < points.length; i++) sum += Math.hypot(points[i][0] - points[i - 1][0], points[i][1] - points[i - 1][1]);
  return sum;
}

/**
 * A heightmap world of the route tests (mapWorld: a 1 m lattice whose corners are the samples, 40 m square) with a few
 * random blocks — walls, ledges, pits — sometimes water and trees, its xbots blocking each other: fields are made of the kernel's own verdicts, which
 * the random worlds of test/wasm/equivalence.test.ts already compare, so small cheap worlds keep the reference's work small.
 */
const blockArb = fc.record({ i: fc.integer({ min: 0, max: 39 }), j: fc.integer({ min: 0, max: 39 }), w: fc.integer({ min: 1, max: 20 }), h: fc.integer({ min: 1, max: 20 }), rise: fc.double({ min: -3, max: 3, noNaN: true }) });
export const mapArb = fc
  .record({
    blocks: fc.array(blockArb, { minLength: 1, maxLength: 5 }),
    water: fc.option(fc.double({ min: -1, max: 0.5, noNaN: true }), { nil: undefined }),
    trees: fc.option(fc.array(fc.record({ x: fc.double({ min: 0, max: 40, noNaN: true }), z: fc.double({ min: 0, max: 40, noNaN: true }), radius: fc.double({ min: 0.2, max: 2, noNaN: true }) }), { minLength: 1, maxLength: 8 }), { nil: undefined }),
  })
  .map(({ blocks, water, trees }) => {
    const height = (i: number, j: number): number => blocks.reduce((y, b) => (i >= b.i && i < b.i + b.w && j >= b.j && j < b.j + b.h ? y + b.rise : y), 0);
    const w = mapWorld(40, height, { water, trees });
    // The rows block each other (SE-6): fields are made without them, seeks steer round them.
    w.walker!.kinds = { xbot: { ...XBOT, bodies: ['xbot'] } };
    return w;
  });

/**
 * Seeks and walks `me` toward `to` (60 Hz) until within `reach`, for at most `seconds`: whether it got there, and
 * whether seek ever said unreachable on the way.
 */
export function walkLeg(api: Api, w: World, ground: Ground, me: Row, to: readonly number[], reach: number, seconds: number): { there: boolean; signalled: boolean } {
  const dt = 1 / 60;
  let signalled = false;
  for (let f = 0; f < seconds / dt; f++) {
    if (api.seek(me, w, to, reach, ground)) return { there: true, signalled };
    if (me.unreachable === true) signalled = true;
    api.walk(me, w, dt, ground);
  }
  return { there: false, signalled };
}
