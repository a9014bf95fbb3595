/**
 * Pairs that walk off together: two bodies whose centres lie within 2·radius + 0.5 m of each other while both move
 * away from their own targets, at every sample for more than 5 s on end. Sampled every 0.1 s; a body moves away when
 * its distance to its target grew by more than 1 cm since the last sample (0.1 m/s), so bodies that stand or shuffle
 * do not count.
 */
import { closePairs } from './pairs.ts';

/** How close a locked pair keeps beyond touching, how long it must last, and the least growth that counts, m and s. */
export const LOCK = { slack: 0.5, seconds: 5, away: 0.01, sample: 0.1 };

export class LockedPairs {
  /** Each pair (i·n + j) that has lasted more than LOCK.seconds, once. */
  readonly locked = new Set<number>();
  private readonly last: Float64Array;
  private readonly away: Uint8Array;
  private runs = new Map<number, number>();
  private sampled = false;

  constructor(
    private readonly targetX: ArrayLike<number>,
    private readonly targetZ: ArrayLike<number>,
    private readonly radius: number,
  ) {
    this.last = new Float64Array(targetX.length);
    this.away = new Uint8Array(targetX.length);
  }

  /** One sample at time t (seconds) of every body's centre; call every LOCK.sample seconds. */
  sample(t: number, xs: ArrayLike<number>, zs: ArrayLike<number>): void {
    const n = this.last.length;
    for (let i = 0; i < n; i++) {
      const d = Math.sqrt((this.targetX[i] - xs[i]) ** 2 + (this.targetZ[i] - zs[i]) ** 2);
      this.away[i] = this.sampled && d > this.last[i] + LOCK.away ? 1 : 0;
      this.last[i] = d;
    }
    this.sampled = true;
    const runs = new Map<number, number>();
    closePairs(xs, zs, n, 2 * this.radius + LOCK.slack, (i, j) => {
      if (this.away[i] === 0 || this.away[j] === 0) return;
      const key = i * n + j;
      const since = this.runs.get(key) ?? t;
      runs.set(key, since);
      if (t - since > LOCK.seconds) this.locked.add(key);
    });
    this.runs = runs;
  }

  /** How many pairs have walked off together so far. */
  get count(): number {
    return this.locked.size;
  }
}
