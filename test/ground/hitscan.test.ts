import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hitscan } from '../../src/ground/index.ts';
import type { Row, World } from '../../src/types.ts';

const seed = Number(process.env.FC_SEED ?? 42);

const BASE = {
  accel: 12, turnRate: 10, jumpH: 0.9, step: 0.6, maxSlope: 0.7, slopeBand: 0.1, wade: 0.5, span: 0.5, probe: 2, slide: 4, seekSpeed: 3,
};
// An upright cylinder of radius 0.5 and height 2; an ogre of radius 1 and height 3.
const W: World = { walker: { kinds: { xbot: { ...BASE, radius: 0.5, height: 2, gravity: 20 }, ogre: { ...BASE, radius: 1, height: 3, gravity: 9.81 } } } };

const at = (x: number, y: number, z: number, kind = 'xbot'): Row => ({ kind, pos: [x, y, z] });

describe('M-3: hitscan', () => {
  it('M-3: a shot meets the side of a body’s cylinder', () => {
    const row = at(0, 0, 0);
    const hit = hitscan(W, [row], [-5, 1, 0], [1, 0, 0], 100)!;
    expect(hit.row).toBe(row);
    expect(hit.kind).toBe('xbot');
    expect(hit.distance).toBe(4.5);
    expect(hit.point).toEqual([-0.5, 1, 0]);
  });

  it('M-3: dir is normalised internally', () => {
    expect(hitscan(W, [at(0, 0, 0)], [-5, 1, 0], [10, 0, 0], 100)!.distance).toBe(4.5);
    expect(hitscan(W, [at(0, 0, 0)], [-5, 1, 0], [1e300, 0, 0], 100)!.distance).toBe(4.5);
    // Diagonal down onto the side: enters at x = −0.5, y = 1 after 2√2.
    const hit = hitscan(W, [at(0, 0, 0)], [-2.5, 3, 0], [1, -1, 0], 100)!;
    expect(hit.distance).toBeCloseTo(2 * Math.SQRT2, 12);
    expect(hit.point[0]).toBeCloseTo(-0.5, 12);
    expect(hit.point[1]).toBeCloseTo(1, 12);
  });

  it('M-3: the nearest body is hit, whatever the order of rows', () => {
    const far = at(0, 0, 0);
    const near = at(-3, 0, 0, 'ogre');
    const hit = hitscan(W, [far, near], [-10, 1, 0], [1, 0, 0], 100)!;
    expect(hit.row).toBe(near);
    expect(hit.kind).toBe('ogre');
    expect(hit.distance).toBe(6);
  });

  it('M-3: a shot passing above, beside or away from a body misses', () => {
    const rows = [at(0, 0, 0)];
    expect(hitscan(W, rows, [-5, 2.5, 0], [1, 0, 0], 100)).toBeNull();
    expect(hitscan(W, rows, [-5, 1, 0.6], [1, 0, 0], 100)).toBeNull();
    expect(hitscan(W, rows, [5, 1, 0], [1, 0, 0], 100)).toBeNull();
    expect(hitscan(W, rows, [-5, 1, 0], [0, 1, 0], 100)).toBeNull();
    expect(hitscan(W, [], [-5, 1, 0], [1, 0, 0], 100)).toBeNull();
  });

  it('M-3: a shot straight down or up meets the top or bottom cap', () => {
    const top = hitscan(W, [at(0, 0, 0)], [0.2, 5, 0.1], [0, -1, 0], 100)!;
    expect(top.distance).toBe(3);
    expect(top.point).toEqual([0.2, 2, 0.1]);
    const bottom = hitscan(W, [at(0, 0, 0)], [0, -3, 0], [0, 1, 0], 100)!;
    expect(bottom.distance).toBe(3);
    expect(bottom.point).toEqual([0, 0, 0]);
  });

  it('M-3: a slanted shot over the rim meets the top cap', () => {
    // From (−1, 4) along (1, −2)/√5: it is above y = 3 at the rim x = −0.5, and reaches y = 2 at x = 0.
    const hit = hitscan(W, [at(0, 0, 0)], [-1, 4, 0], [1, -2, 0], 100)!;
    expect(hit.distance).toBeCloseTo(Math.sqrt(5), 12);
    expect(hit.point[0]).toBeCloseTo(0, 12);
    expect(hit.point[1]).toBeCloseTo(2, 12);
  });

  it('M-3: the cylinder stands on pos, the feet', () => {
    const rows = [at(0, 10, 0)];
    expect(hitscan(W, rows, [-5, 1, 0], [1, 0, 0], 100)).toBeNull();
    expect(hitscan(W, rows, [-5, 11.9, 0], [1, 0, 0], 100)!.distance).toBe(4.5);
    expect(hitscan(W, rows, [-5, 12.1, 0], [1, 0, 0], 100)).toBeNull();
  });

  it('M-3: a shot from inside a body hits it at distance 0', () => {
    const row = at(0, 0, 0);
    const hit = hitscan(W, [at(-3, 0, 0), row], [0.1, 1, 0.2], [-1, 0, 0], 100)!;
    expect(hit.row).toBe(row);
    expect(hit.distance).toBe(0);
    expect(hit.point).toEqual([0.1, 1, 0.2]);
  });

  it('M-3: only hits within maxDist count', () => {
    expect(hitscan(W, [at(0, 0, 0)], [-5, 1, 0], [1, 0, 0], 4.4)).toBeNull();
    expect(hitscan(W, [at(0, 0, 0)], [-5, 1, 0], [1, 0, 0], 4.5)!.distance).toBe(4.5);
    expect(hitscan(W, [at(0, 0, 0)], [-5, 1, 0], [1, 0, 0], Infinity)!.distance).toBe(4.5);
  });

  it('M-3: rows of kinds the table does not list are not bodies; `as` picks the kind', () => {
    expect(hitscan(W, [at(0, 0, 0, 'tree')], [-5, 1, 0], [1, 0, 0], 100)).toBeNull();
    const row: Row = { kind: 'player', as: 'ogre', pos: [0, 0, 0] };
    const hit = hitscan(W, [row], [-5, 1, 0], [1, 0, 0], 100)!;
    expect(hit.kind).toBe('ogre');
    expect(hit.distance).toBe(4);
  });

  it('M-3: kinds are inherited from the parent world (K-5)', () => {
    expect(hitscan({ parent: W }, [at(0, 0, 0)], [-5, 1, 0], [1, 0, 0], 100)!.distance).toBe(4.5);
  });

  it('M-3: bad arguments throw a sentence naming the argument', () => {
    const rows = [at(0, 0, 0)];
    expect(() => hitscan(W, rows, [-5, 1, 0], [0, 0, 0], 100)).toThrow(/^walker: hitscan dir is \[0, 0, 0\]; expected a non-zero direction\.$/);
    expect(() => hitscan(W, rows, [-5, 1, 0], [1, NaN, 0], 100)).toThrow(/hitscan dir is \[1, NaN, 0\]/);
    expect(() => hitscan(W, rows, [Infinity, 1, 0], [1, 0, 0], 100)).toThrow(/hitscan origin is \[Infinity, 1, 0\]/);
    expect(() => hitscan(W, rows, [0, 1], [1, 0, 0], 100)).toThrow(/hitscan origin is \[0, 1\]/);
    expect(() => hitscan(W, rows, [-5, 1, 0], [1, 0, 0], -1)).toThrow(/hitscan maxDist is -1/);
    expect(() => hitscan(W, rows, [-5, 1, 0], [1, 0, 0], NaN)).toThrow(/hitscan maxDist is NaN/);
    expect(() => hitscan(W, [{ kind: 'xbot', pos: [0, NaN, 0] }], [-5, 1, 0], [1, 0, 0], 100)).toThrow(/hitscan rows\[0\]\.pos is \[0, NaN, 0\]/);
  });

  it(`M-3: nothing is met before the reported hit, and the hit is on the struck body's surface (fast-check seed ${seed})`, () => {
    const v = fc.double({ min: -6, max: 6, noNaN: true });
    const inside = (row: Row, x: number, y: number, z: number, eps: number): boolean => {
      const [r, h] = row.kind === 'xbot' ? [0.5, 2] : [1, 3];
      const [px, py, pz] = row.pos;
      return Math.hypot(x - px, z - pz) < r - eps && y > py + eps && y < py + h - eps;
    };
    fc.assert(
      fc.property(
        fc.array(fc.record({ x: v, y: v, z: v, kind: fc.constantFrom('xbot', 'ogre', 'tree') }), { maxLength: 6 }),
        fc.tuple(v, v, v),
        fc.tuple(v, v, v).filter(([a, b, c]) => Math.abs(a) + Math.abs(b) + Math.abs(c) > 1e-3),
        fc.double({ min: 0, max: 30, noNaN: true }),
        (specs, origin, dir, maxDist) => {
          const rows = specs.map((s) => at(s.x, s.y, s.z, s.kind));
          const hit = hitscan(W, rows, origin, dir, maxDist);
          const len = Math.hypot(...dir);
          const pointAt = (t: number): number[] => origin.map((o, k) => o + (dir[k] / len) * t);
          const bodies = rows.filter((r) => r.kind !== 'tree');
          // Sampled along the shot: up to and with maxDist on a miss, up to (not at) the hit otherwise.
          const [reach, samples] = hit === null ? [maxDist, 201] : [hit.distance, hit.distance === 0 ? 0 : 200];
          for (let k = 0; k < samples; k++) {
            const [x, y, z] = pointAt((reach * k) / 200);
            if (bodies.some((b) => inside(b, x, y, z, 1e-7))) return false;
          }
          if (hit === null) return true;
          expect(hit.distance).toBeLessThanOrEqual(maxDist);
          const [x, y, z] = hit.point;
          const [r, h] = hit.kind === 'xbot' ? [0.5, 2] : [1, 3];
          const [px, py, pz] = hit.row.pos;
          const radial = Math.hypot(x - px, z - pz);
          const onSide = Math.abs(radial - r) < 1e-6 && y >= py - 1e-6 && y <= py + h + 1e-6;
          const onCap = radial <= r + 1e-6 && (Math.abs(y - py) < 1e-6 || Math.abs(y - py - h) < 1e-6);
          const within = hit.distance === 0 && radial <= r + 1e-9 && y >= py - 1e-9 && y <= py + h + 1e-9;
          return onSide || onCap || within;
        },
      ),
      { seed, numRuns: 1000 },
    );
  });
});
