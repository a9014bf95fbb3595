/**
 * A kind's passability grid over the lattice (RT-1, RT-2): each cell's standing and each edge's verdict, worked out
 * the first time a search asks. The grid asks the kernel for every verdict — a cell is passable where the body can
 * stand (ST-3, ST-4, SL-2), an edge where slideBody makes the whole move — so the step, slope, wade and solid rules
 * are slide's own.
 * Twin of src/reference/passability.ts: same functions, same operations, same order.
 */
import { Body, F64s, I32s, Numbers, U8Values, alloc, callNumbers, free } from './memory';
import { GroundData } from './ground';
import { Sampler } from './lattice';
import { LOG_SIZE } from './scatter';
import { wayBlocked } from './seek';
import { Limit, SKIN, clearOfSolids, firstCircle, firstTerrainLimit } from './slide';
import { Vec2, isSteep, standGradient, standHeight, waterDepth } from './stand';

/** A cell's state (RT-1, RT-2): bits 0–7 its out-edges by direction, then what is known, then its costs. */
export const EDGES_KNOWN: i32 = 256;
export const STAND_KNOWN: i32 = 512;
export const STANDABLE: i32 = 1024;
/** The cell side a ground without a lattice is planned on, metres (RT-1). */
export const ROUTE_CELL: f64 = 1.0;
export const SQRT2: f64 = 1.4142135623730951;
/** Quantisation of the slope and depth a cell's cost reads (RT-3): fractions of maxSlope and wade in 255ths. */
export const LEVELS: f64 = 255.0;

/**
 * One kind's passability grid over a region (RT-1): `w × h` cell states (I32) from cell (i0, j0)
 * of side `cell`, its ground, its own copy of the kind's numbers, and the window the next search stays in.
 */
@unmanaged export class Grid {
  ground: GroundData;
  numbers: Numbers;
  cell: f64;
  i0: f64;
  j0: f64;
  w: i32;
  h: i32;
  cells: I32s;
  /** Per cell, bit d set where the verdict of its edge d is in its state (edgeTo); 0 in a field's grid, worked out whole. */
  known: U8Values;
  left: i32;
  bottom: i32;
  right: i32;
  top: i32;
  /** Unlike every other grid's made in this core, so a paused search knows its grid (RT-3), whatever reuses the memory. */
  serial: i32;
}

/** How many grids this core has made: the last one's serial. */
let gridsMade: i32 = 0;

/** A grid of `w × h` unknown cells from cell (i0, j0) of side `cell` on a ground, for the kind of the scratch numbers. */
export function newGrid(ground: GroundData, cell: f64, i0: f64, j0: f64, w: i32, h: i32): Grid {
  const grid = changetype<Grid>(alloc(offsetof<Grid>()));
  grid.ground = ground;
  grid.numbers = changetype<Numbers>(alloc(offsetof<Numbers>()));
  memory.copy(changetype<usize>(grid.numbers), changetype<usize>(callNumbers), offsetof<Numbers>());
  grid.cell = cell;
  grid.i0 = i0;
  grid.j0 = j0;
  grid.w = w;
  grid.h = h;
  grid.cells = changetype<I32s>(alloc(<usize>w * <usize>h << 2));
  grid.known = changetype<U8Values>(alloc(<usize>w * <usize>h));
  grid.serial = ++gridsMade;
  return grid;
}

/** Frees a grid and what it holds. */
export function freeGrid(grid: Grid): void {
  free(changetype<usize>(grid.cells));
  free(changetype<usize>(grid.known));
  free(changetype<usize>(grid.numbers));
  free(changetype<usize>(grid));
}

/**
 * Sets the window the next search stays in to the `w × h` cells from cell (i0, j0), which the grid holds: a grid
 * kept from a larger region then plans exactly as a grid of this region would (RT-5).
 */
export function setWindow(grid: Grid, i0: f64, j0: f64, w: i32, h: i32): void {
  grid.left = <i32>(i0 - grid.i0);
  grid.bottom = <i32>(j0 - grid.j0);
  grid.right = grid.left + w;
  grid.top = grid.bottom + h;
}

/** The steps of directions 0 … 7 on x, then on z, in cells (a table: the search asks for them eight times a node). */
const DIRS = memory.data<i8>([1, 1, 0, -1, -1, -1, 0, 1, 0, 1, 1, 1, 0, -1, -1, -1]);

