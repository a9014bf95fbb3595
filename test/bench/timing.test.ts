/**
 * bench:peers' frame timing (bench/peers/measure.ts): a paced contender steps exactly the frames its pace-setter
 * stepped, in the warm-up and in every round, so a ratio of two scenes (the village over the trees alone, issue 29)
 * compares equal simulated ages; the others step for time.
 */
import { describe, expect, it } from 'vitest';
import type { Sim } from '../../bench/peers/contender.ts';
import { timeFrames } from '../../bench/peers/measure.ts';
import type { Targets } from '../../bench/peers/scene.ts';

/** A sim whose frame busy-waits `ms` and counts its frames. */
function counting(ms: number): Sim & { stepped: number } {
  const sim = {
    n: 1,
    targets: undefined as unknown as Targets,
    stepped: 0,
    step(): void {
      const until = performance.now() + ms;
      while (performance.now() < until);
      sim.stepped++;
    },
    feet(): void {},
    free(): void {},
  };
  return sim;
}

describe('bench:peers timing', () => {
  it('a paced contender steps the frames its pace-setter stepped, straight after it, though each of its frames costs three times as much', () => {
    const trees = counting(0.2);
    const village = counting(0.6);
    const other = counting(0.6);
    const sims = new Map<string, Sim>([['village', village], ['herd', trees], ['other', other]]);
    const options = { rounds: 3, sliceMs: 12, warmMs: 6, warmFrames: 2 };
    const timing = timeFrames(sims, { ...options, paced: new Map([['village', 'herd']]) });
    expect(village.stepped).toBe(trees.stepped);
    expect(timing.get('village')!.frames).toBe(timing.get('herd')!.frames);
    expect(timing.get('village')!.rounds).toHaveLength(3);
    // Stepped for time, a frame three times as dear makes fewer frames: the unpaced contender shows the difference.
    expect(other.stepped).toBeLessThan(trees.stepped);
    expect(timing.get('village')!.frameMs).toBeGreaterThan(timing.get('herd')!.frameMs);
  });

  it('a contender paced by one that is not in the run steps for time, as the others do', () => {
    const alone = counting(0.2);
    const timing = timeFrames(new Map<string, Sim>([['village', alone]]), { rounds: 2, sliceMs: 5, warmMs: 2, warmFrames: 1, paced: new Map([['village', 'herd']]) });
    expect(timing.get('village')!.rounds).toHaveLength(2);
    expect(alone.stepped).toBeGreaterThan(2);
  });
});
