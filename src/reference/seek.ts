/**
 * seek: steering a body toward a target, round obstacles and out of pockets, and stopping short of one it cannot
 * reach (SE-1..SE-7).
 * Twin of assembly/seek.ts: same functions, same operations, same order.
 */
import type { Body } from '../body.ts';
import type { Sampler } from './lattice.ts';
import { BODIES_ALL, BODIES_NONE, BODIES_STILL, STILL_FRACTION } from './still.ts';
import { avoidBodies } from './avoid.ts';
import { Move, clearOfSolids, entryTime, outline, slideBody } from './slide.ts';
import { pieceEntry, pieceNearest } from './pieces.ts';
import type { PieceNumbers } from '../shapes.ts';
import { TWO_PI, atan2, foldBack, pseudoAngle } from './math.ts';
import type { Circle, Numbers } from '../types.ts';

/** Most circles gathered into an obstacle from a body (G-4, AV-4), so a crowd costs a bounded amount of work. */
export const MAX_CLUSTER = 32;

/**
 * Most circles gathered into the obstacle of a solid (G-4), so a forest of touching trees costs a bounded amount of
 * work. Why so many: a grove cut partway along has a false end, and a body aiming for it walks the grove's length and
 * back; 256 hold a grove of two columns 128 m long (a herd keeps the clusters of solids it gathered: clusterMemo).
 */
export const MAX_SOLID_CLUSTER = 256;

/** seek's answers (SE-1, SE-7): still on its way, arrived within `stop`, or at rest short of a target it cannot reach. */
export const SEEK_GOING = 0;
export const SEEK_ARRIVED = 1;
export const SEEK_UNREACHABLE = 2;

/**
 * A body slower than this fraction of its seekSpeed has its way checked (SE-7). Why: a body moving well is not
 * blocked, so only slow bodies — starting, or pressed against what stops them — pay for the check.
 */
export const STALL_FRACTION = 0.5;

/** Length of the move that checks a slow body's way, metres (SE-7): one sample of the way (SL-3's 0.25 m). */
export const STALL_PROBE = 0.25;

/**
 * The frame whose first move checks a slow body's way a second time, seconds (SE-7): a body at rest walks
 * accel·STALL_FRAME² first (3.3 mm for accel 12). Why: along a face a slide may let the longer probe through and
 * refuse the short moves a slow body really makes, and a body whose moves are all refused never speeds up (WA-8).
 */
export const STALL_FRAME = 1.0 / 60.0;

/** A way round an obstacle: the direction to aim along (a unit vector) and how far it is to the tangent point. */
export class Tangent {
  x = 0.0;
  z = 0.0;
  length = 0.0;
}

/** The blocker firstBlocker answers, copied out of the queries it searched (each query reuses the list it answers in). */
const blocker: Circle = { x: 0.0, z: 0.0, radius: 0.0 };
/** Whether firstBlocker's blocker is a blocking body rather than a solid (AV-4: a cluster is of one or the other). */
let blockerIsBody = false;
/** The piece of a box, wall or polygon firstBlocker's blocker is the first corner's disc of (LV-1), or null. */
let blockerPiece: PieceNumbers | null = null;

/** Whether gatherCluster's cluster of still bodies meets a solid (AV-4: a jam against a wall or in a gap). */
let clusterMeetsSolid = false;

/**
 * How many times longer than the other side's a way round still bodies on the kept side may be before the body takes
 * the other (AV-4). Why: still bodies start and stop, so a side chosen round one crowd must not carry the body the
 * long way round the next.
 */
export const SIDE_SWITCH = 1.5;

/**
 * How far along the way each query for blockers reaches (SE-3): the way is searched in pieces of about this length,
 * nearest first, so the cost grows with the distance to the first blocker, not with the square of the distance to
 * the target (one disc over the whole way would gather every circle within half of it).
 */
export const BLOCKER_PIECE = 4.0;

