/**
 * route: the passability grid of a kind over the lattice, the shortest passable path on it, and its waypoints
 * (RT-1..RT-5). Twin of assembly/route.ts: same functions, same operations, same order.
 * The grid asks the kernel for every verdict — a cell is passable where the body can stand (ST-3, ST-4, SL-2), an
 * edge where slideBody makes the whole move — so the step, slope, wade and solid rules are slide's own.
 */
import { numbers } from '../kinds.ts';
import { checkKnownKeys } from '../known.ts';
import { checkNumber, checkVector, readBody } from '../rows.ts';
import { newBody, type Body } from '../body.ts';
import { Sampler } from './lattice.ts';
import { SEEK_ARRIVED, SEEK_GOING, SEEK_UNREACHABLE, seekBody, wayBlocked } from './seek.ts';
import { Limit, SKIN, firstCircle, firstTerrainLimit } from './slide.ts';
import { Vec2, isSteep, standGradient, standHeight, waterDepth } from './stand.ts';
import type { Ground, Numbers, Passability, Route, RouteOptions, Row, World } from '../types.ts';

/** A cell's state (RT-1, RT-2): bits 0–7 its out-edges by direction, then what is known, then its costs. */
export const EDGES_KNOWN = 256;
export const STAND_KNOWN = 512;
export const STANDABLE = 1024;
/** The cell side a ground without a lattice is planned on, metres (RT-1). */
export const ROUTE_CELL = 1.0;
const SQRT2 = 1.4142135623730951;
/** Quantisation of the slope and depth a cell's cost reads (RT-3): fractions of maxSlope and wade in 255ths. */
const LEVELS = 255.0;

/** One kind's grid over a region: `w × h` cells from cell (i0, j0) of side `cell`, each a state, computed as asked. */
export class Grid {
  cell = 0.0;
  i0 = 0.0;
  j0 = 0.0;
  w = 0;
  h = 0;
  cells = new Int32Array(0);
  /** Per cell, bit d set where the verdict of its edge d is in its state (edgeTo); a field's grid is worked out whole. */
  known = new Uint8Array(0);
  /** The window a search stays in, in the grid's cells: columns [left, right), rows [bottom, top). */
  left = 0;
  bottom = 0;
  right = 0;
  top = 0;
}

/** A grid of `w × h` unknown cells from cell (i0, j0) of side `cell`. */
export function newGrid(cell: number, i0: number, j0: number, w: number, h: number): Grid {
  const grid = new Grid();
  grid.cell = cell;
  grid.i0 = i0;
  grid.j0 = j0;
  grid.w = w;
  grid.h = h;
  grid.cells = new Int32Array(w * h);
  grid.known = new Uint8Array(w * h);
  return grid;
}

/**
 * Sets the window the next search stays in to the `w × h` cells from cell (i0, j0), which the grid holds: a grid
 * kept from a larger region then plans exactly as a grid of this region would (RT-5).
 */
export function setWindow(grid: Grid, i0: number, j0: number, w: number, h: number): void {
  grid.left = i0 - grid.i0;
  grid.bottom = j0 - grid.j0;
  grid.right = grid.left + w;
  grid.top = grid.bottom + h;
}

/** The steps of directions 0 … 7 on x, then on z, in cells (a table: the search asks for them eight times a node). */
const DIRS = new Int8Array([1, 1, 0, -1, -1, -1, 0, 1, 0, 1, 1, 1, 0, -1, -1, -1]);

/** Direction d's step on x in cells: d = 0 … 7 for +x, (+x, +z), +z, (−x, +z), −x, (−x, −z), −z, (+x, −z). */
export function dirX(d: number): number {
  return DIRS[d];
}

/** Direction d's step on z in cells. */
export function dirZ(d: number): number {
  return DIRS[d + 8];
}

/** The direction of the step (mi, mj), each −1, 0 or 1, not both 0. */
export function dirOf(mi: number, mj: number): number {
  if (mj === 0) return mi > 0 ? 0 : 4;
  if (mi === 0) return mj > 0 ? 2 : 6;
  if (mj > 0) return mi > 0 ? 1 : 3;
  return mi > 0 ? 7 : 5;
}

/** The x of cell k's centre. */
export function cellX(grid: Grid, k: number): number {
  return (grid.i0 + (k % grid.w) + 0.5) * grid.cell;
}

/** The z of cell k's centre. */
export function cellZ(grid: Grid, k: number): number {
  return (grid.j0 + Math.floor(k / grid.w) + 0.5) * grid.cell;
}

const gradient = new Vec2();

/** Whether (x, z) is clear of every solid grown by the radius (RT-1, SL-2). */
export function clearOfSolids(n: Numbers, g: Sampler, x: number, z: number): boolean {
  let clear = true;
  const circles = g.circles(x, z, n.radius + SKIN);
  for (let i = 0; i < circles.length; i++) {
    const c = circles[i];
    const grown = c.radius + n.radius + SKIN;
    const ox = x - c.x;
    const oz = z - c.z;
    if (ox * ox + oz * oz < grown * grown) clear = false;
  }
  return clear;
}

/**
 * Whether a body can stand at the point (x, z) as RT-1 judges a cell's centre: not steep (ST-3, not yet sliding),
 * water no deeper than wade (ST-4), clear of the grown solids (SL-2). The target's cell is judged so at the target
 * itself where its centre is unstandable (goalWay).
 */
export function standableAt(n: Numbers, g: Sampler, x: number, z: number): boolean {
  standGradient(n, g, x, z, gradient);
  const slope = Math.sqrt(gradient.x * gradient.x + gradient.z * gradient.z);
  const depth = waterDepth(n, g, x, z);
  return !isSteep(n, slope, false) && depth <= n.wade && clearOfSolids(n, g, x, z);
}

/**
 * Cell k's state with its standing known (RT-1): standable where the centre is not steep (ST-3, for a body not yet
 * sliding), its water no deeper than wade (ST-4) and clear of every solid grown by the radius (SL-2); with the
 * slope and depth there as 255ths of maxSlope and wade in bits 16–23 and 24–31, for the costs of RT-3.
 */
export function standState(n: Numbers, g: Sampler, grid: Grid, k: number): number {
  const s = grid.cells[k];
  if ((s & STAND_KNOWN) !== 0) return s;
  const x = cellX(grid, k);
  const z = cellZ(grid, k);
  standGradient(n, g, x, z, gradient);
  const slope = Math.sqrt(gradient.x * gradient.x + gradient.z * gradient.z);
  const depth = waterDepth(n, g, x, z);
  let standable = !isSteep(n, slope, false) && depth <= n.wade;
  if (standable) standable = clearOfSolids(n, g, x, z);
  let state = s | STAND_KNOWN;
  if (standable) {
    const slopeLevel = Math.floor((slope / n.maxSlope) * LEVELS);
    const depthLevel = n.wade > 0.0 ? Math.floor(Math.min(depth / n.wade, 1.0) * LEVELS) : 0.0;
    state = state | STANDABLE | (slopeLevel << 16) | (depthLevel << 24);
  }
  grid.cells[k] = state;
  return state;
}

