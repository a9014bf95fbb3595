/**
 * Portable trigonometry for the simulated path (WX-3).
 * Twin of src/reference/math.ts: the same operations in the same order, so both cores give the same bits;
 * the engine's Math.sin & co. are never used in the simulated path.
 */

export const PI: f64 = 3.141592653589793;
export const TWO_PI: f64 = 6.283185307179586;
export const HALF_PI: f64 = 1.5707963267948966;

/** Wraps an angle to (−π, π], the range yaws and bearings are kept in. */
export function wrapAngle(a: f64): f64 {
  return a - TWO_PI * Math.ceil((a - PI) / TWO_PI);
}

/**
 * An angle in (−π, π] folded into [−π/2, π/2]: beyond a quarter turn, its mirror about the quarter, π − |a| with a's
 * sign. Why (SE-5): a want that points back from the aim (a body held back or yielding) has no reliable sign of turn.
 */
export function foldBack(a: f64): f64 {
  return a > HALF_PI ? PI - a : a < -HALF_PI ? -PI - a : a;
}

const TAN_PI_12: f64 = 0.2679491924311227;
const INV_SQRT3: f64 = 0.5773502691896257;
const PI_6: f64 = 0.5235987755982988;

/** atan on [0, 1]: reduced below tan(π/12) by atan(a) = π/6 + atan((a − 1/√3)/(1 + a/√3)), then its series. */
function atanUnit(a: f64): f64 {
  let offset: f64 = 0.0;
  let t = a;
  if (t > TAN_PI_12) {
    t = (t - INV_SQRT3) / (1.0 + t * INV_SQRT3);
    offset = PI_6;
  }
  // The series' 14 terms 1/3 − u/5 + u²/7 − … − u¹³/29 summed in Estrin's pairs, not one after another (Horner): the
  // pairs are independent, so the processor works them out side by side.
  const u = t * t;
  const u2 = u * u;
  const u4 = u2 * u2;
  const u8 = u4 * u4;
  const c0 = (1.0 / 3.0 - u * (1.0 / 5.0)) + u2 * (1.0 / 7.0 - u * (1.0 / 9.0));
  const c1 = (1.0 / 11.0 - u * (1.0 / 13.0)) + u2 * (1.0 / 15.0 - u * (1.0 / 17.0));
  const c2 = (1.0 / 19.0 - u * (1.0 / 21.0)) + u2 * (1.0 / 23.0 - u * (1.0 / 25.0));
  const c3 = 1.0 / 27.0 - u * (1.0 / 29.0);
  const p = (c0 + u4 * c1) + u8 * (c2 + u4 * c3);
  return offset + (t - t * u * p);
}

/** The angle of (x, y) from the +x axis, in (−π, π]; atan2(0, 0) is 0. Walker calls it as atan2(x, z) for a bearing. */
export function atan2(y: f64, x: f64): f64 {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  if (ax == 0.0 && ay == 0.0) return 0.0;
  let r = ay > ax ? HALF_PI - atanUnit(ax / ay) : atanUnit(ay / ax);
  if (x < 0.0) r = PI - r;
  // −π itself is outside (−π, π]: a vanishing negative y on the −x axis reads as π.
  return y < 0.0 && r != PI ? -r : r;
}

/**
 * A number that orders directions as their angle atan2(s, c) in (−π, π] does, in (−2, 2], without working the angle
 * out: s/(|s| + |c|) ahead (c ≥ 0), folded past ±1 behind. Why: ranking needs the order alone, and this costs one
 * division where atan2 costs a division and a series.
 */
export function pseudoAngle(s: f64, c: f64): f64 {
  const p = s / (Math.abs(s) + Math.abs(c));
  return c >= 0.0 ? p : s >= 0.0 ? 2.0 - p : -2.0 - p;
}

/** The bearing of a horizontal vector (x, z): yaw θ points along (sin θ, cos θ). */
export function bearing(x: f64, z: f64): f64 {
  return atan2(x, z);
}
