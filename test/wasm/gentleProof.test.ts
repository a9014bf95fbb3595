/**
 * A herd body in wasm keeps a proof that the lattice cells round it are gentle for its kind (assembly/gentleProof.ts),
 * and answers the stand height's slope proof (ST-3) and its way's (SL-3) from it while the cells it asks about are
 * within the proof's. The answers must be the ones measuring gives, so a herd step still equals the reference's per-row
 * calls bit for bit (HD-2) where a proof is at its edge: bodies walking off gentle ground onto a ledge, a cliff, a
 * ramp steeper than a sliding body keeps to, a lake's shore and rolling hills, on lattices of 1 m and 2 m cells (and a
 * ledge and a shore where the corner cache's tiles meet, whose cells are bounded tile by tile), then given another
 * kind, told they slide, moved, or removed (the last body takes the place) through the herd. In place of a proof a body
 * may keep the cells it found too steep to prove, and measures its slope at once while it stands over them: those must
 * never be read as a proof (a herd that did fails these tests).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Herd } from '../../src/herd.ts';
import type { Ground, Row, Terrain3dSettings, World } from '../../src/types.ts';
import { XBOT } from '../../src/autopilot/scenes.ts';
import { BUILDS, SEED, coreOf, reference } from './cores.ts';
import { expectHerdIs, herdOf, referenceFrame, type Target } from './herds.ts';

/** The world's half-side, metres. */
const HALF = 24;

/** A ground: its height at (x, z), and its water level where it has water. */
interface Land {
  readonly name: string;
  readonly height: (x: number, z: number) => number;
  readonly water?: number;
}

const LANDS: readonly Land[] = [
  { name: 'a 1.2 m ledge at z = 6', height: (_x, z) => (z >= 6 ? 1.2 : 0) },
  { name: 'a 4 m cliff at z = 6', height: (_x, z) => (z >= 6 ? 4 : 0) },
  // 0.65 per metre: walkable (maxSlope 0.7), but steep for a body already sliding (0.7 − slopeBand 0.1).
  { name: 'a ramp rising 0.65 per metre from z = 4', height: (_x, z) => 0.65 * Math.min(8, Math.max(0, z - 4)) },
  { name: "a lake's shore from z = 6", height: (_x, z) => -Math.max(0, Math.min(0.5 * (z - 6), 3)), water: 0 },
  // On 1 m cells, corner tiles meet at x = 0 and z = 0: this rise lies in one tile, its flats in both; the lake is in
  // the tiles below z = 0, and those above are dry.
  { name: 'a 1.2 m ledge at x = 0.5 and at z = 0.5', height: (x, z) => (x >= 0.5 || z >= 0.5 ? 1.2 : 0) },
  { name: "a lake's shore at z = -0.5", height: (_x, z) => -Math.max(0, Math.min(0.5 * (-0.5 - z), 3)), water: 0 },
  { name: 'rolling hills', height: (x, z) => 1.1 * Math.sin(x * 0.55) * Math.sin(z * 0.45) + 0.4 * Math.sin(x * 0.21 + z * 0.33) },
];

/**
 * The land as a terrain3d heightmap of `spacing` metre cells, with three kinds: the xbot, a runner (over twice as fast)
 * and a climber whose step and maxSlope take the ledge (so it proves ledge cells gentle that are not for the others).
 */
function worldOf(land: Land, spacing: number): World {
  const seg = Math.round((2 * HALF) / spacing);
  const data: number[] = [];
  for (let iz = 0; iz <= seg; iz++) for (let ix = 0; ix <= seg; ix++) data.push(land.height(-HALF + ix * spacing, -HALF + iz * spacing));
  const terrain3d: Terrain3dSettings = {
    rings: [{ reach: HALF, seg }],
    heightmap: { origin: [-HALF, -HALF], spacing, nx: seg + 1, nz: seg + 1, data },
  };
  const mods: Record<string, string> = { height: 'terrain3d', cell: 'terrain3d' };
  if (land.water !== undefined) {
    terrain3d.water = land.water;
    mods.depth = 'terrain3d';
  }
  return {
    walker: {
      kinds: { xbot: { ...XBOT }, runner: { ...XBOT, seekSpeed: 7, accel: 30 }, climber: { ...XBOT, step: 1.3, maxSlope: 1.8 } },
      mods,
    },
    terrain3d,
  };
}