/**
 * The first circle, grown by the body's radius, that the straight way from (px, pz) by (dx, dz) passes through
 * (SE-3), or null when the line is clear. A circle the body is inside blocks only a way deeper into it; a circle
 * holding the target blocks nothing (SE-7: the body walks up to it rather than round it for ever).
 * Ties go to the least x, then z, then radius, so the answer does not depend on the order the circles are listed in
 * (a herd lists its bodies from a grid, HD-1).
 * The way is cut into `pieces` equal pieces, and piece k's query is the disc round its middle that holds every point
 * within the body's radius of it: a circle whose way in starts on piece k is in that disc. So once the nearest
 * blocker so far is entered before the end of a piece, no later piece can hold a nearer one, and the search stops.
 */
export function firstBlocker(n: Numbers, g: Sampler, px: number, pz: number, dx: number, dz: number): Circle | null {
  const len2 = dx * dx + dz * dz;
  const len = Math.sqrt(len2);
  const pieces = Math.max(1.0, Math.ceil(len / BLOCKER_PIECE));
  const reach = len / pieces * 0.5 + n.radius;
  let found = false;
  let bestT = 2.0;
  blockerIsBody = false;
  blockerPiece = null;
  for (let k = 0.0; k < pieces; k++) {
    const mid = (k + 0.5) / pieces;
    const circles = g.circles(px + dx * mid, pz + dz * mid, reach);
    for (let i = 0; i < circles.length; i++) {
      const c = circles[i];
      const t = wayInto(n, c, px, pz, dx, dz, len2);
      if (t > 1.0) continue;
      if (!found || t < bestT || (t === bestT && circleBefore(c, blocker))) {
        found = true;
        bestT = t;
        copyCircle(blocker, c);
        blockerIsBody = i >= g.solidCount;
        blockerPiece = null;
      }
    }
    // Then the pieces (LV-1), the true outline: a circle keeps a tie, and so does the piece met first.
    const near = g.pieces(px + dx * mid, pz + dz * mid, reach);
    for (let i = 0; i < near.length; i++) {
      const p = near[i];
      const t = wayIntoPiece(n, p.points, p.count, p.radius, px, pz, dx, dz);
      if (t > 1.0 || (found && !(t < bestT))) continue;
      found = true;
      bestT = t;
      blocker.x = p.points[0];
      blocker.z = p.points[1];
      blocker.radius = p.radius;
      blockerIsBody = false;
      blockerPiece = p;
    }
    if (found && bestT < (k + 1.0) / pieces) break;
  }
  return found ? blocker : null;
}

/**
 * Where the straight way from (px, pz) by (dx, dz), of squared length len2, enters circle `c` grown by the body's
 * radius, as a fraction of the way (SE-3): 0 when the body is inside it and the way leads deeper; above 1 when it
 * does not block the way — the way leads out of it, ends inside it, or misses it.
 */
function wayInto(n: Numbers, c: Circle, px: number, pz: number, dx: number, dz: number, len2: number): number {
  const grown = c.radius + n.radius;
  const ox = px - c.x;
  const oz = pz - c.z;
  const o2 = ox * ox + oz * oz;
  const b = ox * dx + oz * dz;
  if (b >= 0.0) return NOT_INTO;
  const ex = px + dx - c.x;
  const ez = pz + dz - c.z;
  if (ex * ex + ez * ez < grown * grown) return NOT_INTO;
  if (o2 < grown * grown) return 0.0;
  return entryTime(o2, b, len2, grown);
}

/** wayInto's answer for a circle that does not block the way (above 1, as entryTime's for a line that misses). */
const NOT_INTO = 2.0;

/**
 * Where the straight way from (px, pz) by (dx, dz) enters the piece of the first `count` corners of `points` grown by
 * `radius` and the body's radius, as wayInto answers for a circle (SE-3, SE-7): above 1 when the way ends inside it
 * or does not head into it; 0 when the body is inside it and the way leads deeper (away from its outline's nearest
 * point's side); else where it enters it.
 */
