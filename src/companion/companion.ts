/**
 * The companion controller (CO-4..CO-10, CO-12): a walker row driven once per physics frame. Where it moves is decided
 * by its state — FOLLOW's arrival controller on the player's delayed trail, or the combat states' seek — and which
 * clip it shows is decided once, centrally, from its own measured motion and intent, never from the player's state.
 * When the straight way makes no progress it walks a route round what blocks it (CO-12); when that does not help
 * either it rejoins: a jump where one gets it up, else a teleport beside the player.
 */
import type { Ground, Numbers, Row, World } from '../types.ts';
import { newBody } from '../body.ts';
import { readBody } from '../rows.ts';
import { checkGround } from '../reference/lattice.ts';
import { routeCell } from '../reference/route.ts';
import type { WalkerCore } from './core.ts';
import type { Clip } from './clips.ts';
import {
  AGGRO_RANGE,
  ATTACK_REACH,
  ATTACK_TIME,
  FOLLOW_DISTANCE,
  FOLLOW_MAX_SPEED,
  FOLLOW_SLOW_RADIUS,
  IDLE_EPS,
  LEASH_DISTANCE,
  ROUTE_CELLS,
  ROUTE_GAIN,
  ROUTE_INTERVAL,
  ROUTE_LOOKAHEAD,
  ROUTE_MARGIN,
  ROUTE_TIME,
  STUCK_TIME,
  TELEPORT_DISTANCE,
  TRAIL_DELAY,
} from './constants.ts';
import { badInput, checkFunctionArg, checkObjectArg, checkPositionArg, shown } from './checks.ts';
import { Detour, type DetourState } from './detour.ts';
import { checkCompanionOptionKeys } from './options.ts';
import { followSpeed } from './followSpeed.ts';
import { locomotionClip } from './locomotionClip.ts';
import { playAnim } from './playAnim.ts';
import { planarDistance, planarSpeed } from './planar.ts';
import { Trail } from './trail.ts';
import { Tripwire } from './tripwire.ts';

/** The companion's combat FSM states; FOLLOW is the trail-follow of CO-4, the others are CO-10's. */
export type CompanionState = 'FOLLOW' | 'ENGAGE' | 'ATTACK' | 'REGROUP';

/** What a Companion is built from. */
export interface CompanionOptions {
  /** The companion's walker row, owned by the caller; the companion writes it each frame. */
  row: Row;
  /** The world whose `walker.kinds` names the row's kind. */
  world: World;
  /** The ground the row walks on (e.g. `groundOf(world)`). */
  ground: Ground;
  /** The companion's name in tripwire messages; default `'companion'`. */
  id?: string;
  /** Turns the CO-9 tripwire on: each failure sentence is handed to this function. Absent: no tripwire. */
  tripwire?: (message: string) => void;
  /** Called when a swing lands on an enemy (CO-10); the caller applies the damage (e.g. lowers `enemy.hp`). */
  onHit?: (enemy: Row) => void;
  /** Samples the trail keeps (CO-3); default 128, enough for TRAIL_DELAY at frame rates up to ~420 Hz. */
  trailCapacity?: number;
}

/** An enemy row counts until its `hp` is a number ≤ 0. */
function isStanding(enemy: Row): boolean {
  const hp = enemy.hp;
  return typeof hp !== 'number' || hp > 0;
}

/** cos and sin of 22.5°, 45°, … 180°: the turns placeBeside tries, written out so every engine places alike. */
const RING_TURNS: ReadonlyArray<readonly [number, number]> = [
  [0.9238795325112867, 0.3826834323650898], [0.7071067811865476, 0.7071067811865476],
  [0.3826834323650898, 0.9238795325112867], [0, 1], [-0.3826834323650898, 0.9238795325112867],
  [-0.7071067811865476, 0.7071067811865476], [-0.9238795325112867, 0.3826834323650898], [-1, 0],
];

/** A body to check rows into (readBody), reused every frame. */
const scratch = newBody();

/** The fields of a row the companion (and the walk and seek it calls) may write in a frame. */
const WRITTEN = ['pos', 'vel', 'want', 'yaw', 'jump', 'air', 'steep', 'floor', 'speed', 'side', 'turned', 'unreachable'] as const;