const KINDS = ['xbot', 'runner', 'climber'] as const;

/** A row at rest at (x, z) as `kind`, standing on the ground. */
function restingRow(w: World, ground: Ground, kind: string, x: number, z: number): Row {
  const y = reference.stand(reference.numbers({ kind }, w), ground, x, z);
  return { kind, pos: [x, y, z], vel: [0, 0, 0], want: [0, 0], face: null, yaw: 0, jump: false, air: false, steep: false, floor: y, speed: 0, side: 0, turned: 0 };
}

/** Removes body i from the herd and from each list kept beside it, as Herd.remove does: the last takes its place. */
function removeBody(herd: Herd, i: number, lists: unknown[][]): void {
  const last = lists[0].length - 1;
  expect(herd.remove(i)).toBe(i === last ? -1 : last);
  for (const list of lists) {
    list[i] = list[last];
    list.pop();
  }
}

/** Steps the herd and the rows' per-row loop once, and checks they are the same bit for bit (HD-2). */
function stepBoth(herd: Herd, rows: Row[], w: World, ground: Ground, targets: Target[], dt: number, arrived: boolean[], frame: number): void {
  herd.step(dt);
  referenceFrame(rows, w, ground, targets, dt, arrived);
  expectHerdIs(herd, rows, arrived, `frame ${frame}`);
}
const CHANGES = ['none', 'kind', 'steep', 'move', 'remove'] as const;

const bodyArb = fc.record({
  // Where it starts, in eighths of a metre: x in [-4, 4], z in [-2, 6] (short of every feature, or on the rise of a
  // ledge or a cliff between lattice corners, or the ramp's foot), near the others.
  x: fc.integer({ min: -32, max: 32 }),
  z: fc.integer({ min: -16, max: 48 }),
  kind: fc.constantFrom(...KINDS),
  // Where it heads: across the features (z = 16) off to a side, or anywhere.
  target: fc.oneof(
    fc.record({ x: fc.double({ min: -14, max: 14, noNaN: true }), z: fc.constant(16) }),
    fc.record({ x: fc.double({ min: -20, max: 20, noNaN: true }), z: fc.double({ min: -20, max: 20, noNaN: true }) }),
  ),
  change: fc.constantFrom(...CHANGES),
  // Early (a body that starts by a feature still holds the proof it made there) or any time.
  at: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 150 })),
  // The kind it becomes, or where it is moved to (x in [-12, 12], z in [-6, 14]).
  to: fc.constantFrom(...KINDS),
  mx: fc.double({ min: -12, max: 12, noNaN: true }),
  mz: fc.double({ min: -6, max: 14, noNaN: true }),
});

