/**
 * The play-test (CO-13): a player driven by a WASD stick (stick.ts) for a while in each play world (playWorlds.ts),
 * a companion following it, and the figures a player would see go wrong measured frame by frame — where every
 * teleport and rejoin put the companion (in water deeper than wade, on steep ground, inside a solid, within the sum
 * of the radii of the player), walk shown above RUN_ENTER + GAIT_SLACK or run below RUN_EXIT − GAIT_SLACK, a gait
 * over a still body or `wait` over a moving one (CO-8), and how long after the player it got up a ledge.
 */
import type { Ground, Row, World } from '../types.ts';
import type { WalkerCore } from '../companion/core.ts';
import { Companion } from '../companion/companion.ts';
import { FOLLOW_DISTANCE, GAIT_SLACK, IDLE_EPS, RUN_ENTER, RUN_EXIT, TELEPORT_DISTANCE } from '../companion/constants.ts';
import { locomotionViolations } from '../companion/invariants.ts';
import type { PlayWorld } from './playWorlds.ts';
import { Stick } from './stick.ts';

/** The figures of one play (CO-13). */
export interface PlayFigures {
  readonly world: string;
  seconds: number;
  /** Teleports and rejoins (placements beside the player), and the sentences of those that put it somewhere bad. */
  placements: number;
  badPlacements: string[];
  /** Seconds the companion stood in water deeper than its wade. */
  deepSeconds: number;
  /** Seconds of walk above RUN_ENTER + GAIT_SLACK, of run below RUN_EXIT − GAIT_SLACK (measured speed). */
  walkFast: number;
  runSlow: number;
  /** Seconds it moved while beyond TELEPORT_DISTANCE of the player (toward a trail point the player left by a warp). */
  chasedWarp: number;
  /** Seconds of a gait over a still body, of `wait` over a body moving under its own intent (CO-8). */
  inPlace: number;
  sliding: number;
  /**
   * Per ledge climb of the player, seconds from when the player on top was beyond the follow ring until the companion
   * was on top too (Infinity: not while the player stayed up).
   */
  ledgeDelays: number[];
  jumps: number;
  routes: number;
  /** The slowest companion step, in ms, and every step's time, when timed. */
  longestStep: number;
  stepTimes: number[];
  /** The companion's planar position every half second: the bits two cores must share. */
  trace: number[];
}

/** The planar distance between two rows. */
function apart(a: Row, b: Row): number {
  const dx = a.pos[0] - b.pos[0];
  const dz = a.pos[2] - b.pos[2];
  return Math.sqrt(dx * dx + dz * dz);
}

/** What is wrong with where `row` stands after a placement, as a sentence; null when nothing is. */
function badSpot(core: WalkerCore, w: World, g: Ground, row: Row, player: Row): string | null {
  const n = core.numbers(row, w);
  const [x, z] = [row.pos[0], row.pos[2]];
  const depth = g.depth?.(x, z) ?? 0;
  if (depth > n.wade) return `in ${depth.toFixed(2)} m of water`;
  const e = Math.max(n.span / 2, 0.05);
  const sx = (core.stand(n, g, x + e, z) - core.stand(n, g, x - e, z)) / (2 * e);
  const sz = (core.stand(n, g, x, z + e) - core.stand(n, g, x, z - e)) / (2 * e);
  if (Math.sqrt(sx * sx + sz * sz) > n.maxSlope) return 'on steep ground';
  for (const c of g.solids(x, z, n.radius)) {
    if ((c.x - x) * (c.x - x) + (c.z - z) * (c.z - z) < (c.radius + n.radius) * (c.radius + n.radius)) return 'inside a solid';
  }
  const reach = n.radius + core.numbers(player, w).radius;
  if (apart(row, player) < reach) return `${apart(row, player).toFixed(2)} m from the player`;
  return null;
}

/**
 * Plays `seconds` in frames of `dt` in `play` on `core`: the stick moves the player, the companion steps after it,
 * and every frame is measured. `clock`, when given, times each companion step (ms) for the longest.
 */
