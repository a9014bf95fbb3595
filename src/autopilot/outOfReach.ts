/**
 * The autopilot's out-of-reach runs (CO-8, CO-11, CO-12): in each scene of scenes.ts the player goes where the
 * companion cannot follow straight and stays there; the companion must never run in place, never hide motion under
 * `wait`, keep the tripwire silent, and be back within ring + ramp + margin of the player within OUT_OF_REACH
 * seconds — where a way round exists (ROUND_TRIPS), by a route, with no jump and no teleport.
 */
import type { Ground, Row, World } from '../types.ts';
import type { WalkerCore } from '../companion/core.ts';
import { Companion, type CompanionOptions } from '../companion/companion.ts';
import { ANIM_HOLD_TIME, FOLLOW_DISTANCE, FOLLOW_SLOW_RADIUS, GAP_MARGIN, IDLE_EPS } from '../companion/constants.ts';
import { isGait } from '../companion/clips.ts';
import { locomotionViolations } from '../companion/invariants.ts';
import { playTrip, tripPlayer } from './playTrip.ts';
import { ROUND_TRIPS, TRIPS, heightmapWorld, type Trip } from './scenes.ts';

/** How long the player stays out of reach once it got there, in seconds; the companion must rejoin within it. */
export const OUT_OF_REACH = 12;

/** What one out-of-reach run found. */
export interface OutOfReachResult {
  scene: string;
  /** The longest time walk/run played over a body slower than IDLE_EPS, seconds (CO-8: ≤ ANIM_HOLD_TIME + one frame). */
  longestRunInPlace: number;
  /** Seconds `wait` played over a body moving at IDLE_EPS or more. */
  waitWhileMoving: number;
  /** Seconds from the player's arrival until the gap came within the bound for good; Infinity when it never did. */
  rejoinedAfter: number;
  jumps: number;
  teleports: number;
  /** Routes the companion took (CO-12). */
  routes: number;
  /** Routes it planned, taken or not (CO-12). */
  plans: number;
  /** Whether a way round exists: then it must rejoin by route, with no jump or teleport (CO-12). */
  wayRound: boolean;
  tripwire: string[];
  violations: string[];
  pass: boolean;
}

/** A companion class: the controller, or the autopilot's injected fault. */
type CompanionClass = new (core: WalkerCore, options: CompanionOptions) => Companion;

/** Runs one trip on the scene's heightmap world (CO-8); `wayRound` for a trip of ROUND_TRIPS (CO-12). */
export function runTrip(core: WalkerCore, groundOf: (w: World) => Ground, trip: Trip, dt: number, Kind: CompanionClass = Companion, wayRound = false): OutOfReachResult {
  const w = heightmapWorld(trip.scene);
  const g = groundOf(w);
  const bound = FOLLOW_DISTANCE + FOLLOW_SLOW_RADIUS + GAP_MARGIN;
  const player = tripPlayer(trip);
  const [cx, cz] = trip.companion;
  const row: Row = { kind: 'ally', pos: [cx, 0, cz] };
  row.pos = [cx, core.stand(core.numbers(row, w), g, cx, cz), cz];
  const tripwire: string[] = [];
  const violations: string[] = [];
  const companion = new Kind(core, { row, world: w, ground: g, id: 'ally', tripwire: (m) => tripwire.push(m) });
  let runInPlace = 0;
  let longestRunInPlace = 0;
  let waitWhileMoving = 0;
  const rejoinedAfter = playTrip(trip, player, companion, dt, OUT_OF_REACH, bound, (t) => {
    runInPlace = isGait(companion.clip) && companion.measured < IDLE_EPS ? runInPlace + dt : 0;
    longestRunInPlace = Math.max(longestRunInPlace, runInPlace);
    if (companion.clip === 'wait' && companion.measured >= IDLE_EPS) waitWhileMoving += dt;
    for (const v of locomotionViolations(companion)) violations.push(`t=${t.toFixed(3)} s (${trip.scene.name}): companion 'ally' ${v}`);
  });
  return {
    scene: trip.scene.name, longestRunInPlace, waitWhileMoving, rejoinedAfter, jumps: companion.jumps, teleports: companion.teleports,
    routes: companion.routes, plans: companion.plans, wayRound, tripwire, violations,
    pass: longestRunInPlace <= ANIM_HOLD_TIME + dt + 1e-9 && waitWhileMoving === 0 && rejoinedAfter <= OUT_OF_REACH && tripwire.length === 0 && violations.length === 0
      && (!wayRound || (companion.routes > 0 && companion.jumps === 0 && companion.teleports === 0)),
  };
}

/** Runs every out-of-reach trip, then the trips with a way round (CO-8, CO-11, CO-12). */
export function runOutOfReach(core: WalkerCore, groundOf: (w: World) => Ground, dt: number, Kind: CompanionClass = Companion): OutOfReachResult[] {
  return [...TRIPS.map((trip) => runTrip(core, groundOf, trip, dt, Kind)), ...ROUND_TRIPS.map((trip) => runTrip(core, groundOf, trip, dt, Kind, true))];
}

/** One report line per run. */
export function formatOutOfReach(results: readonly OutOfReachResult[]): string[] {
  return results.map((r) => {
    const how = `${r.jumps} jump(s), ${r.teleports} teleport(s), ${r.routes} route(s) taken of ${r.plans} planned`;
    const back = r.rejoinedAfter === Infinity ? 'never back' : `back within bound ${r.rejoinedAfter.toFixed(2)} s after the player got there`;
    const label = r.wayRound ? 'way round' : 'out of reach';
    return `${label}: ${r.scene}: longest run in place ${r.longestRunInPlace.toFixed(3)} s, wait while moving ${r.waitWhileMoving.toFixed(3)} s, rejoined by ${how}, ${back}: ${r.pass ? 'ok' : 'FAIL'}`;
  });
}
