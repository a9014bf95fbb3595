import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { IDLE_EPS, RUN_ENTER, RUN_EXIT, locomotionClip, type Clip, type LocomotionClip } from '../../src/companion/index.ts';

const seed = Number(process.env.FC_SEED ?? 1234);
const clips: Clip[] = ['wait', 'walk', 'run', 'atk1'];

describe('CO-2 locomotionClip: the pure clip selector', () => {
  test('CO-2: clip from measured speed with the intent gate (wait below IDLE_EPS or without intent, walk, run)', () => {
    for (const current of clips) {
      // The wait veto: no intent, or too slow — whatever is playing.
      expect(locomotionClip(false, 6, current)).toBe('wait');
      expect(locomotionClip(false, 0, current)).toBe('wait');
      expect(locomotionClip(true, 0, current)).toBe('wait');
      expect(locomotionClip(true, IDLE_EPS / 2, current)).toBe('wait');
      expect(() => locomotionClip(true, Number.NaN, current)).toThrow(/locomotionClip speed is NaN; expected a finite number ≥ 0/);
      // Moving under intent: a gait.
      expect(locomotionClip(true, IDLE_EPS, current)).toBe('walk');
      expect(locomotionClip(true, 1.5, current)).toBe('walk');
      expect(locomotionClip(true, 6, current)).toBe('run');
    }
    // The function takes exactly intent, speed and current clip — no PlayerState argument.
    expect(locomotionClip.length).toBe(3);
  });

  test('CO-2: walk↔run hysteresis — enter above RUN_ENTER, exit below RUN_EXIT, hold in the band', () => {
    // Enter: only strictly above RUN_ENTER.
    expect(locomotionClip(true, RUN_ENTER, 'walk')).toBe('walk');
    expect(locomotionClip(true, RUN_ENTER + 1e-9, 'walk')).toBe('run');
    // Exit: only strictly below RUN_EXIT.
    expect(locomotionClip(true, RUN_EXIT, 'run')).toBe('run');
    expect(locomotionClip(true, RUN_EXIT - 1e-9, 'run')).toBe('walk');
    // Hold in the band.
    for (const s of [RUN_EXIT, 3.3, 3.5, 3.9, RUN_ENTER]) {
      expect(locomotionClip(true, s, 'walk')).toBe('walk');
      expect(locomotionClip(true, s, 'run')).toBe('run');
      // Out of wait (or any non-run clip) the enter threshold applies: drifting through the band is walk.
      expect(locomotionClip(true, s, 'wait')).toBe('walk');
      expect(locomotionClip(true, s, 'atk1')).toBe('walk');
    }
    // The wait veto takes precedence over the hold.
    expect(locomotionClip(true, IDLE_EPS / 2, 'run')).toBe('wait');
  });

  test('CO-2: an oscillating band-straddling sequence stops flapping once settled in run', () => {
    let clip: LocomotionClip = 'walk';
    const seen: LocomotionClip[] = [];
    // Speed oscillates around RUN_ENTER, once above it, then straddles the band's top but never drops below RUN_EXIT.
    const speeds = [3.5, 3.9, 4.1, 3.9, 4.1, 3.2, 4.2, 3.1, 3.9, 3.05, 4.5, 3.0, 3.6];
    for (const s of speeds) {
      clip = locomotionClip(true, s, clip);
      seen.push(clip);
    }
    expect(seen.slice(0, 2)).toEqual(['walk', 'walk']);
    const settled = seen.indexOf('run');
    expect(settled).toBe(2);
    expect(seen.slice(settled).every((c) => c === 'run')).toBe(true);
    // The same oscillation around RUN_EXIT from walk never phantom-runs.
    clip = 'walk';
    for (const s of [2.9, 3.1, 2.95, 3.05, 3.99, 2.5]) {
      clip = locomotionClip(true, s, clip);
      expect(clip).toBe('walk');
    }
  });

  test(`CO-2 property (seed ${seed}): never walk or run below IDLE_EPS or without intent`, () => {
    fc.assert(
      fc.property(fc.boolean(), fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(...clips), (intent, speed, current) => {
        const clip = locomotionClip(intent, speed, current);
        const gait = clip === 'walk' || clip === 'run';
        return !gait || (intent && speed >= IDLE_EPS);
      }),
      { seed, numRuns: 1000 },
    );
  });

  test(`CO-2 property (seed ${seed}): a speed signal inside the band never switches the clip`, () => {
    const band = fc.double({ min: RUN_EXIT, max: RUN_ENTER, noNaN: true });
    fc.assert(
      fc.property(fc.constantFrom<LocomotionClip>('walk', 'run'), fc.array(band, { minLength: 1, maxLength: 200 }), (start, speeds) => {
        let clip: LocomotionClip = start;
        for (const s of speeds) {
          clip = locomotionClip(true, s, clip);
          if (clip !== start) return false;
        }
        return true;
      }),
      { seed, numRuns: 1000 },
    );
  });
});