/** Throws unless every field the companion writes can be written on `row` (R-3: a call that throws writes nothing). */
function checkWritable(row: Row): void {
  if (!Object.isExtensible(row)) throw badInput('Companion', 'row', row, 'a row that can be written (not frozen, sealed or non-extensible)');
  for (const field of WRITTEN) {
    const d = Object.getOwnPropertyDescriptor(row, field);
    if (d !== undefined && d.set === undefined && d.writable !== true) throw badInput('Companion', `row.${field}`, row[field], 'a writable field');
  }
}

/** Throws unless `core` has the five walker calls (WalkerCore). */
function checkCore(core: unknown): WalkerCore {
  const c = checkObjectArg('Companion', 'core', core);
  for (const name of ['walk', 'seek', 'stand', 'numbers', 'route'] as const) checkFunctionArg('Companion', `core.${name}`, c[name]);
  return core as WalkerCore;
}

/** The companion's own state, as `step` saves it to put back when the frame throws. */
type Saved = Pick<Companion, 'state' | 'target' | 'clip' | 'clipTime' | 'commanded' | 'measured' | 'intent' | 'gap' | 'teleported' | 'teleports' | 'swing' | 'stuck' | 'jumps' | 'routes' | 'plans'> & { leaping: boolean; jumped: boolean; detour: DetourState };

/**
 * A companion that follows the player along its delayed trail, goes round on a route what it cannot cross (CO-12),
 * rejoins when it still cannot close on it (a jump, else a teleport beside the player), teleports back when
 * separated, fights enemies near it, and resolves its clip once per frame from its measured motion with the
 * walk↔run-only debounce (CO-3..CO-10, CO-12).
 */
export class Companion {
  /** The walker calls the row is driven with. */
  readonly core: WalkerCore;
  /** The companion's walker row. */
  readonly row: Row;
  /** The world the row walks in. */
  world: World;
  /** The ground the row walks on. */
  ground: Ground;
  /** The companion's name in tripwire messages. */
  readonly id: string;
  /** The player's recorded path (CO-3). */
  readonly trail: Trail;

  /** The FSM state after the last frame (CO-10). */
  state: CompanionState = 'FOLLOW';
  /** The enemy being engaged or attacked, else null. */
  target: Row | null = null;
  /** The clip playing after the last frame (CO-6, CO-7). */
  clip: Clip = 'wait';
  /** Seconds since the playing clip started (CO-7). */
  clipTime = 0;
  /** The last frame's commanded follow speed: the length of the velocity FOLLOW set, 0 in other states (CO-4). */
  commanded = 0;
  /** The last frame's measured planar speed `|(Δx, Δz)| / dt` (CO-6). */
  measured = 0;
  /** The last frame's movement intent: FOLLOW's `commanded > 0` or a slide off steep ground, or the combat state's own (CO-6, CO-8). */
  intent = false;
  /** The planar distance to the player at the end of the last frame (CO-8). */
  gap = 0;
  /** Whether the last frame placed the companion beside the player (CO-5, CO-8). */
  teleported = false;
  /** How many times the companion was placed beside the player (CO-5, CO-8). */
  teleports = 0;
  /** How many rejoining jumps it made (CO-8). */
  jumps = 0;
  /** Seconds it has gone without closing on its aim while outside the follow ring (CO-8: STUCK_TIME). */
  stuck = 0;
  /** Seconds into the current `atk1` swing (CO-10). */
  swing = 0;
  /** How many routes it took and walked round what blocked it (CO-12). */
  routes = 0;
  /** How many routes it planned (calls of `route`), taken or not (CO-12). */
  plans = 0;

  private readonly onHit: ((enemy: Row) => void) | undefined;
  private readonly wire: Tripwire | null;
  private readonly point: number[] = [0, 0];
  /** Where the companion heads this frame: a waypoint of its detour, else its aim (the scratch point). */
  private readonly heading: number[] = [0, 0];
  /** Where the player will be ROUTE_LOOKAHEAD from now at its trail pace (CO-12). */
  private readonly ahead: number[] = [0, 0];
  /** The route being walked (CO-12). */
  private readonly detour = new Detour();
  /** A rejoining jump is under way: FOLLOW heads straight at the trail point until the body lands. */
  private leaping = false;
  /** This stuck spell already tried its jump; the next rejoin is a teleport. */
  private jumped = false;

