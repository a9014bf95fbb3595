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

/** A removed circle's radius in a grid (LV-2): no solid's (radius ≥ 0), so no filing takes it and no query finds it. */
export const REMOVED: f64 = -1.0;

/** How many changes a grid's log keeps (LV-4): what kept a memo over more changes than that drops all it kept. */
export const LOG_SIZE: i32 = 256;

/**
 * A uniform grid over circles: circle i (its id, LV-1) is the Circle at place i of `circles` (radius REMOVED: gone),
 * i < count ≤ capacity; each is filed in the one cell that holds its centre, cells row by row along x (`cz·nx + cx`).
 * At build `items[starts[c] .. starts[c+1])` lists cell c's circles by increasing id, and `filed` holds them again in
 * that order so a query reads a row's cells in one run of memory (AS only); a cell an edit has reached since has a
 * list of its ids at `lists` (4 bytes a cell, 0 for none; `edited` counts them), by increasing id too. `gaps` holds,
 * by id, how far each circle's disc stands from the nearest other's (at most GAP_REACH; AS only). `changes` counts
 * the boxes logged (the last LOG_SIZE in `log`, 4 numbers each): where the solids changed. A query writes nothing, so
 * threads share the grid; it is edited only between calls. `shapes` holds the level's other pieces (LV-1).
 */
@unmanaged export class ScatterGrid {
  count: i32;
  capacity: i32;
  circles: usize;
  maxRadius: f64;
  minX: f64;
  minZ: f64;
  cellSize: f64;
  nx: i32;
  nz: i32;
  starts: I32s;
  items: I32s;
  filed: usize;
  lists: usize;
  edited: i32;
  gaps: usize;
  changes: i32;
  log: F64s;
  /** The pieces of the level's boxes, walls and polygons (an assembly/shapeGrid.ts ShapeGrid; 0: none yet). */
  shapes: usize;
}

/** The column (or row) of the cell holding coordinate `c`, clamped onto the grid's `n` cells. */
function cellOf(c: f64, min: f64, cellSize: f64, n: i32): i32 {
  return <i32>Math.min(Math.max(Math.floor((c - min) / cellSize), 0.0), <f64>(n - 1));
}

/**
 * The grid of the first `count` circles (removed ones left out) over the cells given: a counting sort of their cells,
 * each cell's circles by increasing id. Why: the upload of an edited grid (WX-4) files the circles as they are now
 * over the reference's cells, so both answer every query alike.
 */
export function fileScatterGrid(
  xs: F64s,
  zs: F64s,
  radii: F64s,
  count: i32,
  minX: f64,
  minZ: f64,
  cellSize: f64,
  nx: i32,
  nz: i32,
  maxRadius: f64,
): ScatterGrid {
  const cells = nx * nz;
  const starts = changetype<I32s>(alloc(<usize>(cells + 1) << 2));
  const cellOfCircle = changetype<I32s>(alloc(<usize>max<i32>(count, 1) << 2));
  for (let i = 0; i < count; i++) {
    if (radii[i] < 0) continue;
    const c = cellOf(zs[i], minZ, cellSize, nz) * nx + cellOf(xs[i], minX, cellSize, nx);
    cellOfCircle[i] = c;
    starts[c + 1]++;
  }
  for (let c = 0; c < cells; c++) starts[c + 1] += starts[c];
  const next = changetype<I32s>(alloc(<usize>cells << 2));
  memory.copy(changetype<usize>(next), changetype<usize>(starts), <usize>cells << 2);
  const filedCount = starts[cells];
  const items = changetype<I32s>(alloc(<usize>max<i32>(filedCount, 1) << 2));
  for (let i = 0; i < count; i++) if (radii[i] >= 0) items[next[cellOfCircle[i]]++] = i;
  free(changetype<usize>(next));
  free(changetype<usize>(cellOfCircle));
  const grid = changetype<ScatterGrid>(alloc(offsetof<ScatterGrid>()));
  grid.count = count;
  grid.capacity = max<i32>(count, 1);
  grid.circles = alloc(<usize>grid.capacity * offsetof<Circle>());
  for (let i = 0; i < count; i++) {
    const c = circleOf(grid, i);
    c.x = xs[i];
    c.z = zs[i];
    c.radius = radii[i];
  }
  grid.maxRadius = maxRadius;
  grid.minX = minX;
  grid.minZ = minZ;
  grid.cellSize = cellSize;
  grid.nx = nx;
  grid.nz = nz;
  grid.starts = starts;
  grid.items = items;
  const filed = alloc(<usize>max<i32>(filedCount, 1) * offsetof<Circle>());
  for (let k = 0; k < filedCount; k++) {
    const c = changetype<Circle>(filed + <usize>k * offsetof<Circle>());
    const from = circleOf(grid, items[k]);
    c.x = from.x;
    c.z = from.z;
    c.radius = from.radius;
  }
  grid.filed = filed;
  grid.lists = alloc(<usize>cells << 2);
  grid.log = changetype<F64s>(alloc(<usize>(LOG_SIZE * 4) << 3));
  grid.gaps = alloc(<usize>grid.capacity << 3);
  for (let i = 0; i < count; i++) if (radii[i] >= 0) store<f64>(grid.gaps + (<usize>i << 3), measureGap(grid, i));
  return grid;
}

