/**
 * ST-3, SL-3, SL-5 at the thresholds, on both wasm builds against the reference: the wasm core answers "not steep"
 * without measuring the slope, and lets a move go without sampling its way, where its corner cache proves the ground
 * too gentle and dry for either to matter (assembly/stand.ts gentleSlope, assembly/slide.ts gentleWay). So these
 * planes are tilted from far under to just over maxSlope (and the hysteresis threshold below it), where that proof
 * has the least room, some of them running into water, and every walked row must be the same bits as the reference's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Row, World } from '../../src/types.ts';
import { BUILDS, SEED, coreOf, reference } from './cores.ts';
import { cloneRow, expectSame } from './worlds.ts';

const MAX_SLOPE = 0.7;
const BAND = 0.1;

/**
 * Ground rising at `slope` toward bearing `angle` past the line `kink` metres from the middle that way, flat before it
 * (a heightmap of its samples), on a 1 m lattice.
 */
function planeWorld(slope: number, angle: number, kink: number, span: number, water: number | undefined, wade: number): World {
  const n = 41;
  const data: number[] = [];
  for (let iz = 0; iz < n; iz++) {
    for (let ix = 0; ix < n; ix++) data.push(slope * Math.max(0, Math.sin(angle) * (ix - 20) + Math.cos(angle) * (iz - 20) - kink));
  }
  const w: World = {
    walker: {
      kinds: { elk: { radius: 0.3, height: 1.8, accel: 12, turnRate: 10, gravity: 20, jumpH: 0.9, step: 0.6, maxSlope: MAX_SLOPE, slopeBand: BAND, wade, span, probe: 2, slide: 4, seekSpeed: 3 } },
      mods: { height: 'terrain3d', cell: 'terrain3d' },
    },
    terrain3d: { rings: [{ reach: 64, seg: 128 }], heightmap: { origin: [-20, -20], spacing: 1, nx: n, nz: n, data } },
  };
  if (water !== undefined) {
    w.walker!.mods!.depth = 'terrain3d';
    w.terrain3d!.water = water;
  }
  return w;
}

/** Slopes about the two thresholds (maxSlope for a body that was not sliding, maxSlope − slopeBand for one that was). */
const slopeArb = fc.oneof(
  fc.constantFrom(0, 0.1, 0.3),
  fc.tuple(fc.constantFrom(MAX_SLOPE, MAX_SLOPE - BAND), fc.constantFrom(-1e-3, -1e-6, -1e-7, -1e-9, 0, 1e-9, 1e-7, 1e-3)).map(([at, by]) => at * (1 + by)),
);

/** A coordinate on the plane, clear of the corner cache's tile edge at 0 (where the wasm core measures anyway). */
const coordinateArb = fc.tuple(fc.integer({ min: 1500, max: 17000 }), fc.boolean()).map(([k, west]) => (west ? -k : k) / 1000);

/** Where a body starts: on a plane at (x, z); before a kink, `before` metres short of it and `aside` metres across. */
const placeArb = fc.record({
  x: coordinateArb,
  z: coordinateArb,
  before: fc.double({ min: 0, max: 1.2, noNaN: true }),
  aside: fc.double({ min: -12, max: 12, noNaN: true }),
});

describe.each(BUILDS)('the %s build', (build) => {
  it('ST-3, SL-3, SL-5: on planes tilted about the steepness thresholds, some into water, walk gives bit-identical rows', async () => {
    const core = await coreOf(build);
    const seen = { steep: 0, gentle: 0, wet: 0 };
    fc.assert(
      fc.property(
        slopeArb,
        fc.oneof(fc.constantFrom(0, Math.PI / 2, -Math.PI / 4), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true })),
        fc.constantFrom(-100, 3, 8),
        fc.constantFrom(0.5, 0.2, 0.04),
        fc.boolean(),
        placeArb,
        fc.option(fc.constantFrom(-1, 0, 0.3, 2), { nil: undefined }),
        fc.constantFrom(0.5, 0.05),
        (slope, angle, kink, span, steep, place, water, wade) => {
          const w = planeWorld(slope, angle, kink, span, water, wade);
          const along = kink - place.before;
          const x = kink < -50 ? place.x : along * Math.sin(angle) + place.aside * Math.cos(angle);
          const z = kink < -50 ? place.z : along * Math.cos(angle) - place.aside * Math.sin(angle);
          const ground = core.groundOf(w);
          expect(core.runsInWasm(ground)).toBe(true);
          const y = core.stand(reference.numbers({ kind: 'elk' }, w), ground, x, z);
          const a: Row = { kind: 'elk', pos: [x, y, z], want: [3 * Math.sin(angle), 3 * Math.cos(angle)], steep };
          const b = cloneRow(a);
          for (let frame = 0; frame < 12; frame++) {
            core.walk(a, w, 1 / 60, ground);
            reference.walk(b, w, 1 / 60, ground);
            expectSame(a, b, 'row');
            if (a.steep === true) seen.steep++;
            else seen.gentle++;
            if ((ground.depth?.(a.pos[0], a.pos[2]) ?? 0) > 0) seen.wet++;
          }
        },
      ),
      { seed: SEED, numRuns: 500 },
    );
    expect(seen.steep).toBeGreaterThan(0);
    expect(seen.gentle).toBeGreaterThan(0);
    expect(seen.wet).toBeGreaterThan(0);
  });
});