  /**
   * A companion driving `options.row` with the walker calls of `core` (either entry's) (CO-4). Every option is
   * checked here — a missing or bad row, world, ground or callback is refused with a sentence naming it.
   */
  constructor(core: WalkerCore, options: CompanionOptions) {
    checkCore(core);
    const o = checkObjectArg('Companion', 'options', options);
    checkCompanionOptionKeys(o);
    if (o.row === undefined) throw badInput('Companion', 'options.row', o.row, "the companion's walker row (an object with pos)");
    const row = checkObjectArg('Companion', 'options.row', o.row) as Row;
    readBody(row, scratch);
    checkWritable(row);
    checkObjectArg('Companion', 'options.world', o.world);
    core.numbers(row, o.world as World);
    checkGround(o.ground as Ground);
    if (o.id !== undefined && typeof o.id !== 'string') throw badInput('Companion', 'options.id', o.id, 'a string or nothing');
    checkFunctionArg('Companion', 'options.tripwire', o.tripwire, true);
    checkFunctionArg('Companion', 'options.onHit', o.onHit, true);
    this.trail = new Trail(undefined, o.trailCapacity as number | undefined);
    this.core = core;
    this.row = row;
    this.world = o.world as World;
    this.ground = o.ground as Ground;
    this.id = (o.id as string | undefined) ?? 'companion';
    this.onHit = o.onHit as ((enemy: Row) => void) | undefined;
    this.wire = o.tripwire ? new Tripwire(this.id, o.tripwire as (message: string) => void) : null;
  }

  /**
   * Steps the companion once, after the player has moved this frame: records the trail, decides the state,
   * moves the row (round on a route where the straight way is blocked), rejoins when stuck, then resolves and plays
   * the clip (CO-3..CO-10, CO-12). `enemies` are rows it may fight; one whose `hp` is a number ≤ 0 is down and
   * ignored. The player's own state is never read.
   * Every argument is checked first; a frame that throws leaves the companion and its row exactly as they were.
   */
  step(dt: number, player: Row, enemies: readonly Row[] = []): void {
    this.checkStep(dt, player, enemies);
    const saved = this.save();
    const row = { ...this.row };
    try {
      this.advance(dt, player, enemies);
    } catch (error) {
      this.restore(saved, row);
      throw error;
    }
    this.wire?.watch(this.clip, this.measured, dt);
  }

  /** Throws, naming the argument, unless dt, the player and the enemies are ones a frame can use; nothing is written. */
  private checkStep(dt: unknown, player: unknown, enemies: unknown): void {
    if (typeof dt !== 'number' || !Number.isFinite(dt) || !(dt > 0)) throw badInput('Companion.step', 'dt', dt, 'a finite number > 0');
    const p = checkObjectArg('Companion.step', 'player', player);
    checkPositionArg('Companion.step', 'player.pos', p.pos);
    if (!Array.isArray(enemies)) throw badInput('Companion.step', 'enemies', enemies, 'an array of rows');
    for (let i = 0; i < enemies.length; i++) {
      const e = checkObjectArg('Companion.step', `enemies[${i}]`, i in enemies ? enemies[i] : undefined);
      checkPositionArg('Companion.step', `enemies[${i}].pos`, e.pos);
      if (e.hp !== undefined && (typeof e.hp !== 'number' || Number.isNaN(e.hp))) throw badInput('Companion.step', `enemies[${i}].hp`, e.hp, 'a number or nothing');
    }
    readBody(this.row, scratch);
    checkWritable(this.row);
  }

  private save(): Saved {
    const { state, target, clip, clipTime, commanded, measured, intent, gap, teleported, teleports, swing, stuck, jumps, routes, plans, leaping, jumped } = this;
    return { state, target, clip, clipTime, commanded, measured, intent, gap, teleported, teleports, swing, stuck, jumps, routes, plans, leaping, jumped, detour: this.detour.save() };
  }