export function playWorld(core: WalkerCore, groundOf: (w: World) => Ground, play: PlayWorld, seed: number, seconds: number, dt: number, clock?: () => number): PlayFigures {
  const w = play.world;
  const g = groundOf(w);
  const player: Row = { kind: 'player', pos: [0, 0, 0] };
  player.pos = [0, core.stand(core.numbers(player, w), g, 0, 0), 0];
  const row: Row = { kind: 'ally', pos: [0, 0, 0] };
  row.pos = [0, core.stand(core.numbers(row, w), g, 0, -FOLLOW_DISTANCE), -FOLLOW_DISTANCE];
  const companion = new Companion(core, { row, world: w, ground: g, id: 'ally' });
  const stick = new Stick(seed, play.roam, play.goals);
  const f: PlayFigures = {
    world: play.name, seconds: 0, placements: 0, badPlacements: [], deepSeconds: 0, walkFast: 0, runSlow: 0,
    inPlace: 0, sliding: 0, chasedWarp: 0, ledgeDelays: [], jumps: 0, routes: 0, longestStep: 0, stepTimes: [], trace: [],
  };
  const wade = core.numbers(row, w).wade;
  const onLedge = (r: Row): boolean => play.ledge !== undefined && r.pos[0] < play.ledge.x && r.pos[1] > play.ledge.top - 0.2;
  // Up means standing there: a body held steep on the face's top edge, or hopping over it, is not yet up (WA-7).
  const standsOnLedge = (r: Row): boolean => onLedge(r) && r.air !== true && r.steep !== true;
  // The player got on top of the ledge (and has not come down), and since when the companion has been asked up.
  let climbed = false;
  let climbedAt = -1;
  const frames = Math.round(seconds / dt);
  for (let i = 1; i <= frames; i++) {
    const t = i * dt;
    stick.push(core, w, g, player, row, dt);
    const wasUp = onLedge(player);
    core.walk(player, w, dt, g);
    if (!wasUp && onLedge(player) && !onLedge(row)) climbed = true;
    if (!onLedge(player) && player.air !== true) climbed = false;
    const separated = apart(row, player) > TELEPORT_DISTANCE;
    const start = clock?.() ?? 0;
    companion.step(dt, player);
    if (clock) {
      const ms = clock() - start;
      f.stepTimes.push(ms);
      f.longestStep = Math.max(f.longestStep, ms);
    }
    // The companion is asked up once the player on top has gone beyond the follow ring.
    if (climbed && climbedAt < 0 && companion.gap > FOLLOW_DISTANCE) climbedAt = t;
    if (!climbed) climbedAt = -1;
    if (climbedAt >= 0 && standsOnLedge(row)) {
      climbed = false;
      f.ledgeDelays.push(t - climbedAt);
      climbedAt = -1;
    }
    if (companion.teleported) {
      f.placements += 1;
      const bad = badSpot(core, w, g, row, player);
      if (bad !== null) f.badPlacements.push(`t=${t.toFixed(2)} s: placed at (${row.pos[0].toFixed(2)}, ${row.pos[2].toFixed(2)}) ${bad}`);
    }
    if ((g.depth?.(row.pos[0], row.pos[2]) ?? 0) > wade) f.deepSeconds += dt;
    const speed = companion.measured;
    if (separated && !companion.teleported && speed >= IDLE_EPS) f.chasedWarp += dt;
    if (companion.clip === 'walk' && speed > RUN_ENTER + GAIT_SLACK) f.walkFast += dt;
    if (companion.clip === 'run' && speed < RUN_EXIT - GAIT_SLACK) f.runSlow += dt;
    for (const v of locomotionViolations(companion)) {
      if (v.includes("plays 'wait'")) f.sliding += dt;
      else if (v.includes('below IDLE_EPS')) f.inPlace += dt;
    }
    if (i % Math.round(0.5 / dt) === 0) f.trace.push(row.pos[0], row.pos[2]);
  }
  if (climbedAt >= 0) f.ledgeDelays.push(Infinity);
  f.seconds = frames * dt;
  f.jumps = companion.jumps;
  f.routes = companion.routes;
  return f;
}
