/**
 * Stand height, slope and water depth under a body (ST-1..ST-4).
 * Twin of assembly/stand.ts: same functions, same operations, same order.
 */
import { checkNumbers } from '../kinds.ts';
import { checkInWorld, checkNumber } from '../rows.ts';
import { Sampler } from './lattice.ts';
import type { Ground, Numbers } from '../types.ts';

/** A horizontal vector written by the functions below (gl-matrix style `out` argument: nothing allocates). */
export class Vec2 {
  x = 0;
  z = 0;
}

/**
 * The stand height of five feet (ST-2): the mean of the foot heights within `step` of the highest, f0 the centre
 * foot, then the corners (−,−), (+,−), (−,+), (+,+) of the span square.
 */
export function standOf(n: Numbers, f0: number, f1: number, f2: number, f3: number, f4: number): number {
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

/**
 * The stand height at (x, z) (ST-1, ST-2): the mean height of the five feet (centre, then the corners
 * (−,−), (+,−), (−,+), (+,+) of the span square) whose height is within `step` of the highest foot.
 */
export function standHeight(n: Numbers, g: Sampler, x: number, z: number): number {
  const h = n.span * 0.5;
  return standOf(n, g.height(x, z), g.height(x - h, z - h), g.height(x + h, z - h), g.height(x - h, z + h), g.height(x + h, z + h));
}

/**
 * The stand height centred at (x + ox, z + oz), its corner feet at (x + (ox ± h), z + (oz ± h)): the offsets are
 * summed before they are added to (x, z), so where the four stands of the slope share a foot it has the same bits.
 */
export function standAround(n: Numbers, g: Sampler, x: number, z: number, ox: number, oz: number): number {
  const h = n.span * 0.5;
  return standOf(
    n,
    g.height(x + ox, z + oz),
    g.height(x + (ox - h), z + (oz - h)),
    g.height(x + (ox + h), z + (oz - h)),
    g.height(x + (ox - h), z + (oz + h)),
    g.height(x + (ox + h), z + (oz + h)),
  );
}

/** Half the distance of the central differences the slope is measured over (ST-3). */
export function slopeReach(n: Numbers): number {
  return Math.max(n.span * 0.5, 0.05);
}

/**
 * The horizontal gradient of the stand height at (x, z) by central differences (ST-3), into `out`: the stands
 * around (x ± e, z) and (x, z ± e). When e is half the span (any span of 0.1 m or more) their twenty feet stand on
 * twelve points — each centre foot is a corner foot of the two stands across — and each is asked once.
 */
export function standGradient(n: Numbers, g: Sampler, x: number, z: number, out: Vec2): void {
  const e = slopeReach(n);
  const h = n.span * 0.5;
  if (e !== h) {
    out.x = (standAround(n, g, x, z, e, 0.0) - standAround(n, g, x, z, -e, 0.0)) / (e + e);
    out.z = (standAround(n, g, x, z, 0.0, e) - standAround(n, g, x, z, 0.0, -e)) / (e + e);
    return;
  }
  // The points standAround gives with e = h: x + e = x + h, x + (e − h) = x + 0, x + (e + h) = x + (h + h), the same
  // negated and on z; named by compass (x east, z north), doubled letters two half-spans out.
  const x0 = x + 0.0;
  const z0 = z + 0.0;
  const xE = x + h;
  const xW = x + -h;
  const xEE = x + (h + h);
  const xWW = x + (-h - h);
  const zN = z + h;
  const zS = z + -h;
  const zNN = z + (h + h);
  const zSS = z + (-h - h);
  const e0 = g.height(xE, z0);
  const w0 = g.height(xW, z0);
  const n0 = g.height(x0, zN);
  const s0 = g.height(x0, zS);
  const eeS = g.height(xEE, zS);
  const eeN = g.height(xEE, zN);
  const wwS = g.height(xWW, zS);
  const wwN = g.height(xWW, zN);
  const nnW = g.height(xW, zNN);
  const nnE = g.height(xE, zNN);
  const ssW = g.height(xW, zSS);
  const ssE = g.height(xE, zSS);
  out.x = (standOf(n, e0, s0, eeS, n0, eeN) - standOf(n, w0, wwS, s0, wwN, n0)) / (e + e);
  out.z = (standOf(n, n0, w0, e0, nnW, nnE) - standOf(n, s0, ssW, ssE, w0, e0)) / (e + e);
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
  checkNumbers(n);
  checkNumber('x', x);
  checkNumber('z', z);
  checkInWorld('stand point', x, z);
  return standHeight(n, new Sampler(ground), x, z);
}
