/**
 * A level's solids that change while the game runs (LV-1..LV-5): `solidsOf(ground)` is the handle on a scatter3d
 * ground's solids — add, move and remove them by id between calls. Each edit is made at once in the reference grid
 * (src/reference/scatter.ts editScatterGrid) and, through the listeners the wasm cores register, in every copy a core
 * uploaded; the caches of this entry's per-row calls that an edit reaches (kept route grids, per-row flow fields) are
 * dropped here, and a herd drops what it kept itself at its next step from the grid's log of changes.
 */
import { MAX_SOLID_RADIUS, show } from '../limits.ts';
import { checkKnownKeys } from '../known.ts';
import { checkInWorld, checkNumber } from '../rows.ts';
import { CHANGE_MARGIN } from '../reference/fields.ts';
import { dropGridsWhere } from '../reference/route.ts';
import { LOG_SIZE, REMOVED, editScatterGrid, type ScatterGrid } from '../reference/scatter.ts';
import { dropRowFieldsIn } from '../reference/seekCalls.ts';
import { scatterAnswering, type Scatter } from './scatter3d.ts';
import type { Ground } from '../types.ts';

/** The shapes a level's solid may have (LV-1): circles, upright from the ground up, as trunks are. */
export type SolidShape = 'circle';

/** A solid as the handle gives it back: its id (LV-1), its shape and its numbers. */
export interface Solid {
  readonly id: number;
  readonly shape: SolidShape;
  readonly x: number;
  readonly z: number;
  readonly radius: number;
}

/** What `add` takes: a circle's centre and radius (`shape`, when given, is "circle"). */
export interface SolidInput {
  shape?: SolidShape;
  x: number;
  z: number;
  radius: number;
}

/**
 * One edit as a core's copy of the grid must make it (LV-2): solid `id` of the scatter settings `settings` set to
 * (x, z) of `radius` (REMOVED: taken out); `boxes` are the discs it changed, 4 numbers each (old, then new).
 */
export interface SolidEdit {
  readonly settings: object;
  readonly id: number;
  readonly x: number;
  readonly z: number;
  readonly radius: number;
  readonly boxes: readonly number[];
}

const listeners: ((edit: SolidEdit) => void)[] = [];

/** Has `listener` told of every edit from now on (a wasm core keeps its uploads and caches in step, LV-2). */
export function onSolidEdit(listener: (edit: SolidEdit) => void): void {
  listeners.push(listener);
}

const INPUT_FIELDS: readonly (keyof SolidInput)[] = ['shape', 'x', 'z', 'radius'];

/** Whether the box [x0, z0, x1, z1] grown by `reach` meets the box [a0, b0, a1, b1]. */
export function boxesMeet(x0: number, z0: number, x1: number, z1: number, reach: number, a0: number, b0: number, a1: number, b1: number): boolean {
  return x0 - reach <= a1 && a0 <= x1 + reach && z0 - reach <= b1 && b0 <= z1 + reach;
}

/**
 * The handle on a ground's solids (LV-1): every solid has an id, the built-in ones their place in scatter3d's list
 * (instances, then layers), added ones the next number; ids are never reused. An edit takes effect from the next
 * call or herd step (a step on any number of threads sees the solids as they were when it began).
 */
export class LevelSolids {
  private readonly settings: object;
  private readonly scatter: Scatter;
  private readonly grid: ScatterGrid;

  constructor(settings: object, scatter: Scatter) {
    this.settings = settings;
    this.scatter = scatter;
    this.grid = scatter.grid;
  }

  /** Adds a circle and returns its id (LV-1); its numbers are checked first (LV-5). */
  add(solid: SolidInput): number {
    if (solid === null || typeof solid !== 'object' || Array.isArray(solid)) {
      throw new Error(`walker: solid is ${show(solid)}; expected an object { x, z, radius }.`);
    }
    checkKnownKeys('solid', solid, INPUT_FIELDS);
    if (solid.shape !== undefined && solid.shape !== 'circle') {
      throw new Error(`walker: solid.shape is ${show(solid.shape)}; expected "circle" (the only shape so far).`);
    }
    const x = checkNumber('solid.x', solid.x);
    const z = checkNumber('solid.z', solid.z);
    checkInWorld('solid', x, z, [x, z]);
    const radius = checkNumber('solid.radius', solid.radius, 0, MAX_SOLID_RADIUS);
    const id = this.grid.count;
    this.edit(id, x, z, radius);
    return id;
  }

