/**
 * The autopilot probe (CO-11): a deterministic headless run in a generated world. A scripted player runs, walks,
 * stops, attacks rooted, is knocked down, weaves through trees, sprints off and warps far; enemies appear; the
 * companion follows and fights. Then the out-of-reach scenes (outOfReach.ts) put the player where the companion
 * cannot follow on foot. Every frame is checked against the locomotion invariants (CO-8) and watched by
 * the tripwire (CO-9), and the run comes back as a report with a per-frame timeline.
 */
import type { Ground, Row, World } from '../types.ts';
import type { WalkerCore } from '../companion/core.ts';
import type { Clip } from '../companion/clips.ts';
import { Companion, type CompanionState } from '../companion/companion.ts';
import { FOLLOW_DISTANCE, FOLLOW_SLOW_RADIUS, GAIT_SLACK, GAP_MARGIN, MOVE_SPEED, RUN_ENTER, RUN_EXIT } from '../companion/constants.ts';
import { locomotionViolations } from '../companion/invariants.ts';
import { planarSpeed } from '../companion/planar.ts';
import { autopilotWorld } from './world.ts';
import { PLAYER_SCRIPT, circleWant, steerAlong, type PlayerState } from './playerScript.ts';
import { formatOutOfReach, runOutOfReach, type OutOfReachResult } from './outOfReach.ts';

/** What a run is given. */
export interface AutopilotOptions {
  /** The walker calls (either entry's). */
  core: WalkerCore;
  /** The entry's `groundOf` (G-5). */
  groundOf: (w: World) => Ground;
  /** Seed of the generated world; default 7. */
  seed?: number;
  /** Physics frame length in seconds; default 1/60. */
  dt?: number;
  /** Injects the #420 regression (run forced on a still FOLLOW body) so the oracle can be seen to fire. */
  fault?: boolean;
}

/** One frame of the run, for the timeline. */
export interface AutopilotFrame {
  t: number;
  phase: number;
  player: PlayerState;
  state: CompanionState;
  clip: Clip;
  measured: number;
  commanded: number;
  playerSpeed: number;
  gap: number;
  teleported: boolean;
  failed: boolean;
}

/** The run's figures (CO-11). */
export interface AutopilotReport {
  seed: number;
  dt: number;
  seconds: number;
  frames: number;
  /** Seconds spent in each clip. */
  clipSeconds: Record<Clip, number>;
  /** Seconds spent in each companion state. */
  stateSeconds: Record<CompanionState, number>;
  clipSwitches: number;
  switchesPerSecond: number;
  walkRunSwitches: number;
  /**
   * The shortest time a clip had played before a walk↔run switch on the borderline, at a speed within GAIT_SLACK of
   * the band (CO-7: ≥ ANIM_HOLD_TIME); null with none.
   */
  shortestWalkRunHold: number | null;
  /** The largest planar gap to the player in any frame (teleport separations included). */
  largestGap: number;
  /**
   * The largest gap over settled FOLLOW frames — caught up to within FOLLOW_DISTANCE + FOLLOW_SLOW_RADIUS since the
   * last teleport, fight, obstruction or player faster than MOVE_SPEED — and the bound it must stay within: that
   * plus GAP_MARGIN (CO-8).
   */
  settledGap: number;
  settledBound: number;
  teleports: number;
  /** Routes the companion took round what blocked it, and routes it planned (CO-12). */
  routes: number;
  plans: number;
  enemies: number;
  enemiesDefeated: number;
  /** Seconds FOLLOW's motion was not the straight commanded motion: going round trees, cut short by a solid, rise or water. */
  obstructedSeconds: number;
  /** Seconds the companion stood in water. */
  wadingSeconds: number;
  /** The length of the path the player walked (warps excluded), metres. */
  playerDistance: number;
  /** Tripwire sentences (CO-9). */
  tripwire: string[];
  /** CO-8 invariant violations, each a sentence with its time. */
  violations: string[];
  /** The out-of-reach scenes: ledge, cliff, lake, steep slope, plateau (CO-8). */
  outOfReach: OutOfReachResult[];
  pass: boolean;
  phases: Array<{ name: string; start: number; end: number }>;
  timeline: AutopilotFrame[];
}

/** The #420 regression, for the oracle's own check: run whenever FOLLOW should wait. */
class RunsInPlace extends Companion {
  protected override resolveClip(): Clip {
    const clip = super.resolveClip();
    return clip === 'wait' && this.state === 'FOLLOW' ? 'run' : clip;
  }
}

/** Puts a row of `kind` on the ground at (x, z). */
function rowAt(core: WalkerCore, w: World, g: Ground, kind: string, x: number, z: number, extra: Record<string, unknown> = {}): Row {
  const row: Row = { kind, ...extra, pos: [0, 0, 0] };
  row.pos = [x, core.stand(core.numbers(row, w), g, x, z), z];
  return row;
}