function wayIntoPiece(n: Numbers, points: Float64Array, count: number, radius: number, px: number, pz: number, dx: number, dz: number): number {
  const grown = radius + n.radius;
  if (pieceNearest(points, count, px + dx, pz + dz, outline) < grown) return NOT_INTO;
  const d = pieceNearest(points, count, px, pz, outline);
  if (d < grown) {
    const hx = d < 0.0 ? outline.x - px : px - outline.x;
    const hz = d < 0.0 ? outline.z - pz : pz - outline.z;
    return hx * dx + hz * dz >= 0.0 ? NOT_INTO : 0.0;
  }
  return pieceEntry(points, count, grown, px, pz, dx, dz, 0.0);
}

function copyCircle(to: Circle, from: Circle): void {
  to.x = from.x;
  to.z = from.z;
  to.radius = from.radius;
}

function sameCircle(a: Circle, b: Circle): boolean {
  return a.x === b.x && a.z === b.z && a.radius === b.radius;
}

/** Whether circle `a` comes before circle `b` in the order ties and clusters go by: least x, then z, then radius. */
export function circleBefore(a: Circle, b: Circle): boolean {
  return a.x < b.x || (a.x === b.x && (a.z < b.z || (a.z === b.z && a.radius < b.radius)));
}

/**
 * Inserts `m` among the members `out[from..]` in circleBefore order, keeping at most `most` members: a member that
 * would come after the last place is left out, and one pushed past it drops out.
 */
function addMember(out: Circle[], from: number, m: Circle, most: number): void {
  let k = out.length;
  while (k > from && circleBefore(m, out[k - 1])) k--;
  if (k >= most) return;
  out.splice(k, 0, m);
  if (out.length > most) out.length = most;
}

/**
 * The obstacle `first` belongs to (G-4): every circle linked to it through circles whose grown discs overlap or touch,
 * breadth first, at most MAX_CLUSTER from a body and MAX_SOLID_CLUSTER from a solid. The circles each member links
 * are taken in circleBefore order, so the obstacle does not depend on the order the ground lists its circles in (HD-1:
 * a herd lists its bodies from a grid). For a cluster of still bodies (AV-4), also whether a solid lies within that
 * link of a member whose neighbours it gathered (clusterMeetsSolid).
 */
export function gatherCluster(n: Numbers, g: Sampler, first: Circle, out: Circle[]): void {
  clusterMeetsSolid = false;
  out.length = 0;
  const most = blockerIsBody ? MAX_CLUSTER : MAX_SOLID_CLUSTER;
  if (blockerPiece === null) out.push(first);
  else addCorners(out, 0, blockerPiece.points, blockerPiece.count, blockerPiece.radius, most);
  const reachOut = n.radius + n.radius;
  for (let i = 0; i < out.length && out.length < most; i++) {
    const c = out[i];
    const from = out.length;
    const near = g.circles(c.x, c.z, c.radius + reachOut);
    // For a kind that avoids, bodies join only a cluster of bodies, solids only one of solids (AV-4): a body standing
    // in a gap does not close it into one wall with the solids either side, to be gone round the far end.
    const split = g.view === BODIES_STILL;
    // A jam against a wall or in a gap (AV-4): the solids a member would link, had they been bodies.
    if (split && blockerIsBody && !clusterMeetsSolid) {
      for (let j = 0; j < g.solidCount; j++) {
        const m = near[j];
        const dx = m.x - c.x;
        const dz = m.z - c.z;
        const reach = c.radius + m.radius + reachOut;
        if (dx * dx + dz * dz <= reach * reach) clusterMeetsSolid = true;
      }
      // A box, wall or polygon the member's link reaches (LV-1) meets it as a trunk does.
      if (!clusterMeetsSolid && g.pieces(c.x, c.z, c.radius + reachOut).length > 0) clusterMeetsSolid = true;
    }
    const j0 = split && blockerIsBody ? g.solidCount : 0;
    const j1 = split && !blockerIsBody ? g.solidCount : near.length;
    for (let j = j0; j < j1; j++) {
      const m = near[j];
      let known = false;
      for (let k = 0; k < out.length; k++) if (sameCircle(out[k], m)) known = true;
      if (known) continue;
      const dx = m.x - c.x;
      const dz = m.z - c.z;
      const reach = c.radius + m.radius + reachOut;
      if (dx * dx + dz * dz <= reach * reach) addMember(out, from, m, most);
    }
    // A piece the member's grown disc reaches joins with its corners' discs (LV-1): their hull is its grown outline.
    if (split && blockerIsBody) continue;
    const pieces = g.pieces(c.x, c.z, c.radius + reachOut);
    for (let j = 0; j < pieces.length; j++) addCorners(out, from, pieces[j].points, pieces[j].count, pieces[j].radius, most);
  }
}