  /** Puts back the companion's state, its trail and every field of its row as `save` and the shallow copy `row` held. */
  private restore(saved: Saved, row: Row): void {
    const { detour, ...own } = saved;
    Object.assign(this, own);
    this.detour.restore(detour);
    this.trail.unrecord();
    const now = this.row;
    for (const key of Object.keys(now)) if (!(key in row)) delete now[key];
    for (const key of Object.keys(row)) if (!Object.is(now[key], row[key])) now[key] = row[key];
  }

  /** One frame's work, after the checks (see `step`). */
  private advance(dt: number, player: Row, enemies: readonly Row[]): void {
    this.trail.record(player.pos[0], player.pos[2], dt);
    const x0 = this.row.pos[0];
    const z0 = this.row.pos[2];
    this.commanded = 0;
    const gap = planarDistance(this.row.pos, player.pos);
    this.teleported = this.teleportIfSeparated(gap, player);
    if (!this.teleported) {
      this.decide(gap, enemies);
      const aiming = this.aimOf(player);
      this.steer(dt, gap, aiming, player);
      const before = aiming ? this.distanceToHeading() : 0;
      this.move(dt, gap, player);
      const closed = aiming ? before - this.distanceToHeading() : 0;
      this.teleported = this.rejoinIfStuck(dt, gap, aiming, closed, player);
    }
    this.measured = this.teleported ? 0 : planarSpeed(this.row.pos[0] - x0, this.row.pos[2] - z0, dt);
    this.gap = planarDistance(this.row.pos, player.pos);
    const held = this.clipTime + dt;
    const playing = playAnim(this.clip, held, this.resolveClip());
    this.clipTime = playing === this.clip ? held : 0;
    this.clip = playing;
  }

  /**
   * The clip this frame asks for, resolved once, centrally, from the measured planar motion (CO-6, CO-8): `atk1`
   * while attacking; in FOLLOW from the lesser of the commanded and the measured speed (the measured alone while
   * sliding on steep ground); in the other states from the measured speed; each with the state's own intent.
   */
  protected resolveClip(): Clip {
    if (this.state === 'ATTACK') return 'atk1';
    const speed = this.state === 'FOLLOW' && this.row.steep !== true ? Math.min(this.commanded, this.measured) : this.measured;
    return locomotionClip(this.intent, speed, this.clip);
  }

  /** Where this frame's state heads, written into the scratch point: FOLLOW the trail point, REGROUP the player; false for the fight states. */
  private aimOf(player: Row): boolean {
    if (this.state === 'FOLLOW') {
      this.trail.target(this.point);
      return true;
    }
    if (this.state === 'REGROUP') {
      this.aimAt(player.pos);
      return true;
    }
    return false;
  }

  /** The planar distance from the row to where it heads this frame. */
  private distanceToHeading(): number {
    const dx = this.heading[0] - this.row.pos[0];
    const dz = this.heading[1] - this.row.pos[2];
    return Math.sqrt(dx * dx + dz * dz);
  }

  /**
   * Chooses where the companion heads this frame (CO-12): a detour is dropped inside the follow ring, on a rejoining
   * jump, out of FOLLOW, or when not aiming; in FOLLOW one is planned — grounded, at most once per ROUTE_INTERVAL —
   * when the companion has made no progress for ROUTE_TIME, or when the point its route was planned to has moved
   * more than ROUTE_TOLERANCE from where that point now is (the aim, or the point ahead of the player); then it
   * heads for the route's next waypoint, else its aim.
   */
  private steer(dt: number, gap: number, aiming: boolean, player: Row): void {
    const d = this.detour;
    d.sincePlan += dt;
    const following = aiming && this.state === 'FOLLOW' && gap > FOLLOW_DISTANCE && !this.leaping;
    if (!following) d.clear();
    // Planned only from the ground: a body in the air has no cell to start from.
    if (following && this.row.air !== true && d.sincePlan >= ROUTE_INTERVAL) {
      this.lookAhead(player);
      const moved = d.active && (d.ahead ? d.strayed(this.ahead[0], this.ahead[1]) : d.strayed(this.point[0], this.point[1]));
      if (this.stuck >= ROUTE_TIME || moved) this.plan(player);
    }
    d.heading(this.row.pos[0], this.row.pos[2], this.point[0], this.point[1], this.heading);
  }

