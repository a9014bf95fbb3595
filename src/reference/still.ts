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
 * Below this start-of-step horizontal speed, m/s, a blocking body stands still (AV-4): seek goes round it as a solid.
 * Why: a body waiting or resting is a post to walk round; one that moves is avoided by its motion (AV-1) instead.
 */
export const STILL_SPEED = 0.1;

/** Whether a body of horizontal velocity (vx, vz) stands still (AV-4). */
export function isStill(vx: number, vz: number): boolean {
  return vx * vx + vz * vz < STILL_SPEED * STILL_SPEED;
}