/**
 * Adds the discs of radius `radius` at the first `count` corners of `points` not already members among the members
 * `out[from..]` (addMember). Why: a piece grown by the body's radius is the hull of its corners' discs so grown, so
 * seek's tangents round it are tangents to them (SE-4, LV-1).
 */
function addCorners(out: Circle[], from: number, points: Float64Array, count: number, radius: number, most: number): void {
  for (let c = 0; c < count; c++) {
    const m = { x: points[c * 2], z: points[c * 2 + 1], radius };
    let known = false;
    for (let k = 0; k < out.length; k++) if (sameCircle(out[k], m)) known = true;
    if (!known) addMember(out, from, m, most);
  }
}

/**
 * The tangents to the obstacle's grown edge on either side seen from (px, pz) (SE-4), into `plus` (side +1) and
 * `minus` (side −1): for each side, among its circles, the one whose tangent lies furthest to that side of the target's
 * bearing (dx, dz), the nearer on a tie. Angles only rank a cluster's circles; the way itself is the tangent's vector
 * (tangentTo), so a lone circle needs no angle at all.
 */
export function tangentsRound(n: Numbers, cluster: readonly Circle[], px: number, pz: number, dx: number, dz: number, plus: Tangent, minus: Tangent): void {
  let iPlus = 0;
  let iMinus = 0;
  if (cluster.length > 1) {
    // The target's bearing; a body on its target reads +z, as atan2(0, 0) = 0 would.
    const tx = dx;
    const tz = dx === 0.0 && dz === 0.0 ? 1.0 : dz;
    let bestPlus = -10.0;
    let bestMinus = -10.0;
    let lengthPlus = 0.0;
    let lengthMinus = 0.0;
    for (let i = 0; i < cluster.length; i++) {
      const c = cluster[i];
      const grown = c.radius + n.radius;
      let ox = c.x - px;
      let oz = c.z - pz;
      const d2 = ox * ox + oz * oz;
      let length = 0.0;
      if (d2 > grown * grown) length = Math.sqrt(d2 - grown * grown);
      else if (d2 === 0.0) {
        ox = 0.0;
        oz = 1.0;
      }
      // The centre across and along the bearing; each tangent is it turned by the half-angle (tangentTo's vectors, d²
      // dropped: a positive scale leaves a direction's angle alone).
      const side = ox * tz - oz * tx;
      const front = ox * tx + oz * tz;
      let vPlus = pseudoAngle(length * side + grown * front, length * front - grown * side);
      // A tangent turned past the back (the centre on the +1 side, the tangent read on the −1 side) is unwrapped, so
      // the order is that of the centre's angle plus the half-angle, as far to that side as it goes.
      if (vPlus < 0.0 && (side > 0.0 || (front < 0.0 && side >= 0.0))) vPlus += 4.0;
      let low = pseudoAngle(length * side - grown * front, length * front + grown * side);
      if (low > 0.0 && side < 0.0) low -= 4.0;
      const vMinus = -low;
      if (vPlus > bestPlus || (vPlus === bestPlus && length < lengthPlus)) {
        bestPlus = vPlus;
        lengthPlus = length;
        iPlus = i;
      }
      if (vMinus > bestMinus || (vMinus === bestMinus && length < lengthMinus)) {
        bestMinus = vMinus;
        lengthMinus = length;
        iMinus = i;
      }
    }
  }
  tangentTo(n, cluster[iPlus], px, pz, 1.0, plus);
  tangentTo(n, cluster[iMinus], px, pz, -1.0, minus);
}

