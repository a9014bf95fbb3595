/**
 * Grounds backed by wasm memory (WX-4): terrain3d's numbers and heightmap, scatter3d's grid, and a lazily baked
 * cache of lattice corner heights. AssemblyScript-only: the JS side of this is src/ground/terrain3d.ts (which sums
 * the heightmap and the noise in the same order as `terrainHeight` below) and src/ground/groundOf.ts.
 *
 * The corner cache holds tiles of TILE × TILE corner heights, keyed by (terrain, tile column, tile row) in an
 * open-addressed directory; a tile is computed the first time any of its corners is asked, with the same function
 * and the same coordinates (i·cell, j·cell) the reference asks the ground at, so a cached corner is bit for bit the
 * corner the reference computes. When the pool is full the cache is emptied and refilled as asked: values never
 * change, only the time it takes.
 */
import { F64s, TileEntry, alloc, free } from './memory';
import { ScatterGrid, editScatterGrid, fileScatterGrid, freeScatterGrid, logChange, placeLayer } from './scatter';
import { ShapeGrid, editShapeGrid, freeShapeGrid, shapeGridOver } from './shapeGrid';
import { MAX_CORNERS } from './pieces';
import { heightmapHeight, noiseHeight, waterDepthAt } from './terrain';

/** terrain3d's numbers (M-1): a heightmap, noise, a water level, each optional. */
@unmanaged export class Terrain {
  id: i32;
  hasMap: bool;
  hasNoise: bool;
  hasWater: bool;
  mapNx: f64;
  mapNz: f64;
  originX: f64;
  originZ: f64;
  spacing: f64;
  data: F64s;
  seed: i32;
  octaves: i32;
  amplitude: f64;
  wavelength: f64;
  water: f64;
  /** The lattice side corners are cached for (terrain3d's cell), or 0 for none. */
  cell: f64;
}

/** A ground as walker sees it (G-1..G-5): a terrain, whether it has depth, its cell (0: none), its solids. */
@unmanaged export class GroundData {
  terrain: Terrain;
  cell: f64;
  hasDepth: bool;
  /** The solids' grid, or null when the ground has no solids. */
  scatter: ScatterGrid | null;
}

let nextTerrainId = 1;

/** A terrain of flat ground at 0, to be filled in by the facade (setHeightmap, setNoise, setWaterAndCell). */
export function newTerrain(mapSamples: i32): Terrain {
  const t = changetype<Terrain>(alloc(offsetof<Terrain>()));
  t.id = nextTerrainId++;
  t.data = changetype<F64s>(alloc(<usize>mapSamples << 3));
  return t;
}

/** Sets a terrain's heightmap numbers (M-1); the samples go to `terrainData`. */
export function setHeightmap(t: Terrain, nx: f64, nz: f64, originX: f64, originZ: f64, spacing: f64): void {
  t.hasMap = true;
  t.mapNx = nx;
  t.mapNz = nz;
  t.originX = originX;
  t.originZ = originZ;
  t.spacing = spacing;
}

/** Sets a terrain's noise (M-1). */
export function setNoise(t: Terrain, seed: i32, amplitude: f64, wavelength: f64, octaves: i32): void {
  t.hasNoise = true;
  t.seed = seed;
  t.amplitude = amplitude;
  t.wavelength = wavelength;
  t.octaves = octaves;
}

/** Sets a terrain's water level and lattice side (M-1). */
export function setWaterAndCell(t: Terrain, hasWater: bool, water: f64, cell: f64): void {
  t.hasWater = hasWater;
  t.water = water;
  t.cell = cell;
}

/** Address of a terrain's heightmap samples, for the facade to write `mapSamples` f64 into. */
export function terrainData(t: Terrain): usize {
  return changetype<usize>(t.data);
}

/** Frees a terrain and drops the cache (its tiles would be stale keys). */
export function freeTerrain(t: Terrain): void {
  free(changetype<usize>(t.data));
  free(changetype<usize>(t));
  clearCorners();
}

