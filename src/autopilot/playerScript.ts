/**
 * The autopilot's scripted player (CO-11): a walker row that runs, walks, stops, attacks rooted, is knocked down,
 * weaves through trees, sprints off and warps far, by a fixed script — with no trigonometry, so it is deterministic.
 */
import type { Ground, Row, World } from '../types.ts';
import type { WalkerCore } from '../companion/core.ts';
import { MOVE_SPEED } from '../companion/constants.ts';

/** The player's states (the game's PlayerState); the companion never reads them. */
export type PlayerState = 'IDLE' | 'MOVING' | 'ATTACKING' | 'DAMAGED' | 'DOWN';

/** One stretch of the player's script. Offsets are from where the player stands when the phase starts. */
export interface Phase {
  name: string;
  seconds: number;
  state: PlayerState;
  /** Speed along `route` (or round `circle`); 0 or absent: the player stands. */
  speed?: number;
  /** Waypoints [x, z] the player seeks in turn (goes round trees). */
  route?: ReadonlyArray<readonly [number, number]>;
  /** Runs counter-clockwise round a circle of this radius whose centre is this far to the player's +x. */
  circle?: number;
  /** A knock-back: the player's horizontal velocity is set to this at the start. */
  knock?: readonly [number, number];
  /** A warp: the player is put down here at the start. */
  warp?: readonly [number, number];
  /** Enemies that appear at the start, at these offsets from the player. */
  enemies?: ReadonlyArray<readonly [number, number]>;
}

/** The player's script: about 90 seconds touching every behaviour CO-11 names. */
export const PLAYER_SCRIPT: readonly Phase[] = [
  { name: 'idle', seconds: 2, state: 'IDLE' },
  { name: 'run', seconds: 8, state: 'MOVING', speed: MOVE_SPEED, route: [[0, 20], [16, 36]] },
  { name: 'walk', seconds: 5, state: 'MOVING', speed: 2, route: [[26, 36]] },
  { name: 'stop', seconds: 3, state: 'IDLE' },
  { name: 'attack', seconds: 3, state: 'ATTACKING' },
  { name: 'enemies', seconds: 10, state: 'IDLE', enemies: [[5, 4], [3, -5]] },
  { name: 'circles', seconds: 12, state: 'MOVING', speed: MOVE_SPEED, circle: 8 },
  { name: 'knocked', seconds: 0.5, state: 'DAMAGED', knock: [-5, 2] },
  { name: 'down', seconds: 2.5, state: 'DOWN' },
  { name: 'get up', seconds: 1, state: 'IDLE' },
  { name: 'weave', seconds: 16, state: 'MOVING', speed: MOVE_SPEED, route: [[12, 54], [0, 64], [-8, 74], [4, 84], [-14, 90]] },
  { name: 'sprint', seconds: 4, state: 'MOVING', speed: 14, route: [[-80, 96]] },
  { name: 'walk', seconds: 3, state: 'MOVING', speed: 2, route: [[-80, 70]] },
  { name: 'stop', seconds: 3, state: 'IDLE' },
  { name: 'warp', seconds: 3, state: 'IDLE', warp: [-10, -40] },
  { name: 'run', seconds: 9, state: 'MOVING', speed: MOVE_SPEED, route: [[10, -20], [33, -12], [47, -12], [62, -8]] },
  { name: 'walk', seconds: 3, state: 'MOVING', speed: 2, route: [[60, -4]] },
  { name: 'stop', seconds: 3, state: 'IDLE' },
];

/** Sets the player's want toward its route at `speed`, advancing waypoints within a metre; stands when done. */
export function steerAlong(core: WalkerCore, w: World, g: Ground, player: Row, route: ReadonlyArray<readonly [number, number]>, next: number, speed: number): number {
  let i = next;
  while (i < route.length && core.seek(player, w, route[i], 1, g)) i += 1;
  if (i >= route.length) {
    player.want = [0, 0];
    return i;
  }
  const [wx, wz] = player.want ?? [0, 0];
  const len = Math.sqrt(wx * wx + wz * wz);
  player.want = len > 0 ? [(wx / len) * speed, (wz / len) * speed] : [0, 0];
  return i;
}

/** The want that runs the player counter-clockwise round a circle about (cx, cz) at `speed`: tangent plus a pull back onto it, no trigonometry. */
export function circleWant(player: Row, cx: number, cz: number, radius: number, speed: number): number[] {
  const rx = player.pos[0] - cx;
  const rz = player.pos[2] - cz;
  const r = Math.sqrt(rx * rx + rz * rz);
  const pull = (2 * (radius - r)) / radius;
  const x = -rz / r + (rx / r) * pull;
  const z = rx / r + (rz / r) * pull;
  const len = Math.sqrt(x * x + z * z);
  return [(x / len) * speed, (z / len) * speed];
}

