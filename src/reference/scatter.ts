/**
 * scatter3d's circles (M-2): a seeded portable generator that places a layer, and a uniform grid that answers
 * "which circles reach within r of (x, z)" in time independent of the total count.
 * Flat typed arrays and plain functions, so the AssemblyScript core can hold the same grid in linear memory and
 * answer the same queries in the same order (WX-4); only + − × ÷, sqrt, floor, min/max and i32 ops are used.
 */

/** Mulberry32's increment (an odd constant, so the state walks all 2³² values). */
const RNG_STEP = 0x6d2b79f5;

/**
 * The generator's next state after `state` (an i32). Why: layers are placed from a seed, identically everywhere (M-2).
 * The generator is mulberry32: tiny, i32-only, and good enough to scatter trees.
 */
export function rngNext(state: number): number {
  return (state + RNG_STEP) | 0;
}

/** The number in [0, 1) that mulberry32 draws from a state `rngNext` returned; its output mix. Why: M-2's placement. */
export function rngUnit(state: number): number {
  let t = Math.imul(state ^ (state >>> 15), state | 1);
  t = ((t + Math.imul(t ^ (t >>> 7), t | 61)) | 0) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/**
 * Places `count` circles of a layer into xs/zs/radii from index `at`, each from three draws in order: x in
 * [x0, x1), z in [z0, z1), radius in [rMin, rMax).
 * Why: a layer is a few numbers in the scene file, and the same seed must grow the same forest everywhere (M-2).
 */
export function placeLayer(
  seed: number,
  count: number,
  x0: number,
  z0: number,
  x1: number,
  z1: number,
  rMin: number,
  rMax: number,
  xs: Float64Array,
  zs: Float64Array,
  radii: Float64Array,
  at: number,
): void {
  let state = seed | 0;
  for (let k = 0; k < count; k++) {
    state = rngNext(state);
    xs[at + k] = x0 + (x1 - x0) * rngUnit(state);
    state = rngNext(state);
    zs[at + k] = z0 + (z1 - z0) * rngUnit(state);
    state = rngNext(state);
    radii[at + k] = rMin + (rMax - rMin) * rngUnit(state);
  }
}

/**
 * A uniform grid over circles: circle i is (xs[i], zs[i]) of radius radii[i]; each is filed in the one cell that
 * holds its centre, cells row by row along x (`cz·nx + cx`), and `items[starts[c] .. starts[c+1])` lists cell c's
 * circles in insertion order. `found` is the scratch the last query wrote into.
 */
export interface ScatterGrid {
  readonly count: number;
  readonly xs: Float64Array;
  readonly zs: Float64Array;
  readonly radii: Float64Array;
  readonly maxRadius: number;
  readonly minX: number;
  readonly minZ: number;
  readonly cellSize: number;
  readonly nx: number;
  readonly nz: number;
  readonly starts: Int32Array;
  readonly items: Int32Array;
  readonly found: Int32Array;
}

/** The column (or row) of the cell holding coordinate `c`, clamped onto the grid's `n` cells. */
function cellOf(c: number, min: number, cellSize: number, n: number): number {
  return Math.min(Math.max(Math.floor((c - min) / cellSize), 0), n - 1);
}

/**
 * Builds the grid over the circles (the arrays are kept, not copied) by a counting sort of their cells.
 * The cell side is the largest of: the widest circle's diameter (so a query widened by the largest radius spans
 * few cells), √(area / n) and (width + depth) / n (so there are at most 2n + 1 cells, however the circles spread).
 * Why: M-2 asks for solids in time independent of the total count; with the circles at a given density a query
 * visits a bounded number of cells and circles.
 */
export function buildScatterGrid(xs: Float64Array, zs: Float64Array, radii: Float64Array): ScatterGrid {
  const count = xs.length;
  let minX = Infinity;
  let minZ = Infinity;
  let maxX = -Infinity;
  let maxZ = -Infinity;
  let maxRadius = 0;
  for (let i = 0; i < count; i++) {
    minX = Math.min(minX, xs[i]);
    maxX = Math.max(maxX, xs[i]);
    minZ = Math.min(minZ, zs[i]);
    maxZ = Math.max(maxZ, zs[i]);
    maxRadius = Math.max(maxRadius, radii[i]);
  }
  if (count === 0) {
    minX = minZ = maxX = maxZ = 0;
  }
  const width = maxX - minX;
  const depth = maxZ - minZ;
  const n = Math.max(count, 1);
  let cellSize = Math.max(2 * maxRadius, Math.sqrt((width * depth) / n), (width + depth) / n);
  // Every circle a point of radius 0: any side works, and 1 keeps the divisions finite.
  if (!(cellSize > 0)) cellSize = 1;
  const nx = Math.floor(width / cellSize) + 1;
  const nz = Math.floor(depth / cellSize) + 1;
  const cells = nx * nz;
  const starts = new Int32Array(cells + 1);
  const cellOfCircle = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const c = cellOf(zs[i], minZ, cellSize, nz) * nx + cellOf(xs[i], minX, cellSize, nx);
    cellOfCircle[i] = c;
    starts[c + 1]++;
  }
  for (let c = 0; c < cells; c++) starts[c + 1] += starts[c];
  const next = starts.slice(0, cells);
  const items = new Int32Array(count);
  for (let i = 0; i < count; i++) items[next[cellOfCircle[i]]++] = i;
  return { count, xs, zs, radii, maxRadius, minX, minZ, cellSize, nx, nz, starts, items, found: new Int32Array(count) };
}

/**
 * The reach a grid query of things filed by centre covers round (x, z): `reach` and a hair far above rounding, so a
 * thing the query's exact test accepts by a last-bit margin is never in a cell the range left out.
 */
export function queryReach(x: number, z: number, reach: number): number {
  return reach + (Math.abs(x) + Math.abs(z) + Math.abs(reach)) * 1e-9;
}

/**
 * Writes into `grid.found` the index of every circle reaching within r of (x, z), i.e. whose distance from its
 * centre minus its radius is ≤ r, and returns how many. Order: cells by increasing z, then x, each cell's circles
 * in insertion order; each circle once. Why: the solids of M-2, the same list in the same order in both cores.
 */
export function queryScatterGrid(grid: ScatterGrid, x: number, z: number, r: number): number {
  // Widened by the largest radius: circles are filed by centre only.
  const wide = queryReach(x, z, r + grid.maxRadius);
  if (!(wide >= 0)) return 0;
  const { xs, zs, radii, starts, items, found, minX, minZ, cellSize, nx, nz } = grid;
  const cx0 = cellOf(x - wide, minX, cellSize, nx);
  const cx1 = cellOf(x + wide, minX, cellSize, nx);
  const cz0 = cellOf(z - wide, minZ, cellSize, nz);
  const cz1 = cellOf(z + wide, minZ, cellSize, nz);
  let n = 0;
  for (let cz = cz0; cz <= cz1; cz++) {
    for (let cx = cx0; cx <= cx1; cx++) {
      const c = cz * nx + cx;
      for (let k = starts[c]; k < starts[c + 1]; k++) {
        const i = items[k];
        const dx = xs[i] - x;
        const dz = zs[i] - z;
        if (Math.sqrt(dx * dx + dz * dz) - radii[i] <= r) found[n++] = i;
      }
    }
  }
  return n;
}