/** Direction d's step on x in cells: d = 0 … 7 for +x, (+x, +z), +z, (−x, +z), −x, (−x, −z), −z, (+x, −z). */
export function dirX(d: i32): i32 {
  return <i32>load<i8>(DIRS + <usize>d);
}

/** Direction d's step on z in cells. */
export function dirZ(d: i32): i32 {
  return <i32>load<i8>(DIRS + <usize>d, 8);
}

/** The direction of the step (mi, mj), each −1, 0 or 1, not both 0. */
export function dirOf(mi: i32, mj: i32): i32 {
  if (mj == 0) return mi > 0 ? 0 : 4;
  if (mi == 0) return mj > 0 ? 2 : 6;
  if (mj > 0) return mi > 0 ? 1 : 3;
  return mi > 0 ? 7 : 5;
}

/** The x of cell k's centre. */
export function cellX(grid: Grid, k: i32): f64 {
  return (grid.i0 + <f64>(k % grid.w) + 0.5) * grid.cell;
}

/** The z of cell k's centre. */
export function cellZ(grid: Grid, k: i32): f64 {
  return (grid.j0 + <f64>(k / grid.w) + 0.5) * grid.cell;
}

const gradient = changetype<Vec2>(memory.data(offsetof<Vec2>()));

/**
 * Whether a body can stand at the point (x, z) as RT-1 judges a cell's centre: not steep (ST-3, not yet sliding),
 * water no deeper than wade (ST-4), clear of the grown solids (SL-2). The target's cell is judged so at the target
 * itself where its centre is unstandable (goalWay).
 */
export function standableAt(n: Numbers, g: Sampler, x: f64, z: f64): bool {
  standGradient(n, g, x, z, gradient);
  const slope = Math.sqrt(gradient.x * gradient.x + gradient.z * gradient.z);
  const depth = waterDepth(n, g, x, z);
  return !isSteep(n, slope, false) && depth <= n.wade && clearOfSolids(n, g, x, z, SKIN);
}

/** Grid verdicts (a cell's standing, an edge's slide) worked out since resetVerdicts: the work a route's budget counts (RT-3). */
let verdictsWorked: i32 = 0;

/** Starts counting the verdicts worked out from 0. */
export function resetVerdicts(): void {
  verdictsWorked = 0;
}

/** The verdicts worked out since resetVerdicts. */
export function verdicts(): i32 {
  return verdictsWorked;
}

/**
 * Cell k's state with its standing known (RT-1): standable where the centre is not steep (ST-3, for a body not yet
 * sliding), its water no deeper than wade (ST-4) and clear of every solid grown by the radius (SL-2); with the
 * slope and depth there as 255ths of maxSlope and wade in bits 16–23 and 24–31, for the costs of RT-3.
 */
export function standState(n: Numbers, g: Sampler, grid: Grid, k: i32): i32 {
  const s = grid.cells[k];
  if ((s & STAND_KNOWN) != 0) return s;
  verdictsWorked++;
  const x = cellX(grid, k);
  const z = cellZ(grid, k);
  standGradient(n, g, x, z, gradient);
  const slope = Math.sqrt(gradient.x * gradient.x + gradient.z * gradient.z);
  const depth = waterDepth(n, g, x, z);
  let standable = !isSteep(n, slope, false) && depth <= n.wade;
  if (standable) standable = clearOfSolids(n, g, x, z, SKIN);
  let state = s | STAND_KNOWN;
  if (standable) {
    const slopeLevel = Math.floor((slope / n.maxSlope) * LEVELS);
    const depthLevel = n.wade > 0.0 ? Math.floor(Math.min(depth / n.wade, 1.0) * LEVELS) : 0.0;
    state = state | STANDABLE | (<i32>slopeLevel << 16) | (<i32>depthLevel << 24);
  }
  grid.cells[k] = state;
  return state;
}

const walker = changetype<Body>(memory.data(offsetof<Body>()));
const circleLimit = changetype<Limit>(memory.data(offsetof<Limit>()));
const terrainLimit = changetype<Limit>(memory.data(offsetof<Limit>()));
const limitGradient = changetype<Vec2>(memory.data(offsetof<Vec2>()));

