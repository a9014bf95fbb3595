import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { terrain3dGround, terrain3dOf } from '../../src/ground/terrain3d.ts';
import { heightmapHeight, noiseHeight } from '../../src/reference/terrain.ts';

const seed = Number(process.env.FC_SEED ?? 42);

const RINGS = [{ reach: 64, seg: 128 }];
// 3 × 2 samples 2 m apart from (10, 20): row z = 20 is 0, 1, 2 and row z = 22 is 10, 20, 30.
const MAP = { origin: [10, 20], spacing: 2, nx: 3, nz: 2, data: [0, 1, 2, 10, 20, 30] };

describe('M-1: terrain3d heightmap', () => {
  const { height } = terrain3dGround({ rings: RINGS, heightmap: MAP });

  it('M-1: reads each sample exactly at its point, data[iz·nx + ix]', () => {
    expect(height(10, 20)).toBe(0);
    expect(height(12, 20)).toBe(1);
    expect(height(14, 20)).toBe(2);
    expect(height(10, 22)).toBe(10);
    expect(height(12, 22)).toBe(20);
    expect(height(14, 22)).toBe(30);
  });

  it('M-1: is bilinear between samples', () => {
    expect(height(11, 20)).toBe(0.5);
    expect(height(13, 22)).toBe(25);
    expect(height(10, 21)).toBe(5);
    // Midway on both axes: (0.5 + 15) / 2.
    expect(height(11, 21)).toBe(7.75);
    // u = 1.25, v = 0.25: along x 1.25 and 22.5, then a quarter of the way between them.
    expect(height(12.5, 20.5)).toBe(6.5625);
  });

  it('M-1: extends flat past the edge', () => {
    expect(height(0, 0)).toBe(0);
    expect(height(-1e6, 1e6)).toBe(10);
    expect(height(100, 100)).toBe(30);
    expect(height(11, 100)).toBe(15);
    expect(height(100, 21)).toBe(16);
    expect(height(-5, 21)).toBe(5);
  });

  it('M-1: a one-sample heightmap is flat at that sample', () => {
    const flat = terrain3dGround({ rings: RINGS, heightmap: { origin: [0, 0], spacing: 1, nx: 1, nz: 1, data: [3.5] } });
    expect(flat.height(-7, 2)).toBe(3.5);
    expect(flat.height(0, 0)).toBe(3.5);
  });

  it('M-1: heightmap data may be a Float64Array', () => {
    const typed = terrain3dGround({ rings: RINGS, heightmap: { ...MAP, data: Float64Array.from(MAP.data) } });
    expect(typed.height(11, 21)).toBe(7.75);
  });
});

describe('M-1: terrain3d cell, flat ground and water', () => {
  it('M-1: cell is 2·reach/seg of rings[0]', () => {
    expect(terrain3dGround({ rings: [{ reach: 64, seg: 128 }, { reach: 512, seg: 64 }] }).cell).toBe(1);
    expect(terrain3dGround({ rings: [{ reach: 10, seg: 8 }] }).cell).toBe(2.5);
  });

  it('M-1: neither heightmap nor noise means flat ground at 0 and, without water, no depth', () => {
    const g = terrain3dGround({ rings: RINGS });
    expect(g.height(3, -8)).toBe(0);
    expect(g.height(1e9, 1e9)).toBe(0);
    expect(g.depth).toBeUndefined();
  });

  it('M-1: depth is max(0, water − height)', () => {
    const g = terrain3dGround({ rings: RINGS, heightmap: MAP, water: 5 });
    expect(g.depth!(10, 20)).toBe(5); // ground 0
    expect(g.depth!(12, 20)).toBe(4); // ground 1
    expect(g.depth!(11, 21)).toBe(0); // ground 7.75, above the water
    expect(g.depth!(14, 22)).toBe(0); // ground 30
    const flat = terrain3dGround({ rings: RINGS, water: -1 });
    expect(flat.depth!(0, 0)).toBe(0);
  });

  it('M-1, BI-5: any other field of world.terrain3d is refused (a renderer keeps its settings in a section of its own)', () => {
    expect(() => terrain3dGround({ rings: RINGS, material: 'grass' })).toThrow('walker: world.terrain3d has an unknown field material = "grass"; expected only rings, heightmap, noise, water.');
  });
});

