import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scatter3dGround, scatterGridOf } from '../../src/ground/scatter3d.ts';
import { buildScatterGrid, queryScatterGrid, rngNext, rngUnit } from '../../src/reference/scatter.ts';
import type { Circle } from '../../src/types.ts';

const seed = Number(process.env.FC_SEED ?? 42);

/** bryc's published mulberry32, written out independently as the oracle. */
function mulberry32(a: number): () => number {
  return () => {
    let t = (a += 0x6d2b79f5);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function bruteForce(circles: readonly Circle[], x: number, z: number, r: number): number[] {
  const out: number[] = [];
  circles.forEach((c, i) => {
    if (Math.sqrt((c.x - x) ** 2 + (c.z - z) ** 2) - c.radius <= r) out.push(i);
  });
  return out;
}

function query(circles: readonly Circle[], x: number, z: number, r: number): { grid: ReturnType<typeof buildScatterGrid>; found: number[] } {
  const grid = buildScatterGrid(
    Float64Array.from(circles, (c) => c.x),
    Float64Array.from(circles, (c) => c.z),
    Float64Array.from(circles, (c) => c.radius),
  );
  const n = queryScatterGrid(grid, x, z, r);
  return { grid, found: [...grid.found.subarray(0, n)] };
}

const coordinate = fc.oneof(
  fc.double({ min: -50, max: 50, noNaN: true }),
  fc.integer({ min: -5, max: 5 }).map((i) => i * 2),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
);
const circle = fc.record({ x: coordinate, z: coordinate, radius: fc.oneof(fc.double({ min: 0, max: 5, noNaN: true }), fc.constant(0)) });

describe('M-2: scatter grid', () => {
  it(`M-2: a grid query finds exactly the circles a brute-force scan finds (fast-check seed ${seed})`, () => {
    fc.assert(
      fc.property(
        fc.array(circle, { maxLength: 60 }),
        coordinate,
        coordinate,
        fc.oneof(fc.double({ min: -3, max: 30, noNaN: true }), fc.constant(0), fc.constant(Infinity)),
        (circles, x, z, r) => {
          const { found } = query(circles, x, z, r);
          expect([...found].sort((a, b) => a - b)).toEqual(bruteForce(circles, x, z, r));
        },
      ),
      { seed, numRuns: 1000 },
    );
  });

  it(`M-2: a query lists cells by increasing z then x, a cell's circles in insertion order (fast-check seed ${seed})`, () => {
    fc.assert(
      fc.property(fc.array(circle, { minLength: 1, maxLength: 60 }), coordinate, coordinate, fc.double({ min: 0, max: 30, noNaN: true }), (circles, x, z, r) => {
        const { grid, found } = query(circles, x, z, r);
        const cellKey = (i: number): number => {
          const cx = Math.min(Math.max(Math.floor((circles[i].x - grid.minX) / grid.cellSize), 0), grid.nx - 1);
          const cz = Math.min(Math.max(Math.floor((circles[i].z - grid.minZ) / grid.cellSize), 0), grid.nz - 1);
          return cz * grid.nx + cx;
        };
        for (let k = 1; k < found.length; k++) {
          const [a, b] = [found[k - 1], found[k]];
          expect(cellKey(a) < cellKey(b) || (cellKey(a) === cellKey(b) && a < b)).toBe(true);
        }
      }),
      { seed, numRuns: 1000 },
    );
  });

  it('M-2: a circle counts when its distance minus its radius is at most r', () => {
    const circles = [
      { x: 0, z: 0, radius: 1 },
      { x: 10, z: 0, radius: 2 },
      { x: 5, z: 3, radius: 0 },
    ];
    // From (5, 0): circle 0 reaches within 5 − 1 = 4, circle 1 within 5 − 2 = 3, circle 2 within 3 − 0 = 3.
    const sorted = (r: number): number[] => query(circles, 5, 0, r).found.sort((a, b) => a - b);
    expect(sorted(2.9)).toEqual([]);
    expect(sorted(3)).toEqual([1, 2]);
    expect(sorted(3.9)).toEqual([1, 2]);
    expect(sorted(4)).toEqual([0, 1, 2]);
    expect(query(circles, 5, -10, 2).found).toEqual([]);
  });

  it('M-2: coincident and collinear circles, and no circles at all', () => {
    const same = [1, 2, 3].map(() => ({ x: 4, z: 4, radius: 0 }));
    expect(query(same, 4, 4, 0).found).toEqual([0, 1, 2]);
    const line = Array.from({ length: 1000 }, (_, i) => ({ x: i * 1e3, z: 7, radius: 0.5 }));
    expect(query(line, 5000, 7, 1).found).toEqual([5]);
    expect(query([], 0, 0, 100).found).toEqual([]);
  });

  it('M-2: the grid has at most 2n + 1 cells and keeps its cell size at a fixed density, so a query costs the same at any count', () => {
    const uniform = (n: number, side: number): Circle[] => {
      const circles: Circle[] = [];
      const perRow = Math.sqrt(n);
      for (let i = 0; i < n; i++) circles.push({ x: (i % perRow) * (side / perRow), z: Math.floor(i / perRow) * (side / perRow), radius: 0.5 });
      return circles;
    };
    const small = query(uniform(100, 100), 0, 0, 1).grid;
    const large = query(uniform(250_000, 5000), 0, 0, 1).grid;
    for (const grid of [small, large]) expect(grid.nx * grid.nz).toBeLessThanOrEqual(2 * grid.count + 1);
    expect(large.cellSize / small.cellSize).toBeGreaterThan(0.8);
    expect(large.cellSize / small.cellSize).toBeLessThan(1.25);
  });
});

describe('M-2: seeded placement', () => {
  it('M-2: the generator is mulberry32', () => {
    for (const s of [0, 1, 42, -7, 0xdeadbeef]) {
      const oracle = mulberry32(s);
      let state = s | 0;
      for (let k = 0; k < 20; k++) {
        state = rngNext(state);
        expect(rngUnit(state)).toBe(oracle());
      }
    }
  });

  const layer = { seed: 11, count: 200, extent: [-20, 5, 30, 45], radius: [0.2, 0.8], solid: true };

  it('M-2: a layer is placed deterministically from its seed, within its extent and radius range', () => {
    const a = scatterGridOf({ layers: [{ ...layer }] });
    const b = scatterGridOf({ layers: [{ ...layer }] });
    expect(a.count).toBe(200);
    expect([...a.xs]).toEqual([...b.xs]);
    expect([...a.zs]).toEqual([...b.zs]);
    expect([...a.radii]).toEqual([...b.radii]);
    for (let i = 0; i < a.count; i++) {
      expect(a.xs[i]).toBeGreaterThanOrEqual(-20);
      expect(a.xs[i]).toBeLessThanOrEqual(30);
      expect(a.zs[i]).toBeGreaterThanOrEqual(5);
      expect(a.zs[i]).toBeLessThanOrEqual(45);
      expect(a.radii[i]).toBeGreaterThanOrEqual(0.2);
      expect(a.radii[i]).toBeLessThanOrEqual(0.8);
    }
  });

  it('M-2: a layer draws x, z, radius in turn from mulberry32 seeded with its seed', () => {
    const grid = scatterGridOf({ layers: [{ ...layer, count: 3 }] });
    const next = mulberry32(11);
    for (let i = 0; i < 3; i++) {
      expect(grid.xs[i]).toBe(-20 + 50 * next());
      expect(grid.zs[i]).toBe(5 + 40 * next());
      expect(grid.radii[i]).toBe(0.2 + (0.8 - 0.2) * next());
    }
  });

  it('M-2: different seeds place different layers', () => {
    const a = scatterGridOf({ layers: [layer] });
    const b = scatterGridOf({ layers: [{ ...layer, seed: 12 }] });
    expect([...a.xs]).not.toEqual([...b.xs]);
  });

  it('M-2: instances (solid by default) come first, then solid layers; non-solid ones never block', () => {
    const grid = scatterGridOf({
      instances: [
        { x: 1, z: 2, radius: 0.5 },
        { x: 3, z: 4, radius: 0.5, solid: false },
        { x: 5, z: 6, radius: 1.5, solid: true },
      ],
      layers: [{ ...layer, count: 4, solid: false }, { ...layer, count: 2 }],
    });
    expect(grid.count).toBe(4);
    expect([...grid.xs.subarray(0, 2)]).toEqual([1, 5]);
    expect([...grid.radii.subarray(0, 2)]).toEqual([0.5, 1.5]);
    const placed = scatterGridOf({ layers: [{ ...layer, count: 2 }] });
    expect([...grid.xs.subarray(2)]).toEqual([...placed.xs]);
  });

  it('M-2: solids answers from the grid with the circles', () => {
    const { solids } = scatter3dGround({ instances: [{ x: 0, z: 0, radius: 1 }, { x: 10, z: 0, radius: 2 }] });
    expect(solids(5, 0, 3)).toEqual([{ x: 10, z: 0, radius: 2 }]);
    expect(solids(5, 0, 4)).toEqual([
      { x: 0, z: 0, radius: 1 },
      { x: 10, z: 0, radius: 2 },
    ]);
    expect(solids(50, 50, 1)).toEqual([]);
  });

  it('M-2: the grid is built once per settings object', () => {
    const settings = { layers: [layer] };
    expect(scatterGridOf(settings)).toBe(scatterGridOf(settings));
  });
});

describe('M-2: scatter3d malformed shapes', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['no section', undefined, /world\.scatter3d\)/],
    ['not an object', 'trees', /world\.scatter3d is "trees"/],
    ['instances not a list', { instances: {} }, /world\.scatter3d\.instances is an object; expected a list/],
    ['instance not an object', { instances: [null] }, /world\.scatter3d\.instances\[0\] is null/],
    ['instance x NaN', { instances: [{ x: NaN, z: 0, radius: 1 }] }, /world\.scatter3d\.instances\[0\]\.x is NaN/],
    ['instance z missing', { instances: [{ x: 0, radius: 1 }] }, /world\.scatter3d\.instances\[0\]\.z is undefined/],
    ['instance radius < 0', { instances: [{ x: 0, z: 0, radius: 1 }, { x: 0, z: 0, radius: -1 }] }, /world\.scatter3d\.instances\[1\]\.radius is -1/],
    ['instance solid not boolean', { instances: [{ x: 0, z: 0, radius: 1, solid: 'yes' }] }, /world\.scatter3d\.instances\[0\]\.solid is "yes"/],
    ['layers not a list', { layers: 3 }, /world\.scatter3d\.layers is 3/],
    ['layer seed not whole', { layers: [{ seed: 1.5, count: 1, extent: [0, 0, 1, 1], radius: [1, 1], solid: true }] }, /world\.scatter3d\.layers\[0\]\.seed is 1\.5/],
    ['layer count < 0', { layers: [{ seed: 1, count: -1, extent: [0, 0, 1, 1], radius: [1, 1], solid: true }] }, /world\.scatter3d\.layers\[0\]\.count is -1/],
    ['layer count huge', { layers: [{ seed: 1, count: 1e9, extent: [0, 0, 1, 1], radius: [1, 1], solid: true }] }, /world\.scatter3d\.layers\[0\]\.count is 1000000000/],
    ['extent short', { layers: [{ seed: 1, count: 1, extent: [0, 0, 1], radius: [1, 1], solid: true }] }, /world\.scatter3d\.layers\[0\]\.extent is \[0, 0, 1\]/],
    ['extent reversed', { layers: [{ seed: 1, count: 1, extent: [2, 0, 1, 1], radius: [1, 1], solid: true }] }, /world\.scatter3d\.layers\[0\]\.extent is \[2, 0, 1, 1\]/],
    ['radius reversed', { layers: [{ seed: 1, count: 1, extent: [0, 0, 1, 1], radius: [2, 1], solid: true }] }, /world\.scatter3d\.layers\[0\]\.radius is \[2, 1\]/],
    ['radius < 0', { layers: [{ seed: 1, count: 1, extent: [0, 0, 1, 1], radius: [-1, 1], solid: true }] }, /world\.scatter3d\.layers\[0\]\.radius is \[-1, 1\]/],
    ['solid missing', { layers: [{ seed: 1, count: 1, extent: [0, 0, 1, 1], radius: [1, 1] }] }, /world\.scatter3d\.layers\[0\]\.solid is undefined/],
  ];
  for (const [what, settings, field] of cases) {
    it(`M-2: ${what} throws one sentence naming the field and value`, () => {
      expect(() => scatter3dGround(settings)).toThrow(field);
      expect(() => scatter3dGround(settings)).toThrow(/^walker: [^\n]*\.$/);
    });
  }
});
