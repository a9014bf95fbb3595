/**
 * The pure clip selector (CO-2): which gait a body shows, from its own intent and speed only — it takes no
 * player state. The walk↔run hysteresis band guards the noisy measured speed of the combat states against flap.
 */
import { IDLE_EPS, RUN_ENTER, RUN_EXIT } from './constants.ts';
import { checkClipArg, type Clip, type LocomotionClip } from './clips.ts';
import { checkBooleanArg, checkFiniteArg } from './checks.ts';

/**
 * The locomotion clip for a frame: `wait` when not `intentMoving` or `speed < IDLE_EPS` (unconditional, over any
 * hold); from `run`, `run` unless `speed < RUN_EXIT`; from any other clip, `run` only when `speed > RUN_ENTER`, else
 * `walk` — so inside [RUN_EXIT, RUN_ENTER] a current walk or run is held (CO-2). A speed that is not a finite number
 * ≥ 0, an intent that is not a boolean or a clip that is not one of the four is refused with a sentence.
 */
export function locomotionClip(intentMoving: boolean, speed: number, currentClip: Clip): LocomotionClip {
  checkBooleanArg('locomotionClip', 'intentMoving', intentMoving);
  checkFiniteArg('locomotionClip', 'speed', speed, 0);
  checkClipArg('locomotionClip', 'currentClip', currentClip);
  if (!intentMoving || !(speed >= IDLE_EPS)) return 'wait';
  if (currentClip === 'run') return speed < RUN_EXIT ? 'walk' : 'run';
  return speed > RUN_ENTER ? 'run' : 'walk';
}
