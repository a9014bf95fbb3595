/**
 * The pieces of a level's boxes, walls and polygons (LV-1) filed in a uniform grid: each piece in every cell its box,
 * grown by its rounding radius, reaches; a query (queryShapeGrid, every consumer's one walk over the cells) answers
 * cells by z then x, pieces within a cell by increasing number, each piece once, in the first of its cells visited (LV-2).
 * Twin of src/reference/shapeGrid.ts: same functions, same operations, same order. A piece's record is PIECE_WORDS
 * f64 words: its corner count (0: removed), its radius, its cells [cx0, cz0, cx1, cz1], its box grown by its radius
 * and a hair [x0, z0, x1, z1] (boxFar), then MAX_CORNERS x, z pairs.
 */
import { F64s, alloc, free } from './memory';
import { MAX_CORNERS, OutlinePoint, pieceNearest } from './pieces';
import { queryReach } from './scatter';
import { insidePieceFree, keepPieceFree } from './pieceFree';

/** The least side of a shape grid's cell, m. */
export const SHAPE_CELL: f64 = 8.0;
/** A shape grid has at most about this many cells. */
export const SHAPE_CELLS: f64 = 65536.0;
/** Words of a piece's record (AS only). */
export const PIECE_WORDS: i32 = 10 + 2 * MAX_CORNERS;

/**
 * Piece p's record is at `pieces` + p · PIECE_WORDS words, p < count ≤ capacity; `lists` (0 until a piece is filed)
 * holds a cell's list address (4 bytes a cell, 0 for none): its length, its room, then its pieces by increasing number.
 */
@unmanaged export class ShapeGrid {
  minX: f64;
  minZ: f64;
  cellSize: f64;
  nx: i32;
  nz: i32;
  count: i32;
  capacity: i32;
  pieces: usize;
  lists: usize;
}

/** An empty shape grid over the cells given (the reference's). */
export function shapeGridOver(minX: f64, minZ: f64, cellSize: f64, nx: i32, nz: i32): ShapeGrid {
  const grid = changetype<ShapeGrid>(alloc(offsetof<ShapeGrid>()));
  grid.minX = minX;
  grid.minZ = minZ;
  grid.cellSize = cellSize;
  grid.nx = nx;
  grid.nz = nz;
  return grid;
}

/** The column (or row) of the cell holding coordinate `c`, clamped onto the grid's `n` cells. */
export function shapeCellOf(c: f64, min: f64, cellSize: f64, n: i32): i32 {
  return <i32>Math.min(Math.max(Math.floor((c - min) / cellSize), 0.0), <f64>(n - 1));
}

/** Piece p's record (AS only). */
@inline export function pieceRecord(grid: ShapeGrid, p: i32): F64s {
  return changetype<F64s>(grid.pieces + (<usize>(p * PIECE_WORDS) << 3));
}

/** Piece p's corners, x, z pairs (AS only). */
@inline export function pieceCorners(grid: ShapeGrid, p: i32): F64s {
  return changetype<F64s>(grid.pieces + (<usize>(p * PIECE_WORDS + 10) << 3));
}

/** Cell `cell`'s list, or 0 when no piece was ever filed there (AS only). */
@inline export function shapeList(grid: ShapeGrid, cell: i32): usize {
  return grid.lists == 0 ? 0 : <usize>load<u32>(grid.lists + (<usize>cell << 2));
}

/** Takes piece p out of every cell it is filed in. */
function unfilePiece(grid: ShapeGrid, p: i32): void {
  const r = pieceRecord(grid, p);
  for (let cz = <i32>r[3]; cz <= <i32>r[5]; cz++) {
    for (let cx = <i32>r[2]; cx <= <i32>r[4]; cx++) {
      const list = shapeList(grid, cz * grid.nx + cx);
      const length = load<i32>(list);
      let k = 0;
      while (load<i32>(list + 8 + (<usize>k << 2)) != p) k++;
      for (; k < length - 1; k++) store<i32>(list + 8 + (<usize>k << 2), load<i32>(list + 12 + (<usize>k << 2)));
      store<i32>(list, length - 1);
    }
  }
}

