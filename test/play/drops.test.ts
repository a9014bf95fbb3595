/**
 * SL-3 refuses rises only: a body standing on top of a pit, a cliff or a lake bed's bank is never refused a short move
 * along which no foot's ground rises (drops are WA-6's and CA-3's business). Heightmap worlds on a 1 m lattice
 * (test/route/worlds.ts), so every core runs them in wasm; the feet's heights come from an oracle of the lattice (G-1),
 * never from the core.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CORES } from '../cores.ts';
import { XBOT, mapWorld } from '../route/worlds.ts';
import { SEED } from '../wasm/cores.ts';
import type { Ground, World } from '../../src/types.ts';

/** The side of the heightmap (samples 0..N-1 on each axis, 1 m apart). */
const N = 24;

/** A drop: the heightmap samples inside `low` sit `depth` below the plateau. */
interface Drop {
  plateau: number;
  depth: number;
  /** Rectangles [i0, i1, j0, j1] of low samples (inclusive): one (a pit, or a cliff running off the map) or two (an L, with a re-entrant corner). */
  rects: [number, number, number, number][];
  /** Water over the floor, shallower than wade everywhere (a lake bed SL-5 never refuses), or none. */
  water: number | undefined;
}

function heightOf(d: Drop): (i: number, j: number) => number {
  return (i, j) => (d.rects.some(([i0, i1, j0, j1]) => i >= i0 && i <= i1 && j >= j0 && j <= j1) ? d.plateau - d.depth : d.plateau);
}

/**
 * The ground height at (x, z) on the 1 m lattice over the samples (G-1): each cell split along the diagonal from its
 * (least x, least z) corner to its (greatest x, greatest z) corner, the value the plane of the triangle.
 */
function latticeHeight(h: (i: number, j: number) => number, x: number, z: number): number {
  const i = Math.floor(x);
  const j = Math.floor(z);
  const fx = x - i;
  const fz = z - j;
  const v00 = h(i, j);
  const v11 = h(i + 1, j + 1);
  if (fx >= fz) {
    const v10 = h(i + 1, j);
    return v00 + fx * (v10 - v00) + fz * (v11 - v10);
  }
  const v01 = h(i, j + 1);
  return v00 + fz * (v01 - v00) + fx * (v11 - v01);
}

/** The five feet's offsets (ST-1): the centre, then the corners of the span square. */
const FEET: [number, number][] = [[0, 0], [-1, -1], [1, -1], [-1, 1], [1, 1]].map(([a, b]) => [(a * XBOT.span) / 2, (b * XBOT.span) / 2]);

/**
 * Whether some foot's ground rises along the move from (x, z) by (dx, dz), by more than `tol`. The lattice is linear
 * between the points where a foot's path crosses a cell's side or diagonal, so checking those points and the ends is exact.
 */
function someFootRises(h: (i: number, j: number) => number, x: number, z: number, dx: number, dz: number, tol: number): boolean {
  for (const [ox, oz] of FEET) {
    const x0 = x + ox;
    const z0 = z + oz;
    const ts = [0, 1];
    const cross = (p0: number, dp: number): void => {
      if (dp === 0) return;
      for (let k = Math.ceil(Math.min(p0, p0 + dp)); k <= Math.floor(Math.max(p0, p0 + dp)); k++) ts.push((k - p0) / dp);
    };
    cross(x0, dx);
    cross(z0, dz);
    cross(x0 - z0, dx - dz);
    ts.sort((a, b) => a - b);
    let prev = latticeHeight(h, x0, z0);
    for (const t of ts) {
      const here = latticeHeight(h, x0 + dx * t, z0 + dz * t);
      if (here > prev + tol) return true;
      prev = here;
    }
  }
  return false;
}

/** Whether a body at (x, z) stands on top (its centre foot on the plateau), well inside the heightmap. */
function onTop(d: Drop, x: number, z: number): boolean {
  return x > 2 && z > 2 && x < N - 3 && z < N - 3 && latticeHeight(heightOf(d), x, z) === d.plateau;
}

function worldOf(d: Drop): World {
  return mapWorld(N, heightOf(d), d.water === undefined ? {} : { water: d.water });
}

