/**
 * The pieces of a level's boxes, walls and polygons (LV-1) filed in a uniform grid: each piece in every cell its box,
 * grown by its rounding radius, reaches, so a 40 m wall needs no 40 m query reach. A query answers each piece once —
 * in the first of its cells the query visits — cells by z then x, pieces within a cell by increasing number, so the
 * answer never depends on the order edits came in (LV-2).
 * Twin of assembly/shapeGrid.ts: same functions, same operations, same order.
 */
import { OutlinePoint, pieceNearest } from './pieces.ts';
import { queryReach } from './scatter.ts';

/** The least side of a shape grid's cell, m: a wall's pieces are filed in few cells. */
export const SHAPE_CELL = 8.0;
/** A shape grid has at most about this many cells: its cell grows over a wide level. */
export const SHAPE_CELLS = 65536;

/**
 * Piece p (a number never given again, LV-1) is the first `counts[p]` corners of `corners[p]` (0: removed) grown by
 * `radii[p]`, filed in the cells `boxes[p]` [cx0, cz0, cx1, cz1]; `lists` holds each cell's pieces by increasing
 * number. The cells are fixed at creation; a piece beyond them is filed in the edge cells. `found` is the scratch the
 * last query wrote into.
 */
export interface ShapeGrid {
  readonly minX: number;
  readonly minZ: number;
  readonly cellSize: number;
  readonly nx: number;
  readonly nz: number;
  readonly counts: number[];
  readonly radii: number[];
  readonly corners: Float64Array[];
  readonly boxes: Int32Array[];
  readonly lists: Map<number, number[]>;
  found: number[];
}

/**
 * The cells of a shape grid over the box [x0, z0, x1, z1]: side SHAPE_CELL, or more so that there are at most about
 * SHAPE_CELLS. Why: the grid is laid out once, and every core files over the same cells (LV-2).
 */
export function newShapeGrid(x0: number, z0: number, x1: number, z1: number): ShapeGrid {
  const width = x1 - x0;
  const depth = z1 - z0;
  const cellSize = Math.max(SHAPE_CELL, Math.sqrt((width * depth) / SHAPE_CELLS), (width + depth) / SHAPE_CELLS);
  return shapeGridOver(x0, z0, cellSize, Math.floor(width / cellSize) + 1, Math.floor(depth / cellSize) + 1);
}

/** An empty shape grid over the cells given (a core's copy is made over the reference's). */
export function shapeGridOver(minX: number, minZ: number, cellSize: number, nx: number, nz: number): ShapeGrid {
  return { minX, minZ, cellSize, nx, nz, counts: [], radii: [], corners: [], boxes: [], lists: new Map(), found: [] };
}

/** The column (or row) of the cell holding coordinate `c`, clamped onto the grid's `n` cells. */
function shapeCellOf(c: number, min: number, cellSize: number, n: number): number {
  return Math.min(Math.max(Math.floor((c - min) / cellSize), 0), n - 1);
}

/** Takes piece p out of every cell it is filed in. */
function unfilePiece(grid: ShapeGrid, p: number): void {
  const box = grid.boxes[p];
  for (let cz = box[1]; cz <= box[3]; cz++) {
    for (let cx = box[0]; cx <= box[2]; cx++) {
      const list = grid.lists.get(cz * grid.nx + cx)!;
      list.splice(list.indexOf(p), 1);
    }
  }
}

/** Files piece p in every cell of its box, before the first greater number there. */
function filePiece(grid: ShapeGrid, p: number): void {
  const box = grid.boxes[p];
  for (let cz = box[1]; cz <= box[3]; cz++) {
    for (let cx = box[0]; cx <= box[2]; cx++) {
      const c = cz * grid.nx + cx;
      let list = grid.lists.get(c);
      if (list === undefined) {
        list = [];
        grid.lists.set(c, list);
      }
      let k = list.length;
      while (k > 0 && list[k - 1] > p) k--;
      list.splice(k, 0, p);
    }
  }
}

/**
 * Sets piece p (a number below the count, or the count itself for a new one) to the first `count` corners of `points`
 * grown by `radius` — count 0 takes it out — in time of its cells alone, none when they are the cells it was filed in
 * (a solid moved a little: its lists stay as they are); writes into `box` [x0, z0, x1, z1] the box of the piece as it
 * was and `box[4..8]` as it is (NaN for none), for LV-4's log.
 */