/**
 * The reach a grid query of things filed by centre covers round (x, z): `reach` and a hair far above rounding, so a
 * thing the query's exact test accepts by a last-bit margin is never in a cell the range left out.
 */
@inline export function queryReach(x: f64, z: f64, reach: f64): f64 {
  return reach + (Math.abs(x) + Math.abs(z) + Math.abs(reach)) * 1e-9;
}

/** The cell of the grid holding circle `id`'s centre. */
function cellOfId(grid: ScatterGrid, id: i32): i32 {
  const c = circleOf(grid, id);
  return cellOf(c.z, grid.minZ, grid.cellSize, grid.nz) * grid.nx + cellOf(c.x, grid.minX, grid.cellSize, grid.nx);
}

/**
 * Cell c's ids in increasing order as a list an edit may change — its length, its room, then the ids — made from the
 * build's filing on the first edit there; the address of its address is returned, as the list moves when it grows.
 */
function listOf(grid: ScatterGrid, c: i32): usize {
  const slot = grid.lists + (<usize>c << 2);
  if (load<u32>(slot) == 0) {
    const from = grid.starts[c];
    const length = grid.starts[c + 1] - from;
    const room = max<i32>(length, 4);
    const list = alloc(8 + (<usize>room << 2));
    store<i32>(list, length);
    store<i32>(list, room, 4);
    for (let k = 0; k < length; k++) store<i32>(list + 8 + (<usize>k << 2), grid.items[from + k]);
    store<u32>(slot, <u32>list);
    grid.edited++;
  }
  return slot;
}

/** Cell `cell`'s list an edit made (listOf), or 0 when none did and its ids are still the build's filing. */
@inline function editedList(grid: ScatterGrid, cell: i32): usize {
  return <usize>load<u32>(grid.lists + (<usize>cell << 2));
}

/** Where cell `cell`'s ids begin: in its edited list `list`, or in the build's `items`. */
@inline function cellBegin(grid: ScatterGrid, cell: i32, list: usize): i32 {
  return list != 0 ? 0 : grid.starts[cell];
}

/** Where cell `cell`'s ids end (see cellBegin). */
@inline function cellEnd(grid: ScatterGrid, cell: i32, list: usize): i32 {
  return list != 0 ? load<i32>(list) : grid.starts[cell + 1];
}

/** The id at `k` of a cell's ids (see cellBegin). */
@inline function cellId(grid: ScatterGrid, list: usize, k: i32): i32 {
  return list != 0 ? load<i32>(list + 8 + (<usize>k << 2)) : grid.items[k];
}

/** Takes circle `id` out of its cell's list. */
function unfileCircle(grid: ScatterGrid, id: i32): void {
  const list = <usize>load<u32>(listOf(grid, cellOfId(grid, id)));
  const length = load<i32>(list);
  let k = 0;
  while (load<i32>(list + 8 + (<usize>k << 2)) != id) k++;
  for (; k < length - 1; k++) store<i32>(list + 8 + (<usize>k << 2), load<i32>(list + 12 + (<usize>k << 2)));
  store<i32>(list, length - 1);
}

/** Puts circle `id` into its cell's list, before the first greater id. */
function fileCircle(grid: ScatterGrid, id: i32): void {
  const slot = listOf(grid, cellOfId(grid, id));
  let list = <usize>load<u32>(slot);
  const length = load<i32>(list);
  const room = load<i32>(list, 4);
  if (length == room) {
    const grown = alloc(8 + (<usize>(room * 2) << 2));
    memory.copy(grown, list, 8 + (<usize>length << 2));
    store<i32>(grown, room * 2, 4);
    free(list);
    list = grown;
    store<u32>(slot, <u32>list);
  }
  let k = length;
  while (k > 0 && load<i32>(list + 4 + (<usize>k << 2)) > id) {
    store<i32>(list + 8 + (<usize>k << 2), load<i32>(list + 4 + (<usize>k << 2)));
    k--;
  }
  store<i32>(list + 8 + (<usize>k << 2), id);
  store<i32>(list, length + 1);
}

