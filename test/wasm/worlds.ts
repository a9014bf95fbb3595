/**
 * Random worlds, rows and dts for the equivalence properties (WX-3): terrain3d with a heightmap (walls, ledges and
 * slopes), noise, or both, with or without water and a lattice; scatter3d instances and layers; kinds that block
 * each other or not; rows on the ground, in the air, on steep ground, against trees, in water.
 */
import fc from 'fast-check';
import type { Kind, Kinds, Row, Terrain3dSettings, World } from '../../src/types.ts';

/** A kind that passes K-2: the footprint never spreads past step, slopeBand < maxSlope. */
export const kindArb = fc
  .record({
    radius: fc.double({ min: 0.1, max: 0.9, noNaN: true }),
    height: fc.double({ min: 0.5, max: 2.5, noNaN: true }),
    accel: fc.double({ min: 0, max: 40, noNaN: true }),
    airAccel: fc.option(fc.double({ min: 0, max: 10, noNaN: true }), { nil: undefined }),
    turnRate: fc.double({ min: 0, max: 30, noNaN: true }),
    turnMax: fc.option(fc.double({ min: 0.5, max: 20, noNaN: true }), { nil: undefined }),
    gravity: fc.double({ min: 1, max: 40, noNaN: true }),
    jumpH: fc.double({ min: 0, max: 2, noNaN: true }),
    maxSlope: fc.double({ min: 0.2, max: 1.5, noNaN: true }),
    band: fc.double({ min: 0, max: 0.9, noNaN: true }),
    wade: fc.double({ min: 0, max: 1.5, noNaN: true }),
    // Half spans of 0.05 and less exercise the slope's reach of 0.05 m (ST-3); the rest its shared feet. (Spans
    // between 0 and 2 cm are left out: the way is sampled every span/2, so a span of 1e-45 m samples without end.)
    span: fc.oneof(fc.constantFrom(0, 0.04, 0.1, 0.5), fc.double({ min: 0.02, max: 0.8, noNaN: true })),
    stepExtra: fc.double({ min: 0, max: 0.8, noNaN: true }),
    probe: fc.double({ min: 0.2, max: 3, noNaN: true }),
    slide: fc.double({ min: 0, max: 6, noNaN: true }),
    seekSpeed: fc.double({ min: 0, max: 8, noNaN: true }),
    // The avoidance knobs (AV-2): mostly the defaults; else any reach, horizon and count, 0 (avoidance off) among them.
    avoid: fc.option(
      fc.record({
        reach: fc.option(fc.double({ min: 0, max: 12, noNaN: true }), { nil: undefined }),
        horizon: fc.option(fc.double({ min: 0.05, max: 6, noNaN: true }), { nil: undefined }),
        count: fc.option(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 64 })), { nil: undefined }),
      }),
      { nil: undefined },
    ),
  })
  .map((k) => {
    const kind: Kind = {
      radius: k.radius,
      height: k.height,
      accel: k.accel,
      turnRate: k.turnRate,
      gravity: k.gravity,
      jumpH: k.jumpH,
      step: k.maxSlope * k.span * Math.SQRT2 * 1.0000001 + k.stepExtra,
      maxSlope: k.maxSlope,
      slopeBand: k.maxSlope * k.band,
      wade: k.wade,
      span: k.span,
      probe: k.probe,
      slide: k.slide,
      seekSpeed: k.seekSpeed,
    };
    if (k.airAccel !== undefined) kind.airAccel = k.airAccel;
    if (k.turnMax !== undefined) kind.turnMax = k.turnMax;
    if (k.avoid?.reach !== undefined) kind.avoidReach = k.avoid.reach;
    if (k.avoid?.horizon !== undefined) kind.avoidHorizon = k.avoid.horizon;
    if (k.avoid?.count !== undefined) kind.avoidNeighbours = k.avoid.count;
    return kind;
  });