/** A ground over a terrain, with or without depth, lattice side `cell` (0: the ground is asked at each point). */
export function newGround(terrain: Terrain, cell: f64, hasDepth: bool, scatter: ScatterGrid | null): GroundData {
  const g = changetype<GroundData>(alloc(offsetof<GroundData>()));
  g.terrain = terrain;
  g.cell = cell;
  g.hasDepth = hasDepth;
  g.scatter = scatter;
  return g;
}

export function freeGround(g: GroundData): void {
  free(changetype<usize>(g));
}

// ---- Solids -------------------------------------------------------------------------------------------------------

let pendingXs: F64s = changetype<F64s>(0);
let pendingZs: F64s = changetype<F64s>(0);
let pendingRadii: F64s = changetype<F64s>(0);
let pendingCount = 0;

/** Makes room for `count` circles the facade writes (x, z, radius arrays at `solidsX/Z/Radii`) before `buildSolids`. */
export function newSolids(count: i32): void {
  pendingCount = count;
  pendingXs = changetype<F64s>(alloc(<usize>count << 3));
  pendingZs = changetype<F64s>(alloc(<usize>count << 3));
  pendingRadii = changetype<F64s>(alloc(<usize>count << 3));
}

export function solidsX(): usize {
  return changetype<usize>(pendingXs);
}
export function solidsZ(): usize {
  return changetype<usize>(pendingZs);
}
export function solidsRadii(): usize {
  return changetype<usize>(pendingRadii);
}

/** Places a scatter3d layer (M-2) into the pending circles from index `at`, as src/ground/scatter3d.ts does. */
export function placeSolids(seed: i32, count: i32, x0: f64, z0: f64, x1: f64, z1: f64, rMin: f64, rMax: f64, at: i32): void {
  placeLayer(seed, count, x0, z0, x1, z1, rMin, rMax, pendingXs, pendingZs, pendingRadii, at);
}

/**
 * Files the pending circles in a grid over the cells given (M-2, LV-2: the reference's cells, its circles as they are
 * now, a removed one's radius REMOVED) and returns it; the pending arrays are freed.
 */
export function buildSolids(minX: f64, minZ: f64, cellSize: f64, nx: i32, nz: i32, maxRadius: f64): ScatterGrid {
  const grid = fileScatterGrid(pendingXs, pendingZs, pendingRadii, pendingCount, minX, minZ, cellSize, nx, nz, maxRadius);
  free(changetype<usize>(pendingXs));
  free(changetype<usize>(pendingZs));
  free(changetype<usize>(pendingRadii));
  return grid;
}

/** Sets solid `id` of a grid to (x, z) of `radius` (REMOVED: taken out; LV-2), between calls. */
export function editSolid(grid: ScatterGrid, id: i32, x: f64, z: f64, radius: f64): void {
  editScatterGrid(grid, id, x, z, radius);
}

/** Lays a grid of pieces (LV-1) over the cells given (the reference's) beside a grid's circles. */
export function newShapes(grid: ScatterGrid, minX: f64, minZ: f64, cellSize: f64, nx: i32, nz: i32): void {
  grid.shapes = changetype<usize>(shapeGridOver(minX, minZ, cellSize, nx, nz));
}

/** Where the facade writes a piece's corners (x, z pairs) before `editPiece`. */
const cornersIn = changetype<F64s>(memory.data(MAX_CORNERS * 16));
/** The boxes an edit of a piece changed (LV-4): the old, the new (NaN: none). */
const editedBox = changetype<F64s>(memory.data(64));

export function pieceCornersIn(): usize {
  return changetype<usize>(cornersIn);
}

/**
 * Sets piece p of a grid's pieces to the `count` corners written at pieceCornersIn grown by `radius` (count 0:
 * removed), between calls; with `log`, its old and new boxes are logged where herds read the solids' changes (LV-4),
 * which drop the kept clusters they meet (assembly/clusterMemo.ts) as every other memo; without, only in the upload
 * that files the pieces of a grid no herd has read yet (src/wasm/grounds.ts).
 */
