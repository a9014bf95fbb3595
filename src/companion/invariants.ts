/**
 * The locomotion invariants (CO-8), checked frame by frame: a gait never plays over a body whose clip speed is
 * below IDLE_EPS, `wait` never plays over a body moving under its own intent, and the swing is rooted. The
 * autopilot runs them on every frame; the controller tests run the same checks.
 */
import { IDLE_EPS } from './constants.ts';
import { isGait, type Clip } from './clips.ts';
import type { CompanionState } from './companion.ts';

/** What the invariants read of one companion frame (the Companion's fields after `step`). */
export interface LocomotionFrame {
  state: CompanionState;
  clip: Clip;
  commanded: number;
  measured: number;
  intent: boolean;
}

/**
 * The CO-8 invariants this frame breaks, each as a sentence (empty when none): the clip speed is the commanded
 * speed in FOLLOW and the measured planar speed otherwise (CO-6).
 */
export function locomotionViolations(f: LocomotionFrame): string[] {
  const out: string[] = [];
  const speed = f.state === 'FOLLOW' ? f.commanded : f.measured;
  if (isGait(f.clip) && !(speed >= IDLE_EPS)) {
    out.push(`plays '${f.clip}' in ${f.state} while its speed ${speed.toFixed(3)} m/s is below IDLE_EPS`);
  }
  if (f.clip === 'wait' && f.intent && speed >= IDLE_EPS && f.measured >= IDLE_EPS) {
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
