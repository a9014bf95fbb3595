/**
 * Flow fields for bodies that seek along routes (RT-7, RT-8): one kind's way to one target cell from every cell of a
 * grid round it, kept in sets by target and kind, and seek along a field.
 * Twin of assembly/fields.ts: same functions, same operations, same order.
 */
import type { Body } from '../body.ts';
import { Sampler } from './lattice.ts';
import { SEEK_ARRIVED, SEEK_GOING, SEEK_UNREACHABLE, seekBody } from './seek.ts';
import { Vec2 } from './stand.ts';
import { Grid, ROUTE_CELL, STANDABLE, STAND_KNOWN, cellX, cellZ, dirX, dirZ, edgeState, newGrid, setWindow, slideSight, standState } from './passability.ts';
import { GOAL_CENTRE, GOAL_POINT, GOAL_SHUT, costs, goalWay, heapPop, heapPush, heapSize, marks, reserveSearch, startSearch, stepCost } from './search.ts';
import { gridSight } from './waypoints.ts';
import type { Numbers } from '../types.ts';

/** The side of a flow field's region in cells, centred on its target's cell (RT-7). */
export const FIELD_SIDE = 128;
/** Flow fields a herd keeps; the least recently used is replaced (RT-7). */
export const FIELDS_KEPT = 8;
/** How far, in cells on x and on z, a held field's target cell may lie from a body's own for the body to follow it (RT-8). */
export const BORROW_REACH = 16;
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
  /** The kind's radius the field was made for: how far off a change of the solids reaches it (dropFieldsIn). */
  radius = 0.0;
  grid: Grid | null = null;
  next = new Uint8Array(0);
}

/** A herd's flow fields: FIELDS_KEPT slots, and the step clock their `used` is stamped with. */
export class FieldSet {
  clock = 0;
  fields: Field[] = [];
  /** How many changes of its ground's solids the set has caught up with (LV-4: src/reference/herd.ts forgetChangedSolids). */
  seen = 0;
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
 * it is GOAL_POINT). A cell the body cannot stand on gets a way but leads no further. The goal's edges out of it are
 * worked out too.
 */
export function flowField(n: Numbers, g: Sampler, grid: Grid, goal: number, tx: number, tz: number, way: number, next: Uint8Array): void {
  const count = grid.w * grid.h;
  for (let k = 0; k < count; k++) next[k] = NO_WAY;
  const open = startSearch();
  const closed = open + 1;
  costs[goal] = 0.0;
  marks[goal] = open;
  next[goal] = AT_GOAL;
  // The goal's own edges too, which no step of the search asks: a body lent the field sees on from there (fieldNear).
  edgeState(n, g, grid, goal);
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
  f.radius = n.radius;
  f.way = goalWay(n, g, grid, goal, tx, tz);
  flowField(n, g, grid, goal, tx, tz, f.way, f.next);
  return f;
}

/**
 * How far past a changed solid's disc grown by a body's radius a kept grid or field counts as reached (LV-4), m: far
 * above rounding, so a verdict a change could alter is never kept.
 */
export const CHANGE_MARGIN = 0.01;

/**
 * Drops every field of the set whose region the box [x0, z0, x1, z1] where the solids changed reaches, grown by the
 * field's kind's radius and CHANGE_MARGIN (LV-4): a dropped slot is free and used least, so it is made again first.
 * Why: a field's every way may run through the change; the others' verdicts stand.
 */
export function dropFieldsIn(set: FieldSet, x0: number, z0: number, x1: number, z1: number): void {
  for (let k = 0; k < FIELDS_KEPT; k++) {
    const f = fieldAt(set, k);
    const grid = f.grid;
    if (f.kind < 0 || grid === null) continue;
    const reach = f.radius + CHANGE_MARGIN;
    const a0 = grid.i0 * grid.cell;
    const b0 = grid.j0 * grid.cell;
    const a1 = (grid.i0 + FIELD_SIDE) * grid.cell;
    const b1 = (grid.j0 + FIELD_SIDE) * grid.cell;
    if (x0 - reach <= a1 && a0 <= x1 + reach && z0 - reach <= b1 && b0 <= z1 + reach) {
      f.kind = -1;
      f.used = 0;
    }
  }
}

