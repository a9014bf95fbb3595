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
  g.crossX = x;
  g.crossZ = z;
  g.crossH = h;
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
/** A level below all ground: featureRise counts every rise. */
export const ANY_LEVEL: f64 = -Infinity;

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
 * walkable ground the measure starts does not change it. Only what rises above `level` counts (a foot's ground below
 * it reads as `level`; ANY_LEVEL counts every rise): the rest of a rise above where a body's feet already are (ST-3).
 * The answer is the most any foot has risen at any point; it is returned as soon as it exceeds `limit`.
 */
export function featureRise(n: Numbers, g: Sampler, x: f64, z: f64, vx: f64, vz: f64, length: f64, steepness: f64, limit: f64, level: f64): f64 {
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
 * reach, gentleWay half its scan's shortest run. That run may be as short as rounding (its last: what the whole sample
 * spacings leave of the scan), so a proof answers gentleWay only for runs of at least a 32nd of the spacing (or a
 * slope reach); a shorter one, about one move in 32, bounds its cells again.
 */
export function proofDivisor(n: Numbers, cell: f64): f64 {
  return Math.min(slopeReach(n), sampleSpacing(n, cell) * 0.03125) * 0.5;
}

/** What riseAt finds where a body stands (ST-3): beside a rise or on a step, walkable. */
export const NO_RISE: i32 = 0;
/** On a rise: steep ground the body slides off (WA-1). */
export const ON_RISE: i32 = 1;
/**
 * At a rise's top: partway up a rise steeper and higher than a step, the rest of it above the highest foot a step
 * onto ground within the ceiling, so the body stands and walks on (SL-3 steps it over) — though on no walkable
 * ground (WA-9 keeps its floor).
 */
export const RISE_TOP: i32 = 2;

/**
 * Whether steepGround's last answer was proved by gentleSlope for a body not sliding (AS only): there faceAt, asked
 * the same for a body not sliding, answers NO_RISE at once too.
 */
export let provedGentle = false;

/**
 * Where steepGround's last call asked gentleSlope for a body not sliding and it proved nothing (AS only), NaN when it
 * did not: faceAt asked there for a body not sliding does not ask it again.
 */
export let unprovedX: f64 = NaN;
export let unprovedZ: f64 = NaN;

/**
 * Whether the ground at (x, z) is steep for a body that was (`wasSteep`) or was not sliding (ST-3), the stand
 * height's gradient left in `grad` (AS: only when it was measured, which it is wherever the answer is true). Steep
 * where the slope passes the hysteresis threshold and the body stands on a rise there (riseAt up the gradient): not
 * on a step, nor at a rise's top.
 */
export function steepGround(n: Numbers, g: Sampler, x: f64, z: f64, wasSteep: bool, ceiling: f64, grad: Vec2): bool {
  // AS only: where the lattice around (x, z) is too gentle for the slope to pass the threshold, the answer is false
  // without measuring it (the callers read `grad` only when the ground is steep).
  provedGentle = false;
  unprovedX = NaN;
  unprovedZ = NaN;
  if (gentleSlope(n, g, x, z, wasSteep)) {
    provedGentle = !wasSteep;
    return false;
  }
  if (!wasSteep) {
    unprovedX = x;
    unprovedZ = z;
  }
  standGradient(n, g, x, z, grad);
  const slope = Math.sqrt(grad.x * grad.x + grad.z * grad.z);
  if (!isSteep(n, slope, wasSteep)) return false;
  return riseAt(n, g, x, z, grad.x / slope, grad.z / slope, wasSteep, ceiling) == ON_RISE;
}

/**
 * Where a body at (x, z) stands on the way up the unit (ux, uz) (ST-3), measured from reachBack behind (x, z) over
 * that reach plus `probe`: NO_RISE where no foot has climbed steep ground by (x, z) (it stands beside a rise, not on
 * it) or the feature's whole rise is within `step` (it stands on a step SL-3 steps over); else RISE_TOP where the
 * rise's rest above its highest foot is within `step` and ends no higher than `ceiling` (SL-4: floor + jumpH + step),
 * ON_RISE where it is not.
 */
export function riseAt(n: Numbers, g: Sampler, x: f64, z: f64, ux: f64, uz: f64, wasSteep: bool, ceiling: f64): i32 {
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
export function footGradient(n: Numbers, g: Sampler, x: f64, z: f64, out: Vec2): void {
  const e = slopeReach(n);
  // AS only: where standGradient last asked its twelve heights round (x, z) half a span apart and e is half the
  // span, its e0, w0, n0 and s0 are these four, in the same bits (latticeCross), so they are not asked again.
  if (x == g.crossX && z == g.crossZ && e == g.crossH) {
    const c = crossing;
    out.x = (c.e0 - c.w0) / (e + e);
    out.z = (c.n0 - c.s0) / (e + e);
    return;
  }
  out.x = (g.height(x + e, z + 0.0) - g.height(x + -e, z + 0.0)) / (e + e);
  out.z = (g.height(x + 0.0, z + e) - g.height(x + 0.0, z + -e)) / (e + e);
}

/**
 * Where a grounded body at (x, z) stands on a face (ST-3, WA-1, WA-9): NO_RISE where the ground under its centre
 * foot is not steep (footGradient, with the hysteresis for a body that was sliding), else riseAt up that ground's
 * slope — ON_RISE on the face (it slides off), RISE_TOP at its top (it walks on). The ground's gradient is left in
 * `grad`.
 */
export function faceAt(n: Numbers, g: Sampler, x: f64, z: f64, wasSteep: bool, ceiling: f64, grad: Vec2): i32 {
  // AS only: gentleSlope's bounds on the lattice within a slope reach plus half the span of (x, z) bound the centre
  // foot's own slope too (its differences are over a slope reach, with the same rounding margin), so where they prove
  // the stand height's slope below the threshold the ground under the centre foot is not steep either; the callers
  // read `grad` only where the answer is not NO_RISE. Where steepGround just asked it the same for a body not sliding
  // at this very place and it proved nothing (unprovedX, unprovedZ: walk's floor), it is not asked again; leaving a
  // proof out never changes the answer.
  if (!(!wasSteep && x == unprovedX && z == unprovedZ) && gentleSlope(n, g, x, z, wasSteep)) return NO_RISE;
  footGradient(n, g, x, z, grad);
  const slope = Math.sqrt(grad.x * grad.x + grad.z * grad.z);
  if (!isSteep(n, slope, wasSteep)) return NO_RISE;
  return riseAt(n, g, x, z, grad.x / slope, grad.z / slope, wasSteep, ceiling);
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