/** Logs a box where the solids changed (LV-4), the oldest dropped past LOG_SIZE. */
export function logChange(grid: ScatterGrid, x0: f64, z0: f64, x1: f64, z1: f64): void {
  const at = (grid.changes % LOG_SIZE) * 4;
  grid.log[at] = x0;
  grid.log[at + 1] = z0;
  grid.log[at + 2] = x1;
  grid.log[at + 3] = z1;
  grid.changes++;
}

/** Room for circle ids below `capacity` (the circles and their gaps copied to blocks twice as large as needed). */
function reserveIds(grid: ScatterGrid, capacity: i32): void {
  if (capacity <= grid.capacity) return;
  const size = max<i32>(capacity, grid.capacity * 2);
  const circles = alloc(<usize>size * offsetof<Circle>());
  memory.copy(circles, grid.circles, <usize>grid.count * offsetof<Circle>());
  free(grid.circles);
  grid.circles = circles;
  const gaps = alloc(<usize>size << 3);
  memory.copy(gaps, grid.gaps, <usize>grid.count << 3);
  free(grid.gaps);
  grid.gaps = gaps;
  grid.capacity = size;
}

/**
 * Sets circle `id` (an id below count, or count itself for a new one) to (x, z) of `radius`, REMOVED to take it out
 * (LV-2), in time independent of the count: its old cell's list and its new cell's change, the largest radius only
 * grows, each disc changed — the old, the new — is logged as its box (LV-4), and the gaps of the circles near either
 * are measured again (AS only).
 */
export function editScatterGrid(grid: ScatterGrid, id: i32, x: f64, z: f64, radius: f64): void {
  const was = id < grid.count ? circleOf(grid, id) : changetype<Circle>(0);
  const oldX = id < grid.count ? was.x : x;
  const oldZ = id < grid.count ? was.z : z;
  const oldRadius = id < grid.count ? was.radius : REMOVED;
  if (oldRadius >= 0) {
    unfileCircle(grid, id);
    logChange(grid, oldX - oldRadius, oldZ - oldRadius, oldX + oldRadius, oldZ + oldRadius);
  }
  reserveIds(grid, id + 1);
  const c = circleOf(grid, id);
  c.x = x;
  c.z = z;
  c.radius = radius;
  grid.count = max<i32>(grid.count, id + 1);
  if (oldRadius >= 0) repairGaps(grid, oldX, oldZ, oldRadius);
  if (radius < 0) return;
  fileCircle(grid, id);
  grid.maxRadius = Math.max(grid.maxRadius, radius);
  logChange(grid, x - radius, z - radius, x + radius, z + radius);
  store<f64>(grid.gaps + (<usize>id << 3), measureGap(grid, id));
  repairGaps(grid, x, z, radius);
}

/**
 * The most a circle's gap from the nearest other is measured to, metres (AS only). Why: seek asks whether a solid stands
 * further than a body's diameter from every other (assembly/seek.ts standsAlone), and bodies are under a metre wide.
 */
export const GAP_REACH: f64 = 2.0;

/**
 * The least distance between circle `id`'s disc's edge and another circle's, or GAP_REACH when none is nearer (AS
 * only). Another circle equal to it counts, at a gap below 0.
 */
function measureGap(grid: ScatterGrid, id: i32): f64 {
  const c = circleOf(grid, id);
  const wide = c.radius + GAP_REACH + grid.maxRadius;
  const cx0 = cellOf(c.x - wide, grid.minX, grid.cellSize, grid.nx);
  const cx1 = cellOf(c.x + wide, grid.minX, grid.cellSize, grid.nx);
  const cz0 = cellOf(c.z - wide, grid.minZ, grid.cellSize, grid.nz);
  const cz1 = cellOf(c.z + wide, grid.minZ, grid.cellSize, grid.nz);
  let gap = GAP_REACH;
  for (let cz = cz0; cz <= cz1; cz++) {
    for (let cx = cx0; cx <= cx1; cx++) {
      const cell = cz * grid.nx + cx;
      const list = editedList(grid, cell);
      const end = cellEnd(grid, cell, list);
      for (let k = cellBegin(grid, cell, list); k < end; k++) {
        const other = cellId(grid, list, k);
        if (other == id) continue;
        const o = circleOf(grid, other);
        const dx = o.x - c.x;
        const dz = o.z - c.z;
        gap = Math.min(gap, Math.sqrt(dx * dx + dz * dz) - c.radius - o.radius);
      }
    }
  }
  return gap;
}

