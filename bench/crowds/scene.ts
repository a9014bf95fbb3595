/**
 * What a crowd scene is, for every contender alike: the ground (flat, or bench:peers' hills), the tree trunks, each
 * body's start and target, and where a body counts as through (for the streams and the gap).
 */
import type { Scene as Hills, Trunk } from '../peers/scene.ts';

/** Body radius and speed of every crowd scene, metres and m/s (XBOT's numbers). */
export const RADIUS = 0.4;
export const SPEED = 3;
/** Simulation step and the longest run, seconds. */
export const DT = 1 / 60;
export const CAP_SECONDS = 120;
/** walker's seek stop, and the distance from its target within which a body of either contender has arrived, metres. */
export const STOP = 0.5;
export const ARRIVED = 0.6;

/**
 * A gate a body passes to count as through: the half-plane nx·x + nz·z > c, which holds at its target and not at its
 * start. With an `opening`, a body also counts as through it when, the moment it first stands past the gate,
 * |ax·x + az·z| ≤ half: so a gap's count tells the bodies that came through the gap from those that went round the
 * ends of the walls either side.
 */
export interface Gate {
  nx: number;
  nz: number;
  c: number;
  opening?: { ax: number; az: number; half: number };
}

export interface CrowdScene {
  /** A short name for the table. */
  name: string;
  /** Flat ground at height 0 reaching `half` metres each way from the origin, or the hills of bench:peers. */
  ground: { kind: 'flat'; half: number } | { kind: 'hills'; hills: Hills };
  trunks: readonly Trunk[];
  /** Body i starts at (startX[i], startZ[i]) and seeks (targetX[i], targetZ[i]). */
  startX: Float64Array;
  startZ: Float64Array;
  targetX: Float64Array;
  targetZ: Float64Array;
  /** Body i's gate, when the scene counts bodies through. */
  gates?: readonly Gate[];
}

/** The number of bodies in a scene. */
export function bodiesIn(scene: CrowdScene): number {
  return scene.startX.length;
}
