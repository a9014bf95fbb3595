/**
 * Which blocking bodies seek reads, and when a body stands still (AV-4). Twin of src/reference/still.ts.
 */

/**
 * Which blocking bodies a sampler's `circles` answers: all of them (slide, SL-2), those standing still (seek's ways
 * round, SE-4..SE-6, for a kind that avoids: AV-4), or none (SE-7's probe, for a kind that avoids).
 */
export const BODIES_ALL: i32 = 0;
export const BODIES_STILL: i32 = 1;
export const BODIES_NONE: i32 = 2;

/**
 * A blocking body slower, at the start of the step, than this fraction of the seeking body's seekSpeed stands still
 * for it (AV-4): seek goes round it as a solid. Why: a body waiting, resting or shuffling in a jam is a post to walk
 * round; one that walks is avoided by its motion (AV-1) instead, and a crowd drains faster when the slow are posts.
 */
export const STILL_FRACTION: f64 = 0.3;

/** Whether a body of horizontal velocity (vx, vz) stands still for a seeker whose still speed is `still` (AV-4). */
@inline export function isStill(vx: f64, vz: f64, still: f64): bool {
  return vx * vx + vz * vz < still * still;
}
