/**
 * The scenery bodies meet, as triangles a renderer draws (G-7): each solid circle as an upright prism standing on the
 * ground, and the water as the lattice's own triangles at `height + depth` where they are wet. Beside
 * terrainGeometry (G-1) they show exactly what bodies go round and wade in, with no dependency on any renderer.
 * Not the simulated path: only what bodies meet is read, nothing is written.
 */
import { checkKnownKeys } from './known.ts';
import { MAX_HEIGHT, show } from './limits.ts';
import { checkGround, latticeValue } from './reference/lattice.ts';
import { atan2, cos, sin, TWO_PI } from './reference/math.ts';
import { solidsIn } from './scenery.ts';
import { isPiece } from './reference/lattice.ts';
import { checkExtent, checkVertexCount, latticeSpan, latticeTriangles } from './terrainGeometry.ts';
import type { Circle, Ground, Piece } from './types.ts';

/** What `solidsGeometry` draws: sides a prism, and how tall. */
export interface SolidsGeometryOptions {
  /** Sides of each prism, a whole number from 3 to 64 (default 12). */
  sides?: number;
  /** How far each prism rises above the lowest ground under it, metres, > 0 and ≤ 10⁶ (default 3). */
  height?: number;
}

/** Upright prisms as a renderer takes them: three numbers a vertex in `positions` and `normals`, three indices a triangle. */
export interface SolidsGeometry {
  /** x, y, z of each vertex: prism k's 3 · sides vertices from k · 3 · sides on (its bottom rim, its top rim, its cap). */
  positions: Float32Array;
  /** The unit normal of each vertex: out from the axis on the walls (smooth round the prism), straight up on the cap. */
  normals: Float32Array;
  /** Three vertex indices a triangle, counter-clockwise seen from outside; 9 · sides − 6 indices a prism. */
  indices: Uint32Array;
  /** The circles drawn, in the order their prisms lie (solidsIn's, those of radius 0 left out). */
  solids: Circle[];
  /**
   * The pieces of boxes, walls and polygons drawn after the circles, in solidsIn's order (LV-1): each as the prism of
   * its outline (outlineOf), 5 vertices and 3 indices … see solidsGeometry.
   */
  pieces: Piece[];
  /** Sides of each prism. */
  sides: number;
}

/** The water's surface as a renderer takes it: three numbers a vertex in `positions` and `normals`, three indices a triangle. */
export interface WaterGeometry {
  /** x, y, z of each lattice corner a wet triangle uses, row by row along x; y is `height + depth` there. */
  positions: Float32Array;
  /** The unit normal of each vertex: the mean of its triangles' normals weighted by their areas. */
  normals: Float32Array;
  /** Three vertex indices a triangle, counter-clockwise seen from above (+y). */
  indices: Uint32Array;
}

const SOLIDS_OPTIONS: readonly (keyof SolidsGeometryOptions)[] = ['sides', 'height'];
const MIN_SIDES = 3;
const MAX_SIDES = 64;
const DEFAULT_SIDES = 12;
const DEFAULT_HEIGHT = 3;

/**
 * The outline a piece grown by its radius is drawn with, x, z pairs in the circles' rim order (from +z toward +x round
 * its inside): its corners, and where its radius is above 0 an arc round each corner from one edge's outward normal to
 * the next in steps of at most 2π/sides, so a wall's segment is drawn with round ends.
 */
function outlineOf(piece: Piece, sides: number): number[] {
  const p = piece.points;
  const count = p.length / 2;
  const ring: number[] = [];
  for (let c = 0; c < count; c++) {
    const [x, z] = [p[c * 2], p[c * 2 + 1]];
    if (!(piece.radius > 0)) {
      ring.push(x, z);
      continue;
    }
    const prev = (c + count - 1) % count;
    const next = (c + 1) % count;
    // Outward normals of the edges into and out of the corner (counter-clockwise corners: the inside is on the left).
    const aIn = atan2(-(x - p[prev * 2]), p[c * 2 + 1] - p[prev * 2 + 1]);
    const aOut = atan2(-(p[next * 2] - x), p[next * 2 + 1] - z);
    let sweep = aOut - aIn;
    while (sweep < 0) sweep += TWO_PI;
    const steps = Math.max(1, Math.ceil(sweep / (TWO_PI / sides)));
    for (let k = 0; k <= steps; k++) {
      const a = aIn + (sweep * k) / steps;
      ring.push(x + piece.radius * cos(a), z + piece.radius * sin(a));
    }
  }
  const reversed: number[] = [];
  for (let k = ring.length - 2; k >= 0; k -= 2) reversed.push(ring[k], ring[k + 1]);
  return reversed;
}

