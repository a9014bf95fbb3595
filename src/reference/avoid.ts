/**
 * Reciprocal avoidance (AV-1..AV-6): a seeking body chooses its want knowing the other bodies' motion, in the manner
 * of optimal reciprocal collision avoidance (van den Berg, Guy, Lin, Manocha). Each neighbour's velocity obstacle,
 * cut off at the kind's horizon, gives a half-plane of velocities that keep the pair apart for that long, the body
 * taking its share of the change; a small linear program picks the velocity nearest the preferred one (the want seek
 * set) within the half-planes and within seekSpeed, or, when no velocity is in all of them, the one that violates
 * the worst of them least.
 * Twin of assembly/avoid.ts: same functions, same operations, same order.
 */
import type { Body } from '../body.ts';
import type { Numbers } from '../types.ts';
import { type Sampler, gatherNeighbours, hasBodies } from './lattice.ts';
import { MOST_NEIGHBOURS, Neighbours } from './neighbours.ts';

/**
 * How soon, seconds, two bodies that already overlap ask to be apart (AV-3). Why: seek has no dt; slide keeps them
 * from going deeper (SL-2), so this only sets how firmly they part.
 */
export const OVERLAP_TIME = 0.1;

/**
 * The factor on the sum of two bodies' radii that avoidance keeps apart (AV-3). Why: each body moves legally against
 * the other's start-of-step position, so two moves made in the same step can end closer than the sum; a margin on the
 * half-planes leaves room for both moves.
 */
export const AVOID_MARGIN = 1.06;

/** Below this, two half-planes' directions count as parallel in the linear program (AV-3). */
export const PARALLEL = 1e-5;

/**
 * How far a neighbour ahead coming straight at the body turns its preferred velocity to its right (AV-5): by the
 * tangent of the turn, KEEP_RIGHT_TURN (0.3, about 17°). Why: bodies closing on those ahead all turn the same way,
 * early, so a crowd converging on one point (the antipodal circle) swirls round it instead of packing into it.
 */
export const KEEP_RIGHT_TURN = 0.3;

/**
 * The half-planes of one program, as parallel arrays: line k passes through (px, pz) along the unit (dx, dz), and the
 * velocities it allows lie on its left, where (dx, dz) × ((px, pz) − v) ≤ 0.
 */
class Lines {
  count = 0;
  readonly px = new Float64Array(MOST_NEIGHBOURS);
  readonly pz = new Float64Array(MOST_NEIGHBOURS);
  readonly dx = new Float64Array(MOST_NEIGHBOURS);
  readonly dz = new Float64Array(MOST_NEIGHBOURS);
}

/** A velocity the program works on. */
class Velocity {
  x = 0.0;
  z = 0.0;
}

const neighbours = new Neighbours();
const lines = new Lines();
const projected = new Lines();
const chosen = new Velocity();
const kept = new Velocity();
const preferred = new Velocity();

/**
 * Turns the body's want (the preferred velocity seek set) into the velocity nearest it that avoids its neighbours
 * (AV-1..AV-3), of length at most seekSpeed. A kind that avoids no neighbours, or a body with none within reach, keeps
 * its want.
 */
export function avoidBodies(n: Numbers, g: Sampler, body: Body): void {
  if (!(n.avoidNeighbours > 0.0) || !hasBodies(g)) return;
  gatherNeighbours(g, body.x, body.z, n.avoidReach, n.avoidNeighbours, neighbours);
  if (neighbours.count === 0) return;
  lines.count = 0;
  const invHorizon = 1.0 / n.avoidHorizon;
  for (let k = 0; k < neighbours.count; k++) addLine(n, body, k, invHorizon);
  const speed = n.seekSpeed;
  keepRight(body, preferred);
  const failed = solveWithin(lines, speed, preferred.x, preferred.z, false, chosen);
  if (failed < lines.count) leastViolation(lines, failed, speed, chosen);
  let x = chosen.x;
  let z = chosen.z;
  // The program keeps within seekSpeed but for rounding: the want never exceeds it (AV-3), shortened a hair more so
  // that its length, rounded, does not either.
  const l = Math.sqrt(x * x + z * z);
  if (l > speed) {
    const k = (speed / l) * (1.0 - 1e-12);
    x = x * k;
    z = z * k;
  }
  body.wantX = x;
  body.wantZ = z;
}

/**
 * The preferred velocity the program starts from (AV-5): the body's want, turned to its right by KEEP_RIGHT_TURN times
 * h, the most any neighbour ahead (its place q relative to the body lies on the want's side, q·want > 0) comes
 * straight at it — h the squared cosine (v·q)² / (|v|²·|q|²) between the relative velocity v and q, over the
 * neighbours that come closer (v·q > 0) — and scaled back to the want's length.
 */