export function editPiece(grid: ScatterGrid, p: i32, count: i32, radius: f64, log: bool): void {
  editShapeGrid(changetype<ShapeGrid>(grid.shapes), p, cornersIn, count, radius, editedBox);
  if (!log) return;
  if (editedBox[0] == editedBox[0]) logChange(grid, editedBox[0], editedBox[1], editedBox[2], editedBox[3]);
  if (editedBox[4] == editedBox[4]) logChange(grid, editedBox[4], editedBox[5], editedBox[6], editedBox[7]);
}

export function freeSolids(grid: ScatterGrid): void {
  if (grid.shapes != 0) freeShapeGrid(changetype<ShapeGrid>(grid.shapes));
  freeScatterGrid(grid);
}

/**
 * The terrain's height at (x, z): the heightmap, then the noise added to it — the order terrain3dGround sums in
 * (src/ground/terrain3d.ts), flat 0 when neither is given.
 */
export function terrainHeight(t: Terrain, x: f64, z: f64): f64 {
  let h: f64 = 0;
  if (t.hasMap) h = heightmapHeight(t.data, t.mapNx, t.mapNz, t.originX, t.originZ, t.spacing, x, z);
  if (t.hasNoise) h += noiseHeight(t.seed, t.amplitude, t.wavelength, t.octaves, x, z);
  return h;
}

/** The terrain's water depth at (x, z): max(0, water − height) (M-1). */
export function terrainDepth(t: Terrain, x: f64, z: f64): f64 {
  return waterDepthAt(t.water, terrainHeight(t, x, z));
}

// ---- The corner cache ------------------------------------------------------------------------------------------

/** Corners per tile step (a power of two); a tile stores one more on each axis (an apron), see cornerHeight. */
const TILE_BITS: i32 = 5;
const TILE: i32 = 1 << TILE_BITS;
const SIDE: i32 = TILE + 1;
/** Bytes of a tile's corners; its bounds follow them, then its dry rows (see fillTile). */
const CORNER_BYTES: usize = <usize>(SIDE * SIDE) << 3;
const DRY_ROWS_AT: usize = CORNER_BYTES + 24;
const TILE_BYTES: usize = DRY_ROWS_AT + (<usize>SIDE << 3);
/** Tiles the pool holds (9 KB each): 1024 tiles cover about 1 km × 1 km of 1 m cells. */
const POOL_TILES: i32 = 1024;
/** Directory slots (a power of two, at least twice the pool, so probes stay short). */
const DIR_SLOTS: i32 = 4096;
/** Corners this many cells or more from the origin are computed directly (their tile key would not fit an i32). */
const CACHE_LIMIT: f64 = 1073741824.0;

export let pool: usize = 0;
/** Per pool slot, 1 when every corner of the tile is at or above the water level (all its corner depths are 0). */
export let dryFlags: usize = 0;
export let directory: usize = 0;
let tilesUsed = 0;
/**
 * Whether the cache is only read (during a herd step on several threads, HD-5): a tile not in it is not baked but its
 * cells are computed one at a time, as for corners too far out to cache — the same values, and no thread writes
 * what another reads.
 */
let frozen = false;
/**
 * The located tile: its terrain, its first corner (i0, j0) — NaN when none is located — how many cells it spans
 * (TILE, or 1 for a one-cell tile of corners too far out to cache) and its data, SIDE corners per row.
 */
let tileTerrain = 0;
let tileI0: f64 = NaN;
let tileJ0: f64 = NaN;
let tileSpan: f64 = <f64>TILE;
let tileData: usize = 0;
/** Whether the located tile is dry (see dryFlags). */
let tileDry = false;
/** A one-cell tile for corners too far out to cache: corners (i0, j0) … (i0 + 1, j0 + 1), rows SIDE apart. */
/** A worker thread's instance points it at its own (assembly/threads.ts). */
export let farTile: usize = memory.data(<i32>(SIDE + 2) << 3);
/** Bytes of the one-cell tile. */
export const FAR_TILE_BYTES: usize = <usize>(SIDE + 2) << 3;