  /**
   * Plans a detour (CO-12): a route to the aim (the trail point); when that does not reach, a route to the point
   * ahead of the player (lookAhead), both within routeRegion. One that reaches is taken; one that does not is taken
   * only when its end is at least ROUTE_GAIN nearer that point than the companion is (it goes as near as it can);
   * otherwise the companion heads straight again and the stuck rule (CO-8) goes on counting.
   */
  private plan(player: Row): void {
    const d = this.detour;
    d.sincePlan = 0;
    d.clear();
    const region = this.routeRegion(player);
    if (region === null) return;
    d.region = region;
    this.plans += 1;
    const way = this.core.route(this.row, this.world, this.point, this.ground, { region });
    if (way.reached) {
      d.take(way.waypoints, this.point[0], this.point[1], false);
      this.routes += 1;
      return;
    }
    const [ax, az] = this.ahead;
    this.plans += 1;
    const near = this.core.route(this.row, this.world, this.ahead, this.ground, { region });
    const end = near.waypoints[near.waypoints.length - 1];
    const fromEnd = Math.sqrt((end[0] - ax) * (end[0] - ax) + (end[1] - az) * (end[1] - az));
    const fromHere = Math.sqrt((this.row.pos[0] - ax) * (this.row.pos[0] - ax) + (this.row.pos[2] - az) * (this.row.pos[2] - az));
    if (!near.reached && !(fromEnd <= fromHere - ROUTE_GAIN)) return;
    d.take(near.waypoints, ax, az, true);
    this.routes += 1;
  }

  /**
   * Writes into `ahead` where the player will be ROUTE_LOOKAHEAD from now at its pace over the trail: its position
   * plus (position − trail point) · ROUTE_LOOKAHEAD / TRAIL_DELAY (CO-12). A player at rest is its own point ahead.
   */
  private lookAhead(player: Row): void {
    const [tx, tz] = this.trail.target(this.ahead);
    const k = ROUTE_LOOKAHEAD / TRAIL_DELAY;
    this.ahead[0] = player.pos[0] + (player.pos[0] - tx) * k;
    this.ahead[1] = player.pos[2] + (player.pos[2] - tz) * k;
  }

  /**
   * The box a detour is searched in (CO-12, RT-5): the last plan's box while it holds the companion, its aim, the
   * player and the point ahead of it (so the plans of one detour search one grid); else the box round them widened
   * by ROUTE_MARGIN on each side, the widening halved while the box holds more than ROUTE_CELLS cells; null when
   * even the box round them does.
   */
  private routeRegion(player: Row): readonly number[] | null {
    const pos = this.row.pos;
    const xs = [pos[0], this.point[0], player.pos[0], this.ahead[0]];
    const zs = [pos[2], this.point[1], player.pos[2], this.ahead[1]];
    const [x0, x1, z0, z1] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
    const kept = this.detour.region;
    if (kept !== null && kept[0] <= x0 && kept[1] <= z0 && kept[2] >= x1 && kept[3] >= z1) return kept;
    const cell = routeCell(this.ground);
    for (let m = ROUTE_MARGIN; ; m = m >= cell ? m / 2 : 0) {
      const i0 = Math.floor((x0 - m) / cell);
      const j0 = Math.floor((z0 - m) / cell);
      const i1 = Math.floor((x1 + m) / cell);
      const j1 = Math.floor((z1 + m) / cell);
      // Corners at cell centres, so the box holds exactly cells [i0, i1] × [j0, j1] whatever the rounding of i·cell.
      if ((i1 - i0 + 1) * (j1 - j0 + 1) <= ROUTE_CELLS) return [(i0 + 0.5) * cell, (j0 + 0.5) * cell, (i1 + 0.5) * cell, (j1 + 0.5) * cell];
      if (m === 0) return null;
    }
  }

