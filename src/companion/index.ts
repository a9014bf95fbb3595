/** The companion (SPEC section 12): constants, the pure ramp and selector, the trail, the controller, the oracle. */
export * from './constants.ts';
export type { Clip, LocomotionClip } from './clips.ts';
export { isGait } from './clips.ts';
export { followSpeed } from './followSpeed.ts';
export { locomotionClip } from './locomotionClip.ts';
export { playAnim } from './playAnim.ts';
export { Trail } from './trail.ts';
export { planarDistance, planarSpeed } from './planar.ts';
export { Tripwire, stationaryMessage } from './tripwire.ts';
export { locomotionViolations, type LocomotionFrame } from './invariants.ts';
export type { WalkerCore } from './core.ts';
export { Companion, type CompanionOptions, type CompanionState } from './companion.ts';
export { autopilotWorld, LAKE, GROVE } from './autopilotWorld.ts';
export { runAutopilot, formatReport, type AutopilotOptions, type AutopilotReport, type AutopilotFrame } from './autopilot.ts';
export { PLAYER_SCRIPT, circleWant, steerAlong, type Phase, type PlayerState } from './playerScript.ts';
export { autopilotSvg } from './timeline.ts';
