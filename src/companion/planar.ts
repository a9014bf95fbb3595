/** Planar (x, z) measures: the companion's distances and speeds leave y out, so gravity and the height-snap never read as locomotion. */

import { checkFiniteArg, checkPositionArg, checkPositiveArg } from './checks.ts';

/** The planar distance between two `[x, y, z]` positions (CO-4); anything but two positions of finite numbers is refused. */
export function planarDistance(a: readonly number[], b: readonly number[]): number {
  checkPositionArg('planarDistance', 'a', a);
  checkPositionArg('planarDistance', 'b', b);
  const dx = b[0] - a[0];
  const dz = b[2] - a[2];
  return Math.sqrt(dx * dx + dz * dz);
}

/**
 * The measured planar speed `|(Δx, Δz)| / dt` of a move by (Δx, Δz) made in `dt` seconds, y excluded (CO-6); Δx and
 * Δz must be finite and dt finite and > 0.
 */
export function planarSpeed(dx: number, dz: number, dt: number): number {
  checkFiniteArg('planarSpeed', 'dx', dx);
  checkFiniteArg('planarSpeed', 'dz', dz);
  checkPositiveArg('planarSpeed', 'dt', dt);
  return Math.sqrt(dx * dx + dz * dz) / dt;
}