/** Files piece p in every cell of its box, before the first greater number there. */
function filePiece(grid: ShapeGrid, p: i32): void {
  if (grid.lists == 0) grid.lists = alloc(<usize>(grid.nx * grid.nz) << 2);
  const r = pieceRecord(grid, p);
  for (let cz = <i32>r[3]; cz <= <i32>r[5]; cz++) {
    for (let cx = <i32>r[2]; cx <= <i32>r[4]; cx++) {
      const slot = grid.lists + (<usize>(cz * grid.nx + cx) << 2);
      let list = <usize>load<u32>(slot);
      if (list == 0) {
        list = alloc(8 + (4 << 2));
        store<i32>(list, 4, 4);
        store<u32>(slot, <u32>list);
      }
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
      while (k > 0 && load<i32>(list + 4 + (<usize>k << 2)) > p) {
        store<i32>(list + 8 + (<usize>k << 2), load<i32>(list + 4 + (<usize>k << 2)));
        k--;
      }
      store<i32>(list + 8 + (<usize>k << 2), p);
      store<i32>(list, length + 1);
    }
  }
}

/** Room for piece numbers below `capacity` (records copied to a block twice as large as needed; new ones zero, i.e. removed). */
function reservePieces(grid: ShapeGrid, capacity: i32): void {
  if (capacity <= grid.capacity) return;
  const size = max<i32>(capacity, grid.capacity * 2);
  const pieces = alloc(<usize>(size * PIECE_WORDS) << 3);
  memory.copy(pieces, grid.pieces, <usize>(grid.count * PIECE_WORDS) << 3);
  free(grid.pieces);
  grid.pieces = pieces;
  grid.capacity = size;
}

/**
 * Sets piece p to the first `count` corners of `points` grown by `radius` — count 0 takes it out — in time of its
 * cells alone, none when they are the cells it was filed in (a solid moved a little: its lists stay as they are);
 * writes into `box` the box of the piece as it was and `box[4..8]` as it is (NaN for none), for LV-4.
 */
export function editShapeGrid(grid: ShapeGrid, p: i32, points: F64s, count: i32, radius: f64, box: F64s): void {
  for (let k = 0; k < 8; k++) box[k] = NaN;
  const filed = p < grid.count && <i32>pieceRecord(grid, p)[0] > 0;
  if (filed) pieceBox(pieceCorners(grid, p), <i32>pieceRecord(grid, p)[0], pieceRecord(grid, p)[1], box, 0);
  reservePieces(grid, p + 1);
  grid.count = max<i32>(grid.count, p + 1);
  // Room for a query over this grid on the main thread, made between calls.
  reserveFound(foundPieces, grid.count);
  const r = pieceRecord(grid, p);
  r[0] = <f64>count;
  r[1] = radius;
  const corners = pieceCorners(grid, p);
  for (let k = 0; k < count * 2; k++) corners[k] = points[k];
  if (count == 0) {
    if (filed) unfilePiece(grid, p);
    return;
  }
  pieceBox(points, count, radius, box, 4);
  const cx0 = shapeCellOf(box[4], grid.minX, grid.cellSize, grid.nx);
  const cz0 = shapeCellOf(box[5], grid.minZ, grid.cellSize, grid.nz);
  const cx1 = shapeCellOf(box[6], grid.minX, grid.cellSize, grid.nx);
  const cz1 = shapeCellOf(box[7], grid.minZ, grid.cellSize, grid.nz);
  const hair = BOX_HAIR * (Math.abs(box[4]) + Math.abs(box[5]) + Math.abs(box[6]) + Math.abs(box[7]) + radius);
  r[6] = box[4] - hair;
  r[7] = box[5] - hair;
  r[8] = box[6] + hair;
  r[9] = box[7] + hair;
  if (filed && <i32>r[2] == cx0 && <i32>r[3] == cz0 && <i32>r[4] == cx1 && <i32>r[5] == cz1) return;
  if (filed) unfilePiece(grid, p);
  r[2] = <f64>cx0;
  r[3] = <f64>cz0;
  r[4] = <f64>cx1;
  r[5] = <f64>cz1;
  filePiece(grid, p);
}