describe('M-1: terrain3d noise', () => {
  const noise = { seed: 7, amplitude: 3, wavelength: 16, octaves: 4 };
  const points: Array<[number, number]> = [];
  for (let i = 0; i < 200; i++) points.push([i * 3.7 - 300, i * -2.3 + 41]);

  it('M-1: noise is deterministic per seed', () => {
    const a = terrain3dGround({ rings: RINGS, noise: { ...noise } });
    const b = terrain3dGround({ rings: RINGS, noise: { ...noise } });
    for (const [x, z] of points) expect(a.height(x, z)).toBe(b.height(x, z));
  });

  it('M-1: noise differs between seeds', () => {
    const a = terrain3dGround({ rings: RINGS, noise });
    const b = terrain3dGround({ rings: RINGS, noise: { ...noise, seed: 8 } });
    const same = points.filter(([x, z]) => a.height(x, z) === b.height(x, z)).length;
    expect(same).toBeLessThan(5);
  });

  it('M-1: a seed is taken modulo 2³² (−1 and 4294967295 are one seed)', () => {
    const a = terrain3dGround({ rings: RINGS, noise: { ...noise, seed: -1 } });
    const b = terrain3dGround({ rings: RINGS, noise: { ...noise, seed: 4294967295 } });
    for (const [x, z] of points) expect(a.height(x, z)).toBe(b.height(x, z));
  });

  it(`M-1: noise lies within ±amplitude (fast-check seed ${seed})`, () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0.01, max: 1000, noNaN: true }),
        fc.integer({ min: 1, max: 12 }),
        fc.double({ min: -1e7, max: 1e7, noNaN: true }),
        fc.double({ min: -1e7, max: 1e7, noNaN: true }),
        (s, amplitude, wavelength, octaves, x, z) => {
          const h = noiseHeight(s, amplitude, wavelength, octaves, x, z);
          return Number.isFinite(h) && h >= -amplitude && h <= amplitude;
        },
      ),
      { seed, numRuns: 1000 },
    );
  });

  it(`M-1: one octave between lattice points lies between its four corners' values (fast-check seed ${seed})`, () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: -1000, max: 1000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (s, i, j, fx, fz) => {
          const wl = 4;
          const corners = [
            noiseHeight(s, 1, wl, 1, i * wl, j * wl),
            noiseHeight(s, 1, wl, 1, (i + 1) * wl, j * wl),
            noiseHeight(s, 1, wl, 1, i * wl, (j + 1) * wl),
            noiseHeight(s, 1, wl, 1, (i + 1) * wl, (j + 1) * wl),
          ];
          const h = noiseHeight(s, 1, wl, 1, (i + fx) * wl, (j + fz) * wl);
          return h >= Math.min(...corners) - 1e-12 && h <= Math.max(...corners) + 1e-12;
        },
      ),
      { seed, numRuns: 1000 },
    );
  });

  it(`M-1: one octave is continuous: slope at most 3·amplitude/wavelength (fast-check seed ${seed})`, () => {
    // Corner values span at most 2 and smoothstep's steepest slope is 1.5 per lattice step.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        fc.double({ min: -0.5, max: 0.5, noNaN: true }),
        (s, x, z, e) => {
          const [a, wl] = [2, 8];
          const step = Math.abs(noiseHeight(s, a, wl, 1, x + e, z) - noiseHeight(s, a, wl, 1, x, z));
          return step <= (3 * a * Math.abs(e)) / wl + 1e-9;
        },
      ),
      { seed, numRuns: 1000 },
    );
  });

  it('M-1: one octave spreads over the whole range with mean near 0', () => {
    let min = Infinity;
    let max = -Infinity;
    let sum = 0;
    const n = 100 * 100;
    for (let i = 0; i < 100; i++) {
      for (let j = 0; j < 100; j++) {
        const h = noiseHeight(1234, 1, 1, 1, i, j);
        min = Math.min(min, h);
        max = Math.max(max, h);
        sum += h;
      }
    }
    expect(min).toBeLessThan(-0.99);
    expect(max).toBeGreaterThan(0.99);
    expect(Math.abs(sum / n)).toBeLessThan(0.05);
  });

  it('M-1: the lattice index wraps modulo 2³² as the wasm core’s i32 does', () => {
    for (const x of [0.5, 5.25, -17.75]) {
      expect(noiseHeight(99, 1, 1, 1, x + 2 ** 32, 3.5)).toBe(noiseHeight(99, 1, 1, 1, x, 3.5));
      expect(noiseHeight(99, 1, 1, 1, 3.5, x - 2 ** 32)).toBe(noiseHeight(99, 1, 1, 1, 3.5, x));
    }
  });

  it('M-1: with both heightmap and noise, height is their sum', () => {
    const both = terrain3dGround({ rings: RINGS, heightmap: MAP, noise });
    const noiseOnly = terrain3dGround({ rings: RINGS, noise });
    for (const [x, z] of [[11, 21], [12.5, 20.5], [-40, 3], [100, 100]]) {
      expect(both.height(x, z)).toBe(heightmapHeight(Float64Array.from(MAP.data), 3, 2, 10, 20, 2, x, z) + noiseOnly.height(x, z));
    }
    expect(both.height(11, 21) - noiseOnly.height(11, 21)).toBeCloseTo(7.75, 12);
  });
});