/**
 * The tangent from (px, pz) to the circle's grown edge on `side` (+1 or −1) (SE-4), as a vector: the bearing to its
 * centre turned by the half-angle h, where cos h = length/d and sin h = grown/d, so no angle is worked out. A body
 * inside the grown circle turns a quarter (from +z when it stands on the centre).
 */
export function tangentTo(n: Numbers, c: Circle, px: number, pz: number, side: number, t: Tangent): void {
  const grown = c.radius + n.radius;
  const ox = c.x - px;
  const oz = c.z - pz;
  const d2 = ox * ox + oz * oz;
  if (d2 > grown * grown) {
    const length = Math.sqrt(d2 - grown * grown);
    const turn = side * grown;
    t.x = (ox * length + oz * turn) / d2;
    t.z = (oz * length - ox * turn) / d2;
    t.length = length;
    return;
  }
  let ux = 0.0;
  let uz = 1.0;
  if (d2 > 0.0) {
    const d = Math.sqrt(d2);
    ux = ox / d;
    uz = oz / d;
  }
  t.x = side * uz;
  t.z = -side * ux;
  t.length = 0.0;
}

/** Length of the way round on a tangent: body → tangent point → target. */
export function wayRound(px: number, pz: number, tx: number, tz: number, t: Tangent): number {
  const ax = px + t.length * t.x;
  const az = pz + t.length * t.z;
  const rx = tx - ax;
  const rz = tz - az;
  return t.length + Math.sqrt(rx * rx + rz * rz);
}

const probed = new Move();

/**
 * Whether the way along (wx, wz) is blocked for the body (SE-7): a slide of STALL_PROBE metres that way, or of `reach`
 * when that is shorter, or one of the first move a body at rest walks in a STALL_FRAME (or `reach` when shorter)
 * makes less than a quarter of it along the want — so a body sliding along a wall or a wade line met at up to 60°
 * still goes on. The slide is the one walk makes (SL-1..SL-5), so whatever would stop the body — a solid, a refused
 * rise, deep water — is what blocks it here.
 */
export function wayBlocked(n: Numbers, g: Sampler, body: Body, wx: number, wz: number, reach: number): boolean {
  const wl = Math.sqrt(wx * wx + wz * wz);
  // A want too small to square (a seekSpeed near the least double) has no way to check.
  if (!(wl > 0.0)) return false;
  const len = Math.min(STALL_PROBE, reach);
  const ux = wx / wl;
  const uz = wz / wl;
  slideBody(n, g, body, ux * len, uz * len, probed);
  if (probed.x * ux + probed.z * uz < len * 0.25) return true;
  const nudge = Math.min(n.accel * STALL_FRAME * STALL_FRAME, len);
  slideBody(n, g, body, ux * nudge, uz * nudge, probed);
  return probed.x * ux + probed.z * uz < nudge * 0.25;
}

/**
 * Whether the cluster of still bodies stands round the target (SE-7, AV-4): one of their grown circles reaches within
 * 3·radius of it. Why: bodies resting at their own targets close together (a formation) are not a wall to go round
 * for ever; the body walks in, and they yield (AV-1, SE-2).
 */
export function stillAroundTarget(n: Numbers, cluster: readonly Circle[], tx: number, tz: number): boolean {
  for (let i = 0; i < cluster.length; i++) {
    const c = cluster[i];
    const ox = c.x - tx;
    const oz = c.z - tz;
    const reach = c.radius + 3.0 * n.radius;
    if (ox * ox + oz * oz <= reach * reach) return true;
  }
  return false;
}

const cluster: Circle[] = [];
const plus = new Tangent();
const minus = new Tangent();

