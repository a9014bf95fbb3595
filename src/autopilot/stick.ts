/**
 * The play-test's player (CO-13): a WASD stick pushed by a seeded script — runs and walks in the eight stick
 * directions, stops, circles the companion, heads for a world's goal, warps 30 m — and a jump pressed where its arc
 * lands on top of a rise ahead, or whenever the player is blocked; in the air the stick steers the body outright, so it gets up what a jump
 * reaches. No trigonometry: the same frames on every engine.
 */
import type { Ground, Row, World } from '../types.ts';
import type { WalkerCore } from '../companion/core.ts';
import { MOVE_SPEED } from '../companion/constants.ts';
import { leapLandsOnTop } from '../companion/leapArc.ts';
import { random } from '../random.ts';

/** The eight directions a WASD stick gives: W, W+D, D, … as unit [x, z]. */
const DIRECTIONS: ReadonlyArray<readonly [number, number]> = [
  [0, 1], [0.7071067811865476, 0.7071067811865476], [1, 0], [0.7071067811865476, -0.7071067811865476],
  [0, -1], [-0.7071067811865476, -0.7071067811865476], [-1, 0], [-0.7071067811865476, 0.7071067811865476],
];

/** What the stick does for a while. */
type Action = 'run' | 'walk' | 'stop' | 'circle' | 'goal' | 'warp';

/** The share of each action among the stick's stretches, in draw order. */
const ACTIONS: ReadonlyArray<readonly [Action, number]> = [['run', 0.25], ['walk', 0.15], ['stop', 0.1], ['circle', 0.15], ['goal', 0.3], ['warp', 0.05]];

/** How far a warp puts the player, metres. */
const WARP = 30;

/** How long the player pushes on while blocked before it jumps, seconds. */
const BLOCKED_TIME = 0.15;

/** A player stick: `push` sets the player's want (and jump) for one frame. */
export class Stick {
  private readonly next: () => number;
  private left = 0;
  private action: Action = 'stop';
  private direction: readonly [number, number] = DIRECTIONS[0];
  private goal: readonly [number, number] = [0, 0];
  /** How many goals the player has headed for: it takes them in turn. */
  private goalsTaken = 0;
  private lastX = 0;
  private lastZ = 0;
  /** Seconds the player has pushed on while barely moving. */
  private blocked = 0;

  constructor(seed: number, private readonly roam: number, private readonly goals: ReadonlyArray<readonly [number, number]>) {
    this.next = random(seed);
  }

  /** Sets `player`'s want for a frame of `dt`, after `other` (the companion) stood where it stands; a warp moves it. */
  push(core: WalkerCore, w: World, g: Ground, player: Row, other: Row, dt: number): void {
    const [x, z] = [player.pos[0], player.pos[2]];
    const moved = Math.sqrt((x - this.lastX) * (x - this.lastX) + (z - this.lastZ) * (z - this.lastZ)) / dt;
    const wanted = player.want ? Math.sqrt(player.want[0] * player.want[0] + player.want[1] * player.want[1]) : 0;
    this.left -= dt;
    if (this.left <= 0) this.draw(core, w, g, player);
    // Out of its square it heads back in, whatever the stick said.
    const out = Math.abs(x) > this.roam || Math.abs(z) > this.roam;
    let [dx, dz] = this.direction;
    let speed = this.action === 'walk' ? 2 : this.action === 'stop' || this.action === 'warp' ? 0 : MOVE_SPEED;
    if (this.action === 'circle') [dx, dz] = unit(-(other.pos[2] - z), other.pos[0] - x);
    if (this.action === 'goal') [dx, dz] = unit(this.goal[0] - x, this.goal[1] - z);
    if (out) {
      [dx, dz] = unit(-x, -z);
      speed = MOVE_SPEED;
    }
    player.want = [dx * speed, dz * speed];
    // In the air the stick steers the body outright, as a game's player controller does.
    if (player.air === true && speed > 0) player.vel = [dx * speed, player.vel?.[1] ?? 0, dz * speed];
    // A rise ahead that a jump gets over, or a push on that goes nowhere: jump, as a player would.
    this.blocked = wanted > 1 && moved < 0.3 * wanted && player.air !== true ? this.blocked + dt : 0;
    if (player.air !== true && speed > 0 && (this.blocked >= BLOCKED_TIME || this.riseAhead(core, w, g, player, dx * speed, dz * speed, dt))) {
      player.jump = true;
      this.blocked = 0;
    }
    this.lastX = x;
    this.lastZ = z;
  }

  /**
   * Whether a jump now, at the stick's velocity (vx, vz) — which it holds in the air — lands on top of a rise ahead
   * (leapLandsOnTop), asked only where the ground a flight's length ahead stands more than a step and less than a
   * jump above the player.
   */
  private riseAhead(core: WalkerCore, w: World, g: Ground, player: Row, vx: number, vz: number, dt: number): boolean {
    const n = core.numbers(player, w);
    const flight = (2 * Math.sqrt(2 * n.gravity * n.jumpH)) / n.gravity;
    const rise = core.stand(n, g, player.pos[0] + vx * flight, player.pos[2] + vz * flight) - player.pos[1];
    if (!(rise > n.step && rise <= n.jumpH + n.step)) return false;
    return leapLandsOnTop(core, w, g, player, vx, vz, dt);
  }

  /** Draws the next stretch: its action, its length (0.5–3 s, a goal 2–4.5 s), its direction or next goal; a warp is carried out now. */
  private draw(core: WalkerCore, w: World, g: Ground, player: Row): void {
    let u = this.next();
    this.action = 'stop';
    for (const [a, share] of ACTIONS) {
      if (u < share) {
        this.action = a;
        break;
      }
      u -= share;
    }
    this.left = (this.action === 'goal' ? 2 : 0.5) + 2.5 * this.next();
    this.direction = DIRECTIONS[Math.floor(this.next() * 8)];
    if (this.action === 'goal') this.goal = this.goals[this.goalsTaken++ % this.goals.length];
    if (this.action === 'warp') {
      const x = Math.max(-this.roam, Math.min(this.roam, player.pos[0] + WARP * this.direction[0]));
      const z = Math.max(-this.roam, Math.min(this.roam, player.pos[2] + WARP * this.direction[1]));
      player.pos = [x, core.stand(core.numbers(player, w), g, x, z), z];
      player.vel = [0, 0, 0];
      player.want = [0, 0];
      this.lastX = x;
      this.lastZ = z;
    }
  }
}

/** (x, z) scaled to length 1; (0, 0) stays. */
function unit(x: number, z: number): [number, number] {
  const l = Math.sqrt(x * x + z * z);
  return l > 0 ? [x / l, z / l] : [0, 0];
}
