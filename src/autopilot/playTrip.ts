/**
 * One trip played against a companion (CO-8, CO-11, CO-12): frame by frame the player moves along the trip at the
 * scene's height and the companion steps once after it, until the player has stayed where the trip took it for a
 * while. The autopilot's out-of-reach runs and the companion's stuck and route tests play their trips so, each
 * counting its own figures in the per-frame callback.
 */
import type { Row } from '../types.ts';
import type { Companion } from '../companion/companion.ts';
import { tripAt, tripHeight, type Trip } from './scenes.ts';

/** What a trip is played against: a companion's frame and its gap to the player after it. */
export type TripCompanion = Pick<Companion, 'step' | 'gap'>;

/** The player's row at the trip's start, standing on the scene's ground. */
export function tripPlayer(trip: Trip): Row {
  return { kind: 'player', as: 'xbot', pos: [trip.start[0], tripHeight(trip.scene, trip.start[0], trip.start[1]), trip.start[1]] };
}

/**
 * Plays `trip` in frames of `dt`: moves `player` along it, steps `companion` once after it, then hands `onFrame` the
 * frame's time; ends `stay` seconds after the player got where the trip goes. Answers the seconds from then until
 * the companion's gap came within `bound` for good, Infinity when it never did.
 */
export function playTrip(trip: Trip, player: Row, companion: TripCompanion, dt: number, stay: number, bound: number, onFrame: (t: number) => void): number {
  let arrivedAt = -1;
  let rejoinedAt = -1;
  for (let f = 0; ; f++) {
    const t = f * dt;
    const p = tripAt(trip, t);
    player.pos = [p.x, tripHeight(trip.scene, p.x, p.z), p.z];
    if (p.done && arrivedAt < 0) arrivedAt = t;
    if (arrivedAt >= 0 && t - arrivedAt > stay) break;
    companion.step(dt, player);
    onFrame(t);
    if (arrivedAt >= 0) {
      if (companion.gap > bound) rejoinedAt = -1;
      else if (rejoinedAt < 0) rejoinedAt = t;
    }
  }
  return rejoinedAt < 0 ? Infinity : rejoinedAt - arrivedAt;
}