/** Writes into box[at .. at + 4] the box [x0, z0, x1, z1] of the first `count` corners of `points` grown by `radius`. */
export function pieceBox(points: F64s, count: i32, radius: f64, box: F64s, at: i32): void {
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

/** The outline point pieceNearest answers in; a worker thread binds its own (assembly/threads.ts). */
export let nearest = changetype<OutlinePoint>(memory.data(offsetof<OutlinePoint>()));

/** Whether piece p reaches within r of (x, z): its outline's signed distance minus its radius is ≤ r. */
export function pieceReaches(grid: ShapeGrid, p: i32, x: f64, z: f64, r: f64): bool {
  return pieceNearest(pieceCorners(grid, p), <i32>pieceRecord(grid, p)[0], x, z, nearest) - pieceRecord(grid, p)[1] <= r;
}

/**
 * The piece numbers a query found (queryShapeGrid), in its order: each thread's own list (assembly/threads.ts binds a
 * worker's to its context), with room for every piece number of the grids it is asked of, made on the main thread
 * (editShapeGrid; a herd's contexts: assembly/threadContexts.ts), since a worker never allocates (AS only).
 */
@unmanaged export class FoundPieces {
  length: i32;
  capacity: i32;
  data: usize;

  @inline @operator("[]") get(k: i32): i32 {
    return load<i32>(this.data + (<usize>k << 2));
  }
}

/** The list queryShapeGrid answers in (a `let`: a worker thread binds its own). */
export let foundPieces = changetype<FoundPieces>(memory.data(offsetof<FoundPieces>()));

/** Gives `list` room for `capacity` piece numbers, twice what it had at least when it grows (AS only). */
export function reserveFound(list: FoundPieces, capacity: i32): void {
  if (capacity <= list.capacity) return;
  const size = max<i32>(capacity, list.capacity * 2);
  free(list.data);
  list.data = alloc(<usize>size << 2);
  list.capacity = size;
}

/**
 * Writes into `foundPieces` the number of every piece reaching within r of (x, z) (pieceReaches) and returns how
 * many. Order: cells by increasing z, then x, each cell's pieces by increasing number; each piece once, in the first
 * of its cells the query visits. Why: every consumer meets the pieces through this one walk, the twin's list in its order.
 */
export function queryShapeGrid(grid: ShapeGrid, x: f64, z: f64, r: f64): i32 {
  const out = foundPieces;
  out.length = 0;
  // AS only: a herd body's disc clear of every piece holds the query's (assembly/pieceFree.ts): none is found.
  if (keepPieceFree && insidePieceFree(x, z, r)) return 0;
  const wide = queryReach(x, z, r);
  if (!(wide >= 0.0)) return 0;
  const cx0 = shapeCellOf(x - wide, grid.minX, grid.cellSize, grid.nx);
  const cx1 = shapeCellOf(x + wide, grid.minX, grid.cellSize, grid.nx);
  const cz0 = shapeCellOf(z - wide, grid.minZ, grid.cellSize, grid.nz);
  const cz1 = shapeCellOf(z + wide, grid.minZ, grid.cellSize, grid.nz);
  for (let cz = cz0; cz <= cz1; cz++) {
    for (let cx = cx0; cx <= cx1; cx++) {
      const list = shapeList(grid, cz * grid.nx + cx);
      if (list == 0) continue;
      const length = load<i32>(list);
      for (let k = 0; k < length; k++) {
        const p = load<i32>(list + 8 + (<usize>k << 2));
        const rec = pieceRecord(grid, p);
        if (cx != max<i32>(cx0, <i32>rec[2]) || cz != max<i32>(cz0, <i32>rec[3])) continue;
        if (boxFar(rec, x, z, wide)) continue;
        if (pieceReaches(grid, p, x, z, r)) {
          assert(out.length < out.capacity, "queryShapeGrid: over capacity");
          store<i32>(out.data + (<usize>out.length << 2), p);
          out.length++;
        }
      }
    }
  }
  return out.length;
}

/**
 * How far, relative to the size of its numbers, a piece's kept box is grown past its grown box (AS only): far above
 * the rounding of pieceNearest and of the box, so boxFar never skips a piece pieceReaches would accept.
 */
const BOX_HAIR: f64 = 1e-9;

/**
 * Whether the query's square of half side `wide` round (x, z) misses piece record `rec`'s kept box (AS only): then
 * the piece is further than `wide` from (x, z) on x or z, so pieceReaches, whose distance is at least that, says no.
 * Why: most pieces a query's cells hold are far from it, and the box costs four comparisons, pieceNearest a division
 * and a square root per edge.
 */
@inline function boxFar(rec: F64s, x: f64, z: f64, wide: f64): bool {
  return x + wide < rec[6] || x - wide > rec[8] || z + wide < rec[7] || z - wide > rec[9];
}

/**
 * How far from (x, z) the nearest piece grown by its radius is (its outline's signed distance less its radius, as
 * pieceReaches measures it), or `most` when none is within `most` (AS only; assembly/pieceFree.ts): the cells and the
 * pieces walked as queryShapeGrid walks them for a query of reach `most`, so a piece not measured is further off.
 */
export function pieceClearance(grid: ShapeGrid, x: f64, z: f64, most: f64): f64 {
  const wide = queryReach(x, z, most);
  let least = most;
  const cx0 = shapeCellOf(x - wide, grid.minX, grid.cellSize, grid.nx);
  const cx1 = shapeCellOf(x + wide, grid.minX, grid.cellSize, grid.nx);
  const cz0 = shapeCellOf(z - wide, grid.minZ, grid.cellSize, grid.nz);
  const cz1 = shapeCellOf(z + wide, grid.minZ, grid.cellSize, grid.nz);
  for (let cz = cz0; cz <= cz1; cz++) {
    for (let cx = cx0; cx <= cx1; cx++) {
      const list = shapeList(grid, cz * grid.nx + cx);
      if (list == 0) continue;
      const length = load<i32>(list);
      for (let k = 0; k < length; k++) {
        const p = load<i32>(list + 8 + (<usize>k << 2));
        const rec = pieceRecord(grid, p);
        if (cx != max<i32>(cx0, <i32>rec[2]) || cz != max<i32>(cz0, <i32>rec[3])) continue;
        if (boxFar(rec, x, z, wide)) continue;
        least = Math.min(least, pieceNearest(pieceCorners(grid, p), <i32>rec[0], x, z, nearest) - rec[1]);
      }
    }
  }
  return least;
}

/**
 * Whether some piece reaches within r of (x, z) (AS only): where it says none, every consumer's query there finds
 * none, so a herd's memos of circles alone answer there.
 */
export function anyPieceReaches(grid: ShapeGrid, x: f64, z: f64, r: f64): bool {
  return queryShapeGrid(grid, x, z, r) > 0;
}

/** Frees a shape grid and its lists (AS only). */
export function freeShapeGrid(grid: ShapeGrid): void {
  if (grid.lists != 0) {
    const cells = grid.nx * grid.nz;
    for (let c = 0; c < cells; c++) free(<usize>load<u32>(grid.lists + (<usize>c << 2)));
    free(grid.lists);
  }
  free(grid.pieces);
  free(changetype<usize>(grid));
}
