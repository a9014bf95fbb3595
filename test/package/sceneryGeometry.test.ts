/**
 * G-7: solidsGeometry draws each solid circle of a box as an upright prism — corners on the circle, from the lowest
 * ground under it up the stated height, wound outward — and waterGeometry the lattice triangles that are wet, at
 * height + depth, on every core. The expectations are found without the code under test: the circles from one wide
 * `ground.solids` query, the ground's height from `stand` of a one-foot body, wet triangles from `ground.depth`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CORES } from '../cores.ts';
import { SEED } from '../wasm/cores.ts';
import type { Ground, World } from '../../src/types.ts';

/** One foot (span 0), so stand is the lattice height at the point itself (ST-1, ST-2). */
const POINT = { radius: 0.3, height: 1.8, accel: 10, turnRate: 10, gravity: 20, jumpH: 1, step: 0.5, maxSlope: 1, slopeBand: 0.1, wade: 0.5, span: 0, probe: 1, slide: 2, seekSpeed: 3 };

/** A circle of radius 0 (it blocks, but there is nothing to draw), one beside it, and a seeded layer over a lake. */
const INSTANCES = [{ x: 1.5, z: 2.5, radius: 0 }, { x: -2.25, z: 3.75, radius: 0.6 }];

const WORLD: World = {
  walker: { kinds: { point: POINT }, mods: { height: 'terrain3d', depth: 'terrain3d', cell: 'terrain3d', solids: 'scatter3d' } },
  terrain3d: { rings: [{ reach: 32, seg: 64 }], noise: { seed: 5, amplitude: 6, wavelength: 24, octaves: 3 }, water: -1.3 },
  scatter3d: { instances: INSTANCES, layers: [{ seed: 3, count: 400, extent: [-30, -30, 30, 30], radius: [0.2, 1.5], solid: true }] },
};

type Vec = [number, number, number];

const vertex = (positions: Float32Array, v: number): Vec => [positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]];
const minus = (a: Vec, b: Vec): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: Vec, b: Vec): Vec => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot = (a: Vec, b: Vec): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** The face normal of triangle t (its corners in index order), as long as twice its area. */
function faceNormal(positions: Float32Array, indices: Uint32Array, t: number): Vec {
  const [a, b, c] = [0, 1, 2].map((k) => vertex(positions, indices[t + k]));
  return cross(minus(b, a), minus(c, a));
}

/** A box [x0, z0, x1, z1] inside the scattered square, of any shape from 1 cm to 30 m a side. */
const box = fc.tuple(fc.integer({ min: -3000, max: 2900 }), fc.integer({ min: -3000, max: 2900 }), fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 1, max: 3000 }))
  .map(([x, z, w, d]) => [x / 100, z / 100, Math.min(30, (x + w) / 100), Math.min(30, (z + d) / 100)]);

