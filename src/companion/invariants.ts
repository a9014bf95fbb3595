/**
 * The locomotion invariants (CO-8), checked frame by frame against the measured planar speed in every state: a gait
 * never plays over a body moving slower than IDLE_EPS, `wait` never plays over a body moving under its own intent,
 * and the swing is rooted. The autopilot runs them on every frame; the controller tests run the same checks.
 */
import { IDLE_EPS } from './constants.ts';
import { checkClipArg, isGait, type Clip } from './clips.ts';
import { badInput, checkBooleanArg, checkFiniteArg, checkObjectArg } from './checks.ts';
import { COMPANION_STATES as STATES, type CompanionState } from './combat.ts';

/** What the invariants read of one companion frame (the Companion's fields after `step`). */
export interface LocomotionFrame {
  state: CompanionState;
  clip: Clip;
  commanded: number;
  measured: number;
  intent: boolean;
}

/** Throws unless `f` is a LocomotionFrame, naming the first bad field. */
function checkFrame(f: unknown): LocomotionFrame {
  const frame = checkObjectArg('locomotionViolations', 'frame', f);
  if (!STATES.includes(frame.state as CompanionState)) throw badInput('locomotionViolations', 'frame.state', frame.state, `one of ${STATES.join(', ')}`);
  checkClipArg('locomotionViolations', 'frame.clip', frame.clip);
  checkFiniteArg('locomotionViolations', 'frame.commanded', frame.commanded, 0);
  checkFiniteArg('locomotionViolations', 'frame.measured', frame.measured, 0);
  checkBooleanArg('locomotionViolations', 'frame.intent', frame.intent);
  return frame as unknown as LocomotionFrame;
}

/**
 * The CO-8 invariants this frame breaks, each as a sentence (empty when none), all judged on the measured planar
 * speed: a gait over a body slower than IDLE_EPS; `wait` over a body moving at IDLE_EPS or more under its own intent;
 * `atk1` outside ATTACK or another clip in it; motion during the rooted swing.
 */
export function locomotionViolations(f: LocomotionFrame): string[] {
  checkFrame(f);
  const out: string[] = [];
  if (isGait(f.clip) && !(f.measured >= IDLE_EPS)) {
    out.push(`plays '${f.clip}' in ${f.state} while its measured speed ${f.measured.toFixed(3)} m/s is below IDLE_EPS`);
  }
  if (f.clip === 'wait' && f.intent && f.measured >= IDLE_EPS) {
    out.push(`plays 'wait' in ${f.state} while moving at ${f.measured.toFixed(3)} m/s under its own intent`);
  }
  if ((f.clip === 'atk1') !== (f.state === 'ATTACK')) {
    out.push(`plays '${f.clip}' in ${f.state}: atk1 belongs to ATTACK alone`);
  }
  if (f.state === 'ATTACK' && !(f.measured < IDLE_EPS)) {
    out.push(`moves at ${f.measured.toFixed(3)} m/s during the rooted swing`);
  }
  return out;
}
