/**
 * carry: a clip's measured travel (a lunge, a roll) — cut at the first solid, slid, then put on the ground (CA-1..CA-3).
 * Twin of src/reference/carry.ts: same functions, same operations, same order.
 */
import { Body, F64s, Numbers, callBody, callNumbers, callResult } from './memory';
import { GroundData } from './ground';
import { Sampler } from './lattice';
import { callGround } from './bodies';
import { INWARD, Move, SKIN, callStatus, ceilingOf, clearRefusedMove, entryTime, outline, slideBody } from './slide';
import { pieceEntry, pieceNearest } from './pieces';
import { foundPieces, pieceCorners, pieceRecord, queryShapeGrid } from './shapeGrid';
import { Vec2, standHeight, steepGround } from './stand';

/**
 * The fraction of the move from (px, pz) by (dx, dz) made before the body's circle first meets a solid's (CA-1, CA-2):
 * 0 for a body touching or within a solid it moves toward; a move away from it, or along it, is not cut.
 */
export function cutAtSolid(n: Numbers, g: Sampler, px: f64, pz: f64, dx: f64, dz: f64): f64 {
  const len2 = dx * dx + dz * dz;
  if (len2 == 0.0) return 1.0;
  const circles = g.circles(px + dx * 0.5, pz + dz * 0.5, Math.sqrt(len2) * 0.5 + n.radius + SKIN);
  let t: f64 = 1.0;
  for (let i = 0; i < circles.length; i++) {
    const c = circles[i];
    const grown = c.radius + n.radius + SKIN;
    const ox = px - c.x;
    const oz = pz - c.z;
    const o2 = ox * ox + oz * oz;
    const b = ox * dx + oz * dz;
    if (b >= -INWARD * Math.sqrt(o2 * len2)) continue;
    if (o2 < grown * grown) {
      t = 0.0;
      continue;
    }
    t = Math.min(t, entryTime(o2, b, len2, grown));
  }
  // Then the pieces (LV-1), met as queryShapeGrid lists them.
  const shapes = g.shapes();
  if (shapes === null) return t;
  const m = queryShapeGrid(shapes, px + dx * 0.5, pz + dz * 0.5, Math.sqrt(len2) * 0.5 + n.radius + SKIN);
  for (let k = 0; k < m; k++) {
    const rec = pieceRecord(shapes, foundPieces[k]);
    t = cutAtPiece(n, pieceCorners(shapes, foundPieces[k]), <i32>rec[0], rec[1], px, pz, dx, dz, t);
  }
  return t;
}

/**
 * The least of `t` and the fraction of the move from (px, pz) by (dx, dz) made before the body first meets the piece of
 * the first `count` corners of `points` grown by `radius` (CA-1, CA-2): 0 for a body touching or within it that moves
 * into it (out of it from its outline's nearest point); a move away from it, or along it, is not cut.
 */
export function cutAtPiece(n: Numbers, points: F64s, count: i32, radius: f64, px: f64, pz: f64, dx: f64, dz: f64, t: f64): f64 {
  const grown = radius + n.radius + SKIN;
  const d = pieceNearest(points, count, px, pz, outline);
  if (d < grown) {
    const hx = d < 0.0 ? outline.x - px : px - outline.x;
    const hz = d < 0.0 ? outline.z - pz : pz - outline.z;
    const h2 = hx * hx + hz * hz;
    if (h2 == 0.0 || hx * dx + hz * dz >= -INWARD * Math.sqrt(h2 * (dx * dx + dz * dz))) return t;
    return 0.0;
  }
  return Math.min(t, pieceEntry(points, count, grown, px, pz, dx, dz, INWARD));
}

const gradient = changetype<Vec2>(memory.data(offsetof<Vec2>()));

/**
 * Puts a carried body on the ground (CA-3): it stands on the stand height where that is at or above its feet, follows
 * a drop of up to `step` onto ground that is not steep (ST-3, steps excepted), and is left in the air at its height otherwise.
 */
export function settle(n: Numbers, g: Sampler, body: Body): void {
  const ground = standHeight(n, g, body.x, body.z);
  let lands = ground >= body.y;
  if (!lands && body.y - ground <= n.step) lands = !steepGround(n, g, body.x, body.z, false, ceilingOf(n, body), gradient);
  if (lands) {
    body.y = ground;
    body.vy = 0.0;
    body.air = false;
  } else {
    body.air = true;
  }
}

/** Carries a body by (dx, dz) (CA-1..CA-3); `move` receives the horizontal move made. */
export function carryBody(n: Numbers, g: Sampler, body: Body, dx: f64, dz: f64, move: Move): void {
  const t = cutAtSolid(n, g, body.x, body.z, dx, dz);
  if (t < 1.0) slideBody(n, g, body, dx * t, dz * t, move);
  else slideBody(n, g, body, dx, dz, move);
  body.x += move.x;
  body.z += move.z;
  settle(n, g, body);
}

const carried = changetype<Move>(memory.data(offsetof<Move>()));

/** Carries the scratch body by (dx, dz) (CA-1..CA-3); the move made goes to result[0..1]; returns the status. */
export function carry(ground: GroundData, bodies: i32, dx: f64, dz: f64): i32 {
  clearRefusedMove();
  carryBody(callNumbers, callGround(ground, bodies), callBody, dx, dz, carried);
  callResult[0] = carried.x;
  callResult[1] = carried.z;
  return callStatus();
}
