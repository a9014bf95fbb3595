/**
 * scatter3d's circles (M-2): a seeded portable generator that places a layer, and a uniform grid that answers
 * "which circles reach within r of (x, z)" in time independent of the total count.
 * Twin of src/reference/scatter.ts: the same functions, the same operations in the same order, the same query order
 * (WX-4); the grid's arrays live in the arena, and a query appends the circles themselves to a list.
 */
import { Circle, Circles, F64s, I32s, alloc, free } from './memory';

/** Mulberry32's increment (an odd constant, so the state walks all 2³² values). */
const RNG_STEP: i32 = 0x6d2b79f5;

/** The generator's next state after `state` (an i32). The generator is mulberry32. */
export function rngNext(state: i32): i32 {
  return state + RNG_STEP;
}

/** The number in [0, 1) that mulberry32 draws from a state `rngNext` returned; its output mix. */
export function rngUnit(state: i32): f64 {
  let t = (state ^ (state >>> 15)) * (state | 1);
  t = (t + (t ^ (t >>> 7)) * (t | 61)) ^ t;
  return <f64><u32>(t ^ (t >>> 14)) / 4294967296.0;
}

/**
 * Places `count` circles of a layer into xs/zs/radii from index `at`, each from three draws in order: x in
 * [x0, x1), z in [z0, z1), radius in [rMin, rMax).
 * Why: a layer is a few numbers in the scene file, and the same seed must grow the same forest everywhere (M-2).
 */
export function placeLayer(
  seed: i32,
  count: i32,
  x0: f64,
  z0: f64,
  x1: f64,
  z1: f64,
  rMin: f64,
  rMax: f64,
  xs: F64s,
  zs: F64s,
  radii: F64s,
  at: i32,
): void {
  let state = seed;
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
 * circles in insertion order. `filed` holds the circles again as (x, z, radius) in the order `items` lists them, so a
 * query reads a row's cells in one run of memory (AS only: the reference's query follows `items`), and `gaps` holds,
 * in the same order, how far each circle's disc stands from the nearest other's (at most GAP_REACH; AS only). A query
 * writes nothing, so threads share the grid.
 */
@unmanaged export class ScatterGrid {
  count: i32;
  xs: F64s;
  zs: F64s;
  radii: F64s;
  maxRadius: f64;
  minX: f64;
  minZ: f64;
  cellSize: f64;
  nx: i32;
  nz: i32;
  starts: I32s;
  items: I32s;
  filed: usize;
  gaps: usize;
}

/** The column (or row) of the cell holding coordinate `c`, clamped onto the grid's `n` cells. */
function cellOf(c: f64, min: f64, cellSize: f64, n: i32): i32 {
  return <i32>Math.min(Math.max(Math.floor((c - min) / cellSize), 0.0), <f64>(n - 1));
}

/**
 * Builds the grid over the circles (the arrays are kept, not copied) by a counting sort of their cells.
 * The cell side is the largest of: the widest circle's diameter, √(area / n) and (width + depth) / n.
 */