function clearCorners(): void {
  if (directory != 0) memory.fill(directory, 0, <usize>DIR_SLOTS * offsetof<TileEntry>());
  tilesUsed = 0;
  tileI0 = NaN;
  tileJ0 = NaN;
  rectI0 = NaN;
}

/** Makes the corner cache answer for terrain t (the located tile belongs to another terrain otherwise). */
export function useTerrain(t: Terrain): void {
  if (t.id == tileTerrain) return;
  tileTerrain = t.id;
  tileI0 = NaN;
  tileJ0 = NaN;
  rectI0 = NaN;
}

/**
 * Fills a tile's corners, then its bounds: the most the height changes per metre between neighbouring corners along
 * x and along z, and the largest corner height's magnitude (see boundCells); then its dry rows, a u64 per row of
 * corners whose bit a is set when corner a is at or above the water level (when there is water). Returns whether the
 * whole tile is dry.
 */
function fillTile(t: Terrain, tx: i32, tz: i32, tile: usize): bool {
  const cell = t.cell;
  let dry = t.hasWater;
  let most: f64 = 0.0;
  for (let b = 0; b < SIDE; b++) {
    const j = <f64>((tz << TILE_BITS) + b);
    let row: u64 = 0;
    for (let a = 0; a < SIDE; a++) {
      const i = <f64>((tx << TILE_BITS) + a);
      const h = terrainHeight(t, i * cell, j * cell);
      store<f64>(tile + (<usize>(b * SIDE + a) << 3), h);
      most = Math.max(most, Math.abs(h));
      if (!(h >= t.water)) dry = false;
      else if (t.hasWater) row |= <u64>1 << <u64>a;
    }
    store<u64>(tile + DRY_ROWS_AT + (<usize>b << 3), row);
  }
  rectBounds(tile, 0, 0, TILE, TILE, cell);
  store<f64>(tile + CORNER_BYTES, boundAlongX);
  store<f64>(tile + CORNER_BYTES, boundAlongZ, 8);
  store<f64>(tile + CORNER_BYTES, most, 16);
  return dry;
}

@inline function entryAt(slot: i32): TileEntry {
  return changetype<TileEntry>(directory + <usize>slot * offsetof<TileEntry>());
}

/** Allocates the cache (once: its blocks never move, so other threads may be pointed at them). */
function ensureCorners(): void {
  if (pool != 0) return;
  pool = alloc(<usize>POOL_TILES * TILE_BYTES);
  dryFlags = alloc(<usize>POOL_TILES);
  directory = alloc(<usize>DIR_SLOTS * offsetof<TileEntry>());
}

/** The tile of terrain t whose first corner is (tx·TILE, tz·TILE), computed on first use; 0 when not cached and frozen. */
function tileOf(t: Terrain, tx: i32, tz: i32): usize {
  ensureCorners();
  let slot = ((tx * <i32>0x9e3779b1) ^ (tz * <i32>0x85ebca77) ^ (t.id * <i32>0xc2b2ae3d)) & (DIR_SLOTS - 1);
  while (true) {
    const e = entryAt(slot);
    if (e.id == 0) break;
    if (e.id == t.id && e.tx == tx && e.tz == tz) {
      tileDry = load<u8>(dryFlags + <usize>e.slot) != 0;
      return pool + <usize>e.slot * TILE_BYTES;
    }
    slot = (slot + 1) & (DIR_SLOTS - 1);
  }
  if (frozen) return 0;
  if (tilesUsed == POOL_TILES) {
    clearCorners();
    return tileOf(t, tx, tz);
  }
  const e = entryAt(slot);
  const tile = pool + <usize>tilesUsed * TILE_BYTES;
  e.id = t.id;
  e.tx = tx;
  e.tz = tz;
  e.slot = tilesUsed;
  tileDry = fillTile(t, tx, tz, tile);
  store<u8>(dryFlags + <usize>tilesUsed, tileDry ? 1 : 0);
  tilesUsed++;
  return tile;
}

