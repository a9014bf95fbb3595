import { describe, expect, test } from 'vitest';
import { ANIM_HOLD_TIME, IDLE_EPS, Tripwire } from '../../src/companion/index.ts';

const dt = 1 / 60;

describe('CO-9 Tripwire: the run-in-place oracle', () => {
  test('CO-9: fires once, with the exact sentence, when run is held on a still body for longer than ANIM_HOLD_TIME', () => {
    const messages: string[] = [];
    const wire = new Tripwire('ally', (m) => messages.push(m));
    let frames = 0;
    while (messages.length === 0 && frames < 100) {
      wire.watch('run', 0, dt);
      frames += 1;
    }
    expect(frames).toBe(19); // 19/60 s is the first frame past 0.3 s.
    expect(messages).toEqual([
      `[sanity] FAIL: companion 'ally' holds 'run' while stationary for 0.32 s at 0.000 m/s (below IDLE_EPS ${IDLE_EPS} m/s for longer than ANIM_HOLD_TIME ${ANIM_HOLD_TIME} s)`,
    ]);
    expect(messages[0].startsWith("[sanity] FAIL: companion 'ally' holds 'run' while stationary ")).toBe(true);
    // One sentence per stationary episode.
    for (let i = 0; i < 100; i++) wire.watch('run', 0, dt);
    expect(messages.length).toBe(1);
    // A new episode after the body moved reports again, naming the clip it holds.
    wire.watch('walk', 1, dt);
    for (let i = 0; i < 30; i++) wire.watch('walk', 0.05, dt);
    expect(messages.length).toBe(2);
    expect(messages[1]).toMatch(/^\[sanity\] FAIL: companion 'ally' holds 'walk' while stationary for 0\.3\d s at 0\.050 m\/s/);
  });

  test('CO-9: silent for wait or atk1 on a still body, for a gait on a moving body, and for a still window up to ANIM_HOLD_TIME', () => {
    const messages: string[] = [];
    const wire = new Tripwire('ally', (m) => messages.push(m));
    for (let i = 0; i < 120; i++) wire.watch('wait', 0, dt);
    for (let i = 0; i < 120; i++) wire.watch('atk1', 0, dt);
    for (let i = 0; i < 120; i++) wire.watch('run', IDLE_EPS, dt);
    for (let k = 0; k < 10; k++) {
      for (let i = 0; i < 17; i++) wire.watch('run', 0, dt); // 17/60 s < 0.3 s
      wire.watch('run', 2, dt);
    }
    expect(messages).toEqual([]);
  });
});
