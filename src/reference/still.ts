/**
 * Which blocking bodies seek reads, and when a body stands still (AV-4). Twin of assembly/still.ts.
 */

/**
 * Which blocking bodies a sampler's `circles` answers: all of them (slide, SL-2), those standing still (seek's ways
 * round, SE-4..SE-6, for a kind that avoids: AV-4), or none (SE-7's probe, for a kind that avoids).
 */
export const BODIES_ALL = 0;
export const BODIES_STILL = 1;
export const BODIES_NONE = 2;

/**
 * A blocking body slower, at the start of the step, than this fraction of the seeking body's seekSpeed stands still
 * for it (AV-4): seek goes round it as a solid. Why: a body waiting, resting or shuffling in a jam is a post to walk
 * round; one that walks is avoided by its motion (AV-1) instead, and a crowd drains faster when the slow are posts.
 */
export const STILL_FRACTION = 0.3;

/** Whether a body of horizontal velocity (vx, vz) stands still for a seeker whose still speed is `still` (AV-4). */
export function isStill(vx: number, vz: number, still: number): boolean {
  return vx * vx + vz * vz < still * still;
}