for (const { name, api } of CORES) {
  describe(`G-7: solidsGeometry and waterGeometry (${name})`, () => {
    const ground = api.groundOf(WORLD);
    const point = api.numbers({ kind: 'point' }, WORLD);
    const heightAt = (x: number, z: number): number => api.stand(point, ground, x, z);
    const every = ground.solids(0, 0, 100);

    it(`G-7: every solid circle of radius > 0 with its centre in the box is one prism: corners on its circle, from the lowest ground under it up the height (${name})`, () => {
      fc.assert(
        fc.property(box, fc.integer({ min: 3, max: 64 }), fc.integer({ min: 1, max: 2000 }), (extent, sides, tenths) => {
          const height = tenths / 100;
          const [x0, z0, x1, z1] = extent;
          const expected = every.filter((c) => c.radius > 0 && c.x >= x0 && c.x <= x1 && c.z >= z0 && c.z <= z1);
          const mesh = api.solidsGeometry(ground, extent, { sides, height });
          const perSolid = 3 * sides;
          expect(mesh.sides).toBe(sides);
          expect(mesh.positions.length).toBe(expected.length * perSolid * 3);
          expect(mesh.normals.length).toBe(mesh.positions.length);
          expect(mesh.indices.length).toBe(expected.length * (9 * sides - 6));
          const unmatched = [...expected];
          for (let s = 0; s < expected.length; s++) {
            const rim = Array.from({ length: sides }, (_, k) => vertex(mesh.positions, s * perSolid + k));
            // The centre of a regular polygon is the mean of its corners: the circle this prism draws, found from it alone.
            const cx = rim.reduce((sum, p) => sum + p[0], 0) / sides;
            const cz = rim.reduce((sum, p) => sum + p[2], 0) / sides;
            const k = unmatched.findIndex((c) => Math.abs(c.x - cx) < 1e-4 && Math.abs(c.z - cz) < 1e-4);
            expect(k, `prism ${s} at (${cx}, ${cz}) draws no solid of the box, or one drawn twice`).toBeGreaterThanOrEqual(0);
            const circle = unmatched.splice(k, 1)[0];
            expect(mesh.solids[s]).toEqual(circle);
            const bottom = Math.min(heightAt(circle.x, circle.z), ...rim.map((p) => heightAt(p[0], p[2])));
            for (let v = 0; v < perSolid; v++) {
              const p = vertex(mesh.positions, s * perSolid + v);
              // float32 corners a few tens of metres out round by < 4e-6.
              expect(Math.abs(Math.hypot(p[0] - circle.x, p[2] - circle.z) - circle.radius)).toBeLessThan(1e-5);
              expect(Math.abs(p[1] - (v < sides ? bottom : bottom + height))).toBeLessThan(1e-4);
            }
            for (const p of rim) expect(heightAt(p[0], p[2])).toBeGreaterThanOrEqual(p[1] - 1e-4);
          }
          expect(unmatched).toEqual([]);
        }),
        { seed: SEED, numRuns: 60 },
      );
    });

    it(`G-7: prism triangles index their own prism's vertices and are wound outward; vertex normals are unit and face out with them (${name})`, () => {
      fc.assert(
        fc.property(box, fc.integer({ min: 3, max: 64 }), (extent, sides) => {
          const mesh = api.solidsGeometry(ground, extent, { sides });
          const perSolid = 3 * sides;
          const perPrism = 9 * sides - 6;
          for (let t = 0; t < mesh.indices.length; t += 3) {
            const s = Math.floor(t / perPrism);
            for (let k = 0; k < 3; k++) {
              expect(mesh.indices[t + k]).toBeGreaterThanOrEqual(s * perSolid);
              expect(mesh.indices[t + k]).toBeLessThan((s + 1) * perSolid);
            }
            const { x, z } = mesh.solids[s];
            const low = mesh.positions[s * perSolid * 3 + 1];
            const high = mesh.positions[(s * perSolid + sides) * 3 + 1];
            const inside: Vec = [x, (low + high) / 2, z];
            const corners = [0, 1, 2].map((k) => vertex(mesh.positions, mesh.indices[t + k]));
            const centroid: Vec = [0, 1, 2].map((a) => (corners[0][a] + corners[1][a] + corners[2][a]) / 3) as Vec;
            const n = faceNormal(mesh.positions, mesh.indices, t);
            // A prism is convex: a face wound outward has its normal pointing away from any point inside.
            expect(dot(n, minus(centroid, inside))).toBeGreaterThan(0);
            for (let k = 0; k < 3; k++) {
              const normal = vertex(mesh.normals, mesh.indices[t + k]);
              expect(Math.abs(Math.hypot(...normal) - 1)).toBeLessThan(1e-6);
              expect(dot(normal, n)).toBeGreaterThan(0);
            }
          }
        }),
        { seed: SEED, numRuns: 60 },
      );
    });

    it(`G-7: a circle of radius 0 draws nothing; the defaults are 12 sides and 3 m (${name})`, () => {
      const mesh = api.solidsGeometry(ground, [1, 2, 2, 3]);
      expect(every.filter((c) => c.x >= 1 && c.x <= 2 && c.z >= 2 && c.z <= 3).map((c) => c.radius)).toContain(0);
      expect(mesh.solids.every((c) => c.radius > 0)).toBe(true);
      const lone = api.solidsGeometry(ground, [-2.5, 3.5, -2, 4]);
      expect(lone.solids).toEqual([INSTANCES[1]]);
      expect(lone.sides).toBe(12);
      expect(lone.positions.length).toBe(36 * 3);
      expect(lone.positions[12 * 3 + 1] - lone.positions[1]).toBeCloseTo(3, 5);
    });

    it(`G-7: without a lattice a prism stands on the lowest of ground.height under its centre and corners (${name})`, () => {
      const slope: Ground = { height: (x) => x / 2, solids: () => [{ x: 0, z: 0, radius: 1 }] };
      const mesh = api.solidsGeometry(slope, [-1, -1, 1, 1], { sides: 4, height: 2 });
      // Corners at θ = 0, π/2, π, 3π/2: (0, 1), (1, 0), (0, −1), (−1, 0); the lowest ground, at x = −1, is −0.5.
      expect(Array.from(mesh.positions.subarray(0, 12)).map((v) => Math.round(v * 1e6) / 1e6)).toEqual([0, -0.5, 1, 1, -0.5, 0, 0, -0.5, -1, -1, -0.5, 0]);
      expect(mesh.positions[4 * 3 + 1]).toBe(1.5);
    });

    it(`G-7: bad options, extents and grounds are refused with a sentence naming the field and the value (${name})`, () => {
      const g = (options: unknown): (() => unknown) => () => api.solidsGeometry(ground, [0, 0, 1, 1], options as never);
      expect(g({ sides: 2 })).toThrow('walker: solidsGeometry options.sides is 2; expected a whole number from 3 to 64.');
      expect(g({ sides: 65 })).toThrow('walker: solidsGeometry options.sides is 65;');
      expect(g({ sides: 6.5 })).toThrow('walker: solidsGeometry options.sides is 6.5;');
      expect(g({ sides: '8' })).toThrow('walker: solidsGeometry options.sides is "8";');
      expect(g({ height: 0 })).toThrow('walker: solidsGeometry options.height is 0; expected a number of metres > 0 and ≤ 1000000.');
      expect(g({ height: Number.NaN })).toThrow('walker: solidsGeometry options.height is NaN;');
      expect(g({ height: Infinity })).toThrow('walker: solidsGeometry options.height is Infinity;');
      expect(g({ side: 8 })).toThrow('walker: solidsGeometry options has an unknown field side — did you mean sides?');
      expect(g(null)).toThrow('walker: solidsGeometry options are null; expected an object { sides?, height? } or nothing.');
      expect(g(5)).toThrow('walker: solidsGeometry options are 5;');
      expect(() => api.solidsGeometry(ground, [0, 0, 0, 1])).toThrow('walker: extent is [0, 0, 0, 1]; expected [x0, z0, x1, z1], finite, with x1 > x0 and z1 > z0.');
      expect(() => api.waterGeometry(ground, [0, Infinity, 1, 1])).toThrow('walker: extent is [0, Infinity, 1, 1];');
      expect(() => api.waterGeometry({ height: () => 0, depth: () => 1, solids: () => [] }, [0, 0, 1, 1])).toThrow('walker: waterGeometry needs a lattice ground, and ground.cell is undefined; expected a finite number > 0.');
      expect(() => api.solidsGeometry({ height: () => Number.NaN, solids: () => [{ x: 0.5, z: 0.5, radius: 0.2 }] }, [0, 0, 1, 1])).toThrow('walker: ground.height(0.5, 0.5) returned NaN; expected a finite number.');
      expect(() => api.waterGeometry({ height: () => 0, depth: () => Number.NaN, solids: () => [], cell: 1 }, [0, 0, 1, 1])).toThrow('walker: ground.depth(0, 0) returned NaN; expected a finite number.');
      expect(() => api.waterGeometry(ground, [-1e6, -1e6, 1e6, 1e6])).toThrow('walker: waterGeometry over that extent would make 4000004000001 vertices; expected at most 16777216 (draw a smaller extent).');
      expect(() => api.terrainGeometry(ground, [-1e4, -1e4, 1e4, 1e4])).toThrow('walker: terrainGeometry over that extent would make 400040001 vertices;');
    });

    /** Every lattice triangle of the widened extent, as its corners' (i, j), split as G-1 says. */
    function latticeTriangles(extent: number[], cell: number): [number, number][][] {
      const found: [number, number][][] = [];
      for (let j = Math.floor(extent[1] / cell); j < Math.ceil(extent[3] / cell); j++) {
        for (let i = Math.floor(extent[0] / cell); i < Math.ceil(extent[2] / cell); i++) {
          found.push([[i, j], [i + 1, j + 1], [i + 1, j]], [[i, j], [i, j + 1], [i + 1, j + 1]]);
        }
      }
      return found;
    }

    it(`G-7: the water is every lattice triangle with a wet corner, each corner at height + depth, wound up (${name})`, () => {
      const cell = ground.cell!;
      const depth = ground.depth!;
      const wideBox = fc.tuple(fc.integer({ min: -3200, max: 3000 }), fc.integer({ min: -3200, max: 3000 }), fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 1, max: 3000 }))
        .map(([x, z, w, d]) => [x / 100, z / 100, Math.min(32, (x + w) / 100), Math.min(32, (z + d) / 100)]);
      let wetRuns = 0;
      fc.assert(
        fc.property(wideBox, (extent) => {
          const key = (corners: number[][]): string => corners.map(([x, z]) => `${x},${z}`).join(' ');
          const expected = latticeTriangles(extent, cell).map((t) => t.map(([i, j]) => [i * cell, j * cell]))
            .filter((t) => t.some(([x, z]) => depth(x, z) > 0)).map(key);
          const mesh = api.waterGeometry(ground, extent);
          if (expected.length === 0) {
            expect(mesh).toBeNull();
            return;
          }
          wetRuns++;
          expect(mesh).not.toBeNull();
          const { positions, normals, indices } = mesh!;
          const used = new Set<number>();
          const drawn: string[] = [];
          for (let t = 0; t < indices.length; t += 3) {
            const corners = [0, 1, 2].map((k) => vertex(positions, indices[t + k]));
            for (let k = 0; k < 3; k++) {
              expect(indices[t + k]).toBeLessThan(positions.length / 3);
              used.add(indices[t + k]);
            }
            drawn.push(key(corners.map(([x, , z]) => [x, z])));
            expect(faceNormal(positions, indices, t)[1]).toBeGreaterThan(0);
          }
          expect(drawn.sort()).toEqual(expected.sort());
          expect(used.size).toBe(positions.length / 3);
          for (let v = 0; v < positions.length / 3; v++) {
            const [x, y, z] = vertex(positions, v);
            expect(y).toBe(Math.fround(ground.height(x, z) + Math.max(0, depth(x, z))));
            const normal = vertex(normals, v);
            expect(Math.abs(Math.hypot(...normal) - 1)).toBeLessThan(1e-6);
            expect(normal[1]).toBeGreaterThan(0);
          }
        }),
        { seed: SEED, numRuns: 60 },
      );
      // The property can fail: a quarter of the boxes or so reach the lake.
      expect(wetRuns).toBeGreaterThan(10);
    });

    it(`G-7: over terrain3d's lake the wet corners lie at its water level, flat where all round is wet; null over dry ground and without depth (${name})`, () => {
      const mesh = api.waterGeometry(ground, [-32, -32, 32, 32])!;
      let flat = 0;
      for (let v = 0; v < mesh.positions.length / 3; v++) {
        const [x, y, z] = vertex(mesh.positions, v);
        if (!(ground.depth!(x, z) > 0)) continue;
        expect(Math.abs(y - -1.3)).toBeLessThan(1e-6);
        const wetAround = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]].every(([dx, dz]) => ground.depth!(x + dx, z + dz) > 0);
        if (wetAround) {
          flat++;
          const [nx, ny, nz] = vertex(mesh.normals, v);
          expect([Math.abs(nx), ny, Math.abs(nz)].map((n) => n.toFixed(9))).toEqual(['0.000000000', '1.000000000', '0.000000000']);
        }
      }
      expect(flat).toBeGreaterThan(50);
      expect(api.waterGeometry(api.groundOf({ ...WORLD, terrain3d: { ...WORLD.terrain3d!, water: -100 } }), [-32, -32, 32, 32])).toBeNull();
      const noDepth = api.groundOf({ ...WORLD, walker: { kinds: { point: POINT }, mods: { height: 'terrain3d', cell: 'terrain3d' } } });
      expect(api.waterGeometry(noDepth, [-32, -32, 32, 32])).toBeNull();
    });

    it(`G-7: a triangle with one wet corner is water, from the wet corner down to the shore (${name})`, () => {
      // Water rising toward +x: 0.1 m deep per metre beyond x = 2, over flat ground at 1 m, on a 0.5 m lattice.
      const sloped: Ground = { height: () => 1, depth: (x) => Math.max(0, (x - 2) / 10), solids: () => [], cell: 0.5 };
      const mesh = api.waterGeometry(sloped, [0, 0, 4.2, 1])!;
      // Corners at x = 2.5 … 4.5 are wet: the cells from x = 2 to 4.5, two rows, two triangles each; the cell from
      // x = 2 has one wet corner in each triangle, and its corners at x = 2 lie on the ground.
      expect(mesh.indices.length / 3).toBe(5 * 2 * 2);
      const xs = Array.from({ length: mesh.positions.length / 3 }, (_, v) => mesh.positions[v * 3]);
      expect(Math.min(...xs)).toBe(2);
      expect(Math.max(...xs)).toBe(4.5);
      for (let v = 0; v < xs.length; v++) expect(mesh.positions[v * 3 + 1]).toBe(Math.fround(1 + Math.max(0, (xs[v] - 2) / 10)));
      expect(api.waterGeometry(sloped, [0, 0, 1.5, 1])).toBeNull();
    });
  });
}

describe('G-7: the geometry is the same on every core', () => {
  it('G-7: solidsGeometry and waterGeometry give the same bits from the reference, release and debug cores\' grounds', () => {
    const bytes = (mesh: { positions: Float32Array; normals: Float32Array; indices: Uint32Array } | null): string[] =>
      mesh === null ? [] : [mesh.positions, mesh.normals, mesh.indices].map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('hex'));
    const drawn = CORES.map(({ api }) => {
      const ground = api.groundOf(WORLD);
      return [...bytes(api.solidsGeometry(ground, [-20, -20, 20, 20], { sides: 7 })), ...bytes(api.waterGeometry(ground, [-32, -32, 32, 32]))];
    });
    expect(drawn[0].length).toBe(6);
    expect(drawn[0][0].length).toBeGreaterThan(1000);
    for (const other of drawn.slice(1)) expect(other).toEqual(drawn[0]);
  });
});
