import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { FOLLOW_DISTANCE, FOLLOW_MAX_SPEED, FOLLOW_SLOW_RADIUS, MOVE_SPEED, followSpeed } from '../../src/companion/index.ts';

const seed = Number(process.env.FC_SEED ?? 1234);
const ring = FOLLOW_DISTANCE;
const ramp = FOLLOW_SLOW_RADIUS;
const cap = FOLLOW_MAX_SPEED;

describe('CO-1 followSpeed: the arrival ramp', () => {
  test('CO-1: the follow-speed ramp is 0 at and inside the ring, linear across, capped, monotonic, safe when ramp ≤ 0', () => {
    // 0 at and inside the ring.
    for (const d of [-5, 0, 1, 2.4999, ring]) expect(followSpeed(d, ring, ramp, cap)).toBe(0);
    // Linear across the ramp.
    expect(followSpeed(ring + ramp / 2, ring, ramp, cap)).toBeCloseTo(cap / 2, 12);
    expect(followSpeed(ring + ramp / 4, ring, ramp, cap)).toBeCloseTo(cap / 4, 12);
    expect(followSpeed(3.0, ring, ramp, cap)).toBeCloseTo((cap * 0.5) / 1.5, 12);
    // Capped at and beyond ring + ramp.
    for (const d of [ring + ramp, 4.5, 10, 1e6]) expect(followSpeed(d, ring, ramp, cap)).toBe(cap);
    // Monotonic on a fine sweep.
    let last = -1;
    for (let d = 0; d <= 6; d += 0.001) {
      const v = followSpeed(d, ring, ramp, cap);
      expect(v).toBeGreaterThanOrEqual(last);
      last = v;
    }
    // Divide-by-zero safe: ramp 0 or negative gives a step from 0 to cap at the ring.
    for (const r of [0, -0, -1]) {
      expect(followSpeed(ring, ring, r, cap)).toBe(0);
      expect(followSpeed(ring + 1e-9, ring, r, cap)).toBe(cap);
      expect(followSpeed(ring + 10, ring, r, cap)).toBe(cap);
    }
  });

  test('CO-1: the cap sits at or above the player run, so the gap cannot grow without bound', () => {
    expect(FOLLOW_MAX_SPEED).toBeGreaterThanOrEqual(MOVE_SPEED);
  });

  test(`CO-1 property (seed ${seed}): monotonic non-decreasing and within [0, cap], never NaN, for any finite input`, () => {
    const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
    const unit = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e3, max: 1e3 });
    const anyScale = fc.oneof(finite, unit);
    fc.assert(
      fc.property(anyScale, anyScale, anyScale, anyScale, fc.double({ noNaN: true, noDefaultInfinity: true, min: 0 }), (a, b, r, rp, c) => {
        const lo = Math.min(a, b);
        const hi = Math.max(a, b);
        const vLo = followSpeed(lo, r, rp, c);
        const vHi = followSpeed(hi, r, rp, c);
        return !Number.isNaN(vLo) && !Number.isNaN(vHi) && vLo >= 0 && vHi <= c && vLo <= c && vHi >= 0 && vLo <= vHi;
      }),
      { seed, numRuns: 1000 },
    );
  });
});