const heightmapArb = fc
  .record({
    ox: fc.double({ min: -25, max: -5, noNaN: true }),
    oz: fc.double({ min: -25, max: -5, noNaN: true }),
    spacing: fc.double({ min: 0.4, max: 4, noNaN: true }),
    nx: fc.integer({ min: 1, max: 14 }),
    nz: fc.integer({ min: 1, max: 14 }),
    // Samples from a few levels, so neighbours differ by walls and ledges as well as slopes.
    levels: fc.array(fc.oneof(fc.constantFrom(0, 0.3, 1, 2.5, -1.5), fc.double({ min: -4, max: 4, noNaN: true })), { minLength: 196, maxLength: 196 }),
  })
  .map((h) => ({ origin: [h.ox, h.oz], spacing: h.spacing, nx: h.nx, nz: h.nz, data: h.levels.slice(0, h.nx * h.nz) }));

const noiseArb = fc.record({
  seed: fc.integer({ min: -(2 ** 31), max: 2 ** 32 - 1 }),
  amplitude: fc.double({ min: 0, max: 6, noNaN: true }),
  wavelength: fc.double({ min: 2, max: 40, noNaN: true }),
  octaves: fc.integer({ min: 1, max: 5 }),
});

const scatterArb = fc.record({
  instances: fc.array(
    fc.record({
      x: fc.double({ min: -15, max: 15, noNaN: true }),
      z: fc.double({ min: -15, max: 15, noNaN: true }),
      radius: fc.double({ min: 0, max: 1.6, noNaN: true }),
      solid: fc.option(fc.boolean(), { nil: undefined }),
    }),
    { maxLength: 30 },
  ),
  layers: fc.array(
    fc.record({
      seed: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
      count: fc.integer({ min: 0, max: 60 }),
      extent: fc.constant([-16, -16, 16, 16]),
      radius: fc.constantFrom([0.2, 0.6], [0.5, 1.8], [0, 0.3]),
      solid: fc.boolean(),
    }),
    { maxLength: 2 },
  ),
});

/** A random world: 1–3 kinds (some listing others in `bodies`), terrain3d, and maybe scatter3d. */
export const worldArb = fc
  .record({
    kinds: fc.array(kindArb, { minLength: 1, maxLength: 3 }),
    blocks: fc.array(fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), { minLength: 3, maxLength: 3 }),
    seg: fc.oneof(fc.constantFrom(64, 128, 100), fc.integer({ min: 20, max: 300 })),
    heightmap: fc.option(heightmapArb, { nil: undefined }),
    noise: fc.option(noiseArb, { nil: undefined }),
    water: fc.option(fc.double({ min: -2, max: 2, noNaN: true }), { nil: undefined }),
    lattice: fc.double({ min: 0, max: 1, noNaN: true }),
    scatter: fc.option(scatterArb, { nil: undefined }),
  })
  .map((r): World => {
    const names = r.kinds.map((_, i) => ['elk', 'deer', 'boar'][i]);
    const kinds: Kinds = {};
    r.kinds.forEach((k, i) => {
      const listed = names.filter((_, j) => r.blocks[i][j]);
      kinds[names[i]] = listed.length > 0 ? { ...k, bodies: listed } : k;
    });
    const mods: Record<string, string> = { height: 'terrain3d' };
    // Mostly on a lattice (G-1); sometimes asked at each foot (G-3).
    if (r.lattice < 0.85) mods.cell = 'terrain3d';
    if (r.water !== undefined) mods.depth = 'terrain3d';
    if (r.scatter !== undefined) mods.solids = 'scatter3d';
    const terrain3d: Terrain3dSettings = { rings: [{ reach: 64, seg: r.seg }] };
    if (r.heightmap !== undefined) terrain3d.heightmap = r.heightmap;
    if (r.noise !== undefined) terrain3d.noise = r.noise;
    if (r.water !== undefined) terrain3d.water = r.water;
    const w: World = { walker: { kinds, mods }, terrain3d };
    if (r.scatter !== undefined) w.scatter3d = r.scatter;
    return w;
  });

