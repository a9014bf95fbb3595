/**
 * seek: steering a body toward a target, round obstacles and out of pockets, and stopping short of one it cannot
 * reach (SE-1..SE-7).
 * Twin of src/reference/seek.ts: same functions, same operations, same order.
 */
import { Body, Circle, Circles, F64s, Numbers } from './memory';
import { Sampler } from './lattice';
import { crowdNearWay } from './crowd';
import { ScatterGrid, gapOf, idOf, reachesWithin } from './scatter';
import { Move, clearOfSolids, entryTime, outline, slideBody } from './slide';
import { pieceEntry, pieceNearest } from './pieces';
import { ShapeGrid, anyPieceReaches, foundPieces, pieceCorners, pieceReaches, pieceRecord, queryShapeGrid } from './shapeGrid';
import { clearWay, keepClearWay, keptBlocker, keptPiece, nearKeptWay } from './clearWay';
import { TWO_PI, atan2, foldBack, pseudoAngle } from './math';
import { BODIES_ALL, BODIES_NONE, BODIES_STILL, STILL_FRACTION } from './still';
import { avoidBodies } from './avoid';
import { clusterMemo, keepCluster, recallCluster } from './clusterMemo';

/** Most circles gathered into an obstacle from a body (G-4, AV-4), so a crowd costs a bounded amount of work. */
export const MAX_CLUSTER: i32 = 32;

/** Most circles gathered into the obstacle of a solid (G-4): a grove cut partway along has a false end (see the twin). */
export const MAX_SOLID_CLUSTER: i32 = 256;

/** seek's answers (SE-1, SE-7): still on its way, arrived within `stop`, or at rest short of a target it cannot reach. */
export const SEEK_GOING: i32 = 0;
export const SEEK_ARRIVED: i32 = 1;
export const SEEK_UNREACHABLE: i32 = 2;

/**
 * A body slower than this fraction of its seekSpeed has its way checked (SE-7). Why: a body moving well is not
 * blocked, so only slow bodies — starting, or pressed against what stops them — pay for the check.
 */
export const STALL_FRACTION: f64 = 0.5;

/** Length of the move that checks a slow body's way, metres (SE-7): one sample of the way (SL-3's 0.25 m). */
export const STALL_PROBE: f64 = 0.25;

/**
 * The frame whose first move checks a slow body's way a second time, seconds (SE-7): a body at rest walks
 * accel·STALL_FRAME² first (3.3 mm for accel 12). Why: along a face a slide may let the longer probe through and
 * refuse the short moves a slow body really makes, and a body whose moves are all refused never speeds up (WA-8).
 */
export const STALL_FRAME: f64 = 1.0 / 60.0;

/** A way round an obstacle: the direction to aim along (a unit vector) and how far it is to the tangent point. */
@unmanaged export class Tangent {
  x: f64;
  z: f64;
  length: f64;
}

/** The blocker firstBlocker answers, copied out of the queries it searched (each query reuses the list it answers in). */
export let blocker = changetype<Circle>(memory.data(offsetof<Circle>()));
/** Whether firstBlocker's blocker is a blocking body rather than a solid (AV-4: a cluster is of one or the other). */
export let blockerIsBody = false;
/** The number of the piece firstBlocker's blocker is the first corner's disc of (LV-1), or −1. */
let blockerPiece: i32 = -1;

/** Whether gatherCluster's cluster of still bodies meets a solid (AV-4: a jam against a wall or in a gap). */
export let clusterMeetsSolid = false;

/**
 * How many times longer than the other side's a way round still bodies on the kept side may be before the body takes
 * the other (AV-4). Why: still bodies start and stop, so a side chosen round one crowd must not carry the body the
 * long way round the next.
 */
export const SIDE_SWITCH: f64 = 1.5;

/**
 * How far along the way each query for blockers reaches (SE-3): the way is searched in pieces of about this length,
 * nearest first, so the cost grows with the distance to the first blocker, not with the square of the distance to
 * the target (one disc over the whole way would gather every circle within half of it).
 */
export const BLOCKER_PIECE: f64 = 4.0;

/**
 * The first circle, grown by the body's radius, that the straight way from (px, pz) by (dx, dz) passes through
 * (SE-3), or null when the line is clear. A circle the body is inside blocks only a way deeper into it; a circle
 * holding the target blocks nothing (SE-7: the body walks up to it rather than round it for ever).
 * Ties go to the least x, then z, then radius, so the answer does not depend on the order the circles are listed in
 * (a herd lists its bodies from a grid, HD-1). The circle returned is a copy, kept until the next search.
 * The way is cut into `pieces` equal pieces, and piece k's query is the disc round its middle that holds every point
 * within the body's radius of it: a circle whose way in starts on piece k is in that disc. So once the nearest
 * blocker so far is entered before the end of a piece, no later piece can hold a nearer one, and the search stops.
 */
