/**
 * G-1: terrainGeometry draws the triangles bodies stand on. For random points of a noise terrain, the triangle of the
 * returned mesh that covers the point — found from the indices, not from the rule — has the height `stand` gives a
 * one-foot body there, on every core; the other diagonal's plane does not.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CORES } from '../cores.ts';
import { SEED } from '../wasm/cores.ts';
import type { Ground, World } from '../../src/types.ts';

/** One foot (span 0), so stand is the lattice height at the point itself (ST-1, ST-2). */
const POINT = { radius: 0.3, height: 1.8, accel: 10, turnRate: 10, gravity: 20, jumpH: 1, step: 0.5, maxSlope: 1, slopeBand: 0.1, wade: 0.5, span: 0, probe: 1, slide: 2, seekSpeed: 3 };

const WORLD: World = {
  walker: { kinds: { point: POINT }, mods: { height: 'terrain3d', cell: 'terrain3d' } },
  terrain3d: { rings: [{ reach: 8, seg: 16 }], noise: { seed: 11, amplitude: 5, wavelength: 6, octaves: 3 } },
};

/** The triangle of the mesh covering (x, z), as the three corners' [x, y, z]; undefined when none does. */
function triangleAt(positions: Float32Array, indices: Uint32Array, x: number, z: number): number[][] | undefined {
  for (let t = 0; t < indices.length; t += 3) {
    const p = [0, 1, 2].map((k) => Array.from(positions.subarray(indices[t + k] * 3, indices[t + k] * 3 + 3)));
    const [a, b, c] = p;
    const d = (b[0] - a[0]) * (c[2] - a[2]) - (c[0] - a[0]) * (b[2] - a[2]);
    const u = ((x - a[0]) * (c[2] - a[2]) - (c[0] - a[0]) * (z - a[2])) / d;
    const v = ((b[0] - a[0]) * (z - a[2]) - (x - a[0]) * (b[2] - a[2])) / d;
    if (u >= -1e-9 && v >= -1e-9 && u + v <= 1 + 1e-9) return p;
  }
  return undefined;
}

/** The height at (x, z) of the plane through three corners. */
function planeAt([a, b, c]: number[][], x: number, z: number): number {
  const d = (b[0] - a[0]) * (c[2] - a[2]) - (c[0] - a[0]) * (b[2] - a[2]);
  const u = ((x - a[0]) * (c[2] - a[2]) - (c[0] - a[0]) * (z - a[2])) / d;
  const v = ((b[0] - a[0]) * (z - a[2]) - (x - a[0]) * (b[2] - a[2])) / d;
  return a[1] + u * (b[1] - a[1]) + v * (c[1] - a[1]);
}

/** The height at (x, z) if the cell were split along the other diagonal, (greatest x, least z)–(least x, greatest z). */
function otherDiagonalAt(ground: Ground, x: number, z: number): number {
  const i = Math.floor(x);
  const j = Math.floor(z);
  const fx = x - i;
  const fz = z - j;
  const h = (a: number, b: number): number => ground.height(a, b);
  return fx + fz <= 1
    ? h(i, j) + fx * (h(i + 1, j) - h(i, j)) + fz * (h(i, j + 1) - h(i, j))
    : h(i + 1, j + 1) + (1 - fx) * (h(i, j + 1) - h(i + 1, j + 1)) + (1 - fz) * (h(i + 1, j) - h(i + 1, j + 1));
}

/** A coordinate spread evenly over the extent (fc.double draws by bit pattern, mostly near 0 — on lattice corners). */
const coordinate = fc.noBias(fc.integer({ min: -599_999, max: 599_999 })).map((n) => n / 100_000);

for (const { name, api } of CORES) {
  describe(`terrainGeometry (${name})`, () => {
    const ground = api.groundOf(WORLD);
    const mesh = api.terrainGeometry(ground, [-6, -6, 6, 6]);
    const numbers = api.numbers({ kind: 'point' }, WORLD);

    it(`G-1: corners at whole multiples of cell over the extent, at ground.height, two triangles a cell (${name})`, () => {
      expect(ground.cell).toBe(1);
      expect([mesh.columns, mesh.rows]).toEqual([13, 13]);
      expect(mesh.positions.length).toBe(13 * 13 * 3);
      expect(mesh.indices.length).toBe(12 * 12 * 6);
      expect(Array.from(mesh.positions.subarray(0, 3))).toEqual([-6, Math.fround(ground.height(-6, -6)), -6]);
      const last = (13 * 13 - 1) * 3;
      expect(Array.from(mesh.positions.subarray(last, last + 3))).toEqual([6, Math.fround(ground.height(6, 6)), 6]);
    });

    it(`G-1: every triangle faces up (counter-clockwise seen from +y) (${name})`, () => {
      for (let t = 0; t < mesh.indices.length; t += 3) {
        const [a, b, c] = [0, 1, 2].map((k) => mesh.positions.subarray(mesh.indices[t + k] * 3, mesh.indices[t + k] * 3 + 3));
        const normalY = (c[0] - a[0]) * (b[2] - a[2]) - (c[2] - a[2]) * (b[0] - a[0]);
        expect(normalY).toBeGreaterThan(0);
      }
    });

    it(`G-1: the drawn triangle under a point is at the height stand gives there; the other diagonal is not (${name})`, () => {
      let apart = 0;
      fc.assert(
        fc.property(coordinate, coordinate, (x, z) => {
          const triangle = triangleAt(mesh.positions, mesh.indices, x, z);
          expect(triangle).toBeDefined();
          const standing = api.stand(numbers, ground, x, z);
          // The corners are float32 in the mesh: heights of a few metres round by < 1e-6.
          expect(Math.abs(planeAt(triangle!, x, z) - standing)).toBeLessThan(1e-5);
          if (Math.abs(otherDiagonalAt(ground, x, z) - standing) > 5e-3) apart++;
        }),
        { seed: SEED, numRuns: 300 },
      );
      // The property can fail: on this terrain the other split puts most points centimetres off.
      expect(apart).toBeGreaterThan(100);
    });

    it(`G-1: refuses a ground without a lattice and an extent that is not [x0, z0, x1, z1], with a sentence (${name})`, () => {
      const { cell: _cell, ...unlatticed } = ground;
      expect(() => api.terrainGeometry(unlatticed as Ground, [0, 0, 1, 1])).toThrow(
        'walker: terrainGeometry needs a lattice ground, and ground.cell is undefined; expected a finite number > 0.',
      );
      expect(() => api.terrainGeometry(ground, [0, 0, -1, 1])).toThrow('walker: extent is [0, 0, -1, 1]; expected [x0, z0, x1, z1], finite, with x1 > x0 and z1 > z0.');
      expect(() => api.terrainGeometry(ground, [0, 0, Number.NaN, 1])).toThrow('walker: extent is [0, 0, NaN, 1]; expected [x0, z0, x1, z1], finite, with x1 > x0 and z1 > z0.');
    });
  });
}