  /**
   * The stuck rule (CO-8): outside the follow ring, wanting to close (followSpeed ≥ IDLE_EPS), a frame that closed
   * less than IDLE_EPS·dt on where it heads (its aim, or its detour's waypoint) adds dt to `stuck`; any other frame
   * clears it. At STUCK_TIME the companion drops any detour and rejoins: it jumps when grounded, not yet jumped this
   * spell, and a jump gets it onto the player's ground (higher than a step, within floor + jumpH + step); otherwise
   * it is placed beside the player. Returns whether it was placed.
   */
  private rejoinIfStuck(dt: number, gap: number, aiming: boolean, closed: number, player: Row): boolean {
    const row = this.row;
    if (this.leaping && row.air !== true) this.leaping = false;
    const wanted = followSpeed(gap, FOLLOW_DISTANCE, FOLLOW_SLOW_RADIUS, FOLLOW_MAX_SPEED);
    if (!aiming || !(gap > FOLLOW_DISTANCE)) {
      this.stuck = 0;
      this.jumped = false;
      return false;
    }
    if (wanted < IDLE_EPS || closed >= IDLE_EPS * dt) {
      this.stuck = 0;
      return false;
    }
    this.stuck += dt;
    if (this.stuck < STUCK_TIME) return false;
    this.stuck = 0;
    this.detour.clear();
    const n = this.core.numbers(row, this.world);
    const up = this.core.stand(n, this.ground, player.pos[0], player.pos[2]);
    const floor = typeof row.floor === 'number' ? row.floor : row.pos[1];
    if (!this.jumped && row.air !== true && up > row.pos[1] + n.step && up <= floor + n.jumpH + n.step) {
      this.jumped = true;
      this.leaping = true;
      this.jumps += 1;
      row.jump = true;
      return false;
    }
    this.placeBeside(player, n);
    return true;
  }

  /**
   * The teleport backstop (CO-5): beyond TELEPORT_DISTANCE from the player the companion is placed beside it (see
   * placeBeside), at rest, and goes back to FOLLOW. Choice: it waits while the trail point itself is still beyond
   * TELEPORT_DISTANCE (the trail still spans a warp of the player's own), so one separation is one teleport.
   */
  private teleportIfSeparated(gap: number, player: Row): boolean {
    if (!(gap > TELEPORT_DISTANCE)) return false;
    const [x, z] = this.trail.target(this.point);
    const px = player.pos[0] - x;
    const pz = player.pos[2] - z;
    if (Math.sqrt(px * px + pz * pz) > TELEPORT_DISTANCE) return false;
    this.placeBeside(player, this.core.numbers(this.row, this.world));
    return true;
  }

  /**
   * Puts the companion at rest on the first spot that is standable, dry and out of solids (spotFits): the trail
   * point, else one of 16 spots on the follow ring round the player, starting behind it and alternating sides; the
   * trail point when none fits. Goes back to FOLLOW (CO-5, CO-8).
   */
  private placeBeside(player: Row, n: Numbers): void {
    const [tx, tz] = this.trail.target(this.point);
    const ground = this.core.stand(n, this.ground, player.pos[0], player.pos[2]);
    let x = tx;
    let z = tz;
    if (!this.spotFits(n, x, z, ground)) {
      let bx = tx - player.pos[0];
      let bz = tz - player.pos[2];
      const bl = Math.sqrt(bx * bx + bz * bz);
      bx = bl > 0 ? bx / bl : 0;
      bz = bl > 0 ? bz / bl : -1;
      for (let k = 1; k < 16; k++) {
        // Spot k: the bearing behind the player turned by ±22.5° steps, nearest first.
        const [c, sin] = RING_TURNS[Math.ceil(k / 2) - 1];
        const s = k % 2 === 1 ? sin : -sin;
        const sx = player.pos[0] + FOLLOW_DISTANCE * (bx * c - bz * s);
        const sz = player.pos[2] + FOLLOW_DISTANCE * (bx * s + bz * c);
        if (this.spotFits(n, sx, sz, ground)) {
          x = sx;
          z = sz;
          break;
        }
      }
    }
    const y = this.core.stand(n, this.ground, x, z);
    const row = this.row;
    row.pos = [x, y, z];
    row.vel = [0, 0, 0];
    row.want = [0, 0];
    row.air = false;
    row.steep = false;
    row.floor = y;
    row.speed = 0;
    row.side = 0;
    row.turned = 0;
    row.jump = false;
    row.unreachable = false;
    this.state = 'FOLLOW';
    this.target = null;
    this.intent = false;
    this.stuck = 0;
    this.jumped = false;
    this.leaping = false;
    this.detour.clear();
    this.teleports += 1;
  }

