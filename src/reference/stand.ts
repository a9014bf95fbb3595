/**
 * Stand height, slope and water depth under a body (ST-1..ST-4).
 * Twin of assembly/stand.ts: same functions, same operations, same order.
 */
import { checkNumber } from '../rows.ts';
import { Sampler } from './lattice.ts';
import type { Ground, Numbers } from './types.ts';

/** A horizontal vector written by the functions below (gl-matrix style `out` argument: nothing allocates). */
export class Vec2 {
  x = 0;
  z = 0;
}

/**
 * The stand height at (x, z) (ST-1, ST-2): the mean height of the five feet (centre, then the corners
 * (−,−), (+,−), (−,+), (+,+) of the span square) whose height is within `step` of the highest foot.
 */
export function standHeight(n: Numbers, g: Sampler, x: number, z: number): number {
  const h = n.span * 0.5;
  const f0 = g.height(x, z);
  const f1 = g.height(x - h, z - h);
  const f2 = g.height(x + h, z - h);
  const f3 = g.height(x - h, z + h);
  const f4 = g.height(x + h, z + h);
  const low = Math.max(Math.max(Math.max(f0, f1), Math.max(f2, f3)), f4) - n.step;
  let sum = 0.0;
  let count = 0.0;
  if (f0 >= low) { sum += f0; count += 1.0; }
  if (f1 >= low) { sum += f1; count += 1.0; }
  if (f2 >= low) { sum += f2; count += 1.0; }
  if (f3 >= low) { sum += f3; count += 1.0; }
  if (f4 >= low) { sum += f4; count += 1.0; }
  return sum / count;
}

/** Half the distance of the central differences the slope is measured over (ST-3). */
export function slopeReach(n: Numbers): number {
  return Math.max(n.span * 0.5, 0.05);
}

/** The horizontal gradient of the stand height at (x, z) by central differences (ST-3), into `out`. */
export function standGradient(n: Numbers, g: Sampler, x: number, z: number, out: Vec2): void {
  const e = slopeReach(n);
  out.x = (standHeight(n, g, x + e, z) - standHeight(n, g, x - e, z)) / (e + e);
  out.z = (standHeight(n, g, x, z + e) - standHeight(n, g, x, z - e)) / (e + e);
}

/** Whether ground of this slope is steep for a body that was (`wasSteep`) or was not sliding (ST-3 hysteresis). */
export function isSteep(n: Numbers, slope: number, wasSteep: boolean): boolean {
  return wasSteep ? !(slope < n.maxSlope - n.slopeBand) : slope > n.maxSlope;
}

/** Water depth under a body at (x, z): the plain mean of the four corner feet's depth (ST-4). */
export function waterDepth(n: Numbers, g: Sampler, x: number, z: number): number {
  const h = n.span * 0.5;
  const d1 = g.depth(x - h, z - h);
  const d2 = g.depth(x + h, z - h);
  const d3 = g.depth(x - h, z + h);
  const d4 = g.depth(x + h, z + h);
  return (d1 + d2 + d3 + d4) * 0.25;
}

/** The horizontal gradient of the water depth at (x, z), over the same differences as the slope, into `out`. */
export function depthGradient(n: Numbers, g: Sampler, x: number, z: number, out: Vec2): void {
  const e = slopeReach(n);
  out.x = (waterDepth(n, g, x + e, z) - waterDepth(n, g, x - e, z)) / (e + e);
  out.z = (waterDepth(n, g, x, z + e) - waterDepth(n, g, x, z - e)) / (e + e);
}

/** The stand height at (x, z) on a ground (H-2, ST-2): the mean height of the five feet within `step` of the highest, on the lattice when the ground has a cell. */
export function stand(n: Numbers, ground: Ground, x: number, z: number): number {
  checkNumber('x', x);
  checkNumber('z', z);
  return standHeight(n, new Sampler(ground), x, z);
}