/** The route's probe body standing grounded at (x, z) (RT-2): on the stand height, its floor there, not in the air, not sliding. */
export function standWalker(n: Numbers, g: Sampler, x: f64, z: f64): Body {
  const body = walker;
  body.x = x;
  body.z = z;
  body.y = standHeight(n, g, x, z);
  body.floor = body.y;
  body.air = false;
  body.steep = false;
  return body;
}

/**
 * Whether slideBody makes the whole move (dx, dz) of `body`, no limit met (SL-6): a limit met in its first round cuts
 * the move, so that round alone answers — the same two scans from the same point, the terrain's skipped once a solid
 * is met, and no later round worked out.
 */
export function moveClear(n: Numbers, g: Sampler, body: Body, dx: f64, dz: f64): bool {
  if (dx * dx + dz * dz == 0.0) return true;
  // slideBody's first round starts at the body plus the move made so far, +0.
  const px = body.x + 0.0;
  const pz = body.z + 0.0;
  firstCircle(n, g, px, pz, dx, dz, circleLimit);
  if (circleLimit.t <= 1.0) return false;
  firstTerrainLimit(n, g, body, px, pz, dx, dz, limitGradient, terrainLimit);
  return !(terrainLimit.t <= 1.0);
}

/**
 * Whether the edge from cell (col, row) in direction d is passable for the probe body standing on the cell's centre
 * (RT-2): the neighbour is in the grid and standable, and slide moves the body the whole way to the neighbour's
 * centre, no limit met (SL-6).
 */
export function edgeClear(n: Numbers, g: Sampler, grid: Grid, body: Body, col: i32, row: i32, d: i32): bool {
  const ni = col + dirX(d);
  const nj = row + dirZ(d);
  if (ni < 0 || nj < 0 || ni >= grid.w || nj >= grid.h) return false;
  if ((standState(n, g, grid, nj * grid.w + ni) & STANDABLE) == 0) return false;
  return moveClear(n, g, body, <f64>dirX(d) * grid.cell, <f64>dirZ(d) * grid.cell);
}

/**
 * Cell k's state with all its out-edges known (RT-2), the edge in direction d passable where edgeClear finds it so
 * from the cell's centre, on walkable ground, its floor there.
 */
export function edgeState(n: Numbers, g: Sampler, grid: Grid, k: i32): i32 {
  const s = standState(n, g, grid, k);
  if ((s & EDGES_KNOWN) != 0) return s;
  const col = k % grid.w;
  const row = k / grid.w;
  let state = s | EDGES_KNOWN;
  const body = standWalker(n, g, cellX(grid, k), cellZ(grid, k));
  for (let d = 0; d < 8; d++) if (edgeClear(n, g, grid, body, col, row, d)) state = state | (1 << d);
  grid.cells[k] = state;
  return state;
}

/**
 * Whether the edge from cell k, at (col, row), in direction d is passable (RT-2, as edgeState finds it), worked out on
 * first asking and kept: a search asks only for the edges it relaxes, so an edge into a cell already closed is never
 * slid. Bit d of `known[k]` says that bit d of the cell's state holds the verdict.
 */
export function edgeTo(n: Numbers, g: Sampler, grid: Grid, k: i32, col: i32, row: i32, d: i32): bool {
  const bit = 1 << d;
  const s = standState(n, g, grid, k);
  if ((s & EDGES_KNOWN) != 0 || (grid.known[k] & bit) != 0) return (s & bit) != 0;
  verdictsWorked++;
  const clear = edgeClear(n, g, grid, standWalker(n, g, cellX(grid, k), cellZ(grid, k)), col, row, d);
  grid.known[k] = grid.known[k] | bit;
  if (clear) grid.cells[k] = grid.cells[k] | bit;
  return clear;
}

/** Works out the state of every cell of the grid, standing and edges (RT-1, RT-2: the passability `passability` shows). */
export function fillGrid(n: Numbers, g: Sampler, grid: Grid): void {
  const count = grid.w * grid.h;
  for (let k = 0; k < count; k++) edgeState(n, g, grid, k);
}

/**
 * Forgets what the grid knows that a change of the solids within the box [x0, z0, x1, z1] may have made stale
 * (LV-4): every cell the box grown by `reach` meets — its core, whose standing and edges may change — wholly, and in
 * the ring of cells round the core the edges that lead into it (the ring's other edges never come near the grown
 * box, which the changed solids, grown by the radius and SKIN only, lie well inside). What is forgotten is worked out
 * again when a search needs it (RT-1), as on a grid made fresh. A grid that forgot anything takes a new serial, so a
 * search set aside on it starts over (RT-3). Returns how many cells of the core were forgotten.
 */
