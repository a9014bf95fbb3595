/**
 * The triangles bodies stand on, as arrays a renderer draws (G-1): a lattice ground's corners at whole multiples of
 * `cell`, each cell split along the diagonal from its (least x, least z) corner to its (greatest x, greatest z)
 * corner. A three.js PlaneGeometry turned flat splits its cells along the other diagonal, so bodies would stand above
 * or below what is drawn; this gives the lattice's own split, with no dependency on any renderer.
 */
import type { Ground } from './types.ts';

/** A terrain mesh: vertex positions (x, y, z per corner) and triangle indices, both as a renderer takes them. */
export interface TerrainGeometry {
  /** x, y, z of each lattice corner, row by row along x (`(row · columns + column) · 3`). */
  positions: Float32Array;
  /** Three corner indices per triangle, two triangles per cell, counter-clockwise seen from above (+y). */
  indices: Uint32Array;
  /** Corners along x. */
  columns: number;
  /** Corners along z. */
  rows: number;
}

/**
 * The lattice triangles of `ground` covering `extent` [x0, z0, x1, z1] (metres; widened to whole cells), with each
 * corner at `ground.height` there (G-1). For three.js:
 * `geometry.setAttribute('position', new BufferAttribute(positions, 3)); geometry.setIndex(new BufferAttribute(indices, 1))`.
 */
export function terrainGeometry(ground: Ground, extent: readonly number[]): TerrainGeometry {
  const cell = ground.cell;
  if (typeof cell !== 'number' || !Number.isFinite(cell) || !(cell > 0)) {
    throw new Error(`walker: terrainGeometry needs a lattice ground, and ground.cell is ${String(cell)}; expected a finite number > 0.`);
  }
  checkExtent(extent);
  const { i0, j0, columns, rows } = latticeSpan(cell, extent);
  checkVertexCount('terrainGeometry', columns * rows, 'a smaller extent');
  const positions = new Float32Array(columns * rows * 3);
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < columns; i++) {
      // The corner exactly where the lattice asks it: (whole multiple) × cell, as src/reference/lattice.ts does.
      const x = (i0 + i) * cell;
      const z = (j0 + j) * cell;
      const k = (j * columns + i) * 3;
      positions[k] = x;
      positions[k + 1] = ground.height(x, z);
      positions[k + 2] = z;
    }
  }
  return { positions, indices: latticeTriangles(columns, rows), columns, rows };
}

/**
 * The lattice's triangles over corners numbered row by row along x (`row · columns + column`): two a cell, split along
 * G-1's diagonal, counter-clockwise seen from above (+y), cells row by row.
 */
export function latticeTriangles(columns: number, rows: number): Uint32Array {
  const indices = new Uint32Array((columns - 1) * (rows - 1) * 6);
  let t = 0;
  for (let j = 0; j < rows - 1; j++) {
    for (let i = 0; i < columns - 1; i++) {
      const a = j * columns + i; // (least x, least z)
      const b = a + 1; // (greatest x, least z)
      const c = a + columns; // (least x, greatest z)
      const d = c + 1; // (greatest x, greatest z)
      indices[t++] = a; indices[t++] = d; indices[t++] = b;
      indices[t++] = a; indices[t++] = c; indices[t++] = d;
    }
  }
  return indices;
}

/** Throws a sentence unless `extent` is [x0, z0, x1, z1], finite, with x1 > x0 and z1 > z0 (the helpers for a renderer share it). */
export function checkExtent(extent: readonly number[]): void {
  if (!Array.isArray(extent) || extent.length !== 4 || !extent.every((v) => typeof v === 'number' && Number.isFinite(v)) || !(extent[2] > extent[0]) || !(extent[3] > extent[1])) {
    const shown = Array.isArray(extent) ? `[${extent.map(String).join(', ')}]` : String(extent);
    throw new Error(`walker: extent is ${shown}; expected [x0, z0, x1, z1], finite, with x1 > x0 and z1 > z0.`);
  }
}

/** The most vertices one geometry for a renderer holds (2²⁴: 200 MB of float32 positions), so none asks for unbounded memory. */
export const MAX_GEOMETRY_VERTICES = 1 << 24;

/** Throws a sentence naming `call` when a geometry of `vertices` vertices would pass MAX_GEOMETRY_VERTICES. */
export function checkVertexCount(call: string, vertices: number, instead: string): void {
  if (vertices > MAX_GEOMETRY_VERTICES) {
    throw new Error(`walker: ${call} over that extent would make ${vertices} vertices; expected at most ${MAX_GEOMETRY_VERTICES} (draw ${instead}).`);
  }
}

/** The lattice corners covering `extent`, widened to whole cells: the first corner's (i0, j0) and how many along x and z. */
export function latticeSpan(cell: number, extent: readonly number[]): { i0: number; j0: number; columns: number; rows: number } {
  const i0 = Math.floor(extent[0] / cell);
  const j0 = Math.floor(extent[1] / cell);
  return { i0, j0, columns: Math.ceil(extent[2] / cell) - i0 + 1, rows: Math.ceil(extent[3] / cell) - j0 + 1 };
}
