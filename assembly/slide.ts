/**
 * slide: moving a body horizontally within the limits of solids, steps, slopes and water (SL-1..SL-6).
 * Twin of src/reference/slide.ts: same functions, same operations, same order.
 */
import { Body, CALL_DONE, CALL_MOVE_REFUSED, F64s, Numbers, callBody, callNumbers, callResult } from './memory';
import { GroundData } from './ground';
import { Sampler } from './lattice';
import { callGround } from './bodies';
import { Vec2, depthGradient, slopeReach, standGradient, standHeight, waterDepth } from './stand';

/** A body stops this far outside a grown circle, so rounding can never leave its centre inside (SL-2). */
export const SKIN: f64 = 1e-6;
/** Limits are applied in at most this many rounds (SL-1). */
export const MAX_ROUNDS: i32 = 6;
/**
 * A body touching a circle may move along it; only a move into it by more than this fraction of the move's length
 * (relative to the normal) is stopped, so the rounding left by removing the inward part never reads as a new contact.
 */
export const INWARD: f64 = 1e-9;
/** A limit's `t` when nothing was met. */
const NONE: f64 = 2.0;

/** The first limit met along a move: the fraction `t` of the move made before it, and its unit normal (out of it). */
@unmanaged export class Limit {
  t: f64;
  nx: f64;
  nz: f64;
}

/** A move made: the horizontal displacement and whether any limit cut it. */
@unmanaged export class Move {
  x: f64;
  z: f64;
  limited: bool;
}

/** How far apart the way is sampled (SL-3): at most span/2, cell/2 and 0.25 m, counting only the positive ones. */
export function sampleSpacing(n: Numbers, cell: f64): f64 {
  let ds: f64 = 0.25;
  if (n.span > 0.0) ds = Math.min(ds, n.span * 0.5);
  if (cell > 0.0) ds = Math.min(ds, cell * 0.5);
  return ds;
}

/**
 * The fraction of a move at which a centre outside a circle first reaches its edge, or NONE (> 1) when the line misses
 * it: o2 is the squared distance from the circle's centre, b the dot of that offset with the move, len2 the move's
 * squared length, grown the circle's radius. Shared by slide, carry and seek so all three meet a circle alike.
 */
@inline
export function entryTime(o2: f64, b: f64, len2: f64, grown: f64): f64 {
  const disc = b * b - len2 * (o2 - grown * grown);
  if (disc < 0.0) return NONE;
  return (-b - Math.sqrt(disc)) / len2;
}

/**
 * The first blocking circle (grown by the body's radius and SKIN) the move from (px, pz) by (dx, dz) meets (SL-2).
 * A circle the body is inside or touching stops only a move into it, at t = 0. Ties go to the least x, then z, so the
 * answer does not depend on the order the ground lists its circles in.
 */
export function firstCircle(n: Numbers, g: Sampler, px: f64, pz: f64, dx: f64, dz: f64, out: Limit): void {
  out.t = NONE;
  const len2 = dx * dx + dz * dz;
  const circles = g.circles(px + dx * 0.5, pz + dz * 0.5, Math.sqrt(len2) * 0.5 + n.radius + SKIN);
  let bestX: f64 = 0.0;
  let bestZ: f64 = 0.0;
  for (let i = 0; i < circles.length; i++) {
    const c = circles[i];
    const grown = c.radius + n.radius + SKIN;
    const ox = px - c.x;
    const oz = pz - c.z;
    const o2 = ox * ox + oz * oz;
    const b = ox * dx + oz * dz;
    let t: f64;
    let hx: f64;
    let hz: f64;
    if (o2 < grown * grown) {
      if (o2 == 0.0 || b >= -INWARD * Math.sqrt(o2 * len2)) continue;
      t = 0.0;
      hx = ox;
      hz = oz;
    } else {
      if (b >= -INWARD * Math.sqrt(o2 * len2)) continue;
      t = entryTime(o2, b, len2, grown);
      if (t > 1.0) continue;
      hx = ox + dx * t;
      hz = oz + dz * t;
    }
    if (t < out.t || (t == out.t && (c.x < bestX || (c.x == bestX && c.z < bestZ)))) {
      const hl = Math.sqrt(hx * hx + hz * hz);
      out.t = t;
      out.nx = hx / hl;
      out.nz = hz / hl;
      bestX = c.x;
      bestZ = c.z;
    }
  }
}

