/**
 * SPEC section 5 (SL-1..SL-6) on every core, on callback and heightmap grounds: slide's rounds, solids, steps, the
 * hop ceiling, water, exactness.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Circle, Ground, Row } from '../../src/types.ts';
import { check, eachGround, runsOn } from './harness.ts';
import {
  SEED,
  curbHill,
  distTo,
  flat,
  ground,
  incline,
  kind,
  lake,
  lattice,
  ledge,
  plane,
  ridge,
  risers,
  row,
  slopeOracle,
  standOracle,
  wall,
  world,
} from './grounds.ts';

eachGround('slide', ({ core, grounding, api, on, heightOf }) => {
  const { slide, walk } = api;

  /** `hopper` jumps so high (ceiling floor + 5 + 0.6) that only SL-3 can refuse what it meets; `pin` has one-point feet. */
  const w = world({ hopper: kind({ jumpH: 5 }), pin: kind({ span: 0, jumpH: 5 }) });
  const K = { span: 0.5, step: 0.6 };

  function slid(start: [number, number, number], delta: [number, number], g: Ground, fields: Partial<Row> = {}): { me: Row; made: [number, number] } {
    const me = row(start, fields);
    const made = slide(me, w, delta, g);
    return { me, made };
  }

  /**
   * The body stopped short of a feature whose feet-first contact is at x = foot: about a stand-off (a slope reach,
   * ST-3: max(span/2, 0.05) — 0.25 for these kinds, 0.05 for `pin` — times √2) before it, so the slope it stands on is
   * not measured across the feature, give or take one sample (0.25): the rise is found between samples, and where the
   * mean of the feet makes a ramp's first few centimetres read as walkable, one sample late. Its feet are never on it.
   */
  function expectStoppedBefore(me: Row, foot: number, reach = 0.25): void {
    const standOff = reach * Math.SQRT2;
    expect(me.pos[0]).toBeLessThanOrEqual(Math.min(foot - standOff + 0.25, foot) + 1e-9);
    expect(me.pos[0]).toBeGreaterThanOrEqual(foot - standOff - 0.25 - 1e-9);
  }

  describe('SL-1 rounds', () => {
    test('SL-1: sliding along a wall keeps the tangential part of the move', () => {
      // A wall of a tree so large it is nearly a straight line (the largest radius scatter3d takes, M-2): the grown
      // circle's edge is the line x = 2 near z = 0.
      const R = 1000;
      const line: Circle = { x: 2 + R, z: 0, radius: R - 0.4 };
      const { me, made } = slid([1, 0, 0], [2, 1.5], on(flat(0, { trees: [line] })));
      // It ends at the grown edge, x = 2 + R − √(R² − z²), never inside it (the last round runs along the tangent
      // where it met the circle, which leaves the circle by under a millimetre over this move).
      const edge = 2 + R - Math.sqrt(R * R - me.pos[2] * me.pos[2]);
      expect(me.pos[0]).toBeCloseTo(edge, 3);
      expect(me.pos[0]).toBeLessThanOrEqual(edge);
      // (The huge circle's normal at the contact turns by z/R ≈ 1.5e-3 from −x: the z part kept to a millimetre.)
      expect(me.pos[2]).toBeCloseTo(1.5, 2);
      expect(made[1]).toBeCloseTo(1.5, 2);
      // The same against a 2 m terrain wall: its normal is straight back (−x), so the whole z part is kept.
      const t = slid([1, 0, 0], [2, 1.5], on(wall(2, 2)), { kind: 'hopper' });
      expectStoppedBefore(t.me, 1.75);
      expect(t.me.pos[2]).toBeCloseTo(1.5, 12);
      expect(t.me.pos[1]).toBe(0);
    });

    test('SL-1: at most 6 rounds — in a bend of walls turning 20° each 0.5 m the body stops at the sixth corner', () => {
      // Wall faces k = 0..8 (huge circles standing in for straight lines), face k from V_k to V_{k+1} along
      // d_k = (cos 20k°, sin 20k°) in (x, z); free space on the left of each face. Moving along face 0, the body meets
      // face 1 at V_1 (round 1), slides along it to V_2 (round 2), …, and meets face 6 at V_6 in round 6; a seventh
      // round would carry it on along face 6 toward V_7, but the rest is dropped.
      const beta = (20 * Math.PI) / 180;
      const Rg = 1000;
      const V: Array<[number, number]> = [[0, 0]];
      const trees: Circle[] = [];
      for (let k = 0; k < 9; k++) {
        const d: [number, number] = [Math.cos(k * beta), Math.sin(k * beta)];
        const [vx, vz] = V[k];
        V.push([vx + 0.5 * d[0], vz + 0.5 * d[1]]);
        // Right-hand normal (into the wall): (d.z, −d.x); the circle's grown edge touches the face at its midpoint.
        const mx = vx + 0.25 * d[0];
        const mz = vz + 0.25 * d[1];
        trees.push({ x: mx + Rg * d[1], z: mz - Rg * d[0], radius: Rg - 0.4 });
      }
      // Start on face 0, 0.1 m along it and 1e-4 into free space; move 6 m along face 0.
      const { me } = slid([0.1, 0, 1e-4], [6, 0], on(flat(0, { trees })));
      const [x, , z] = me.pos;
      expect(Math.hypot(x - V[6][0], z - V[6][1])).toBeLessThan(2e-3);
      // Far from where more rounds would have taken it.
      expect(Math.hypot(x - V[7][0], z - V[7][1])).toBeGreaterThan(0.45);
      // With only 3 faces ahead the same move ends past V_3 on face 3's line, having used 4 rounds and kept going.
      const few = slid([0.1, 0, 1e-4], [6, 0], on(flat(0, { trees: trees.slice(0, 4) }))).me;
      const d3 = [Math.cos(3 * beta), Math.sin(3 * beta)];
      const along = (few.pos[0] - V[3][0]) * d3[0] + (few.pos[2] - V[3][1]) * d3[1];
      expect(along).toBeGreaterThan(1);
    });
  });

  describe('SL-2 solids', () => {
    const tree: Circle = { x: 3, z: 0, radius: 0.5 };
    const g = on(flat(0, { trees: [tree] }));

    test('SL-2: a head-on move stops with the centre on the grown circle (radius 0.5 + 0.4), not inside it', () => {
      const { me, made } = slid([0, 0, 0], [5, 0], g);
      expect(me.pos[0]).toBeCloseTo(2.1, 5);
      expect(distTo(tree, me.pos[0], me.pos[2])).toBeGreaterThanOrEqual(0.9);
      expect(made[0]).toBe(me.pos[0]);
      expect(made[1]).toBe(0);
    });

    test('SL-2: an off-centre move slides round the tree along its tangent and stays outside the grown circle', () => {
      // From (0, 0.3) along +x by 6: contact where (x − 3)² + 0.3² = 0.9², i.e. x_c = 3 − √0.72; the normal there is
      // n = (x_c − 3, 0.3)/0.9; the rest (6 − x_c, 0) loses its part along n and is made in the next round.
      const xc = 3 - Math.sqrt(0.81 - 0.09);
      const nx = (xc - 3) / 0.9;
      const nz = 0.3 / 0.9;
      const rest = 6 - xc;
      const into = rest * nx;
      const end = [xc + rest - into * nx, 0.3 - into * nz];
      const { me } = slid([0, 0, 0.3], [6, 0], g);
      expect(me.pos[0]).toBeCloseTo(end[0], 5);
      expect(me.pos[2]).toBeCloseTo(end[1], 5);
      expect(distTo(tree, me.pos[0], me.pos[2])).toBeGreaterThanOrEqual(0.9);
      // Touching the tree after that, a move straight along the tangent is made in full (rounding is no new contact).
      const t = [-nz, nx];
      const again = slid([xc, 0, 0.3], [t[0] * 2, t[1] * 2], g).made;
      expect(Math.hypot(again[0] - t[0] * 2, again[1] - t[1] * 2)).toBeLessThan(1e-6);
    });

    test('SL-2: a body inside a grown circle never moves deeper; moving out or along is free', () => {
      // Centre 0.5 from the tree's centre (inside 0.9).
      const deeper = slid([2.5, 0, 0], [0.3, 0], g).me;
      expect(distTo(tree, deeper.pos[0], deeper.pos[2])).toBeGreaterThanOrEqual(0.5 - 1e-12);
      const out = slid([2.5, 0, 0], [-1, 0], g);
      expect(out.made).toEqual([-1, 0]);
      const along = slid([2.5, 0, 0], [0, 0.4], g);
      expect(along.made).toEqual([0, 0.4]);
    });

    test('SL-2: touching a tree anywhere round it, a slide along the tangent is made in full', () => {
      for (let k = 0; k < 360; k++) {
        const a = (k * Math.PI) / 180 + 0.001;
        // On the skin circle (grown + 1e-6), where a slide that met the tree leaves the body.
        const start: [number, number, number] = [3 + 0.900001 * Math.sin(a), 0, 0.900001 * Math.cos(a)];
        const made = slid(start, [Math.cos(a), -Math.sin(a)], g).made;
        expect(Math.hypot(made[0] - Math.cos(a), made[1] + Math.sin(a)), `angle ${a}`).toBeLessThan(1e-6);
      }
    });

    test('SL-2: passing a tree just clear of its grown circle is not cut', () => {
      // The line z = 0.91 passes 0.91 from the centre > 0.9 + skin.
      expect(slid([0, 0, 0.91], [6, 0], g).made).toEqual([6, 0]);
    });
  });

  describe('SL-3 steps', () => {
    test('SL-3: refuses a 2 m wall (even for a body whose hop ceiling is far above it)', () => {
      for (const k of ['xbot', 'hopper']) {
        const g = on(wall(2, 2));
        const { me, made } = slid([0, 0, 0], [5, 0], g, { kind: k });
        expectStoppedBefore(me, 1.75);
        expect(standOracle(K, heightOf(g), me.pos[0], me.pos[2])).toBe(0);
        expect(made[0]).toBe(me.pos[0]);
        expect(me.pos[1]).toBe(0);
        expect(me.pos[2]).toBe(0);
      }
    });

    test('SL-3: climbs a 0.5 m ledge (within step): the move is made in full, and walking stands on top', () => {
      expect(slid([0, 0, 0], [5, 0], on(ledge(2, 0.5))).made).toEqual([5, 0]);
      const me = row([0, 0, 0], { want: [3, 0] });
      const g = on(ledge(2, 0.5));
      for (let i = 0; i < 90; i++) walk(me, w, 1 / 60, g);
      expect(me.pos[0]).toBeGreaterThan(3);
      expect(me.pos[1]).toBe(0.5);
      expect(me.floor).toBe(0.5);
    });

    test('SL-3: refuses stacked risers whose whole rise exceeds step, though each riser is under step', () => {
      // Six risers of 0.5 every 0.3 m: 3 m in all. The hopper's ceiling (5.6) is not what stops it.
      for (const k of ['xbot', 'hopper', 'pin']) {
        const { me } = slid([0, 0, 0], [5, 0], on(risers(2, 0.5, 0.3, 6)), { kind: k });
        expectStoppedBefore(me, k === 'pin' ? 2 : 1.75, k === 'pin' ? 0.05 : 0.25);
      }
      // Three risers of 0.3 every 0.3 m (0.9 in all over probe) are refused too; two (0.6, within step) are climbed.
      expectStoppedBefore(slid([0, 0, 0], [5, 0], on(risers(2, 0.3, 0.3, 3))).me, 1.75);
      expect(slid([0, 0, 0], [5, 0], on(risers(2, 0.3, 0.3, 2))).made).toEqual([5, 0]);
    });

    test('SL-3: a narrow ridge is not tunneled by a 10 m slide (the way is sampled at most 0.25 apart)', () => {
      // 2 m high, 0.3 m wide, centred on x = 5: with feet 0.5 wide it stops before x = 4.6; with one-point feet before 4.85.
      expectStoppedBefore(slid([0, 0, 0], [10, 0], on(ridge(5, 0.3, 2)), { kind: 'hopper' }).me, 4.6);
      expectStoppedBefore(slid([0, 0, 0], [10, 0], on(ridge(5, 0.3, 2)), { kind: 'pin' }).me, 4.85, 0.05);
      // A ridge just wider than one sample (0.26), from awkward starts and lengths and at an angle: never crossed.
      for (const [x0, len] of [[0.1, 10], [0.03, 7.3], [-2.2, 12.9], [1.111, 9.99]]) {
        const me = slid([x0, 0, 0], [len, 0], on(ridge(5.13, 0.26, 2)), { kind: 'pin' }).me;
        expect(me.pos[0]).toBeLessThan(5.0);
      }
      const diagonal = slid([0, 0, 0], [10, 3], on(ridge(5.13, 0.26, 2)), { kind: 'pin' }).me;
      expect(diagonal.pos[0]).toBeLessThan(5.0);
      // On a lattice of 0.2 m cells a one-corner ridge (a tent 0.4 wide) is found too. (As a heightmap: 0.25 m cells,
      // a tent 0.5 wide at the same place — terrain3d reads its corners to the bit only on cells that are powers of two.)
      const tent = on(lattice(0.2, (i) => (i === 25 ? 2 : 0)), lattice(0.25, (i) => (i === 20 ? 2 : 0)));
      expect(slid([0, 0, 0.05], [10, 0], tent, { kind: 'pin' }).me.pos[0]).toBeLessThanOrEqual(4.8 + 0.1);
    });

    test('SL-3: steps over a curb followed by a walkable hill (whole move made), and walks all the way up a long one', () => {
      // Curb 0.3 then slope 0.5 for 2 m: top 1.3 (under the hop ceiling 1.5).
      expect(slid([0, 0, 0], [6, 0], on(curbHill(2, 0.3, 0.5, 2))).made).toEqual([6, 0]);
      // A long hill (5.3 m up): walked, the floor tracks the ground and the body reaches the top.
      const hill = on(curbHill(2, 0.3, 0.5, 10));
      const me = row([0, 0, 0], { want: [3, 0] });
      for (let i = 0; i < 400; i++) walk(me, w, 1 / 30, hill);
      expect(me.pos[0]).toBeGreaterThan(12.5);
      expect(me.pos[1]).toBeCloseTo(5.3, 9);
      expect(me.floor).toBeCloseTo(5.3, 9);
    });

    test('SL-3: a steep incline (2 per metre) is refused at its foot; a steep but short ramp within step is stepped over', () => {
      expectStoppedBefore(slid([0, 0, 0], [5, 0], on(incline(2, 2)), { kind: 'hopper' }).me, 1.75);
      // 0.5 m up at slope 2 (0.25 m long), then flat: within step at every s.
      expect(slid([0, 0, 0], [5, 0], on(incline(2, 2, 0.5))).made).toEqual([5, 0]);
    });
  });

  describe('SL-4 the hop ceiling floor + jumpH + step', () => {
    test('SL-4: a body in the air gets onto ground up to floor + jumpH + step, and not higher', () => {
      // Floor 0: ceiling 1.5. From the air at 1.0 onto a 1.2 plateau: on.
      expect(slid([0, 1.0, 0], [3, 0], on(wall(1, 1.2)), { air: true, floor: 0 }).made).toEqual([3, 0]);
      // From the air at 1.7 onto a 1.8 plateau (a step of 0.1 from where it is): above the ceiling, refused.
      const high = slid([0, 1.7, 0], [3, 0], on(wall(1, 1.8)), { air: true, floor: 0 }).me;
      expectStoppedBefore(high, 0.75);
      expect(high.pos[1]).toBe(1.7);
      // The same body whose last walkable ground was 0.4 (ceiling 1.9) gets on.
      expect(slid([0, 1.7, 0], [3, 0], on(wall(1, 1.8)), { air: true, floor: 0.4 }).made).toEqual([3, 0]);
    });

    test('SL-4: a grounded body facing a rise cannot get above the ceiling either', () => {
      // Standing at 1.0 (say on a steep patch) with floor 0: a 0.55 riser (within step) to 1.55 > 1.5. With all five
      // feet on top (x ≥ 2.25) the stand height would be 1.55: refused there; part-way on (stand ≤ 1.5) it may go.
      const shelf = on(ground((x) => (x < 2 ? 1.0 : 1.55)));
      const held = slid([0, 1.0, 0], [4, 0], shelf, { floor: 0 }).me;
      expect(held.pos[0]).toBeLessThan(2.25);
      // Refused a stand-off (0.25·√2) short of the last sample before it, samples being 0.25 apart.
      expect(held.pos[0]).toBeGreaterThanOrEqual(2.25 - 0.25 * Math.SQRT2 - 0.25 - 1e-9);
      expect(standOracle(K, heightOf(shelf), held.pos[0], 0)).toBeLessThanOrEqual(1.5);
      expect(slid([0, 1.0, 0], [4, 0], shelf, { floor: 0.5 }).made).toEqual([4, 0]);
    });

    test('SL-4: repeated jumps at a steep face never put the body on ground above floor + jumpH + step', () => {
      // Faces rising 1.0, 1.2 and 3 per metre from x = 2 (all steeper than maxSlope 0.7); the body runs at each and
      // jumps every time it is grounded. Landing on the steep face does not make it walkable ground: the floor stays
      // at the flat or the face's rounded foot, where the stand height is still walkable.
      for (const slope of [1.0, 1.2, 3]) {
        // (As a heightmap on 0.25 m cells: the same ground, the incline's foot being a corner, sampled as finely.)
        const face = on(incline(2, slope), { cell: 0.25 });
        // The highest walkable ground there is: the stand height where the face's rounded foot still has a slope (by
        // hand, ST-3) within maxSlope.
        let walkableTop = 0;
        for (let x = 0; x < 4; x += 0.001) {
          if (slopeOracle(K, heightOf(face), x, 0) <= 0.7) walkableTop = Math.max(walkableTop, standOracle(K, heightOf(face), x, 0));
        }
        const me = row([0, 0, 0], { want: [4, 0] });
        let topGround = 0;
        let jumps = 0;
        for (let i = 0; i < 900; i++) {
          if (!me.air) {
            me.jump = true;
            jumps++;
          }
          walk(me, w, 1 / 60, face);
          const floor = me.floor as number;
          expect(floor).toBeLessThanOrEqual(walkableTop + 1e-9);
          const ceiling = floor + 0.9 + 0.6;
          const under = standOracle(K, heightOf(face), me.pos[0], me.pos[2]);
          expect(under).toBeLessThanOrEqual(ceiling + 1e-9);
          if (!me.air) {
            expect(me.pos[1]).toBeLessThanOrEqual(ceiling + 1e-9);
            topGround = Math.max(topGround, me.pos[1]);
          }
          // In the air it rises at most jumpH above the ground it left.
          expect(me.pos[1]).toBeLessThanOrEqual(ceiling + 0.9 + 1e-9);
        }
        expect(jumps).toBeGreaterThan(10);
        // On the faces it can mount, it hops above floor + jumpH: from the air it gets onto ground up to step above
        // its feet (SL-3), so the step allowance is used.
        if (slope < 2) expect(topGround).toBeGreaterThan(0.9);
      }
    });
  });

  describe('SL-5 water', () => {
    // Shore at x = 5; the depth grows 0.25 per metre: the mean of the four corners is 0.5 = wade at x = 7.
    const water = on(lake(5, 0.25));

    test('SL-5: a move into water deeper than wade is refused where it would get deeper', () => {
      const { me } = slid([0, 0, 0], [10, 0], water);
      expect(me.pos[0]).toBeLessThanOrEqual(7 + 1e-9);
      expect(me.pos[0]).toBeGreaterThanOrEqual(6.75 - 1e-9);
    });

    test('SL-5: from deep water, moving toward shallower water or along the depth line is never refused; deeper is', () => {
      // At x = 9 the water is 1 m deep.
      expect(slid([9, -1, 0], [-3, 0], water).made).toEqual([-3, 0]);
      expect(slid([9, -1, 0], [0, 3], water).made).toEqual([0, 3]);
      expect(slid([9, -1, 0], [-0.5, -2], water).made).toEqual([-0.5, -2]);
      const deeper = slid([9, -1, 0], [1, 0], water);
      expect(deeper.me.pos).toEqual([9, -1, 0]);
      // Diagonally: the deeper part is removed, the part along the depth line kept.
      const diag = slid([9, -1, 0], [1, 1], water);
      expect(diag.me.pos[0]).toBeCloseTo(9, 12);
      expect(diag.me.pos[2]).toBeCloseTo(1, 12);
    });

    test(`SL-5: property — from any deep point, any move toward shallower water is made in full (seed ${SEED})`, () => {
      const prop = fc.property(
        fc.double({ min: 7.3, max: 30, noNaN: true }),
        fc.double({ min: -20, max: 20, noNaN: true }),
        // At most 4 m toward the shore: the bed rises 0.25 per metre, so the move climbs ≤ 1 m, under the SL-4 ceiling
        // floor + jumpH + step = pos[1] + 1.5 that a single long slide up any rise meets (see the report).
        fc.double({ min: -4, max: -1e-3, noNaN: true }),
        fc.double({ min: -8, max: 8, noNaN: true }),
        (x, z, dx, dz) => {
          const me = row([x, -0.25 * (x - 5), z]);
          const made = slide(me, w, [dx, dz], water);
          return Object.is(made[0], dx) && Object.is(made[1], dz);
        },
      );
      check(prop, runsOn({ core, grounding }, 1000));
    });
  });

  describe('SL-6 exactness', () => {
    test('SL-6: with no limit met, slide returns exactly delta (same numbers) and moves pos by it, y unchanged', () => {
      // On a walkable hill (0.3 per metre) the body stands on: every move is made as given.
      const hill = on(plane(0.3));
      const cases: Array<[number, number]> = [[0.1, 0.2], [-0, 0.3], [1 / 3, -2 / 7], [1e-12, 0], [0, 0], [-1.7, 0.9]];
      for (const delta of cases) {
        const me = row([0.7, 0.21, -0.3]);
        const made = slide(me, w, delta, hill);
        expect(Object.is(made[0], delta[0])).toBe(true);
        expect(Object.is(made[1], delta[1])).toBe(true);
        expect(me.pos).toEqual([0.7 + delta[0], 0.21, -0.3 + delta[1]]);
      }
      // A tree near but not in the way changes nothing.
      const me = row([0, 0, 0]);
      const made = slide(me, w, [2, 0.5], on(flat(0, { trees: [{ x: 1, z: 3, radius: 0.5 }] })));
      expect(Object.is(made[0], 2) && Object.is(made[1], 0.5)).toBe(true);
    });
  });
});
