/**
 * The search for the cheapest passable path on a grid (RT-3, RT-4): A* over the grid's cells with each step's cost,
 * from the body's own place to the target's cell or the nearest reachable one.
 * Twin of src/reference/search.ts: same functions, same operations, same order.
 */
import { F64s, I32s, Numbers, U8Values, alloc, free } from './memory';
import { Sampler } from './lattice';
import { EDGES_KNOWN, Grid, LEVELS, SQRT2, STANDABLE, cellX, cellZ, dirX, dirZ, edgeTo, legClear, slideSight, standState, standableAt, verdicts } from './passability';

/**
 * How a way enters the target's cell (RT-2): GOAL_CENTRE where its centre is standable (its edges, as any cell's);
 * else GOAL_POINT where the target itself is (standableAt), each edge in judged by slide from the neighbour's centre
 * to the target (goal edges: the search's own, never kept in the grid, which other targets share); else GOAL_SHUT.
 */
export const GOAL_CENTRE: i32 = 0;
export const GOAL_POINT: i32 = 1;
export const GOAL_SHUT: i32 = 2;

/** How a way enters cell `goal`, the cell of the target (tx, tz): GOAL_CENTRE, GOAL_POINT or GOAL_SHUT (RT-2). */
export function goalWay(n: Numbers, g: Sampler, grid: Grid, goal: i32, tx: f64, tz: f64): i32 {
  if ((standState(n, g, grid, goal) & STANDABLE) != 0) return GOAL_CENTRE;
  return standableAt(n, g, tx, tz) ? GOAL_POINT : GOAL_SHUT;
}

/** The octile distance in metres from cell (i, j) to cell (ti, tj) (RT-3): admissible, as no step costs less than its length. */
export function octile(grid: Grid, i: i32, j: i32, ti: i32, tj: i32): f64 {
  const di = abs<i32>(i - ti);
  const dj = abs<i32>(j - tj);
  const long = max<i32>(di, dj);
  const short = min<i32>(di, dj);
  return (<f64>(long - short) + <f64>short * SQRT2) * grid.cell;
}

/** The factor a cell of state `to` puts on the length of a step onto it (RT-3): 1, more on slope and in water. */
export function costFactor(to: i32, slopeCost: f64, waterCost: f64): f64 {
  const slope = <f64>((to >>> 16) & 255) / LEVELS;
  const depth = <f64>((to >>> 24) & 255) / LEVELS;
  return 1.0 + slopeCost * slope + waterCost * depth;
}

/**
 * The cost in metres of a step in direction d onto a cell of state `to` (RT-3): its length times the cell's factor.
 * Without extras the factor is exactly 1 (1 + 0·s + 0·d), so it is not worked out.
 */
export function stepCost(grid: Grid, d: i32, to: i32, slopeCost: f64, waterCost: f64): f64 {
  const length = (d & 1) == 0 ? grid.cell : grid.cell * SQRT2;
  if (slopeCost == 0.0 && waterCost == 0.0) return length;
  return length * costFactor(to, slopeCost, waterCost);
}

// ---- The search's storage: per node of the grid, shared by every search (they never nest) ---------------------

let capacity: i32 = 0;
/** The cost from the start to each node found, valid where its mark is this search's. */
export let costs = changetype<F64s>(0);
/** 2·search for a node found and open, 2·search + 1 for one closed; older marks mean not found. */
export let marks = changetype<I32s>(0);
/** The direction of the step that reached each node. */
export let froms = changetype<U8Values>(0);
/** The nodes of the path found, goal first (written after the search). */
export let path = changetype<I32s>(0);
/** During a search, each open node's place in the open heap: the same block as `path`, written only after it. */
let places = path;
let search: i32 = 0;
/** The open nodes, each once: a binary heap of (f, cost, node), least f first, then greatest cost, then least node. */
let heapF = changetype<F64s>(0);
let heapG = changetype<F64s>(0);
let heapK = changetype<I32s>(0);
export let heapSize: i32 = 0;
let heapCapacity: i32 = 0;

/**
 * A budgeted route's search paused unfinished (RT-3), kept with the storage it fills: its open heap, costs and marks
 * stay as they are, and the same search asked again — the same grid, window, ends and costs — goes on from them.
 * `open` is its open mark, `best` its closed node nearest the goal so far, `bestD` that node's squared distance.
 */
