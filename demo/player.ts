/**
 * The player: a walker row driven by the keyboard. WASD is a stick read relative to the camera (H-1), times the walk
 * speed or, with Shift, the run speed the companion is tuned against (MOVE_SPEED); Space asks for a jump (WA-4);
 * F swings, rooting the player for the swing (its row's state is 'ATTACKING').
 */
import { ATTACK_TIME, MOVE_SPEED, relative, walk } from './walker.ts';
import type { Ground, Row, World } from './walker.ts';

/** The player's walking speed, in m/s. */
export const WALK_SPEED = 3;

/** Keys held now, by `KeyboardEvent.code`, and presses not yet consumed. */
export class Keys {
  private readonly held = new Set<string>();
  private readonly pressed = new Set<string>();

  /** Listens on `target` (the window). */
  attach(target: Window): void {
    target.addEventListener('keydown', (e) => {
      if (['Space', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].includes(e.code)) e.preventDefault();
      if (!this.held.has(e.code)) this.pressed.add(e.code);
      this.held.add(e.code);
    });
    target.addEventListener('keyup', (e) => this.held.delete(e.code));
    target.addEventListener('blur', () => this.held.clear());
  }

  /** Whether any of `codes` is held. */
  down(...codes: string[]): boolean {
    return codes.some((c) => this.held.has(c));
  }

  /** Whether `code` was pressed since the last call that asked (consumes the press). */
  took(code: string): boolean {
    return this.pressed.delete(code);
  }
}

/** The player's row and its keyboard rule. */
export class Player {
  readonly row: Row;
  /** Seconds into the current swing, or −1 when not swinging. */
  swing = -1;
  /** Horizontal speed made last step, m/s. */
  speed = 0;
  /** Jumps taken (grounded steps that asked for a jump and left the ground). */
  jumps = 0;
  /** Swings started. */
  swings = 0;

  constructor(kind: string, pos: readonly number[], yaw: number) {
    this.row = { kind, state: 'IDLE', pos: [...pos], yaw, floor: pos[1] };
  }

  /**
   * One step of the player: read the keys into want (rooted while swinging), take a jump, walk the row (WA).
   * `onSwing` is called once when a swing starts.
   */
  step(keys: Keys, cameraYaw: number, w: World, ground: Ground, dt: number, onSwing: () => void): void {
    const row = this.row;
    if (keys.took('KeyF') && this.swing < 0) {
      this.swing = 0;
      this.swings += 1;
      onSwing();
    }
    if (this.swing >= 0) {
      this.swing += dt;
      if (this.swing >= ATTACK_TIME) this.swing = -1;
    }
    const attacking = this.swing >= 0;
    const stick = [
      (keys.down('KeyD', 'ArrowRight') ? 1 : 0) - (keys.down('KeyA', 'ArrowLeft') ? 1 : 0),
      (keys.down('KeyW', 'ArrowUp') ? 1 : 0) - (keys.down('KeyS', 'ArrowDown') ? 1 : 0),
    ];
    const run = keys.down('ShiftLeft', 'ShiftRight');
    const speed = attacking ? 0 : run ? MOVE_SPEED : WALK_SPEED;
    const [x, z] = relative(stick, cameraYaw);
    row.want = [x * speed, z * speed];
    // Rooted: a swing stops the feet at once instead of easing to a halt.
    if (attacking) row.vel = [0, row.vel?.[1] ?? 0, 0];
    if (keys.took('Space') && !attacking) row.jump = true;
    row.state = attacking ? 'ATTACKING' : stick[0] !== 0 || stick[1] !== 0 ? (run ? 'RUNNING' : 'WALKING') : 'IDLE';
    const jumping = row.jump === true && row.air !== true;
    walk(row, w, dt, ground);
    if (jumping && row.air === true) this.jumps += 1;
    this.speed = row.speed ?? 0;
  }
}