/**
 * Locates the tile holding the corners (i, j) … (i + 1, j + 1) of a lattice cell: the tile whose step holds (i, j),
 * computed on first use; or, for a cell too far out to cache (or not cached while the cache is frozen), a one-cell
 * tile of its four corners computed now.
 */
function locateMiss(t: Terrain, i: f64, j: f64): void {
  if (Math.abs(i) < CACHE_LIMIT && Math.abs(j) < CACHE_LIMIT) {
    const tx = <i32>i >> TILE_BITS;
    const tz = <i32>j >> TILE_BITS;
    const tile = tileOf(t, tx, tz);
    if (tile != 0) {
      tileData = tile;
      tileI0 = <f64>(tx << TILE_BITS);
      tileJ0 = <f64>(tz << TILE_BITS);
      tileSpan = <f64>TILE;
      return;
    }
  }
  const cell = t.cell;
  store<f64>(farTile, terrainHeight(t, i * cell, j * cell));
  store<f64>(farTile, terrainHeight(t, (i + 1) * cell, j * cell), 8);
  store<f64>(farTile + (<usize>SIDE << 3), terrainHeight(t, i * cell, (j + 1) * cell));
  store<f64>(farTile + (<usize>SIDE << 3), terrainHeight(t, (i + 1) * cell, (j + 1) * cell), 8);
  tileData = farTile;
  tileI0 = i;
  tileJ0 = j;
  tileSpan = 1.0;
  tileDry = false;
}

/**
 * Whether every corner of the lattice cells from (i0, j0) to (i1, j1), corners included, is in one dry tile — so
 * every depth interpolated in those cells is exactly +0, as the reference computes it from corner depths that are
 * all max(0, water − height) = +0. Locates the tile of (i0, j0) when the located one does not hold them.
 */
export function dryCells(t: Terrain, i0: f64, j0: f64, i1: f64, j1: f64): bool {
  if (!(i0 - tileI0 >= 0.0 && i1 - tileI0 <= tileSpan && j0 - tileJ0 >= 0.0 && j1 - tileJ0 <= tileSpan)) {
    locateMiss(t, i0, j0);
    if (!(i1 - tileI0 <= tileSpan && j1 - tileJ0 <= tileSpan)) return false;
  }
  return tileDry;
}

/** What boundCells found (per instance, so per thread): the bounds along x and z, the largest height, dryness. */
export let boundAlongX: f64 = 0.0;
export let boundAlongZ: f64 = 0.0;
export let boundMost: f64 = 0.0;
export let boundDry = false;

/**
 * Bounds of the ground over the lattice cells from (i0, j0) to (i1, j1), corners included, when they are in one cached
 * tile or up to two on each axis (boundTiles; else false, nothing found): into boundAlongX (boundAlongZ) the most the
 * height changes per metre between neighbouring corners along x (z) — on each triangle the ground is a plane whose
 * slope along x (z) is one such change — over those corners when they are few (rectBounds), else over the whole tile
 * (made when it was filled, fillTile); into boundMost the tile's (tiles') largest corner height's magnitude, into
 * boundDry whether every corner of those cells is at or above the water level (so every depth there is +0: the whole
 * tile is dry, or those corners are by its dry rows).
 * AS only: it lets a step skip samples where these bounds decide what they would (assembly/stand.ts gentleSlope,
 * assembly/slide.ts gentleWay).
 */
