/**
 * Stand height, slope and water depth under a body (ST-1..ST-4).
 * Twin of src/reference/stand.ts: same functions, same operations, same order.
 */
import { CALL_DONE, Numbers, callNumbers, callResult } from './memory';
import { GroundData, boundAlongX, boundAlongZ, boundCells, boundMost } from './ground';
import { Sampler, latticeCross, latticeFeet, underI0, underI1, underJ0, underJ1 } from './lattice';
import { keepGentle, keepProof, keepUnproved, knownUnproved, proofCovers } from './gentleProof';
import { callGround } from './bodies';
import { Cross, Feet } from './feet';

/** A horizontal vector written by the functions below (an `out` argument: nothing allocates). */
@unmanaged export class Vec2 {
  x: f64;
  z: f64;
}

/**
 * The stand height of five feet (ST-2): the mean of the foot heights within `step` of the highest, f0 the centre
 * foot, then the corners (−,−), (+,−), (−,+), (+,+) of the span square.
 */
export function standOf(n: Numbers, f0: f64, f1: f64, f2: f64, f3: f64, f4: f64): f64 {
  const low = Math.max(Math.max(Math.max(f0, f1), Math.max(f2, f3)), f4) - n.step;
  let sum: f64 = 0.0;
  let count: f64 = 0.0;
  if (f0 >= low) { sum += f0; count += 1.0; }
  if (f1 >= low) { sum += f1; count += 1.0; }
  if (f2 >= low) { sum += f2; count += 1.0; }
  if (f3 >= low) { sum += f3; count += 1.0; }
  if (f4 >= low) { sum += f4; count += 1.0; }
  return sum / count;
}

/** Writes into `out` the ground heights under the five feet of a body at (x, z) (ST-1), asked as standHeight asks them. */
export function feetAt(n: Numbers, g: Sampler, x: f64, z: f64, out: Feet): void {
  latticeFeet(g, x, z, n.span * 0.5, out);
}

/** The points standGradient asks (a worker's instance points it at its own). */
export let crossing = changetype<Cross>(memory.data(offsetof<Cross>()));

/** The highest of five feet's ground (SL-3: the top of the ground a body's feet have stood on). */
export function highestFoot(f: Feet): f64 {
  return Math.max(Math.max(Math.max(f.f0, f.f1), Math.max(f.f2, f.f3)), f.f4);
}

/** The feet standHeight asks (a worker's instance points it at its own). */
export let footing = changetype<Feet>(memory.data(offsetof<Feet>()));

/**
 * The stand height at (x, z) (ST-1, ST-2): the mean height of the five feet (centre, then the corners
 * (−,−), (+,−), (−,+), (+,+) of the span square) whose height is within `step` of the highest foot.
 * The sampler remembers the last one (AS only: a step asks it at the same point up to four times — the start,
 * the slide's first sample, its last and the end — and a herd carries it from one step to the next).
 */
export function standHeight(n: Numbers, g: Sampler, x: f64, z: f64): f64 {
  if (x == g.standX && z == g.standZ && n == g.standN) return g.standH;
  const f = footing;
  latticeFeet(g, x, z, n.span * 0.5, f);
  const stand = standOf(n, f.f0, f.f1, f.f2, f.f3, f.f4);
  g.standX = x;
  g.standZ = z;
  g.standN = n;
  g.standH = stand;
  return stand;
}

/**
 * The stand height centred at (x + ox, z + oz), its corner feet at (x + (ox ± h), z + (oz ± h)): the offsets are
 * summed before they are added to (x, z), so where the four stands of the slope share a foot it has the same bits.
 */