  /** Moves solid `id` to (x, z), its radius kept (LV-2). */
  move(id: number, x: number, z: number): void {
    const live = this.live('move', id);
    const nx = checkNumber('solids.move(id, x, z): x', x);
    const nz = checkNumber('solids.move(id, x, z): z', z);
    checkInWorld('solids.move(id, x, z): (x, z)', nx, nz, [x, z]);
    this.edit(id, nx, nz, live.radius);
  }

  /** Removes solid `id` (LV-2); its id is never given again. */
  remove(id: number): void {
    const live = this.live('remove', id);
    this.edit(id, live.x, live.z, REMOVED);
  }

  /** Solid `id` as it is now (LV-1); a removed or never given id is refused. */
  get(id: number): Solid {
    const c = this.live('get', id);
    return Object.freeze({ id, shape: 'circle', x: c.x, z: c.z, radius: c.radius });
  }

  /** Whether `id` is a solid still there (given, and not removed). */
  has(id: number): boolean {
    return Number.isInteger(id) && id >= 0 && id < this.grid.count && this.scatter.circles[id] !== null;
  }

  /** How many ids have been given (built-in and added): ids run from 0 to one less. */
  get ids(): number {
    return this.grid.count;
  }

  /** The circle of a live id, or a sentence naming the call and the id. */
  private live(call: string, id: number): Readonly<{ x: number; z: number; radius: number }> {
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id >= this.grid.count) {
      throw new Error(`walker: solids.${call}(id): id is ${show(id)}; expected the id of a solid (a whole number from 0 to ${this.grid.count - 1}).`);
    }
    const c = this.scatter.circles[id];
    if (c === null) throw new Error(`walker: solids.${call}(id): id is ${id}, a solid removed; expected the id of a solid still there.`);
    return c;
  }

  /** Makes an edit everywhere (LV-2) and drops this entry's per-row caches it reaches (LV-4). */
  private edit(id: number, x: number, z: number, radius: number): void {
    const grid = this.grid;
    const before = grid.changes;
    editScatterGrid(grid, id, x, z, radius);
    const circles = this.scatter.circles;
    const circle = radius === REMOVED ? null : Object.freeze({ x, z, radius });
    if (id === circles.length) circles.push(circle);
    else circles[id] = circle;
    const boxes: number[] = [];
    for (let c = before; c < grid.changes; c++) {
      const at = (c % LOG_SIZE) * 4;
      boxes.push(grid.log[at], grid.log[at + 1], grid.log[at + 2], grid.log[at + 3]);
    }
    const scatter = this.scatter;
    for (let k = 0; k < boxes.length; k += 4) dropRowFieldsIn(boxes[k], boxes[k + 1], boxes[k + 2], boxes[k + 3]);
    dropGridsWhere((ground, reach, a0, b0, a1, b1) => {
      if (scatterAnswering(ground.solids)?.scatter !== scatter) return false;
      for (let k = 0; k < boxes.length; k += 4) if (boxesMeet(boxes[k], boxes[k + 1], boxes[k + 2], boxes[k + 3], reach + CHANGE_MARGIN, a0, b0, a1, b1)) return true;
      return false;
    });
    const change: SolidEdit = { settings: this.settings, id, x, z, radius, boxes };
    for (const listener of listeners) listener(change);
  }
}

const handles = new WeakMap<Scatter, LevelSolids>();

/**
 * The handle on a ground's solids (LV-1): add, move, remove and get them by id while herds and rows run. The ground's
 * `solids` must be scatter3d's (groundOf with `mods.solids: "scatter3d"`); every ground over the same
 * `world.scatter3d` object shares one handle. Why: opening a gate or dropping a boulder on a running game.
 */
export function solidsOf(ground: Ground): LevelSolids {
  const solids = ground !== null && typeof ground === 'object' ? (ground as Ground).solids : undefined;
  const found = scatterAnswering(solids);
  if (found === undefined) {
    throw new Error(`walker: ground is ${show(ground)}, whose solids are not scatter3d's; expected a ground from groundOf(world) with world.walker.mods.solids "scatter3d".`);
  }
  let handle = handles.get(found.scatter);
  if (handle === undefined) {
    handle = new LevelSolids(found.settings, found.scatter);
    handles.set(found.scatter, handle);
  }
  return handle;
}
