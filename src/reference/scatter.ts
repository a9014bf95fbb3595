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

/** A removed circle's radius in a grid (LV-2): no solid's (radius ≥ 0), so no filing takes it and no query finds it. */
export const REMOVED = -1;

/** How many changes a grid's log keeps (LV-4): what kept a memo over more changes than that drops all it kept. */
export const LOG_SIZE = 256;

/**
 * A uniform grid over circles: circle i (its id, LV-1) is (xs[i], zs[i]) of radius radii[i] (REMOVED: gone), i < count;
 * each is filed in the one cell that holds its centre, cells row by row along x (`cz·nx + cx`). At build
 * `items[starts[c] .. starts[c+1])` lists cell c's circles by increasing id; a cell an edit has reached since keeps its
 * ids in `lists` instead, by increasing id too, so a query's order never depends on the order edits came in.
 * `changes` counts the boxes logged (4 numbers each, the last LOG_SIZE in `log`): where the solids changed. `found`
 * is the scratch the last query wrote into.
 */
export interface ScatterGrid {
  count: number;
  xs: Float64Array;
  zs: Float64Array;
  radii: Float64Array;
  maxRadius: number;
  readonly minX: number;
  readonly minZ: number;
  readonly cellSize: number;
  readonly nx: number;
  readonly nz: number;
  readonly starts: Int32Array;
  readonly items: Int32Array;
  readonly lists: Map<number, number[]>;
  found: Int32Array;
  changes: number;
  readonly log: Float64Array;
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
  return fileScatterGrid(xs, zs, radii, count, minX, minZ, cellSize, nx, nz, maxRadius);
}

/**
 * The grid of the first `count` circles (removed ones left out) over the cells given: a counting sort of their cells,
 * each cell's circles by increasing id. Why: a copy of an edited grid (the wasm core's upload, WX-4) files the
 * circles as they are now over the same cells, so both answer every query alike.
 */
export function fileScatterGrid(
  xs: Float64Array,
  zs: Float64Array,
  radii: Float64Array,
  count: number,
  minX: number,
  minZ: number,
  cellSize: number,
  nx: number,
  nz: number,
  maxRadius: number,
): ScatterGrid {
  const cells = nx * nz;
  const starts = new Int32Array(cells + 1);
  const cellOfCircle = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    if (radii[i] < 0) continue;
    const c = cellOf(zs[i], minZ, cellSize, nz) * nx + cellOf(xs[i], minX, cellSize, nx);
    cellOfCircle[i] = c;
    starts[c + 1]++;
  }
  for (let c = 0; c < cells; c++) starts[c + 1] += starts[c];
  const next = starts.slice(0, cells);
  const items = new Int32Array(starts[cells]);
  for (let i = 0; i < count; i++) if (radii[i] >= 0) items[next[cellOfCircle[i]]++] = i;
  const lists = new Map<number, number[]>();
  const log = new Float64Array(LOG_SIZE * 4);
  return { count, xs, zs, radii, maxRadius, minX, minZ, cellSize, nx, nz, starts, items, lists, found: new Int32Array(count), changes: 0, log };
}

/**
 * The reach a grid query of things filed by centre covers round (x, z): `reach` and a hair far above rounding, so a
 * thing the query's exact test accepts by a last-bit margin is never in a cell the range left out.
 */
export function queryReach(x: number, z: number, reach: number): number {
  return reach + (Math.abs(x) + Math.abs(z) + Math.abs(reach)) * 1e-9;
}

/** The cell of the grid holding circle `id`'s centre. */
function cellOfId(grid: ScatterGrid, id: number): number {
  return cellOf(grid.zs[id], grid.minZ, grid.cellSize, grid.nz) * grid.nx + cellOf(grid.xs[id], grid.minX, grid.cellSize, grid.nx);
}

/** Cell c's ids in increasing order as a list an edit may change: made from the build's filing on the first edit there. */
function listOf(grid: ScatterGrid, c: number): number[] {
  let list = grid.lists.get(c);
  if (list === undefined) {
    list = Array.from(grid.items.subarray(grid.starts[c], grid.starts[c + 1]));
    grid.lists.set(c, list);
  }
  return list;
}

