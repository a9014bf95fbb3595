/**
 * G-6: solidsIn gives the circles whose centres lie in a box — exactly those a scatter3d world places there, each
 * once, the edges included, not one merely reaching in — and waterLevel the level of the water there, on every core.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CORES } from '../cores.ts';
import type { Circle, Ground, World } from '../../src/types.ts';

const POINT = { radius: 0.3, height: 1.8, accel: 10, turnRate: 10, gravity: 20, jumpH: 1, step: 0.5, maxSlope: 1, slopeBand: 0.1, wade: 0.5, span: 0, probe: 1, slide: 2, seekSpeed: 3 };

/** Circles on and either side of the box [−10, −10, 10, 10]'s edges, a non-solid one, and a seeded layer. */
const INSTANCES = [
  { x: -10, z: 0, radius: 0.5 }, { x: 10, z: 10, radius: 1 }, { x: 10.001, z: 0, radius: 2 }, { x: 0, z: -10.5, radius: 3 },
  { x: 3, z: 4, radius: 0.4, solid: false },
];

const WORLD: World = {
  walker: { kinds: { point: POINT }, mods: { height: 'terrain3d', depth: 'terrain3d', cell: 'terrain3d', solids: 'scatter3d' } },
  terrain3d: { rings: [{ reach: 32, seg: 64 }], noise: { seed: 5, amplitude: 6, wavelength: 24, octaves: 3 }, water: -1.3 },
  scatter3d: { instances: INSTANCES, layers: [{ seed: 3, count: 400, extent: [-30, -30, 30, 30], radius: [0.2, 1.5], solid: true }] },
};

/** Every solid circle of the world, found without solidsIn: one query reaching past all of them. */
function everySolid(ground: Ground): readonly Circle[] {
  return ground.solids(0, 0, 100);
}

const key = (c: Circle): string => `${c.x},${c.z},${c.radius}`;

for (const { name, api } of CORES) {
  describe(`G-6: solidsIn and waterLevel (${name})`, () => {
    const ground = api.groundOf(WORLD);

    it('G-6: solidsIn gives the solid circles whose centres lie in the box, edges included, each once', () => {
      const found = api.solidsIn(ground, [-10, -10, 10, 10]);
      const keys = found.map(key);
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys).toContain(key(INSTANCES[0]));
      expect(keys).toContain(key(INSTANCES[1]));
      expect(keys).not.toContain(key(INSTANCES[2])); // its rim reaches in, its centre does not
      expect(keys).not.toContain(key(INSTANCES[3]));
      expect(keys).not.toContain('3,4,0.4'); // not solid
      const inBox = everySolid(ground).filter((c) => Math.abs(c.x) <= 10 && Math.abs(c.z) <= 10);
      expect(keys.sort()).toEqual(inBox.map(key).sort());
      expect(found.length).toBeGreaterThan(30);
    });

    it('G-6: for any box, solidsIn is every solid circle with its centre in it, in the order ground.solids lists them', () => {
      const all = everySolid(ground);
      const coordinate = fc.integer({ min: -4000, max: 4000 }).map((n) => n / 100);
      fc.assert(
        fc.property(coordinate, coordinate, fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 1, max: 3000 }), (x0, z0, w, d) => {
          const [x1, z1] = [x0 + w / 100, z0 + d / 100];
          const found = api.solidsIn(ground, [x0, z0, x1, z1]).map(key);
          const order = all.map(key);
          const expected = all.filter((c) => c.x >= x0 && c.x <= x1 && c.z >= z0 && c.z <= z1).map(key);
          expect([...found].sort()).toEqual([...expected].sort());
          expect(found.map((k) => order.indexOf(k))).toEqual([...found.map((k) => order.indexOf(k))].sort((a, b) => a - b));
        }),
        { numRuns: 200, seed: 26 },
      );
    });

    it('G-6: waterLevel over terrain3d\'s lake is its water level, to rounding; null over dry ground and without depth', () => {
      const level = api.waterLevel(ground, [-32, -32, 32, 32]);
      expect(level).not.toBeNull();
      expect(Math.abs((level ?? 0) - -1.3)).toBeLessThan(1e-12);
      const dry = api.groundOf({ ...WORLD, terrain3d: { ...WORLD.terrain3d!, water: -100 } });
      expect(api.waterLevel(dry, [-32, -32, 32, 32])).toBeNull();
      const noDepth = api.groundOf({ ...WORLD, walker: { kinds: { point: POINT }, mods: { height: 'terrain3d', cell: 'terrain3d' } } });
      expect(api.waterLevel(noDepth, [-32, -32, 32, 32])).toBeNull();
    });

    it('G-6: waterLevel is the highest height + depth of the wet lattice corners in the extent, widened to whole cells', () => {
      // Water rising toward +x: 0.1 m deep per metre beyond x = 2, over flat ground at 1 m.
      const sloped: Ground = { height: () => 1, depth: (x) => Math.max(0, (x - 2) / 10), solids: () => [], cell: 0.5 };
      expect(api.waterLevel(sloped, [0, 0, 4.2, 1])).toBeCloseTo(1 + (4.5 - 2) / 10, 12);
      expect(api.waterLevel(sloped, [0, 0, 2, 1])).toBeNull();
    });

    it('G-6: bad extents and a ground without a lattice are refused with a sentence', () => {
      expect(() => api.solidsIn(ground, [0, 0, 0, 1])).toThrow('walker: extent is [0, 0, 0, 1]; expected [x0, z0, x1, z1], finite, with x1 > x0 and z1 > z0.');
      expect(() => api.waterLevel(ground, [0, 0, Number.NaN, 1])).toThrow('walker: extent is [0, 0, NaN, 1]');
      expect(() => api.waterLevel({ height: () => 0, solids: () => [] }, [0, 0, 1, 1])).toThrow('walker: waterLevel needs a lattice ground, and ground.cell is undefined; expected a finite number > 0.');
      expect(() => api.solidsIn({ height: () => 0, solids: () => [{ x: 0, z: Number.NaN, radius: 1 }] }, [0, 0, 1, 1])).toThrow(/^walker: ground\.solids\(0\.5, 0\.5, 0\.7071067811865476\) gave/);
    });
  });
}
