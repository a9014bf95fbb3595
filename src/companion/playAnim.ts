/**
 * The clip debounce (CO-7): a walk↔run switch waits until the playing clip has been held ANIM_HOLD_TIME, so a
 * speed hovering at a threshold cannot flap the gait; every other switch — to or from `wait`, into `atk1` —
 * applies the same frame, because a held `wait` over a moving body is the sliding defect. The hold guards only the
 * borderline: a body plainly running (above RUN_ENTER + GAIT_SLACK) or plainly walking (below RUN_EXIT − GAIT_SLACK)
 * gets its gait at once, so a one-frame dip never leaves a walk over a run.
 */
import { ANIM_HOLD_TIME, GAIT_SLACK, RUN_ENTER, RUN_EXIT } from './constants.ts';
import { checkClipArg, isGait, type Clip } from './clips.ts';
import { checkFiniteArg } from './checks.ts';

/**
 * The clip to play this frame when `wanted` is asked for while `current` has played for `held` seconds, the body
 * moving at `speed`: `current` when the switch is walk↔run, `held < ANIM_HOLD_TIME` and `speed` is on the borderline
 * [RUN_EXIT − GAIT_SLACK, RUN_ENTER + GAIT_SLACK], otherwise `wanted` (CO-7). Without a speed every walk↔run switch
 * is held. Clips that are not one of the four, or a `held` or `speed` that is not a finite number ≥ 0, are refused
 * with a sentence.
 */
export function playAnim(current: Clip, held: number, wanted: Clip, speed?: number): Clip {
  checkClipArg('playAnim', 'current', current);
  checkFiniteArg('playAnim', 'held', held, 0);
  checkClipArg('playAnim', 'wanted', wanted);
  if (speed !== undefined) checkFiniteArg('playAnim', 'speed', speed, 0);
  const borderline = speed === undefined || (speed >= RUN_EXIT - GAIT_SLACK && speed <= RUN_ENTER + GAIT_SLACK);
  if (wanted !== current && isGait(wanted) && isGait(current) && held < ANIM_HOLD_TIME && borderline) return current;
  return wanted;
}
