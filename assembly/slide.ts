/**
 * slide: moving a body horizontally within the limits of solids, steps, slopes and water (SL-1..SL-6).
 * Twin of src/reference/slide.ts: same functions, same operations, same order.
 */
import { Body, CALL_DONE, CALL_MOVE_REFUSED, F64s, Numbers, callBody, callNumbers, callResult } from './memory';
import { GroundData, boundAlongX, boundAlongZ, boundCells, boundDry, boundMost } from './ground';
import { Sampler, underI0, underI1, underJ0, underJ1 } from './lattice';
import { keepGentle, keepProof, proofCovers } from './gentleProof';
import { callGround } from './bodies';
import { keptCircles, keptPiece } from './clearWay';
import { Feet } from './feet';
import { OutlinePoint, pieceEntry, pieceNearest } from './pieces';
import { foundPieces, pieceCorners, pieceReaches, pieceRecord, queryShapeGrid } from './shapeGrid';
import { ANY_LEVEL, RISE_TOP, Vec2, depthGradient, faceAt, featureRise, feetAt, footprintGradient, highestFoot, proofDivisor, reachBack, sampleSpacing, slopeReach, standGradient, standOf, stepLimit, waterDepth } from './stand';

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
  const mx = px + dx * 0.5;
  const mz = pz + dz * 0.5;
  const reach = Math.sqrt(len2) * 0.5 + n.radius + SKIN;
  // AS only: a herd body's move along its kept proof of a clear way meets no solid but the proof's blocker (ClearWay).
  const kept = keptCircles(g, px, pz, px + dx, pz + dz, SKIN, mx, mz, reach);
  const circles = kept !== null ? kept : g.circles(mx, mz, reach);
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
  // Then the pieces of boxes, walls and polygons (LV-1), met as queryShapeGrid lists them: a circle keeps a tie.
  const shapes = g.shapes();
  if (shapes === null) return;
  // A kept proof shows no piece but its blocker meets the move; the blocker does where the query would find it.
  if (kept !== null) {
    const p = keptPiece();
    if (p < 0 || !pieceReaches(shapes, p, mx, mz, reach)) return;
    const rec = pieceRecord(shapes, p);
    limitAtPiece(n, pieceCorners(shapes, p), <i32>rec[0], rec[1], px, pz, dx, dz, out);
    return;
  }
  const m = queryShapeGrid(shapes, mx, mz, reach);
  for (let k = 0; k < m; k++) {
    const p = foundPieces[k];
    const rec = pieceRecord(shapes, p);
    limitAtPiece(n, pieceCorners(shapes, p), <i32>rec[0], rec[1], px, pz, dx, dz, out);
  }
}

/** The outline point limitAtPiece reads pieceNearest's answer from; a worker thread binds its own. */
export let outline = changetype<OutlinePoint>(memory.data(offsetof<OutlinePoint>()));

/**
 * Lowers `out` to where the move from (px, pz) by (dx, dz) first meets the piece of the first `count` corners of
 * `points` grown by `radius`, the body's radius and SKIN (SL-2), when that is sooner than `out.t` (a tie keeps what
 * `out` holds): a body inside or touching it stops only a move into it, at t = 0, the normal out of it from its
 * outline's nearest point; else at pieceEntry, the normal from the nearest point of the outline to where it meets it.
 */
