/**
 * What one run of a crowd scene did, frame by frame: which bodies arrived and when all had, the deepest overlap,
 * the pairs that walked off together, the bodies through their gates, and where each stood over the last 5 s (to
 * tell a stuck body from a moving one).
 */
import { LOCK, LockedPairs } from './lockedPairs.ts';
import { deepestOverlap } from './overlap.ts';
import { ARRIVED, bodiesIn, type CrowdScene } from './scene.ts';
import { Through } from './through.ts';

/** A body that ends short of its target having moved less than STUCK.metres over the last STUCK.seconds is stuck. */
export const STUCK = { metres: 1, seconds: 5 };

export class CrowdWatch {
  readonly n: number;
  /** Whether body i has been within ARRIVED of its target. */
  readonly arrived: Uint8Array;
  arrivedCount = 0;
  /** When the last body arrived, seconds; undefined while one has not. */
  allArrivedAt?: number;
  /** The deepest overlap of any two bodies at any frame, metres, and the first time it was that deep, seconds. */
  deepest = 0;
  deepestAt = 0;
  readonly locked: LockedPairs;
  readonly through?: Through;
  /** Every body's centre at the last samples, oldest first, one every LOCK.sample seconds over STUCK.seconds. */
  private readonly history: Float64Array[] = [];
  private frames = 0;
  private readonly sampleEvery: number;

  constructor(
    private readonly scene: CrowdScene,
    private readonly radius: number,
    dt: number,
  ) {
    this.n = bodiesIn(scene);
    this.arrived = new Uint8Array(this.n);
    this.locked = new LockedPairs(scene.targetX, scene.targetZ, radius);
    if (scene.gates !== undefined) this.through = new Through(scene.gates);
    this.sampleEvery = Math.max(1, Math.round(LOCK.sample / dt));
  }

  /** The bodies' centres at time t, once a frame (t = 0 for the starts). */
  frame(t: number, xs: Float64Array, zs: Float64Array): void {
    const s = this.scene;
    for (let i = 0; i < this.n; i++) {
      if (this.arrived[i] === 1) continue;
      if ((s.targetX[i] - xs[i]) ** 2 + (s.targetZ[i] - zs[i]) ** 2 <= ARRIVED * ARRIVED) {
        this.arrived[i] = 1;
        this.arrivedCount++;
      }
    }
    if (this.allArrivedAt === undefined && this.arrivedCount === this.n) this.allArrivedAt = t;
    const overlap = deepestOverlap(xs, zs, this.n, this.radius);
    if (overlap > this.deepest) {
      this.deepest = overlap;
      this.deepestAt = t;
    }
    this.through?.frame(t, xs, zs);
    if (this.frames % this.sampleEvery === 0) {
      this.locked.sample(t, xs, zs);
      const keep = Math.round(STUCK.seconds / LOCK.sample) + 1;
      const snapshot = new Float64Array(2 * this.n);
      for (let i = 0; i < this.n; i++) {
        snapshot[2 * i] = xs[i];
        snapshot[2 * i + 1] = zs[i];
      }
      this.history.push(snapshot);
      if (this.history.length > keep) this.history.shift();
    }
    this.frames++;
  }

  /**
   * Bodies stuck at the end (short of their target by more than ARRIVED, having moved less than STUCK.metres since
   * the oldest sample kept, STUCK.seconds ago), and of them those whose `unreachable` flag is up.
   */
  stuck(xs: Float64Array, zs: Float64Array, unreachable?: Uint8Array): { stuck: number; signalled: number } {
    const s = this.scene;
    const then = this.history[0];
    let stuck = 0;
    let signalled = 0;
    for (let i = 0; i < this.n; i++) {
      const short = (s.targetX[i] - xs[i]) ** 2 + (s.targetZ[i] - zs[i]) ** 2 > ARRIVED * ARRIVED;
      const moved = Math.sqrt((xs[i] - then[2 * i]) ** 2 + (zs[i] - then[2 * i + 1]) ** 2);
      if (!short || moved >= STUCK.metres) continue;
      stuck++;
      if (unreachable !== undefined && unreachable[i] === 1) signalled++;
    }
    return { stuck, signalled };
  }
}
