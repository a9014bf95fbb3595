/**
 * The arrival ramp (CO-1): how fast the companion is told to go, from how far outside its follow-ring it is.
 * It is continuous and monotonic in distance — no dead zone where small movements toggle stand and sprint —
 * which is what keeps the FOLLOW gait from flapping.
 */
import { checkFiniteArg } from './checks.ts';

/**
 * The commanded follow speed at planar distance `d` from the player: 0 at or inside `ring`, `cap` at or beyond
 * `ring + ramp`, linear between, clamped to [0, cap]; `cap` for any `d > ring` when `ramp ≤ 0` (no division by
 * zero). Monotonic non-decreasing in `d` and never NaN; a negative `cap` counts as 0; an argument that is not a finite
 * number is refused with a sentence naming it (CO-1).
 */
export function followSpeed(d: number, ring: number, ramp: number, cap: number): number {
  checkFiniteArg('followSpeed', 'd', d);
  checkFiniteArg('followSpeed', 'ring', ring);
  checkFiniteArg('followSpeed', 'ramp', ramp);
  checkFiniteArg('followSpeed', 'cap', cap);
  const top = Math.max(0, cap);
  if (!(d > ring)) return 0;
  if (!(ramp > 0) || d >= ring + ramp) return top;
  // The fraction is clamped before scaling so a huge (d − ring) can never make ∞ · 0.
  return top * Math.min(1, (d - ring) / ramp);
}