/**
 * Whether a steep feature whose foot is at (fx, fz), met going along (ux, uz), is stepped over (SL-3): at every
 * sampled distance s ≤ probe ahead of the foot the ground rises no more than step + maxSlope·s above `base`.
 */
export function probeClears(n: Numbers, g: Sampler, fx: f64, fz: f64, ux: f64, uz: f64, base: f64, ds: f64): bool {
  const count = Math.ceil(n.probe / ds);
  for (let j: f64 = 1; j <= count; j++) {
    const s = (n.probe * j) / count;
    if (standHeight(n, g, fx + ux * s, fz + uz * s) - base > n.step + n.maxSlope * s) return false;
  }
  return true;
}

/** Writes into `out` the unit normal of a refusal: out of the feature (−gradient), or straight back when that is no wall to the move. */
function refusalNormal(grad: Vec2, dx: f64, dz: f64, out: Limit): void {
  const gl = Math.sqrt(grad.x * grad.x + grad.z * grad.z);
  if (gl > 0.0 && grad.x * dx + grad.z * dz > 0.0) {
    out.nx = -grad.x / gl;
    out.nz = -grad.z / gl;
    return;
  }
  const dl = Math.sqrt(dx * dx + dz * dz);
  out.nx = -dx / dl;
  out.nz = -dz / dl;
}

/**
 * How far short of a refused rise a body stops, along its move: a slope reach (ST-3) times √2, so that for any
 * approach within 45° of head-on the slope the body then stands on is not measured across the rise — else a body
 * pressed against a cliff would read as on steep ground and slide off it every other step (WA-1).
 */
export function standOff(n: Numbers): f64 {
  return slopeReach(n) * 1.4142135623730951;
}

/**
 * The first terrain limit along the move, sampled every `sampleSpacing` over the move and `standOff` beyond it
 * (SL-3, SL-4, SL-5): a steep rise that the probe refuses; a rise higher than floor + jumpH + step that is steep, or
 * that a body in the air or sliding on steep ground meets (a body standing on walkable ground walks up a long walkable
 * hill in one move); or water deeper than wade getting deeper. A refused rise stops the body `standOff` short of the last sample before it; water, at that sample.
 * The normal is out of the rise (stand-height gradient) or toward shallower water. `t` may exceed 1 in no case.
 */
export function firstTerrainLimit(n: Numbers, g: Sampler, body: Body, px: f64, pz: f64, dx: f64, dz: f64, grad: Vec2, out: Limit): void {
  out.t = NONE;
  const len = Math.sqrt(dx * dx + dz * dz);
  const ds = sampleSpacing(n, g.cell);
  const standoff = standOff(n);
  const scan = len + standoff;
  const count = Math.ceil(scan / ds);
  const ceiling = body.floor + n.jumpH + n.step;
  let hPrev = standHeight(n, g, px, pz);
  let dPrev = waterDepth(n, g, px, pz);
  let fPrev: f64 = 0.0;
  for (let k: f64 = 1; k <= count; k++) {
    const f = (scan * k) / count / len;
    const qx = px + dx * f;
    const qz = pz + dz * f;
    const h = standHeight(n, g, qx, qz);
    const rise = h - hPrev;
    const steep = rise > n.maxSlope * (len * (f - fPrev));
    if (rise > 0.0 && (steep || body.air || body.steep)) {
      const footX = px + dx * fPrev;
      const footZ = pz + dz * fPrev;
      const base = body.air ? Math.max(hPrev, body.y) : hPrev;
      if (h > ceiling || (steep && !probeClears(n, g, footX, footZ, dx / len, dz / len, base, ds))) {
        standGradient(n, g, (footX + qx) * 0.5, (footZ + qz) * 0.5, grad);
        refusalNormal(grad, dx, dz, out);
        out.t = Math.max(0.0, fPrev - standoff / len);
        return;
      }
    }
    const d = waterDepth(n, g, qx, qz);
    if (fPrev < 1.0 && d > n.wade && d > dPrev) {
      depthGradient(n, g, qx, qz, grad);
      refusalNormal(grad, dx, dz, out);
      out.t = fPrev;
      return;
    }
    hPrev = h;
    dPrev = d;
    fPrev = f;
  }
}