/**
 * Sets the body's want, side and turned toward (tx, tz), and answers SEEK_ARRIVED, SEEK_GOING or SEEK_UNREACHABLE
 * (SE-1..SE-7).
 */
export function seekBody(n: Numbers, g: Sampler, body: Body, tx: number, tz: number, stop: number): number {
  const dx = tx - body.x;
  const dz = tz - body.z;
  const d2 = dx * dx + dz * dz;
  if (d2 <= stop * stop) {
    body.wantX = 0.0;
    body.wantZ = 0.0;
    body.side = 0;
    body.turned = 0.0;
    // An arrived body of a kind that avoids still yields, its preferred velocity 0 (AV-1): a body passing through a
    // formation is let by and the one that stepped aside comes back. It yields to still bodies too (AV-2): one that
    // walks in toward its own target (SE-7) and is stopped against it is still, and would wait there for ever.
    if (n.avoidNeighbours > 0.0) {
      g.stillSpeed = 0.0;
      avoidBodies(n, g, body);
    }
    return SEEK_ARRIVED;
  }
  // A kind that avoids goes round only what stands still (AV-4); moving bodies it avoids by their motion (avoidBodies).
  const avoiding = n.avoidNeighbours > 0.0;
  if (avoiding) {
    g.view = BODIES_STILL;
    g.stillSpeed = STILL_FRACTION * n.seekSpeed;
  }
  const first = firstBlocker(n, g, body.x, body.z, dx, dz);
  if (first !== null) gatherCluster(n, g, first, cluster);
  if (first === null || (avoiding && blockerIsBody && stillAroundTarget(n, cluster, tx, tz))) {
    const k = n.seekSpeed / Math.sqrt(d2);
    body.wantX = dx * k;
    body.wantZ = dz * k;
    body.side = 0;
    body.turned = 0.0;
    return endSeek(n, g, body, Math.sqrt(d2) - stop, avoiding, false, 0.0);
  }
  tangentsRound(n, cluster, body.x, body.z, dx, dz, plus, minus);
  const roundMinus = wayRound(body.x, body.z, tx, tz, minus);
  const roundPlus = wayRound(body.x, body.z, tx, tz, plus);
  // A jam against solids, or any still bodies round a body itself standing still (a crowd it waits in), is gone round
  // afresh each step, leaving side memory to the solids (AV-4).
  if (avoiding && blockerIsBody && (clusterMeetsSolid || body.speed < STILL_FRACTION * n.seekSpeed)) {
    let shorterMinus = roundMinus < roundPlus;
    // A side whose tangent point a solid holds has no room between the still bodies and that solid (a body standing
    // against a wall): the other side is taken when it has room.
    g.view = BODIES_NONE;
    if (wayClosed(n, g, body, shorterMinus ? minus : plus) && !wayClosed(n, g, body, shorterMinus ? plus : minus)) shorterMinus = !shorterMinus;
    const aim = shorterMinus ? minus : plus;
    body.wantX = n.seekSpeed * aim.x;
    body.wantZ = n.seekSpeed * aim.z;
    return endSeek(n, g, body, Math.sqrt(d2) - stop, true, true, 0.0);
  }
  // This step's turn so far (SE-5): from the want before to the aim, when the side is kept.
  let turn = 0.0;
  if (body.side === 0) {
    body.side = roundMinus < roundPlus ? -1 : 1;
    body.turned = 0.0;
  } else if (avoiding && blockerIsBody && (body.side > 0 ? roundPlus > SIDE_SWITCH * roundMinus : roundMinus > SIDE_SWITCH * roundPlus)) {
    // Still bodies come and go: a side kept round them gives way to one much shorter (AV-4).
    body.side = -body.side;
    body.turned = 0.0;
  } else if (body.wantX !== 0.0 || body.wantZ !== 0.0) {
    const aim = body.side > 0 ? plus : minus;
    // The signed angle from the want to the aim, from their cross and dot products.
    turn = atan2(aim.x * body.wantZ - aim.z * body.wantX, aim.x * body.wantX + aim.z * body.wantZ);
    // A want avoidance held back from the aim has no reliable sign of turn to it (SE-5).
    if (avoiding) turn = foldBack(turn);
    if (Math.abs(body.turned + turn) >= TWO_PI) {
      body.side = -body.side;
      body.turned = 0.0;
      turn = 0.0;
    }
  }
  const aim = body.side > 0 ? plus : minus;
  body.wantX = n.seekSpeed * aim.x;
  body.wantZ = n.seekSpeed * aim.z;
  return endSeek(n, g, body, Math.sqrt(d2) - stop, avoiding, false, turn);
}

