/**
 * A level's solids that change while the game runs (LV-1..LV-5): `solidsOf(ground)` is the handle on a scatter3d
 * ground's solids — add, move and remove them by id between calls. Each edit is made at once in the reference grid
 * (src/reference/scatter.ts editScatterGrid) and, through the listeners the wasm cores register, in every copy a core
 * uploaded; the caches of this entry's per-row calls that an edit reaches are repaired (kept route grids forget the
 * cells it reaches) or dropped (per-row flow fields) here, and a herd drops what it kept itself at its next step
 * from the grid's log of changes.
 */
import { show } from '../limits.ts';
import { checkInWorld, checkNumber } from '../rows.ts';
import { forgetCellsWhere } from '../reference/route.ts';
import { LOG_SIZE, REMOVED, editScatterGrid, logChange, type ScatterGrid } from '../reference/scatter.ts';
import { editShapeGrid } from '../reference/shapeGrid.ts';
import { dropRowFieldsIn } from '../reference/seekCalls.ts';
import { checkShape, movedShape, type PieceNumbers, type Solid, type SolidInput, type SolidRecord } from '../shapes.ts';
import { editedBox, scatterAnswering, type Scatter } from './scatter3d.ts';
import type { Ground } from '../types.ts';

export type { BoxSolid, CircleSolid, PolygonSolid, Solid, SolidInput, SolidShape, WallSolid } from '../shapes.ts';

/** One piece's edit as a core's copy must make it: piece `number` set to the first `count` corners of `points` grown by `radius` (count 0: removed). */
export interface PieceEdit {
  readonly number: number;
  readonly points: Float64Array;
  readonly count: number;
  readonly radius: number;
}

/**
 * One edit as a core's copy of the grids must make it (LV-2): when `circle`, solid `id` of the scatter settings
 * `settings` set to (x, z) of `radius` in the circles' grid (REMOVED: taken out, or not a circle), then `pieces`
 * edited in the shapes' grid in order; `boxes` are the boxes it changed, 4 numbers each (for each solid or piece, the
 * old, then the new), logged in that order.
 */
export interface SolidEdit {
  readonly settings: object;
  readonly id: number;
  /** Whether the circles' grid changes: a circle's edit, or a new id (a shape's move or removal leaves it as it was). */
  readonly circle: boolean;
  readonly x: number;
  readonly z: number;
  readonly radius: number;
  readonly pieces: readonly PieceEdit[];
  readonly boxes: readonly number[];
}

const listeners: ((edit: SolidEdit) => void)[] = [];

