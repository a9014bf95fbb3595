import { describe, expect, test } from 'vitest';
import { TRAIL_DELAY, Trail } from '../../src/companion/index.ts';

describe('CO-3 Trail: the player path read TRAIL_DELAY behind', () => {
  test('CO-3: reads the position TRAIL_DELAY behind the newest sample, interpolated between samples', () => {
    const trail = new Trail();
    expect(trail.delay).toBe(TRAIL_DELAY);
    const dt = 0.1;
    // x = 10·t: the sample at t = 0.3 s ago is 3 m behind the newest.
    for (let i = 0; i <= 10; i++) trail.record(i, -2 * i, dt);
    const [x, z] = trail.target();
    expect(x).toBeCloseTo(10 - 3, 9);
    expect(z).toBeCloseTo(-2 * (10 - 3), 9);
    // Between samples: frames of 0.25 s, the point 0.3 s back is a fifth of the way from the previous to the one before.
    const coarse = new Trail(0.3);
    for (let i = 0; i <= 4; i++) coarse.record(i, 0, 0.25);
    expect(coarse.target()[0]).toBeCloseTo(4 - 1.2, 12);
  });

  test('CO-3, CO-5: at(seconds) reads any time back as target reads TRAIL_DELAY: where the player went', () => {
    const trail = new Trail();
    for (let i = 0; i <= 20; i++) trail.record(i, 0, 0.1);
    expect(trail.at(TRAIL_DELAY)).toEqual(trail.target());
    expect(trail.at(0)[0]).toBe(20);
    expect(trail.at(1.2)[0]).toBeCloseTo(8, 9);
    // Older than the trail: the oldest sample.
    expect(trail.at(10)[0]).toBe(0);
  });

  test('CO-3: the oldest sample is the target while the trail is younger than TRAIL_DELAY', () => {
    const trail = new Trail();
    trail.record(5, 7, 1 / 60);
    expect(trail.target()).toEqual([5, 7]);
    trail.record(6, 7, 1 / 60);
    trail.record(7, 7, 1 / 60);
    expect(trail.target()).toEqual([5, 7]);
  });

  test('CO-3: a player that stops stops advancing the trail — the target converges on where it stands', () => {
    const trail = new Trail();
    for (let i = 0; i < 60; i++) trail.record(i * 0.1, 0, 1 / 60);
    expect(trail.target()[0]).toBeLessThan(5.9);
    for (let i = 0; i < 30; i++) trail.record(5.9, 0, 1 / 60);
    expect(trail.target()[0]).toBe(5.9);
  });

  test('CO-3: memory is bounded — a ring buffer of fixed capacity, overwritten oldest first', () => {
    const trail = new Trail(TRAIL_DELAY, 8);
    for (let i = 0; i < 1000; i++) trail.record(i, 0, 1 / 60);
    expect(trail.size).toBe(8);
    // Eight samples span 7/60 s < 0.3 s: the oldest kept sample is read.
    expect(trail.target()[0]).toBe(992);
    // At 60 Hz the default capacity spans TRAIL_DELAY with room to spare.
    const full = new Trail();
    for (let i = 0; i < 1000; i++) full.record(i, 0, 1 / 60);
    expect(full.size).toBe(full.capacity);
    expect(full.target()[0]).toBeCloseTo(999 - 18, 9);
  });

  test('CO-3: clear forgets the trail; an empty trail and bad settings throw sentences', () => {
    const trail = new Trail();
    trail.record(1, 1, 0.1);
    trail.clear();
    expect(trail.size).toBe(0);
    expect(() => trail.target()).toThrow(/Trail.target found no recorded sample/);
    expect(() => new Trail(-1)).toThrow(/delay/);
    expect(() => new Trail(0.3, 1)).toThrow(/capacity/);
  });
});