/**
 * Whether a way round a jam of still bodies is closed by a solid (AV-4): a body standing where the tangent `t` leads —
 * at its tangent point, or a radius along it when nearer — would overlap a solid's grown circle or piece. Why: the
 * tangents round still bodies read no solids, and a body standing against a wall leaves no room between them.
 */
function wayClosed(n: Numbers, g: Sampler, body: Body, t: Tangent): boolean {
  const reach = Math.max(t.length, n.radius);
  const px = body.x + t.x * reach;
  const pz = body.z + t.z * reach;
  return !clearOfSolids(n, g, px, pz, 0.0);
}

/**
 * The end of a seek whose want points the way (SE-7, AV-1): stopIfBlocked, and for a kind that avoids, with the
 * probe reading no bodies (AV-4: bodies never make a target unreachable), then the want turned to avoid the moving
 * bodies near (avoidBodies) when the body goes on. The sampler answers every blocking body again after (slide's view).
 * With `afresh` (AV-4: the want goes round still bodies afresh, side memory left alone) SE-5's count is not made,
 * and the check only when the still bodies meet no solid: the aim is the bodies', and bodies never make a target
 * unreachable. `turn` is the step's turn from the want before to the aim (SE-5), added to `turned` here.
 */
function endSeek(n: Numbers, g: Sampler, body: Body, reach: number, avoiding: boolean, afresh: boolean, turn: number): number {
  if (!avoiding) {
    body.turned += turn;
    return stopIfBlocked(n, g, body, reach);
  }
  g.view = BODIES_NONE;
  const answer = afresh && clusterMeetsSolid ? SEEK_GOING : stopIfBlocked(n, g, body, reach);
  g.view = BODIES_ALL;
  let step = turn;
  if (answer === SEEK_GOING) {
    const aimX = body.wantX;
    const aimZ = body.wantZ;
    avoidBodies(n, g, body);
    // SE-5 counts the turn from the want before to the aim; while going round, the turn avoidance adds (aim to the
    // avoided want) joins it, so over the steps turned sums the aims' turning (one step's avoidance taken back at the
    // next) and a crowd that keeps pushing a body aside never reads as a pocket. Each is folded into a quarter turn
    // (foldBack): a want held back from the aim has no reliable sign of turn against it, and a half turn read with one
    // sign at one step and the other at the next would count a whole turn never made.
    if (!afresh && body.side !== 0) {
      step = turn + foldBack(atan2(body.wantX * aimZ - body.wantZ * aimX, body.wantX * aimX + body.wantZ * aimZ));
    }
  }
  body.turned += step;
  return answer;
}

/**
 * The end of a seek (SE-7): a grounded body slower than STALL_FRACTION of its seekSpeed whose way along its want is
 * blocked stops there — want [0, 0], side and turned kept — and answers SEEK_UNREACHABLE; else SEEK_GOING.
 */
export function stopIfBlocked(n: Numbers, g: Sampler, body: Body, reach: number): number {
  if (body.air || !(body.speed < STALL_FRACTION * n.seekSpeed)) return SEEK_GOING;
  if (!wayBlocked(n, g, body, body.wantX, body.wantZ, reach)) return SEEK_GOING;
  body.wantX = 0.0;
  body.wantZ = 0.0;
  return SEEK_UNREACHABLE;
}
