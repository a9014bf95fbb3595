/**
 * walk: one step of a body — steep sliding, easing, turning, jumping, moving, following the ground, falling (WA-1..WA-9).
 * Twin of src/reference/walk.ts: same functions, same operations, same order.
 */
import { Body, Circles, Numbers, callBody, callNumbers } from './memory';
import { GroundData } from './ground';
import { Sampler } from './lattice';
import { callGround } from './bodies';
import { provedOutside } from './clearWay';
import { atan2, wrapAngle } from './math';
import { Move, callStatus, ceilingOf, clearRefusedMove, outline, slideBody } from './slide';
import { pieceEntry, pieceNearest } from './pieces';
import { foundPieces, pieceCorners, pieceRecord, queryShapeGrid } from './shapeGrid';
import { ON_RISE, RISE_TOP, Vec2, faceAt, provedGentle, standHeight, steepGround } from './stand';

/** The want a body eases toward this step (WA-1): on steep ground its uphill part is dropped and its downhill part is at least `slide`. */
@unmanaged export class Want {
  x: f64;
  z: f64;
}

export let gradient = changetype<Vec2>(memory.data(offsetof<Vec2>()));
export let faceGradient = changetype<Vec2>(memory.data(offsetof<Vec2>()));

/**
 * Whether a grounded body slides this step (WA-1), updating `steep`, the gradient it slides down left in `gradient`:
 * where the ground is steep (ST-3: its slope, with the hysteresis, and not where the body stands on a step it is
 * stepping over or at a rise's top), and for a body already sliding, while it is on a face (faceAt), where ST-2's
 * stand height can read walkable in patches. A body in the air does not slide.
 */
export function slides(n: Numbers, g: Sampler, body: Body): bool {
  if (body.air) return false;
  const wasSteep = body.steep;
  const ceiling = ceilingOf(n, body);
  body.steep = steepGround(n, g, body.x, body.z, wasSteep, ceiling, gradient) || (wasSteep && faceAt(n, g, body.x, body.z, true, ceiling, gradient) == ON_RISE);
  return body.steep;
}

/** Writes into `out` the want a body eases toward (WA-1): on ground it slides down, its uphill part dropped and its downhill part at least `slide`. */
export function steepWant(n: Numbers, g: Sampler, body: Body, out: Want): void {
  out.x = body.wantX;
  out.z = body.wantZ;
  if (!slides(n, g, body)) return;
  const slope = Math.sqrt(gradient.x * gradient.x + gradient.z * gradient.z);
  const ux = gradient.x / slope;
  const uz = gradient.z / slope;
  const up = out.x * ux + out.z * uz;
  const downhill = Math.max(-Math.min(up, 0.0), n.slide);
  out.x = out.x - up * ux - downhill * ux;
  out.z = out.z - up * uz - downhill * uz;
}

/** Moves the horizontal velocity toward `want` as a vector by at most rate·dt, reaching it exactly within reach (WA-2). */
export function easeVelocity(n: Numbers, body: Body, want: Want, dt: f64): void {
  const reach = (body.air ? n.airAccel : n.accel) * dt;
  const ex = want.x - body.vx;
  const ez = want.z - body.vz;
  const gap = Math.sqrt(ex * ex + ez * ez);
  if (gap <= reach) {
    body.vx = want.x;
    body.vz = want.z;
    return;
  }
  const k = reach / gap;
  body.vx += ex * k;
  body.vz += ez * k;
}

/**
 * Eases yaw the short way toward `face`, or toward want's bearing when face is unset and want is not zero (WA-3):
 * by δ·k/(1 + k) with k = turnRate·dt, capped at turnMax·dt, wrapped.
 */
export function turnYaw(n: Numbers, body: Body, dt: f64): void {
  let target: f64;
  if (body.hasFace) target = body.face;
  else if (body.wantX != 0.0 || body.wantZ != 0.0) target = atan2(body.wantX, body.wantZ);
  else return;
  const delta = wrapAngle(target - body.yaw);
  const k = n.turnRate * dt;
  let turn = (delta * k) / (1.0 + k);
  if (n.turnMax > 0.0) {
    const cap = n.turnMax * dt;
    turn = Math.min(Math.max(turn, -cap), cap);
  }
  body.yaw = wrapAngle(body.yaw + turn);
}

/**
 * Puts the body on the ground after its move (WA-6, WA-7): a grounded body follows a rise, a flat, or a drop within
 * what gravity would drop it this step (a sliding one within `step` too), else leaves the ground; a body in the air
 * falls and lands on the stand height.
 */
