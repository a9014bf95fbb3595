/**
 * Rejoining the player when the companion cannot close on it (CO-8): a rise the player went up is jumped in stride,
 * from where the leap's arc lands on its top (leapArc.ts); the stuck rule counts the time it makes no progress outside the follow ring, and at STUCK_TIME it
 * jumps where a jump gets it onto the player's ground; where none does, the companion's state machine places it
 * beside the player (placement.ts).
 */
import type { Ground, Numbers, Row, World } from '../types.ts';
import type { WalkerCore } from './core.ts';
import { FOLLOW_DISTANCE, FOLLOW_MAX_SPEED, FOLLOW_SLOW_RADIUS, IDLE_EPS, STUCK_TIME } from './constants.ts';
import type { Detour } from './detour.ts';
import { followSpeed } from './followSpeed.ts';
import { leapLandsOnTop } from './leapArc.ts';

/** A copy of a Rejoin's state, as the companion saves it to put back when a frame throws. */
export type RejoinState = Pick<Rejoin, 'stuck' | 'jumps' | 'leaping' | 'landed' | 'jumped' | 'leap'>;

/** The stuck rule's state and its rejoining jumps (CO-8). */
export class Rejoin {
  /** Seconds the companion has gone without closing on its aim while outside the follow ring (STUCK_TIME). */
  stuck = 0;
  /** How many rejoining jumps it made. */
  jumps = 0;
  /** A rejoining jump is under way: FOLLOW wants the leap's velocity until the body stands on walkable ground. */
  leaping = false;
  /** The leap has come down: it ends after the next whole step that ends on walkable ground (not `steep`). */
  landed = false;
  /** The horizontal velocity [x, z] a rejoining jump took off with, held in the air so its arc is the one judged. */
  leap: readonly number[] = [0, 0];
  /** This stuck spell already tried its jump; the next rejoin is a teleport. */
  jumped = false;

  /**
   * The stuck rule for one frame of `row`, `gap` metres from the player: outside the follow ring, wanting to close
   * (followSpeed ≥ IDLE_EPS), a frame that closed less than IDLE_EPS·dt on where it heads (its aim, or its
   * detour's waypoint) adds dt to `stuck`; any other frame clears it. At STUCK_TIME the companion drops any detour
   * and rejoins: it jumps when grounded, not yet jumped this spell, and a jump gets it onto the player's ground
   * (higher than a step, within floor + jumpH + step), toward its aim `point` at followSpeed of the gap. Answers the
   * kind's numbers when it must be placed beside the player instead, else null.
   */
  frame(core: WalkerCore, world: World, ground: Ground, row: Row, player: Row, point: readonly number[], detour: Detour, dt: number, gap: number, aiming: boolean, closed: number): Numbers | null {
    // The leap's momentum carries a body that came down on a face's top edge on over it (WA-7), so it lasts a step
    // past the landing: until a step that started on the ground ends on walkable ground.
    if (this.leaping && row.air !== true) {
      if (this.landed && row.steep !== true) this.leaping = false;
      this.landed = true;
    }
    const wanted = followSpeed(gap, FOLLOW_DISTANCE, FOLLOW_SLOW_RADIUS, FOLLOW_MAX_SPEED);
    if (!aiming || !(gap > FOLLOW_DISTANCE)) {
      this.stuck = 0;
      this.jumped = false;
      return null;
    }
    if (wanted < IDLE_EPS || closed >= IDLE_EPS * dt) {
      this.stuck = 0;
      return null;
    }
    this.stuck += dt;
    if (this.stuck < STUCK_TIME) return null;
    this.stuck = 0;
    detour.clear();
    const n = core.numbers(row, world);
    const up = core.stand(n, ground, player.pos[0], player.pos[2]);
    const floor = typeof row.floor === 'number' ? row.floor : row.pos[1];
    if (!this.jumped && row.air !== true && up > row.pos[1] + n.step && up <= floor + n.jumpH + n.step) {
      const dx = point[0] - row.pos[0];
      const dz = point[1] - row.pos[2];
      const d = Math.sqrt(dx * dx + dz * dz);
      this.takeOff(row, d > 0 ? (dx / d) * wanted : 0, d > 0 ? (dz / d) * wanted : 0);
      return null;
    }
    return n;
  }

  /**
   * The jump onto a rise the player went up (CO-8), taken in stride: following (outside the ring, in FOLLOW), grounded,
   * not yet jumped this spell, while its aim `point` stands more than `step` above the body and within
   * `floor + jumpH + step`, and so does the ground where a leap's flight ends (or the aim, when nearer) — a rise
   * ahead that a jump can reach — it jumps at the first frame where a leap at FOLLOW_MAX_SPEED straight at the aim
   * lands on the top (leapLandsOnTop), and wants that velocity until it stands on the top; where none does it does not jump in
   * stride (the stuck rule still may). Answers whether it jumped.
   */
  jumpAhead(core: WalkerCore, world: World, ground: Ground, row: Row, point: readonly number[], dt: number): boolean {
    if (this.jumped || this.leaping || row.air === true) return false;
    const dx = point[0] - row.pos[0];
    const dz = point[1] - row.pos[2];
    const d = Math.sqrt(dx * dx + dz * dz);
    if (!(d > 0)) return false;
    const n = core.numbers(row, world);
    const floor = typeof row.floor === 'number' ? row.floor : row.pos[1];
    const reach = floor + n.jumpH + n.step;
    const up = core.stand(n, ground, point[0], point[1]);
    if (!(up > row.pos[1] + n.step && up <= reach)) return false;
    // The flight's length on flat ground: the rise must lie within it for a leap taken now to matter.
    const flight = (FOLLOW_MAX_SPEED * 2 * Math.sqrt(2 * n.gravity * n.jumpH)) / n.gravity;
    const a = Math.min(flight, d) / d;
    const ahead = core.stand(n, ground, row.pos[0] + dx * a, row.pos[2] + dz * a);
    if (!(ahead > row.pos[1] + n.step && ahead <= reach)) return false;
    const vx = (dx / d) * FOLLOW_MAX_SPEED;
    const vz = (dz / d) * FOLLOW_MAX_SPEED;
    if (!leapLandsOnTop(core, world, ground, row, vx, vz, dt)) return false;
    this.takeOff(row, vx, vz);
    return true;
  }

  /** Starts a rejoining jump with horizontal velocity (vx, vz): asks the row to jump and counts it. */
  private takeOff(row: Row, vx: number, vz: number): void {
    this.jumped = true;
    this.leaping = true;
    this.landed = false;
    this.leap = [vx, vz];
    this.jumps += 1;
    row.jump = true;
  }

  /** Starts afresh after the companion was placed beside the player: not stuck, no jump tried or under way. */
  placed(): void {
    this.stuck = 0;
    this.jumped = false;
    this.leaping = false;
    this.landed = false;
  }

  /** A copy of the state, for `restore`. */
  save(): RejoinState {
    const { stuck, jumps, leaping, landed, jumped, leap } = this;
    return { stuck, jumps, leaping, landed, jumped, leap };
  }

  /** Puts back a state `save` gave. */
  restore(saved: RejoinState): void {
    Object.assign(this, saved);
  }
}