  /**
   * Whether the body can be put down at (x, z) (CO-5, CO-8): on the player's ground (stand height within a step of
   * `ground`), walkable (the stand height's slope by central differences, as ST-3 measures it, within maxSlope),
   * dry (the ground's depth at the four corner feet within wade) and out of every solid grown by the radius.
   */
  private spotFits(n: Numbers, x: number, z: number, ground: number): boolean {
    const g = this.ground;
    const h = this.core.stand(n, g, x, z);
    if (!(Math.abs(h - ground) <= n.step)) return false;
    const e = Math.max(n.span / 2, 0.05);
    const sx = (this.core.stand(n, g, x + e, z) - this.core.stand(n, g, x - e, z)) / (2 * e);
    const sz = (this.core.stand(n, g, x, z + e) - this.core.stand(n, g, x, z - e)) / (2 * e);
    if (!(Math.sqrt(sx * sx + sz * sz) <= n.maxSlope)) return false;
    if (g.depth !== undefined) {
      const half = n.span / 2;
      const depth = (g.depth(x - half, z - half) + g.depth(x + half, z - half) + g.depth(x - half, z + half) + g.depth(x + half, z + half)) / 4;
      if (!(depth <= n.wade)) return false;
    }
    for (const c of g.solids(x, z, n.radius)) {
      const dx = c.x - x;
      const dz = c.z - z;
      const reach = c.radius + n.radius;
      if (dx * dx + dz * dz < reach * reach) return false;
    }
    return true;
  }

  /** The FSM transitions of CO-10, taken at the start of a frame, `gap` metres from the player. */
  private decide(gap: number, enemies: readonly Row[]): void {
    const leashed = gap <= LEASH_DISTANCE;
    switch (this.state) {
      case 'FOLLOW':
        if (leashed) this.engage(this.nearestEnemy(enemies));
        break;
      case 'ENGAGE':
        if (!leashed || this.target === null || !isStanding(this.target)) this.engageNextOrRegroup(leashed, enemies);
        else if (planarDistance(this.row.pos, this.target.pos) <= ATTACK_REACH) this.attack();
        break;
      case 'ATTACK':
        if (this.swing < ATTACK_TIME) break;
        if (!leashed || this.target === null || !isStanding(this.target)) this.engageNextOrRegroup(leashed, enemies);
        else if (planarDistance(this.row.pos, this.target.pos) <= ATTACK_REACH) this.attack();
        else this.state = 'ENGAGE';
        break;
      case 'REGROUP':
        if (gap <= FOLLOW_DISTANCE + FOLLOW_SLOW_RADIUS) this.state = 'FOLLOW';
        break;
    }
  }

  /** The standing enemy nearest the companion within AGGRO_RANGE, or null (CO-10). */
  private nearestEnemy(enemies: readonly Row[]): Row | null {
    let best: Row | null = null;
    let bestDistance = AGGRO_RANGE;
    for (const enemy of enemies) {
      if (!isStanding(enemy)) continue;
      const d = planarDistance(this.row.pos, enemy.pos);
      if (d <= bestDistance) {
        best = enemy;
        bestDistance = d;
      }
    }
    return best;
  }

  /** Goes into ENGAGE against `enemy` when there is one. */
  private engage(enemy: Row | null): void {
    if (enemy === null) return;
    this.state = 'ENGAGE';
    this.target = enemy;
  }

  /** After a fight ends: the next enemy in range while leashed, else REGROUP to the player. */
  private engageNextOrRegroup(leashed: boolean, enemies: readonly Row[]): void {
    const next = leashed ? this.nearestEnemy(enemies) : null;
    if (next !== null) {
      this.engage(next);
      return;
    }
    this.state = 'REGROUP';
    this.target = null;
  }

