/**
 * SPEC sections 3 (G-1..G-3) and 4 (ST-1..ST-4) on every core: the lattice, asking the ground, stand height, slope,
 * depth — on callback and heightmap grounds, except where the clause is about the questions put to JS callbacks.
 */
import { describe, expect, test } from 'vitest';
import type { Ground, Row } from '../../src/types.ts';
import { eachCore, eachGround } from './harness.ts';
import { counted, flat, ground, kind, lattice, latticeOracle, plane, row, standOracle, wall, world } from './grounds.ts';

const w = world({ dot: kind({ span: 0 }), flatfoot: kind({ span: 0, wade: 0.5 }) });

eachGround('ground and stand height', ({ api, on, heightOf }) => {
  const { numbers, slide, stand, walk } = api;
  const n = numbers({ kind: 'xbot' }, w);
  /** A kind whose five feet are one point, so its stand height is the ground height at the centre. */
  const dot = numbers({ kind: 'dot' }, w);

  describe('G-1 the lattice', () => {
    // Corners of the unit cell: (0,0) → 0, (1,0) → 1, (0,1) → 2, (1,1) → 4; elsewhere 0.
    const table: Record<string, number> = { '0,0': 0, '1,0': 1, '0,1': 2, '1,1': 4 };
    const corners = (i: number, j: number): number => table[`${i},${j}`] ?? 0;
    const g = on(lattice(1, corners));

    test('G-1: a point below the diagonal (x ≥ z in its cell) lies on the plane of (0,0), (1,0), (1,1)', () => {
      // Plane through (0,0,0), (1,0,1), (1,1,4): h = x + 3z.
      expect(stand(dot, g, 0.7, 0.2)).toBeCloseTo(0.7 + 3 * 0.2, 12);
      expect(stand(dot, g, 0.51, 0.49)).toBeCloseTo(0.51 + 3 * 0.49, 12);
      expect(stand(dot, g, 0.9, 0.0)).toBeCloseTo(0.9, 12);
    });

    test('G-1: a point above the diagonal (z > x) lies on the plane of (0,0), (0,1), (1,1)', () => {
      // Plane through (0,0,0), (0,1,2), (1,1,4): h = 2x + 2z. (Bilinear would give 1.24 at (0.2, 0.7).)
      expect(stand(dot, g, 0.2, 0.7)).toBeCloseTo(2 * 0.2 + 2 * 0.7, 12);
      expect(stand(dot, g, 0.49, 0.51)).toBeCloseTo(2 * 0.49 + 2 * 0.51, 12);
      expect(stand(dot, g, 0.0, 0.9)).toBeCloseTo(1.8, 12);
      // Corners read exactly; the diagonal is shared by both planes.
      expect(stand(dot, g, 1, 1)).toBeCloseTo(4, 12);
      expect(stand(dot, g, 0.5, 0.5)).toBeCloseTo(2, 12);
    });

    test('G-1: corners at whole multiples of cell, negative cells too, match the triangle planes computed by hand', () => {
      const table = (i: number, j: number): number => ((i * 7 + j * 13) % 5) * 0.3 - 0.5 + 0.01 * i * j;
      const g2 = on(lattice(2, table));
      // Hand check in cell (−1, −1) = x ∈ [−2, 0), z ∈ [−2, 0): corners (−2,−2), (0,−2), (−2,0), (0,0).
      const h00 = table(-1, -1);
      const h10 = table(0, -1);
      const h01 = table(-1, 0);
      const h11 = table(0, 0);
      // (−1.4, −0.6): u = 0.3, v = 0.7 → above the diagonal: h00 + v (h01 − h00) + u (h11 − h01).
      expect(stand(dot, g2, -1.4, -0.6)).toBeCloseTo(h00 + 0.7 * (h01 - h00) + 0.3 * (h11 - h01), 12);
      // (−0.6, −1.4): u = 0.7, v = 0.3 → below: h00 + u (h10 − h00) + v (h11 − h10).
      expect(stand(dot, g2, -0.6, -1.4)).toBeCloseTo(h00 + 0.7 * (h10 - h00) + 0.3 * (h11 - h10), 12);
      // A sweep against the independent plane solver.
      for (let x = -5; x <= 5; x += 0.37) {
        for (let z = -5; z <= 5; z += 0.41) expect(stand(dot, g2, x, z)).toBeCloseTo(latticeOracle(2, table, x, z), 10);
      }
    });

    test('G-1: depth is read on the same triangles (water across the (1,1) corner is deep along the diagonal)', () => {
      // Depth corners: (1,1) → 2, the rest 0. On the lattice the depth along the diagonal (t, t) is 2t
      // (bilinear would be 2t², other-diagonal split 0): a wade-0.5 body walking up the diagonal is refused past t = 0.25.
      // (As a heightmap, whose water is a level: the same depths over a bed at 0 − depth under water at 0.)
      const deepAt = (i: number, j: number): number => (i === 1 && j === 1 ? 2 : 0);
      const deep = on(lattice(1, () => 0, { depth: deepAt }), lattice(1, (i, j) => 0 - deepAt(i, j), { depth: deepAt, water: 0 }));
      const me = row([0.05, 0, 0.05], { kind: 'flatfoot' });
      slide(me, w, [0.4, 0.4], deep);
      expect(me.pos[0]).toBeLessThan(0.25);
      expect(me.pos[0]).toBeGreaterThanOrEqual(0.05);
      expect(me.pos[2]).toBeCloseTo(me.pos[0], 12);
      // Depth corners (1,0) and (0,1) → 2: on the lattice the diagonal is dry (0) — bilinear would read 4t(1 − t) ≈ 1 at
      // t = 0.45 and refuse. The move is made exactly.
      const saddleAt = (i: number, j: number): number => ((i === 1 && j === 0) || (i === 0 && j === 1) ? 2 : 0);
      const saddle = on(lattice(1, () => 0, { depth: saddleAt }), lattice(1, (i, j) => 0 - saddleAt(i, j), { depth: saddleAt, water: 0 }));
      const you = row([0.05, 0, 0.05], { kind: 'flatfoot' });
      expect(slide(you, w, [0.4, 0.4], saddle)).toEqual([0.4, 0.4]);
    });
  });

  describe('ST-1, ST-2 stand height', () => {
    test('ST-1: the stand height is the mean of the five feet: centre and the corners of the span square', () => {
      // h = 0.1 (x² + 2z²) at (1, 2): feet 0.9, 0.66875, 0.76875, 1.06875, 1.16875 — all within step — mean 0.915.
      const bowl = on(ground((x, z) => 0.1 * (x * x + 2 * z * z)));
      expect(stand(n, bowl, 1, 2)).toBeCloseTo(0.915, 12);
      // A single raised foot point moves the mean by a fifth of its height.
      const pin = on(ground((x, z) => (x === 1.25 && z === 2.25 ? 0.5 : 0)));
      expect(stand(n, pin, 1, 2)).toBeCloseTo(0.1, 12);
    });

    test('ST-2: across a ledge the body stands on the feet within step of the highest (the ones on top)', () => {
      // Ledge of 2 m at x ≥ 1: at x = 1 the centre and the two + corners are on top (2), the − corners (0) are dropped.
      // (As a heightmap on 1/128 m cells: the ledge's edge a ramp 8 mm wide, clear of the feet at x = 0.99 below.)
      const tall = on(wall(1, 2), { cell: 1 / 128 });
      expect(stand(n, tall, 1, 0)).toBe(2);
      expect(stand(n, tall, 0.8, 0)).toBe(2); // only the + corners (at x = 1.05) are on top
      expect(stand(n, tall, 0.74, 0)).toBe(0); // no foot on top yet
      // A ledge of 0.5 (within step): every foot counts — (0.5 + 0 + 0.5 + 0 + 0.5) / 5 = 0.3.
      expect(stand(n, on(wall(1, 0.5)), 1, 0)).toBeCloseTo(0.3, 12);
      // Exactly step apart still counts: ledge 0.6 → mean (0.6·3)/5 = 0.36.
      expect(stand(n, on(wall(1, 0.6)), 1, 0)).toBeCloseTo(0.36, 12);
      // Against the hand oracle on a random-ish ground.
      const bumpy = on(ground((x, z) => (Math.floor(x * 3) % 3) * 0.45 + 0.1 * z));
      for (let x = -2; x <= 2; x += 0.13) expect(stand(n, bumpy, x, 0.3)).toBeCloseTo(standOracle(n, heightOf(bumpy), x, 0.3), 12);
    });
  });

  describe('ST-3 slope and the steep hysteresis', () => {
    /** One walk step of a resting body at the origin: returns whether it is now steep. */
    function steepAt(g: Ground, kindName: string, wasSteep: boolean): boolean {
      const me: Row = { kind: kindName, pos: [0, stand(numbers({ kind: kindName }, w), g, 0, 0), 0], steep: wasSteep };
      walk(me, w, 1 / 60, g);
      return me.steep as boolean;
    }

    test('ST-3: the slope is the stand height\'s gradient by central differences over e = max(span/2, 0.05)', () => {
      // H = c x³ with span 0.5: stand(x) = c (x³ + 2.4 x (span/2)²) = c (x³ + 0.15 x), so the central difference at 0
      // over e is c (e² + 0.15). With e = span/2 = 0.25 that is 0.2125 c; the true slope at 0 is 0.15 c.
      // (The cubic is flattened beyond |x| = 2, far from the feet, so a heightmap of it stays within ±10⁶ m, BI-2.)
      const cubic = (c: number) => (x: number): number => c * Math.max(-2, Math.min(2, x)) ** 3;
      // c = 3.9: 0.829 > 0.7 → steep (over e = 0.05 it would read 0.595, not steep).
      expect(steepAt(on(ground(cubic(3.9))), 'xbot', false)).toBe(true);
      // c = 2.5: 0.531 → not steep (over e = span = 0.5 it would read 1.0, steep).
      expect(steepAt(on(ground(cubic(2.5))), 'xbot', false)).toBe(false);
      // span 0: e = 0.05, the feet are one point, stand = H: slope at 0 is c · 0.0025.
      expect(steepAt(on(ground(cubic(320))), 'dot', false)).toBe(true); // 0.8
      expect(steepAt(on(ground(cubic(240))), 'dot', false)).toBe(false); // 0.6 (over 0.1 it would read 2.4)
    });

    test('ST-3: the slope is the length of the gradient (0.5 on x and 0.5 on z is 0.707 > 0.7)', () => {
      expect(steepAt(on(ground((x, z) => 0.5 * x + 0.5 * z)), 'xbot', false)).toBe(true);
      expect(steepAt(on(ground((x, z) => 0.49 * x + 0.49 * z)), 'xbot', false)).toBe(false); // 0.693
      expect(steepAt(on(ground((x, z) => 0.69 * z)), 'xbot', false)).toBe(false);
      expect(steepAt(on(ground((x, z) => -0.71 * z)), 'xbot', false)).toBe(true);
    });

    test('ST-3: steep above maxSlope; a sliding body stays steep down to maxSlope − slopeBand and stops below it', () => {
      // Fresh bodies: steep only above 0.7.
      expect(steepAt(on(plane(0.75)), 'xbot', false)).toBe(true);
      expect(steepAt(on(plane(0.65)), 'xbot', false)).toBe(false);
      // Sliding bodies: still steep at 0.65 and 0.61 (≥ 0.6), no longer at 0.59 and 0.3.
      expect(steepAt(on(plane(0.65)), 'xbot', true)).toBe(true);
      expect(steepAt(on(plane(0.61)), 'xbot', true)).toBe(true);
      expect(steepAt(on(plane(0.59)), 'xbot', true)).toBe(false);
      expect(steepAt(on(plane(0.3)), 'xbot', true)).toBe(false);
      expect(steepAt(on(flat()), 'xbot', true)).toBe(false);
    });
  });

  describe('ST-4 water depth under a body', () => {
    test('ST-4: the depth is the plain mean of the four corner feet (the centre foot is not counted)', () => {
      // Shallow water (0.45) from x = 4 with a deep channel (2) only along |z| < 0.1.
      // (As heightmaps, whose water is a level: the same depths over a bed at −depth under water at 0.)
      const channelAt = (x: number, z: number): number => (x < 4 ? 0 : Math.abs(z) < 0.1 ? 2 : 0.45);
      const channel = on(ground(() => 0, { depth: channelAt }), ground((x, z) => -channelAt(x, z), { depth: channelAt, water: 0 }));
      // Centre in the channel, corners at z = ±0.25 in the shallows: mean 0.45 ≤ wade 0.5 — never refused, move exact.
      // (A mean over five feet would read 0.76, the deepest foot 2: both would refuse.)
      const me = row([3, 0, 0]);
      expect(slide(me, w, [3, 0], channel)).toEqual([3, 0]);
      // Shifted so two corners are in the channel: (2 + 2 + 0.45 + 0.45) / 4 = 1.225 > 0.5 — refused at the water's edge.
      const you = row([3, 0, 0.25]);
      slide(you, w, [3, 0], channel);
      expect(you.pos[0]).toBeLessThan(3.75 + 1e-9);
      expect(you.pos[0]).toBeGreaterThanOrEqual(3.5 - 1e-9);
      const halfAt = (x: number): number => (x >= 0 ? 1.0 : 0);
      const half = on(ground(() => 0, { depth: halfAt }), ground((x) => -halfAt(x), { depth: halfAt, water: 0 }));
      // Corners at x = ±0.25: mean 0.5 exactly at x = 0 (two corners at 1), allowed (not deeper than wade).
      const edge = row([-0.3, 0, 0]);
      expect(slide(edge, w, [0.3, 0], half)).toEqual([0.3, 0]);
    });
  });
});