export let circleLimit = changetype<Limit>(memory.data(offsetof<Limit>()));
export let terrainLimit = changetype<Limit>(memory.data(offsetof<Limit>()));
export let gradient = changetype<Vec2>(memory.data(offsetof<Vec2>()));
/** The move checkMoveLength last refused: [dx, dz] (the facade throws moveTooLongError with them). */
export let refusedMove = changetype<F64s>(memory.data(16));
/** Whether a move was refused since the flag was last cleared. */
let moveRefused = false;

/**
 * Whether the move (dx, dz) has a finite squared length; when it has not, it is recorded in `refusedMove`. Why: the
 * way is sampled every `sampleSpacing` (SL-3), so an overflowing move (a huge vel·dt or delta) would be sampled
 * without end; the call refuses it instead and writes nothing.
 */
export function checkMoveLength(dx: f64, dz: f64): bool {
  if (!(dx * dx + dz * dz < Infinity)) {
    refusedMove[0] = dx;
    refusedMove[1] = dz;
    moveRefused = true;
    return false;
  }
  return true;
}

/** Clears the refused-move flag before a call. */
export function clearRefusedMove(): void {
  moveRefused = false;
}

/** Whether a move was refused since the flag was cleared, with the move in `refusedMove`. */
export function wasMoveRefused(): bool {
  return moveRefused;
}

/**
 * A per-row call's status: CALL_DONE, or CALL_MOVE_REFUSED with the refused move in result[0..1] (the facade throws
 * before writing the row, as the reference's throwIfMoveRefused does).
 */
export function callStatus(): i32 {
  if (!moveRefused) return CALL_DONE;
  callResult[0] = refusedMove[0];
  callResult[1] = refusedMove[1];
  return CALL_MOVE_REFUSED;
}

/**
 * Moves the body's (x, z) by (dx, dz) in rounds (SL-1): each round goes to the first limit, removes the rest's part
 * into it, and moves what is left in the next; after MAX_ROUNDS the rest is dropped. The move made goes to `out`,
 * exactly (dx, dz) when no limit was met (SL-6). The body itself is not changed.
 */
export function slideBody(n: Numbers, g: Sampler, body: Body, dx: f64, dz: f64, out: Move): void {
  if (!checkMoveLength(dx, dz)) {
    // The call refuses the move and writes nothing; a zero move keeps the rest of it finite.
    out.x = 0.0;
    out.z = 0.0;
    out.limited = false;
    return;
  }
  out.x = 0.0;
  out.z = 0.0;
  out.limited = false;
  let rx = dx;
  let rz = dz;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (rx * rx + rz * rz == 0.0) break;
    const px = body.x + out.x;
    const pz = body.z + out.z;
    firstCircle(n, g, px, pz, rx, rz, circleLimit);
    firstTerrainLimit(n, g, body, px, pz, rx, rz, gradient, terrainLimit);
    const limit = terrainLimit.t < circleLimit.t ? terrainLimit : circleLimit;
    if (limit.t > 1.0) break;
    out.limited = true;
    out.x += rx * limit.t;
    out.z += rz * limit.t;
    const restX = rx * (1.0 - limit.t);
    const restZ = rz * (1.0 - limit.t);
    const into = Math.min(0.0, restX * limit.nx + restZ * limit.nz);
    rx = restX - into * limit.nx;
    rz = restZ - into * limit.nz;
    if (round == MAX_ROUNDS - 1) return;
  }
  if (!out.limited) {
    out.x = dx;
    out.z = dz;
    return;
  }
  out.x += rx;
  out.z += rz;
}

const move = changetype<Move>(memory.data(offsetof<Move>()));

/**
 * Moves the scratch body horizontally by (dx, dz) within the limits (SL-1..SL-6); the move made goes to
 * result[0..1] and the body's x and z move by it. y is never changed. Returns the call's status (callStatus).
 */
export function slide(ground: GroundData, bodies: i32, dx: f64, dz: f64): i32 {
  const body = callBody;
  clearRefusedMove();
  slideBody(callNumbers, callGround(ground, bodies), body, dx, dz, move);
  body.x += move.x;
  body.z += move.z;
  callResult[0] = move.x;
  callResult[1] = move.z;
  return callStatus();
}
