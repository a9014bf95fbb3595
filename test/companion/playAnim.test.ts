import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { ANIM_HOLD_TIME, playAnim, type Clip } from '../../src/companion/index.ts';

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

  test(`CO-7 property (seed ${seed}): the debounce holds only walk↔run; any other request plays at once`, () => {
    fc.assert(
      fc.property(fc.constantFrom(...clips), fc.constantFrom(...clips), fc.double({ min: 0, max: 1, noNaN: true }), (current, wanted, held) => {
        const played = playAnim(current, held, wanted);
        const walkRun = (current === 'walk' && wanted === 'run') || (current === 'run' && wanted === 'walk');
        if (!walkRun) return played === wanted;
        return played === (held < ANIM_HOLD_TIME ? current : wanted);
      }),
      { seed, numRuns: 1000 },
    );
  });
});
