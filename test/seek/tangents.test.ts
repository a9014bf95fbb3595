/**
 * SE-4's ranking of a cluster's circles: the side's tangent is the one of the circle whose tangent lies furthest to
 * that side of the target's bearing, counted on past the back. The cores rank by a pseudo-angle (one division, no
 * series); here the order is checked against the angles themselves, worked out with the engine's Math.atan2 and
 * Math.asin as an independent oracle. The wasm core's ranking is the same bits as this one (test/wasm/equivalence,
 * `npm run fuzz`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pseudoAngle } from '../../src/reference/math.ts';
import { Tangent, tangentTo, tangentsRound } from '../../src/reference/seek.ts';
import type { Circle, Numbers } from '../../src/types.ts';
import { check } from '../clauses/harness.ts';

const R = 0.4;
const numbers = { radius: R } as Numbers;

/** The angle of direction (s, c) from the bearing, in (−π, π], as SE-4 states it. */
function angle(s: number, c: number): number {
  return Math.atan2(s, c);
}

/** The oracle's turn of each side's tangent from the bearing (dx, dz), counted past the back. */
function turns(c: Circle, px: number, pz: number, dx: number, dz: number): { plus: number; minus: number } {
  const ox = c.x - px;
  const oz = c.z - pz;
  const d2 = ox * ox + oz * oz;
  const grown = c.radius + R;
  let rel = Math.atan2(ox, oz) - Math.atan2(dx, dz);
  while (rel > Math.PI) rel -= 2 * Math.PI;
  while (rel <= -Math.PI) rel += 2 * Math.PI;
  const half = d2 > grown * grown ? Math.asin(grown / Math.sqrt(d2)) : Math.PI / 2;
  return { plus: rel + half, minus: half - rel };
}

/** The index of the greatest of `values`, or −1 when the runner-up comes within `margin` of it (a near tie). */
function clearBest(values: readonly number[], margin: number): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i] > values[best]) best = i;
  for (let i = 0; i < values.length; i++) if (i !== best && values[best] - values[i] < margin) return -1;
  return best;
}

/** Places to the micrometre, as a game's are, so no product underflows (subnormal directions have no angle to check). */
const coordinate = fc.integer({ min: -12_000_000, max: 12_000_000 }).map((k) => k / 1e6);
const circle = fc.record({ x: coordinate, z: coordinate, radius: fc.integer({ min: 50_000, max: 2_000_000 }).map((k) => k / 1e6) });
const part = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).map((k) => k / 1e6);

describe('SE-4: a cluster\'s circles ranked by their tangents\' pseudo-angles', () => {
  it('SE-4: pseudoAngle orders directions exactly as their angles do, all the way round', () => {
    const direction = fc.tuple(part, part).filter(([s, c]) => s !== 0 || c !== 0);
    check(
      fc.property(direction, direction, ([s1, c1], [s2, c2]) => {
        const a1 = angle(s1, c1);
        const a2 = angle(s2, c2);
        // The two readings of the back (±π) are one direction; the range is (−π, π], as wrapAngle keeps it.
        const w1 = a1 === -Math.PI ? Math.PI : a1;
        const w2 = a2 === -Math.PI ? Math.PI : a2;
        fc.pre(Math.abs(w1 - w2) > 1e-9);
        expect(Math.sign(pseudoAngle(s1, c1) - pseudoAngle(s2, c2))).toBe(Math.sign(w1 - w2));
        expect(Math.abs(pseudoAngle(s1, c1))).toBeLessThanOrEqual(2);
      }),
      3000,
    );
  });

  it('SE-4: each side\'s tangent is the circle whose tangent turns furthest that way from the bearing (counted past the back), the one the angles choose', () => {
    check(
      fc.property(fc.array(circle, { minLength: 2, maxLength: 9 }), coordinate, coordinate, coordinate, coordinate, (cluster, px, pz, tx, tz) => {
        const dx = tx - px;
        const dz = tz - pz;
        fc.pre(dx * dx + dz * dz > 1e-6);
        const t = cluster.map((c) => turns(c, px, pz, dx, dz));
        const iPlus = clearBest(t.map((v) => v.plus), 1e-9);
        const iMinus = clearBest(t.map((v) => v.minus), 1e-9);
        fc.pre(iPlus >= 0 && iMinus >= 0);
        const plus = new Tangent();
        const minus = new Tangent();
        tangentsRound(numbers, cluster, px, pz, dx, dz, plus, minus);
        const wantPlus = new Tangent();
        const wantMinus = new Tangent();
        tangentTo(numbers, cluster[iPlus], px, pz, 1, wantPlus);
        tangentTo(numbers, cluster[iMinus], px, pz, -1, wantMinus);
        expect([plus.x, plus.z, plus.length]).toEqual([wantPlus.x, wantPlus.z, wantPlus.length]);
        expect([minus.x, minus.z, minus.length]).toEqual([wantMinus.x, wantMinus.z, wantMinus.length]);
      }),
      3000,
    );
  });

  it('SE-4: a circle just behind the body on the +1 side outranks one beside it on that side (the turn is counted past the back, not wrapped)', () => {
    // The target ahead along +z; one circle beside the body on the +x side (turn ≈ π/2 + its half-angle), one behind
    // on the +x side whose +1 tangent turns past π: wrapped, it would read as a turn to the −1 side and lose.
    const beside: Circle = { x: 3, z: 0, radius: 0.5 };
    const behind: Circle = { x: 0.5, z: -3, radius: 0.5 };
    const plus = new Tangent();
    const minus = new Tangent();
    tangentsRound(numbers, [beside, behind], 0, 0, 0, 10, plus, minus);
    const want = new Tangent();
    tangentTo(numbers, behind, 0, 0, 1, want);
    expect([plus.x, plus.z]).toEqual([want.x, want.z]);
    const turn = turns(behind, 0, 0, 0, 10).plus;
    expect(turn).toBeGreaterThan(Math.PI);
  });
});
