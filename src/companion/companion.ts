/**
 * The companion controller (CO-4..CO-10, CO-12): a walker row driven once per physics frame. Where it moves is decided
 * by its state — FOLLOW's arrival controller on the player's delayed trail, or the combat states' seek — and which
 * clip it shows is decided once, centrally, from its own measured motion and intent, never from the player's state.
 * When the straight way makes no progress it walks a route round what blocks it (CO-12); when that does not help
 * either it rejoins: a jump where one gets it up, else a teleport beside the player.
 * This class is the state machine; each behaviour is a part of its own: followTrail.ts, wayRound.ts (with the route
 * walked, detour.ts), rejoin.ts, placement.ts, combat.ts; companionChecks.ts checks what it is built and stepped with.
 */
import type { Ground, Numbers, Row, World } from '../types.ts';
import type { WalkerCore } from './core.ts';
import type { Clip } from './clips.ts';
import { ATTACK_REACH, FOLLOW_DISTANCE, TELEPORT_DISTANCE } from './constants.ts';
import { type CompanionState, decide, strike } from './combat.ts';
import { type CompanionOptions, checkCompanionFields, checkCompanionRow, checkOptions, checkStep } from './companionChecks.ts';
import { followTrail } from './followTrail.ts';
import { locomotionClip } from './locomotionClip.ts';
import { bodiesBeside, putDown, spotBeside } from './placement.ts';
import { playAnim } from './playAnim.ts';
import { Rejoin, type RejoinState } from './rejoin.ts';
import { planarDistance, planarSpeed } from './planar.ts';
import { Trail } from './trail.ts';
import { Tripwire } from './tripwire.ts';
import { WayRound, type WayRoundState } from './wayRound.ts';

export type { CompanionState } from './combat.ts';
export type { CompanionOptions } from './companionChecks.ts';

