/**
 * SL-3, SL-4, CA-1 at any move length, as a property (fast-check, seeded: FC_SEED overrides the seed, FC_RUNS the
 * runs): a slide of length L along a straight path toward a steep wall or cliff ends no higher, and no further past the
 * wall, than the same path moved in pieces of at most the sample spacing (up to the stand-off), on every core. Walls
 * at any angle on grounds of callbacks, and axis-aligned on terrain3d heightmaps (samples 0.1–1.6 m apart, lattices
 * finer, coarser or none), so the wasm cores run them; bodies on one-point feet or a footprint.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { CORES, type Api } from '../cores.ts';
import type { Ground, Row, World } from '../../src/types.ts';
import { SEED } from '../wasm/cores.ts';

const RUNS = Number(process.env.FC_RUNS ?? 60);

interface Case {
  h: number;
  /** The face's slope over maxSlope (null: sheer). */
  face: number | null;
  /** The wall's top width; null: a cliff. */
  width: number | null;
  angle: number;
  span: number;
  maxSlope: number;
  spacing: number;
  lattice: 0 | 0.5 | 1 | 2;
  back: number;
  off: number;
  length: number;
}

const caseArb: fc.Arbitrary<Case> = fc.record({
  h: fc.double({ min: 0.5, max: 5, noNaN: true }),
  face: fc.option(fc.double({ min: 1.5, max: 6, noNaN: true }), { nil: null }),
  width: fc.option(fc.double({ min: 0, max: 8, noNaN: true }), { nil: null }),
  angle: fc.double({ min: 0, max: 6.28, noNaN: true }),
  span: fc.constantFrom(0, 0, 0.1, 0.3),
  maxSlope: fc.double({ min: 0.5, max: 1.2, noNaN: true }),
  spacing: fc.constantFrom(0.1, 0.4, 0.8, 1.6),
  lattice: fc.constantFrom(0, 0.5, 1, 2),
  back: fc.double({ min: 0.3, max: 4, noNaN: true }),
  off: fc.double({ min: -89, max: 89, noNaN: true }),
  length: fc.double({ min: 1, max: 30, noNaN: true }),
}) as fc.Arbitrary<Case>;

const STEP = 0.35;

/**
 * The wall's height at d, the distance along its normal from its foot: its faces rise at least 2·maxSlope over
 * `coarse` (the heightmap's sampling), and its top is wider than one sample of the way, so every sampling of the way
 * and of the ground finds it whole (SL-3).
 */
function profileOf(c: Case, coarse: number): (d: number) => number {
  const h = Math.max(c.h, 2 * c.maxSlope * coarse + 0.05);
  const slope = c.face === null ? null : c.face * c.maxSlope;
  const rise = (d: number): number => (slope === null ? (d > 0 ? h : 0) : Math.min(h, Math.max(0, d * slope)));
  if (c.width === null) return rise;
  const far = 2 * (slope === null ? 0 : h / slope) + 3 * coarse + 0.3 + c.width;
  return (d) => (d < 0 || d > far ? 0 : Math.min(rise(d), rise(far - d)));
}

interface Place {
  world: World;
  ground: Ground;
  nx: number;
  nz: number;
}

function kindOf(c: Case): Record<string, number> {
  return { radius: 0.3, height: 1, accel: 12, turnRate: 10, gravity: 20, jumpH: 0, step: STEP, maxSlope: c.maxSlope, slopeBand: 0.05, wade: 0.5, span: Math.min(c.span, (0.99 * STEP) / (c.maxSlope * Math.SQRT2)), probe: 2, slide: 4, seekSpeed: 3 };
}

/** The wall at `angle` on a ground of callbacks (the reference core runs it). */
function callbacks(c: Case): Place {
  const nx = Math.cos(c.angle);
  const nz = Math.sin(c.angle);
  const profile = profileOf(c, 0);
  return { world: { walker: { kinds: { body: kindOf(c) } } } as unknown as World, ground: { height: (x, z) => profile(x * nx + z * nz), solids: () => [] }, nx, nz };
}

/** The wall along +x on a terrain3d heightmap, its foot at x = 0 on a sample and a lattice corner (wasm runs it). */
function heightmap(api: Api, c: Case): Place {
  const cell = c.lattice * c.spacing;
  const profile = profileOf(c, Math.max(c.spacing, cell));
  const before = Math.ceil(40 / c.spacing);
  const count = 2 * before + 1;
  const line: number[] = [];
  for (let i = 0; i < count; i++) line.push(profile((i - before) * c.spacing));
  const world = {
    walker: { kinds: { body: kindOf(c) }, mods: cell > 0 ? { height: 'terrain3d', cell: 'terrain3d' } : { height: 'terrain3d' } },
    terrain3d: { rings: [{ reach: cell > 0 ? cell * 64 : 64, seg: 128 }], heightmap: { origin: [-before * c.spacing, 0], spacing: c.spacing, nx: count, nz: 2, data: [...line, ...line] } },
  } as unknown as World;
  return { world, ground: api.groundOf(world), nx: 1, nz: 0 };
}

/** The sample spacing of the way (SL-3): span/2, cell/2 and 0.25 m, the least of the positive ones. */
function spacingOf(span: number, cell: number | undefined): number {
  let ds = 0.25;
  if (span > 0) ds = Math.min(ds, span / 2);
  if (cell !== undefined && cell > 0) ds = Math.min(ds, cell / 2);
  return ds;
}

for (const { name, api } of CORES) {
  test(`SL-4, CA-1: a slide of length L toward a steep wall ends no higher, and no further past it, than the same path in pieces of at most the sample spacing (fast-check seed ${SEED}, ${name})`, () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const place = name === 'reference' ? callbacks(c) : heightmap(api, c);
        const n = api.numbers({ kind: 'body' }, place.world);
        const a = (c.off * Math.PI) / 180;
        const ux = place.nx * Math.cos(a) - place.nz * Math.sin(a);
        const uz = place.nz * Math.cos(a) + place.nx * Math.sin(a);
        const start: [number, number, number] = [-(c.back + n.span) * place.nx, 0, -(c.back + n.span) * place.nz];
        const past = (r: Row): number => r.pos[0] * place.nx + r.pos[2] * place.nz;
        const height = (r: Row): number => api.stand(n, place.ground, r.pos[0], r.pos[2]);
        const long: Row = { kind: 'body', pos: [...start] };
        api.slide(long, place.world, [ux * c.length, uz * c.length], place.ground);
        const ds = spacingOf(n.span, place.ground.cell);
        const count = Math.ceil(c.length / ds);
        const piece = [(ux * c.length) / count, (uz * c.length) / count];
        const walked: Row = { kind: 'body', pos: [...start] };
        let highest = height(walked);
        let furthest = past(walked);
        for (let i = 0; i < count; i++) {
          api.slide(walked, place.world, piece, place.ground);
          highest = Math.max(highest, height(walked));
          furthest = Math.max(furthest, past(walked));
        }
        const standOff = Math.max(n.span / 2, 0.05) * Math.SQRT2;
        const where = `${JSON.stringify(c)}: long ends at [${long.pos.join(', ')}] (height ${height(long)}, ${past(long)} past the foot), pieces at most ${highest} high and ${furthest} past`;
        expect(height(long), where).toBeLessThanOrEqual(highest + 1e-9);
        expect(past(long), where).toBeLessThanOrEqual(furthest + standOff + 1e-9);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
}