/**
 * The held field of `kind` a body follows when the set cannot hold its own (RT-8): of the fields whose target cell
 * lies within BORROW_REACH cells of the cell of (tx, tz) on x and on z, into whose target cell a way may lead (not
 * GOAL_SHUT), and from whose way's end (wayEndX, wayEndZ) (tx, tz) is in grid sight over the edges the field has
 * worked out (so a way that leads to the field's target leads on to (tx, tz)), the one whose target cell is nearest
 * (least squared distance in cells); ties to the least ti, then tj, then tx, then tz — values, not slots, so the
 * choice is the same whichever slot a field was made in. Null when none.
 */
export function fieldNear(set: FieldSet, kind: number, n: Numbers, g: Sampler, tx: number, tz: number): Field | null {
  const cell = g.cell > 0.0 ? g.cell : ROUTE_CELL;
  const ti = Math.floor(tx / cell);
  const tj = Math.floor(tz / cell);
  let best: Field | null = null;
  let least = 0.0;
  for (let k = 0; k < FIELDS_KEPT; k++) {
    const f = fieldAt(set, k);
    if (f.kind !== kind || f.way === GOAL_SHUT) continue;
    const di = f.ti - ti;
    const dj = f.tj - tj;
    if (Math.abs(di) > BORROW_REACH || Math.abs(dj) > BORROW_REACH) continue;
    const d = di * di + dj * dj;
    if (best !== null && (d > least || (d === least && !precedes(f, best)))) continue;
    // Asked only of a field that would be chosen: the sight is the costly test.
    if (gridSight(n, g, f.grid!, wayEndX(f), wayEndZ(f), tx, tz, 0.0, 0.0, true) < 0.0) continue;
    best = f;
    least = d;
  }
  return best;
}

/**
 * Where field f's way ends (RT-2): at the target it was made for where the way into its target cell is judged
 * there (GOAL_POINT), else at the target cell's centre.
 */
export function wayEndX(f: Field): number {
  return f.way === GOAL_POINT ? f.tx : cellX(f.grid!, (FIELD_SIDE / 2) * FIELD_SIDE + FIELD_SIDE / 2);
}

/** The z of field f's way's end (wayEndX). */
export function wayEndZ(f: Field): number {
  return f.way === GOAL_POINT ? f.tz : cellZ(f.grid!, (FIELD_SIDE / 2) * FIELD_SIDE + FIELD_SIDE / 2);
}