describe.each(BUILDS)('the %s build', (build) => {
  it('HD-2, ST-3, SL-3: bodies walking off gentle ground onto a ledge, a cliff, a ramp, a shore or hills (keeping the cells they could not prove), on 1 m and 2 m cells and where tiles meet, given another kind, told they slide, moved or removed, equal the per-row loop every frame', async () => {
    const core = await coreOf(build);
    const worlds = [1, 2].flatMap((spacing) => LANDS.map((land) => worldOf(land, spacing)));
    const grounds = worlds.map((w) => ({ wasm: core.groundOf(w), reference: reference.groundOf(w) }));
    let sliding = 0;
    fc.assert(
      fc.property(fc.nat({ max: worlds.length - 1 }), fc.array(bodyArb, { minLength: 1, maxLength: 8 }), fc.constantFrom(1 / 60, 1 / 30, 1 / 144), (s, drawn, dt) => {
        const w = worlds[s];
        const ground = grounds[s];
        const bodies = [...drawn];
        const rows: Row[] = bodies.map((b) => restingRow(w, ground.reference, b.kind, b.x / 8, b.z / 8));
        const targets: Target[] = bodies.map((b) => ({ at: [b.target.x, b.target.z], stop: 0.5 }));
        const herd = herdOf(core, w, ground.wasm, rows, targets);
        const arrived = rows.map(() => false);
        for (let frame = 0; frame < 160; frame++) {
          for (let i = bodies.length - 1; i >= 0; i--) {
            const b = bodies[i];
            const row = rows[i];
            if (b.at !== frame) continue;
            if (b.change === 'kind') {
              row.kind = b.to;
              herd.kind[i] = herd.kinds.indexOf(b.to);
            } else if (b.change === 'steep') {
              row.steep = true;
              herd.steep[i] = 1;
            } else if (b.change === 'move') {
              row.pos = restingRow(w, ground.reference, row.kind, b.mx, b.mz).pos;
              [herd.x[i], herd.y[i], herd.z[i]] = row.pos;
            } else if (b.change === 'remove' && bodies.length > 1) {
              removeBody(herd, i, [bodies, rows, targets, arrived]);
            }
          }
          stepBoth(herd, rows, w, ground.reference, targets, dt, arrived, frame);
          sliding += rows.filter((row) => row.steep).length;
        }
        herd.dispose();
      }),
      { seed: SEED, numRuns: 200 },
    );
    // The runs put bodies on ground too steep for them, where a proof must not answer.
    expect(sliding).toBeGreaterThan(400);
  });

  it('HD-2, ST-3: a proof made as one kind never answers for another: climbers on the rise of a 1.2 m ledge (gentle for them, steep for the others) given another kind, or removed with another kind moved into their place, equal the per-row loop every frame', async () => {
    const core = await coreOf(build);
    const w = worldOf(LANDS[0], 1);
    const ground = { wasm: core.groundOf(w), reference: reference.groundOf(w) };
    let switched = 0;
    const onRise = fc.record({
      // On the rise between the lattice corners z = 5 and z = 6, x in [0.5, 3.5] (the proofs' cells in one corner tile).
      x: fc.double({ min: 0.5, max: 3.5, noNaN: true }),
      z: fc.double({ min: 5.05, max: 5.95, noNaN: true }),
      kind: fc.constantFrom(...KINDS),
      target: fc.record({ x: fc.double({ min: -4, max: 8, noNaN: true }), z: fc.double({ min: 0, max: 12, noNaN: true }) }),
      change: fc.constantFrom('kind', 'remove'),
      at: fc.integer({ min: 1, max: 10 }),
      to: fc.constantFrom('xbot', 'runner'),
    });
    fc.assert(
      fc.property(fc.array(onRise, { minLength: 2, maxLength: 6 }), fc.constantFrom(1 / 60, 1 / 30, 1 / 144), (drawn, dt) => {
        const bodies = [...drawn];
        const rows: Row[] = bodies.map((b) => restingRow(w, ground.reference, b.kind, b.x, b.z));
        const targets: Target[] = bodies.map((b) => ({ at: [b.target.x, b.target.z], stop: 0.5 }));
        const herd = herdOf(core, w, ground.wasm, rows, targets);
        const arrived = rows.map(() => false);
        for (let frame = 0; frame < 40; frame++) {
          for (let i = bodies.length - 1; i >= 0; i--) {
            const b = bodies[i];
            if (b.at !== frame) continue;
            if (rows[i].kind === 'climber') switched++;
            if (b.change === 'kind') {
              rows[i].kind = b.to;
              herd.kind[i] = herd.kinds.indexOf(b.to);
            } else if (bodies.length > 1) {
              removeBody(herd, i, [bodies, rows, targets, arrived]);
            }
          }
          stepBoth(herd, rows, w, ground.reference, targets, dt, arrived, frame);
        }
        herd.dispose();
      }),
      { seed: SEED, numRuns: 200 },
    );
    expect(switched).toBeGreaterThan(100);
  });
});