/** Takes circle `id` out of its cell's list. */
function unfileCircle(grid: ScatterGrid, id: number): void {
  const list = listOf(grid, cellOfId(grid, id));
  list.splice(list.indexOf(id), 1);
}

/** Puts circle `id` into its cell's list, before the first greater id. */
function fileCircle(grid: ScatterGrid, id: number): void {
  const list = listOf(grid, cellOfId(grid, id));
  let k = list.length;
  while (k > 0 && list[k - 1] > id) k--;
  list.splice(k, 0, id);
}

/** Logs a box where the solids changed (LV-4), the oldest dropped past LOG_SIZE. */
export function logChange(grid: ScatterGrid, x0: number, z0: number, x1: number, z1: number): void {
  const at = (grid.changes % LOG_SIZE) * 4;
  grid.log[at] = x0;
  grid.log[at + 1] = z0;
  grid.log[at + 2] = x1;
  grid.log[at + 3] = z1;
  grid.changes++;
}

/** Room for circle ids below `capacity` (the arrays and the query's scratch doubled as needed). */
function reserveIds(grid: ScatterGrid, capacity: number): void {
  if (capacity <= grid.xs.length) return;
  const size = Math.max(capacity, grid.xs.length * 2, 8);
  const grownArray = (a: Float64Array): Float64Array => {
    const b = new Float64Array(size);
    b.set(a.subarray(0, grid.count));
    return b;
  };
  grid.xs = grownArray(grid.xs);
  grid.zs = grownArray(grid.zs);
  grid.radii = grownArray(grid.radii);
  grid.found = new Int32Array(size);
}

/**
 * Sets circle `id` (an id below count, or count itself for a new one) to (x, z) of `radius`, REMOVED to take it out
 * (LV-2), in time independent of the count: its old cell's list and its new cell's change, the largest radius only
 * grows, and each disc changed — the old, the new — is logged as its box (LV-4).
 */
export function editScatterGrid(grid: ScatterGrid, id: number, x: number, z: number, radius: number): void {
  if (id < grid.count && grid.radii[id] >= 0) {
    const r = grid.radii[id];
    unfileCircle(grid, id);
    logChange(grid, grid.xs[id] - r, grid.zs[id] - r, grid.xs[id] + r, grid.zs[id] + r);
  }
  reserveIds(grid, id + 1);
  grid.xs[id] = x;
  grid.zs[id] = z;
  grid.radii[id] = radius;
  grid.count = Math.max(grid.count, id + 1);
  if (radius < 0) return;
  fileCircle(grid, id);
  grid.maxRadius = Math.max(grid.maxRadius, radius);
  logChange(grid, x - radius, z - radius, x + radius, z + radius);
}

/**
 * Writes into `grid.found` the index of every circle reaching within r of (x, z), i.e. whose distance from its
 * centre minus its radius is ≤ r, and returns how many. Order: cells by increasing z, then x, each cell's circles
 * by increasing id; each circle once. Why: the solids of M-2, the same list in the same order in both cores.
 */
export function queryScatterGrid(grid: ScatterGrid, x: number, z: number, r: number): number {
  // Widened by the largest radius: circles are filed by centre only.
  const wide = queryReach(x, z, r + grid.maxRadius);
  if (!(wide >= 0)) return 0;
  const { xs, zs, radii, starts, items, found, minX, minZ, cellSize, nx, nz, lists } = grid;
  const edited = lists.size > 0;
  const cx0 = cellOf(x - wide, minX, cellSize, nx);
  const cx1 = cellOf(x + wide, minX, cellSize, nx);
  const cz0 = cellOf(z - wide, minZ, cellSize, nz);
  const cz1 = cellOf(z + wide, minZ, cellSize, nz);
  let n = 0;
  for (let cz = cz0; cz <= cz1; cz++) {
    for (let cx = cx0; cx <= cx1; cx++) {
      const c = cz * nx + cx;
      const list = edited ? lists.get(c) : undefined;
      const end = list === undefined ? starts[c + 1] : list.length;
      for (let k = list === undefined ? starts[c] : 0; k < end; k++) {
        const i = list === undefined ? items[k] : list[k];
        const dx = xs[i] - x;
        const dz = zs[i] - z;
        if (Math.sqrt(dx * dx + dz * dz) - radii[i] <= r) found[n++] = i;
      }
    }
  }
  return n;
}
