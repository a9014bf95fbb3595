/**
 * ST-3, SL-3, SL-5 at the thresholds, on both wasm builds against the reference: the wasm core answers "not steep"
 * without measuring the slope, and lets a move go without sampling its way, where its corner cache proves the ground
 * too gentle and dry for either to matter (assembly/stand.ts gentleSlope, assembly/slide.ts gentleWay). So these
 * planes are tilted from far under to just over maxSlope (and the hysteresis threshold below it), where that proof
 * has the least room, some of them running into water, and every walked row must be the same bits as the reference's.
 * And moves whose scan is a whole number of sample spacings and a hair, whose last run is as short as rounding, per
 * row and in a herd.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Row, World } from '../../src/types.ts';
import { BUILDS, SEED, coreOf, reference } from './cores.ts';
import { expectHerdIs, herdOf, referenceFrame } from './herds.ts';
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

/**
 * Gentle ground rising at `gentle` toward +z, and at `gentle + steep` past z = 2, on a 1 m lattice `base` metres up,
 * with a kind whose step is smaller than the rise of that steep ground within its probe.
 */
function kinkWorld(base: number, gentle: number, steep: number): World {
  const n = 41;
  const data: number[] = [];
  for (let iz = 0; iz < n; iz++) {
    for (let ix = 0; ix < n; ix++) data.push(base + gentle * (iz - 20) + steep * Math.max(0, iz - 22));
  }
  return {
    walker: {
      kinds: { mouse: { radius: 0.1, height: 0.3, accel: 12, turnRate: 10, gravity: 20, jumpH: 0.2, step: 0.036, maxSlope: 0.63, slopeBand: 0.1, wade: 0.1, span: 0.04, probe: 0.72, slide: 4, seekSpeed: 3 } },
      mods: { height: 'terrain3d', cell: 'terrain3d' },
    },
    terrain3d: { rings: [{ reach: 64, seg: 128 }], heightmap: { origin: [-20, -20], spacing: 1, nx: n, nz: n, data } },
  };
}

/** The sample spacing along a mouse's move on kinkWorld (its span / 2), its standOff, the frame's dt. */
const SPACING = 0.02;
const STAND_OFF = 0.05 * Math.SQRT2;
const DT = 0.1;

/** A walk whose scan (the move and standOff beyond it) is `spacings` sample spacings and `hair` × 10⁻¹⁷ m. */
const hairArb = fc.record({
  spacings: fc.integer({ min: 4, max: 9 }),
  hair: fc.integer({ min: -8, max: 8 }),
  x: fc.double({ min: 0.2, max: 0.8, noNaN: true }),
  z: fc.double({ min: 1.3, max: 1.6, noNaN: true }),
  turn: fc.double({ min: -1.4, max: 1.4, noNaN: true }),
});

const kinkArb = fc.record({
  base: fc.double({ min: 0, max: 3, noNaN: true }),
  gentle: fc.double({ min: 0.01, max: 0.3, noNaN: true }),
  steep: fc.double({ min: 0.5, max: 3, noNaN: true }),
});

/** A mouse on `w` at the walk's start, wanting the walk's velocity and already at it. */
function hairRow(core: { stand: typeof reference.stand }, w: World, ground: Parameters<typeof reference.stand>[1], s: { spacings: number; hair: number; x: number; z: number; turn: number }): Row {
  const len = SPACING * s.spacings - STAND_OFF + s.hair * 1e-17;
  const vx = (Math.sin(s.turn) * len) / DT;
  const vz = (Math.cos(s.turn) * len) / DT;
  const y = core.stand(reference.numbers({ kind: 'mouse' }, w), ground, s.x, s.z);
  return { kind: 'mouse', pos: [s.x, y, s.z], vel: [vx, 0, vz], want: [vx, vz], face: null, yaw: 0, jump: false, air: false, steep: false, floor: y, speed: 0, side: 0, turned: 0 };
}

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

  it("SL-3, SL-5: a move whose scan is a whole number of sample spacings and a hair, on gentle ground short of a steep rise, gives bit-identical rows (the scan's last run is then as short as rounding, and the feet's rounding over it can read as steep)", async () => {
    const core = await coreOf(build);
    fc.assert(
      fc.property(kinkArb, hairArb, (k, s) => {
        const w = kinkWorld(k.base, k.gentle, k.steep);
        const ground = core.groundOf(w);
        const a = hairRow(core, w, ground, s);
        const b = cloneRow(a);
        core.walk(a, w, DT, ground);
        reference.walk(b, w, DT, ground);
        expectSame(a, b, 'row');
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it("HD-2, SL-3: herd bodies walking such moves a few frames, answering from the proof of gentle ground their first frame kept, equal the reference's per-row walks bit for bit", async () => {
    const core = await coreOf(build);
    fc.assert(
      fc.property(kinkArb, fc.array(hairArb, { minLength: 20, maxLength: 20 }), (k, walks) => {
        const w = kinkWorld(k.base, k.gentle, k.steep);
        const ground = core.groundOf(w);
        const rows = walks.map((s) => hairRow(core, w, ground, s));
        const targets = rows.map(() => null);
        const arrived = rows.map(() => false);
        const herd = herdOf(core, w, ground, rows, targets, 32);
        try {
          for (let frame = 0; frame < 3; frame++) {
            herd.step(DT);
            referenceFrame(rows, w, ground, targets, DT, arrived);
            expectHerdIs(herd, rows, arrived, `frame ${frame}`);
          }
        } finally {
          herd.dispose();
        }
      }),
      { seed: SEED, numRuns: 150 },
    );
  });
});
