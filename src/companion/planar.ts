/** Planar (x, z) measures: the companion's distances and speeds leave y out, so gravity and the height-snap never read as locomotion. */

/** The planar distance between two `[x, y, z]` positions (CO-4). */
export function planarDistance(a: readonly number[], b: readonly number[]): number {
  const dx = b[0] - a[0];
  const dz = b[2] - a[2];
  return Math.sqrt(dx * dx + dz * dz);
}

/** The measured planar speed `|(Δx, Δz)| / dt` of a move by (Δx, Δz) made in `dt` seconds, y excluded (CO-6). */
export function planarSpeed(dx: number, dz: number, dt: number): number {
  return Math.sqrt(dx * dx + dz * dz) / dt;
}
