/** SPEC section 9 (H-1) on every entry: a camera-relative stick. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { check, eachCore, runsOn } from './harness.ts';
import { SEED } from './grounds.ts';

function close(got: [number, number], want: [number, number], digits = 14): void {
  expect(got[0]).toBeCloseTo(want[0], digits);
  expect(got[1]).toBeCloseTo(want[1], digits);
}

eachCore('relative', ({ name, api }) => {
  const { relative } = api;

  describe('H-1 relative', () => {
    test('H-1: W ([0, 1]) maps to (sin yaw, cos yaw) and D ([1, 0]) to (−cos yaw, sin yaw)', () => {
      close(relative([0, 1], 0), [0, 1]);
      close(relative([1, 0], 0), [-1, 0]);
      close(relative([0, 1], Math.PI / 2), [1, 0]);
      close(relative([1, 0], Math.PI / 2), [0, 1]);
      close(relative([0, -1], Math.PI), [0, 1]);
      const yaw = 0.7;
      close(relative([0, 1], yaw), [Math.sin(yaw), Math.cos(yaw)]);
      close(relative([1, 0], yaw), [-Math.cos(yaw), Math.sin(yaw)]);
      // A partial stick is the same combination, unclamped below length 1: 0.5 W + 0.2 D.
      close(relative([0.2, 0.5], yaw), [0.5 * Math.sin(yaw) - 0.2 * Math.cos(yaw), 0.5 * Math.cos(yaw) + 0.2 * Math.sin(yaw)]);
      close(relative([0.3, 0.4], 0), [-0.3, 0.4]);
      expect(relative([0, 0], 1.3)).toEqual([0, 0]);
    });

    test('H-1: the result is clamped to length 1 (W + D is the unit diagonal)', () => {
      const s = Math.SQRT1_2;
      close(relative([1, 1], 0), [-s, s]);
      close(relative([3, 4], 0), [-0.6, 0.8]);
      close(relative([-10, 0], Math.PI / 2), [0, -1]);
      expect(() => relative([Number.NaN, 0], 0)).toThrow(/stick/);
      expect(() => relative([0, 1], Infinity)).toThrow(/yaw/);
    });

    test(`H-1: property — length is min(|stick|, 1) and the direction is the stick turned by yaw (seed ${SEED})`, () => {
      const prop = fc.property(
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: -20, max: 20, noNaN: true }),
        (sx, sz, yaw) => {
          const [x, z] = relative([sx, sz], yaw);
          const len = Math.hypot(sx, sz);
          const scale = len > 1 ? 1 / len : 1;
          const ex = (sz * Math.sin(yaw) - sx * Math.cos(yaw)) * scale;
          const ez = (sz * Math.cos(yaw) + sx * Math.sin(yaw)) * scale;
          return Math.abs(x - ex) < 1e-12 && Math.abs(z - ez) < 1e-12;
        },
      );
      check(prop, runsOn({ core: name, grounding: 'callbacks' }, 1000));
    });
  });
});
