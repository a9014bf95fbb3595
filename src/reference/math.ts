/**
 * Portable trigonometry for the simulated path (WX-3).
 * Built from + − × ÷ and floor only, so the AssemblyScript twin (assembly/math.ts) gives the same bits;
 * Math.sin & co. differ between engines and are never used in the simulated path.
 */

export const PI = 3.141592653589793;
export const TWO_PI = 6.283185307179586;
export const HALF_PI = 1.5707963267948966;

/** Wraps an angle to (−π, π], the range yaws and bearings are kept in. */
export function wrapAngle(a: number): number {
  return a - TWO_PI * Math.ceil((a - PI) / TWO_PI);
}

/**
 * An angle in (−π, π] folded into [−π/2, π/2]: beyond a quarter turn, its mirror about the quarter, π − |a| with a's
 * sign. Why (SE-5): a want that points back from the aim (a body held back or yielding) has no reliable sign of turn.
 */
export function foldBack(a: number): number {
  return a > HALF_PI ? PI - a : a < -HALF_PI ? -PI - a : a;
}

/** sin on [−π/2, π/2] by its Taylor series to x^21 (error below 1e-16 there). */
function sinReduced(x: number): number {
  // The series' terms summed in Estrin's pairs, as atanUnit's are.
  const u = x * x;
  const u2 = u * u;
  const u4 = u2 * u2;
  const u8 = u4 * u4;
  const c0 = (1.0 / 6.0 - u * (1.0 / 120.0)) + u2 * (1.0 / 5040.0 - u * (1.0 / 362880.0));
  const c1 = (1.0 / 39916800.0 - u * (1.0 / 6227020800.0)) + u2 * (1.0 / 1307674368000.0 - u * (1.0 / 355687428096000.0));
  const c2 = 1.0 / 121645100408832000.0 - u * (1.0 / 51090942171709440000.0);
  const p = (c0 + u4 * c1) + u8 * c2;
  return x - x * u * p;
}

/** Sine of any finite angle. */
export function sin(a: number): number {
  let x = wrapAngle(a);
  if (x > HALF_PI) x = PI - x;
  else if (x < -HALF_PI) x = -PI - x;
  return sinReduced(x);
}

/** Cosine of any finite angle, as the sine a quarter turn on. */
export function cos(a: number): number {
  return sin(a + HALF_PI);
}

const TAN_PI_12 = 0.2679491924311227;
const INV_SQRT3 = 0.5773502691896257;
const PI_6 = 0.5235987755982988;

/** atan on [0, 1]: reduced below tan(π/12) by atan(a) = π/6 + atan((a − 1/√3)/(1 + a/√3)), then its series. */
function atanUnit(a: number): number {
  let offset = 0.0;
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
export function atan2(y: number, x: number): number {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  if (ax === 0.0 && ay === 0.0) return 0.0;
  let r = ay > ax ? HALF_PI - atanUnit(ax / ay) : atanUnit(ay / ax);
  if (x < 0.0) r = PI - r;
  // −π itself is outside (−π, π]: a vanishing negative y on the −x axis reads as π.
  return y < 0.0 && r !== PI ? -r : r;
}

/**
 * A number that orders directions as their angle atan2(s, c) in (−π, π] does, in (−2, 2], without working the angle
 * out: s/(|s| + |c|) ahead (c ≥ 0), folded past ±1 behind. Why: ranking needs the order alone, and this costs one
 * division where atan2 costs a division and a series.
 */
export function pseudoAngle(s: number, c: number): number {
  const p = s / (Math.abs(s) + Math.abs(c));
  return c >= 0.0 ? p : s >= 0.0 ? 2.0 - p : -2.0 - p;
}

/** The bearing of a horizontal vector (x, z): yaw θ points along (sin θ, cos θ). */
export function bearing(x: number, z: number): number {
  return atan2(x, z);
}