/** Runs the autopilot probe and returns its report; deterministic for a given core, seed and dt (CO-11). */
export function runAutopilot(options: AutopilotOptions): AutopilotReport {
  const { core } = options;
  const seed = options.seed ?? 7;
  const dt = options.dt ?? 1 / 60;
  const w = autopilotWorld(seed);
  const g = options.groundOf(w);
  const tripwire: string[] = [];
  const violations: string[] = [];
  const enemies: Row[] = [];
  let defeated = 0;

  const player = rowAt(core, w, g, 'player', 0, 0, { as: 'xbot', state: 'IDLE' });
  let lastX = player.pos[0];
  let lastZ = player.pos[2];
  const row = rowAt(core, w, g, 'ally', 0, -FOLLOW_DISTANCE);
  const Kind = options.fault ? RunsInPlace : Companion;
  const companion = new Kind(core, {
    row, world: w, ground: g, id: 'ally',
    tripwire: (m) => tripwire.push(m),
    onHit: (enemy) => {
      enemy.hp = (enemy.hp as number) - 1;
      if ((enemy.hp as number) <= 0) defeated += 1;
    },
  });

  const timeline: AutopilotFrame[] = [];
  const phases: AutopilotReport['phases'] = [];
  const clipSeconds: Record<Clip, number> = { wait: 0, walk: 0, run: 0, atk1: 0 };
  const stateSeconds: Record<CompanionState, number> = { FOLLOW: 0, ENGAGE: 0, ATTACK: 0, REGROUP: 0 };
  const settledBound = FOLLOW_DISTANCE + FOLLOW_SLOW_RADIUS + GAP_MARGIN;
  let t = 0;
  let clipSwitches = 0;
  let walkRunSwitches = 0;
  let shortestWalkRunHold: number | null = null;
  let largestGap = 0;
  let settledGap = 0;
  let settled = false;
  let wadingSeconds = 0;
  let obstructedSeconds = 0;
  let playerDistance = 0;

  for (let p = 0; p < PLAYER_SCRIPT.length; p++) {
    const phase = PLAYER_SCRIPT[p];
    const start = t;
    player.state = phase.state;
    if (phase.warp) {
      const [x, z] = phase.warp;
      player.pos = [x, core.stand(core.numbers(player, w), g, x, z), z];
      player.vel = [0, 0, 0];
      player.want = [0, 0];
    }
    if (phase.knock) player.vel = [phase.knock[0], player.vel?.[1] ?? 0, phase.knock[1]];
    for (const [ox, oz] of phase.enemies ?? []) {
      enemies.push(rowAt(core, w, g, 'grunt', player.pos[0] + ox, player.pos[2] + oz, { hp: 3 }));
    }
    const cx = player.pos[0] + (phase.circle ?? 0);
    const cz = player.pos[2];
    let next = 0;
    const frames = Math.round(phase.seconds / dt);
    for (let f = 0; f < frames; f++) {
      t += dt;
      // The player moves first, by its script.
      const speed = phase.speed ?? 0;
      if (phase.circle !== undefined && speed > 0) player.want = circleWant(player, cx, cz, phase.circle, speed);
      else if (phase.route && speed > 0) next = steerAlong(core, w, g, player, phase.route, next, speed);
      else player.want = [0, 0];
      const walkedFromX = player.pos[0];
      const walkedFromZ = player.pos[2];
      core.walk(player, w, dt, g);
      playerDistance += planarSpeed(player.pos[0] - walkedFromX, player.pos[2] - walkedFromZ, dt) * dt;
      // The player's speed over the whole frame: a warp shows as the jump it is.
      const playerSpeed = planarSpeed(player.pos[0] - lastX, player.pos[2] - lastZ, dt);
      lastX = player.pos[0];
      lastZ = player.pos[2];
      // Enemies stand their ground.
      const standing = enemies.filter((e) => (e.hp as number) > 0);
      for (const e of standing) {
        e.want = [0, 0];
        core.walk(e, w, dt, g);
      }
      // Then the companion.
      const clipBefore = companion.clip;
      const heldBefore = companion.clipTime;
      const failures = tripwire.length;
      companion.step(dt, player, standing);

      // Figures and checks.
      const frameViolations = locomotionViolations(companion);
      if (companion.clip !== clipBefore) {
        clipSwitches += 1;
        if ((clipBefore === 'walk' || clipBefore === 'run') && (companion.clip === 'walk' || companion.clip === 'run')) {
          walkRunSwitches += 1;
          const hold = heldBefore + dt;
          const speed = companion.gaitSpeed;
          const borderline = speed >= RUN_EXIT - GAIT_SLACK && speed <= RUN_ENTER + GAIT_SLACK;
          if (borderline) shortestWalkRunHold = shortestWalkRunHold === null ? hold : Math.min(shortestWalkRunHold, hold);
        }
      }
      clipSeconds[companion.clip] += dt;
      stateSeconds[companion.state] += dt;
      largestGap = Math.max(largestGap, companion.gap);
      // Obstructed: FOLLOW's motion was not the straight commanded motion — seek took it round a tree, or a solid,
      // a rise or deep water cut the move short. Detours cost gap the 0.5 m/s spare over MOVE_SPEED wins back slowly.
      const obstructed = companion.state === 'FOLLOW'
        && (row.side !== 0 || companion.measured < companion.commanded - 1e-9 * (1 + companion.commanded));
      if (obstructed) obstructedSeconds += dt;
      // Settled: caught up (back within the ramp) since the last teleport, fight, obstruction or player faster than MOVE_SPEED.
      const disturbed = companion.state !== 'FOLLOW' || companion.teleported || obstructed || playerSpeed > MOVE_SPEED + 1e-9;
      settled = !disturbed && (settled || companion.gap <= FOLLOW_DISTANCE + FOLLOW_SLOW_RADIUS);
      if (settled) {
        settledGap = Math.max(settledGap, companion.gap);
        if (companion.gap > settledBound) frameViolations.push(`trails ${companion.gap.toFixed(2)} m behind in settled FOLLOW, beyond ${settledBound} m`);
      }
      for (const v of frameViolations) violations.push(`t=${t.toFixed(3)} s (${phase.name}): companion 'ally' ${v}`);
      if (g.depth && g.depth(row.pos[0], row.pos[2]) > 0) wadingSeconds += dt;
      timeline.push({
        t, phase: p, player: phase.state, state: companion.state, clip: companion.clip, measured: companion.measured,
        commanded: companion.commanded, playerSpeed, gap: companion.gap, teleported: companion.teleported,
        failed: tripwire.length > failures || frameViolations.length > 0,
      });
    }
    phases.push({ name: phase.name, start, end: t });
  }

  const outOfReach = runOutOfReach(core, options.groundOf, dt, Kind);
  for (const r of outOfReach) {
    tripwire.push(...r.tripwire);
    violations.push(...r.violations);
  }
  return {
    seed, dt, seconds: t, frames: timeline.length, clipSeconds, stateSeconds, clipSwitches,
    switchesPerSecond: clipSwitches / t, walkRunSwitches, shortestWalkRunHold, largestGap, settledGap, settledBound,
    teleports: companion.teleports, routes: companion.routes, plans: companion.plans, enemies: enemies.length, enemiesDefeated: defeated, obstructedSeconds, wadingSeconds, playerDistance,
    tripwire, violations, outOfReach, pass: tripwire.length === 0 && violations.length === 0 && outOfReach.every((r) => r.pass), phases, timeline,
  };
}