const drops: fc.Arbitrary<Drop> = fc
  .record({
    plateau: fc.double({ min: -1, max: 2, noNaN: true }),
    depth: fc.double({ min: 0.2, max: 5, noNaN: true }),
    i0: fc.integer({ min: 6, max: 10 }),
    i1: fc.integer({ min: 12, max: 17 }),
    j0: fc.integer({ min: 6, max: 10 }),
    j1: fc.integer({ min: 12, max: 17 }),
    shape: fc.constantFrom('pit', 'cliff', 'L'),
    wet: fc.boolean(),
    fill: fc.double({ min: 0, max: 0.45, noNaN: true }),
  })
  .map(({ plateau, depth, i0, i1, j0, j1, shape, wet, fill }) => {
    const rects: [number, number, number, number][] =
      shape === 'pit' ? [[i0, i1, j0, j1]] : shape === 'cliff' ? [[i0, N, j0, N]] : [[i0, i1, j0, j1], [i0, i0 + 2, j0, N]];
    return { plateau, depth, rects, water: wet ? plateau - depth + fill : undefined };
  });

/** A start near one of the drop's corners (the low rectangles' corners, outside by a sample), and a move of at most 0.5 m. */
const moves = fc.array(
  fc.record({
    corner: fc.nat(7),
    ox: fc.double({ min: -1.5, max: 1.5, noNaN: true }),
    oz: fc.double({ min: -1.5, max: 1.5, noNaN: true }),
    angle: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
    length: fc.double({ min: 0.01, max: 0.5, noNaN: true }),
  }),
  { minLength: 6, maxLength: 6 },
);

for (const { name, api } of CORES) {
  describe(`SL-3 refuses rises only: no drop refuses a move (${name})`, () => {
    test(`SL-3: the reproduction — at a pit's corner, a move south-east past it (no foot rises) is made in full, SL-6 (${name})`, () => {
      const w = mapWorld(64, (i, j) => (i >= 20 && i <= 44 && j >= 10 && j <= 54 ? -3 : 0.5));
      const ground: Ground = api.groundOf(w);
      const me = { kind: 'xbot', pos: [44.92, 0.5, 55.28] };
      // The oracle agrees that no foot rises along the move.
      expect(someFootRises((i, j) => (i >= 20 && i <= 44 && j >= 10 && j <= 54 ? -3 : 0.5), 44.92, 55.28, 0.175, -0.1775, 0)).toBe(false);
      expect(api.slide(me, w, [0.175, -0.1775], ground)).toEqual([0.175, -0.1775]);
      expect(me.pos).toEqual([44.92 + 0.175, 0.5, 55.28 - 0.1775]);
    });

    test(`SL-3: property — on top of pits, cliffs and lake beds 0.2–5 m deep, a move ≤ 0.5 m along which no foot rises is made exactly (SL-6, seed ${SEED}, ${name})`, () => {
      let asserted = 0;
      fc.assert(
        fc.property(drops, moves, (d, ms) => {
          const w = worldOf(d);
          const ground = api.groundOf(w);
          const h = heightOf(d);
          for (const m of ms) {
            const [i0, i1, j0, j1] = d.rects[m.corner % d.rects.length];
            const x = ((m.corner >> 1) & 1 ? Math.min(i1, N - 1) + 1 : i0 - 1) + m.ox;
            const z = ((m.corner >> 2) & 1 ? Math.min(j1, N - 1) + 1 : j0 - 1) + m.oz;
            const dx = m.length * Math.cos(m.angle);
            const dz = m.length * Math.sin(m.angle);
            if (!onTop(d, x, z) || someFootRises(h, x, z, dx, dz, 1e-9)) continue;
            asserted++;
            const me = { kind: 'xbot', pos: [x, d.plateau, z] };
            const made = api.slide(me, w, [dx, dz], ground);
            if (!Object.is(made[0], dx) || !Object.is(made[1], dz)) {
              throw new Error(`from (${x}, ${z}) by (${dx}, ${dz}) slide made (${made[0]}, ${made[1]})`);
            }
          }
        }),
        { seed: SEED, numRuns: 150 },
      );
      // Enough of the cases were on top with no foot rising for the property to say something.
      expect(asserted).toBeGreaterThan(150);
    });
  });
}