describe('M-1: terrain3d malformed shapes', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['no section', undefined, /world\.terrain3d\)/],
    ['not an object', 5, /world\.terrain3d is 5/],
    ['no rings', {}, /world\.terrain3d\.rings is undefined/],
    ['empty rings', { rings: [] }, /world\.terrain3d\.rings is \[\]/],
    ['ring not an object', { rings: [4] }, /world\.terrain3d\.rings\[0\] is 4/],
    ['reach 0', { rings: [{ reach: 0, seg: 4 }] }, /world\.terrain3d\.rings\[0\]\.reach is 0/],
    ['seg 0', { rings: [{ reach: 4, seg: 0 }] }, /world\.terrain3d\.rings\[0\]\.seg is 0/],
    ['seg −2 on ring 1', { rings: [...RINGS, { reach: 4, seg: -2 }] }, /world\.terrain3d\.rings\[1\]\.seg is -2/],
    ['seg not whole', { rings: [{ reach: 4, seg: 2.5 }] }, /world\.terrain3d\.rings\[0\]\.seg is 2\.5/],
    ['reach NaN', { rings: [{ reach: NaN, seg: 4 }] }, /world\.terrain3d\.rings\[0\]\.reach is NaN/],
    ['heightmap not an object', { rings: RINGS, heightmap: [1] }, /world\.terrain3d\.heightmap is \[1\]/],
    ['origin short', { rings: RINGS, heightmap: { ...MAP, origin: [0] } }, /world\.terrain3d\.heightmap\.origin is \[0\]/],
    ['spacing 0', { rings: RINGS, heightmap: { ...MAP, spacing: 0 } }, /world\.terrain3d\.heightmap\.spacing is 0/],
    ['nx 0', { rings: RINGS, heightmap: { ...MAP, nx: 0 } }, /world\.terrain3d\.heightmap\.nx is 0/],
    ['nz not whole', { rings: RINGS, heightmap: { ...MAP, nz: 1.5 } }, /world\.terrain3d\.heightmap\.nz is 1\.5/],
    ['data missing', { rings: RINGS, heightmap: { ...MAP, data: undefined } }, /world\.terrain3d\.heightmap\.data is undefined/],
    ['data NaN', { rings: RINGS, heightmap: { ...MAP, data: [0, 1, 2, NaN, 4, 5] } }, /world\.terrain3d\.heightmap\.data\[3\] is NaN/],
    ['data string', { rings: RINGS, heightmap: { ...MAP, data: [0, 1, '2', 3, 4, 5] } }, /world\.terrain3d\.heightmap\.data\[2\] is "2"/],
    ['noise not an object', { rings: RINGS, noise: true }, /world\.terrain3d\.noise is true/],
    ['seed not whole', { rings: RINGS, noise: { seed: 1.5, amplitude: 1, wavelength: 1, octaves: 1 } }, /world\.terrain3d\.noise\.seed is 1\.5/],
    ['amplitude < 0', { rings: RINGS, noise: { seed: 1, amplitude: -1, wavelength: 1, octaves: 1 } }, /world\.terrain3d\.noise\.amplitude is -1/],
    ['wavelength 0', { rings: RINGS, noise: { seed: 1, amplitude: 1, wavelength: 0, octaves: 1 } }, /world\.terrain3d\.noise\.wavelength is 0/],
    ['octaves 0', { rings: RINGS, noise: { seed: 1, amplitude: 1, wavelength: 1, octaves: 0 } }, /world\.terrain3d\.noise\.octaves is 0/],
    ['octaves 100', { rings: RINGS, noise: { seed: 1, amplitude: 1, wavelength: 1, octaves: 100 } }, /world\.terrain3d\.noise\.octaves is 100/],
    ['water Infinity', { rings: RINGS, water: Infinity }, /world\.terrain3d\.water is Infinity/],
  ];
  for (const [what, settings, field] of cases) {
    it(`M-1: ${what} throws one sentence naming the field and value`, () => {
      expect(() => terrain3dGround(settings)).toThrow(field);
      expect(() => terrain3dGround(settings)).toThrow(/^walker: [^\n]*\.$/);
    });
  }

  it('M-1: wrong data length names the count and nx·nz', () => {
    expect(() => terrain3dGround({ rings: RINGS, heightmap: { ...MAP, data: new Array(10).fill(0) } })).toThrow(
      'walker: world.terrain3d.heightmap.data has 10 samples; expected nx·nz = 6.',
    );
  });

  it('M-1: the settings are checked and copied once per object', () => {
    const settings = { rings: RINGS, heightmap: { ...MAP, data: [...MAP.data] } };
    expect(terrain3dOf(settings)).toBe(terrain3dOf(settings));
    expect(terrain3dOf(settings).heightmap!.data).toBeInstanceOf(Float64Array);
  });
});
