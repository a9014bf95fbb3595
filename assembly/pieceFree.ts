/**
 * A herd body's kept disc clear of every piece of a box, wall or polygon (AS only, LV-1): no piece, grown by its
 * rounding radius, comes within `reach` of (x, z). A query of the shape grid whose disc lies within it, less a rounding
 * margin, finds no piece (assembly/shapeGrid.ts queryShapeGrid answers none without walking its cells): most bodies
 * stand far from every piece, and each of their steps asks the pieces several times near where they stand (seek's
 * ways, pushOut, slide). The disc is of the pieces alone, so it holds for a body of any kind; the herd drops it where
 * a change of the solids reaches (assembly/herd.ts forgetMemosIn). `keepPieceFree` and the disc are set by a herd step
 * for the body it steps (globals: each thread's instance has its own).
 */
@unmanaged export class PieceFree {
  x: f64;
  z: f64;
  reach: f64;
}

/** Numbers of a PieceFree (a herd keeps them per body). */
export const PIECE_FREE_NUMBERS: i32 = <i32>(offsetof<PieceFree>() >> 3);

/** Whether queryShapeGrid reads the disc below (a herd step, for the body it steps). */
export let keepPieceFree = false;
export let freeX: f64 = 0.0;
export let freeZ: f64 = 0.0;
/** The disc's reach, 0 for none. */
export let freeReach: f64 = 0.0;

/**
 * Whether the disc of radius r round (x, z) lies within the kept disc, less a rounding margin: compared in squares,
 * so no square root is taken. Why the margin: far above what rounding moves pieceNearest's distances, at any
 * coordinates up to 1e6 m, so a piece the query's exact test would accept by a last bit is never left out.
 */
@inline export function insidePieceFree(x: f64, z: f64, r: f64): bool {
  const rounding = 1e-6 + 1e-9 * (Math.abs(x) + Math.abs(z) + Math.abs(freeX) + Math.abs(freeZ) + r);
  const within = freeReach - r - rounding;
  const dx = x - freeX;
  const dz = z - freeZ;
  return within > 0.0 && dx * dx + dz * dz < within * within;
}