function keepRight(body: Body, out: Velocity): void {
  const nb = neighbours;
  const wx = body.wantX;
  const wz = body.wantZ;
  let h = 0.0;
  for (let k = 0; k < nb.count; k++) {
    const qx = nb.x[k] - body.x;
    const qz = nb.z[k] - body.z;
    if (!(qx * wx + qz * wz > 0.0)) continue;
    const vx = body.vx - nb.vx[k];
    const vz = body.vz - nb.vz[k];
    const closing = vx * qx + vz * qz;
    if (!(closing > 0.0)) continue;
    // Products too small for an f64 (denormal speeds) would divide by 0: such a neighbour is left out, and rounding
    // cannot take the squared cosine past 1.
    const across = (vx * vx + vz * vz) * nb.d2[k];
    if (!(across > 0.0)) continue;
    h = Math.max(h, Math.min((closing * closing) / across, 1.0));
  }
  const t = KEEP_RIGHT_TURN * h;
  const k = 1.0 / Math.sqrt(1.0 + t * t);
  out.x = (wx + t * wz) * k;
  out.z = (wz - t * wx) * k;
}

/**
 * The half-plane neighbour k puts on the body's velocity (AV-3). With p the neighbour's place relative to the body,
 * v the body's velocity relative to the neighbour's and R the sum of the radii, the velocity obstacle is the cone of
 * relative velocities that meet within the horizon τ, capped by the circle of radius R/τ round p/τ. u is the least
 * change of v that takes it out of the obstacle, onto its nearest edge; the body takes `share` of u, and the line
 * runs along that edge through v + share·u. A relative velocity exactly on the cone's axis (cross product 0) takes
 * the right leg, so a head-on pair and a symmetric ring part by one fixed rule (AV-5).
 */
function addLine(n: Numbers, body: Body, k: number, invHorizon: number): void {
  const nb = neighbours;
  const px = nb.x[k] - body.x;
  const pz = nb.z[k] - body.z;
  const vx = body.vx - nb.vx[k];
  const vz = body.vz - nb.vz[k];
  const r = (n.radius + nb.radius[k]) * AVOID_MARGIN;
  const d2 = px * px + pz * pz;
  const r2 = r * r;
  let ux = 0.0;
  let uz = 0.0;
  let dx = 0.0;
  let dz = 0.0;
  if (d2 > r2) {
    const wx = vx - invHorizon * px;
    const wz = vz - invHorizon * pz;
    const w2 = wx * wx + wz * wz;
    const wp = wx * px + wz * pz;
    if (wp < 0.0 && wp * wp > r2 * w2) {
      // Nearest the cut-off circle: push v out along w.
      const wl = Math.sqrt(w2);
      const nx = wx / wl;
      const nz = wz / wl;
      dx = nz;
      dz = -nx;
      const push = r * invHorizon - wl;
      ux = push * nx;
      uz = push * nz;
    } else {
      // Nearest a leg of the cone: the leg's direction is p turned by the half-angle whose sine is R/|p|.
      const leg = Math.sqrt(d2 - r2);
      if (px * wz - pz * wx > 0.0) {
        dx = (px * leg - pz * r) / d2;
        dz = (px * r + pz * leg) / d2;
      } else {
        dx = -(px * leg + pz * r) / d2;
        dz = -(pz * leg - px * r) / d2;
      }
      const along = vx * dx + vz * dz;
      ux = along * dx - vx;
      uz = along * dz - vz;
    }
  } else {
    // Already overlapping: part within OVERLAP_TIME, pushing v out of the circle of radius R/T round p/T.
    const inv = 1.0 / OVERLAP_TIME;
    const wx = vx - inv * px;
    const wz = vz - inv * pz;
    const w2 = wx * wx + wz * wz;
    let nx = 0.0;
    let nz = 0.0;
    let wl = 0.0;
    if (w2 > 0.0) {
      wl = Math.sqrt(w2);
      nx = wx / wl;
      nz = wz / wl;
    } else if (d2 > 0.0) {
      const d = Math.sqrt(d2);
      nx = -px / d;
      nz = -pz / d;
    } else {
      // On the same spot at the same velocity: nothing tells the two apart, so neither steers for the other (slide parts them).
      return;
    }
    dx = nz;
    dz = -nx;
    const push = r * inv - wl;
    ux = push * nx;
    uz = push * nz;
  }
  const at = lines.count;
  const share = nb.share[k];
  lines.px[at] = body.vx + share * ux;
  lines.pz[at] = body.vz + share * uz;
  lines.dx[at] = dx;
  lines.dz[at] = dz;
  lines.count = at + 1;
}

/** The cross product of (ax, az) and (bx, bz). */
function cross(ax: number, az: number, bx: number, bz: number): number {
  return ax * bz - az * bx;
}

/**
 * The velocity on line `no` within `speed` and on the allowed side of lines 0 … no − 1 nearest (optX, optZ) — or,
 * with `direction`, furthest along the unit (optX, optZ) — into `out`; false when there is none (AV-3).
 */
