/**
 * The player's recorded path (CO-3): a sample every physics frame, read TRAIL_DELAY behind. Following a delayed
 * copy of the path, rather than the player itself, makes the companion go where the player went (round the tree,
 * over the bridge) instead of cutting straight at them.
 */
import { TRAIL_DELAY } from './constants.ts';
import { badInput, checkFiniteArg } from './checks.ts';

/** The most samples a trail may keep (a million: an hour at 240 Hz), so a capacity can never exhaust memory. */
export const MAX_TRAIL_CAPACITY = 1_000_000;

/**
 * A ring buffer of planar positions with the time step that led to each. Memory is fixed at construction: when
 * frames are so short that `capacity` samples span less than `delay`, the oldest sample kept is what is read (CO-3).
 */
export class Trail {
  /** How far behind the newest sample `target` reads, in seconds. */
  readonly delay: number;
  /** The most samples kept; the oldest is overwritten when full. */
  readonly capacity: number;
  // Per sample: x, z, and the seconds from the previous sample to this one.
  private readonly xs: Float64Array;
  private readonly zs: Float64Array;
  private readonly dts: Float64Array;
  private newest = -1;
  private count = 0;
  // What the last record overwrote, so `unrecord` can put it back.
  private readonly undone = new Float64Array(3);

  /**
   * A trail read `delay` seconds behind, keeping at most `capacity` samples (CO-3): a delay that is not a finite number
   * ≥ 0, or a capacity that is not a whole number from 2 to MAX_TRAIL_CAPACITY, is refused with a sentence.
   */
  constructor(delay = TRAIL_DELAY, capacity = 128) {
    checkFiniteArg('Trail', 'delay', delay, 0);
    if (!Number.isInteger(capacity) || capacity < 2 || capacity > MAX_TRAIL_CAPACITY) {
      throw badInput('Trail', 'capacity', capacity, `a whole number from 2 to ${MAX_TRAIL_CAPACITY}`);
    }
    this.delay = delay;
    this.capacity = capacity;
    this.xs = new Float64Array(capacity);
    this.zs = new Float64Array(capacity);
    this.dts = new Float64Array(capacity);
  }

  /** How many samples are kept now. */
  get size(): number {
    return this.count;
  }

  /**
   * Records the position (x, z) reached `dt` seconds after the previous sample (`dt` of the first is ignored) (CO-3);
   * x and z must be finite and dt a finite number ≥ 0.
   */
  record(x: number, z: number, dt: number): void {
    checkFiniteArg('Trail.record', 'x', x);
    checkFiniteArg('Trail.record', 'z', z);
    checkFiniteArg('Trail.record', 'dt', dt, 0);
    this.newest = (this.newest + 1) % this.capacity;
    this.undone[0] = this.xs[this.newest];
    this.undone[1] = this.zs[this.newest];
    this.undone[2] = this.dts[this.newest];
    this.xs[this.newest] = x;
    this.zs[this.newest] = z;
    this.dts[this.newest] = this.count === 0 ? 0 : dt;
    if (this.count < this.capacity) this.count += 1;
  }

  /**
   * Takes back the last `record`, putting back the sample it overwrote (one step only). Why: a Companion.step that
   * throws leaves its companion as it was, trail included.
   */
  unrecord(): void {
    if (this.count === 0) return;
    this.xs[this.newest] = this.undone[0];
    this.zs[this.newest] = this.undone[1];
    this.dts[this.newest] = this.undone[2];
    this.newest = (this.newest + this.capacity - 1) % this.capacity;
    if (this.count < this.capacity) this.count -= 1;
    if (this.count === 0) this.newest = -1;
  }

  /** Forgets every sample (after a scene change, say); the next `record` starts a new trail. */
  clear(): void {
    this.newest = -1;
    this.count = 0;
  }

  /**
   * Writes into `out` the position `delay` seconds before the newest sample, interpolated between the two samples
   * either side of that time; the oldest sample when the trail is younger than `delay` (CO-3). Throws on an empty trail
   * and on an `out` that is not an array.
   */
  target(out: number[] = [0, 0]): number[] {
    return this.read('Trail.target', this.delay, out);
  }

  /**
   * Writes into `out` the position `seconds` before the newest sample, as `target` reads its delay (CO-3, CO-5: the
   * companion is placed on where the player went); `seconds` must be a finite number ≥ 0.
   */
  at(seconds: number, out: number[] = [0, 0]): number[] {
    checkFiniteArg('Trail.at', 'seconds', seconds, 0);
    return this.read('Trail.at', seconds, out);
  }

  /** The reading of `target` and `at`, `seconds` back, refusing what `where` was given in its own name. */
  private read(where: string, seconds: number, out: number[]): number[] {
    if (!Array.isArray(out) || Object.isFrozen(out)) throw badInput(where, 'out', out, 'a writable array');
    if (this.count === 0) throw new Error(`walker: ${where} found no recorded sample; expected record to be called first.`);
    let i = this.newest;
    let age = 0; // age of sample i
    for (let kept = 1; kept < this.count; kept++) {
      const older = (i + this.capacity - 1) % this.capacity;
      const olderAge = age + this.dts[i];
      if (olderAge >= seconds) {
        // The wanted time lies between sample `older` and sample i.
        const f = this.dts[i] > 0 ? (seconds - age) / this.dts[i] : 0;
        out[0] = this.xs[i] + (this.xs[older] - this.xs[i]) * f;
        out[1] = this.zs[i] + (this.zs[older] - this.zs[i]) * f;
        return out;
      }
      i = older;
      age = olderAge;
    }
    out[0] = this.xs[i];
    out[1] = this.zs[i];
    return out;
  }
}
