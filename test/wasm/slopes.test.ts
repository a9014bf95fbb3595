/**
 * ST-3 at the threshold, on both wasm builds against the reference: the wasm core answers "not steep" without
 * measuring the slope where its corner cache proves the ground too gentle (assembly/ground.ts gentleCells), so these
 * planes are tilted from far under to just over maxSlope (and the hysteresis threshold below it), where that proof
 * has the least room, and every walked row must be the same bits as the reference's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Row, World } from '../../src/types.ts';
import { BUILDS, SEED, coreOf, reference } from './cores.ts';
import { cloneRow, expectSame } from './worlds.ts';

const MAX_SLOPE = 0.7;
const BAND = 0.1;

/** A plane of slope `slope` rising toward bearing `angle` (a heightmap of its samples), on a 1 m lattice. */
function planeWorld(slope: number, angle: number, span: number): World {
  const n = 41;
  const data: number[] = [];
  for (let iz = 0; iz < n; iz++) {
    for (let ix = 0; ix < n; ix++) data.push(slope * (Math.sin(angle) * (ix - 20) + Math.cos(angle) * (iz - 20)));
  }
  return {
    walker: {
      kinds: { elk: { radius: 0.3, height: 1.8, accel: 12, turnRate: 10, gravity: 20, jumpH: 0.9, step: 0.6, maxSlope: MAX_SLOPE, slopeBand: BAND, wade: 0.5, span, probe: 2, slide: 4, seekSpeed: 3 } },
      mods: { height: 'terrain3d', cell: 'terrain3d' },
    },
    terrain3d: { rings: [{ reach: 64, seg: 128 }], heightmap: { origin: [-20, -20], spacing: 1, nx: n, nz: n, data } },
  };
}

/** Slopes about the two thresholds (maxSlope for a body that was not sliding, maxSlope − slopeBand for one that was). */
const slopeArb = fc.oneof(
  fc.constantFrom(0, 0.1, 0.3),
  fc.tuple(fc.constantFrom(MAX_SLOPE, MAX_SLOPE - BAND), fc.constantFrom(-1e-3, -1e-6, -1e-7, -1e-9, 0, 1e-9, 1e-7, 1e-3)).map(([at, by]) => at * (1 + by)),
);

/** A coordinate inside the plane, clear of the corner cache's tile edge at 0 (where the wasm core measures anyway). */
const placeArb = fc.tuple(fc.integer({ min: 1500, max: 17000 }), fc.boolean()).map(([k, west]) => (west ? -k : k) / 1000);

describe.each(BUILDS)('the %s build', (build) => {
  it('ST-3: on planes tilted about the steepness thresholds, walk gives bit-identical rows and reads steep exactly as the reference', async () => {
    const core = await coreOf(build);
    const seen = { steep: 0, gentle: 0 };
    fc.assert(
      fc.property(
        slopeArb,
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        fc.constantFrom(0.5, 0.2, 0.04),
        fc.boolean(),
        fc.tuple(placeArb, placeArb),
        (slope, angle, span, steep, [x, z]) => {
          const w = planeWorld(slope, angle, span);
          const ground = core.groundOf(w);
          expect(core.runsInWasm(ground)).toBe(true);
          const y = core.stand(reference.numbers({ kind: 'elk' }, w), ground, x, z);
          const a: Row = { kind: 'elk', pos: [x, y, z], want: [0.5, -0.3], steep };
          const b = cloneRow(a);
          for (let frame = 0; frame < 8; frame++) {
            core.walk(a, w, 1 / 60, ground);
            reference.walk(b, w, 1 / 60, ground);
            expectSame(a, b, 'row');
            if (a.steep === true) seen.steep++;
            else seen.gentle++;
          }
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
    expect(seen.steep).toBeGreaterThan(0);
    expect(seen.gentle).toBeGreaterThan(0);
  });
});
