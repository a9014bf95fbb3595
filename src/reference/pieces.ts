/**
 * A piece: the one solid primitive besides the circle (LV-1) — a convex polygon of 2 … MAX_CORNERS corners (2: a
 * segment) grown by a rounding radius. A body of radius R meets a piece grown by its radius plus R, i.e. the union of
 * its edges' capsules and its inside, so boxes, walls and polygons share the few routines here.
 * Twin of assembly/pieces.ts: same functions, same operations, same order (only + − × ÷, sqrt, min/max).
 */

/** The most corners a piece has (LV-5). */
export const MAX_CORNERS = 8;
/** A move's `t` when it enters no piece. */
const NONE = 2.0;

/** A point of a piece's outline, and the signed distance to it of the point it is nearest (pieceNearest's answer). */
export class OutlinePoint {
  x = 0.0;
  z = 0.0;
  d = 0.0;
}

/**
 * The signed distance from (px, pz) to the polygon of the first `count` corners of `points` (x, z pairs, counter-
 * clockwise: Σ x·z' − x'·z > 0), negative inside it (a segment, 2 corners, has no inside); writes the nearest point of
 * its outline into `out` (the first edge's on a tie). Why: every test of a body against a piece is this distance
 * against the grown radius.
 */
export function pieceNearest(points: Float64Array, count: number, px: number, pz: number, out: OutlinePoint): number {
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
 * (> 1) when it does not within the move: the least over its corners' discs (entered as circles are) and its edges'
 * sides (the lines `grown` either side of an edge, entered within the edge's span). From outside, any way into the grown
 * piece crosses one of those first, so its inside needs no test. A disc or side the move does not head into by more
 * than `inward` of its length is not entered, as for circles (SL-2's INWARD).
 */
export function pieceEntry(points: Float64Array, count: number, grown: number, px: number, pz: number, dx: number, dz: number, inward: number): number {
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