export function editShapeGrid(grid: ShapeGrid, p: number, points: Float64Array, count: number, radius: number, box: Float64Array): void {
  box.fill(NaN);
  const filed = p < grid.counts.length && grid.counts[p] > 0;
  if (filed) pieceBox(grid.corners[p], grid.counts[p], grid.radii[p], box, 0);
  if (p === grid.counts.length) {
    grid.counts.push(0);
    grid.radii.push(0);
    grid.corners.push(new Float64Array(0));
    grid.boxes.push(new Int32Array(4));
  }
  grid.counts[p] = count;
  grid.radii[p] = radius;
  // Into its own corners when they have the room (an edit never hands them out: pieceObject copies them).
  const corners = grid.corners[p].length === count * 2 ? grid.corners[p] : (grid.corners[p] = new Float64Array(count * 2));
  for (let k = 0; k < count * 2; k++) corners[k] = points[k];
  if (count === 0) {
    if (filed) unfilePiece(grid, p);
    return;
  }
  pieceBox(points, count, radius, box, 4);
  const cx0 = shapeCellOf(box[4], grid.minX, grid.cellSize, grid.nx);
  const cz0 = shapeCellOf(box[5], grid.minZ, grid.cellSize, grid.nz);
  const cx1 = shapeCellOf(box[6], grid.minX, grid.cellSize, grid.nx);
  const cz1 = shapeCellOf(box[7], grid.minZ, grid.cellSize, grid.nz);
  const cells = grid.boxes[p];
  if (filed && cells[0] === cx0 && cells[1] === cz0 && cells[2] === cx1 && cells[3] === cz1) return;
  if (filed) unfilePiece(grid, p);
  cells[0] = cx0;
  cells[1] = cz0;
  cells[2] = cx1;
  cells[3] = cz1;
  filePiece(grid, p);
}

/** Writes into box[at .. at + 4] the box [x0, z0, x1, z1] of the first `count` corners of `points` grown by `radius`. */
export function pieceBox(points: Float64Array, count: number, radius: number, box: Float64Array, at: number): void {
  let x0 = points[0];
  let z0 = points[1];
  let x1 = x0;
  let z1 = z0;
  for (let c = 1; c < count; c++) {
    x0 = Math.min(x0, points[c * 2]);
    x1 = Math.max(x1, points[c * 2]);
    z0 = Math.min(z0, points[c * 2 + 1]);
    z1 = Math.max(z1, points[c * 2 + 1]);
  }
  box[at] = x0 - radius;
  box[at + 1] = z0 - radius;
  box[at + 2] = x1 + radius;
  box[at + 3] = z1 + radius;
}

const nearest = new OutlinePoint();

/**
 * Whether piece p reaches within r of (x, z): its outline's signed distance minus its radius is ≤ r. The one test of
 * a query, so every core's consumers include a piece exactly when a query does.
 */
export function pieceReaches(grid: ShapeGrid, p: number, x: number, z: number, r: number): boolean {
  return pieceNearest(grid.corners[p], grid.counts[p], x, z, nearest) - grid.radii[p] <= r;
}

/**
 * Writes into `grid.found` the number of every piece reaching within r of (x, z) (pieceReaches) and returns how many.
 * Order: cells by increasing z, then x, each cell's pieces by increasing number; each piece once, in the first of
 * its cells the query visits. Why: the pieces a call meets, the same list in the same order on every core (LV-2).
 */
export function queryShapeGrid(grid: ShapeGrid, x: number, z: number, r: number): number {
  const wide = queryReach(x, z, r);
  if (!(wide >= 0) || grid.lists.size === 0) return 0;
  const cx0 = shapeCellOf(x - wide, grid.minX, grid.cellSize, grid.nx);
  const cx1 = shapeCellOf(x + wide, grid.minX, grid.cellSize, grid.nx);
  const cz0 = shapeCellOf(z - wide, grid.minZ, grid.cellSize, grid.nz);
  const cz1 = shapeCellOf(z + wide, grid.minZ, grid.cellSize, grid.nz);
  let n = 0;
  for (let cz = cz0; cz <= cz1; cz++) {
    for (let cx = cx0; cx <= cx1; cx++) {
      const list = grid.lists.get(cz * grid.nx + cx);
      if (list === undefined) continue;
      for (let k = 0; k < list.length; k++) {
        const p = list[k];
        const box = grid.boxes[p];
        if (cx !== Math.max(cx0, box[0]) || cz !== Math.max(cz0, box[1])) continue;
        if (pieceReaches(grid, p, x, z, r)) grid.found[n++] = p;
      }
    }
  }
  return n;
}