export function buildScatterGrid(xs: F64s, zs: F64s, radii: F64s, count: i32): ScatterGrid {
  let minX = Infinity;
  let minZ = Infinity;
  let maxX = -Infinity;
  let maxZ = -Infinity;
  let maxRadius: f64 = 0;
  for (let i = 0; i < count; i++) {
    minX = Math.min(minX, xs[i]);
    maxX = Math.max(maxX, xs[i]);
    minZ = Math.min(minZ, zs[i]);
    maxZ = Math.max(maxZ, zs[i]);
    maxRadius = Math.max(maxRadius, radii[i]);
  }
  if (count == 0) {
    minX = minZ = maxX = maxZ = 0;
  }
  const width = maxX - minX;
  const depth = maxZ - minZ;
  const n = <f64>max<i32>(count, 1);
  let cellSize = Math.max(Math.max(2.0 * maxRadius, Math.sqrt((width * depth) / n)), (width + depth) / n);
  // Every circle a point of radius 0: any side works, and 1 keeps the divisions finite.
  if (!(cellSize > 0)) cellSize = 1;
  const nx = <i32>(Math.floor(width / cellSize) + 1.0);
  const nz = <i32>(Math.floor(depth / cellSize) + 1.0);
  const cells = nx * nz;
  const starts = changetype<I32s>(alloc(<usize>(cells + 1) << 2));
  const cellOfCircle = changetype<I32s>(alloc(<usize>count << 2));
  for (let i = 0; i < count; i++) {
    const c = cellOf(zs[i], minZ, cellSize, nz) * nx + cellOf(xs[i], minX, cellSize, nx);
    cellOfCircle[i] = c;
    starts[c + 1]++;
  }
  for (let c = 0; c < cells; c++) starts[c + 1] += starts[c];
  const next = changetype<I32s>(alloc(<usize>cells << 2));
  memory.copy(changetype<usize>(next), changetype<usize>(starts), <usize>cells << 2);
  const items = changetype<I32s>(alloc(<usize>count << 2));
  for (let i = 0; i < count; i++) items[next[cellOfCircle[i]]++] = i;
  free(changetype<usize>(next));
  free(changetype<usize>(cellOfCircle));
  const grid = changetype<ScatterGrid>(alloc(offsetof<ScatterGrid>()));
  grid.count = count;
  grid.xs = xs;
  grid.zs = zs;
  grid.radii = radii;
  grid.maxRadius = maxRadius;
  grid.minX = minX;
  grid.minZ = minZ;
  grid.cellSize = cellSize;
  grid.nx = nx;
  grid.nz = nz;
  grid.starts = starts;
  grid.items = items;
  const filed = alloc(<usize>count * offsetof<Circle>());
  for (let k = 0; k < count; k++) {
    const c = changetype<Circle>(filed + <usize>k * offsetof<Circle>());
    const i = items[k];
    c.x = xs[i];
    c.z = zs[i];
    c.radius = radii[i];
  }
  grid.filed = filed;
  grid.gaps = gapsOf(grid);
  return grid;
}

/**
 * The most a circle's gap from the nearest other is measured to, metres (AS only). Why: seek asks whether a solid stands
 * further than a body's diameter from every other (assembly/seek.ts standsAlone), and bodies are under a metre wide.
 */
export const GAP_REACH: f64 = 2.0;

/**
 * For each circle in cell order (`filed`), the least distance between its disc's edge and another circle's, or
 * GAP_REACH when none is nearer (AS only). Another circle equal to it counts, at a gap below 0.
 */
function gapsOf(grid: ScatterGrid): usize {
  const gaps = changetype<F64s>(alloc(<usize>grid.count << 3));
  const cellSize = grid.cellSize;
  for (let k = 0; k < grid.count; k++) {
    const c = filedCircle(grid, k);
    const wide = c.radius + GAP_REACH + grid.maxRadius;
    const cx0 = cellOf(c.x - wide, grid.minX, cellSize, grid.nx);
    const cx1 = cellOf(c.x + wide, grid.minX, cellSize, grid.nx);
    const cz0 = cellOf(c.z - wide, grid.minZ, cellSize, grid.nz);
    const cz1 = cellOf(c.z + wide, grid.minZ, cellSize, grid.nz);
    let gap = GAP_REACH;
    for (let cz = cz0; cz <= cz1; cz++) {
      const row = cz * grid.nx;
      for (let m = grid.starts[row + cx0]; m < grid.starts[row + cx1 + 1]; m++) {
        if (m == k) continue;
        const o = filedCircle(grid, m);
        const dx = o.x - c.x;
        const dz = o.z - c.z;
        gap = Math.min(gap, Math.sqrt(dx * dx + dz * dz) - c.radius - o.radius);
      }
    }
    gaps[k] = gap;
  }
  return changetype<usize>(gaps);
}

/**
 * Whether circle `c` reaches within r of (x, z): its distance from its centre minus its radius is ≤ r. The one test
 * of a query (gatherScatterGrid), so a kept proof that answers without one includes a circle exactly when a query would.
 */
