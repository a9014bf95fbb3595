/**
 * SPEC section 6 (CA-1..CA-3) on every core, on callback and heightmap grounds: a clip's travel cut at solids, slid,
 * then put on the ground.
 */
import { describe, expect, test } from 'vitest';
import type { Circle, Ground, Row } from '../../src/types.ts';
import { eachGround } from './harness.ts';
import { distTo, flat, ground, ledge, plane, row, wall, world } from './grounds.ts';

eachGround('carry', ({ api, on }) => {
  const { carry, slide } = api;

  const w = world();
  const tree: Circle = { x: 3, z: 0, radius: 0.5 };
  const woods = on(flat(0, { trees: [tree] }));

  function carried(start: [number, number, number], delta: [number, number], g: Ground, fields: Partial<Row> = {}): { me: Row; made: [number, number] } {
    const me = row(start, fields);
    const made = carry(me, w, delta, g);
    return { me, made };
  }

  describe('CA-1 cut where the body first meets a solid', () => {
    test('CA-1: a lunge is cut where the body\'s circle first meets the tree\'s, where a slide would go round', () => {
      // From the origin along (5, 0.5): |(−3, 0) + t (5, 0.5)| = 0.9 at t = (30 − √(900 − 4 · 25.25 · 8.19)) / 50.5.
      const t = (30 - Math.sqrt(900 - 4 * 25.25 * 8.19)) / 50.5;
      const { me, made } = carried([0, 0, 0], [5, 0.5], woods);
      expect(me.pos[0]).toBeCloseTo(5 * t, 5);
      expect(me.pos[2]).toBeCloseTo(0.5 * t, 5);
      expect(made[0]).toBe(me.pos[0]);
      expect(made[1]).toBe(me.pos[2]);
      expect(distTo(tree, me.pos[0], me.pos[2])).toBeGreaterThanOrEqual(0.9);
      // A slide of the same delta goes round the tree and ends well past the contact point.
      const walker = row([0, 0, 0]);
      slide(walker, w, [5, 0.5], woods);
      expect(Math.hypot(walker.pos[0] - me.pos[0], walker.pos[2] - me.pos[2])).toBeGreaterThan(0.5);
      // Head on: stops at 3 − 0.9 = 2.1.
      expect(carried([0, 0, 0], [5, 0], woods).me.pos[0]).toBeCloseTo(2.1, 5);
    });

    test('CA-1: the cut move is then slid — terrain limits still apply (a 2 m wall stops it like slide)', () => {
      const { me } = carried([0, 0, 0], [5, 0], on(wall(2, 2)));
      // Feet reach the wall at 1.75; the body stops a stand-off (0.25·√2) short of the last sample before it (SL-3).
      expect(me.pos[0]).toBeLessThanOrEqual(1.75 - 0.25 * Math.SQRT2);
      expect(me.pos[0]).toBeGreaterThanOrEqual(1.75 - 0.25 * Math.SQRT2 - 0.25);
      expect(me.pos[1]).toBe(0);
      expect(me.air).toBe(false);
    });
  });

  describe('CA-2 touching or within a solid', () => {
    test('CA-2: a body touching a tree does not move toward it at all, even partly', () => {
      for (const delta of [[1, 0], [1, 0.3], [0.2, -0.9]] as Array<[number, number]>) {
        const { me, made } = carried([2.1, 0, 0], delta, woods);
        expect(made.map(Math.abs)).toEqual([0, 0]);
        expect(me.pos.map((v) => v + 0)).toEqual([2.1, 0, 0]);
      }
    });

    test('CA-2: a body within a tree does not move deeper', () => {
      const { me, made } = carried([2.5, 0, 0], [0.3, 0], woods);
      expect(made).toEqual([0, 0]);
      expect(me.pos).toEqual([2.5, 0, 0]);
    });

    test('CA-2: a move away from a touched or entered tree, along it, or past it is not cut', () => {
      expect(carried([2.1, 0, 0], [-1, 0], woods).made).toEqual([-1, 0]);
      expect(carried([2.1, 0, 0], [-1, 2], woods).made).toEqual([-1, 2]);
      expect(carried([2.5, 0, 0], [-1, 0], woods).made).toEqual([-1, 0]);
      // Touching at the tree's side (3, −0.9), moving along the tangent.
      expect(carried([3, 0, -0.9], [1, 0], woods).made).toEqual([1, 0]);
      // Passing 0.95 from its centre.
      expect(carried([0, 0, 0.95], [6, 0], woods).made).toEqual([6, 0]);
    });

    test('CA-2: touching a tree anywhere round it, a move along the tangent is made in full (rounding is not "toward")', () => {
      for (let k = 0; k < 360; k++) {
        const a = (k * Math.PI) / 180 + 0.001;
        // On the grown circle (0.9 from the centre) and on the skin circle just outside it where a cut lunge stops,
        // moving 1 m along the tangent (cos a, −sin a).
        for (const r of [0.9, 0.900001]) {
          const start: [number, number, number] = [3 + r * Math.sin(a), 0, r * Math.cos(a)];
          const made = carried(start, [Math.cos(a), -Math.sin(a)], woods).made;
          expect(Math.hypot(made[0] - Math.cos(a), made[1] + Math.sin(a)), `angle ${a}`).toBeLessThan(1e-6);
        }
      }
    });
  });

  describe('CA-3 put on the ground', () => {
    test('CA-3: it stands on ground at or above its feet (a 0.5 m ledge, or a body below the ground)', () => {
      const up = carried([0, 0, 0], [3, 0], on(ledge(2, 0.5)), { vel: [1, -2, 0.5], air: true });
      expect(up.me.pos).toEqual([3, 0.5, 0]);
      expect(up.me.air).toBe(false);
      expect(up.me.vel).toEqual([1, 0, 0.5]);
      const below = carried([0, -0.5, 0], [0, 0], on(flat()));
      expect(below.me.pos).toEqual([0, 0, 0]);
      expect(below.me.air).toBe(false);
    });

    test('CA-3: it follows a drop of up to step onto ground that is not steep', () => {
      // Off a 0.3 m shelf onto flat ground.
      const shelf = on(ground((x) => (x < 2 ? 0.3 : 0)));
      const { me } = carried([0, 0.3, 0], [3, 0], shelf);
      expect(me.pos).toEqual([3, 0, 0]);
      expect(me.air).toBe(false);
      // Exactly step (0.6) down.
      expect(carried([0, 0.6, 0], [3, 0], on(ground((x) => (x < 2 ? 0.6 : 0)))).me.air).toBe(false);
      // 0.2 above a walkable plane (0.5 per metre): lands on it.
      const gentle = carried([0, 0.2, 0], [0, 1], on(plane(0.5))).me;
      expect(gentle.pos).toEqual([0, 0, 1]);
      expect(gentle.air).toBe(false);
    });

    test('CA-3: any other drop leaves it in the air at its height (too far, or onto steep ground)', () => {
      const cliff = on(ground((x) => (x < 2 ? 2 : 0)));
      const { me } = carried([0, 2, 0], [3, 0], cliff, { vel: [0, 0, 0] });
      expect(me.pos).toEqual([3, 2, 0]);
      expect(me.air).toBe(true);
      expect(me.vel).toEqual([0, 0, 0]);
      // 0.2 above a steep plane (1 per metre): in the air.
      const steep = carried([0, 0.2, 0], [0, 1], on(plane(1))).me;
      expect(steep.pos).toEqual([0, 0.2, 1]);
      expect(steep.air).toBe(true);
    });
  });
});
