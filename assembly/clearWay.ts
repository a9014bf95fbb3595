/**
 * A herd body's kept proof of a clear way (AS only, SE-3): the record, the one a step loads it into, and the answers it
 * gives seek's firstBlocker and slide's firstCircle without a search. A file of its own below both, which read it.
 */
import { Circle, Circles } from './memory';
import { Sampler } from './lattice';
import { ScatterGrid, circleOf, reachesWithin } from './scatter';

/**
 * AS only: a herd body's proof that a stretch of straight way is clear of every solid but one, its blocker, which lets
 * firstBlocker answer without a search when the proof decides the answer, or skip the pieces of a way that lie along
 * it, and lets slide's firstCircle test only the blocker for a move along it — the same answers. Every solid's disc
 * grown by the body's radius, and every piece of a box, wall or polygon's outline grown by its radius and the body's,
 * but the blocker's (the solid of id `blocker` in the ground's grid; the piece of number −2 − `blocker`; or none when
 * −1), stays at least `margin` off the segment from (x, z) to (qx, qz) (the herd drops a proof made for a body of
 * another kind, assembly/herd.ts stepBodies). A piece of way whose ends are both within `margin` of that segment, less a rounding
 * margin, lies within it all along (a point's distance from a segment is convex along a line), so no solid's grown disc
 * but the blocker's reaches it: no way into another starts on it. The proof is of the solids alone (bodies move; the
 * solids do not): where bodies block, the searches it shortens still search them. `keepClearWay` is set by a herd
 * step, which loads a body's proof into `clearWay` before its seek and walk and keeps it after its seek. The margin is
 * a float32 rounded down, so a proof takes 40 bytes.
 */
@unmanaged export class ClearWay {
  x: f64;
  z: f64;
  qx: f64;
  qz: f64;
  margin: f32;
  blocker: i32;
}

/** Numbers of a ClearWay (a herd keeps them per body). */
export const CLEAR_WAY_NUMBERS: i32 = <i32>(offsetof<ClearWay>() >> 3);

export let clearWay = changetype<ClearWay>(memory.data(offsetof<ClearWay>()));
/** Whether seekBody uses and makes proofs of a clear way (a global: each thread's instance has its own). */
export let keepClearWay = false;

/**
 * Whether (x, z) is within the kept proof's margin, less a rounding margin and `skin`, of its segment: the distance
 * compared in squares, from an end or across the segment, so no square root or division is taken.
 */
@inline export function nearKeptWay(x: f64, z: f64, skin: f64): bool {
  const w = clearWay;
  // Far above what rounding moves the tests firstBlocker and firstCircle make, at any coordinates up to 1e6 m.
  const rounding = 1e-6 + 1e-9 * (Math.abs(x) + Math.abs(z) + Math.abs(w.qx) + Math.abs(w.qz));
  const within = <f64>w.margin - rounding - skin;
  if (!(within > 0.0)) return false;
  const ex = x - w.x;
  const ez = z - w.z;
  const sx = w.qx - w.x;
  const sz = w.qz - w.z;
  const along = ex * sx + ez * sz;
  if (along <= 0.0) return ex * ex + ez * ez < within * within;
  const s2 = sx * sx + sz * sz;
  if (along >= s2) {
    const fx = x - w.qx;
    const fz = z - w.qz;
    return fx * fx + fz * fz < within * within;
  }
  const across = ex * sz - ez * sx;
  return across * across < within * within * s2;
}

/** The number of the piece the kept proof's blocker is (LV-1), or −1 when it is a circle or none. */
@inline export function keptPiece(): i32 {
  return clearWay.blocker <= -2 ? -2 - clearWay.blocker : -1;
}

/** The kept proof's blocker, in the ground's grid of solids (a circle's: clearWay.blocker ≥ 0). */
@inline export function keptBlocker(g: Sampler): Circle {
  return circleOf(changetype<ScatterGrid>(g.ground.scatter), clearWay.blocker);
}

/**
 * Whether the kept proof shows that no solid's disc nor piece's outline, grown by `reach` (the body's radius), holds
 * (x, z) — pushOut's question (LV-3), answered without a query (AS only): (x, z) lies within the proof's margin of its
 * segment, so every such disc and outline but the blocker's is farther off than rounding could bring it, and the
 * blocker is none, or a circle whose grown disc does not hold it by pushOut's own test (walk.ts holdingSolid). A
 * piece as blocker leaves the question to the query.
 */
export function provedOutside(g: Sampler, x: f64, z: f64, reach: f64): bool {
  if (!keepClearWay || !nearKeptWay(x, z, 0.0)) return false;
  if (clearWay.blocker == -1) return true;
  if (clearWay.blocker < 0) return false;
  const c = keptBlocker(g);
  const dx = c.x - x;
  const dz = c.z - z;
  return !(Math.sqrt(dx * dx + dz * dz) < c.radius + reach);
}

/**
 * The circles slide's firstCircle would meet of those its query (the circles reaching within r of (x, z)) finds, for
 * a move from (px, pz) to (qx, qz) met by circles grown by the body's radius and `skin`, when the kept proof shows it
 * meets no other solid (AS only): the blocking bodies the query finds, and the proof's blocker, when the query would
 * find it; else null (firstCircle's answer does not depend on the order of its circles). Both ends within
 * the proof's margin less `skin` put the whole move there (ClearWay), more than `skin` off every other solid's disc
 * grown by the body's radius. Why the query's test: a move that only grazes the blocker's grown edge may be met by it
 * in the last bits while the query, rounding otherwise, leaves it out — and the answer must be the query's.
 */
export function keptCircles(g: Sampler, px: f64, pz: f64, qx: f64, qz: f64, skin: f64, x: f64, z: f64, r: f64): Circles | null {
  if (!keepClearWay || !nearKeptWay(px, pz, skin) || !nearKeptWay(qx, qz, skin)) return null;
  const near = g.bodyCircles(x, z, r);
  if (clearWay.blocker >= 0) {
    const c = keptBlocker(g);
    if (reachesWithin(c, x, z, r)) near.push(c);
  }
  return near;
}