/** The companion's own state, as `step` saves it to put back when the frame throws. */
type Saved = Pick<Companion, 'state' | 'target' | 'clip' | 'clipTime' | 'commanded' | 'measured' | 'intent' | 'gap' | 'teleported' | 'teleports' | 'swing'> & { wayRound: WayRoundState; rejoin: RejoinState };

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
  /** Seconds into the current `atk1` swing (CO-10). */
  swing = 0;

  private readonly onHit: ((enemy: Row) => void) | undefined;
  private readonly wire: Tripwire | null;
  private readonly point: number[] = [0, 0];
  /** Its ways round what it cannot cross (CO-12). */
  private readonly wayRound = new WayRound();
  /** The stuck rule and its rejoining jumps (CO-8). */
  private readonly rejoin = new Rejoin();

  /**
   * A companion driving `options.row` with the walker calls of `core` (either entry's) (CO-4). Every option is
   * checked here — a missing or bad row, world, ground or callback is refused with a sentence naming it.
   */
  constructor(core: WalkerCore, options: CompanionOptions) {
    const o = checkOptions(core, options);
    this.trail = new Trail(undefined, o.trailCapacity);
    this.core = core;
    this.row = o.row;
    this.world = o.world;
    this.ground = o.ground;
    this.id = o.id ?? 'companion';
    this.onHit = o.onHit;
    this.wire = o.tripwire ? new Tripwire(this.id, o.tripwire) : null;
  }

  /**
   * Steps the companion once, after the player has moved this frame: records the trail, decides the state,
   * moves the row (round on a route where the straight way is blocked), rejoins when stuck, then resolves and plays
   * the clip (CO-3..CO-10, CO-12). `enemies` are rows it may fight; one whose `hp` is a number ≤ 0 is down and
   * ignored. The player's own state is never read.
   * Every argument is checked first; a frame that throws leaves the companion and its row exactly as they were.
   */
  step(dt: number, player: Row, enemies: readonly Row[] = []): void {
    checkStep(dt, player, enemies);
    checkCompanionFields(this);
    checkCompanionRow(this.row);
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

  /** Seconds it has gone without closing on its aim while outside the follow ring (CO-8: STUCK_TIME). */
  get stuck(): number {
    return this.rejoin.stuck;
  }

  /** How many rejoining jumps it made (CO-8). */
  get jumps(): number {
    return this.rejoin.jumps;
  }

  /** How many routes it took and walked round what blocked it (CO-12). */
  get routes(): number {
    return this.wayRound.routes;
  }

  /** How many routes it planned (calls of `route`), taken or not (CO-12). */
  get plans(): number {
    return this.wayRound.plans;
  }

  private save(): Saved {
    const { state, target, clip, clipTime, commanded, measured, intent, gap, teleported, teleports, swing } = this;
    return { state, target, clip, clipTime, commanded, measured, intent, gap, teleported, teleports, swing, wayRound: this.wayRound.save(), rejoin: this.rejoin.save() };
  }

  /** Puts back the companion's state, its trail and every field of its row as `save` and the shallow copy `row` held. */
  private restore(saved: Saved, row: Row): void {
    const { wayRound, rejoin, ...own } = saved;
    Object.assign(this, own);
    this.wayRound.restore(wayRound);
    this.rejoin.restore(rejoin);
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
    const apart = gap > TELEPORT_DISTANCE;
    this.teleported = apart && this.teleportIfSeparated(player);
    if (!this.teleported) {
      // Apart and not placed (the trail still spans a warp of the player's, or no spot fits nearer it) it waits where
      // it stands, in FOLLOW, rather than run toward a trail point the player has left (CO-5).
      if (apart) this.follow();
      else decide(this, this.row.pos, gap, enemies);
      const reach = apart ? 0 : gap;
      const aiming = this.aimOf(player);
      const onTrail = aiming && this.state === 'FOLLOW' && reach > FOLLOW_DISTANCE;
      if (onTrail) this.rejoin.jumpAhead(this.core, this.world, this.ground, this.row, this.point, dt);
      const following = onTrail && !this.rejoin.leaping;
      this.wayRound.steer(this.core, this.world, this.ground, this.row, this.trail, player, this.point, dt, following, this.rejoin.stuck);
      const before = aiming ? this.distanceToHeading() : 0;
      this.move(dt, reach, player);
      const closed = aiming ? before - this.distanceToHeading() : 0;
      this.teleported = this.rejoinIfStuck(dt, reach, aiming, closed, player);
    }
    this.measured = this.teleported ? 0 : planarSpeed(this.row.pos[0] - x0, this.row.pos[2] - z0, dt);
    this.gap = planarDistance(this.row.pos, player.pos);
    const held = this.clipTime + dt;
    const playing = playAnim(this.clip, held, this.resolveClip(), this.gaitSpeed);
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
    return locomotionClip(this.intent, this.gaitSpeed, this.clip);
  }

  /** The speed the last frame's clip was chosen by (CO-6): in FOLLOW the lesser of commanded and measured, unless sliding; else the measured. */
  get gaitSpeed(): number {
    return this.state === 'FOLLOW' && this.row.steep !== true ? Math.min(this.commanded, this.measured) : this.measured;
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
    const dx = this.wayRound.heading[0] - this.row.pos[0];
    const dz = this.wayRound.heading[1] - this.row.pos[2];
    return Math.sqrt(dx * dx + dz * dz);
  }

  /** The stuck rule (CO-8, Rejoin): when it neither goes on nor jumps, the companion is placed beside the player. */
  private rejoinIfStuck(dt: number, gap: number, aiming: boolean, closed: number, player: Row): boolean {
    const n = this.rejoin.frame(this.core, this.world, this.ground, this.row, player, this.point, this.wayRound.detour, dt, gap, aiming, closed);
    return n !== null && this.placeBeside(player, n);
  }

  /**
   * The teleport backstop (CO-5), asked beyond TELEPORT_DISTANCE from the player: the companion is placed beside it
   * (see placeBeside), at rest, and goes back to FOLLOW. Choice: it waits while the trail point itself is still beyond
   * TELEPORT_DISTANCE (the trail still spans a warp of the player's own), so one separation is one teleport.
   */
  private teleportIfSeparated(player: Row): boolean {
    const [x, z] = this.trail.target(this.point);
    const px = player.pos[0] - x;
    const pz = player.pos[2] - z;
    if (Math.sqrt(px * px + pz * pz) > TELEPORT_DISTANCE) return false;
    return this.placeBeside(player, this.core.numbers(this.row, this.world));
  }

  /**
   * Puts the companion at rest beside the player, on the spot spotBeside finds — on its trail, else round it, clear
   * of it and of every other body — and goes back to FOLLOW (CO-5, CO-8). Answers false, placing nothing, when no
   * spot fits nearer the player than the companion stands (the player is in a lake): it waits where it is.
   */
  private placeBeside(player: Row, n: Numbers): boolean {
    const spot = spotBeside(this.core, n, this.ground, this.row, player, bodiesBeside(this.core, this.world, this.ground, this.row, player), this.trail, this.point);
    if (spot === null) return false;
    const [x, z] = spot;
    putDown(this.row, x, this.core.stand(n, this.ground, x, z), z);
    this.follow();
    this.intent = false;
    this.rejoin.placed();
    this.wayRound.detour.clear();
    this.teleports += 1;
    return true;
  }

  /** Leaves any fight and follows the player again. */
  private follow(): void {
    this.state = 'FOLLOW';
    this.target = null;
  }

  /** Moves the row once by the current state's rule, `gap` metres from the player: exactly one `walk` per frame. */
  private move(dt: number, gap: number, player: Row): void {
    switch (this.state) {
      case 'FOLLOW':
        this.commanded = followTrail(this.core, this.row, this.world, this.ground, dt, gap, this.wayRound.heading, this.rejoin.leaping ? this.rejoin.leap : null);
        // A slide off steep ground is shown, not hidden under `wait` (CO-8): the companion walks off ground it cannot stand on.
        this.intent = this.commanded > 0 || this.row.steep === true;
        return;
      case 'ENGAGE':
        this.intent = true;
        this.core.seek(this.row, this.world, this.aimAt(this.target!.pos), ATTACK_REACH, this.ground);
        this.core.walk(this.row, this.world, dt, this.ground);
        return;
      case 'ATTACK':
        this.intent = false;
        strike(this, this.core, this.row, this.world, this.ground, dt, this.onHit);
        return;
      case 'REGROUP':
        this.intent = true;
        this.core.seek(this.row, this.world, this.point, FOLLOW_DISTANCE, this.ground);
        this.core.walk(this.row, this.world, dt, this.ground);
        return;
    }
  }

  /** The planar `[x, z]` of an `[x, y, z]` position, as seek wants it (written into the scratch point). */
  private aimAt(pos: readonly number[]): number[] {
    this.point[0] = pos[0];
    this.point[1] = pos[2];
    return this.point;
  }
}
