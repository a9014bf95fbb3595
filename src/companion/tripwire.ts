/**
 * The autopilot oracle (CO-9): it watches for the run-in-place regression — a walk/run clip held over a body
 * whose measured planar speed stays below IDLE_EPS for longer than ANIM_HOLD_TIME — and reports it as a sentence
 * a log scraper can find. It is only built when asked for, and silent in normal play.
 */
import { ANIM_HOLD_TIME, IDLE_EPS } from './constants.ts';
import { checkClipArg, isGait, type Clip } from './clips.ts';
import { badInput, checkFiniteArg, checkFunctionArg, checkPositiveArg } from './checks.ts';

/** Throws unless `id` is a string (a companion's name in a message). */
function checkId(where: string, id: unknown): string {
  if (typeof id !== 'string') throw badInput(where, 'id', id, 'a string');
  return id;
}

/** The failure sentence the tripwire reports (CO-9); its arguments are checked like every companion name's. */
export function stationaryMessage(id: string, clip: Clip, seconds: number, speed: number): string {
  checkId('stationaryMessage', id);
  checkClipArg('stationaryMessage', 'clip', clip);
  checkFiniteArg('stationaryMessage', 'seconds', seconds, 0);
  checkFiniteArg('stationaryMessage', 'speed', speed, 0);
  return `[sanity] FAIL: companion '${id}' holds '${clip}' while stationary for ${seconds.toFixed(2)} s at ${speed.toFixed(3)} m/s (below IDLE_EPS ${IDLE_EPS} m/s for longer than ANIM_HOLD_TIME ${ANIM_HOLD_TIME} s)`;
}

/** Watches one companion's clip against its measured planar speed, frame by frame (CO-9). */
export class Tripwire {
  /** The companion's name in the message. */
  readonly id: string;
  /** Where each failure sentence goes. */
  readonly report: (message: string) => void;
  /** Seconds the current gait has been held over a still body. */
  still = 0;
  /** The highest planar speed seen while still (all below IDLE_EPS). */
  private peak = 0;
  /** Whether this stationary episode was already reported (one sentence per episode). */
  private reported = false;

  /** A tripwire for companion `id` (a string) that hands each failure sentence to `report` (a function) (CO-9). */
  constructor(id: string, report: (message: string) => void) {
    checkId('Tripwire', id);
    checkFunctionArg('Tripwire', 'report', report);
    this.id = id;
    this.report = report;
  }

  /**
   * Observes a frame of `dt` seconds in which `clip` played and the body's measured planar speed was `speed`;
   * returns the failure sentence when this frame trips the wire, else null (CO-9). A clip that is not one of the four,
   * a speed that is not a finite number ≥ 0 or a dt that is not finite and > 0 is refused, the tripwire unchanged.
   */
  watch(clip: Clip, speed: number, dt: number): string | null {
    checkClipArg('Tripwire.watch', 'clip', clip);
    checkFiniteArg('Tripwire.watch', 'speed', speed, 0);
    checkPositiveArg('Tripwire.watch', 'dt', dt);
    if (!isGait(clip) || !(speed < IDLE_EPS)) {
      this.still = 0;
      this.peak = 0;
      this.reported = false;
      return null;
    }
    this.still += dt;
    this.peak = Math.max(this.peak, speed);
    if (this.reported || !(this.still > ANIM_HOLD_TIME)) return null;
    this.reported = true;
    const message = stationaryMessage(this.id, clip, this.still, this.peak);
    this.report(message);
    return message;
  }
}