export function boundCells(t: Terrain, i0: f64, j0: f64, i1: f64, j1: f64): bool {
  if (!(i0 - tileI0 >= 0.0 && i1 - tileI0 <= tileSpan && j0 - tileJ0 >= 0.0 && j1 - tileJ0 <= tileSpan)) {
    locateMiss(t, i0, j0);
    if (!(i1 - tileI0 <= tileSpan && j1 - tileJ0 <= tileSpan)) return boundTiles(t, i0, j0, i1, j1);
  }
  if (tileSpan != <f64>TILE) return false;
  if (i0 >= rectI0 && j0 >= rectJ0 && i1 <= rectI1 && j1 <= rectJ1 && tileData == rectTile) {
    // Within the last rectangle bounded, whose bounds hold here too (a step asks round the same feet twice).
    boundAlongX = rectAlongX;
    boundAlongZ = rectAlongZ;
  } else if ((i1 - i0) * (j1 - j0) <= <f64>RECT_CELLS) {
    rectBounds(tileData, <i32>(i0 - tileI0), <i32>(j0 - tileJ0), <i32>(i1 - tileI0), <i32>(j1 - tileJ0), t.cell);
    rectI0 = i0;
    rectJ0 = j0;
    rectI1 = i1;
    rectJ1 = j1;
    rectTile = tileData;
    rectAlongX = boundAlongX;
    rectAlongZ = boundAlongZ;
  } else {
    boundAlongX = load<f64>(tileData + CORNER_BYTES);
    boundAlongZ = load<f64>(tileData + CORNER_BYTES, 8);
  }
  // The tile's: it only sizes a rounding margin, which may be larger than the rectangle's needs.
  boundMost = load<f64>(tileData + CORNER_BYTES, 16);
  boundDry = t.hasWater && (tileDry || dryRows(tileData, <i32>(i0 - tileI0), <i32>(j0 - tileJ0), <i32>(i1 - tileI0), <i32>(j1 - tileJ0)));
  return true;
}

/**
 * boundCells for cells over two tiles on an axis, or on both: the bounds of each tile's part (each tile cached, or
 * computed now), the largest of them; false when a tile cannot be had (too far out to cache, or not cached while the
 * cache is frozen) or they span more tiles.
 */
function boundTiles(t: Terrain, i0: f64, j0: f64, i1: f64, j1: f64): bool {
  // tileOf sets tileDry for the tile it finds; it is the located tile's again before this returns.
  const locatedDry = tileDry;
  const found = boundEachTile(t, i0, j0, i1, j1);
  tileDry = locatedDry;
  return found;
}

/** boundTiles' work, the bounds into boundAlongX … boundDry. */
function boundEachTile(t: Terrain, i0: f64, j0: f64, i1: f64, j1: f64): bool {
  if (!(Math.max(Math.abs(i0), Math.abs(i1)) < CACHE_LIMIT && Math.max(Math.abs(j0), Math.abs(j1)) < CACHE_LIMIT)) return false;
  const tx0 = <i32>i0 >> TILE_BITS;
  const tz0 = <i32>j0 >> TILE_BITS;
  const tx1 = (<i32>i1 - 1) >> TILE_BITS;
  const tz1 = (<i32>j1 - 1) >> TILE_BITS;
  if (tx1 - tx0 > 1 || tz1 - tz0 > 1) return false;
  let alongX: f64 = 0.0;
  let alongZ: f64 = 0.0;
  let most: f64 = 0.0;
  let dry = true;
  for (let tz = tz0; tz <= tz1; tz++) {
    for (let tx = tx0; tx <= tx1; tx++) {
      const tile = tileOf(t, tx, tz);
      if (tile == 0) return false;
      // The tile's part: its corners from (a0, b0) to (a1, b1), those on a boundary in both tiles.
      const a0 = max<i32>(<i32>i0 - (tx << TILE_BITS), 0);
      const b0 = max<i32>(<i32>j0 - (tz << TILE_BITS), 0);
      const a1 = min<i32>(<i32>i1 - (tx << TILE_BITS), TILE);
      const b1 = min<i32>(<i32>j1 - (tz << TILE_BITS), TILE);
      if ((a1 - a0) * (b1 - b0) <= <i32>RECT_CELLS) {
        rectBounds(tile, a0, b0, a1, b1, t.cell);
      } else {
        boundAlongX = load<f64>(tile + CORNER_BYTES);
        boundAlongZ = load<f64>(tile + CORNER_BYTES, 8);
      }
      alongX = Math.max(alongX, boundAlongX);
      alongZ = Math.max(alongZ, boundAlongZ);
      most = Math.max(most, load<f64>(tile + CORNER_BYTES, 16));
      dry = dry && (tileDry || dryRows(tile, a0, b0, a1, b1));
    }
  }
  boundAlongX = alongX;
  boundAlongZ = alongZ;
  boundMost = most;
  boundDry = t.hasWater && dry;
  return true;
}

