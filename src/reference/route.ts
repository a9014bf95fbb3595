/**
 * route's per-row calls (RT-1..RT-5): a route planned on a grid, and a grid's cells for `passability`.
 * It also holds the host side both entries share: regions, options, the grids kept, and reading a route out.
 * Twin of assembly/route.ts: same functions, same operations, same order.
 */
import { numbers } from '../kinds.ts';
import { checkKnownKeys } from '../known.ts';
import { checkNumber, checkVector, readBody } from '../rows.ts';
import { newBody, type Body } from '../body.ts';
import { Sampler } from './lattice.ts';
import { CHANGE_MARGIN } from './fields.ts';
import { Grid, ROUTE_CELL, STANDABLE, fillGrid, forgetCellsIn, forgetChangesIn, newGrid, setWindow } from './passability.ts';
import { LOG_SIZE } from './scatter.ts';
import { planRoute, routeOut } from './waypoints.ts';
import type { Ground, Numbers, Passability, Route, RouteOptions, Row, World } from '../types.ts';

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

/**
 * route's options checked (RT-3): costs finite and ≥ 0 (absent: 0), the budget a whole number ≥ 1 (absent: -1, none),
 * the region left to regionOf; no other key (BI-5).
 */
export function routeOptions(options: RouteOptions | undefined): { slopeCost: number; waterCost: number; budget: number; region?: readonly number[] } {
  if (options === undefined) return { slopeCost: 0, waterCost: 0, budget: -1 };
  if (options === null || typeof options !== 'object') throw new Error(`walker: options is ${String(options)}; expected an object { slopeCost?, waterCost?, budget?, region? }.`);
  checkKnownKeys('route options', options, ['slopeCost', 'waterCost', 'budget', 'region'] satisfies (keyof RouteOptions)[]);
  return {
    slopeCost: options.slopeCost === undefined ? 0 : checkNumber('options.slopeCost', options.slopeCost, 0),
    waterCost: options.waterCost === undefined ? 0 : checkNumber('options.waterCost', options.waterCost, 0),
    budget: options.budget === undefined ? -1 : checkBudget(options.budget),
    region: options.region,
  };
}

/** The largest budget: the wasm core counts the work in an i32. */
const MAX_BUDGET = 2147483647;

/** options.budget checked (RT-3): a whole number from 1 to MAX_BUDGET; throws a sentence naming it otherwise. */
function checkBudget(budget: unknown): number {
  if (typeof budget !== 'number' || !Number.isInteger(budget) || budget < 1 || budget > MAX_BUDGET) {
    throw new Error(`walker: options.budget is ${typeof budget === 'string' ? JSON.stringify(budget) : String(budget)}; expected a whole number (cells expanded plus grid verdicts worked out per call) from 1 to ${MAX_BUDGET} (RT-3).`);
  }
  return budget;
}

/** The route written at `at` in `values` ([count, reached, length, x, z, …]; count 0: unfinished) as the object `route` returns. */
export function routeFrom(values: Float64Array, at: number): Route {
  const count = values[at];
  const waypoints: [number, number][] = [];
  for (let p = 0; p < count; p++) waypoints.push([values[at + 3 + p * 2], values[at + 4 + p * 2]]);
  // A finished route has a waypoint at least; none is a plan its budget left unfinished.
  return { waypoints, reached: values[at + 1] !== 0, length: values[at + 2], pending: count === 0 };
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
export function partsOf(ground: Ground): readonly unknown[] {
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

/**
 * Forgets, in each kept grid of a ground `serves` names, the cells a change of the solids may have made stale (LV-4):
 * for each box [x0, z0, x1, z1] of `boxes` (4 numbers each, the last `boxes.length / 4` changes of `log`, whose
 * count is `changes`), the cells it reaches grown by the grid's kind's radius and CHANGE_MARGIN, and the edges into
 * them (forgetChangesIn, or forgetCellsIn box by box when the log no longer holds them all). Why: the verdicts near a
 * changed solid are stale, the rest still hold — a repair costs the cells the change covers, not a new grid's; a
 * search set aside on a grid that forgot cells starts over (RT-3).
 */
export function forgetCellsWhere(serves: (ground: Ground) => boolean, boxes: readonly number[], log: Float64Array, changes: number): void {
  const count = boxes.length / 4;
  for (const { ground, n, grid } of kept) {
    if (!serves(ground)) continue;
    const reach = n.radius + CHANGE_MARGIN;
    if (count <= LOG_SIZE) forgetChangesIn(grid, log, changes - count, changes, reach);
    else for (let k = 0; k < boxes.length; k += 4) forgetCellsIn(grid, boxes[k], boxes[k + 1], boxes[k + 2], boxes[k + 3], reach);
  }
}

/**
 * The passability of the grid kept for a row's kind on `ground` used last, worked out whole (RT-1, RT-2), or
 * undefined when none is kept: for checking that a grid repaired after edits equals one made fresh (LV-4).
 */
export function keptPassability(me: Row, w: World, ground: Ground): Passability | undefined {
  const n = numbers(me, w);
  const parts = partsOf(ground);
  const e = kept.find((k) => k.ground === ground && k.n === n && k.parts.every((p, j) => p === parts[j]));
  if (e === undefined) return undefined;
  fillGrid(n, new Sampler(ground), e.grid);
  return passabilityFrom(e.region, e.grid.cells, 0);
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
  planRoute(n, g, grid, body.x, body.z, t[0], t[1], o.slopeCost, o.waterCost, o.budget);
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