@inline export function reachesWithin(c: Circle, x: f64, z: f64, r: f64): bool {
  const dx = c.x - x;
  const dz = c.z - z;
  return Math.sqrt(dx * dx + dz * dz) - c.radius <= r;
}

/**
 * Appends to `out` a copy of every circle reaching within r of (x, z) (reachesWithin), and returns how many. Order:
 * cells by increasing z, then x, each cell's circles in insertion order; each circle once — the circles
 * src/reference/scatter.ts queryScatterGrid finds, in its order.
 */
/**
 * The reach a grid query of things filed by centre covers round (x, z): `reach` and a hair far above rounding, so a
 * thing the query's exact test accepts by a last-bit margin is never in a cell the range left out.
 */
@inline export function queryReach(x: f64, z: f64, reach: f64): f64 {
  return reach + (Math.abs(x) + Math.abs(z) + Math.abs(reach)) * 1e-9;
}

export function gatherScatterGrid(grid: ScatterGrid, x: f64, z: f64, r: f64, out: Circles): i32 {
  // Widened by the largest radius: circles are filed by centre only.
  const wide = queryReach(x, z, r + grid.maxRadius);
  if (!(wide >= 0)) return 0;
  const starts = grid.starts;
  const filed = grid.filed;
  const minX = grid.minX;
  const minZ = grid.minZ;
  const cellSize = grid.cellSize;
  const nx = grid.nx;
  const nz = grid.nz;
  const cx0 = cellOf(x - wide, minX, cellSize, nx);
  const cx1 = cellOf(x + wide, minX, cellSize, nx);
  const cz0 = cellOf(z - wide, minZ, cellSize, nz);
  const cz1 = cellOf(z + wide, minZ, cellSize, nz);
  let n = 0;
  for (let cz = cz0; cz <= cz1; cz++) {
    // The cells of a row are side by side, and so are their circles: one run from the first cell's to the last's.
    const row = cz * nx;
    const end = filed + <usize>starts[row + cx1 + 1] * offsetof<Circle>();
    for (let at = filed + <usize>starts[row + cx0] * offsetof<Circle>(); at < end; at += offsetof<Circle>()) {
      const c = changetype<Circle>(at);
      if (reachesWithin(c, x, z, r)) {
        out.add(c.x, c.z, c.radius);
        n++;
      }
    }
  }
  return n;
}

/** The circle at place k of the grid's circles in cell order (`filed`; AS only). */
export function filedCircle(grid: ScatterGrid, k: i32): Circle {
  return changetype<Circle>(grid.filed + <usize>k * offsetof<Circle>());
}

/** How far the disc of the circle at place k in cell order stands from the nearest other's (see gapsOf; AS only). */
export function filedGap(grid: ScatterGrid, k: i32): f64 {
  return load<f64>(grid.gaps + (<usize>k << 3));
}

/** The place in cell order (`filed`) of the first of the grid's circles equal to `c`, or −1 when none is (AS only). */
export function filedIndex(grid: ScatterGrid, c: Circle): i32 {
  const cell = cellOf(c.z, grid.minZ, grid.cellSize, grid.nz) * grid.nx + cellOf(c.x, grid.minX, grid.cellSize, grid.nx);
  for (let k = grid.starts[cell]; k < grid.starts[cell + 1]; k++) {
    const f = filedCircle(grid, k);
    if (f.x == c.x && f.z == c.z && f.radius == c.radius) return k;
  }
  return -1;
}

/** Frees a grid and the arrays it owns (xs, zs and radii included). */
export function freeScatterGrid(grid: ScatterGrid): void {
  free(changetype<usize>(grid.xs));
  free(changetype<usize>(grid.zs));
  free(changetype<usize>(grid.radii));
  free(changetype<usize>(grid.starts));
  free(changetype<usize>(grid.items));
  free(grid.filed);
  free(grid.gaps);
  free(changetype<usize>(grid));
}