  /** Starts a rooted `atk1` swing at the target. */
  private attack(): void {
    this.state = 'ATTACK';
    this.swing = 0;
  }

  /** Moves the row once by the current state's rule, `gap` metres from the player: exactly one `walk` per frame. */
  private move(dt: number, gap: number, player: Row): void {
    switch (this.state) {
      case 'FOLLOW':
        this.follow(dt, gap);
        return;
      case 'ENGAGE':
        this.intent = true;
        this.core.seek(this.row, this.world, this.aimAt(this.target!.pos), ATTACK_REACH, this.ground);
        this.core.walk(this.row, this.world, dt, this.ground);
        return;
      case 'ATTACK':
        this.strike(dt);
        return;
      case 'REGROUP':
        this.intent = true;
        this.core.seek(this.row, this.world, this.point, FOLLOW_DISTANCE, this.ground);
        this.core.walk(this.row, this.world, dt, this.ground);
        return;
    }
  }

  /**
   * The FOLLOW arrival controller (CO-4): the commanded speed is `followSpeed` of the planar distance to the
   * player, cut so one frame never carries the body past the trail point; `vel` and `want` are set to that
   * velocity and the row walks, so wherever nothing blocks it the body moves exactly as commanded, and where
   * something does it slides round it or steps up it like any walker body.
   * Choice: the heading is the one `seek` takes toward the trail point — straight at it while the line is clear
   * (SE-3), along a tangent round a tree cluster that stands in the way (SE-4), none when the way is blocked (SE-7)
   * — so a companion cutting a corner the player went round does not run into the trunk and run in place against it.
   * On a detour (CO-12) it heads so for the route's next waypoint instead, reaching each (never overshooting it), so
   * it leaves a waypoint where the route checked the next leg from.
   */
  private follow(dt: number, gap: number): void {
    const row = this.row;
    const dx = this.heading[0] - row.pos[0];
    const dz = this.heading[1] - row.pos[2];
    const toHeading = Math.sqrt(dx * dx + dz * dz);
    this.core.seek(row, this.world, this.heading, 0, this.ground);
    // A rejoining jump heads straight at the trail point: seek, blocked at the foot of the rise, wants nothing (SE-7).
    const [hx, hz] = this.leaping ? [dx, dz] : (row.want ?? [0, 0]);
    const heading = Math.sqrt(hx * hx + hz * hz);
    const speed = heading > 0 ? Math.min(followSpeed(gap, FOLLOW_DISTANCE, FOLLOW_SLOW_RADIUS, FOLLOW_MAX_SPEED), toHeading / dt) : 0;
    const vx = speed > 0 ? (hx / heading) * speed : 0;
    const vz = speed > 0 ? (hz / heading) * speed : 0;
    row.vel = [vx, row.vel?.[1] ?? 0, vz];
    row.want = [vx, vz];
    this.commanded = speed;
    this.core.walk(row, this.world, dt, this.ground);
    // A slide off steep ground is shown, not hidden under `wait` (CO-8): the companion walks off ground it cannot stand on.
    this.intent = speed > 0 || row.steep === true;
  }

  /** One frame of the rooted swing (CO-10): no horizontal motion; the hit lands when the swing completes. */
  private strike(dt: number): void {
    const row = this.row;
    this.intent = false;
    row.vel = [0, row.vel?.[1] ?? 0, 0];
    row.want = [0, 0];
    this.core.walk(row, this.world, dt, this.ground);
    // `decide` ends or restarts a finished swing before this runs, so the swing completes here exactly once.
    this.swing += dt;
    const target = this.target;
    if (this.swing >= ATTACK_TIME && target !== null && isStanding(target) && planarDistance(row.pos, target.pos) <= ATTACK_REACH) {
      this.onHit?.(target);
    }
  }

  /** The planar `[x, z]` of an `[x, y, z]` position, as seek wants it (written into the scratch point). */
  private aimAt(pos: readonly number[]): number[] {
    this.point[0] = pos[0];
    this.point[1] = pos[2];
    return this.point;
  }
}
