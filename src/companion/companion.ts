/**
 * The companion controller (CO-4..CO-10): a walker row driven once per physics frame. Where it moves is decided
 * by its state — FOLLOW's arrival controller on the player's delayed trail, or the combat states' seek — and which
 * clip it shows is decided once, centrally, from its own speed and intent, never from the player's state.
 */
import type { Ground, Row, World } from '../types.ts';
import type { WalkerCore } from './core.ts';
import type { Clip } from './clips.ts';
import {
  AGGRO_RANGE,
  ATTACK_REACH,
  ATTACK_TIME,
  FOLLOW_DISTANCE,
  FOLLOW_MAX_SPEED,
  FOLLOW_SLOW_RADIUS,
  LEASH_DISTANCE,
  TELEPORT_DISTANCE,
} from './constants.ts';
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

/**
 * A companion that follows the player along its delayed trail, teleports back when separated, fights enemies
 * near it, and resolves its clip once per frame with the walk↔run-only debounce (CO-3..CO-10).
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
  /** The last frame's movement intent: FOLLOW's `commanded > 0`, or the combat state's own (CO-6). */
  intent = false;
  /** The planar distance to the player at the end of the last frame (CO-8). */
  gap = 0;
  /** Whether the last frame placed the companion back on the trail (CO-5). */
  teleported = false;
  /** How many times the companion was placed back on the trail (CO-5). */
  teleports = 0;
  /** Seconds into the current `atk1` swing (CO-10). */
  swing = 0;

  private readonly onHit: ((enemy: Row) => void) | undefined;
  private readonly wire: Tripwire | null;
  private readonly point: number[] = [0, 0];

  /** A companion driving `options.row` with the walker calls of `core` (either entry's) (CO-4). */
  constructor(core: WalkerCore, options: CompanionOptions) {
    this.core = core;
    this.row = options.row;
    this.world = options.world;
    this.ground = options.ground;
    this.id = options.id ?? 'companion';
    this.onHit = options.onHit;
    this.trail = new Trail(undefined, options.trailCapacity);
    this.wire = options.tripwire ? new Tripwire(this.id, options.tripwire) : null;
  }

  /**
   * Steps the companion once, after the player has moved this frame: records the trail, decides the state,
   * moves the row, then resolves and plays the clip (CO-3..CO-10). `enemies` are rows it may fight; one whose
   * `hp` is a number ≤ 0 is down and ignored. The player's own state is never read.
   */
  step(dt: number, player: Row, enemies: readonly Row[] = []): void {
    if (!(dt > 0) || !Number.isFinite(dt)) throw new Error(`Companion.step needs a finite dt > 0, got ${dt}.`);
    this.trail.record(player.pos[0], player.pos[2], dt);
    const x0 = this.row.pos[0];
    const z0 = this.row.pos[2];
    this.commanded = 0;
    const gap = planarDistance(this.row.pos, player.pos);
    this.teleported = this.teleportIfSeparated(gap, player);
    if (!this.teleported) {
      this.decide(gap, enemies);
      this.move(dt, gap, player);
    }
    this.measured = this.teleported ? 0 : planarSpeed(this.row.pos[0] - x0, this.row.pos[2] - z0, dt);
    this.gap = planarDistance(this.row.pos, player.pos);
    const held = this.clipTime + dt;
    const playing = playAnim(this.clip, held, this.resolveClip());
    this.clipTime = playing === this.clip ? held : 0;
    this.clip = playing;
    this.wire?.watch(this.clip, this.measured, dt);
  }

  /**
   * The clip this frame asks for, resolved once, centrally (CO-6): `atk1` while attacking; in FOLLOW from the
   * commanded speed; in the other states from the measured planar speed; each with the state's own intent.
   */
  protected resolveClip(): Clip {
    if (this.state === 'ATTACK') return 'atk1';
    const speed = this.state === 'FOLLOW' ? this.commanded : this.measured;
    return locomotionClip(this.intent, speed, this.clip);
  }

  /**
   * The teleport backstop (CO-5): beyond TELEPORT_DISTANCE from the player the companion is placed at the trail
   * point, on the ground, at rest, and goes back to FOLLOW. Choice: it waits while the trail point itself is still
   * beyond TELEPORT_DISTANCE (the trail still spans a warp of the player's own), so one separation is one teleport.
   */
  private teleportIfSeparated(gap: number, player: Row): boolean {
    if (!(gap > TELEPORT_DISTANCE)) return false;
    const [x, z] = this.trail.target(this.point);
    const px = player.pos[0] - x;
    const pz = player.pos[2] - z;
    if (Math.sqrt(px * px + pz * pz) > TELEPORT_DISTANCE) return false;
    const y = this.core.stand(this.core.numbers(this.row, this.world), this.ground, x, z);
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
    this.state = 'FOLLOW';
    this.target = null;
    this.intent = false;
    this.teleports += 1;
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
        this.core.seek(this.row, this.world, this.aimAt(player.pos), FOLLOW_DISTANCE, this.ground);
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
   * (SE-3), along a tangent round a tree cluster that stands in the way (SE-4) — so a companion cutting a corner
   * the player went round does not run into the trunk and run in place against it.
   */
  private follow(dt: number, gap: number): void {
    const row = this.row;
    const [tx, tz] = this.trail.target(this.point);
    const dx = tx - row.pos[0];
    const dz = tz - row.pos[2];
    const toTrail = Math.sqrt(dx * dx + dz * dz);
    this.core.seek(row, this.world, this.point, 0, this.ground);
    const [hx, hz] = row.want ?? [0, 0];
    const heading = Math.sqrt(hx * hx + hz * hz);
    const speed = heading > 0 ? Math.min(followSpeed(gap, FOLLOW_DISTANCE, FOLLOW_SLOW_RADIUS, FOLLOW_MAX_SPEED), toTrail / dt) : 0;
    const vx = speed > 0 ? (hx / heading) * speed : 0;
    const vz = speed > 0 ? (hz / heading) * speed : 0;
    row.vel = [vx, row.vel?.[1] ?? 0, vz];
    row.want = [vx, vz];
    this.commanded = speed;
    this.intent = speed > 0;
    this.core.walk(row, this.world, dt, this.ground);
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