/**
 * The solid circles of `ground` whose centres lie in `extent` [x0, z0, x1, z1] (as `solidsIn` gives them) as upright
 * prisms of `options.sides` sides, each corner on its circle, from the lowest ground under its centre and corners up
 * `options.height` metres (G-7); then its pieces of boxes, walls and polygons (LV-1) as prisms of their outlines.
 * For three.js: `position` and `normal` attributes of 3, the index of 1.
 */
export function solidsGeometry(ground: Ground, extent: readonly number[], options?: SolidsGeometryOptions): SolidsGeometry {
  checkGround(ground);
  checkExtent(extent);
  const { sides, height } = checkedSolidsOptions(options);
  const found = solidsIn(ground, extent);
  const solids = found.filter((c) => !isPiece(c) && c.radius > 0).map((c) => ({ x: c.x, z: c.z, radius: c.radius }));
  const pieces = found.filter(isPiece);
  const outlines = pieces.map((piece) => outlineOf(piece, sides));
  const pieceVertices = outlines.reduce((sum, ring) => sum + (ring.length / 2) * 5, 0);
  const pieceIndices = outlines.reduce((sum, ring) => sum + (ring.length / 2) * 9 - 6, 0);
  checkVertexCount('solidsGeometry', solids.length * 3 * sides + pieceVertices, 'a smaller extent or fewer sides');
  // The rim's directions once for all prisms: (sin θ, cos θ), θ growing, so the rim runs counter-clockwise from above.
  const along = new Float64Array(sides);
  const across = new Float64Array(sides);
  for (let k = 0; k < sides; k++) {
    along[k] = sin((TWO_PI * k) / sides);
    across[k] = cos((TWO_PI * k) / sides);
  }
  const positions = new Float32Array((solids.length * 3 * sides + pieceVertices) * 3);
  const normals = new Float32Array((solids.length * 3 * sides + pieceVertices) * 3);
  const indices = new Uint32Array(solids.length * (9 * sides - 6) + pieceIndices);
  let t = 0;
  solids.forEach(({ x, z, radius }, s) => {
    let bottom = groundHeight(ground, x, z);
    for (let k = 0; k < sides; k++) bottom = Math.min(bottom, groundHeight(ground, x + radius * along[k], z + radius * across[k]));
    const top = bottom + height;
    const first = s * 3 * sides;
    for (let k = 0; k < sides; k++) {
      const px = x + radius * along[k];
      const pz = z + radius * across[k];
      writeVertex(positions, normals, first + k, px, bottom, pz, along[k], 0, across[k]);
      writeVertex(positions, normals, first + sides + k, px, top, pz, along[k], 0, across[k]);
      writeVertex(positions, normals, first + 2 * sides + k, px, top, pz, 0, 1, 0);
    }
    for (let k = 0; k < sides; k++) {
      const next = (k + 1) % sides;
      const [b0, b1, t0, t1] = [first + k, first + next, first + sides + k, first + sides + next];
      indices[t++] = b0; indices[t++] = b1; indices[t++] = t1;
      indices[t++] = b0; indices[t++] = t1; indices[t++] = t0;
    }
    // The cap as a fan from its first corner: the rim is convex, so every fan triangle lies inside it.
    const cap = first + 2 * sides;
    for (let k = 1; k < sides - 1; k++) {
      indices[t++] = cap; indices[t++] = cap + k; indices[t++] = cap + k + 1;
    }
  });
  // The pieces' prisms: a flat quad an edge of the outline (4 vertices, its normal out of the edge), then the cap.
  let first = solids.length * 3 * sides;
  for (const ring of outlines) {
    const m = ring.length / 2;
    let bottom = Infinity;
    for (let k = 0; k < m; k++) bottom = Math.min(bottom, groundHeight(ground, ring[k * 2], ring[k * 2 + 1]));
    const top = bottom + height;
    for (let k = 0; k < m; k++) {
      const next = (k + 1) % m;
      const [ax, az, bx, bz] = [ring[k * 2], ring[k * 2 + 1], ring[next * 2], ring[next * 2 + 1]];
      // The rim runs as the circles' does (from +z toward +x), so out of an edge is its direction turned a quarter back.
      const l = Math.sqrt((bx - ax) * (bx - ax) + (bz - az) * (bz - az));
      const nx = l > 0 ? -(bz - az) / l : 0;
      const nz = l > 0 ? (bx - ax) / l : 0;
      const v = first + k * 4;
      writeVertex(positions, normals, v, ax, bottom, az, nx, 0, nz);
      writeVertex(positions, normals, v + 1, bx, bottom, bz, nx, 0, nz);
      writeVertex(positions, normals, v + 2, ax, top, az, nx, 0, nz);
      writeVertex(positions, normals, v + 3, bx, top, bz, nx, 0, nz);
      indices[t++] = v; indices[t++] = v + 1; indices[t++] = v + 3;
      indices[t++] = v; indices[t++] = v + 3; indices[t++] = v + 2;
      writeVertex(positions, normals, first + 4 * m + k, ax, top, az, 0, 1, 0);
    }
    const cap = first + 4 * m;
    for (let k = 1; k < m - 1; k++) {
      indices[t++] = cap; indices[t++] = cap + k; indices[t++] = cap + k + 1;
    }
    first += 5 * m;
  }
  return { positions, normals, indices, solids, pieces, sides };
}