export function forgetCellsIn(grid: Grid, x0: f64, z0: f64, x1: f64, z1: f64, reach: f64): i32 {
  if (!coreOf(grid, x0, z0, x1, z1, reach)) return 0;
  forgetCore(grid, coreLeft, coreRight, coreBottom, coreTop);
  grid.serial = ++gridsMade;
  return (min<i32>(coreRight, grid.w - 1) - max<i32>(coreLeft, 0) + 1) * (min<i32>(coreTop, grid.h - 1) - max<i32>(coreBottom, 0) + 1);
}

/**
 * Forgets what changes `from` to `to` of a log of LOG_SIZE boxes (4 numbers each, change c at (c % LOG_SIZE) · 4)
 * may have made stale, as forgetCellsIn on each box in turn leaves it (LV-4), at one new serial: the cores of boxes
 * next in the log whose cores together fill their bounding rectangle of cells — a solid's old and new place, moved a
 * little — are forgotten as that one rectangle, whose ring's edges into it are those into either core. Why: a moved
 * solid's two boxes overlap, and their cells were forgotten twice.
 */
export function forgetChangesIn(grid: Grid, log: F64s, from: i32, to: i32, reach: f64): void {
  let left = 0;
  let right = -1;
  let bottom = 0;
  let top = -1;
  for (let c = from; c < to; c++) {
    const at = (c % LOG_SIZE) * 4;
    if (!coreOf(grid, log[at], log[at + 1], log[at + 2], log[at + 3], reach)) continue;
    if (right >= left && fillsRectangle(left, right, bottom, top, coreLeft, coreRight, coreBottom, coreTop)) {
      left = min<i32>(left, coreLeft);
      right = max<i32>(right, coreRight);
      bottom = min<i32>(bottom, coreBottom);
      top = max<i32>(top, coreTop);
      continue;
    }
    if (right >= left) forgetCore(grid, left, right, bottom, top);
    left = coreLeft;
    right = coreRight;
    bottom = coreBottom;
    top = coreTop;
  }
  if (right < left) return;
  forgetCore(grid, left, right, bottom, top);
  grid.serial = ++gridsMade;
}

/** The core coreOf found: columns coreLeft..coreRight, rows coreBottom..coreTop, each clamped to one past the grid. */
let coreLeft: i32 = 0;
let coreRight: i32 = 0;
let coreBottom: i32 = 0;
let coreTop: i32 = 0;

/** Sets the core of the box [x0, z0, x1, z1] grown by `reach` in the grid's columns and rows; whether it meets the grid. */
function coreOf(grid: Grid, x0: f64, z0: f64, x1: f64, z1: f64, reach: f64): bool {
  // Clamped (one past the grid at most) before the cast, so a box of any size or place costs the cells it covers.
  coreLeft = <i32>Math.min(Math.max(Math.floor((x0 - reach) / grid.cell) - grid.i0, -1.0), <f64>grid.w);
  coreRight = <i32>Math.max(Math.min(Math.floor((x1 + reach) / grid.cell) - grid.i0, <f64>grid.w), -1.0);
  coreBottom = <i32>Math.min(Math.max(Math.floor((z0 - reach) / grid.cell) - grid.j0, -1.0), <f64>grid.h);
  coreTop = <i32>Math.max(Math.min(Math.floor((z1 + reach) / grid.cell) - grid.j0, <f64>grid.h), -1.0);
  return coreLeft <= coreRight && coreBottom <= coreTop && coreLeft < grid.w && coreRight >= 0 && coreBottom < grid.h && coreTop >= 0;
}

/** Whether two cores of cells together are exactly their bounding rectangle: one holds the other, or they share their rows (or columns) and meet or touch. */
function fillsRectangle(l0: i32, r0: i32, b0: i32, t0: i32, l1: i32, r1: i32, b1: i32, t1: i32): bool {
  if (l0 <= l1 && r1 <= r0 && b0 <= b1 && t1 <= t0) return true;
  if (l1 <= l0 && r0 <= r1 && b1 <= b0 && t0 <= t1) return true;
  if (b0 == b1 && t0 == t1) return l1 <= r0 + 1 && l0 <= r1 + 1;
  return l0 == l1 && r0 == r1 && b1 <= t0 + 1 && b0 <= t1 + 1;
}