/**
 * The last rectangle rectBounds bounded, by its cells, the located tile it read, and its bounds (NaN: none; dropped
 * when the cache is emptied or answers for another terrain, as a tile may then hold other corners).
 */
let rectI0: f64 = NaN;
let rectJ0: f64 = NaN;
let rectI1: f64 = NaN;
let rectJ1: f64 = NaN;
let rectTile: usize = 0;
let rectAlongX: f64 = 0.0;
let rectAlongZ: f64 = 0.0;

/**
 * Rectangles of at most this many cells are bounded from their own corners, larger ones by their whole tile's bounds.
 * Why: a step asks about a metre or two round a body, where a tile's steepest slope (64 m of hills on 2 m cells) says
 * nothing about the ground under it; a few cells' corners are cheaper to read than the samples a failed bound costs.
 */
const RECT_CELLS: f64 = 16.0;

/**
 * Into boundAlongX and boundAlongZ, the most the height changes per metre between neighbouring corners of `tile`
 * (a0, b0) … (a1, b1): the x changes of the rows b0 … b1 between columns a0 … a1 and the z changes of the columns
 * between rows b0 … b1 — every edge of the triangles of the cells between them (fillTile asks it of the whole tile).
 */
function rectBounds(tile: usize, a0: i32, b0: i32, a1: i32, b1: i32, cell: f64): void {
  let alongX: f64 = 0.0;
  let alongZ: f64 = 0.0;
  const rowBytes = <usize>SIDE << 3;
  let row = tile + (<usize>(b0 * SIDE + a0) << 3);
  for (let b = b0; b <= b1; b++, row += rowBytes) {
    let h = load<f64>(row);
    for (let at = row, end = row + (<usize>(a1 - a0) << 3); at < end; at += 8) {
      const next = load<f64>(at, 8);
      alongX = Math.max(alongX, Math.abs(next - h));
      h = next;
    }
    if (b == b1) break;
    for (let at = row, end = row + (<usize>(a1 - a0) << 3); at <= end; at += 8) {
      alongZ = Math.max(alongZ, Math.abs(load<f64>(at + rowBytes) - load<f64>(at)));
    }
  }
  boundAlongX = alongX / cell;
  boundAlongZ = alongZ / cell;
}

/** Whether the dry rows of `tile` mark every corner from (a0, b0) to (a1, b1) of it dry. */
@inline function dryRows(tile: usize, a0: i32, b0: i32, a1: i32, b1: i32): bool {
  const want = ((<u64>2 << <u64>(a1 - a0)) - 1) << <u64>a0;
  const rows = tile + DRY_ROWS_AT;
  for (let b = b0; b <= b1; b++) {
    if ((load<u64>(rows + (<usize>b << 3)) & want) != want) return false;
  }
  return true;
}

/**
 * Locates the corners of cell (i, j) — the tile holding them, computed on first use — and returns the address of its
 * first corner, (i, j); its others are 1, SIDE and SIDE + 1 corners on.
 */
@inline function locateCell(t: Terrain, i: f64, j: f64): usize {
  if (!locatedHolds(i, j)) locateMiss(t, i, j);
  return locatedCell(i, j);
}

/** Whether the located tile holds the corners of cell (i, j) (assembly/lattice.ts latticeFeet). */
@inline export function locatedHolds(i: f64, j: f64): bool {
  const di = i - tileI0;
  const dj = j - tileJ0;
  return di >= 0.0 && di < tileSpan && dj >= 0.0 && dj < tileSpan;
}

/** The address of the first corner of cell (i, j), which the located tile holds. */
@inline export function locatedCell(i: f64, j: f64): usize {
  return tileData + (<usize>smallWhole((j - tileJ0) * <f64>SIDE + (i - tileI0)) << 3);
}

