/**
 * WA-9, ST-3: the floor a step keeps at a rise's top, bit for bit on every core. Bodies stand still, or walk slowly,
 * at random points across a ledge's foot, face and top (terrain3d heightmaps, the face rising over one sample, on
 * samples and lattices of several sizes), with floors that put the top under SL-4's ceiling or above it; each takes
 * one step on the reference, on the release and the debug wasm (a per-row walk), and in a wasm Herd (whose bodies
 * keep their proofs of gentle ground), and every number of the row, the floor first, is the reference's. The wasm's
 * rise-top test skips what its slope proofs have already answered (assembly/stand.ts provedGentle, unprovedX): a
 * shortcut that answered differently would move or keep a floor the reference does not.
 * fast-check, seeded: FC_SEED overrides the seed, FC_RUNS the runs.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CORES, type Api } from '../cores.ts';
import { SEED } from '../wasm/cores.ts';
import type { Ground, Row, World } from '../../src/types.ts';

const XBOT = { radius: 0.4, height: 1.8, accel: 12, airAccel: 2, turnRate: 10, turnMax: 12, gravity: 20, jumpH: 0.9, step: 0.6, maxSlope: 0.7, slopeBand: 0.1, wade: 2, span: 0.5, probe: 2, slide: 4, seekSpeed: 3, bodies: [] as string[] };
const DT = 1 / 60;
const RUNS = Number(process.env.FC_RUNS ?? 60);
/** Bodies per case: a row of them across the face. */
const BODIES = 24;

interface Ledge {
  height: number;
  spacing: number;
  /** The lattice's cell over the spacing (0: no lattice). */
  lattice: number;
}

/** A ledge along +x on a terrain3d heightmap, its foot at x = 0 and its top from x = spacing on (wasm runs it). */
function ledgeWorld(l: Ledge): World {
  const cell = l.lattice * l.spacing;
  const before = Math.ceil(20 / l.spacing);
  const after = Math.ceil(20 / l.spacing);
  const line: number[] = [];
  for (let i = -before; i <= after; i++) line.push(i >= 1 ? l.height : 0);
  return {
    walker: { kinds: { xbot: XBOT }, mods: cell > 0 ? { height: 'terrain3d', cell: 'terrain3d' } : { height: 'terrain3d' } },
    terrain3d: { rings: [{ reach: cell > 0 ? cell * 64 : 64, seg: 128 }], heightmap: { origin: [-before * l.spacing, -1], spacing: l.spacing, nx: line.length, nz: 2, data: [...line, ...line] } },
  } as unknown as World;
}

interface Case {
  ledge: Ledge;
  /** Each body's place across the face (x from the foot, in spacings) and along it (z), its floor below the top, and its want. */
  bodies: { along: number; z: number; below: number; want: number; angle: number }[];
}

/** The bodies of a case as rows standing on the ground (grounded, not sliding) of `api`. */
function rowsOf(api: Api, world: World, ground: Ground, c: Case): Row[] {
  const n = api.numbers({ kind: 'xbot' }, world);
  return c.bodies.map((b) => {
    const x = b.along * c.ledge.spacing;
    const a = (b.angle * Math.PI) / 180;
    return { kind: 'xbot', pos: [x, api.stand(n, ground, x, b.z), b.z], want: [b.want * Math.cos(a), b.want * Math.sin(a)], floor: c.ledge.height - b.below };
  });
}

/** Every number and flag of a row, in a fixed order, for a comparison of bits (Object.is tells −0 from +0). */
function bitsOf(row: Row): unknown[] {
  return [row.floor, ...row.pos, ...(row.vel ?? []), row.speed, row.yaw, row.air === true, row.steep === true];
}

const reference = CORES.find((core) => core.name === 'reference')!.api;
const caseArb: fc.Arbitrary<Case> = fc.record({
  ledge: fc.record({
    height: fc.double({ min: 0.65, max: XBOT.jumpH + XBOT.step + 0.6, noNaN: true }),
    spacing: fc.constantFrom(0.25, 0.5, 1, 1.5),
    lattice: fc.constantFrom(0, 0.5, 1, 2),
  }),
  bodies: fc.array(
    fc.record({
      along: fc.double({ min: -1, max: 2.5, noNaN: true }),
      z: fc.double({ min: -4, max: 4, noNaN: true }),
      below: fc.double({ min: -0.2, max: XBOT.jumpH + XBOT.step + 0.8, noNaN: true }),
      want: fc.constantFrom(0, 0, 0.5, 2),
      angle: fc.double({ min: -180, max: 180, noNaN: true }),
    }),
    { minLength: BODIES, maxLength: BODIES },
  ),
});

for (const core of CORES.filter((c) => c.name !== 'reference')) {
  describe(`WA-9, ST-3: the floor kept at a rise's top (${core.name})`, () => {
    test(`WA-9, ST-3: one step at random points across a ledge's foot, face and top keeps or moves the floor as the reference does, bit for bit, per-row walks and a Herd (fast-check seed ${SEED}, ${core.name})`, () => {
      // How many bodies kept a floor below where they stand (a rise's top) and how many moved it, over all runs.
      let kept = 0;
      let moved = 0;
      fc.assert(
        fc.property(caseArb, (c) => {
          const world = ledgeWorld(c.ledge);
          const refGround = reference.groundOf(world);
          const ground = core.api.groundOf(world);
          expect(core.runsInWasm(ground)).toBe(true);
          const expected = rowsOf(reference, world, refGround, c);
          const walked = rowsOf(core.api, world, ground, c);
          const herd = new core.api.Herd(world, ground, { capacity: BODIES, threads: 1 });
          for (const row of walked) herd.add({ ...row, pos: [...row.pos], want: [...row.want!] });
          const n = reference.numbers({ kind: 'xbot' }, world);
          for (let i = 0; i < BODIES; i++) {
            const before = expected[i].floor!;
            const standing = reference.stand(n, refGround, expected[i].pos[0], expected[i].pos[2]);
            reference.walk(expected[i], world, DT, refGround);
            core.api.walk(walked[i], world, DT, ground);
            expect(bitsOf(walked[i]), `body ${i}, per-row walk`).toEqual(bitsOf(expected[i]));
            if (expected[i].steep !== true && before !== standing) {
              if (expected[i].floor === before) kept++;
              else moved++;
            }
          }
          herd.step(DT);
          for (let i = 0; i < BODIES; i++) expect(bitsOf(herd.get(i)), `body ${i}, herd`).toEqual(bitsOf(expected[i]));
          herd.dispose();
        }),
        { seed: SEED, numRuns: RUNS },
      );
      // The runs reach both answers of the rise-top test: floors kept at rise tops, and floors moved elsewhere.
      expect(kept).toBeGreaterThan(RUNS);
      expect(moved).toBeGreaterThan(RUNS);
    });
  });
}