export function followGround(n: Numbers, body: Body, ground: f64, dt: f64): void {
  if (!body.air) {
    const fall = Math.max(0.0, -body.vy) * dt + n.gravity * dt * dt;
    // A body sliding down a face keeps to it (WA-6): the stand height drops in steps there, faster than gravity would.
    const drop = body.steep ? Math.max(fall, n.step) : fall;
    if (ground >= body.y - drop) {
      body.vy = (ground - body.y) / dt;
      body.y = ground;
      return;
    }
    body.air = true;
    body.vy = Math.min(body.vy, 0.0);
  }
  body.vy -= n.gravity * dt;
  body.y += body.vy * dt;
  if (body.y <= ground) {
    body.y = ground;
    body.vy = 0.0;
    body.air = false;
  }
}

export let want = changetype<Want>(memory.data(offsetof<Want>()));

/** How far outside a solid's circle grown by the body's radius LV-3 puts a body, m: far above rounding. */
export const PUSH_GAP: f64 = 0.001;
/** The most solids LV-3 pushes a body past along one line; beyond, the body stays where it was. */
export const PUSH_ROUNDS: i32 = 8;
/** How near a solid's centre a body's counts as on it, m: LV-3 pushes it along +z. */
export const PUSH_CENTRED: f64 = 1e-9;

/** The first of the first `count` of `circles` (the solids) whose circle grown by `reach` holds (x, z) strictly, or −1. */
export function holdingSolid(circles: Circles, count: i32, x: f64, z: f64, reach: f64): i32 {
  for (let k = 0; k < count; k++) {
    const dx = circles[k].x - x;
    const dz = circles[k].z - z;
    if (Math.sqrt(dx * dx + dz * dz) < circles[k].radius + reach) return k;
  }
  return -1;
}

/** How far past a piece LV-3 looks for where a line leaves it, m: more than any grown piece spans (LV-5). */
export const PUSH_SPAN: f64 = 8192.0;

/**
 * Whether a piece's grown outline holds (x, z) strictly (LV-3): −1 when none does, else, for the first that does in
 * query order, the distance along the line from (ox, oz) by the unit (ux, uz) at which the line leaves it grown by
 * the body's radius; its outline's nearest point to (x, z) is left in `outline` (see the twin).
 */
export function pieceHolding(n: Numbers, g: Sampler, x: f64, z: f64, ox: f64, oz: f64, ux: f64, uz: f64): f64 {
  const shapes = g.shapes();
  if (shapes === null) return -1.0;
  const m = queryShapeGrid(shapes, x, z, n.radius);
  for (let k = 0; k < m; k++) {
    const rec = pieceRecord(shapes, foundPieces[k]);
    const points = pieceCorners(shapes, foundPieces[k]);
    const count = <i32>rec[0];
    if (!(pieceNearest(points, count, x, z, outline) < rec[1] + n.radius)) continue;
    const s = (x - ox) * ux + (z - oz) * uz + PUSH_SPAN;
    const e = pieceEntry(points, count, rec[1] + n.radius, ox + ux * s, oz + uz * s, -ux * PUSH_SPAN, -uz * PUSH_SPAN, 0.0);
    return s - e * PUSH_SPAN;
  }
  return -1.0;
}

/**
 * Pushes a body whose circle overlaps a solid (a solid added or moved onto it, LV-3) out along a line to the first
 * point PUSH_GAP outside every solid grown by the body's radius, past at most PUSH_ROUNDS solids on that line: the
 * first circle in query order (cells by z then x, ids within a cell) names the line from its centre through the
 * body's (+z within PUSH_CENTRED of the centre); where no circle holds it, the first piece does, the line from the
 * nearest point of its outline through the body's (away from it for a body inside the polygon; +z within
 * PUSH_CENTRED of the outline). Blocking bodies do not count. The ground is not asked
 * first (a push may put the body over a ledge or into deep water): its floor becomes the stand height where it lands. Why: a body is never left
 * inside a solid, and where it goes is a rule every core follows.
 */
