/**
 * One crowd scene run by one contender: stepped at DT until every body has arrived or CAP_SECONDS have passed,
 * watched every frame, and its step calls timed over the first 30 s in 5 s rounds (µs per body-step: the median
 * round's step time over its frames × bodies; the watching is not timed).
 */
import type { CrowdContender } from './contender.ts';
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
  /** Bodies through their gates by 30 s and by 60 s, and per second (see Through), for scenes with gates. */
  through?: { by30: number; by60: number; perSecond: number };
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

export function runCrowd(contender: CrowdContender, scene: CrowdScene): CrowdResult {
  const n = bodiesIn(scene);
  const sim = contender.build(scene);
  const watch = new CrowdWatch(scene, RADIUS, DT);
  const xs = new Float64Array(n);
  const zs = new Float64Array(n);
  sim.positions(xs, zs);
  watch.frame(0, xs, zs);
  const rounds = Math.round(TIMING.seconds / TIMING.round);
  const perRound = Math.round(TIMING.round / DT);
  const roundMs = new Float64Array(rounds);
  const roundFrames = new Uint32Array(rounds);
  const frames = Math.round(CAP_SECONDS / DT);
  let frame = 0;
  while (frame < frames && watch.allArrivedAt === undefined) {
    const started = performance.now();
    sim.step();
    const ms = performance.now() - started;
    const round = Math.floor(frame / perRound);
    if (round < rounds) {
      roundMs[round] += ms;
      roundFrames[round]++;
    }
    frame++;
    sim.positions(xs, zs);
    watch.frame(frame * DT, xs, zs);
  }
  let unreachable: Uint8Array | undefined;
  if (sim.unreachable !== undefined) {
    unreachable = new Uint8Array(n);
    sim.unreachable(unreachable);
  }
  const { stuck, signalled } = watch.stuck(xs, zs, unreachable);
  const timed = [...roundMs].flatMap((ms, k) => (roundFrames[k] > 0 ? [(1000 * ms) / (roundFrames[k] * n)] : []));
  const through = watch.through;
  let farthest = 0;
  for (let i = 0; i < n; i++) farthest = Math.max(farthest, Math.hypot(scene.targetX[i] - xs[i], scene.targetZ[i] - zs[i]));
  sim.free();
  return {
    scene: scene.name,
    contender: contender.label,
    n,
    seconds: frame * DT,
    allArrivedAt: watch.allArrivedAt,
    arrived: watch.arrivedCount,
    through: through === undefined ? undefined : { by30: through.by(30), by60: through.by(60), perSecond: through.perSecond },
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