/** Has `listener` told of every edit from now on (a wasm core keeps its uploads and caches in step, LV-2). */
export function onSolidEdit(listener: (edit: SolidEdit) => void): void {
  listeners.push(listener);
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

  /** Whether a ground's solids are these (its kept route grids forget what an edit reaches, LV-4). */
  private readonly serves: (ground: Ground) => boolean;

  constructor(settings: object, scatter: Scatter) {
    this.settings = settings;
    this.scatter = scatter;
    this.grid = scatter.grid;
    this.serves = (ground) => scatterAnswering(ground.solids)?.scatter === scatter;
  }

  /** Adds a solid of any shape and returns its id (LV-1); every field is checked first (LV-5). */
  add(solid: SolidInput): number {
    const { record, pieces } = checkShape('solid', solid);
    const id = this.grid.count;
    if (record.shape === 'circle') this.edit(id, record.x, record.z, record.radius, []);
    else this.editShape(id, record, pieces, null);
    return id;
  }

  /**
   * Moves solid `id` so that its reference point is at (x, z), its size and turn kept (LV-2): a circle's or a box's
   * centre, a wall's or a polygon's first point.
   */
  move(id: number, x: number, z: number): void {
    const live = this.live('move', id);
    const nx = checkNumber('solids.move(id, x, z): x', x);
    const nz = checkNumber('solids.move(id, x, z): z', z);
    checkInWorld('solids.move(id, x, z): (x, z)', nx, nz, [x, z]);
    if (live.shape === 'circle') {
      this.edit(id, nx, nz, live.radius, []);
      return;
    }
    const moved = movedShape('solids.move(id, x, z)', live, nx, nz);
    this.editShape(id, moved.record, moved.pieces, this.scatter.shapes.get(id)!.pieces);
  }

  /** Removes solid `id` (LV-2); its id is never given again. */
  remove(id: number): void {
    const live = this.live('remove', id);
    if (live.shape === 'circle') {
      this.edit(id, live.x, live.z, REMOVED, []);
      return;
    }
    const numbers = this.scatter.shapes.get(id)!.pieces;
    this.scatter.shapes.delete(id);
    this.edit(id, 0, 0, REMOVED, numbers.map((number) => ({ number, points: new Float64Array(0), count: 0, radius: 0 })));
  }

  /** Solid `id` as it is now (LV-1); a removed or never given id is refused. */
  get(id: number): Solid {
    return Object.freeze({ id, ...this.live('get', id) }) as Solid;
  }

  /** Whether `id` is a solid still there (given, and not removed). */
  has(id: number): boolean {
    return Number.isInteger(id) && id >= 0 && id < this.grid.count && (this.scatter.circles[id] !== null || this.scatter.shapes.has(id));
  }

  /** How many ids have been given (built-in and added): ids run from 0 to one less. */
  get ids(): number {
    return this.grid.count;
  }

  /** The record of a live id, or a sentence naming the call and the id. */
  private live(call: string, id: number): SolidRecord {
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id >= this.grid.count) {
      throw new Error(`walker: solids.${call}(id): id is ${show(id)}; expected the id of a solid (a whole number from 0 to ${this.grid.count - 1}).`);
    }
    const c = this.scatter.circles[id];
    if (c !== null) return { shape: 'circle', x: c.x, z: c.z, radius: c.radius };
    const shape = this.scatter.shapes.get(id);
    if (shape === undefined) throw new Error(`walker: solids.${call}(id): id is ${id}, a solid removed; expected the id of a solid still there.`);
    return shape.record;
  }

  /** Sets a shape other than a circle: new pieces filed (numbers === null) or the pieces `numbers` set anew. */
  private editShape(id: number, record: SolidRecord, pieces: readonly PieceNumbers[], numbers: readonly number[] | null): void {
    const given = numbers ?? pieces.map((_, k) => this.scatter.pieces.length + k);
    this.scatter.shapes.set(id, { record, pieces: given });
    this.edit(id, 0, 0, REMOVED, pieces.map((p, k) => ({ number: given[k], points: p.points, count: p.count, radius: p.radius })));
  }

  /** Makes an edit everywhere (LV-2) and drops this entry's per-row caches it reaches (LV-4). */
  private edit(id: number, x: number, z: number, radius: number, pieces: readonly PieceEdit[]): void {
    const grid = this.grid;
    const scatter = this.scatter;
    const circles = scatter.circles;
    // A shape's move or removal leaves the circles' grid as it was: no circle there before or after, the id given.
    const circle = radius !== REMOVED || id === circles.length || circles[id] !== null;
    // The boxes as they are logged, so none is lost however many the edit logs (the log keeps the last LOG_SIZE).
    const boxes: number[] = [];
    if (circle) {
      const before = grid.changes;
      editScatterGrid(grid, id, x, z, radius);
      for (let c = before; c < grid.changes; c++) {
        const at = (c % LOG_SIZE) * 4;
        boxes.push(grid.log[at], grid.log[at + 1], grid.log[at + 2], grid.log[at + 3]);
      }
      const record = radius === REMOVED ? null : Object.freeze({ x, z, radius });
      if (id === circles.length) circles.push(record);
      else circles[id] = record;
    }
    for (const p of pieces) {
      editShapeGrid(scatter.shapeGrid, p.number, p.points, p.count, p.radius, editedBox);
      for (let at = 0; at < 8; at += 4) {
        if (editedBox[at] !== editedBox[at]) continue;
        logChange(grid, editedBox[at], editedBox[at + 1], editedBox[at + 2], editedBox[at + 3]);
        boxes.push(editedBox[at], editedBox[at + 1], editedBox[at + 2], editedBox[at + 3]);
      }
      // Its object is made by the next answer that meets it (src/ground/scatter3d.ts Scatter).
      const object = p.count === 0 ? null : undefined;
      if (p.number === scatter.pieces.length) scatter.pieces.push(object);
      else scatter.pieces[p.number] = object;
    }
    for (let k = 0; k < boxes.length; k += 4) dropRowFieldsIn(boxes[k], boxes[k + 1], boxes[k + 2], boxes[k + 3]);
    forgetCellsWhere(this.serves, boxes, grid.log, grid.changes);
    const change: SolidEdit = { settings: this.settings, id, circle, x, z, radius, pieces, boxes };
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
