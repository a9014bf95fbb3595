/**
 * A piece: the one solid primitive besides the circle (LV-1) — a convex polygon of 2 … MAX_CORNERS corners (2: a
 * segment) grown by a rounding radius. A body of radius R meets a piece grown by its radius plus R, i.e. the union of
 * its edges' capsules and its inside, so boxes, walls and polygons share the few routines here.
 * Twin of src/reference/pieces.ts: same functions, same operations, same order (only + − × ÷, sqrt, min/max).
 */
import { F64s } from './memory';

/** The most corners a piece has (LV-5). */
export const MAX_CORNERS: i32 = 8;
/** A move's `t` when it enters no piece. */
const NONE: f64 = 2.0;

/** A point of a piece's outline, and the signed distance to it of the point it is nearest (pieceNearest's answer). */
@unmanaged export class OutlinePoint {
  x: f64;
  z: f64;
  d: f64;
}

/**
 * The signed distance from (px, pz) to the polygon of the first `count` corners of `points` (x, z pairs, counter-
 * clockwise), negative inside it (a segment, 2 corners, has no inside); writes the nearest point of its outline into
 * `out` (the first edge's on a tie).
 */
export function pieceNearest(points: F64s, count: i32, px: f64, pz: f64, out: OutlinePoint): f64 {
  let best = Infinity;
  let inside = count > 2;
  const edges = count > 2 ? count : 1;
  for (let e = 0; e < edges; e++) {
    const ax = points[e * 2];
    const az = points[e * 2 + 1];
    const b = e + 1 < count ? e + 1 : 0;
    const ex = points[b * 2] - ax;
    const ez = points[b * 2 + 1] - az;
    const wx = px - ax;
    const wz = pz - az;
    const s = Math.min(Math.max((wx * ex + wz * ez) / (ex * ex + ez * ez), 0.0), 1.0);
    const qx = wx - ex * s;
    const qz = wz - ez * s;
    const d2 = qx * qx + qz * qz;
    if (d2 < best) {
      best = d2;
      out.x = ax + ex * s;
      out.z = az + ez * s;
    }
    if (ex * wz - ez * wx < 0.0) inside = false;
  }
  out.d = inside ? -Math.sqrt(best) : Math.sqrt(best);
  return out.d;
}

/**
 * The fraction of the move (dx, dz) at which (px, pz), outside the piece grown by `grown`, first enters it, or NONE
 * (> 1): the least over its corners' discs and its edges' sides (see the twin).
 */
export function pieceEntry(points: F64s, count: i32, grown: f64, px: f64, pz: f64, dx: f64, dz: f64, inward: f64): f64 {
  const len2 = dx * dx + dz * dz;
  const len = Math.sqrt(len2);
  let t = NONE;
  for (let c = 0; c < count; c++) {
    const ox = px - points[c * 2];
    const oz = pz - points[c * 2 + 1];
    const o2 = ox * ox + oz * oz;
    const b = ox * dx + oz * dz;
    if (b >= -inward * Math.sqrt(o2 * len2)) continue;
    const disc = b * b - len2 * (o2 - grown * grown);
    if (disc < 0.0) continue;
    t = Math.min(t, Math.max((-b - Math.sqrt(disc)) / len2, 0.0));
  }
  const edges = count > 2 ? count : 1;
  for (let e = 0; e < edges; e++) {
    const ax = points[e * 2];
    const az = points[e * 2 + 1];
    const b = e + 1 < count ? e + 1 : 0;
    const ex = points[b * 2] - ax;
    const ez = points[b * 2 + 1] - az;
    const l2 = ex * ex + ez * ez;
    const l = Math.sqrt(l2);
    const wx = px - ax;
    const wz = pz - az;
    let s = (wx * ez - wz * ex) / l;
    let ds = (dx * ez - dz * ex) / l;
    if (s < 0.0) {
      s = -s;
      ds = -ds;
    }
    if (ds >= -inward * len) continue;
    // A start already within the side (s < grown) whose foot falls within the edge's span is outside the grown piece
    // only by rounding (the caller found it outside by pieceNearest): it enters at once. One beyond the span lies in a
    // corner's disc before it reaches the span.
    const te = Math.max((grown - s) / ds, 0.0);
    const along = (wx + dx * te) * ex + (wz + dz * te) * ez;
    if (along >= 0.0 && along <= l2) t = Math.min(t, te);
  }
  return t;
}