/**
 * Forgets the core columns left..right, rows bottom..top wholly and, in the ring round it, the edges into it: row by
 * row, a core row's cells and its two ring cells, and the whole ring row below and above.
 */
function forgetCore(grid: Grid, left: i32, right: i32, bottom: i32, top: i32): void {
  const from = max<i32>(left - 1, 0);
  const to = min<i32>(right + 1, grid.w - 1);
  const first = max<i32>(left, 0);
  const last = min<i32>(right, grid.w - 1);
  for (let row = max<i32>(bottom - 1, 0); row <= min<i32>(top + 1, grid.h - 1); row++) {
    const rows = spanBits(row, bottom, top);
    if (row < bottom || row > top) {
      for (let col = from; col <= to; col++) forgetEdgesInto(grid, row * grid.w + col, columnEdges(spanBits(col, left, right)) & rowEdges(rows));
      continue;
    }
    if (from < first) forgetEdgesInto(grid, row * grid.w + from, columnEdges(spanBits(from, left, right)) & rowEdges(rows));
    for (let col = first; col <= last; col++) {
      grid.cells[row * grid.w + col] = 0;
      grid.known[row * grid.w + col] = 0;
    }
    if (to > last) forgetEdgesInto(grid, row * grid.w + to, columnEdges(spanBits(to, left, right)) & rowEdges(rows));
  }
}

/** Which of c − 1, c, c + 1 lie in lo..hi: bits 1, 2, 4. */
@inline function spanBits(c: i32, lo: i32, hi: i32): i32 {
  return (c - 1 >= lo && c - 1 <= hi ? 1 : 0) | (c >= lo && c <= hi ? 2 : 0) | (c + 1 >= lo && c + 1 <= hi ? 4 : 0);
}

/** The directions (bits 0 … 7) whose step on x is one spanBits holds: −1 for directions 3, 4, 5, 0 for 2, 6, +1 for 0, 1, 7. */
@inline function columnEdges(bits: i32): i32 {
  return ((bits & 1) != 0 ? 0x38 : 0) | ((bits & 2) != 0 ? 0x44 : 0) | ((bits & 4) != 0 ? 0x83 : 0);
}

/** The directions whose step on z is one spanBits holds: −1 for directions 5, 6, 7, 0 for 0, 4, +1 for 1, 2, 3. */
@inline function rowEdges(bits: i32): i32 {
  return ((bits & 1) != 0 ? 0xe0 : 0) | ((bits & 2) != 0 ? 0x11 : 0) | ((bits & 4) != 0 ? 0x0e : 0);
}

/** Forgets cell k's edges `into`: all eight known becomes each known but those. */
@inline function forgetEdgesInto(grid: Grid, k: i32, into: i32): void {
  const s = grid.cells[k];
  const known = (s & EDGES_KNOWN) != 0 ? 255 : <i32>grid.known[k];
  grid.cells[k] = s & ~(EDGES_KNOWN | into);
  grid.known[k] = known & ~into;
}

/**
 * Whether slide moves a grounded body standing at (ax, az) (as in RT-2) the whole way to (bx, bz) (RT-4): the
 * kernel's own verdict on the segment itself — its steps, water and solids at the angle it is walked.
 */
export function slideSight(n: Numbers, g: Sampler, ax: f64, az: f64, bx: f64, bz: f64): bool {
  return moveClear(n, g, standWalker(n, g, ax, az), bx - ax, bz - az);
}

/**
 * Whether a leg from (ax, az) to (bx, bz) can be walked from rest (RT-3, RT-4): slide moves the grounded body the whole
 * way (slideSight), and SE-7 finds its way open there (wayBlocked) — short moves may be refused where the whole one
 * slides, and a body at rest that cannot set off would read unreachable on the leg.
 */
export function legClear(n: Numbers, g: Sampler, ax: f64, az: f64, bx: f64, bz: f64): bool {
  if (!slideSight(n, g, ax, az, bx, bz)) return false;
  const dx = bx - ax;
  const dz = bz - az;
  return !wayBlocked(n, g, walker, dx, dz, Math.sqrt(dx * dx + dz * dz));
}