/**
 * A whole number in [0, 2^31) as an i32, exactly: added to 2^52 its bits are the number's (no float-to-int conversion,
 * which V8 follows with a check of its range).
 */
@inline function smallWhole(x: f64): i32 {
  return <i32>reinterpret<i64>(x + 4503599627370496.0);
}

/**
 * The height of corner (i + di, j + dj) of the located cell (i, j) at `cell`, di and dj 0 or 1: the terrain at
 * ((i + di)·cell, (j + dj)·cell), as the reference asks it. (A tile holds one corner more than its step on each axis,
 * so a cell's four corners are in the tile of its first.)
 */
@inline function cornerHeight(cell: usize, di: i32, dj: i32): f64 {
  return load<f64>(cell + (<usize>(dj * SIDE + di) << 3));
}

/**
 * The height corners a lattice reads (G-1): `locate(i, j)` finds the cached corners of cell (i, j), then
 * `at(cell, di, dj)` is the height at ((i + di)·cell, (j + dj)·cell). (The reference's corners are a per-call cache
 * of ground calls asked as corner(i + di, j + dj); they need no locating.)
 */
@unmanaged export class HeightCorners {
  terrain: Terrain;
  /** 1 / cell when cell is a power of two, else 0 (assembly/lattice.ts perCell). */
  inverse: f64;

  @inline locate(i: f64, j: f64): usize {
    return locateCell(this.terrain, i, j);
  }

  @inline at(cell: usize, di: i32, dj: i32): f64 {
    return cornerHeight(cell, di, dj);
  }
}

/** The depth corners a lattice reads (G-1): as HeightCorners, the water depth over each corner's height. */
@unmanaged export class DepthCorners {
  terrain: Terrain;
  inverse: f64;

  @inline locate(i: f64, j: f64): usize {
    return locateCell(this.terrain, i, j);
  }

  @inline at(cell: usize, di: i32, dj: i32): f64 {
    return waterDepthAt(this.terrain.water, cornerHeight(cell, di, dj));
  }
}

/**
 * Bakes the tiles of terrain t holding the lattice corners under the rectangle (x0, z0)–(x1, z1), while the pool has
 * room (a herd step on several threads bakes where its bodies will ask before the cache is frozen, HD-5).
 */
export function bakeCorners(t: Terrain, x0: f64, z0: f64, x1: f64, z1: f64): void {
  const cell = t.cell;
  const i0 = Math.floor(x0 / cell);
  const j0 = Math.floor(z0 / cell);
  const i1 = Math.floor(x1 / cell) + 1.0;
  const j1 = Math.floor(z1 / cell) + 1.0;
  if (!(Math.max(Math.abs(i0), Math.abs(i1)) < CACHE_LIMIT && Math.max(Math.abs(j0), Math.abs(j1)) < CACHE_LIMIT)) return;
  for (let tz = <i32>j0 >> TILE_BITS; tz <= <i32>j1 >> TILE_BITS; tz++) {
    for (let tx = <i32>i0 >> TILE_BITS; tx <= <i32>i1 >> TILE_BITS; tx++) {
      if (tilesUsed == POOL_TILES) return;
      tileOf(t, tx, tz);
    }
  }
}

/**
 * How many tiles the corners under the rectangle (x0, z0)–(x1, z1) of terrain t fill, at most (one more on each
 * axis for the apron and the rounding of the ends).
 */
export function tilesUnder(t: Terrain, x0: f64, z0: f64, x1: f64, z1: f64): f64 {
  const side = t.cell * <f64>TILE;
  return (Math.floor((x1 - x0) / side) + 2.0) * (Math.floor((z1 - z0) / side) + 2.0);
}

/**
 * Freezes the cache (only read, see `frozen`) or thaws it. Either way the located tile is dropped: another thread may
 * have refilled its slot since this one located it.
 */
export function freezeCorners(on: bool): void {
  ensureCorners();
  frozen = on;
  tileI0 = NaN;
  tileJ0 = NaN;
}

/** Empties the corner cache (for tests and benchmarks: the next calls bake afresh). */
export function resetCorners(): void {
  clearCorners();
}