/**
 * The water over `ground` in `extent` [x0, z0, x1, z1] (widened to whole cells, as terrainGeometry is): the lattice
 * triangles with a corner whose depth is above 0 — by G-1 the depth is above 0 over all of such a triangle but its
 * dry edge — each corner at `height + depth` (a dry corner at its height, so the surface meets the shore), or null
 * when no corner is under water or the ground has no `depth` (G-7).
 */
export function waterGeometry(ground: Ground, extent: readonly number[]): WaterGeometry | null {
  checkGround(ground);
  const cell = ground.cell;
  if (typeof cell !== 'number') throw new Error(`walker: waterGeometry needs a lattice ground, and ground.cell is ${show(cell)}; expected a finite number > 0.`);
  checkExtent(extent);
  const depthAt = ground.depth;
  if (depthAt === undefined) return null;
  const { i0, j0, columns, rows } = latticeSpan(cell, extent);
  checkVertexCount('waterGeometry', columns * rows, 'a smaller extent');
  const surface = new Float64Array(columns * rows);
  const wet = new Uint8Array(columns * rows);
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < columns; i++) {
      // The corners exactly where the lattice asks them, as terrainGeometry does.
      const x = (i0 + i) * cell;
      const z = (j0 + j) * cell;
      const depth = finite('depth', depthAt(x, z), x, z);
      const c = j * columns + i;
      wet[c] = depth > 0 ? 1 : 0;
      surface[c] = finite('height', ground.height(x, z), x, z) + (depth > 0 ? depth : 0);
    }
  }
  const lattice = latticeTriangles(columns, rows);
  const triangles: number[] = [];
  for (let t = 0; t < lattice.length; t += 3) {
    const a = lattice[t];
    const b = lattice[t + 1];
    const c = lattice[t + 2];
    if (wet[a] + wet[b] + wet[c] > 0) triangles.push(a, b, c);
  }
  if (triangles.length === 0) return null;
  // Only the corners the triangles use become vertices, numbered row by row, so a large dry extent costs nothing drawn.
  const vertexOf = new Int32Array(columns * rows).fill(-1);
  for (const c of triangles) vertexOf[c] = 0;
  let count = 0;
  for (let c = 0; c < columns * rows; c++) if (vertexOf[c] === 0) vertexOf[c] = count++;
  // Normals from the float64 corners: far out, float32 positions of neighbouring corners may round to one point.
  const positions = new Float64Array(count * 3);
  for (let c = 0; c < columns * rows; c++) {
    const v = vertexOf[c];
    if (v < 0) continue;
    positions[v * 3] = (i0 + (c % columns)) * cell;
    positions[v * 3 + 1] = surface[c];
    positions[v * 3 + 2] = (j0 + Math.floor(c / columns)) * cell;
  }
  const indices = Uint32Array.from(triangles, (c) => vertexOf[c]);
  return { positions: Float32Array.from(positions), normals: areaWeightedNormals(positions, indices), indices };
}