/** Whether field a's target comes before b's: the lesser ti, then tj, then tx, then tz (fieldNear's ties). */
function precedes(a: Field, b: Field): boolean {
  if (a.ti !== b.ti) return a.ti < b.ti;
  if (a.tj !== b.tj) return a.tj < b.tj;
  if (a.tx !== b.tx) return a.tx < b.tx;
  return a.tz < b.tz;
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
    if (s === 0) {
      firstStep.x = ax;
      firstStep.z = az;
    }
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
/** The first point of fieldAim's way (the next cell's centre, or the target): seekAim's fallback. */
const firstStep = new Vec2();

/**
 * Seek along a flow field (RT-8): within `stop` of the target, or where the set has no field for it or the body
 * stands outside it, plain seek (SE-1..SE-7) toward the target; on a cell from which no way leads, seekStranded;
 * else seek toward fieldAim's point, arriving only at the target. A body whose own field the set does not hold (a
 * herd's ninth target and beyond) follows the held field fieldNear finds, by seekBorrowed. Answers as seekBody does.
 */
export function seekAlong(set: FieldSet, kind: number, n: Numbers, g: Sampler, body: Body, tx: number, tz: number, stop: number): number {
  const dx = tx - body.x;
  const dz = tz - body.z;
  if (dx * dx + dz * dz <= stop * stop) return seekBody(n, g, body, tx, tz, stop);
  const f = fieldFind(set, kind, g, tx, tz);
  if (f === null) {
    const near = fieldNear(set, kind, n, g, tx, tz);
    return near === null ? seekBody(n, g, body, tx, tz, stop) : seekBorrowed(n, g, near, body, tx, tz, stop);
  }
  if (strandedAt(f, body.x, body.z)) return seekStranded(n, g, body, tx, tz, stop);
  if (!fieldAim(n, g, f, body.x, body.z, tx, tz, aim)) return seekBody(n, g, body, tx, tz, stop);
  if (aim.x === tx && aim.z === tz) return seekBody(n, g, body, tx, tz, stop);
  return seekAim(n, g, f.grid!, body);
}

/**
 * Seek along field f, made for another target near the body's own (tx, tz) (RT-8): plain seek toward its own target
 * once that lies within BORROW_REACH cells on x and on z and in grid sight over the edges the field has worked out
 * (RT-4), or once fieldAim's point is the way's end (wayEndX, wayEndZ), or where the field has no way for the body
 * (outside it, or none leads from its cell: a verdict about another target, so not the body's); else toward
 * fieldAim's point of f's way. Answers as seekBody does, arriving only at its own target.
 */
export function seekBorrowed(n: Numbers, g: Sampler, f: Field, body: Body, tx: number, tz: number, stop: number): number {
  const grid = f.grid!;
  const c = grid.cell;
  const near = Math.abs(Math.floor(body.x / c) - Math.floor(tx / c)) <= BORROW_REACH && Math.abs(Math.floor(body.z / c) - Math.floor(tz / c)) <= BORROW_REACH;
  // Within reach of its target the body stands inside the field's grid, whose centre is within reach of the target.
  if (near && gridSight(n, g, grid, body.x, body.z, tx, tz, 0.0, 0.0, true) >= 0.0) return seekBody(n, g, body, tx, tz, stop);
  const gx = wayEndX(f);
  const gz = wayEndZ(f);
  if (!fieldAim(n, g, f, body.x, body.z, gx, gz, aim)) return seekBody(n, g, body, tx, tz, stop);
  if (aim.x === gx && aim.z === gz) return seekBody(n, g, body, tx, tz, stop);
  return seekAim(n, g, grid, body);
}

/**
 * Seek toward `aim`, a point of a field's way over `grid`, arriving nowhere (RT-8): where that seek would stall (SE-7),
 * toward the first point of the way (firstStep) instead, and where that would stall too, toward the centre of the
 * body's own cell. Answers going, or as seekBody does when it stalls there too.
 */
export function seekAim(n: Numbers, g: Sampler, grid: Grid, body: Body): number {
  const answer = seekBody(n, g, body, aim.x, aim.z, 0.0);
  if (answer !== SEEK_UNREACHABLE) return answer === SEEK_ARRIVED ? SEEK_GOING : answer;
  // Stalled short of a point the grid sees past (a post's corner, the foot of a ramp): make for the way's first point.
  // Why not the own cell's centre first: a body turned back toward it looks ahead again a few centimetres on, walks
  // into the same corner and turns back again, for ever, never slow for long enough to read unreachable.
  if (firstStep.x !== aim.x || firstStep.z !== aim.z) {
    const step = seekBody(n, g, body, firstStep.x, firstStep.z, 0.0);
    if (step !== SEEK_UNREACHABLE) return step === SEEK_ARRIVED ? SEEK_GOING : step;
  }
  // That stalls too: make for the centre of the body's own cell, from which every step of the field is a move slide
  // has made (RT-2), and look ahead again from there.
  const k = (Math.floor(body.z / grid.cell) - grid.j0) * grid.w + (Math.floor(body.x / grid.cell) - grid.i0);
  const back = seekBody(n, g, body, cellX(grid, k), cellZ(grid, k), 0.0);
  return back === SEEK_ARRIVED ? SEEK_GOING : back;
}