/** A random row of one of the world's kinds near the middle of the world, y to be placed by `placeRow`. */
export const rowArb = fc.record({
  kindPick: fc.nat(),
  x: fc.oneof(fc.double({ min: -14, max: 14, noNaN: true }), fc.constantFrom(0, -0, 0.5, 1)),
  z: fc.oneof(fc.double({ min: -14, max: 14, noNaN: true }), fc.constantFrom(0, -0, 0.5, 1)),
  /** Where y is: on the stand height, above it (in the air), or off by a little. */
  lift: fc.oneof(fc.constant(0), fc.double({ min: -0.5, max: 3, noNaN: true })),
  vel: fc.tuple(fc.double({ min: -9, max: 9, noNaN: true }), fc.double({ min: -9, max: 9, noNaN: true }), fc.double({ min: -9, max: 9, noNaN: true })),
  want: fc.tuple(fc.double({ min: -9, max: 9, noNaN: true }), fc.double({ min: -9, max: 9, noNaN: true })),
  face: fc.option(fc.double({ min: -4, max: 4, noNaN: true }), { nil: null }),
  yaw: fc.double({ min: -3.2, max: 3.2, noNaN: true }),
  jump: fc.boolean(),
  air: fc.boolean(),
  steep: fc.boolean(),
  floorLift: fc.double({ min: -2, max: 2, noNaN: true }),
  side: fc.constantFrom(-1, 0, 1),
  turned: fc.double({ min: -7, max: 7, noNaN: true }),
});

export type RowSpec = typeof rowArb extends fc.Arbitrary<infer T> ? T : never;

/** The row a spec describes, its y placed by `stand` (of either core: both give the same bits). */
export function placeRow(spec: RowSpec, w: World, standAt: (kind: string, x: number, z: number) => number): Row {
  const names = Object.keys(w.walker!.kinds);
  const kind = names[spec.kindPick % names.length];
  const ground = standAt(kind, spec.x, spec.z);
  const y = ground + spec.lift;
  return {
    kind,
    pos: [spec.x, y, spec.z],
    vel: [...spec.vel],
    want: [...spec.want],
    face: spec.face,
    yaw: spec.yaw,
    jump: spec.jump,
    air: spec.air,
    steep: spec.steep,
    floor: y + spec.floorLift,
    speed: 0,
    side: spec.side,
    turned: spec.turned,
  };
}

/** A dt: a frame at 30–240 Hz mostly, sometimes a long hitch. */
export const dtArb = fc.oneof(fc.constantFrom(1 / 60, 1 / 30, 1 / 144), fc.double({ min: 1 / 240, max: 0.1, noNaN: true }), fc.double({ min: 0.1, max: 0.6, noNaN: true }));

/** A deep copy of a row (arrays new). */
export function cloneRow(row: Row): Row {
  return structuredClone(row);
}

/**
 * Throws unless the two values are the same bits all the way down (Object.is on every number: 0 and -0 differ,
 * NaN equals NaN), naming the first path that differs.
 */
export function expectSame(actual: unknown, expected: unknown, path = 'value'): void {
  if (typeof expected === 'number' || typeof actual === 'number') {
    if (!Object.is(actual, expected)) throw new Error(`${path}: wasm ${String(actual)} ≠ reference ${String(expected)}`);
    return;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) throw new Error(`${path}: wasm ${JSON.stringify(actual)} ≠ reference ${JSON.stringify(expected)}`);
    expected.forEach((v, i) => expectSame(actual[i], v, `${path}[${i}]`));
    return;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') throw new Error(`${path}: wasm ${String(actual)} is not an object`);
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const k of keys) expectSame((actual as Record<string, unknown>)[k], (expected as Record<string, unknown>)[k], `${path}.${k}`);
    return;
  }
  if (!Object.is(actual, expected)) throw new Error(`${path}: wasm ${String(actual)} ≠ reference ${String(expected)}`);
}