/** Measures again the gap of every circle whose disc stands within GAP_REACH of the disc of `radius` at (x, z) (AS only). */
function repairGaps(grid: ScatterGrid, x: f64, z: f64, radius: f64): void {
  const wide = radius + GAP_REACH + grid.maxRadius;
  const cx0 = cellOf(x - wide, grid.minX, grid.cellSize, grid.nx);
  const cx1 = cellOf(x + wide, grid.minX, grid.cellSize, grid.nx);
  const cz0 = cellOf(z - wide, grid.minZ, grid.cellSize, grid.nz);
  const cz1 = cellOf(z + wide, grid.minZ, grid.cellSize, grid.nz);
  for (let cz = cz0; cz <= cz1; cz++) {
    for (let cx = cx0; cx <= cx1; cx++) {
      const cell = cz * grid.nx + cx;
      const list = editedList(grid, cell);
      const end = cellEnd(grid, cell, list);
      for (let k = cellBegin(grid, cell, list); k < end; k++) {
        const id = cellId(grid, list, k);
        const o = circleOf(grid, id);
        const dx = o.x - x;
        const dz = o.z - z;
        if (Math.sqrt(dx * dx + dz * dz) - o.radius - radius <= GAP_REACH) store<f64>(grid.gaps + (<usize>id << 3), measureGap(grid, id));
      }
    }
  }
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
 * cells by increasing z, then x, each cell's circles by increasing id; each circle once — the circles
 * src/reference/scatter.ts queryScatterGrid finds, in its order.
 */
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
    const row = cz * nx;
    if (grid.edited == 0) {
      // The cells of a row are side by side, and so are their circles: one run from the first cell's to the last's.
      const end = filed + <usize>starts[row + cx1 + 1] * offsetof<Circle>();
      for (let at = filed + <usize>starts[row + cx0] * offsetof<Circle>(); at < end; at += offsetof<Circle>()) {
        const c = changetype<Circle>(at);
        if (reachesWithin(c, x, z, r)) {
          out.add(c.x, c.z, c.radius);
          n++;
        }
      }
      continue;
    }
    for (let cx = cx0; cx <= cx1; cx++) {
      const cell = row + cx;
      const list = editedList(grid, cell);
      if (list == 0) {
        const end = filed + <usize>starts[cell + 1] * offsetof<Circle>();
        for (let at = filed + <usize>starts[cell] * offsetof<Circle>(); at < end; at += offsetof<Circle>()) {
          const c = changetype<Circle>(at);
          if (reachesWithin(c, x, z, r)) {
            out.add(c.x, c.z, c.radius);
            n++;
          }
        }
        continue;
      }
      const length = load<i32>(list);
      for (let k = 0; k < length; k++) {
        const c = circleOf(grid, load<i32>(list + 8 + (<usize>k << 2)));
        if (reachesWithin(c, x, z, r)) {
          out.add(c.x, c.z, c.radius);
          n++;
        }
      }
    }
  }
  return n;
}

/** Circle `id` of the grid (AS only). */
@inline export function circleOf(grid: ScatterGrid, id: i32): Circle {
  return changetype<Circle>(grid.circles + <usize>id * offsetof<Circle>());
}

/** How far the disc of circle `id` stands from the nearest other's (see measureGap; AS only). */
export function gapOf(grid: ScatterGrid, id: i32): f64 {
  return load<f64>(grid.gaps + (<usize>id << 3));
}

/** The id of the first of the grid's circles in its cell's order equal to `c`, or −1 when none is (AS only). */
export function idOf(grid: ScatterGrid, c: Circle): i32 {
  const cell = cellOf(c.z, grid.minZ, grid.cellSize, grid.nz) * grid.nx + cellOf(c.x, grid.minX, grid.cellSize, grid.nx);
  const list = editedList(grid, cell);
  const end = cellEnd(grid, cell, list);
  for (let k = cellBegin(grid, cell, list); k < end; k++) {
    const id = cellId(grid, list, k);
    const f = circleOf(grid, id);
    if (f.x == c.x && f.z == c.z && f.radius == c.radius) return id;
  }
  return -1;
}

/** Frees a grid and the arrays it owns. */
export function freeScatterGrid(grid: ScatterGrid): void {
  const cells = grid.nx * grid.nz;
  for (let c = 0; c < cells; c++) free(editedList(grid, c));
  free(grid.lists);
  free(changetype<usize>(grid.log));
  free(grid.circles);
  free(changetype<usize>(grid.starts));
  free(changetype<usize>(grid.items));
  free(grid.filed);
  free(grid.gaps);
  free(changetype<usize>(grid));
}