export function standAround(n: Numbers, g: Sampler, x: f64, z: f64, ox: f64, oz: f64): f64 {
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
export function slopeReach(n: Numbers): f64 {
  return Math.max(n.span * 0.5, 0.05);
}

/** How far apart the ground is sampled along a move or a feature (SL-3): at most span/2, cell/2 and 0.25 m, counting only the positive ones. */
export function sampleSpacing(n: Numbers, cell: f64): f64 {
  let ds: f64 = 0.25;
  if (n.span > 0.0) ds = Math.min(ds, n.span * 0.5);
  if (cell > 0.0) ds = Math.min(ds, cell * 0.5);
  return ds;
}

/**
 * The horizontal gradient of the stand height at (x, z) by central differences (ST-3), into `out`: the stands
 * around (x ± e, z) and (x, z ± e). When e is half the span (any span of 0.1 m or more) their twenty feet stand on
 * twelve points — each centre foot is a corner foot of the two stands across — and each is asked once.
 */
export function standGradient(n: Numbers, g: Sampler, x: f64, z: f64, out: Vec2): void {
  const e = slopeReach(n);
  const h = n.span * 0.5;
  if (e != h) {
    out.x = (standAround(n, g, x, z, e, 0.0) - standAround(n, g, x, z, -e, 0.0)) / (e + e);
    out.z = (standAround(n, g, x, z, 0.0, e) - standAround(n, g, x, z, 0.0, -e)) / (e + e);
    return;
  }
  // The points standAround gives with e = h: x + e = x + h, x + (e − h) = x + 0, x + (e + h) = x + (h + h), the same
  // negated and on z (latticeCross).
  const c = crossing;
  latticeCross(g, x, z, h, c);
  out.x = (standOf(n, c.e0, c.s0, c.eeS, c.n0, c.eeN) - standOf(n, c.w0, c.wwS, c.s0, c.wwN, c.n0)) / (e + e);
  out.z = (standOf(n, c.n0, c.w0, c.e0, c.nnW, c.nnE) - standOf(n, c.s0, c.ssW, c.ssE, c.w0, c.e0)) / (e + e);
}

/** Whether ground of this slope is steep for a body that was (`wasSteep`) or was not sliding (ST-3 hysteresis). */
export function isSteep(n: Numbers, slope: f64, wasSteep: bool): bool {
  return wasSteep ? !(slope < n.maxSlope - n.slopeBand) : slope > n.maxSlope;
}

/**
 * Which way the ground under the feet rises (SL-3), into `out`: the corner feet's heights above `level` (the body's
 * stand height there; those below count as level), differenced across the span square — up a face a corner has got
 * onto, whichever way the move crosses it, and never back up a drop some feet hang over. One-point feet (span 0)
 * give 0.
 */
export function footprintGradient(n: Numbers, f: Feet, level: f64, out: Vec2): void {
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
@unmanaged export class Climb {
  total: f64;
  last: f64;
  /** 0: not counted; 1: steep; 2: walkable, counted as where the face it follows ends. */
  counted: i32;
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
export function climbPiece(c: Climb, rise: f64, steep: f64): void {
  if (rise > steep || rise < -steep) {
    c.total += rise;
    if (c.counted == 0 && c.last * rise > 0.0) c.total += c.last;
    c.counted = 1;
  } else if (c.counted == 1 && c.last * rise > 0.0) {
    c.total += rise;
    c.counted = 2;
  } else {
    c.counted = 0;
  }
  c.last = rise;
}

// `let`s, so a worker thread points them at its own (assembly/threads.ts).
export let behind = changetype<Feet>(memory.data(offsetof<Feet>()));
export let ahead = changetype<Feet>(memory.data(offsetof<Feet>()));
export let climb0 = changetype<Climb>(memory.data(offsetof<Climb>()));
export let climb1 = changetype<Climb>(memory.data(offsetof<Climb>()));
export let climb2 = changetype<Climb>(memory.data(offsetof<Climb>()));
export let climb3 = changetype<Climb>(memory.data(offsetof<Climb>()));
export let climb4 = changetype<Climb>(memory.data(offsetof<Climb>()));

/**
 * The whole rise of a feature (SL-3): going from (x, z) along the unit (vx, vz) for `length`, sampled every
 * sampleSpacing, each foot adds up its rises and drops on the pieces where the ground under it is steeper than
 * `steepness` (climbPiece); walkable ground (a hill after a curb, the tread between risers) adds nothing, so where on
 * walkable ground the measure starts does not change it. The answer is the most any foot has risen at any point; it
 * is returned as soon as it exceeds `limit`.
 */
export function featureRise(n: Numbers, g: Sampler, x: f64, z: f64, vx: f64, vz: f64, length: f64, steepness: f64, limit: f64): f64 {
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
  let most: f64 = 0.0;
  for (let j: f64 = 1; j <= count; j++) {
    const s = (length * j) / count;
    feetAt(n, g, x + vx * s, z + vz * s, b);
    climbPiece(c0, b.f0 - a.f0, steep);
    climbPiece(c1, b.f1 - a.f1, steep);
    climbPiece(c2, b.f2 - a.f2, steep);
    climbPiece(c3, b.f3 - a.f3, steep);
    climbPiece(c4, b.f4 - a.f4, steep);
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
export function stepLimit(n: Numbers): f64 {
  return n.step + 1e-9;
}

/**
 * How far behind a body a feature's measure starts (SL-3, ST-3): a slope reach plus half the span's diagonal, so it
 * starts where no foot stands on a rise the body is partway over, or that shows in its slope.
 */
export function reachBack(n: Numbers): f64 {
  return slopeReach(n) + n.span * 0.7071067811865476;
}

/**
 * Whether the stand height's slope at (x, z) is provably below the threshold for a body that was (`wasSteep`) or was
 * not sliding (AS only: steepGround then measures nothing). The lattice around its points (within a slope reach plus
 * half the span, cellsUnder) must be so gentle, with slopes along x and z of at most ax and az on every triangle, that
 * every foot of its four stands is within (ax + az)·span of the others, within step, so each stand is the plain mean
 * of its five feet; then the x difference of two stands pairs each foot with one two slope reaches further along x,
 * so the slope's x part is at most ax, and likewise on z. The margins are far above the rounding of the positions (up
 * to 1e6 m) and heights.
 */
function gentleSlope(n: Numbers, g: Sampler, x: f64, z: f64, wasSteep: bool): bool {
  const e = slopeReach(n);
  const r = e + n.span * 0.5;
  if (!g.cellsUnder(x - r, z - r, x + r, z + r)) return false;
  // The body's proof of gentle ground (assembly/gentleProof.ts) is for a body not sliding.
  const keep = keepGentle && !wasSteep;
  if (keep && proofCovers()) return true;
  // Cells the body's last step could not prove gentle are measured at once (assembly/gentleProof.ts keepUnproved).
  if (keep && knownUnproved()) return false;
  if (!boundCells(g.ground.terrain, underI0, underJ0, underI1, underJ1)) return false;
  const threshold = wasSteep ? n.maxSlope - n.slopeBand : n.maxSlope;
  const ax = boundAlongX;
  const az = boundAlongZ;
  const rounding = 1e-9 * (1.0 + boundMost);
  const gentle = Math.sqrt(ax * ax + az * az) * (1.0 + 1e-6) + rounding / e < threshold
    && (ax + az) * n.span * (1.0 + 1e-6) + rounding < n.step;
  if (keep) {
    if (gentle) keepProof(n, proofDivisor(n, g.cell), g.ground.hasDepth);
    else keepUnproved();
  }
  return gentle;
}

/**
 * The least either slope proof divides its rounding margin by (AS only, assembly/gentleProof.ts): gentleSlope a slope
 * reach, gentleWay half its run, which is at least half the smaller of standOff (over a slope reach) and half the
 * sample spacing.
 */
export function proofDivisor(n: Numbers, cell: f64): f64 {
  return Math.min(slopeReach(n), sampleSpacing(n, cell) * 0.5) * 0.5;
}

/**
 * Whether the ground at (x, z) is steep for a body that was (`wasSteep`) or was not sliding (ST-3), the stand
 * height's gradient left in `grad` (AS: only when it was measured, which it is wherever the answer is true). Steep
 * where the slope passes the hysteresis threshold, unless the body stands on a step: measured up the gradient from
 * reachBack behind (x, z), either no foot has climbed steep ground by (x, z) (the body stands beside a rise, not on
 * it), or the feature's whole rise over that reach plus `probe` is within `step` (SL-3 steps over it).
 */
export function steepGround(n: Numbers, g: Sampler, x: f64, z: f64, wasSteep: bool, grad: Vec2): bool {
  // AS only: where the lattice around (x, z) is too gentle for the slope to pass the threshold, the answer is false
  // without measuring it (the callers read `grad` only when the ground is steep).
  if (gentleSlope(n, g, x, z, wasSteep)) return false;
  standGradient(n, g, x, z, grad);
  const slope = Math.sqrt(grad.x * grad.x + grad.z * grad.z);
  if (!isSteep(n, slope, wasSteep)) return false;
  return onRise(n, g, x, z, grad.x / slope, grad.z / slope, wasSteep);
}

/**
 * Whether a body at (x, z) stands on a rise rather than on a step (ST-3): measured up the unit (ux, uz) from
 * reachBack behind (x, z), some foot has climbed steep ground by (x, z), and the feature's whole rise over that reach
 * plus `probe` exceeds `step` (so SL-3 would not step over it).
 */
export function onRise(n: Numbers, g: Sampler, x: f64, z: f64, ux: f64, uz: f64, wasSteep: bool): bool {
  const back = reachBack(n);
  const bx = x - ux * back;
  const bz = z - uz * back;
  const steepness = wasSteep ? n.maxSlope - n.slopeBand : n.maxSlope;
  if (!(featureRise(n, g, bx, bz, ux, uz, back, steepness, 0.0) > 0.0)) return false;
  return featureRise(n, g, bx, bz, ux, uz, back + n.probe, steepness, stepLimit(n)) > stepLimit(n);
}

/**
 * The horizontal gradient of the ground itself under the centre foot (ST-3's faces), into `out`: central
 * differences of the height over a slope reach, at the points the slope's stands centre on. Why not the stand
 * height's: ST-2 averages the feet within step of the highest, so in patches of a face the stand height reads
 * walkable where every foot stands on the face.
 */
export function footGradient(n: Numbers, g: Sampler, x: f64, z: f64, out: Vec2): void {
  const e = slopeReach(n);
  out.x = (g.height(x + e, z + 0.0) - g.height(x + -e, z + 0.0)) / (e + e);
  out.z = (g.height(x + 0.0, z + e) - g.height(x + 0.0, z + -e)) / (e + e);
}

/**
 * Whether a grounded body at (x, z) is on a face (ST-3, WA-1): the ground under its centre foot is steep
 * (footGradient, with the hysteresis for a body that was sliding), it stands on a rise, not a step (onRise), and it
 * has not reached the top: a slope reach up the face some foot would get higher than its highest foot now, so SL-3
 * would refuse it walking on. The ground's gradient is left in `grad`.
 */
export function onFace(n: Numbers, g: Sampler, x: f64, z: f64, wasSteep: bool, grad: Vec2): bool {
  footGradient(n, g, x, z, grad);
  const slope = Math.sqrt(grad.x * grad.x + grad.z * grad.z);
  if (!isSteep(n, slope, wasSteep)) return false;
  const ux = grad.x / slope;
  const uz = grad.z / slope;
  if (!onRise(n, g, x, z, ux, uz, wasSteep)) return false;
  const e = slopeReach(n);
  feetAt(n, g, x, z, behind);
  feetAt(n, g, x + ux * e, z + uz * e, ahead);
  return highestFoot(ahead) > highestFoot(behind);
}

/**
 * Water depth under a body at (x, z): the plain mean of the four corner feet's depth (ST-4). Remembered like the
 * stand height, and 0 at once where all four feet are on dry lattice cells (AS only; the reference's sum is +0 there).
 */
export function waterDepth(n: Numbers, g: Sampler, x: f64, z: f64): f64 {
  if (x == g.depthX && z == g.depthZ && n == g.depthN) return g.depthH;
  const h = n.span * 0.5;
  if (g.dryAround(x, z, h)) return 0.0;
  const d1 = g.depth(x - h, z - h);
  const d2 = g.depth(x + h, z - h);
  const d3 = g.depth(x - h, z + h);
  const d4 = g.depth(x + h, z + h);
  const depth = (d1 + d2 + d3 + d4) * 0.25;
  g.depthX = x;
  g.depthZ = z;
  g.depthN = n;
  g.depthH = depth;
  return depth;
}

/** The horizontal gradient of the water depth at (x, z), over the same differences as the slope, into `out`. */
export function depthGradient(n: Numbers, g: Sampler, x: f64, z: f64, out: Vec2): void {
  const e = slopeReach(n);
  out.x = (waterDepth(n, g, x + e, z) - waterDepth(n, g, x - e, z)) / (e + e);
  out.z = (waterDepth(n, g, x, z + e) - waterDepth(n, g, x, z - e)) / (e + e);
}

/** The stand height at (x, z) on a ground (H-2, ST-2) for the scratch numbers; the answer goes to result[0]. */
export function stand(ground: GroundData, x: f64, z: f64): i32 {
  callResult[0] = standHeight(callNumbers, callGround(ground, 0), x, z);
  return CALL_DONE;
}