export function firstBlocker(n: Numbers, g: Sampler, px: f64, pz: f64, dx: f64, dz: f64): Circle | null {
  const len2 = dx * dx + dz * dz;
  const len = Math.sqrt(len2);
  const pieces = Math.max(1.0, Math.ceil(len / BLOCKER_PIECE));
  const reach = len / pieces * 0.5 + n.radius;
  // AS only: where no blocking body the view takes comes near the way, no query of the search answers one, so the
  // way is searched among the solids alone — its kept proof then skips the queries it covers, as where no body blocks.
  const crowd = g.crowd;
  if (crowd === null || crowdNearWay(crowd, g.crowdSelf, g.view, g.stillSpeed, px, pz, dx, dz, reach)) {
    return searchWay(n, g, px, pz, dx, dz, len2, pieces, reach);
  }
  g.crowd = null;
  const first = searchWay(n, g, px, pz, dx, dz, len2, pieces, reach);
  g.crowd = crowd;
  return first;
}

/** firstBlocker's search of the way of squared length len2, in `pieces` pieces, each query of reach `reach`. */
function searchWay(n: Numbers, g: Sampler, px: f64, pz: f64, dx: f64, dz: f64, len2: f64, pieces: f64, reach: f64): Circle | null {
  let found = false;
  let bestT: f64 = 2.0;
  // AS only: a kept proof (ClearWay) that the body's way starts along decides the answer when the way up to where it
  // enters the proof's blocker — or all of it, when it does not enter it — lies along it too: no other solid is entered
  // first, nor as soon. Else the pieces it covers, from the first on, hold no way into a solid but its blocker's; each
  // piece starts where the one before ends, so one end is checked per piece, until one is not covered.
  // Where bodies block, the proof is of the solids alone: a piece it covers is searched for bodies all the same.
  skippedPieces = 0;
  blockerPlace = -1;
  blockerIsBody = false;
  blockerPiece = -1;
  const bodies = g.crowd !== null;
  let skipping = keepClearWay && nearKeptWay(px, pz, 0.0);
  if (skipping) {
    const p = keptPiece();
    if (clearWay.blocker >= 0) {
      const c = keptBlocker(g);
      const t = wayInto(n, c, px, pz, dx, dz, len2);
      if (t <= 1.0 && foundByPieces(c, px, pz, dx, dz, pieces, reach)) {
        found = true;
        bestT = t;
        copyCircle(blocker, c);
      }
    } else if (p >= 0) {
      const shapes = changetype<ShapeGrid>(g.shapes());
      const rec = pieceRecord(shapes, p);
      const points = pieceCorners(shapes, p);
      const t = wayIntoPiece(n, points, <i32>rec[0], rec[1], px, pz, dx, dz);
      if (t <= 1.0 && pieceFoundByPieces(shapes, p, px, pz, dx, dz, pieces, reach)) {
        // A piece keeps a tie only against what is met after it: where the way enters it off the proof, another
        // solid may tie, met first by the search, so the search is made whole.
        if (!nearKeptWay(px + dx * t, pz + dz * t, 0.0)) {
          skipping = false;
        } else {
          found = true;
          bestT = t;
          blocker.x = points[0];
          blocker.z = points[1];
          blocker.radius = rec[1];
          blockerPiece = p;
        }
      }
    }
  }
  if (skipping) {
    const upTo = found ? bestT : 1.0;
    if (!bodies && nearKeptWay(px + dx * upTo, pz + dz * upTo, 0.0)) {
      skippedPieces = <i32>pieces;
      blockerEntry = bestT;
      if (found && clearWay.blocker >= 0) blockerPlace = clearWay.blocker;
      return found ? blocker : null;
    }
  }
  for (let k: f64 = 0.0; k < pieces; k++) {
    const mid = (k + 0.5) / pieces;
    let covered = false;
    if (skipping) {
      const end = (k + 1.0) / pieces;
      covered = nearKeptWay(px + dx * end, pz + dz * end, 0.0);
      if (covered) {
        skippedPieces++;
        if (!bodies) {
          if (found && bestT < end) break;
          continue;
        }
      }
      skipping = covered;
    }
    const circles = covered ? g.bodyCircles(px + dx * mid, pz + dz * mid, reach) : g.circles(px + dx * mid, pz + dz * mid, reach);
    for (let i = 0; i < circles.length; i++) {
      const c = circles[i];
      const t = wayInto(n, c, px, pz, dx, dz, len2);
      if (t > 1.0) continue;
      if (!found || t < bestT || (t == bestT && circleBefore(c, blocker))) {
        found = true;
        bestT = t;
        copyCircle(blocker, c);
        blockerIsBody = i >= g.solidCount;
        blockerPiece = -1;
      }
    }
    // Then the pieces (LV-1), met as queryShapeGrid lists them: a circle keeps a tie, and so does the piece met first.
    const shapes = g.shapes();
    if (shapes !== null) {
      const m = queryShapeGrid(shapes, px + dx * mid, pz + dz * mid, reach);
      for (let j = 0; j < m; j++) {
        const p = foundPieces[j];
        const rec = pieceRecord(shapes, p);
        const points = pieceCorners(shapes, p);
        const t = wayIntoPiece(n, points, <i32>rec[0], rec[1], px, pz, dx, dz);
        if (t > 1.0 || (found && !(t < bestT))) continue;
        found = true;
        bestT = t;
        blocker.x = points[0];
        blocker.z = points[1];
        blocker.radius = rec[1];
        blockerIsBody = false;
        blockerPiece = p;
      }
    }
    if (found && bestT < (k + 1.0) / pieces) break;
  }
  blockerEntry = bestT;
  return found ? blocker : null;
}