/*
 * Which corners and points are asked is seen only on grounds of JS callbacks, which every core runs on the reference
 * (WX-4): a heightmap's corners are read inside the core. So these run on every entry with callbacks only.
 */
eachCore('asking the ground', ({ checked }) => {
  const { carry, numbers, seek, slide, stand, walk } = checked;
  const n = numbers({ kind: 'xbot' }, w);

  describe('G-2 each corner asked at most once per call', () => {
    test('G-2: walk, slide, carry, seek and stand ask each lattice corner of height and depth at most once', () => {
      const rough = (i: number, j: number): number => Math.sin(i * 1.3) * 0.2 + Math.cos(j * 0.7) * 0.15;
      const wet = (i: number, j: number): number => Math.max(0, 0.4 + 0.1 * i);
      const c = counted(lattice(0.5, rough, { depth: wet }));
      const calls: Array<[string, () => unknown]> = [
        ['walk', () => walk(row([0.3, 0, 0.2], { want: [3, 1], vel: [2, 0, 1] }), w, 0.1, c.ground)],
        ['walk long', () => walk(row([0.3, 0, 0.2], { want: [30, 10], vel: [30, 0, 10] }), w, 0.25, c.ground)],
        ['slide', () => slide(row([0.3, 0, 0.2]), w, [4, -3], c.ground)],
        ['carry', () => carry(row([0.3, 0, 0.2]), w, [-2, 5], c.ground)],
        ['seek', () => seek(row([0.3, 0, 0.2]), w, [5, 5], 0.1, c.ground)],
        ['stand', () => stand(n, c.ground, 0.3, 0.2)],
      ];
      for (const [name, call] of calls) {
        c.reset();
        call();
        if (name !== 'seek') expect(c.heights.size, name).toBeGreaterThan(0);
        for (const [k, v] of c.heights) expect(v, `${name}: height at ${k}`).toBe(1);
        for (const [k, v] of c.depths) expect(v, `${name}: depth at ${k}`).toBe(1);
      }
      // Each call asks afresh: the cache is per call, so a changed ground is seen by the next call.
      let level = 0;
      const moving: Ground = { height: () => level, solids: () => [], cell: 1 };
      expect(stand(n, moving, 0.5, 0.5)).toBe(0);
      level = 3;
      expect(stand(n, moving, 0.5, 0.5)).toBe(3);
    });
  });

  describe('G-3 without a cell the ground is asked at the feet', () => {
    test('G-3: stand asks height exactly at the five feet (centre and corners at ± span/2)', () => {
      const c = counted(ground((x, z) => x + z));
      stand(n, c.ground, 1, 2);
      const asked = c.heightPoints.map(([x, z]) => `${x},${z}`).sort();
      expect(asked).toEqual(['0.75,1.75', '0.75,2.25', '1,2', '1.25,1.75', '1.25,2.25'].sort());
    });

    test('G-3: walking over water, every height asked is a foot of a five-foot stance and every depth a corner of a four-corner stance', () => {
      const c = counted(ground((x, z) => 0.05 * x * z, { depth: (x) => Math.max(0, 0.2 * x) }));
      const me = row([0, 0, 0], { want: [2, 1], vel: [2, 0, 1] });
      for (let i = 0; i < 3; i++) walk(me, w, 0.1, c.ground);
      const h = n.span / 2;
      // Keys to 1e-9 m: a foot's centre recovered by undoing the offset differs from the true one in the last bits.
      const key = (x: number, z: number): string => `${Math.round(x * 1e9)},${Math.round(z * 1e9)}`;
      const heights = new Set(c.heightPoints.map(([x, z]) => key(x, z)));
      const depths = new Set(c.depthPoints.map(([x, z]) => key(x, z)));
      const corners: Array<[number, number]> = [[-h, -h], [h, -h], [-h, h], [h, h]];
      // A centre is recovered from a foot by undoing one offset; all its feet must have been asked.
      const isFoot = (set: Set<string>, x: number, z: number, withCentre: boolean): boolean =>
        [[0, 0] as [number, number], ...corners].some(([ox, oz]) => {
          const cx = x - ox;
          const cz = z - oz;
          const feet = withCentre ? [[0, 0] as [number, number], ...corners] : corners;
          return feet.every(([fx, fz]) => set.has(key(cx + fx, cz + fz)));
        });
      expect(c.heightPoints.length).toBeGreaterThan(10);
      expect(c.depthPoints.length).toBeGreaterThan(4);
      for (const [x, z] of c.heightPoints) expect(isFoot(heights, x, z, true), `height at ${x},${z}`).toBe(true);
      for (const [x, z] of c.depthPoints) expect(isFoot(depths, x, z, false), `depth at ${x},${z}`).toBe(true);
    });
  });
});