export function limitAtPiece(n: Numbers, points: F64s, count: i32, radius: f64, px: f64, pz: f64, dx: f64, dz: f64, out: Limit): void {
  const grown = radius + n.radius + SKIN;
  const len2 = dx * dx + dz * dz;
  const d = pieceNearest(points, count, px, pz, outline);
  let t: f64;
  let hx: f64;
  let hz: f64;
  if (d < grown) {
    hx = d < 0.0 ? outline.x - px : px - outline.x;
    hz = d < 0.0 ? outline.z - pz : pz - outline.z;
    const h2 = hx * hx + hz * hz;
    if (h2 == 0.0 || hx * dx + hz * dz >= -INWARD * Math.sqrt(h2 * len2)) return;
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
export function clearOfSolids(n: Numbers, g: Sampler, x: f64, z: f64, skin: f64): bool {
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
export function pieceHolds(n: Numbers, g: Sampler, x: f64, z: f64, skin: f64): bool {
  const shapes = g.shapes();
  if (shapes === null) return false;
  const m = queryShapeGrid(shapes, x, z, n.radius + skin);
  for (let k = 0; k < m; k++) {
    const rec = pieceRecord(shapes, foundPieces[k]);
    if (pieceNearest(pieceCorners(shapes, foundPieces[k]), <i32>rec[0], x, z, outline) < rec[1] + n.radius + skin) return true;
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
export function entersSteep(n: Numbers, g: Sampler, a: Feet, b: Feet, qx: f64, qz: f64, level: f64, run: f64, grad: Vec2): bool {
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
export function featureWay(grad: Vec2, ux: f64, uz: f64, out: Vec2): void {
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
function refusalNormal(grad: Vec2, up: Vec2, dx: f64, dz: f64, out: Limit): void {
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
export function standOff(n: Numbers): f64 {
  return slopeReach(n) * 1.4142135623730951;
}

/**
 * The shortest run between two samples of firstTerrainLimit's scan of `count` samples at whole spacings `ds` over
 * `scan` metres — the last, what the whole spacings leave of the scan — or 0 where that is within rounding of nothing
 * (`scan` a whole number of spacings and a hair): the scan then measures the feet's rounding as a slope, and only the
 * scan itself answers for it.
 */
function shortestRun(ds: f64, scan: f64, count: f64): f64 {
  const last = scan - ds * (count - 1.0);
  return last > 1e-9 * scan ? Math.min(ds, last) : 0.0;
}

/**
 * Whether no sample of firstTerrainLimit's scan from (px, pz) along (dx, dz), to `reach` times it, at least `run`
 * metres apart, can limit a grounded body that is not sliding (AS only: the scan then samples nothing). The lattice around the
 * way (cellsUnder) must be dry (or the ground without depth: no water limit) and so gentle that no sample enters
 * steep ground (entersSteep): with slopes along x and z of at most ax and az, a foot climbs at most √(ax² + az²) per
 * metre of way, below maxSlope; every foot is within (ax + az)·span of the others, within step, so each stand is the
 * plain mean of its feet and a corner foot is at most (ax + az)·span/2 above it, so the corners' planes stay below
 * maxSlope. The margins are far above the rounding of the positions (up to 1e6 m) and heights.
 */
function gentleWay(n: Numbers, g: Sampler, px: f64, pz: f64, dx: f64, dz: f64, reach: f64, run: f64): bool {
  if (!(run > 0.0)) return false;
  const h = n.span * 0.5;
  const ex = px + dx * reach;
  const ez = pz + dz * reach;
  const x0 = Math.min(px, ex) - h;
  const z0 = Math.min(pz, ez) - h;
  const x1 = Math.max(px, ex) + h;
  const z1 = Math.max(pz, ez) + h;
  if (!g.cellsUnder(x0, z0, x1, z1)) return false;
  const hasDepth = g.ground.hasDepth;
  // The body's proof of gentle ground (assembly/gentleProof.ts), dry where the ground has water: it holds for runs
  // down to twice proofDivisor.
  if (keepGentle && run * 0.5 >= proofDivisor(n, g.cell) && proofCovers()) return true;
  if (!boundCells(g.ground.terrain, underI0, underJ0, underI1, underJ1)) return false;
  if (hasDepth && !boundDry) return false;
  const ax = boundAlongX;
  const az = boundAlongZ;
  const rounding = 1e-9 * (1.0 + boundMost);
  const across = (ax + az) * (1.0 + 1e-6);
  const gentle = Math.sqrt(ax * ax + az * az) * (1.0 + 1e-6) + rounding / (run * 0.5) < n.maxSlope
    && 2.0 * (across * h + rounding) < n.maxSlope * n.span
    && across * n.span + rounding < n.step;
  if (gentle && keepGentle) keepWayProof(n, g, px, pz, x0, z0, x1, z1);
  return gentle;
}

/**
 * Keeps a proof of gentle ground for the body whose way (x0, z0)–(x1, z1) from (px, pz) gentleWay just proved (its
 * bounds the last found): over the way and the stand height's slope round (px, pz) together, so the next step's
 * gentleSlope finds its cells in it too; else over the way's cells alone.
 */
function keepWayProof(n: Numbers, g: Sampler, px: f64, pz: f64, x0: f64, z0: f64, x1: f64, z1: f64): void {
  const divisor = proofDivisor(n, g.cell);
  const hasDepth = g.ground.hasDepth;
  keepProof(n, divisor, hasDepth);
  const r = slopeReach(n) + n.span * 0.5;
  if (!g.cellsUnder(Math.min(x0, px - r), Math.min(z0, pz - r), Math.max(x1, px + r), Math.max(z1, pz + r))) return;
  if (boundCells(g.ground.terrain, underI0, underJ0, underI1, underJ1)) keepProof(n, divisor, hasDepth);
}

// `let`s, so a worker thread points them at its own (assembly/threads.ts).
/** The highest ground a body may get onto where the way is steep (SL-4): its floor + jumpH + step. */
export function ceilingOf(n: Numbers, body: Body): f64 {
  return body.floor + n.jumpH + n.step;
}

export let before = changetype<Feet>(memory.data(offsetof<Feet>()));
export let after = changetype<Feet>(memory.data(offsetof<Feet>()));
export let way = changetype<Vec2>(memory.data(offsetof<Vec2>()));
export let startFace = changetype<Vec2>(memory.data(offsetof<Vec2>()));

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
export function firstTerrainLimit(n: Numbers, g: Sampler, body: Body, px: f64, pz: f64, dx: f64, dz: f64, grad: Vec2, out: Limit): void {
  out.t = NONE;
  const len = Math.sqrt(dx * dx + dz * dz);
  const ds = sampleSpacing(n, g.cell);
  const standoff = standOff(n);
  const scan = len + standoff;
  const count = Math.ceil(scan / ds);
  // AS only: a grounded body that is not sliding meets no limit on a way its corner cache proves gentle and dry.
  if (!body.air && !body.steep && gentleWay(n, g, px, pz, dx, dz, scan / len, shortestRun(ds, scan, count))) return;
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
  let fPrev: f64 = 0.0;
  for (let k: f64 = 1; k <= count; k++) {
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
        if (refused && faceAt(n, g, px, pz, body.steep, ceiling, startFace) == RISE_TOP) {
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
