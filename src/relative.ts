/** relative: a camera-relative stick (H-1). */
import { MAX_ANGLE, show } from './limits.ts';
import { checkNumber, checkVector } from './rows.ts';
import { cos, sin } from './reference/math.ts';

/**
 * Turns a stick [x, z] (forward z, right x: [0, 1] is W, [1, 0] is D) so that forward lands on (sin yaw, cos yaw) and
 * right on (−cos yaw, sin yaw), clamped to length 1 (H-1). A rule multiplies it by its speed to make want.
 */
export function relative(stick: readonly number[], yaw: number): [number, number] {
  const s = checkVector('stick', stick, 2);
  if (!(Math.abs(s[0]) <= MAX_ANGLE && Math.abs(s[1]) <= MAX_ANGLE)) {
    throw new Error(`walker: stick is ${show(stick)}; expected 2 numbers within ±${MAX_ANGLE} (it is clamped to length 1).`);
  }
  checkNumber('yaw', yaw, -MAX_ANGLE, MAX_ANGLE);
  const fx = sin(yaw);
  const fz = cos(yaw);
  const x = s[1] * fx - s[0] * fz;
  const z = s[1] * fz + s[0] * fx;
  const len = Math.sqrt(x * x + z * z);
  return len > 1.0 ? [x / len, z / len] : [x, z];
}