/** The options of solidsGeometry, checked, with their defaults. */
function checkedSolidsOptions(options: unknown): { sides: number; height: number } {
  if (options === undefined) return { sides: DEFAULT_SIDES, height: DEFAULT_HEIGHT };
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new Error(`walker: solidsGeometry options are ${show(options)}; expected an object { sides?, height? } or nothing.`);
  }
  checkKnownKeys('solidsGeometry options', options, SOLIDS_OPTIONS);
  const { sides = DEFAULT_SIDES, height = DEFAULT_HEIGHT } = options as SolidsGeometryOptions;
  if (typeof sides !== 'number' || !Number.isInteger(sides) || sides < MIN_SIDES || sides > MAX_SIDES) {
    throw new Error(`walker: solidsGeometry options.sides is ${show(sides)}; expected a whole number from ${MIN_SIDES} to ${MAX_SIDES}.`);
  }
  if (typeof height !== 'number' || !(height > 0) || !(height <= MAX_HEIGHT)) {
    throw new Error(`walker: solidsGeometry options.height is ${show(height)}; expected a number of metres > 0 and ≤ ${MAX_HEIGHT}.`);
  }
  return { sides, height };
}

/** The height of the ground bodies stand on at (x, z): the lattice's plane there (G-1), or the ground itself without one. */
function groundHeight(ground: Ground, x: number, z: number): number {
  const cell = ground.cell;
  if (cell === undefined) return finite('height', ground.height(x, z), x, z);
  return latticeValue(cell, x, z, (i, j) => finite('height', ground.height(i * cell, j * cell), i * cell, j * cell));
}

/** `value`, once it is a finite number; else a sentence naming the ground's call that gave it. */
function finite(name: string, value: unknown, x: number, z: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`walker: ground.${name}(${x}, ${z}) returned ${show(value)}; expected a finite number.`);
  return value;
}

/** Writes vertex `v`'s position and normal. */
function writeVertex(positions: Float32Array, normals: Float32Array, v: number, x: number, y: number, z: number, nx: number, ny: number, nz: number): void {
  positions[v * 3] = x;
  positions[v * 3 + 1] = y;
  positions[v * 3 + 2] = z;
  normals[v * 3] = nx;
  normals[v * 3 + 1] = ny;
  normals[v * 3 + 2] = nz;
}

/**
 * Each vertex's unit normal: the sum of its triangles' cross products (each as long as twice its triangle's area,
 * so a sliver hardly counts), made unit length. Summed triangle by triangle in index order, so the bits are fixed.
 */
function areaWeightedNormals(positions: Float64Array, indices: Uint32Array): Float32Array {
  const sum = new Float64Array(positions.length);
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t] * 3, indices[t + 1] * 3, indices[t + 2] * 3];
    const [ux, uy, uz] = [positions[b] - positions[a], positions[b + 1] - positions[a + 1], positions[b + 2] - positions[a + 2]];
    const [vx, vy, vz] = [positions[c] - positions[a], positions[c + 1] - positions[a + 1], positions[c + 2] - positions[a + 2]];
    const [nx, ny, nz] = [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx];
    for (const v of [a, b, c]) {
      sum[v] += nx;
      sum[v + 1] += ny;
      sum[v + 2] += nz;
    }
  }
  const normals = new Float32Array(positions.length);
  for (let v = 0; v < sum.length; v += 3) {
    const length = Math.sqrt(sum[v] * sum[v] + sum[v + 1] * sum[v + 1] + sum[v + 2] * sum[v + 2]);
    normals[v] = sum[v] / length;
    normals[v + 1] = sum[v + 1] / length;
    normals[v + 2] = sum[v + 2] / length;
  }
  return normals;
}