@unmanaged class Pause {
  held: bool;
  grid: i32;
  sx: f64;
  sz: f64;
  tx: f64;
  tz: f64;
  slopeCost: f64;
  waterCost: f64;
  left: i32;
  bottom: i32;
  right: i32;
  top: i32;
  open: i32;
  best: i32;
  bestD: f64;
}

/** The pause of the search in the storage in use. */
let pause = changetype<Pause>(memory.data(offsetof<Pause>()));

// ---- A second storage, where a paused search is set aside while other searches run (RT-3) ----------------------

let asideCosts = changetype<F64s>(0);
let asideMarks = changetype<I32s>(0);
let asideFroms = changetype<U8Values>(0);
let asidePath = changetype<I32s>(0);
let asideSearch: i32 = 0;
let asideHeapF = changetype<F64s>(0);
let asideHeapG = changetype<F64s>(0);
let asideHeapK = changetype<I32s>(0);
let asideHeapSize: i32 = 0;
let asideHeapCapacity: i32 = 0;
let asideCapacity: i32 = 0;
let asidePause = changetype<Pause>(memory.data(offsetof<Pause>()));

/** Swaps the storage in use with the one set aside, each with its search's marks, heap and pause. */
function swapStorage(): void {
  const c = costs; costs = asideCosts; asideCosts = c;
  const m = marks; marks = asideMarks; asideMarks = m;
  const f = froms; froms = asideFroms; asideFroms = f;
  const p = path; path = asidePath; asidePath = p;
  places = path;
  const s = search; search = asideSearch; asideSearch = s;
  const hf = heapF; heapF = asideHeapF; asideHeapF = hf;
  const hg = heapG; heapG = asideHeapG; asideHeapG = hg;
  const hk = heapK; heapK = asideHeapK; asideHeapK = hk;
  const hs = heapSize; heapSize = asideHeapSize; asideHeapSize = hs;
  const hc = heapCapacity; heapCapacity = asideHeapCapacity; asideHeapCapacity = hc;
  const cap = capacity; capacity = asideCapacity; asideCapacity = cap;
  const pa = pause; pause = asidePause; asidePause = pa;
}

/**
 * Before another search takes the storage in use: a paused search in it is set aside in the second storage (where
 * the one set aside before, if any, is dropped), so a budgeted route goes on after other searches ran (RT-3).
 */
function setAside(): void {
  if (!pause.held) return;
  swapStorage();
  pause.held = false;
}

/** Makes room in the search's storage for grids of `count` nodes (a paused search in it set aside first). */
export function reserveSearch(count: i32): void {
  setAside();
  if (count <= capacity) return;
  capacity = count;
  free(changetype<usize>(costs));
  free(changetype<usize>(marks));
  free(changetype<usize>(froms));
  free(changetype<usize>(path));
  costs = changetype<F64s>(alloc(<usize>count << 3));
  marks = changetype<I32s>(alloc(<usize>count << 2));
  froms = changetype<U8Values>(alloc(<usize>count));
  path = changetype<I32s>(alloc(<usize>count << 2));
  places = path;
  search = 0;
}

/**
 * Starts a search over the storage (searchGrid, or a field's Dijkstra): sets a paused search in it aside, empties the
 * open heap and answers the mark of the nodes it opens, unlike any earlier search's (the nodes it closes are marked one more).
 */
export function startSearch(): i32 {
  setAside();
  search++;
  heapSize = 0;
  return search * 2;
}
/**
 * Whether (fa, ga, ka) comes out of the open heap before (fb, gb, kb): least f, then greatest cost (nearest the
 * target), then least node. Every comparison is made and combined without branches (ties on f are common and the
 * outcome is a coin flip, a branch would mispredict).
 */
@inline export function heapBefore(fa: f64, ga: f64, ka: i32, fb: f64, gb: f64, kb: i32): bool {
  return ((<i32>(fa < fb)) | ((<i32>(fa == fb)) & ((<i32>(ga > gb)) | ((<i32>(ga == gb)) & (<i32>(ka < kb)))))) != 0;
}