const walker = newBody();
const circleLimit = new Limit();
const terrainLimit = new Limit();
const limitGradient = new Vec2();

/** The route's probe body standing grounded at (x, z) (RT-2): on the stand height, its floor there, not in the air, not sliding. */
export function standWalker(n: Numbers, g: Sampler, x: number, z: number): Body {
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
export function moveClear(n: Numbers, g: Sampler, body: Body, dx: number, dz: number): boolean {
  if (dx * dx + dz * dz === 0.0) return true;
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
export function edgeClear(n: Numbers, g: Sampler, grid: Grid, body: Body, col: number, row: number, d: number): boolean {
  const ni = col + dirX(d);
  const nj = row + dirZ(d);
  if (ni < 0 || nj < 0 || ni >= grid.w || nj >= grid.h) return false;
  if ((standState(n, g, grid, nj * grid.w + ni) & STANDABLE) === 0) return false;
  return moveClear(n, g, body, dirX(d) * grid.cell, dirZ(d) * grid.cell);
}

/**
 * Cell k's state with all its out-edges known (RT-2), the edge in direction d passable where edgeClear finds it so
 * from the cell's centre, on walkable ground, its floor there.
 */
export function edgeState(n: Numbers, g: Sampler, grid: Grid, k: number): number {
  const s = standState(n, g, grid, k);
  if ((s & EDGES_KNOWN) !== 0) return s;
  const col = k % grid.w;
  const row = Math.floor(k / grid.w);
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
export function edgeTo(n: Numbers, g: Sampler, grid: Grid, k: number, col: number, row: number, d: number): boolean {
  const bit = 1 << d;
  const s = standState(n, g, grid, k);
  if ((s & EDGES_KNOWN) !== 0 || (grid.known[k] & bit) !== 0) return (s & bit) !== 0;
  const clear = edgeClear(n, g, grid, standWalker(n, g, cellX(grid, k), cellZ(grid, k)), col, row, d);
  grid.known[k] = grid.known[k] | bit;
  if (clear) grid.cells[k] = grid.cells[k] | bit;
  return clear;
}

/**
 * How a way enters the target's cell (RT-2): GOAL_CENTRE where its centre is standable (its edges, as any cell's);
 * else GOAL_POINT where the target itself is (standableAt), each edge in judged by slide from the neighbour's centre
 * to the target (goal edges: the search's own, never kept in the grid, which other targets share); else GOAL_SHUT.
 */
export const GOAL_CENTRE = 0;
export const GOAL_POINT = 1;
export const GOAL_SHUT = 2;

/** How a way enters cell `goal`, the cell of the target (tx, tz): GOAL_CENTRE, GOAL_POINT or GOAL_SHUT (RT-2). */
export function goalWay(n: Numbers, g: Sampler, grid: Grid, goal: number, tx: number, tz: number): number {
  if ((standState(n, g, grid, goal) & STANDABLE) !== 0) return GOAL_CENTRE;
  return standableAt(n, g, tx, tz) ? GOAL_POINT : GOAL_SHUT;
}

/** The octile distance in metres from cell (i, j) to cell (ti, tj) (RT-3): admissible, as no step costs less than its length. */
export function octile(grid: Grid, i: number, j: number, ti: number, tj: number): number {
  const di = Math.abs(i - ti);
  const dj = Math.abs(j - tj);
  const long = Math.max(di, dj);
  const short = Math.min(di, dj);
  return ((long - short) + short * SQRT2) * grid.cell;
}

/** The factor a cell of state `to` puts on the length of a step onto it (RT-3): 1, more on slope and in water. */
export function costFactor(to: number, slopeCost: number, waterCost: number): number {
  const slope = ((to >>> 16) & 255) / LEVELS;
  const depth = ((to >>> 24) & 255) / LEVELS;
  return 1.0 + slopeCost * slope + waterCost * depth;
}

/**
 * The cost in metres of a step in direction d onto a cell of state `to` (RT-3): its length times the cell's factor.
 * Without extras the factor is exactly 1 (1 + 0·s + 0·d), so it is not worked out.
 */
export function stepCost(grid: Grid, d: number, to: number, slopeCost: number, waterCost: number): number {
  const length = (d & 1) === 0 ? grid.cell : grid.cell * SQRT2;
  if (slopeCost === 0.0 && waterCost === 0.0) return length;
  return length * costFactor(to, slopeCost, waterCost);
}

// ---- The search's storage: per node of the grid, shared by every search (they never nest) ---------------------

let capacity = 0;
/** The cost from the start to each node found, valid where its mark is this search's. */
let costs = new Float64Array(0);
/** 2·search for a node found and open, 2·search + 1 for one closed; older marks mean not found. */
let marks = new Int32Array(0);
/** The direction of the step that reached each node. */
let froms = new Uint8Array(0);
/** The nodes of the path found, goal first (written after the search). */
let path = new Int32Array(0);
/** During a search, each open node's place in the open heap: the same array as `path`, written only after it. */
let places = path;
let search = 0;
/** The open nodes, each once: a binary heap of (f, cost, node), least f first, then greatest cost, then least node. */
let heapF = new Float64Array(0);
let heapG = new Float64Array(0);
let heapK = new Int32Array(0);
let heapSize = 0;

/** Makes room in the search's storage for grids of `count` nodes. */
export function reserveSearch(count: number): void {
  if (count <= capacity) return;
  capacity = count;
  costs = new Float64Array(count);
  marks = new Int32Array(count);
  froms = new Uint8Array(count);
  path = new Int32Array(count);
  places = path;
  search = 0;
}

/**
 * Whether (fa, ga, ka) comes out of the open heap before (fb, gb, kb): least f, then greatest cost (nearest the
 * target), then least node. Every comparison is made and combined without branches (ties on f are common and the
 * outcome is a coin flip, a branch would mispredict).
 */
export function heapBefore(fa: number, ga: number, ka: number, fb: number, gb: number, kb: number): boolean {
  return (Number(fa < fb) | (Number(fa === fb) & (Number(ga > gb) | (Number(ga === gb) & Number(ka < kb))))) !== 0;
}

/** Puts (f, cost, node) in the open heap at hole i or above it: the entries before it move down into the hole it rises through. */
function heapRise(i: number, f: number, cost: number, node: number): void {
  while (i > 0) {
    const parent = (i - 1) >> 1;
    const pf = heapF[parent];
    const pg = heapG[parent];
    const pk = heapK[parent];
    if (!heapBefore(f, cost, node, pf, pg, pk)) break;
    heapF[i] = pf;
    heapG[i] = pg;
    heapK[i] = pk;
    places[pk] = i;
    i = parent;
  }
  heapF[i] = f;
  heapG[i] = cost;
  heapK[i] = node;
  places[node] = i;
}

/**
 * Opens `node` with (f, cost) in the heap, growing it as needed. A node already open keeps the earlier of its two
 * entries: a lower cost comes out first unless it rounds to the same f, when it comes out after — so each node comes
 * out where the first of all the entries made for it would, and none is left behind to skip.
 */
export function heapPush(f: number, cost: number, node: number): void {
  const at = places[node];
  if (at < heapSize && heapK[at] === node) {
    if (heapBefore(f, cost, node, heapF[at], heapG[at], node)) heapRise(at, f, cost, node);
    return;
  }
  if (heapSize === heapK.length) {
    const size = Math.max(1024, heapSize * 2);
    const nf = new Float64Array(size);
    const ng = new Float64Array(size);
    const nk = new Int32Array(size);
    nf.set(heapF);
    ng.set(heapG);
    nk.set(heapK);
    heapF = nf;
    heapG = ng;
    heapK = nk;
  }
  heapSize++;
  heapRise(heapSize - 1, f, cost, node);
}

/**
 * Takes the first entry out of the open heap and returns its node. The hole at the top sinks to a leaf along the
 * first child of each pair, and the last entry rises from there (it mostly belongs near the bottom): half the
 * comparisons of sinking it from the top, and the same entries come out in the same order.
 */
export function heapPop(): number {
  const first = heapK[0];
  heapSize--;
  let i = 0;
  for (;;) {
    const left = i + i + 1;
    if (left >= heapSize) break;
    // The entry after the last is still in the array (heapSize ≤ its count), so both are read either way.
    const right = left + 1;
    const child = left + (Number(right < heapSize) & Number(heapBefore(heapF[right], heapG[right], heapK[right], heapF[left], heapG[left], heapK[left])));
    const k = heapK[child];
    heapF[i] = heapF[child];
    heapG[i] = heapG[child];
    heapK[i] = k;
    places[k] = i;
    i = child;
  }
  heapRise(i, heapF[heapSize], heapG[heapSize], heapK[heapSize]);
  return first;
}

/** Marks in `froms` a node the search opened from the body's position, not by an edge (RT-3). */
export const FROM_BODY = 8;

/**
 * Opens the search's first nodes (RT-3): each of the 9 cells round the body's (its own and its 8 neighbours, in the
 * window) to which the body standing grounded at (sx, sz) can walk from rest (legClear) — to the cell's centre where
 * it is standable, or for the goal entered at the target (`way`), to the target — at that move's cost, marked FROM_BODY
 * in `froms`. Where there is none the search opens nothing: the route cannot set off (RT-3).
 */
export function openStart(n: Numbers, g: Sampler, grid: Grid, sx: number, sz: number, start: number, goal: number, tx: number, tz: number, way: number, slopeCost: number, waterCost: number, open: number): void {
  const w = grid.w;
  const col = start % w;
  const row = Math.floor(start / w);
  const gi = goal % w;
  const gj = Math.floor(goal / w);
  for (let d = -1; d < 8; d++) {
    const ni = d < 0 ? col : col + dirX(d);
    const nj = d < 0 ? row : row + dirZ(d);
    if (ni < grid.left || nj < grid.bottom || ni >= grid.right || nj >= grid.top) continue;
    const k = nj * w + ni;
    const atTarget = k === goal && way !== GOAL_CENTRE;
    if (atTarget ? way === GOAL_SHUT : (standState(n, g, grid, k) & STANDABLE) === 0) continue;
    const px = atTarget ? tx : cellX(grid, k);
    const pz = atTarget ? tz : cellZ(grid, k);
    if (!legClear(n, g, sx, sz, px, pz)) continue;
    const dx = px - sx;
    const dz = pz - sz;
    let c = Math.sqrt(dx * dx + dz * dz);
    if (slopeCost > 0.0 || waterCost > 0.0) c = c * costFactor(grid.cells[k], slopeCost, waterCost);
    costs[k] = c;
    marks[k] = open;
    froms[k] = FROM_BODY;
    heapPush(c + octile(grid, ni, nj, gi, gj), c, k);
  }
}

/**
 * A* from the body at (sx, sz), in node `start`, to node `goal` over the grid's passable edges (RT-3): its first
 * nodes as openStart opens them, 8 neighbours, costs in metres, the octile heuristic, within the grid's window, each
 * edge into the goal as `way` says (goalWay: judged at the target (tx, tz) itself where the goal's centre is
 * unstandable, never kept in the grid). Returns `goal` when it is reached, else the closed node nearest it (least
 * squared distance in cells, the first closed of those), or `start` when none is nearer than the body's own cell. Ties in the open heap go by heapBefore, so both cores expand the same nodes.
 */
export function searchGrid(n: Numbers, g: Sampler, grid: Grid, sx: number, sz: number, start: number, goal: number, tx: number, tz: number, way: number, slopeCost: number, waterCost: number): number {
  search++;
  const open = search * 2;
  const closed = open + 1;
  const w = grid.w;
  heapSize = 0;
  const gi = goal % w;
  const gj = Math.floor(goal / w);
  openStart(n, g, grid, sx, sz, start, goal, tx, tz, way, slopeCost, waterCost, open);
  const si = (start % w) - gi;
  const sj = Math.floor(start / w) - gj;
  let best = start;
  let bestD = si * si + sj * sj;
  while (heapSize > 0) {
    const k = heapPop();
    marks[k] = closed;
    const col = k % w;
    const row = Math.floor(k / w);
    const di = col - gi;
    const dj = row - gj;
    const d2 = di * di + dj * dj;
    if (d2 < bestD) {
      best = k;
      bestD = d2;
    }
    if (k === goal) break;
    const cost = costs[k];
    // The verdicts already in the cell's state, read once (edgeTo works out the others, each asked once here).
    const state = grid.cells[k];
    const known = (state & EDGES_KNOWN) !== 0 ? 255 : grid.known[k];
    for (let d = 0; d < 8; d++) {
      const ni = col + dirX(d);
      const nj = row + dirZ(d);
      if (ni < grid.left || nj < grid.bottom || ni >= grid.right || nj >= grid.top) continue;
      const next = nj * w + ni;
      const mark = marks[next];
      if (mark === closed) continue;
      if (next === goal && way !== GOAL_CENTRE) {
        if (way === GOAL_SHUT || !slideSight(n, g, cellX(grid, k), cellZ(grid, k), tx, tz)) continue;
      } else if ((known & (1 << d)) !== 0 ? (state & (1 << d)) === 0 : !edgeTo(n, g, grid, k, col, row, d)) continue;
      const c = cost + stepCost(grid, d, grid.cells[next], slopeCost, waterCost);
      if (mark !== open || c < costs[next]) {
        costs[next] = c;
        marks[next] = open;
        froms[next] = d;
        heapPush(c + octile(grid, ni, nj, gi, gj), c, next);
      }
    }
  }
  return best;
}

/**
 * Whether the segment from (ax, az) to (bx, bz) crosses only cells joined by passable edges (RT-4): the cells it
 * passes through are walked in order (a diagonal step where it crosses a corner), each step an edge of the grid.
 * Returns the largest cost factor of the cells it enters (1 when it enters none), or -1 when it is not in sight.
 * With `known`, edges not yet worked out count as impassable and none is worked out (a herd step reads a field's grid
 * while other bodies block, which must not reach the grid).
 */
export function gridSight(n: Numbers, g: Sampler, grid: Grid, ax: number, az: number, bx: number, bz: number, slopeCost: number, waterCost: number, known: boolean): number {
  const c = grid.cell;
  let i = Math.floor(ax / c) - grid.i0;
  let j = Math.floor(az / c) - grid.j0;
  const ei = Math.floor(bx / c) - grid.i0;
  const ej = Math.floor(bz / c) - grid.j0;
  const dx = bx - ax;
  const dz = bz - az;
  const stepI = ei > i ? 1 : ei < i ? -1 : 0;
  const stepJ = ej > j ? 1 : ej < j ? -1 : 0;
  // The fraction of the segment at which it crosses the next line of cells on x and on z, and between two lines.
  const lineX = (grid.i0 + i + (stepI > 0 ? 1.0 : 0.0)) * c;
  const lineZ = (grid.j0 + j + (stepJ > 0 ? 1.0 : 0.0)) * c;
  let tX = stepI !== 0 ? (lineX - ax) / dx : 2.0;
  let tZ = stepJ !== 0 ? (lineZ - az) / dz : 2.0;
  const deltaX = stepI !== 0 ? c / Math.abs(dx) : 0.0;
  const deltaZ = stepJ !== 0 ? c / Math.abs(dz) : 0.0;
  let factor = 1.0;
  while (i !== ei || j !== ej) {
    let mi = 0;
    let mj = 0;
    if (i === ei) mj = stepJ;
    else if (j === ej) mi = stepI;
    else if (tX < tZ) mi = stepI;
    else if (tZ < tX) mj = stepJ;
    else {
      mi = stepI;
      mj = stepJ;
    }
    if (mi !== 0) tX += deltaX;
    if (mj !== 0) tZ += deltaZ;
    const k = j * grid.w + i;
    const d = dirOf(mi, mj);
    if (known ? (grid.cells[k] & (1 << d)) === 0 : !edgeTo(n, g, grid, k, i, j, d)) return -1.0;
    i += mi;
    j += mj;
    factor = Math.max(factor, costFactor(grid.cells[j * grid.w + i], slopeCost, waterCost));
  }
  return factor;
}

/**
 * Whether slide moves a grounded body standing at (ax, az) (as in RT-2) the whole way to (bx, bz) (RT-4): the
 * kernel's own verdict on the segment itself — its steps, water and solids at the angle it is walked.
 */
export function slideSight(n: Numbers, g: Sampler, ax: number, az: number, bx: number, bz: number): boolean {
  return moveClear(n, g, standWalker(n, g, ax, az), bx - ax, bz - az);
}

/**
 * Whether a leg from (ax, az) to (bx, bz) can be walked from rest (RT-3, RT-4): slide moves the grounded body the whole
 * way (slideSight), and SE-7 finds its way open there (wayBlocked) — short moves may be refused where the whole one
 * slides, and a body at rest that cannot set off would read unreachable on the leg.
 */
export function legClear(n: Numbers, g: Sampler, ax: number, az: number, bx: number, bz: number): boolean {
  if (!slideSight(n, g, ax, az, bx, bz)) return false;
  const dx = bx - ax;
  const dz = bz - az;
  return !wayBlocked(n, g, walker, dx, dz, Math.sqrt(dx * dx + dz * dz));
}

// ---- The route found: [count, reached, length, x0, z0, x1, z1, …] ----------------------------------------------

/** Where a route is written: [count, reached (1 or 0), length, then count waypoints (x, z)]. */
export let routeOut = new Float64Array(3);

/** Makes room in routeOut for `count` waypoints, keeping what it holds. */
export function reserveRoute(count: number): void {
  if (3 + count * 2 <= routeOut.length) return;
  const grown = new Float64Array(Math.max(3 + count * 2, routeOut.length * 2));
  grown.set(routeOut);
  routeOut = grown;
}

/** The x of path node p (path[0] the goal, path[last] the start), or the target when p is the reached goal. */
export function pathX(grid: Grid, p: number, reached: boolean, tx: number): number {
  return p === 0 && reached ? tx : cellX(grid, path[p]);
}

/** The z of path node p, or the target when p is the reached goal. */
export function pathZ(grid: Grid, p: number, reached: boolean, tz: number): number {
  return p === 0 && reached ? tz : cellZ(grid, path[p]);
}

/** Appends waypoint (x, z) to routeOut after `from` (x, z) and adds the leg to the length. */
export function addWaypoint(x: number, z: number, fromX: number, fromZ: number): void {
  const count = routeOut[0];
  reserveRoute(count + 1);
  routeOut[3 + count * 2] = x;
  routeOut[4 + count * 2] = z;
  routeOut[0] = count + 1;
  const dx = x - fromX;
  const dz = z - fromZ;
  routeOut[2] += Math.sqrt(dx * dx + dz * dz);
}

/**
 * The route from (sx, sz) to (tx, tz) on the grid into routeOut (RT-3, RT-4): the search's path, smoothed by
 * line-of-sight shortcuts — from each waypoint, the furthest node of the path in grid sight (gridSight), backed off
 * to the furthest a body at rest there can walk to (legClear), is the next. Ends at the target when it is reached, else at the centre of the reachable cell
 * nearest it (or at the start when no cell is nearer).
 */
export function planRoute(n: Numbers, g: Sampler, grid: Grid, sx: number, sz: number, tx: number, tz: number, slopeCost: number, waterCost: number): void {
  reserveSearch(grid.w * grid.h);
  reserveRoute(0);
  const start = (Math.floor(sz / grid.cell) - grid.j0) * grid.w + (Math.floor(sx / grid.cell) - grid.i0);
  const goal = (Math.floor(tz / grid.cell) - grid.j0) * grid.w + (Math.floor(tx / grid.cell) - grid.i0);
  const end = searchGrid(n, g, grid, sx, sz, start, goal, tx, tz, goalWay(n, g, grid, goal, tx, tz), slopeCost, waterCost);
  const reached = end === goal;
  routeOut[0] = 0.0;
  routeOut[1] = reached ? 1.0 : 0.0;
  routeOut[2] = 0.0;
  // Ending in the body's own cell: the target is in it, or no reachable cell is nearer the target (RT-4).
  if (end === start) {
    if (reached) addWaypoint(tx, tz, sx, sz);
    else addWaypoint(sx, sz, sx, sz);
    return;
  }
  let last = 0;
  path[0] = end;
  for (let k = end; froms[k] !== FROM_BODY; last++) {
    const d = froms[k];
    k = k - dirX(d) - dirZ(d) * grid.w;
    path[last + 1] = k;
  }
  // With costs, a shortcut must cost no more than the path it replaces: its length times the costliest cell it
  // enters, against the path's cost plus a cell's diagonal (the segment's ends are off the cells' centres).
  const costly = slopeCost > 0.0 || waterCost > 0.0;
  let ax = sx;
  let az = sz;
  let anchorCost = 0.0;
  // path[last] is a first node (openStart), which slide reaches from the body: the first leg backs off to it at most.
  let p = last;
  while (p >= 0) {
    let q = p;
    while (q > 0) {
      const bx = pathX(grid, q - 1, reached, tx);
      const bz = pathZ(grid, q - 1, reached, tz);
      const factor = gridSight(n, g, grid, ax, az, bx, bz, slopeCost, waterCost, false);
      if (factor < 0.0) break;
      const dx = bx - ax;
      const dz = bz - az;
      if (costly && factor * Math.sqrt(dx * dx + dz * dz) > costs[path[q - 1]] - anchorCost + grid.cell * SQRT2) break;
      q--;
    }
    while (q < p && !legClear(n, g, ax, az, pathX(grid, q, reached, tx), pathZ(grid, q, reached, tz))) q++;
    const x = pathX(grid, q, reached, tx);
    const z = pathZ(grid, q, reached, tz);
    addWaypoint(x, z, ax, az);
    ax = x;
    az = z;
    anchorCost = costs[path[q]];
    p = q - 1;
  }
}

/** Works out the state of every cell of the grid, standing and edges (RT-1, RT-2: the passability `passability` shows). */
export function fillGrid(n: Numbers, g: Sampler, grid: Grid): void {
  const count = grid.w * grid.h;
  for (let k = 0; k < count; k++) edgeState(n, g, grid, k);
}

// ---- Flow fields for herds (RT-7, RT-8) --------------------------------------------------------------------------

/** The side of a flow field's region in cells, centred on its target's cell (RT-7). */
export const FIELD_SIDE = 128;
/** Flow fields a herd keeps; the least recently used is replaced (RT-7). */
export const FIELDS_KEPT = 8;
/** How many cells along its field a body looks for the furthest it sees (RT-8). */
export const LOOKAHEAD = 4;
/** A cell's way in a field: a direction 0–7 toward the target, AT_GOAL in the target's cell, NO_WAY where none leads there. */
export const AT_GOAL = 8;
export const NO_WAY = 255;

/** One kind's flow field to one target cell (ti, tj): its grid over the field's region and each cell's way. */
export class Field {
  kind = -1;
  used = 0;
  ti = 0.0;
  tj = 0.0;
  /** The target the field was made for, and how its way enters the target's cell (goalWay). */
  tx = 0.0;
  tz = 0.0;
  way = 0;
  grid: Grid | null = null;
  next = new Uint8Array(0);
}

/** A herd's flow fields: FIELDS_KEPT slots, and the step clock their `used` is stamped with. */
export class FieldSet {
  clock = 0;
  fields: Field[] = [];
}

/** An empty set of fields. */
export function newFieldSet(): FieldSet {
  const set = new FieldSet();
  for (let k = 0; k < FIELDS_KEPT; k++) set.fields.push(new Field());
  return set;
}

/** Field slot k of a set. */
export function fieldAt(set: FieldSet, k: number): Field {
  return set.fields[k];
}

/**
 * The ways from every cell of the grid's window to cell `goal` (RT-7), into `next`: Dijkstra from the goal over the
 * passable edges taken backwards, each cell's way the direction of its first step on a least-cost path (RT-3's costs
 * without extras, ties as in searchGrid; the edges into the goal as `way` says, judged at the target (tx, tz) where
 * it is GOAL_POINT). A cell the body cannot stand on gets a way but leads no further.
 */
export function flowField(n: Numbers, g: Sampler, grid: Grid, goal: number, tx: number, tz: number, way: number, next: Uint8Array): void {
  const count = grid.w * grid.h;
  for (let k = 0; k < count; k++) next[k] = NO_WAY;
  search++;
  const open = search * 2;
  const closed = open + 1;
  heapSize = 0;
  costs[goal] = 0.0;
  marks[goal] = open;
  next[goal] = AT_GOAL;
  heapPush(0.0, 0.0, goal);
  while (heapSize > 0) {
    const k = heapPop();
    marks[k] = closed;
    const to = standState(n, g, grid, k);
    if (k !== goal && (to & STANDABLE) === 0) continue;
    const col = k % grid.w;
    const row = Math.floor(k / grid.w);
    const cost = costs[k];
    for (let d = 0; d < 8; d++) {
      const pi = col - dirX(d);
      const pj = row - dirZ(d);
      if (pi < grid.left || pj < grid.bottom || pi >= grid.right || pj >= grid.top) continue;
      const from = pj * grid.w + pi;
      if (marks[from] === closed) continue;
      const edges = edgeState(n, g, grid, from);
      if (k === goal && way === GOAL_POINT ? !slideSight(n, g, cellX(grid, from), cellZ(grid, from), tx, tz) : (edges & (1 << d)) === 0) continue;
      const c = cost + stepCost(grid, d, to, 0.0, 0.0);
      if (marks[from] !== open || c < costs[from]) {
        costs[from] = c;
        marks[from] = open;
        next[from] = d;
        heapPush(c, c, from);
      }
    }
  }
}

/** Field f's grid over the `FIELD_SIDE` square from cell (i0, j0), made on first use and emptied on reuse. */
export function fieldGrid(f: Field, g: Sampler, n: Numbers, cell: number, i0: number, j0: number): Grid {
  if (f.grid === null) {
    f.grid = newGrid(cell, i0, j0, FIELD_SIDE, FIELD_SIDE);
    f.next = new Uint8Array(FIELD_SIDE * FIELD_SIDE);
    return f.grid;
  }
  const grid = f.grid;
  grid.cell = cell;
  grid.i0 = i0;
  grid.j0 = j0;
  grid.cells.fill(0);
  return grid;
}

/**
 * The field of `kind` toward the cell of (tx, tz) if the set holds it, stamped as used this step; else null. A field
 * whose way into the target's cell was judged at its target (GOAL_POINT, GOAL_SHUT) serves that target only.
 */
export function fieldFind(set: FieldSet, kind: number, g: Sampler, tx: number, tz: number): Field | null {
  const cell = g.cell > 0.0 ? g.cell : ROUTE_CELL;
  const ti = Math.floor(tx / cell);
  const tj = Math.floor(tz / cell);
  for (let k = 0; k < FIELDS_KEPT; k++) {
    const f = fieldAt(set, k);
    if (f.kind === kind && f.ti === ti && f.tj === tj && (f.way === GOAL_CENTRE || (f.tx === tx && f.tz === tz))) {
      f.used = set.clock;
      return f;
    }
  }
  return null;
}

/**
 * The field of `kind` toward the cell of (tx, tz) (RT-7): the set's, or made now in the slot used least recently
 * (the first of those), over the FIELD_SIDE square centred on the target's cell — unless that slot was used this
 * step too (more targets than FIELDS_KEPT): then null, and no field is replaced, so fields never thrash.
 */
export function fieldFor(set: FieldSet, kind: number, n: Numbers, g: Sampler, tx: number, tz: number): Field | null {
  const found = fieldFind(set, kind, g, tx, tz);
  if (found !== null) return found;
  const cell = g.cell > 0.0 ? g.cell : ROUTE_CELL;
  const ti = Math.floor(tx / cell);
  const tj = Math.floor(tz / cell);
  let slot = 0;
  for (let k = 1; k < FIELDS_KEPT; k++) if (fieldAt(set, k).used < fieldAt(set, slot).used) slot = k;
  const f = fieldAt(set, slot);
  if (f.used === set.clock) return null;
  f.kind = kind;
  f.ti = ti;
  f.tj = tj;
  f.used = set.clock;
  const half = FIELD_SIDE / 2;
  const grid = fieldGrid(f, g, n, cell, ti - half, tj - half);
  setWindow(grid, ti - half, tj - half, FIELD_SIDE, FIELD_SIDE);
  reserveSearch(FIELD_SIDE * FIELD_SIDE);
  const goal = half * FIELD_SIDE + half;
  f.tx = tx;
  f.tz = tz;
  f.way = goalWay(n, g, grid, goal, tx, tz);
  flowField(n, g, grid, goal, tx, tz, f.way, f.next);
  return f;
}

/**
 * Where a body at (x, z) aims along field f toward (tx, tz) (RT-8), into `out`: of the next LOOKAHEAD cells of its
 * way, the furthest whose centre it sees over edges the field has worked out (gridSight, known only) — the target
 * itself once the way reaches the target's cell. False when the body is outside the field or no way leads from its cell.
 */
export function fieldAim(n: Numbers, g: Sampler, f: Field, x: number, z: number, tx: number, tz: number, out: Vec2): boolean {
  const grid = f.grid!;
  const i = Math.floor(x / grid.cell) - grid.i0;
  const j = Math.floor(z / grid.cell) - grid.j0;
  if (i < 0 || j < 0 || i >= grid.w || j >= grid.h) return false;
  let k = j * grid.w + i;
  if (f.next[k] === NO_WAY) return false;
  out.x = cellX(grid, k);
  out.z = cellZ(grid, k);
  for (let s = 0; s < LOOKAHEAD; s++) {
    const d = f.next[k];
    if (d === AT_GOAL) {
      out.x = tx;
      out.z = tz;
      return true;
    }
    k = k + dirX(d) + dirZ(d) * grid.w;
    const ax = f.next[k] === AT_GOAL ? tx : cellX(grid, k);
    const az = f.next[k] === AT_GOAL ? tz : cellZ(grid, k);
    if (s > 0 && gridSight(n, g, grid, x, z, ax, az, 0.0, 0.0, true) < 0.0) return true;
    out.x = ax;
    out.z = az;
  }
  return true;
}

/**
 * Whether field f strands a body at (x, z) (RT-8, SE-7): the body stands in the field on a cell from which no way
 * leads to the target's cell, that cell is not one known to be unstandable, and a way may enter the target's cell
 * (goalWay: its centre or the target itself is standable). The field's verdict is of the cells' centres: where the
 * body cannot stand on its own cell's centre the verdict is not the body's.
 */
export function strandedAt(f: Field, x: number, z: number): boolean {
  const grid = f.grid!;
  const i = Math.floor(x / grid.cell) - grid.i0;
  const j = Math.floor(z / grid.cell) - grid.j0;
  if (i < 0 || j < 0 || i >= grid.w || j >= grid.h) return false;
  const k = j * grid.w + i;
  return f.next[k] === NO_WAY && (grid.cells[k] & (STAND_KNOWN | STANDABLE)) !== STAND_KNOWN && f.way !== GOAL_SHUT;
}

/**
 * Seek for a body its field strands (RT-8, SE-7): plain seek toward the target (SE-1..SE-7), so the body goes on
 * where plain seek takes it and comes to rest where plain seek rests it, and the answer is SEEK_UNREACHABLE — the
 * field has said no way leads there.
 */
export function seekStranded(n: Numbers, g: Sampler, body: Body, tx: number, tz: number, stop: number): number {
  seekBody(n, g, body, tx, tz, stop);
  return SEEK_UNREACHABLE;
}

const aim = new Vec2();

/**
 * Seek along a flow field (RT-8): within `stop` of the target, or where the set has no field for it or the body
 * stands outside it, plain seek (SE-1..SE-7) toward the target; on a cell from which no way leads, seekStranded;
 * else seek toward fieldAim's point, arriving only at the target. Answers as seekBody does.
 */
export function seekAlong(set: FieldSet, kind: number, n: Numbers, g: Sampler, body: Body, tx: number, tz: number, stop: number): number {
  const dx = tx - body.x;
  const dz = tz - body.z;
  if (dx * dx + dz * dz <= stop * stop) return seekBody(n, g, body, tx, tz, stop);
  const f = fieldFind(set, kind, g, tx, tz);
  if (f === null) return seekBody(n, g, body, tx, tz, stop);
  if (strandedAt(f, body.x, body.z)) return seekStranded(n, g, body, tx, tz, stop);
  if (!fieldAim(n, g, f, body.x, body.z, tx, tz, aim)) return seekBody(n, g, body, tx, tz, stop);
  if (aim.x === tx && aim.z === tz) return seekBody(n, g, body, tx, tz, stop);
  const answer = seekBody(n, g, body, aim.x, aim.z, 0.0);
  if (answer !== SEEK_UNREACHABLE) return answer === SEEK_ARRIVED ? SEEK_GOING : answer;
  // Stalled short of a point the grid sees past (a post's corner): make for the centre of the body's own cell, from
  // which every step of the field is a move slide has made (RT-2), and look ahead again from there.
  const grid = f.grid!;
  const k = (Math.floor(body.z / grid.cell) - grid.j0) * grid.w + (Math.floor(body.x / grid.cell) - grid.i0);
  const back = seekBody(n, g, body, cellX(grid, k), cellZ(grid, k), 0.0);
  return back === SEEK_ARRIVED ? SEEK_GOING : back;
}

/** The fields per-row routing seeks follow on this core (RT-7): the FIELDS_KEPT used last, of any ground and kind, filed under fieldKey's key. */
const rowFields = newFieldSet();

/**
 * Sets the body's want along its kind's flow field to (tx, tz) on `ground` (RT-7, RT-8): the field made first when
 * the core does not keep it, with no blocking bodies, then seekAlong with `g`, the call's sampler (its blocking
 * bodies). Answers as seekBody does; `seek` with `{ route: true }` checks the row and writes it back.
 */
export function seekRoute(ground: Ground, n: Numbers, g: Sampler, body: Body, tx: number, tz: number, stop: number): number {
  const key = fieldKey(rowKeys, ground, [ground, ...partsOf(ground)], n);
  rowFields.clock++;
  fieldFor(rowFields, key, n, new Sampler(ground), tx, tz);
  return seekAlong(rowFields, key, n, g, body, tx, tz, stop);
}

// ---- The host side: options, regions and the grids kept (shared with the wasm facade) -------------------------

/** The most cells one grid holds (RT-5): 1024 × 1024, or any box of no more cells. */
export const MAX_CELLS = 1048576;
/** Cells the default region reaches beyond the start and the target at least (RT-5). */
export const MARGIN = 32;
/** Regions are widened to whole blocks of this many cells, so nearby routes share one grid (RT-1). */
export const BLOCK = 32;
/** A region in cells: `w × h` cells from cell (i0, j0) of side `cell`. */
export interface Region {
  cell: number;
  i0: number;
  j0: number;
  w: number;
  h: number;
}

/** The side of the cells a ground is planned on (RT-1): its lattice side, or ROUTE_CELL without one. */
export function routeCell(ground: Ground): number {
  const cell = ground.cell;
  return cell !== undefined && cell > 0 ? cell : ROUTE_CELL;
}

function tooBig(field: string, value: string, w: number, h: number): never {
  throw new Error(`walker: ${field} is ${value}, a region of ${w} × ${h} cells; expected at most ${MAX_CELLS} cells (RT-5).`);
}

/** The cells of the box [x0, z0, x1, z1] called `field` (RT-5); throws a sentence when it is malformed or too large. */
export function boxRegion(cell: number, field: string, box: readonly number[]): Region {
  const r = checkVector(field, box, 4);
  const i0 = Math.floor(r[0] / cell);
  const j0 = Math.floor(r[1] / cell);
  const w = Math.floor(r[2] / cell) - i0 + 1;
  const h = Math.floor(r[3] / cell) - j0 + 1;
  if (!(r[2] >= r[0] && r[3] >= r[1])) throw new Error(`walker: ${field} is [${r.join(', ')}]; expected [x0, z0, x1, z1] with x0 ≤ x1 and z0 ≤ z1 (RT-5).`);
  if (w * h > MAX_CELLS) tooBig(field, `[${r.join(', ')}]`, w, h);
  return { cell, i0, j0, w, h };
}

/**
 * The region a route from (sx, sz) to (tx, tz) searches (RT-5): `region` [x0, z0, x1, z1] when given (it must hold
 * both ends), else the box round both ends widened by max(MARGIN, its larger side) cells on each side, out to
 * whole BLOCKs, and narrowed again as far as needed to hold at most MAX_CELLS cells. Throws a sentence when even the
 * two ends' own box is larger, or `region` is malformed, does not hold them, or is larger.
 */
export function regionOf(cell: number, sx: number, sz: number, tx: number, tz: number, region?: readonly number[]): Region {
  const si = Math.floor(sx / cell);
  const sj = Math.floor(sz / cell);
  const ti = Math.floor(tx / cell);
  const tj = Math.floor(tz / cell);
  if (region !== undefined) {
    const box = boxRegion(cell, 'options.region', region);
    if (Math.min(si, ti) < box.i0 || Math.max(si, ti) >= box.i0 + box.w || Math.min(sj, tj) < box.j0 || Math.max(sj, tj) >= box.j0 + box.h) {
      throw new Error(`walker: options.region is [${region.join(', ')}]; expected a box [x0, z0, x1, z1] holding the body's pos and the target (RT-5).`);
    }
    return box;
  }
  const lo = (v: number, m: number): number => Math.floor((v - m) / BLOCK) * BLOCK;
  const hi = (v: number, m: number): number => Math.floor((v + m) / BLOCK) * BLOCK + BLOCK;
  const [iLo, iHi, jLo, jHi] = [Math.min(si, ti), Math.max(si, ti), Math.min(sj, tj), Math.max(sj, tj)];
  if ((iHi - iLo + 1) * (jHi - jLo + 1) > MAX_CELLS) tooBig('target', `[${tx}, ${tz}]`, iHi - iLo + 1, jHi - jLo + 1);
  const boxOf = (m: number): Region => {
    const i0 = lo(iLo, m);
    const j0 = lo(jLo, m);
    return { cell, i0, j0, w: hi(iHi, m) - i0, h: hi(jHi, m) - j0 };
  };
  let m = Math.max(MARGIN, iHi - iLo, jHi - jLo);
  let box = boxOf(m);
  while (box.w * box.h > MAX_CELLS && m > 0) {
    m = Math.floor(m / 2);
    box = boxOf(m);
  }
  if (box.w * box.h > MAX_CELLS) return { cell, i0: iLo, j0: jLo, w: iHi - iLo + 1, h: jHi - jLo + 1 };
  return box;
}

/** Whether region `inner` lies within `outer` (same cell): a grid of `outer` serves a route of `inner`. */
export function regionWithin(inner: Region, outer: Region): boolean {
  return inner.cell === outer.cell && inner.i0 >= outer.i0 && inner.j0 >= outer.j0 && inner.i0 + inner.w <= outer.i0 + outer.w && inner.j0 + inner.h <= outer.j0 + outer.h;
}

/** route's options checked (RT-3): costs finite and ≥ 0 (absent: 0), the region left to regionOf; no other key (BI-5). */
export function routeOptions(options: RouteOptions | undefined): { slopeCost: number; waterCost: number; region?: readonly number[] } {
  if (options === undefined) return { slopeCost: 0, waterCost: 0 };
  if (options === null || typeof options !== 'object') throw new Error(`walker: options is ${String(options)}; expected an object { slopeCost?, waterCost?, region? }.`);
  checkKnownKeys('route options', options, ['slopeCost', 'waterCost', 'region'] satisfies (keyof RouteOptions)[]);
  return {
    slopeCost: options.slopeCost === undefined ? 0 : checkNumber('options.slopeCost', options.slopeCost, 0),
    waterCost: options.waterCost === undefined ? 0 : checkNumber('options.waterCost', options.waterCost, 0),
    region: options.region,
  };
}

/** The route written at `at` in `values` ([count, reached, length, x, z, …]) as the object `route` returns. */
export function routeFrom(values: Float64Array, at: number): Route {
  const count = values[at];
  const waypoints: [number, number][] = [];
  for (let p = 0; p < count; p++) waypoints.push([values[at + 3 + p * 2], values[at + 4 + p * 2]]);
  return { waypoints, reached: values[at + 1] !== 0, length: values[at + 2] };
}

/** The grid's cell states from `at` in `cells` as `passability` shows them (RT-2): standing and out-edges per cell. */
export function passabilityFrom(region: Region, cells: ArrayLike<number>, at: number): Passability {
  const count = region.w * region.h;
  const stand = new Uint8Array(count);
  const edges = new Uint8Array(count);
  for (let k = 0; k < count; k++) {
    stand[k] = (cells[at + k] & STANDABLE) !== 0 ? 1 : 0;
    edges[k] = cells[at + k] & 255;
  }
  return { x0: region.i0 * region.cell, z0: region.j0 * region.cell, cell: region.cell, columns: region.w, rows: region.h, stand, edges };
}

/** Grids kept per core (RT-1): the most recently used, each for a ground's parts, a kind's numbers and a region. */
export const GRIDS_KEPT = 4;

interface Kept {
  ground: Ground;
  parts: readonly unknown[];
  n: Numbers;
  region: Region;
  grid: Grid;
}

const kept: Kept[] = [];

/** The parts of a ground a grid depends on: when any is replaced, the grid is not used again (RT-1). */
function partsOf(ground: Ground): readonly unknown[] {
  return [ground.height, ground.depth, ground.solids, ground.cell];
}

/** A kept grid of this ground and kind whose region holds `region`, or a new one (the least recently used dropped). */
function gridFor(ground: Ground, n: Numbers, region: Region): Grid {
  const parts = partsOf(ground);
  for (let i = 0; i < kept.length; i++) {
    const e = kept[i];
    if (e.ground === ground && e.n === n && e.parts.every((p, j) => p === parts[j]) && regionWithin(region, e.region)) {
      kept.splice(i, 1);
      kept.unshift(e);
      return e.grid;
    }
  }
  const grid = newGrid(region.cell, region.i0, region.j0, region.w, region.h);
  kept.unshift({ ground, parts, n, region, grid });
  if (kept.length > GRIDS_KEPT) kept.pop();
  return grid;
}

/** A key of the per-row fields (RT-7): the parts of a ground and the kind's numbers it was given for. */
export interface FieldKey {
  /** Kept alive with the key (a wasm ground's upload, whose address is one of the parts). */
  owner: object;
  parts: readonly unknown[];
  n: Numbers;
  key: number;
}

/** Keys given so far, on every core: a key is never given twice. */
let keysGiven = 0;

/** The reference core's per-row field keys, the FIELDS_KEPT used last. */
const rowKeys: FieldKey[] = [];

/**
 * The key a per-row routing seek files a kind's fields on a ground under (RT-7): the same while every part and the
 * kind's numbers (so its kinds table) are the same, else a new key, never given before — so a field made on a part
 * since replaced is never found again. The FIELDS_KEPT keys used last are remembered: no older key names a kept field.
 */
export function fieldKey(keys: FieldKey[], owner: object, parts: readonly unknown[], n: Numbers): number {
  for (let i = 0; i < keys.length; i++) {
    const e = keys[i];
    if (e.n === n && e.parts.length === parts.length && e.parts.every((p, j) => p === parts[j])) {
      keys.splice(i, 1);
      keys.unshift(e);
      return e.key;
    }
  }
  keysGiven++;
  keys.unshift({ owner, parts, n, key: keysGiven });
  if (keys.length > FIELDS_KEPT) keys.pop();
  return keysGiven;
}

/**
 * The shortest passable route for a row to `target` [x, z] over `ground` (RT-3, RT-4): waypoints smoothed by line of
 * sight, whether the target is reached, and the length. Reads the row, writes nothing.
 */
export function route(me: Row, w: World, target: readonly number[], ground: Ground, options?: RouteOptions): Route {
  const n = numbers(me, w);
  const t = checkVector('target', target, 2);
  const o = routeOptions(options);
  const body: Body = readBody(me, newBody());
  const g = new Sampler(ground);
  const region = regionOf(routeCell(ground), body.x, body.z, t[0], t[1], o.region);
  const grid = gridFor(ground, n, region);
  setWindow(grid, region.i0, region.j0, region.w, region.h);
  planRoute(n, g, grid, body.x, body.z, t[0], t[1], o.slopeCost, o.waterCost);
  return routeFrom(routeOut, 0);
}

/**
 * The passability grid of a row's kind over `region` [x0, z0, x1, z1] (RT-1, RT-2): which cells the body can stand
 * on and which moves between neighbours slide makes — for drawing, and for checking a level. Writes nothing.
 */
export function passability(me: Row, w: World, ground: Ground, region: readonly number[]): Passability {
  const n = numbers(me, w);
  const box = boxRegion(routeCell(ground), 'region', region);
  const grid = newGrid(box.cell, box.i0, box.j0, box.w, box.h);
  fillGrid(n, new Sampler(ground), grid);
  return passabilityFrom(box, grid.cells, 0);
}
