/**
 * Rejoining the player when the companion cannot close on it (CO-8): a rise the player went up that a jump clears is
 * jumped in stride; the stuck rule counts the time it makes no progress outside the follow ring, and at STUCK_TIME it
 * jumps where a jump gets it onto the player's ground; where none does, the companion's state machine places it
 * beside the player (placement.ts).
 */
import type { Ground, Numbers, Row, World } from '../types.ts';
import type { WalkerCore } from './core.ts';
import { FOLLOW_DISTANCE, FOLLOW_MAX_SPEED, FOLLOW_SLOW_RADIUS, IDLE_EPS, JUMP_AHEAD, STUCK_TIME } from './constants.ts';
import type { Detour } from './detour.ts';
import { followSpeed } from './followSpeed.ts';

/** A copy of a Rejoin's state, as the companion saves it to put back when a frame throws. */
export type RejoinState = Pick<Rejoin, 'stuck' | 'jumps' | 'leaping' | 'jumped'>;

/** The stuck rule's state and its rejoining jumps (CO-8). */
export class Rejoin {
  /** Seconds the companion has gone without closing on its aim while outside the follow ring (STUCK_TIME). */
  stuck = 0;
  /** How many rejoining jumps it made. */
  jumps = 0;
  /** A rejoining jump is under way: FOLLOW heads straight at the trail point until the body lands. */
  leaping = false;
  /** This stuck spell already tried its jump; the next rejoin is a teleport. */
  jumped = false;

  /**
   * The stuck rule for one frame of `row`, `gap` metres from the player: outside the follow ring, wanting to close
   * (followSpeed ≥ IDLE_EPS), a frame that closed less than IDLE_EPS·dt on where it heads (its aim, or its
   * detour's waypoint) adds dt to `stuck`; any other frame clears it. At STUCK_TIME the companion drops any detour
   * and rejoins: it jumps when grounded, not yet jumped this spell, and a jump gets it onto the player's ground
   * (higher than a step, within floor + jumpH + step). Answers the kind's numbers when it must be placed beside the
   * player instead, else null.
   */
  frame(core: WalkerCore, world: World, ground: Ground, row: Row, player: Row, detour: Detour, dt: number, gap: number, aiming: boolean, closed: number): Numbers | null {
    if (this.leaping && row.air !== true) this.leaping = false;
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
      this.jumped = true;
      this.leaping = true;
      this.jumps += 1;
      row.jump = true;
      return null;
    }
    return n;
  }

  /**
   * The jump onto a rise the player went up (CO-8), taken in stride: following (outside the ring, in FOLLOW), grounded,
   * not yet jumped this spell, when the ground JUMP_AHEAD toward its aim `point` (or at the aim, when nearer) stands
   * more than `step` above the body and within `floor + jumpH + step`, and so does the aim, it jumps now —
   * rather than stop at the foot, route along it (CO-12) and jump only at STUCK_TIME. Answers whether it jumped.
   */
  jumpAhead(core: WalkerCore, world: World, ground: Ground, row: Row, point: readonly number[]): boolean {
    if (this.jumped || this.leaping || row.air === true) return false;
    const dx = point[0] - row.pos[0];
    const dz = point[1] - row.pos[2];
    const d = Math.sqrt(dx * dx + dz * dz);
    if (!(d > 0)) return false;
    const a = Math.min(JUMP_AHEAD, d) / d;
    const n = core.numbers(row, world);
    const ahead = core.stand(n, ground, row.pos[0] + dx * a, row.pos[2] + dz * a);
    const floor = typeof row.floor === 'number' ? row.floor : row.pos[1];
    const up = core.stand(n, ground, point[0], point[1]);
    const reach = floor + n.jumpH + n.step;
    if (!(ahead > row.pos[1] + n.step && ahead <= reach && up > row.pos[1] + n.step && up <= reach)) return false;
    this.jumped = true;
    this.leaping = true;
    this.jumps += 1;
    row.jump = true;
    return true;
  }

  /** Starts afresh after the companion was placed beside the player: not stuck, no jump tried or under way. */
  placed(): void {
    this.stuck = 0;
    this.jumped = false;
    this.leaping = false;
  }

  /** A copy of the state, for `restore`. */
  save(): RejoinState {
    const { stuck, jumps, leaping, jumped } = this;
    return { stuck, jumps, leaping, jumped };
  }

  /** Puts back a state `save` gave. */
  restore(saved: RejoinState): void {
    Object.assign(this, saved);
  }
}
