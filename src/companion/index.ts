/** The companion (SPEC section 12): constants, the pure ramp and selector, the trail, the controller, the tripwire. */
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
