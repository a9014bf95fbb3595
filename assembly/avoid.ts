/**
 * Reciprocal avoidance (AV-1..AV-6): a seeking body chooses its want knowing the other bodies' motion, in the manner
 * of optimal reciprocal collision avoidance (van den Berg, Guy, Lin, Manocha). Each neighbour's velocity obstacle,
 * cut off at the kind's horizon, gives a half-plane of velocities that keep the pair apart for that long, the body
 * taking its share of the change; a small linear program picks the velocity nearest the preferred one (the want seek
 * set) within the half-planes and within seekSpeed, or, when no velocity is in all of them, the one that violates
 * the worst of them least.
 * Twin of src/reference/avoid.ts: same functions, same operations, same order.
 */
import { Body, Numbers } from './memory';
import { Sampler, gatherNeighbours, hasBodies } from './lattice';
import { MOST_NEIGHBOURS, Neighbour, Neighbours } from './neighbours';

/**
 * How soon, seconds, two bodies that already overlap ask to be apart (AV-3). Why: seek has no dt; slide keeps them
 * from going deeper (SL-2), so this only sets how firmly they part.
 */
export const OVERLAP_TIME: f64 = 0.1;

/**
 * The factor on the sum of two bodies' radii that avoidance keeps apart (AV-3). Why: each body moves legally against
 * the other's start-of-step position, so two moves made in the same step can end closer than the sum; a margin on the
 * half-planes leaves room for both moves.
 */
export const AVOID_MARGIN: f64 = 1.06;

/** Below this, two half-planes' directions count as parallel in the linear program (AV-3). */
export const PARALLEL: f64 = 1e-5;

/**
 * How far a neighbour ahead coming straight at the body turns its preferred velocity to its right (AV-5): by the
 * tangent of the turn, KEEP_RIGHT_TURN (0.3, about 17°). Why: bodies closing on those ahead all turn the same way,
 * early, so a crowd converging on one point (the antipodal circle) swirls round it instead of packing into it.
 */
export const KEEP_RIGHT_TURN: f64 = 0.3;

/**
 * The half-planes of one program, as parallel arrays: line k passes through (px, pz) along the unit (dx, dz), and the
 * velocities it allows lie on its left, where (dx, dz) × ((px, pz) − v) ≤ 0.
 */
@unmanaged export class Line {
  px: f64;
  pz: f64;
  dx: f64;
  dz: f64;
}

/** A list of lines stored by value at `data` (room for MOST_NEIGHBOURS). */
@unmanaged export class Lines {
  count: i32;
  data: usize;

  @inline @operator("[]") get(k: i32): Line {
    return changetype<Line>(this.data + <usize>k * offsetof<Line>());
  }
}

/** A velocity the program works on. */
@unmanaged export class Velocity {
  x: f64;
  z: f64;
}

/** Bytes of avoidance's statics: the neighbours, the lines, the projected lines and three velocities (a thread binds its own). */
export const AVOID_BYTES: usize = offsetof<Neighbours>() + <usize>(MOST_NEIGHBOURS + 1) * offsetof<Neighbour>()
  + 2 * (offsetof<Lines>() + <usize>MOST_NEIGHBOURS * offsetof<Line>()) + 3 * offsetof<Velocity>();

// `let`s, so a worker thread points them at its own block (assembly/threads.ts bindAvoid).
export let neighbours = changetype<Neighbours>(0);
export let lines = changetype<Lines>(0);
export let projected = changetype<Lines>(0);
export let chosen = changetype<Velocity>(0);
export let kept = changetype<Velocity>(0);
export let preferred = changetype<Velocity>(0);

/** Lays avoidance's statics out in the AVOID_BYTES at `at` (the main thread's at start, a worker's when it binds). */
export function bindAvoid(at: usize): void {
  neighbours = changetype<Neighbours>(at);
  at += offsetof<Neighbours>();
  neighbours.data = at;
  at += <usize>(MOST_NEIGHBOURS + 1) * offsetof<Neighbour>();
  lines = changetype<Lines>(at);
  at += offsetof<Lines>();
  lines.data = at;
  at += <usize>MOST_NEIGHBOURS * offsetof<Line>();
  projected = changetype<Lines>(at);
  at += offsetof<Lines>();
  projected.data = at;
  at += <usize>MOST_NEIGHBOURS * offsetof<Line>();
  chosen = changetype<Velocity>(at);
  at += offsetof<Velocity>();
  kept = changetype<Velocity>(at);
  at += offsetof<Velocity>();
  preferred = changetype<Velocity>(at);
}

bindAvoid(memory.data(<i32>AVOID_BYTES, 8));

/**
 * Turns the body's want (the preferred velocity seek set) into the velocity nearest it that avoids its neighbours
 * (AV-1..AV-3), of length at most seekSpeed. A kind that avoids no neighbours, or a body with none within reach, keeps
 * its want.
 */