/**
 * Whether some piece's query of firstBlocker's search (the circles reaching within `reach` of each piece's middle)
 * finds circle `c` (AS only): a kept proof's blocker counts as met only then, as the search would find it.
 */
function foundByPieces(c: Circle, px: f64, pz: f64, dx: f64, dz: f64, pieces: f64, reach: f64): bool {
  for (let k: f64 = 0.0; k < pieces; k++) {
    const mid = (k + 0.5) / pieces;
    if (reachesWithin(c, px + dx * mid, pz + dz * mid, reach)) return true;
  }
  return false;
}

/**
 * Whether some piece's query of firstBlocker's search finds piece `p` (AS only), as foundByPieces asks of a circle:
 * queryShapeGrid lists a piece exactly where pieceReaches says it reaches.
 */
function pieceFoundByPieces(shapes: ShapeGrid, p: i32, px: f64, pz: f64, dx: f64, dz: f64, pieces: f64, reach: f64): bool {
  for (let k: f64 = 0.0; k < pieces; k++) {
    const mid = (k + 0.5) / pieces;
    if (pieceReaches(shapes, p, px + dx * mid, pz + dz * mid, reach)) return true;
  }
  return false;
}

/**
 * Where the straight way from (px, pz) by (dx, dz), of squared length len2, enters circle `c` grown by the body's
 * radius, as a fraction of the way (SE-3): 0 when the body is inside it and the way leads deeper; above 1 when it
 * does not block the way — the way leads out of it, ends inside it, or misses it.
 */