export function pushOut(n: Numbers, g: Sampler, body: Body): void {
  // AS only: a herd body within its kept proof of a clear way is held by no solid but maybe the proof's blocker.
  if (provedOutside(g, body.x, body.z, n.radius)) return;
  // AS only: the query asks for the solids alone, all holdingSolid reads of the reference's whole answer.
  let circles = g.solidCircles(body.x, body.z, n.radius);
  let k = holdingSolid(circles, g.solidCount, body.x, body.z, n.radius);
  if (k < 0 && !(pieceHolding(n, g, body.x, body.z, body.x, body.z, 0.0, 1.0) >= 0.0)) return;
  // A piece names the line from its outline's nearest point, away from it: through the body, or for a body inside
  // the polygon from the body through that point.
  const away = k < 0 && outline.d < 0.0 ? -1.0 : 1.0;
  const cx = k >= 0 ? circles[k].x : outline.x;
  const cz = k >= 0 ? circles[k].z : outline.z;
  let ux = (body.x - cx) * away;
  let uz = (body.z - cz) * away;
  const d = Math.sqrt(ux * ux + uz * uz);
  // Below PUSH_CENTRED the squares lose precision and the direction would be no unit vector.
  if (d > PUSH_CENTRED) {
    ux = ux / d;
    uz = uz / d;
  } else {
    ux = 0.0;
    uz = 1.0;
  }
  let t = k >= 0 ? circles[k].radius + n.radius + PUSH_GAP : pieceHolding(n, g, body.x, body.z, cx, cz, ux, uz) + PUSH_GAP;
  for (let round = 0; round < PUSH_ROUNDS; round++) {
    const px = cx + ux * t;
    const pz = cz + uz * t;
    circles = g.solidCircles(px, pz, n.radius);
    k = holdingSolid(circles, g.solidCount, px, pz, n.radius);
    if (k < 0) {
      // On past a piece that holds the point: where the line leaves it.
      const exit = pieceHolding(n, g, px, pz, cx, cz, ux, uz);
      if (exit >= 0.0) {
        t = Math.max(t, exit) + PUSH_GAP;
        continue;
      }
      body.x = px;
      body.z = pz;
      body.floor = standHeight(n, g, px, pz);
      return;
    }
    // On past that solid: the far point where the line leaves its grown circle.
    const ex = cx - circles[k].x;
    const ez = cz - circles[k].z;
    const grown = circles[k].radius + n.radius;
    const b = ex * ux + ez * uz;
    const q = b * b - (ex * ex + ez * ez - grown * grown);
    t = Math.max(t, -b + Math.sqrt(Math.max(q, 0.0))) + PUSH_GAP;
  }
}

/**
 * Steps a body once (WA-1..WA-9); `move` receives the horizontal move made.
 * `floor` (WA-9, SL-4) is the stand height where a step starts on the ground and not steep — the ground steepness
 * was judged on — so a step that jumps from walkable ground still records it, and a step that ends on a steep face
 * does not record the face; nor does a step that starts at a rise's top (ST-3), partway up a face.
 */
export function walkBody(n: Numbers, g: Sampler, body: Body, dt: f64, move: Move): void {
  pushOut(n, g, body);
  const grounded = !body.air;
  steepWant(n, g, body, want);
  // A rise's top is no walkable ground (WA-9): the floor stays where the body last stood on some, so SL-4's ceiling holds.
  // AS only: where slides' steepGround (steepWant) just proved the ground gentle for a body not sliding, at this very
  // place, faceAt would answer NO_RISE (provedGentle).
  if (grounded && !body.steep && (provedGentle || faceAt(n, g, body.x, body.z, false, ceilingOf(n, body), faceGradient) != RISE_TOP)) body.floor = standHeight(n, g, body.x, body.z);
  easeVelocity(n, body, want, dt);
  turnYaw(n, body, dt);
  if (body.jump && !body.air) {
    body.vy = Math.sqrt(2.0 * n.gravity * n.jumpH);
    body.air = true;
  }
  body.jump = false;
  slideBody(n, g, body, body.vx * dt, body.vz * dt, move);
  body.x += move.x;
  body.z += move.z;
  if (move.limited) {
    body.vx = move.x / dt;
    body.vz = move.z / dt;
  }
  body.speed = Math.sqrt(body.vx * body.vx + body.vz * body.vz);
  const ground = standHeight(n, g, body.x, body.z);
  const flying = body.air;
  followGround(n, body, ground, dt);
  // A body that lands on a face slides off it (WA-7), one at its top walks on: it never rests on ground steeper than maxSlope.
  if (flying && !body.air && !body.steep) body.steep = faceAt(n, g, body.x, body.z, false, ceilingOf(n, body), gradient) == ON_RISE;
}

const walked = changetype<Move>(memory.data(offsetof<Move>()));

/** Steps the scratch body once (WA-1..WA-9) on a ground with the first `bodies` scratch circles blocking; returns the status. */
export function walk(ground: GroundData, bodies: i32, dt: f64): i32 {
  clearRefusedMove();
  walkBody(callNumbers, callGround(ground, bodies), callBody, dt, walked);
  return callStatus();
}