/** The report as the lines the probe prints (CO-11). */
export function formatReport(r: AutopilotReport): string {
  const pct = (s: number) => `${s.toFixed(1)} s (${((100 * s) / r.seconds).toFixed(1)}%)`;
  const clips = (Object.keys(r.clipSeconds) as Clip[]).map((c) => `${c} ${pct(r.clipSeconds[c])}`).join(', ');
  const states = (Object.keys(r.stateSeconds) as CompanionState[]).map((s) => `${s} ${pct(r.stateSeconds[s])}`).join(', ');
  const lines = [
    `walker autopilot: a companion following a scripted player, seed ${r.seed}, ${r.seconds.toFixed(1)} s at ${Math.round(1 / r.dt)} Hz, ${r.frames} frames, player ran ${r.playerDistance.toFixed(0)} m [CO-11]`,
    `time in clip: ${clips}`,
    `time in state: ${states}`,
    `clip switches: ${r.clipSwitches} (${r.switchesPerSecond.toFixed(2)} per second); walk<->run switches: ${r.walkRunSwitches}, shortest hold before one on the borderline: ${r.shortestWalkRunHold === null ? 'none' : `${r.shortestWalkRunHold.toFixed(3)} s`}`,
    `trailing gap: largest ${r.largestGap.toFixed(2)} m, settled ${r.settledGap.toFixed(2)} m (bound ${r.settledBound.toFixed(2)} m); obstructed ${r.obstructedSeconds.toFixed(1)} s`,
    `teleports: ${r.teleports}; routes taken: ${r.routes} of ${r.plans} planned; over every scene: ${r.routes + r.outOfReach.reduce((n, o) => n + o.routes, 0)} taken of ${r.plans + r.outOfReach.reduce((n, o) => n + o.plans, 0)} planned`,
    `enemies defeated: ${r.enemiesDefeated} of ${r.enemies}; wading: ${r.wadingSeconds.toFixed(1)} s`,
    ...formatOutOfReach(r.outOfReach),
    `tripwire failures (walk or run held on a still body): ${r.tripwire.length} [CO-9]`,
    ...r.tripwire,
    `gait and gap violations (a gait on a still body, wait while moving, a gap past its bound): ${r.violations.length} [CO-8]`,
    ...r.violations.slice(0, 20),
    ...(r.violations.length > 20 ? [`… and ${r.violations.length - 20} more`] : []),
    r.pass ? 'PASS' : 'FAIL',
  ];
  return lines.join('\n');
}
