import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { ANIM_HOLD_TIME, GAIT_SLACK, RUN_ENTER, RUN_EXIT, playAnim, type Clip } from '../../src/companion/index.ts';

const seed = Number(process.env.FC_SEED ?? 1234);
const clips: Clip[] = ['wait', 'walk', 'run', 'atk1'];

describe('CO-7 playAnim: the walk↔run-only debounce', () => {
  test('CO-7: a walk↔run switch is held until the playing clip has held ANIM_HOLD_TIME', () => {
    expect(playAnim('walk', 0, 'run')).toBe('walk');
    expect(playAnim('walk', ANIM_HOLD_TIME - 1e-6, 'run')).toBe('walk');
    expect(playAnim('walk', ANIM_HOLD_TIME, 'run')).toBe('run');
    expect(playAnim('run', 0.1, 'walk')).toBe('run');
    expect(playAnim('run', 0.5, 'walk')).toBe('walk');
  });

  test('CO-7: switches to or from wait, and into atk1, apply the same frame', () => {
    for (const gait of ['walk', 'run'] as const) {
      expect(playAnim('wait', 0, gait)).toBe(gait);
      expect(playAnim(gait, 0, 'wait')).toBe('wait');
      expect(playAnim(gait, 0, 'atk1')).toBe('atk1');
      expect(playAnim('atk1', 0, gait)).toBe(gait);
    }
    expect(playAnim('wait', 0, 'atk1')).toBe('atk1');
    expect(playAnim('atk1', 0, 'wait')).toBe('wait');
  });

  test('CO-7: the hold guards only the borderline — a body plainly running or walking gets its gait the same frame', () => {
    // On the borderline (within GAIT_SLACK of the band) the switch waits, as without a speed.
    expect(playAnim('walk', 0, 'run', RUN_ENTER + 0.1)).toBe('walk');
    expect(playAnim('walk', 0, 'run', RUN_ENTER + GAIT_SLACK)).toBe('walk');
    expect(playAnim('run', 0, 'walk', RUN_EXIT - 0.1)).toBe('run');
    expect(playAnim('run', 0, 'walk', RUN_EXIT - GAIT_SLACK)).toBe('run');
    // Past it: a walk just after a one-frame dip, at 6.5 m/s, runs at once; a run cut to 1.5 m/s walks at once.
    expect(playAnim('walk', 1 / 60, 'run', 6.5)).toBe('run');
    expect(playAnim('walk', 0, 'run', RUN_ENTER + GAIT_SLACK + 1e-9)).toBe('run');
    expect(playAnim('run', 1 / 60, 'walk', 1.5)).toBe('walk');
    expect(playAnim('run', 0, 'walk', RUN_EXIT - GAIT_SLACK - 1e-9)).toBe('walk');
  });

  test(`CO-7 property (seed ${seed}): the debounce holds only walk↔run on the borderline; any other request plays at once`, () => {
    fc.assert(
      fc.property(fc.constantFrom(...clips), fc.constantFrom(...clips), fc.double({ min: 0, max: 1, noNaN: true }), fc.option(fc.double({ min: 0, max: 10, noNaN: true }), { nil: undefined }), (current, wanted, held, speed) => {
        const played = playAnim(current, held, wanted, speed);
        const walkRun = (current === 'walk' && wanted === 'run') || (current === 'run' && wanted === 'walk');
        const borderline = speed === undefined || (speed >= RUN_EXIT - GAIT_SLACK && speed <= RUN_ENTER + GAIT_SLACK);
        if (!walkRun || !borderline) return played === wanted;
        return played === (held < ANIM_HOLD_TIME ? current : wanted);
      }),
      { seed, numRuns: 1000 },
    );
  });
});
