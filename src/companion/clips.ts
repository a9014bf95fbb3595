/** Clip names (SPEC section 12), and the check that refuses anything else. */
import { badInput } from './checks.ts';

/** A locomotion clip: what the pure selector chooses between (CO-2). */
export type LocomotionClip = 'wait' | 'walk' | 'run';

/** Any clip the companion plays: a locomotion clip or the rooted swing `atk1` (CO-7, CO-10). */
export type Clip = LocomotionClip | 'atk1';

const CLIPS: readonly Clip[] = ['wait', 'walk', 'run', 'atk1'];

/** Throws unless `value` is one of the clips (CO-2, CO-7). */
export function checkClipArg(where: string, what: string, value: unknown): Clip {
  if (!CLIPS.includes(value as Clip)) throw badInput(where, what, value, `one of ${CLIPS.map((c) => `'${c}'`).join(', ')}`);
  return value as Clip;
}

/**
 * Whether a clip is a moving gait (`walk` or `run`), the clips that must never play over a still body (CO-8, CO-9);
 * anything but one of the four clips is refused.
 */
export function isGait(clip: Clip): boolean {
  checkClipArg('isGait', 'clip', clip);
  return clip === 'walk' || clip === 'run';
}
