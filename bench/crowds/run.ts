/**
 * One crowd scene run by its contenders: each stepped at DT until every body has arrived or CAP_SECONDS have passed,
 * watched every frame, and its step calls timed over the first 30 s in 5 s rounds (µs per body-step: the median
 * round's step time over its frames × bodies; the watching is not timed).
 */
import type { CrowdContender, CrowdSim } from './contender.ts';
import { median } from '../peers/measure.ts';
import { CAP_SECONDS, DT, RADIUS, bodiesIn, type CrowdScene } from './scene.ts';
import { CrowdWatch } from './watch.ts';

/** The timed stretch from the start and the length of one round, seconds. */
export const TIMING = { seconds: 30, round: 5 };

export interface CrowdResult {
  scene: string;
  contender: string;
  n: number;
  /** Seconds simulated: until all arrived, or CAP_SECONDS. */
  seconds: number;
  allArrivedAt?: number;
  arrived: number;
  /**
   * Bodies through their gates by 30 s and by 60 s, and per second (see Through), for scenes with gates; and of those
   * by 60 s, how many came through the gates' openings, for scenes whose gates have them.
   */
  through?: { by30: number; by60: number; perSecond: number; openingBy60?: number };
  /** The deepest overlap between two bodies at any frame, as a share of the radius, and when, seconds. */
  deepestOverlap: number;
  deepestAt: number;
  stuck: number;
  /** Stuck bodies without the unreachable signal (all stuck ones for a contender with no signal). */
  stuckSilent: number;
  /** Bodies whose `unreachable` flag is up at the end; undefined for a contender with no such signal. */
  unreachable?: number;
  lockedPairs: number;
  /** The farthest any body ends from its target, metres (a pair that walked off ends far away). */
  farthest: number;
  usPerBodyStep: number;
  notes: readonly string[];
}

/** One contender's run of one scene, stepped a stretch at a time so that contenders can take turns. */
class CrowdRun {
  private readonly n: number;
  private readonly sim: CrowdSim;
  private readonly watch: CrowdWatch;
  private readonly xs: Float64Array;
  private readonly zs: Float64Array;
  private readonly roundMs: Float64Array;
  private readonly roundFrames: Uint32Array;
  private frame = 0;

  constructor(
    private readonly contender: CrowdContender,
    private readonly scene: CrowdScene,
  ) {
    this.n = bodiesIn(scene);
    this.sim = contender.build(scene);
    this.watch = new CrowdWatch(scene, RADIUS, DT);
    this.xs = new Float64Array(this.n);
    this.zs = new Float64Array(this.n);
    this.sim.positions(this.xs, this.zs);
    this.watch.frame(0, this.xs, this.zs);
    const rounds = Math.round(TIMING.seconds / TIMING.round);
    this.roundMs = new Float64Array(rounds);
    this.roundFrames = new Uint32Array(rounds);
  }

  /** Whether every body has arrived or CAP_SECONDS have passed. */
  get done(): boolean {
    return this.frame >= Math.round(CAP_SECONDS / DT) || this.watch.allArrivedAt !== undefined;
  }

  /** Steps up to `frames` frames, fewer when the run is done sooner, timing each step call alone. */
  advance(frames: number): void {
    const perRound = Math.round(TIMING.round / DT);
    for (let k = 0; k < frames && !this.done; k++) {
      const started = performance.now();
      this.sim.step();
      const ms = performance.now() - started;
      const round = Math.floor(this.frame / perRound);
      if (round < this.roundMs.length) {
        this.roundMs[round] += ms;
        this.roundFrames[round]++;
      }
      this.frame++;
      this.sim.positions(this.xs, this.zs);
      this.watch.frame(this.frame * DT, this.xs, this.zs);
    }
  }

  /** The run's row of the table; frees the sim. */
  finish(): CrowdResult {
    const { n, scene, sim, watch, xs, zs } = this;
    let unreachable: Uint8Array | undefined;
    if (sim.unreachable !== undefined) {
      unreachable = new Uint8Array(n);
      sim.unreachable(unreachable);
    }
    const { stuck, signalled } = watch.stuck(xs, zs, unreachable);
    const timed = [...this.roundMs].flatMap((ms, k) => (this.roundFrames[k] > 0 ? [(1000 * ms) / (this.roundFrames[k] * n)] : []));
    const through = watch.through;
    let farthest = 0;
    for (let i = 0; i < n; i++) farthest = Math.max(farthest, Math.hypot(scene.targetX[i] - xs[i], scene.targetZ[i] - zs[i]));
    sim.free();
    return {
      scene: scene.name,
      contender: this.contender.label,
      n,
      seconds: this.frame * DT,
      allArrivedAt: watch.allArrivedAt,
      arrived: watch.arrivedCount,
      through: through === undefined ? undefined : {
        by30: through.by(30),
        by60: through.by(60),
        perSecond: through.perSecond,
        openingBy60: through.hasOpening ? through.openingBy(60) : undefined,
      },
      deepestOverlap: watch.deepest / RADIUS,
      deepestAt: watch.deepestAt,
      stuck,
      stuckSilent: stuck - signalled,
      unreachable: unreachable === undefined ? undefined : unreachable.reduce((a, b) => a + b, 0),
      lockedPairs: watch.locked.count,
      farthest,
      usPerBodyStep: median(timed),
      notes: sim.notes ?? [],
    };
  }
}

/**
 * The scene run by each contender, taking turns a round (5 s simulated) at a time in an order rotated every round,
 * so a burst of load from other work on the machine falls on all of them rather than on one.
 */
export function runScene(contenders: readonly CrowdContender[], scene: CrowdScene): CrowdResult[] {
  const runs = contenders.map((c) => new CrowdRun(c, scene));
  const perRound = Math.round(TIMING.round / DT);
  for (let round = 0; runs.some((r) => !r.done); round++) {
    for (let k = 0; k < runs.length; k++) runs[(k + round) % runs.length].advance(perRound);
  }
  return runs.map((r) => r.finish());
}