/** Moves `count` values of `bytes` bytes each from `old` to a new block of `size` values; frees the old one. */
export function grown(old: usize, count: i32, size: i32, bytes: i32): usize {
  const block = alloc(<usize>size * <usize>bytes);
  memory.copy(block, old, <usize>count * <usize>bytes);
  free(old);
  return block;
}

/** Puts (f, cost, node) in the open heap at hole i or above it: the entries before it move down into the hole it rises through. */
function heapRise(i: i32, f: f64, cost: f64, node: i32): void {
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
export function heapPush(f: f64, cost: f64, node: i32): void {
  const at = places[node];
  if (at < heapSize && heapK[at] == node) {
    if (heapBefore(f, cost, node, heapF[at], heapG[at], node)) heapRise(at, f, cost, node);
    return;
  }
  if (heapSize == heapCapacity) {
    const size = max<i32>(1024, heapSize * 2);
    heapF = changetype<F64s>(grown(changetype<usize>(heapF), heapSize, size, 8));
    heapG = changetype<F64s>(grown(changetype<usize>(heapG), heapSize, size, 8));
    heapK = changetype<I32s>(grown(changetype<usize>(heapK), heapSize, size, 4));
    heapCapacity = size;
  }
  heapSize++;
  heapRise(heapSize - 1, f, cost, node);
}

/**
 * Takes the first entry out of the open heap and returns its node. The hole at the top sinks to a leaf along the
 * first child of each pair, and the last entry rises from there (it mostly belongs near the bottom): half the
 * comparisons of sinking it from the top, and the same entries come out in the same order.
 */
export function heapPop(): i32 {
  const first = heapK[0];
  heapSize--;
  let i = 0;
  while (true) {
    const left = i + i + 1;
    if (left >= heapSize) break;
    // The entry after the last is still in the array (heapSize ≤ its count), so both are read either way.
    const right = left + 1;
    const child = left + ((<i32>(right < heapSize)) & (<i32>heapBefore(heapF[right], heapG[right], heapK[right], heapF[left], heapG[left], heapK[left])));
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
export function openStart(n: Numbers, g: Sampler, grid: Grid, sx: f64, sz: f64, start: i32, goal: i32, tx: f64, tz: f64, way: i32, slopeCost: f64, waterCost: f64, open: i32): void {
  const w = grid.w;
  const col = start % w;
  const row = start / w;
  const gi = goal % w;
  const gj = goal / w;
  for (let d = -1; d < 8; d++) {
    const ni = d < 0 ? col : col + dirX(d);
    const nj = d < 0 ? row : row + dirZ(d);
    if (ni < grid.left || nj < grid.bottom || ni >= grid.right || nj >= grid.top) continue;
    const k = nj * w + ni;
    const atTarget = k == goal && way != GOAL_CENTRE;
    if (atTarget ? way == GOAL_SHUT : (standState(n, g, grid, k) & STANDABLE) == 0) continue;
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

/** searchGrid's answer when its budget ran out before the search ended: no node (RT-3). */
export const SEARCH_PAUSED: i32 = -1;

/** Whether `p` holds this search paused: the same grid, window, ends and costs (RT-3). */
function pausedHere(p: Pause, grid: Grid, sx: f64, sz: f64, tx: f64, tz: f64, slopeCost: f64, waterCost: f64): bool {
  return p.held && p.grid == grid.serial && p.sx == sx && p.sz == sz && p.tx == tx && p.tz == tz && p.slopeCost == slopeCost &&
    p.waterCost == waterCost && p.left == grid.left && p.bottom == grid.bottom && p.right == grid.right && p.top == grid.top;
}

/**
 * Whether this search is paused, in the storage in use or in the one set aside (then swapped in, the one in use set
 * aside in its place): it goes on where it paused (RT-3).
 */
function resumes(grid: Grid, sx: f64, sz: f64, tx: f64, tz: f64, slopeCost: f64, waterCost: f64): bool {
  if (pausedHere(pause, grid, sx, sz, tx, tz, slopeCost, waterCost)) return true;
  if (!pausedHere(asidePause, grid, sx, sz, tx, tz, slopeCost, waterCost)) return false;
  swapStorage();
  return true;
}

/** Records the search in the storage in use as paused, to go on with when it is asked again (resumes). */
function pauseHere(grid: Grid, sx: f64, sz: f64, tx: f64, tz: f64, slopeCost: f64, waterCost: f64): void {
  const p = pause;
  p.held = true;
  p.grid = grid.serial;
  p.sx = sx;
  p.sz = sz;
  p.tx = tx;
  p.tz = tz;
  p.slopeCost = slopeCost;
  p.waterCost = waterCost;
  p.left = grid.left;
  p.bottom = grid.bottom;
  p.right = grid.right;
  p.top = grid.top;
}

/**
 * A* from the body at (sx, sz), in node `start`, to node `goal` over the grid's passable edges (RT-3): its first
 * nodes as openStart opens them, 8 neighbours, costs in metres, the octile heuristic, within the grid's window, each
 * edge into the goal as `way` says (goalWay: judged at the target (tx, tz) itself where the goal's centre is
 * unstandable, never kept in the grid). Returns `goal` when it is reached, else the closed node nearest it (least
 * squared distance in cells, the first closed of those), or `start` when none is nearer than the body's own cell. Ties in the open heap go by heapBefore, so both cores expand the same nodes.
 * With a `budget` (≥ 0; -1: none) it expands no further node once the cells it expanded and the verdicts worked out
 * since resetVerdicts reach the budget, and answers SEARCH_PAUSED: asked again, it goes on where it stopped — the
 * nodes come out in the same order as in one whole search, so it ends the same.
 */
export function searchGrid(n: Numbers, g: Sampler, grid: Grid, sx: f64, sz: f64, start: i32, goal: i32, tx: f64, tz: f64, way: i32, slopeCost: f64, waterCost: f64, budget: i32): i32 {
  const w = grid.w;
  const gi = goal % w;
  const gj = goal / w;
  if (!resumes(grid, sx, sz, tx, tz, slopeCost, waterCost)) {
    reserveSearch(grid.w * grid.h);
    pause.open = startSearch();
    openStart(n, g, grid, sx, sz, start, goal, tx, tz, way, slopeCost, waterCost, pause.open);
    const si = <f64>(start % w - gi);
    const sj = <f64>(start / w - gj);
    pause.best = start;
    pause.bestD = si * si + sj * sj;
  }
  pause.held = false;
  const p = pause;
  const open = p.open;
  const closed = open + 1;
  let expanded = 0;
  while (heapSize > 0) {
    if (budget >= 0 && expanded + verdicts() >= budget) {
      pauseHere(grid, sx, sz, tx, tz, slopeCost, waterCost);
      return SEARCH_PAUSED;
    }
    expanded++;
    const k = heapPop();
    marks[k] = closed;
    const col = k % w;
    const row = k / w;
    const di = <f64>(col - gi);
    const dj = <f64>(row - gj);
    const d2 = di * di + dj * dj;
    if (d2 < p.bestD) {
      p.best = k;
      p.bestD = d2;
    }
    if (k == goal) break;
    const cost = costs[k];
    // The verdicts already in the cell's state, read once (edgeTo works out the others, each asked once here).
    const state = grid.cells[k];
    const known = (state & EDGES_KNOWN) != 0 ? 255 : grid.known[k];
    for (let d = 0; d < 8; d++) {
      const ni = col + dirX(d);
      const nj = row + dirZ(d);
      if (ni < grid.left || nj < grid.bottom || ni >= grid.right || nj >= grid.top) continue;
      const next = nj * w + ni;
      const mark = marks[next];
      if (mark == closed) continue;
      if (next == goal && way != GOAL_CENTRE) {
        if (way == GOAL_SHUT || !slideSight(n, g, cellX(grid, k), cellZ(grid, k), tx, tz)) continue;
      } else if ((known & (1 << d)) != 0 ? (state & (1 << d)) == 0 : !edgeTo(n, g, grid, k, col, row, d)) continue;
      const c = cost + stepCost(grid, d, grid.cells[next], slopeCost, waterCost);
      if (mark != open || c < costs[next]) {
        costs[next] = c;
        marks[next] = open;
        froms[next] = d;
        heapPush(c + octile(grid, ni, nj, gi, gj), c, next);
      }
    }
  }
  return p.best;
}
