/**
 * slide: moving a body horizontally within the limits of solids, steps, slopes and water (SL-1..SL-6).
 * Twin of assembly/slide.ts: same functions, same operations, same order.
 */
import { numbers } from '../kinds.ts';
import { checkDelta, checkFinite, moveTooLongError, readBody, writePos } from '../rows.ts';
import { newBody, type Body } from '../body.ts';
import { callGround } from './bodies.ts';
import type { Sampler } from './lattice.ts';
import { Feet } from './feet.ts';
import { OutlinePoint, pieceEntry, pieceNearest } from './pieces.ts';
import { ANY_LEVEL, RISE_TOP, Vec2, depthGradient, faceAt, featureRise, feetAt, footprintGradient, highestFoot, reachBack, sampleSpacing, slopeReach, standGradient, standOf, stepLimit, waterDepth } from './stand.ts';
import type { Ground, Numbers, Row, World } from '../types.ts';

/** A body stops this far outside a grown circle, so rounding can never leave its centre inside (SL-2). */
export const SKIN = 1e-6;
/** Limits are applied in at most this many rounds (SL-1). */
export const MAX_ROUNDS = 6;
/**
 * A body touching a circle may move along it; only a move into it by more than this fraction of the move's length
 * (relative to the normal) is stopped, so the rounding left by removing the inward part never reads as a new contact.
 */
export const INWARD = 1e-9;
/** A limit's `t` when nothing was met. */
const NONE = 2.0;

/** The first limit met along a move: the fraction `t` of the move made before it, and its unit normal (out of it). */
export class Limit {
  t = NONE;
  nx = 0.0;
  nz = 0.0;
}

/** A move made: the horizontal displacement and whether any limit cut it. */
export class Move {
  x = 0.0;
  z = 0.0;
  limited = false;
}

/**
 * The fraction of a move at which a centre outside a circle first reaches its edge, or NONE (> 1) when the line misses
 * it: o2 is the squared distance from the circle's centre, b the dot of that offset with the move, len2 the move's
 * squared length, grown the circle's radius. Shared by slide, carry and seek so all three meet a circle alike.
 */
export function entryTime(o2: number, b: number, len2: number, grown: number): number {
  const disc = b * b - len2 * (o2 - grown * grown);
  if (disc < 0.0) return NONE;
  return (-b - Math.sqrt(disc)) / len2;
}

/**
 * The first blocking circle (grown by the body's radius and SKIN) the move from (px, pz) by (dx, dz) meets (SL-2).
 * A circle the body is inside or touching stops only a move into it, at t = 0. Ties go to the least x, then z, so the
 * answer does not depend on the order the ground lists its circles in.
 */