function solveOnLine(set: Lines, no: number, speed: number, optX: number, optZ: number, direction: boolean, out: Velocity): boolean {
  const px = set.px[no];
  const pz = set.pz[no];
  const dx = set.dx[no];
  const dz = set.dz[no];
  const dot = px * dx + pz * dz;
  const disc = dot * dot + speed * speed - (px * px + pz * pz);
  if (disc < 0.0) return false;
  const root = Math.sqrt(disc);
  let tLeft = -dot - root;
  let tRight = -dot + root;
  for (let i = 0; i < no; i++) {
    const denom = cross(dx, dz, set.dx[i], set.dz[i]);
    const numer = cross(set.dx[i], set.dz[i], px - set.px[i], pz - set.pz[i]);
    if (Math.abs(denom) <= PARALLEL) {
      if (numer < 0.0) return false;
      continue;
    }
    const t = numer / denom;
    if (denom >= 0.0) tRight = Math.min(tRight, t);
    else tLeft = Math.max(tLeft, t);
    if (tLeft > tRight) return false;
  }
  let t = 0.0;
  if (direction) {
    t = optX * dx + optZ * dz > 0.0 ? tRight : tLeft;
  } else {
    t = Math.min(Math.max(dx * (optX - px) + dz * (optZ - pz), tLeft), tRight);
  }
  out.x = px + t * dx;
  out.z = pz + t * dz;
  return true;
}

/**
 * The velocity within `speed` on the allowed side of every line nearest (optX, optZ) — or, with `direction`, furthest
 * along the unit (optX, optZ) — into `out`, adding the lines one at a time (AV-3). Answers the count of lines when
 * it found one, else the first line it could not meet (`out` then holds the best for the lines before it).
 */
function solveWithin(set: Lines, speed: number, optX: number, optZ: number, direction: boolean, out: Velocity): number {
  if (direction) {
    out.x = optX * speed;
    out.z = optZ * speed;
  } else {
    const o2 = optX * optX + optZ * optZ;
    if (o2 > speed * speed) {
      const k = speed / Math.sqrt(o2);
      out.x = optX * k;
      out.z = optZ * k;
    } else {
      out.x = optX;
      out.z = optZ;
    }
  }
  for (let i = 0; i < set.count; i++) {
    if (cross(set.dx[i], set.dz[i], set.px[i] - out.x, set.pz[i] - out.z) > 0.0) {
      kept.x = out.x;
      kept.z = out.z;
      if (!solveOnLine(set, i, speed, optX, optZ, direction, out)) {
        out.x = kept.x;
        out.z = kept.z;
        return i;
      }
    }
  }
  return set.count;
}

/**
 * When no velocity meets every line (AV-3): from line `from` on, the velocity within `speed` whose largest violation
 * of any line is least — each line in turn that `out` violates more than the worst so far is met as nearly as it
 * can be while the lines before it are pushed back by the same distance (the program one dimension up, projected).
 */
function leastViolation(set: Lines, from: number, speed: number, out: Velocity): void {
  let distance = 0.0;
  for (let i = from; i < set.count; i++) {
    const dxi = set.dx[i];
    const dzi = set.dz[i];
    if (!(cross(dxi, dzi, set.px[i] - out.x, set.pz[i] - out.z) > distance)) continue;
    projected.count = 0;
    for (let j = 0; j < i; j++) {
      const det = cross(dxi, dzi, set.dx[j], set.dz[j]);
      let qx = 0.0;
      let qz = 0.0;
      if (Math.abs(det) <= PARALLEL) {
        // Parallel lines pointing the same way add nothing; opposite ones meet halfway.
        if (dxi * set.dx[j] + dzi * set.dz[j] > 0.0) continue;
        qx = 0.5 * (set.px[i] + set.px[j]);
        qz = 0.5 * (set.pz[i] + set.pz[j]);
      } else {
        const t = cross(set.dx[j], set.dz[j], set.px[i] - set.px[j], set.pz[i] - set.pz[j]) / det;
        qx = set.px[i] + t * dxi;
        qz = set.pz[i] + t * dzi;
      }
      const ex = set.dx[j] - dxi;
      const ez = set.dz[j] - dzi;
      const el = Math.sqrt(ex * ex + ez * ez);
      const at = projected.count;
      projected.px[at] = qx;
      projected.pz[at] = qz;
      projected.dx[at] = ex / el;
      projected.dz[at] = ez / el;
      projected.count = at + 1;
    }
    const keptX = out.x;
    const keptZ = out.z;
    if (solveWithin(projected, speed, -dzi, dxi, true, out) < projected.count) {
      out.x = keptX;
      out.z = keptZ;
    }
    distance = cross(dxi, dzi, set.px[i] - out.x, set.pz[i] - out.z);
  }
}
