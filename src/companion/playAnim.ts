/**
 * The clip debounce (CO-7): a walk↔run switch waits until the playing clip has been held ANIM_HOLD_TIME, so a
 * speed hovering at a threshold cannot flap the gait; every other switch — to or from `wait`, into `atk1` —
 * applies the same frame, because a held `wait` over a moving body is the sliding defect.
 */
import { ANIM_HOLD_TIME } from './constants.ts';
import { checkClipArg, isGait, type Clip } from './clips.ts';
import { checkFiniteArg } from './checks.ts';

/**
 * The clip to play this frame when `wanted` is asked for while `current` has played for `held` seconds:
 * `current` when the switch is walk↔run and `held < ANIM_HOLD_TIME`, otherwise `wanted` (CO-7). Clips that are not
 * one of the four, or a `held` that is not a finite number ≥ 0, are refused with a sentence.
 */
export function playAnim(current: Clip, held: number, wanted: Clip): Clip {
  checkClipArg('playAnim', 'current', current);
  checkFiniteArg('playAnim', 'held', held, 0);
  checkClipArg('playAnim', 'wanted', wanted);
  if (wanted !== current && isGait(wanted) && isGait(current) && held < ANIM_HOLD_TIME) return current;
  return wanted;
}