export function firstCircle(n: Numbers, g: Sampler, px: number, pz: number, dx: number, dz: number, out: Limit): void {
  out.t = NONE;
  const len2 = dx * dx + dz * dz;
  const circles = g.circles(px + dx * 0.5, pz + dz * 0.5, Math.sqrt(len2) * 0.5 + n.radius + SKIN);
  let bestX = 0.0;
  let bestZ = 0.0;
  for (let i = 0; i < circles.length; i++) {
    const c = circles[i];
    const grown = c.radius + n.radius + SKIN;
    const ox = px - c.x;
    const oz = pz - c.z;
    const o2 = ox * ox + oz * oz;
    const b = ox * dx + oz * dz;
    let t: number;
    let hx: number;
    let hz: number;
    if (o2 < grown * grown) {
      if (o2 === 0.0 || b >= -INWARD * Math.sqrt(o2 * len2)) continue;
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
    if (t < out.t || (t === out.t && (c.x < bestX || (c.x === bestX && c.z < bestZ)))) {
      const hl = Math.sqrt(hx * hx + hz * hz);
      out.t = t;
      out.nx = hx / hl;
      out.nz = hz / hl;
      bestX = c.x;
      bestZ = c.z;
    }
  }
  // Then the pieces of boxes, walls and polygons (LV-1): a circle keeps a tie.
  const pieces = g.pieces(px + dx * 0.5, pz + dz * 0.5, Math.sqrt(len2) * 0.5 + n.radius + SKIN);
  for (let i = 0; i < pieces.length; i++) limitAtPiece(n, pieces[i].points, pieces[i].count, pieces[i].radius, px, pz, dx, dz, out);
}

/** The outline point limitAtPiece and carry's cutAtPiece read pieceNearest's answer from. */
export const outline = new OutlinePoint();

/**
 * Lowers `out` to where the move from (px, pz) by (dx, dz) first meets the piece of the first `count` corners of
 * `points` grown by `radius`, the body's radius and SKIN (SL-2), when that is sooner than `out.t` (a tie keeps what
 * `out` holds): a body inside or touching it stops only a move into it, at t = 0, the normal out of it from its
 * outline's nearest point; else at pieceEntry, the normal from the nearest point of the outline to where it meets it.
 */
export function limitAtPiece(n: Numbers, points: Float64Array, count: number, radius: number, px: number, pz: number, dx: number, dz: number, out: Limit): void {
  const grown = radius + n.radius + SKIN;
  const len2 = dx * dx + dz * dz;
  const d = pieceNearest(points, count, px, pz, outline);
  let t: number;
  let hx: number;
  let hz: number;
  if (d < grown) {
    hx = d < 0.0 ? outline.x - px : px - outline.x;
    hz = d < 0.0 ? outline.z - pz : pz - outline.z;
    const h2 = hx * hx + hz * hz;
    if (h2 === 0.0 || hx * dx + hz * dz >= -INWARD * Math.sqrt(h2 * len2)) return;
    t = 0.0;
  } else {
    t = pieceEntry(points, count, grown, px, pz, dx, dz, INWARD);
    if (t > 1.0) return;
    const qx = px + dx * t;
    const qz = pz + dz * t;
    pieceNearest(points, count, qx, qz, outline);
    hx = qx - outline.x;
    hz = qz - outline.z;
  }
  if (t < out.t) {
    const hl = Math.sqrt(hx * hx + hz * hz);
    out.t = t;
    out.nx = hx / hl;
    out.nz = hz / hl;
  }
}

/**
 * Whether (x, z) is clear of every solid the sampler's view answers — circles and pieces (LV-1) — grown by the radius
 * and `skin` (RT-1's cells with SKIN, SL-2; AV-4's closed sides with none).
 */
export function clearOfSolids(n: Numbers, g: Sampler, x: number, z: number, skin: number): boolean {
  let clear = true;
  const circles = g.circles(x, z, n.radius + skin);
  for (let i = 0; i < circles.length; i++) {
    const c = circles[i];
    const grown = c.radius + n.radius + skin;
    const ox = x - c.x;
    const oz = z - c.z;
    if (ox * ox + oz * oz < grown * grown) clear = false;
  }
  return clear && !pieceHolds(n, g, x, z, skin);
}

/** Whether a piece grown by the body's radius and `skin` holds (x, z) strictly (RT-1's cells, SL-2). */
export function pieceHolds(n: Numbers, g: Sampler, x: number, z: number, skin: number): boolean {
  const pieces = g.pieces(x, z, n.radius + skin);
  for (let i = 0; i < pieces.length; i++) {
    if (pieceNearest(pieces[i].points, pieces[i].count, x, z, outline) < pieces[i].radius + n.radius + skin) return true;
  }
  return false;
}

/**
 * Whether the way from feet `a` to feet `b` (`run` metres further on, stand height `level`) enters steep ground (SL-3): some foot climbs
 * more than maxSlope·run, or the ground under the feet at `b` rises steeper than maxSlope whichever way the move
 * crosses it — the plane through the centre foot and two neighbouring corners, for any of the four such pairs, is
 * (its squared slope times span² is twice the sum of the two corners' squared heights over the centre, taken here
 * over the stand height, corners below it, over a drop, counting as level), so a face a corner has got onto is found before the stand height
 * climbs it. One-point feet (span 0) have no plane: there the ground at `b`'s centre (qx, qz) is steep where its slope
 * (ST-3) is, so a face climbed at a shallow angle — each foot rising slower than maxSlope — is found all the same.
 * Which way the feet's ground rises (footprintGradient, or the slope's gradient for one-point feet) is left in `grad`.
 */
export function entersSteep(n: Numbers, g: Sampler, a: Feet, b: Feet, qx: number, qz: number, level: number, run: number, grad: Vec2): boolean {
  footprintGradient(n, b, level, grad);
  const steep = n.maxSlope * run;
  if (b.f0 - a.f0 > steep || b.f1 - a.f1 > steep || b.f2 - a.f2 > steep || b.f3 - a.f3 > steep || b.f4 - a.f4 > steep) return true;
  if (!(n.span > 0.0)) {
    standGradient(n, g, qx, qz, grad);
    return grad.x * grad.x + grad.z * grad.z > n.maxSlope * n.maxSlope;
  }
  const c1 = Math.max(b.f1 - level, 0.0);
  const c2 = Math.max(b.f2 - level, 0.0);
  const c3 = Math.max(b.f3 - level, 0.0);
  const c4 = Math.max(b.f4 - level, 0.0);
  const most = Math.max(Math.max(c1 * c1 + c2 * c2, c2 * c2 + c4 * c4), Math.max(c4 * c4 + c3 * c3, c3 * c3 + c1 * c1));
  const edge = n.maxSlope * n.span;
  return most + most > edge * edge;
}

/**
 * Writes into `out` the way a feature is measured (SL-3): up the ground's gradient `grad` — whichever way the move
 * (ux, uz) crosses it, so a face met at a glancing angle is measured up its slope — or along the move where the
 * ground under the feet is flat.
 */
export function featureWay(grad: Vec2, ux: number, uz: number, out: Vec2): void {
  const gl = Math.sqrt(grad.x * grad.x + grad.z * grad.z);
  if (gl > 0.0) {
    out.x = grad.x / gl;
    out.z = grad.z / gl;
    return;
  }
  out.x = ux;
  out.z = uz;
}

/**
 * Writes into `out` the unit normal of a refusal: out of the feature (−`grad`, the stand height's gradient); where
 * that is no wall to the move, out of the way the feature rises (−`up`, SL-3's featureWay), so the move keeps its
 * part along the face; straight back only when neither faces the move.
 */
function refusalNormal(grad: Vec2, up: Vec2, dx: number, dz: number, out: Limit): void {
  const gl = Math.sqrt(grad.x * grad.x + grad.z * grad.z);
  if (gl > 0.0 && grad.x * dx + grad.z * dz > 0.0) {
    out.nx = -grad.x / gl;
    out.nz = -grad.z / gl;
    return;
  }
  const ul = Math.sqrt(up.x * up.x + up.z * up.z);
  if (ul > 0.0 && up.x * dx + up.z * dz > 0.0) {
    out.nx = -up.x / ul;
    out.nz = -up.z / ul;
    return;
  }
  const dl = Math.sqrt(dx * dx + dz * dz);
  out.nx = -dx / dl;
  out.nz = -dz / dl;
}

/**
 * How far short of a refused rise a body stops, across it (along the refusal's normal): a slope reach (ST-3) times
 * √2, so that the slope the body then stands on is not measured across the rise — else a body pressed against a
 * cliff would read as on steep ground and slide off it every other step (WA-1).
 */
export function standOff(n: Numbers): number {
  return slopeReach(n) * 1.4142135623730951;
}

/** The highest ground a body may get onto where the way is steep (SL-4): its floor + jumpH + step. */
export function ceilingOf(n: Numbers, body: Body): number {
  return body.floor + n.jumpH + n.step;
}

const before = new Feet();
const after = new Feet();
const way = new Vec2();
const startFace = new Vec2();

/**
 * The first terrain limit along the move, sampled at whole `sampleSpacing`s from its start over the move and `standOff`
 * beyond it (SL-3, SL-4, SL-5): where the stand height rises and the way enters steep ground (entersSteep), a feature begins,
 * refused when it takes a foot higher than the highest foot so far, or the stand height has sunk more than step below
 * that (a foot that hung over a drop coming back up climbs nothing: SL-3 refuses rises only), and its whole rise
 * (featureRise along the move and up the ground's gradient, the larger, from reachBack behind the last sample before it — so a rise the feet are
 * already partway over counts — to `probe` past it) exceeds step, and, for a move that starts at a rise's top (ST-3),
 * its rest above the highest foot so far does too; for a body in the air, ground more than step above its feet (or the ground it starts over); a rise higher than
 * floor + jumpH + step where the way is steep, or that a body in the air or sliding on steep ground meets (a body
 * standing on walkable ground walks up a long walkable hill in one move); or water deeper than wade getting deeper.
 * A refused rise stops the body `standOff` short of the last sample before it, measured along the refusal's normal
 * (at a glancing angle the body stays where the round began and the next round slides along the face); water, at
 * that sample. The normal is
 * out of the rise (stand-height gradient, else the way the feature rises: refusalNormal) or toward shallower water. `t` may exceed 1 in no case.
 */
export function firstTerrainLimit(n: Numbers, g: Sampler, body: Body, px: number, pz: number, dx: number, dz: number, grad: Vec2, out: Limit): void {
  out.t = NONE;
  const len = Math.sqrt(dx * dx + dz * dz);
  const ds = sampleSpacing(n, g.cell);
  const standoff = standOff(n);
  const scan = len + standoff;
  const count = Math.ceil(scan / ds);
  const ceiling = ceilingOf(n, body);
  let a = before;
  let b = after;
  feetAt(n, g, px, pz, a);
  let hPrev = standOf(n, a.f0, a.f1, a.f2, a.f3, a.f4);
  // A body in the air gets onto no ground more than step above its feet, or above the ground it starts over.
  const airBase = Math.max(hPrev, body.y);
  let dPrev = waterDepth(n, g, px, pz);
  // The highest foot and the lowest stand height along the way so far (SL-3: a way back up to ground already stood on is no rise).
  let top = highestFoot(a);
  let low = hPrev;
  let fPrev = 0.0;
  for (let k = 1; k <= count; k++) {
    // Samples at whole spacings from the start (the last at the scan's end), not spread evenly over the scan: so a
    // long move samples its first metres where a short one from the same start does, whatever its length (SL-3).
    const f = Math.min(ds * k, scan) / len;
    const qx = px + dx * f;
    const qz = pz + dz * f;
    feetAt(n, g, qx, qz, b);
    const h = standOf(n, b.f0, b.f1, b.f2, b.f3, b.f4);
    const rise = h - hPrev;
    const high = highestFoot(b);
    low = Math.min(low, h);
    const steep = rise > 0.0 && entersSteep(n, g, a, b, qx, qz, h, len * (f - fPrev), grad);
    if (rise > 0.0 && (steep || body.air || body.steep)) {
      const footX = px + dx * fPrev;
      const footZ = pz + dz * fPrev;
      let refused = h > ceiling;
      // Which way the feature rises (the feet's ground, left in grad by entersSteep): a feature is measured up it,
      // and a refusal's normal is out of it where the stand height's gradient does not face the move.
      featureWay(grad, dx / len, dz / len, way);
      if (!refused && body.air) refused = h > airBase + n.step;
      else if (!refused && steep && (high > top || low < top - n.step)) {
        // Measured along the move (what the feet climb on this way, however the feet's ground happens to tilt at
        // the sample), and up the feet's ground (a face crossed obliquely).
        const back = reachBack(n);
        const ux = dx / len;
        const uz = dz / len;
        refused = featureRise(n, g, footX - ux * back, footZ - uz * back, ux, uz, back + n.probe, n.maxSlope, stepLimit(n), ANY_LEVEL) > stepLimit(n);
        if (!refused) {
          refused = featureRise(n, g, footX - way.x * back, footZ - way.z * back, way.x, way.z, back + n.probe, n.maxSlope, stepLimit(n), ANY_LEVEL) > stepLimit(n);
        }
        // A body that starts at a rise's top (ST-3: it landed partway up) steps onto it when the rest of the feature
        // above the highest foot so far is a step: the feet below that level climb nothing new.
        if (refused && faceAt(n, g, px, pz, body.steep, ceiling, startFace) === RISE_TOP) {
          refused = featureRise(n, g, footX - ux * back, footZ - uz * back, ux, uz, back + n.probe, n.maxSlope, stepLimit(n), top) > stepLimit(n);
          if (!refused) {
            refused = featureRise(n, g, footX - way.x * back, footZ - way.z * back, way.x, way.z, back + n.probe, n.maxSlope, stepLimit(n), top) > stepLimit(n);
          }
        }
      }
      if (refused) {
        standGradient(n, g, (footX + qx) * 0.5, (footZ + qz) * 0.5, grad);
        refusalNormal(grad, way, dx, dz, out);
        // The move's part across the rise: fPrev·across metres of it were made before the last sample.
        const across = -(out.nx * dx + out.nz * dz);
        out.t = fPrev * across > standoff ? fPrev - standoff / across : 0.0;
        return;
      }
    }
    const d = waterDepth(n, g, qx, qz);
    if (fPrev < 1.0 && d > n.wade && d > dPrev) {
      depthGradient(n, g, qx, qz, grad);
      refusalNormal(grad, grad, dx, dz, out);
      out.t = fPrev;
      return;
    }
    const t = a;
    a = b;
    b = t;
    hPrev = h;
    top = Math.max(top, high);
    dPrev = d;
    fPrev = f;
  }
}

const circleLimit = new Limit();
const terrainLimit = new Limit();
const gradient = new Vec2();

/** The move checkMoveLength last refused: [dx, dz] (a per-row call throws moveRefusedError with them). */
export const refusedMove = new Float64Array(2);
/** Whether a move was refused since the flag was last cleared. */
let moveRefused = false;

/**
 * Whether the move (dx, dz) has a finite squared length; when it has not, it is recorded in `refusedMove`. Why: the
 * way is sampled every `sampleSpacing` (SL-3), so an overflowing move (a huge vel·dt or delta) would be sampled
 * without end; the call refuses it instead and writes nothing.
 */
export function checkMoveLength(dx: number, dz: number): boolean {
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
export function wasMoveRefused(): boolean {
  return moveRefused;
}

/** Throws when the call's move was refused, before the call writes anything. */
export function throwIfMoveRefused(): void {
  if (moveRefused) throw moveTooLongError(refusedMove[0], refusedMove[1]);
}

/**
 * Moves the body's (x, z) by (dx, dz) in rounds (SL-1): each round goes to the first limit, removes the rest's part
 * into it, and moves what is left in the next; after MAX_ROUNDS the rest is dropped. The move made goes to `out`,
 * exactly (dx, dz) when no limit was met (SL-6). The body itself is not changed.
 */
export function slideBody(n: Numbers, g: Sampler, body: Body, dx: number, dz: number, out: Move): void {
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
    if (rx * rx + rz * rz === 0.0) break;
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
    if (round === MAX_ROUNDS - 1) return;
  }
  if (!out.limited) {
    out.x = dx;
    out.z = dz;
    return;
  }
  out.x += rx;
  out.z += rz;
}

const move = new Move();

/**
 * Moves a row horizontally by `delta` [x, z] within the limits and returns the move made (SL-1..SL-6).
 * It writes `pos` as a new array and never changes pos[1].
 */
export function slide(me: Row, w: World, delta: readonly number[], ground: Ground): [number, number] {
  const n = numbers(me, w);
  const d = checkDelta(delta);
  const body = readBody(me, newBody());
  const g = callGround(n, w, me, ground);
  clearRefusedMove();
  slideBody(n, g, body, d[0], d[1], move);
  throwIfMoveRefused();
  body.x += move.x;
  body.z += move.z;
  checkFinite(body, 'slide');
  writePos(me, body);
  return [move.x, move.z];
}
