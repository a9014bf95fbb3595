/** Clip names (SPEC section 12). */
import { checkClipArg } from './checks.ts';

/** A locomotion clip: what the pure selector chooses between (CO-2). */
export type LocomotionClip = 'wait' | 'walk' | 'run';

/** Any clip the companion plays: a locomotion clip or the rooted swing `atk1` (CO-7, CO-10). */
export type Clip = LocomotionClip | 'atk1';

/**
 * Whether a clip is a moving gait (`walk` or `run`), the clips that must never play over a still body (CO-8, CO-9);
 * anything but one of the four clips is refused.
 */
export function isGait(clip: Clip): boolean {
  checkClipArg('isGait', 'clip', clip);
  return clip === 'walk' || clip === 'run';
}