export function avoidBodies(n: Numbers, g: Sampler, body: Body): void {
  if (!(n.avoidNeighbours > 0.0) || !hasBodies(g)) return;
  gatherNeighbours(g, body.x, body.z, n.avoidReach, <i32>n.avoidNeighbours, neighbours);
  if (neighbours.count == 0) return;
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
  const wx = body.wantX;
  const wz = body.wantZ;
  let h: f64 = 0.0;
  for (let k = 0; k < neighbours.count; k++) {
    const nb = neighbours[k];
    const qx = nb.x - body.x;
    const qz = nb.z - body.z;
    if (!(qx * wx + qz * wz > 0.0)) continue;
    const vx = body.vx - nb.vx;
    const vz = body.vz - nb.vz;
    const closing = vx * qx + vz * qz;
    if (!(closing > 0.0)) continue;
    // Products too small for an f64 (denormal speeds) would divide by 0: such a neighbour is left out, and rounding
    // cannot take the squared cosine past 1.
    const across = (vx * vx + vz * vz) * nb.d2;
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
function addLine(n: Numbers, body: Body, k: i32, invHorizon: f64): void {
  const nb = neighbours[k];
  const px = nb.x - body.x;
  const pz = nb.z - body.z;
  const vx = body.vx - nb.vx;
  const vz = body.vz - nb.vz;
  const r = (n.radius + nb.radius) * AVOID_MARGIN;
  const d2 = px * px + pz * pz;
  const r2 = r * r;
  let ux: f64 = 0.0;
  let uz: f64 = 0.0;
  let dx: f64 = 0.0;
  let dz: f64 = 0.0;
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
    let nx: f64 = 0.0;
    let nz: f64 = 0.0;
    let wl: f64 = 0.0;
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
  const line = lines[lines.count];
  const share = nb.share;
  line.px = body.vx + share * ux;
  line.pz = body.vz + share * uz;
  line.dx = dx;
  line.dz = dz;
  lines.count++;
}

/** The cross product of (ax, az) and (bx, bz). */
@inline function cross(ax: f64, az: f64, bx: f64, bz: f64): f64 {
  return ax * bz - az * bx;
}

/**
 * The velocity on line `no` within `speed` and on the allowed side of lines 0 … no − 1 nearest (optX, optZ) — or,
 * with `direction`, furthest along the unit (optX, optZ) — into `out`; false when there is none (AV-3).
 */
function solveOnLine(set: Lines, no: i32, speed: f64, optX: f64, optZ: f64, direction: bool, out: Velocity): bool {
  const line = set[no];
  const px = line.px;
  const pz = line.pz;
  const dx = line.dx;
  const dz = line.dz;
  const dot = px * dx + pz * dz;
  const disc = dot * dot + speed * speed - (px * px + pz * pz);
  if (disc < 0.0) return false;
  const root = Math.sqrt(disc);
  let tLeft = -dot - root;
  let tRight = -dot + root;
  for (let i = 0; i < no; i++) {
    const li = set[i];
    const denom = cross(dx, dz, li.dx, li.dz);
    const numer = cross(li.dx, li.dz, px - li.px, pz - li.pz);
    if (Math.abs(denom) <= PARALLEL) {
      if (numer < 0.0) return false;
      continue;
    }
    const t = numer / denom;
    if (denom >= 0.0) tRight = Math.min(tRight, t);
    else tLeft = Math.max(tLeft, t);
    if (tLeft > tRight) return false;
  }
  let t: f64 = 0.0;
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
function solveWithin(set: Lines, speed: f64, optX: f64, optZ: f64, direction: bool, out: Velocity): i32 {
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
    const li = set[i];
    if (cross(li.dx, li.dz, li.px - out.x, li.pz - out.z) > 0.0) {
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
function leastViolation(set: Lines, from: i32, speed: f64, out: Velocity): void {
  let distance: f64 = 0.0;
  for (let i = from; i < set.count; i++) {
    const li = set[i];
    const dxi = li.dx;
    const dzi = li.dz;
    if (!(cross(dxi, dzi, li.px - out.x, li.pz - out.z) > distance)) continue;
    projected.count = 0;
    for (let j = 0; j < i; j++) {
      const lj = set[j];
      const det = cross(dxi, dzi, lj.dx, lj.dz);
      let qx: f64 = 0.0;
      let qz: f64 = 0.0;
      if (Math.abs(det) <= PARALLEL) {
        // Parallel lines pointing the same way add nothing; opposite ones meet halfway.
        if (dxi * lj.dx + dzi * lj.dz > 0.0) continue;
        qx = 0.5 * (li.px + lj.px);
        qz = 0.5 * (li.pz + lj.pz);
      } else {
        const t = cross(lj.dx, lj.dz, li.px - lj.px, li.pz - lj.pz) / det;
        qx = li.px + t * dxi;
        qz = li.pz + t * dzi;
      }
      const ex = lj.dx - dxi;
      const ez = lj.dz - dzi;
      const el = Math.sqrt(ex * ex + ez * ez);
      const p = projected[projected.count];
      p.px = qx;
      p.pz = qz;
      p.dx = ex / el;
      p.dz = ez / el;
      projected.count++;
    }
    const keptX = out.x;
    const keptZ = out.z;
    if (solveWithin(projected, speed, -dzi, dxi, true, out) < projected.count) {
      out.x = keptX;
      out.z = keptZ;
    }
    distance = cross(dxi, dzi, li.px - out.x, li.pz - out.z);
  }
}
