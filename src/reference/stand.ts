/**
 * Stand height, slope and water depth under a body (ST-1..ST-4).
 * Twin of assembly/stand.ts: same functions, same operations, same order.
 */
import { checkNumbers } from '../kinds.ts';
import { checkInWorld, checkNumber } from '../rows.ts';
import { Sampler } from './lattice.ts';
import { Feet } from './feet.ts';
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

/** Writes into `out` the ground heights under the five feet of a body at (x, z) (ST-1), asked as standHeight asks them. */
export function feetAt(n: Numbers, g: Sampler, x: number, z: number, out: Feet): void {
  const h = n.span * 0.5;
  out.f0 = g.height(x, z);
  out.f1 = g.height(x - h, z - h);
  out.f2 = g.height(x + h, z - h);
  out.f3 = g.height(x - h, z + h);
  out.f4 = g.height(x + h, z + h);
}

/** The highest of five feet's ground (SL-3: the top of the ground a body's feet have stood on). */
export function highestFoot(f: Feet): number {
  return Math.max(Math.max(Math.max(f.f0, f.f1), Math.max(f.f2, f.f3)), f.f4);
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

/** How far apart the ground is sampled along a move or a feature (SL-3): at most span/2, cell/2 and 0.25 m, counting only the positive ones. */
export function sampleSpacing(n: Numbers, cell: number): number {
  let ds = 0.25;
  if (n.span > 0.0) ds = Math.min(ds, n.span * 0.5);
  if (cell > 0.0) ds = Math.min(ds, cell * 0.5);
  return ds;
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

/**
 * Which way the ground under the feet rises (SL-3), into `out`: the corner feet's heights above `level` (the body's
 * stand height there; those below count as level), differenced across the span square — up a face a corner has got
 * onto, whichever way the move crosses it, and never back up a drop some feet hang over. One-point feet (span 0)
 * give 0.
 */
export function footprintGradient(n: Numbers, f: Feet, level: number, out: Vec2): void {
  if (!(n.span > 0.0)) {
    out.x = 0.0;
    out.z = 0.0;
    return;
  }
  const c1 = Math.max(f.f1 - level, 0.0);
  const c2 = Math.max(f.f2 - level, 0.0);
  const c3 = Math.max(f.f3 - level, 0.0);
  const c4 = Math.max(f.f4 - level, 0.0);
  const across = n.span + n.span;
  out.x = (c2 + c4 - (c1 + c3)) / across;
  out.z = (c3 + c4 - (c1 + c2)) / across;
}

/** One foot's climb over a feature (SL-3): what it has risen on steep ground, its last piece's rise, and how that piece counted. */
export class Climb {
  total = 0.0;
  last = 0.0;
  /** 0: not counted; 1: steep; 2: walkable, counted as where the face it follows ends. */
  counted = 0;
}

/** Starts a foot's climb. */
export function startClimb(c: Climb): void {
  c.total = 0.0;
  c.last = 0.0;
  c.counted = 0;
}

/**
 * Adds one piece of a foot's way, rising by `rise`, to its climb (SL-3): all of it where it climbs or drops more than
 * `steep`, together with the piece before when that one went the same way uncounted (where the face began, part of
 * a piece); and the piece after a steep one when it goes the same way (where the face ended). Sampling a face's ends
 * part-way so loses none of its rise, and counts at most a piece of walkable ground on either side.
 */
export function climbPiece(c: Climb, rise: number, steep: number): void {
  if (rise > steep || rise < -steep) {
    c.total += rise;
    if (c.counted === 0 && c.last * rise > 0.0) c.total += c.last;
    c.counted = 1;
  } else if (c.counted === 1 && c.last * rise > 0.0) {
    c.total += rise;
    c.counted = 2;
  } else {
    c.counted = 0;
  }
  c.last = rise;
}

/** A level below all ground: featureRise counts every rise. */
export const ANY_LEVEL = -Infinity;

const behind = new Feet();
const ahead = new Feet();
const climb0 = new Climb();
const climb1 = new Climb();
const climb2 = new Climb();
const climb3 = new Climb();
const climb4 = new Climb();

/**
 * The whole rise of a feature (SL-3): going from (x, z) along the unit (vx, vz) for `length`, sampled every
 * sampleSpacing, each foot adds up its rises and drops on the pieces where the ground under it is steeper than
 * `steepness` (climbPiece); walkable ground (a hill after a curb, the tread between risers) adds nothing, so where on
 * walkable ground the measure starts does not change it. Only what rises above `level` counts (a foot's ground below
 * it reads as `level`; ANY_LEVEL counts every rise): the rest of a rise above where a body's feet already are (ST-3).
 * The answer is the most any foot has risen at any point; it is returned as soon as it exceeds `limit`.
 */
export function featureRise(n: Numbers, g: Sampler, x: number, z: number, vx: number, vz: number, length: number, steepness: number, limit: number, level: number): number {
  const count = Math.ceil(length / sampleSpacing(n, g.cell));
  const steep = steepness * (length / count);
  let a = behind;
  let b = ahead;
  feetAt(n, g, x, z, a);
  const c0 = climb0;
  const c1 = climb1;
  const c2 = climb2;
  const c3 = climb3;
  const c4 = climb4;
  startClimb(c0);
  startClimb(c1);
  startClimb(c2);
  startClimb(c3);
  startClimb(c4);
  let most = 0.0;
  for (let j = 1; j <= count; j++) {
    const s = (length * j) / count;
    feetAt(n, g, x + vx * s, z + vz * s, b);
    climbPiece(c0, Math.max(b.f0, level) - Math.max(a.f0, level), steep);
    climbPiece(c1, Math.max(b.f1, level) - Math.max(a.f1, level), steep);
    climbPiece(c2, Math.max(b.f2, level) - Math.max(a.f2, level), steep);
    climbPiece(c3, Math.max(b.f3, level) - Math.max(a.f3, level), steep);
    climbPiece(c4, Math.max(b.f4, level) - Math.max(a.f4, level), steep);
    most = Math.max(most, Math.max(Math.max(Math.max(c0.total, c1.total), Math.max(c2.total, c3.total)), c4.total));
    if (most > limit) return most;
    const t = a;
    a = b;
    b = t;
  }
  return most;
}

/**
 * The most a feature may rise and be stepped over (SL-3): step, and a nanometre more. Why: a rise is summed from
 * many pieces, so a feature of exactly `step` (two 0.3 m risers for a 0.6 m step) sums to step give or take the last
 * bit; the nanometre keeps that verdict the same whatever the pieces are, and is far below any height that matters.
 */
export function stepLimit(n: Numbers): number {
  return n.step + 1e-9;
}

/**
 * How far behind a body a feature's measure starts (SL-3, ST-3): a slope reach plus half the span's diagonal, so it
 * starts where no foot stands on a rise the body is partway over, or that shows in its slope.
 */
export function reachBack(n: Numbers): number {
  return slopeReach(n) + n.span * 0.7071067811865476;
}

/** What riseAt finds where a body stands (ST-3): beside a rise or on a step, walkable. */
export const NO_RISE = 0;
/** On a rise: steep ground the body slides off (WA-1). */
export const ON_RISE = 1;
/**
 * At a rise's top: partway up a rise steeper and higher than a step, the rest of it above the highest foot a step
 * onto ground within the ceiling, so the body stands and walks on (SL-3 steps it over) — though on no walkable
 * ground (WA-9 keeps its floor).
 */
export const RISE_TOP = 2;

/**
 * Whether the ground at (x, z) is steep for a body that was (`wasSteep`) or was not sliding (ST-3), the stand
 * height's gradient left in `grad`. Steep where the slope passes the hysteresis threshold and the body stands on a
 * rise there (riseAt up the gradient): not on a step, nor at a rise's top.
 */
export function steepGround(n: Numbers, g: Sampler, x: number, z: number, wasSteep: boolean, ceiling: number, grad: Vec2): boolean {
  standGradient(n, g, x, z, grad);
  const slope = Math.sqrt(grad.x * grad.x + grad.z * grad.z);
  if (!isSteep(n, slope, wasSteep)) return false;
  return riseAt(n, g, x, z, grad.x / slope, grad.z / slope, wasSteep, ceiling) === ON_RISE;
}

/**
 * Where a body at (x, z) stands on the way up the unit (ux, uz) (ST-3), measured from reachBack behind (x, z) over
 * that reach plus `probe`: NO_RISE where no foot has climbed steep ground by (x, z) (it stands beside a rise, not on
 * it) or the feature's whole rise is within `step` (it stands on a step SL-3 steps over); else RISE_TOP where the
 * rise's rest above its highest foot is within `step` and ends no higher than `ceiling` (SL-4: floor + jumpH + step),
 * ON_RISE where it is not.
 */
export function riseAt(n: Numbers, g: Sampler, x: number, z: number, ux: number, uz: number, wasSteep: boolean, ceiling: number): number {
  const back = reachBack(n);
  const bx = x - ux * back;
  const bz = z - uz * back;
  const steepness = wasSteep ? n.maxSlope - n.slopeBand : n.maxSlope;
  const limit = stepLimit(n);
  if (!(featureRise(n, g, bx, bz, ux, uz, back, steepness, 0.0, ANY_LEVEL) > 0.0)) return NO_RISE;
  if (!(featureRise(n, g, bx, bz, ux, uz, back + n.probe, steepness, limit, ANY_LEVEL) > limit)) return NO_RISE;
  feetAt(n, g, x, z, behind);
  const highest = highestFoot(behind);
  const rest = featureRise(n, g, bx, bz, ux, uz, back + n.probe, steepness, limit, highest);
  return rest > limit || highest + rest > ceiling ? ON_RISE : RISE_TOP;
}

/**
 * The horizontal gradient of the ground itself under the centre foot (ST-3's faces), into `out`: central
 * differences of the height over a slope reach, at the points the slope's stands centre on. Why not the stand
 * height's: ST-2 averages the feet within step of the highest, so in patches of a face the stand height reads
 * walkable where every foot stands on the face.
 */
export function footGradient(n: Numbers, g: Sampler, x: number, z: number, out: Vec2): void {
  const e = slopeReach(n);
  out.x = (g.height(x + e, z + 0.0) - g.height(x + -e, z + 0.0)) / (e + e);
  out.z = (g.height(x + 0.0, z + e) - g.height(x + 0.0, z + -e)) / (e + e);
}

/**
 * Where a grounded body at (x, z) stands on a face (ST-3, WA-1, WA-9): NO_RISE where the ground under its centre
 * foot is not steep (footGradient, with the hysteresis for a body that was sliding), else riseAt up that ground's
 * slope — ON_RISE on the face (it slides off), RISE_TOP at its top (it walks on). The ground's gradient is left in
 * `grad`.
 */
export function faceAt(n: Numbers, g: Sampler, x: number, z: number, wasSteep: boolean, ceiling: number, grad: Vec2): number {
  footGradient(n, g, x, z, grad);
  const slope = Math.sqrt(grad.x * grad.x + grad.z * grad.z);
  if (!isSteep(n, slope, wasSteep)) return NO_RISE;
  return riseAt(n, g, x, z, grad.x / slope, grad.z / slope, wasSteep, ceiling);
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
