/**
 * carry: a clip's measured travel (a lunge, a roll) — cut at the first solid, slid, then put on the ground (CA-1..CA-3).
 * Twin of assembly/carry.ts: same functions, same operations, same order.
 */
import { numbers } from '../kinds.ts';
import { checkDelta, checkFinite, readBody, writeCarried } from '../rows.ts';
import { newBody, type Body } from '../body.ts';
import { callGround } from './bodies.ts';
import type { Sampler } from './lattice.ts';
import { INWARD, Move, SKIN, ceilingOf, clearRefusedMove, entryTime, outline, slideBody, throwIfMoveRefused } from './slide.ts';
import { Vec2, standHeight, steepGround } from './stand.ts';
import { pieceEntry, pieceNearest } from './pieces.ts';
import type { Ground, Numbers, Row, World } from '../types.ts';

/**
 * The fraction of the move from (px, pz) by (dx, dz) made before the body's circle first meets a solid's (CA-1, CA-2):
 * 0 for a body touching or within a solid it moves toward; a move away from it, or along it, is not cut.
 */
export function cutAtSolid(n: Numbers, g: Sampler, px: number, pz: number, dx: number, dz: number): number {
  const len2 = dx * dx + dz * dz;
  if (len2 === 0.0) return 1.0;
  const circles = g.circles(px + dx * 0.5, pz + dz * 0.5, Math.sqrt(len2) * 0.5 + n.radius + SKIN);
  let t = 1.0;
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
  const pieces = g.pieces(px + dx * 0.5, pz + dz * 0.5, Math.sqrt(len2) * 0.5 + n.radius + SKIN);
  for (let i = 0; i < pieces.length; i++) t = cutAtPiece(n, pieces[i].points, pieces[i].count, pieces[i].radius, px, pz, dx, dz, t);
  return t;
}


/**
 * The least of `t` and the fraction of the move from (px, pz) by (dx, dz) made before the body first meets the piece of
 * the first `count` corners of `points` grown by `radius` (CA-1, CA-2): 0 for a body touching or within it that moves
 * into it (out of it from its outline's nearest point); a move away from it, or along it, is not cut.
 */
export function cutAtPiece(n: Numbers, points: Float64Array, count: number, radius: number, px: number, pz: number, dx: number, dz: number, t: number): number {
  const grown = radius + n.radius + SKIN;
  const d = pieceNearest(points, count, px, pz, outline);
  if (d < grown) {
    const hx = d < 0.0 ? outline.x - px : px - outline.x;
    const hz = d < 0.0 ? outline.z - pz : pz - outline.z;
    const h2 = hx * hx + hz * hz;
    if (h2 === 0.0 || hx * dx + hz * dz >= -INWARD * Math.sqrt(h2 * (dx * dx + dz * dz))) return t;
    return 0.0;
  }
  return Math.min(t, pieceEntry(points, count, grown, px, pz, dx, dz, INWARD));
}

const gradient = new Vec2();

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
export function carryBody(n: Numbers, g: Sampler, body: Body, dx: number, dz: number, move: Move): void {
  const t = cutAtSolid(n, g, body.x, body.z, dx, dz);
  if (t < 1.0) slideBody(n, g, body, dx * t, dz * t, move);
  else slideBody(n, g, body, dx, dz, move);
  body.x += move.x;
  body.z += move.z;
  settle(n, g, body);
}

const carried = new Move();

/** Carries a row by `delta` [x, z] and returns the move made (CA-1..CA-3); writes pos, vel and air. */
export function carry(me: Row, w: World, delta: readonly number[], ground: Ground): [number, number] {
  const n = numbers(me, w);
  const d = checkDelta(delta);
  const body = readBody(me, newBody());
  const g = callGround(n, w, me, ground);
  clearRefusedMove();
  carryBody(n, g, body, d[0], d[1], carried);
  throwIfMoveRefused();
  checkFinite(body, 'carry');
  writeCarried(me, body);
  return [carried.x, carried.z];
}
