/**
 * The autopilot probe (CO-11): a scripted player and a companion on a fixed world, with a report and an SVG timeline.
 * A test and demo tool, not package API: `npm run autopilot` and the tests run it.
 */
export { autopilotWorld, LAKE, GROVE } from './world.ts';
export { runAutopilot, formatReport, type AutopilotOptions, type AutopilotReport, type AutopilotFrame } from './autopilot.ts';
export { PLAYER_SCRIPT, circleWant, steerAlong, type Phase, type PlayerState } from './playerScript.ts';
export { autopilotSvg } from './timeline.ts';
export { OUT_OF_REACH, formatOutOfReach, runOutOfReach, runTrip, type OutOfReachResult } from './outOfReach.ts';
export { playTrip, tripPlayer, type TripCompanion } from './playTrip.ts';
export { TRIPS, cliff, heightmapWorld, lake, ledge, plateau, steep, tree, tripAt, tripHeight, type Scene, type Trip } from './scenes.ts';