@inline function wayInto(n: Numbers, c: Circle, px: f64, pz: f64, dx: f64, dz: f64, len2: f64): f64 {
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
const NOT_INTO: f64 = 2.0;

/** Where the straight way enters a piece grown by the body's radius, as wayInto answers for a circle (see the twin). */
function wayIntoPiece(n: Numbers, points: F64s, count: i32, radius: f64, px: f64, pz: f64, dx: f64, dz: f64): f64 {
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

/**
 * How far beyond the solids' grown discs a proof of a clear way looks, metres (AS only, see ClearWay): a solid further
 * off counts as this far. Why: a body walking down its way, or round an obstacle far along it, stays within a few
 * centimetres of the way it had; a wider look would only cost more queries. A blocked way's proof also reaches this
 * far past where it enters its blocker, so the way in may move a little along the blocker's edge.
 */
const CLEAR_REACH: f64 = 0.5;

/**
 * How many pieces of the last firstBlocker the kept proof let it skip, the blocker's entry, and its place in the
 * ground's grid of solids when known (−1 when not; see placeOfBlocker). AS only; globals.
 */
let skippedPieces = 0;
let blockerEntry: f64 = 2.0;
let blockerPlace: i32 = -1;

/** The distance from (x, z) to the segment from (px, pz) by (sx, sz). */
function segmentDistance(px: f64, pz: f64, sx: f64, sz: f64, x: f64, z: f64): f64 {
  const s2 = sx * sx + sz * sz;
  const s = s2 > 0.0 ? Math.min(Math.max(((x - px) * sx + (z - pz) * sz) / s2, 0.0), 1.0) : 0.0;
  const ex = px + sx * s - x;
  const ez = pz + sz * s - z;
  return Math.sqrt(ex * ex + ez * ez);
}

/**
 * A lower bound on the distance from the segment from (px, pz) by (sx, sz) to the piece of the first `count` corners
 * of `points` (its outline, and its inside: 0 for a segment that starts inside the polygon) (AS only): the least over
 * its edges of the distance between two segments — 0 where each one's ends are not both strictly on one side of the
 * other's line (a crossing, or a touch, or both on one line), else the least from an end of one to the other.
 */
function segmentToPiece(points: F64s, count: i32, px: f64, pz: f64, sx: f64, sz: f64): f64 {
  if (count > 2 && pieceNearest(points, count, px, pz, outline) < 0.0) return 0.0;
  let least = Infinity;
  const edges = count > 2 ? count : 1;
  for (let e = 0; e < edges; e++) {
    const ax = points[e * 2];
    const az = points[e * 2 + 1];
    const b = e + 1 < count ? e + 1 : 0;
    const ex = points[b * 2] - ax;
    const ez = points[b * 2 + 1] - az;
    const a0 = sx * (az - pz) - sz * (ax - px);
    const a1 = sx * (az + ez - pz) - sz * (ax + ex - px);
    const b0 = ex * (pz - az) - ez * (px - ax);
    const b1 = ex * (pz + sz - az) - ez * (px + sx - ax);
    if (a0 * a1 <= 0.0 && b0 * b1 <= 0.0) return 0.0;
    least = Math.min(least, Math.min(segmentDistance(px, pz, sx, sz, ax, az), segmentDistance(px, pz, sx, sz, ax + ex, az + ez)));
    least = Math.min(least, Math.min(segmentDistance(ax, az, ex, ez, px, pz), segmentDistance(ax, az, ex, ez, px + sx, pz + sz)));
  }
  return least;
}

/** The place of firstBlocker's blocker in the ground's grid of solids, or −1 when it is not one of them (AS only). */
function placeOfBlocker(g: Sampler): i32 {
  const grid = g.ground.scatter;
  // A piece's blocker is its first corner's disc, which no circle of the grid stands for.
  if (blockerPlace < 0 && grid !== null && blockerPiece < 0) blockerPlace = idOf(grid, blocker);
  return blockerPlace;
}

/**
 * Whether gatherCluster's cluster from firstBlocker's blocker takes solids alone (AS only; AV-4): the blocker is a solid
 * and no blocking body can join it — there are none, or the kind avoids (the seek's view is of still bodies) and so a
 * cluster of solids takes no body.
 */
function solidsOnly(g: Sampler): bool {
  if (blockerIsBody) return false;
  return g.view == BODIES_STILL || (g.crowd === null && g.bodies.length == 0);
}

/**
 * Whether firstBlocker's blocker, a solid of a cluster of solids alone (solidsOnly), at the place `k` in the grid, is
 * an obstacle by itself (AS only; G-4): its disc stands further than the body's diameter, and a rounding margin, from
 * every other solid's, and no piece is within reach. gatherCluster would link no other circle to it.
 */
function standsAlone(n: Numbers, g: Sampler, k: i32): bool {
  const grid = changetype<ScatterGrid>(g.ground.scatter);
  const rounding = 1e-6 + 1e-9 * (Math.abs(blocker.x) + Math.abs(blocker.z));
  if (!(n.radius + n.radius + rounding < gapOf(grid, k))) return false;
  // Gaps are measured between circles only: a piece joins where gatherCluster's query round the blocker meets it.
  const shapes = g.shapes();
  return shapes === null || !anyPieceReaches(shapes, blocker.x, blocker.z, blocker.radius + (n.radius + n.radius));
}

/**
 * Proves the stretch of the way from (px, pz) by (dx, dz) that firstBlocker searched clear by a margin (see ClearWay):
 * all of it when it found no blocker `first`, else up to CLEAR_REACH past where the way enters `first`, leaving
 * `first` out. The margin is the least distance from the stretch to a solid's grown disc, or CLEAR_REACH. The stretch
 * is searched in pieces as firstBlocker searches, each query reaching CLEAR_REACH further, so a solid no query finds
 * is more than CLEAR_REACH off.
 */
function proveClearWay(n: Numbers, g: Sampler, px: f64, pz: f64, dx: f64, dz: f64, first: Circle | null): void {
  const w = clearWay;
  const wayLength = Math.sqrt(dx * dx + dz * dz);
  w.margin = 0.0;
  w.blocker = -1;
  // A body blocking the way is no solid: the stretch up to past where the way enters it is proved of every solid.
  // A piece blocking it is kept as −2 − its number.
  if (first !== null && !blockerIsBody) {
    w.blocker = blockerPiece >= 0 ? -2 - blockerPiece : placeOfBlocker(g);
    if (w.blocker == -1) return;
  }
  const part = first === null ? 1.0 : Math.min(blockerEntry + CLEAR_REACH / wayLength, 1.0);
  const sx = dx * part;
  const sz = dz * part;
  const len = Math.sqrt(sx * sx + sz * sz);
  const pieces = Math.max(1.0, Math.ceil(len / BLOCKER_PIECE));
  const reach = len / pieces * 0.5 + n.radius + CLEAR_REACH;
  let margin = CLEAR_REACH;
  const shapes = g.shapes();
  for (let k: f64 = 0.0; k < pieces; k++) {
    const mid = (k + 0.5) / pieces;
    const circles = g.solidCircles(px + sx * mid, pz + sz * mid, reach);
    for (let i = 0; i < circles.length; i++) {
      const c = circles[i];
      if (w.blocker >= 0 && sameCircle(c, changetype<Circle>(first))) continue;
      margin = Math.min(margin, segmentDistance(px, pz, sx, sz, c.x, c.z) - (c.radius + n.radius));
    }
    // The pieces this query finds, as near as the segment comes to their outlines grown by their radius (LV-1).
    if (shapes === null) continue;
    const m = queryShapeGrid(shapes, px + sx * mid, pz + sz * mid, reach);
    for (let j = 0; j < m; j++) {
      const q = foundPieces[j];
      if (q == -2 - w.blocker) continue;
      const rec = pieceRecord(shapes, q);
      margin = Math.min(margin, segmentToPiece(pieceCorners(shapes, q), <i32>rec[0], px, pz, sx, sz) - (rec[1] + n.radius));
    }
  }
  w.x = px;
  w.z = pz;
  w.qx = px + sx;
  w.qz = pz + sz;
  // Rounded down: the float32 kept is never above the margin proved.
  w.margin = <f32>(margin * (1.0 - 1e-6));
}

function sameCircle(a: Circle, b: Circle): bool {
  return a.x == b.x && a.z == b.z && a.radius == b.radius;
}

/** Whether circle `a` comes before circle `b` in the order ties and clusters go by: least x, then z, then radius. */
export function circleBefore(a: Circle, b: Circle): bool {
  return a.x < b.x || (a.x == b.x && (a.z < b.z || (a.z == b.z && a.radius < b.radius)));
}

/**
 * Inserts `m` among the members `out[from..]` in circleBefore order, keeping at most `most` members: a member that
 * would come after the last place is left out, and one pushed past it drops out.
 */
function addMember(out: Circles, from: i32, m: Circle, most: i32): void {
  let k = out.length;
  while (k > from && circleBefore(m, out[k - 1])) k--;
  if (k >= most) return;
  out.insert(k, m);
  if (out.length > most) out.length = most;
}

/**
 * The obstacle `first` belongs to (G-4): every circle linked to it through circles whose grown discs overlap or touch,
 * breadth first, at most MAX_CLUSTER from a body and MAX_SOLID_CLUSTER from a solid. The circles each member links
 * are taken in circleBefore order. For a cluster of still bodies (AV-4), also whether a solid lies within that link of
 * a member whose neighbours it gathered (clusterMeetsSolid).
 */
export function gatherCluster(n: Numbers, g: Sampler, first: Circle, out: Circles): void {
  clusterMeetsSolid = false;
  out.length = 0;
  const most = blockerIsBody ? MAX_CLUSTER : MAX_SOLID_CLUSTER;
  const shapes = g.shapes();
  if (blockerPiece < 0) out.push(first);
  else addCorners(out, 0, pieceCorners(changetype<ShapeGrid>(shapes), blockerPiece), <i32>pieceRecord(changetype<ShapeGrid>(shapes), blockerPiece)[0], pieceRecord(changetype<ShapeGrid>(shapes), blockerPiece)[1], most);
  const reachOut = n.radius + n.radius;
  // For a kind that avoids, bodies join only a cluster of bodies, solids only one of solids (AV-4): a body standing
  // in a gap does not close it into one wall with the solids either side, to be gone round the far end. AS only: the
  // queries then ask only for the circles the cluster takes (the same circles, in the same order, as the part of a
  // whole answer the reference takes).
  const split = g.view == BODIES_STILL;
  for (let i = 0; i < out.length && out.length < most; i++) {
    const c = out[i];
    const from = out.length;
    const r = c.radius + reachOut;
    // A jam against a wall or in a gap (AV-4): the solids a member would link, had they been bodies. Asked before the
    // bodies, since both answers share the sampler's list.
    if (split && blockerIsBody && !clusterMeetsSolid) clusterMeetsSolid = reachesSolid(g, c, r, reachOut);
    const near = !split ? g.circles(c.x, c.z, r) : blockerIsBody ? g.bodyCircles(c.x, c.z, r) : g.solidCircles(c.x, c.z, r);
    for (let j = 0; j < near.length; j++) {
      const m = near[j];
      const dx = m.x - c.x;
      const dz = m.z - c.z;
      const reach = c.radius + m.radius + reachOut;
      // AS only: the reach is tested before the members are searched, and the search stops at the first match (the
      // reference's order of the two tests gives the same answer).
      if (!(dx * dx + dz * dz <= reach * reach) || isMember(out, m)) continue;
      addMember(out, from, m, most);
    }
    // A piece the member's grown disc reaches joins with its corners' discs (LV-1).
    if ((split && blockerIsBody) || shapes === null) continue;
    const m = queryShapeGrid(shapes, c.x, c.z, c.radius + reachOut);
    for (let j = 0; j < m; j++) {
      const rec = pieceRecord(shapes, foundPieces[j]);
      addCorners(out, from, pieceCorners(shapes, foundPieces[j]), <i32>rec[0], rec[1], most);
    }
  }
}

/** Adds the discs at a piece's corners not already members among `out[from..]` (addMember; see the twin). */
function addCorners(out: Circles, from: i32, points: F64s, count: i32, radius: f64, most: i32): void {
  for (let c = 0; c < count; c++) {
    const m = corner;
    m.x = points[c * 2];
    m.z = points[c * 2 + 1];
    m.radius = radius;
    if (!isMember(out, m)) addMember(out, from, m, most);
  }
}

/** The corner's disc addCorners adds (a worker thread binds its own). */
export let corner = changetype<Circle>(memory.data(offsetof<Circle>()));

/** Whether circle `m` is among `out`'s members. */
@inline function isMember(out: Circles, m: Circle): bool {
  for (let k = 0; k < out.length; k++) if (sameCircle(out[k], m)) return true;
  return false;
}

/**
 * Whether a solid's grown disc lies within `reachOut` of member `c`'s, or a box, wall or polygon reaches within `r` of
 * its centre (AS only: clusterMeetsSolid's test, the solids alone asked).
 */
function reachesSolid(g: Sampler, c: Circle, r: f64, reachOut: f64): bool {
  const near = g.solidCircles(c.x, c.z, r);
  for (let j = 0; j < near.length; j++) {
    const m = near[j];
    const dx = m.x - c.x;
    const dz = m.z - c.z;
    const reach = c.radius + m.radius + reachOut;
    if (dx * dx + dz * dz <= reach * reach) return true;
  }
  // A box, wall or polygon the member's link reaches (LV-1) meets it as a trunk does.
  const shapes = g.shapes();
  return shapes !== null && anyPieceReaches(shapes, c.x, c.z, r);
}

/**
 * The tangents to the obstacle's grown edge on either side seen from (px, pz) (SE-4), into `plus` (side +1) and
 * `minus` (side −1): for each side, among its circles, the one whose tangent lies furthest to that side of the target's
 * bearing (dx, dz), the nearer on a tie. Angles only rank a cluster's circles; the way itself is the tangent's vector
 * (tangentTo), so a lone circle needs no angle at all.
 */
export function tangentsRound(n: Numbers, cluster: Circles, px: f64, pz: f64, dx: f64, dz: f64, plus: Tangent, minus: Tangent): void {
  let iPlus: i32 = 0;
  let iMinus: i32 = 0;
  if (cluster.length > 1) {
    // The target's bearing; a body on its target reads +z, as atan2(0, 0) = 0 would.
    const tx = dx;
    const tz = dx == 0.0 && dz == 0.0 ? 1.0 : dz;
    let bestPlus: f64 = -10.0;
    let bestMinus: f64 = -10.0;
    let lengthPlus: f64 = 0.0;
    let lengthMinus: f64 = 0.0;
    for (let i = 0; i < cluster.length; i++) {
      const c = cluster[i];
      const grown = c.radius + n.radius;
      let ox = c.x - px;
      let oz = c.z - pz;
      const d2 = ox * ox + oz * oz;
      let length: f64 = 0.0;
      if (d2 > grown * grown) length = Math.sqrt(d2 - grown * grown);
      else if (d2 == 0.0) {
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
      if (vPlus > bestPlus || (vPlus == bestPlus && length < lengthPlus)) {
        bestPlus = vPlus;
        lengthPlus = length;
        iPlus = i;
      }
      if (vMinus > bestMinus || (vMinus == bestMinus && length < lengthMinus)) {
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
export function tangentTo(n: Numbers, c: Circle, px: f64, pz: f64, side: f64, t: Tangent): void {
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
  let ux: f64 = 0.0;
  let uz: f64 = 1.0;
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
export function wayRound(px: f64, pz: f64, tx: f64, tz: f64, t: Tangent): f64 {
  const ax = px + t.length * t.x;
  const az = pz + t.length * t.z;
  const rx = tx - ax;
  const rz = tz - az;
  return t.length + Math.sqrt(rx * rx + rz * rz);
}

// `let`s, so a worker thread points them at its own (assembly/threads.ts).
export let probed = changetype<Move>(memory.data(offsetof<Move>()));

/**
 * Whether the way along (wx, wz) is blocked for the body (SE-7): a slide of STALL_PROBE metres that way, or of `reach`
 * when that is shorter, or one of the first move a body at rest walks in a STALL_FRAME (or `reach` when shorter)
 * makes less than a quarter of it along the want — so a body sliding along a wall or a wade line met at up to 60°
 * still goes on. The slide is the one walk makes (SL-1..SL-5), so whatever would stop the body — a solid, a refused
 * rise, deep water — is what blocks it here.
 */
export function wayBlocked(n: Numbers, g: Sampler, body: Body, wx: f64, wz: f64, reach: f64): bool {
  const wl = Math.sqrt(wx * wx + wz * wz);
  // A want too small to square (a seekSpeed near the least double) has no way to check.
  if (!(wl > 0.0)) return false;
  const len = Math.min(STALL_PROBE, reach);
  const ux = wx / wl;
  const uz = wz / wl;
  // AS only: a probe the body's last step found blocked where it stands is blocked again (BlockedProbe).
  const keepable = keepBlockedProbe && len == STALL_PROBE && !body.air && !body.steep && (g.crowd === null || g.view == BODIES_NONE);
  if (keepable && blockedProbe.floor == body.floor && blockedProbe.ux == ux && blockedProbe.uz == uz) return true;
  slideBody(n, g, body, ux * len, uz * len, probed);
  if (probed.x * ux + probed.z * uz < len * 0.25) {
    if (keepable) {
      blockedProbe.floor = body.floor;
      blockedProbe.ux = ux;
      blockedProbe.uz = uz;
    }
    return true;
  }
  const nudge = Math.min(n.accel * STALL_FRAME * STALL_FRAME, len);
  slideBody(n, g, body, ux * nudge, uz * nudge, probed);
  return probed.x * ux + probed.z * uz < nudge * 0.25;
}

/**
 * AS only: the probe (SE-7) a herd body's last step found blocked: the body's floor and the probe's direction, the
 * probe STALL_PROBE long; none while `floor` is NaN. The slide it makes depends on nothing else of a grounded body
 * that is not sliding but where it stands and its kind, and when it reads no bodies (none block the body, or its kind
 * avoids them: AV-4) nothing else blocks it; so the herd keeps the probe while the body stands where it was made, as
 * that kind (assembly/herd.ts), and the same probe from there with the same floor is blocked again.
 */
@unmanaged export class BlockedProbe {
  floor: f64;
  ux: f64;
  uz: f64;
}

/** Numbers of a BlockedProbe (a herd keeps them per body). */
export const BLOCKED_PROBE_NUMBERS: i32 = <i32>(offsetof<BlockedProbe>() >> 3);

export let blockedProbe = changetype<BlockedProbe>(memory.data(offsetof<BlockedProbe>()));
/** Whether wayBlocked uses and keeps blockedProbe (a global: each thread's instance has its own). */
export let keepBlockedProbe = false;

/**
 * Whether the cluster of still bodies stands round the target (SE-7, AV-4): one of their grown circles reaches within
 * 3·radius of it. Why: bodies resting at their own targets close together (a formation) are not a wall to go round
 * for ever; the body walks in, and they yield (AV-1, SE-2).
 */
export function stillAroundTarget(n: Numbers, cluster: Circles, tx: f64, tz: f64): bool {
  for (let i: i32 = 0; i < cluster.length; i++) {
    const c = cluster[i];
    const ox = c.x - tx;
    const oz = c.z - tz;
    const reach = c.radius + 3.0 * n.radius;
    if (ox * ox + oz * oz <= reach * reach) return true;
  }
  return false;
}

export let cluster = changetype<Circles>(memory.data(offsetof<Circles>()));
export let clusterData = memory.data((MAX_SOLID_CLUSTER + 1) * offsetof<Circle>());
export let plus = changetype<Tangent>(memory.data(offsetof<Tangent>()));
export let minus = changetype<Tangent>(memory.data(offsetof<Tangent>()));

/**
 * Sets the body's want, side and turned toward (tx, tz), and answers SEEK_ARRIVED, SEEK_GOING or SEEK_UNREACHABLE
 * (SE-1..SE-7).
 */
export function seekBody(n: Numbers, g: Sampler, body: Body, tx: f64, tz: f64, stop: f64): i32 {
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
  // AS only: a search a kept proof did not shorten proves what it found clear (ClearWay).
  if (keepClearWay && skippedPieces == 0) proveClearWay(n, g, body.x, body.z, dx, dz, first);
  if (first !== null) {
    cluster.data = clusterData;
    cluster.capacity = MAX_SOLID_CLUSTER + 1;
    // AS only: a cluster of solids alone (solidsOnly) is found without gathering it when it is one solid standing
    // alone, or the one a herd step kept for that solid (assembly/clusterMemo.ts), which the herd drops where an edit
    // of a circle, or of a piece of a box, wall or polygon, meets its reach, so a kept cluster holds the very corners'
    // discs of the pieces gathering it again would add.
    // A piece's cluster is kept under −2 − its number.
    const memo = !solidsOnly(g) ? -1 : blockerPiece >= 0 ? -2 - blockerPiece : placeOfBlocker(g);
    if (memo >= 0 && standsAlone(n, g, memo)) {
      cluster.length = 0;
      cluster.push(changetype<Circle>(first));
    } else if (memo != -1 && clusterMemo != 0) {
      if (!recallCluster(memo, n.radius, cluster)) {
        gatherCluster(n, g, changetype<Circle>(first), cluster);
        keepCluster(memo, n.radius, cluster);
      }
    } else {
      gatherCluster(n, g, changetype<Circle>(first), cluster);
    }
  }
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
  let turn: f64 = 0.0;
  if (body.side == 0) {
    body.side = roundMinus < roundPlus ? -1 : 1;
    body.turned = 0.0;
  } else if (avoiding && blockerIsBody && (body.side > 0 ? roundPlus > SIDE_SWITCH * roundMinus : roundMinus > SIDE_SWITCH * roundPlus)) {
    // Still bodies come and go: a side kept round them gives way to one much shorter (AV-4).
    body.side = -body.side;
    body.turned = 0.0;
  } else if (body.wantX != 0.0 || body.wantZ != 0.0) {
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
 * at its tangent point, or a radius along it when nearer — would overlap a solid's grown circle or piece (see the
 * twin).
 */
function wayClosed(n: Numbers, g: Sampler, body: Body, t: Tangent): bool {
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
function endSeek(n: Numbers, g: Sampler, body: Body, reach: f64, avoiding: bool, afresh: bool, turn: f64): i32 {
  if (!avoiding) {
    body.turned += turn;
    return stopIfBlocked(n, g, body, reach);
  }
  g.view = BODIES_NONE;
  const answer = afresh && clusterMeetsSolid ? SEEK_GOING : stopIfBlocked(n, g, body, reach);
  g.view = BODIES_ALL;
  let step = turn;
  if (answer == SEEK_GOING) {
    const aimX = body.wantX;
    const aimZ = body.wantZ;
    avoidBodies(n, g, body);
    // SE-5 counts the turn from the want before to the aim; while going round, the turn avoidance adds (aim to the
    // avoided want) joins it, so over the steps turned sums the aims' turning (one step's avoidance taken back at the
    // next) and a crowd that keeps pushing a body aside never reads as a pocket. Each is folded into a quarter turn
    // (foldBack): a want held back from the aim has no reliable sign of turn against it, and a half turn read with one
    // sign at one step and the other at the next would count a whole turn never made.
    if (!afresh && body.side != 0) {
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
export function stopIfBlocked(n: Numbers, g: Sampler, body: Body, reach: f64): i32 {
  if (body.air || !(body.speed < STALL_FRACTION * n.seekSpeed)) return SEEK_GOING;
  if (!wayBlocked(n, g, body, body.wantX, body.wantZ, reach)) return SEEK_GOING;
  body.wantX = 0.0;
  body.wantZ = 0.0;
  return SEEK_UNREACHABLE;
}
