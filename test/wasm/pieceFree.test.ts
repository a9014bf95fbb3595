/**
 * A wasm herd body keeps a disc clear of every piece of a box, wall or polygon round where it stands
 * (assembly/pieceFree.ts, LV-1), measured up to 12 m, and a query of the pieces within it finds none without walking
 * the shape grid. The answers must be the queries' still (HD-2): bodies walking among boxes and walls about as far
 * off as a disc reaches, with pieces added onto a body, across its way or just inside its disc's reach, moved and
 * removed between steps, and a body taken out for a step and put back with a piece added across its way meanwhile
 * (its slot's proof of a clear way and disc are not caught up with the changes: LV-4, the body written starts with
 * neither), equal the reference herd bit for bit every step on 1 and 2 threads (HD-5).
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import * as reference from '../../src/reference.ts';
import type { Row, World } from '../../src/types.ts';
import type { SolidInput } from '../../src/shapes.ts';
import { XBOT } from '../../src/presets.ts';
import { CORES, type Api } from '../cores.ts';
import { SEED } from './cores.ts';
import { pickedPiece, playCompared, type CrowdHerd } from './trunkWalls.ts';

/** Flat ground with a few trees and boxes, bodies of two kinds that do not block each other. */
function piecesWorld(): World {
  const instances = [[-9, 4], [3, -7], [11, 9], [-4, -12]].map(([x, z]) => ({ x, z, radius: 0.5 }));
  const solids: SolidInput[] = [
    { shape: 'box', x: 6, z: 6, halfX: 2, halfZ: 1, yaw: 0.4 },
    { shape: 'wall', points: [[-14, -2], [-6, -2], [-6, 3]], thickness: 0.3 },
  ];
  return {
    walker: {
      kinds: { xbot: { ...XBOT, radius: 0.4, seekSpeed: 3 }, wide: { ...XBOT, radius: 0.6, seekSpeed: 2 } },
      mods: { height: 'terrain3d', cell: 'terrain3d', solids: 'scatter3d' },
    },
    terrain3d: { rings: [{ reach: 64, seg: 128 }] },
    scatter3d: { instances, solids },
  };
}

const even = (min: number, max: number) => fc.integer({ min: 0, max: 1 << 20 }).map((k) => min + ((max - min) * k) / (1 << 20));

const bodyArb = fc.record({ x: even(-16, 16), z: even(-16, 16), bearing: even(-Math.PI, Math.PI), length: even(3, 14), wide: fc.boolean() });
type BodyOf = typeof bodyArb extends fc.Arbitrary<infer T> ? T : never;

/** An edit between steps, about body `pick`: a piece onto it, across its way `d` m ahead, or `d` m off it; a piece moved or removed; the body put back. */
const editArb = fc.record({
  at: fc.integer({ min: 1, max: 60 }),
  op: fc.constantFrom('onto', 'ahead', 'off', 'off', 'move', 'remove', 'respawn'),
  pick: fc.nat(),
  d: fc.oneof(even(0.2, 7.5), even(5.6, 6.8), even(11.4, 12.8)),
  angle: even(-Math.PI, Math.PI),
});
type EditOf = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

const targetOf = (b: BodyOf): [number, number] => [b.x + b.length * Math.sin(b.bearing), b.z + b.length * Math.cos(b.bearing)];

function herdOn(core: Api | typeof reference, w: World, bodies: readonly BodyOf[], threads: number): CrowdHerd {
  const ground = core.groundOf(w);
  const herd = new core.Herd(w, ground, { capacity: bodies.length, threads });
  for (const b of bodies) {
    const kind = b.wide ? 'wide' : 'xbot';
    const row: Row = { kind, pos: [b.x, core.stand(core.numbers({ kind }, w), ground, b.x, b.z), b.z] };
    herd.seek(herd.add(row), targetOf(b), 0.3);
  }
  return herd;
}

/** A box of half extents 0.6 × 0.4 turned by `yaw`, at (x, z). */
const boxAt = (x: number, z: number, yaw: number): SolidInput => ({ shape: 'box', x, z, halfX: 0.6, halfZ: 0.4, yaw });

/**
 * Applies one edit, through the one handle every ground over the world shares (LV-2), and to every herd alike;
 * answers what to do after the next step, if anything (a body taken out comes back).
 */
function edit(e: EditOf, bodies: readonly BodyOf[], ref: CrowdHerd, herds: readonly CrowdHerd[], solids: ReturnType<typeof reference.solidsOf>): (() => void) | void {
  const i = e.pick % ref.count;
  const [x, , z] = ref.get(i).pos;
  if (e.op === 'onto') {
    solids.add(boxAt(x, z, e.angle));
  } else if (e.op === 'ahead') {
    const [tx, tz] = targetOf(bodies[i]!);
    const l = Math.hypot(tx - x, tz - z) || 1;
    const ux = (tx - x) / l;
    const uz = (tz - z) / l;
    const mx = x + ux * e.d;
    const mz = z + uz * e.d;
    solids.add({ shape: 'wall', points: [[mx - uz * 1.5, mz + ux * 1.5], [mx + uz * 1.5, mz - ux * 1.5]], thickness: 0.2 });
  } else if (e.op === 'off') {
    solids.add(boxAt(x + e.d * Math.sin(e.angle), z + e.d * Math.cos(e.angle), e.angle));
  } else if (e.op === 'respawn') {
    // The last body out for a step, a piece across its way 1.5 m on meanwhile, then the body back in its slot.
    const last = ref.count - 1;
    const row = ref.get(last);
    const [tx, tz] = targetOf(bodies[last]!);
    const l = Math.hypot(tx - row.pos[0], tz - row.pos[2]) || 1;
    for (const h of [ref, ...herds]) h.remove(last);
    solids.add(boxAt(row.pos[0] + ((tx - row.pos[0]) / l) * 1.5, row.pos[2] + ((tz - row.pos[2]) / l) * 1.5, e.angle));
    return () => {
      for (const h of [ref, ...herds]) h.seek(h.add(row), [tx, tz], 0.3);
    };
  } else {
    const picked = pickedPiece(solids, e.pick);
    if (picked === null) return;
    if (e.op === 'remove') {
      solids.remove(picked.id);
      return;
    }
    // Toward body i, by up to 3 m.
    const px = picked.at[0]!;
    const pz = picked.at[1]!;
    const l = Math.hypot(x - px, z - pz) || 1;
    const by = Math.min(3, e.d);
    solids.move(picked.id, px + ((x - px) / l) * by, pz + ((z - pz) / l) * by);
  }
}

for (const { name, api } of CORES.filter((c) => c.name !== 'reference')) {
  describe(`HD-2, HD-5, LV-4: discs clear of every piece (${name})`, () => {
    it(`HD-2, LV-1, LV-4: bodies among boxes and walls, pieces added onto them, across their ways and near the edge of their discs, moved and removed, a body put back where a piece came meanwhile: the herd equals the reference herd every step on 1 and 2 threads (${name})`, () => {
      fc.assert(
        fc.property(fc.array(bodyArb, { minLength: 2, maxLength: 12 }), fc.array(editArb, { minLength: 1, maxLength: 8 }), (bodies, edits) => {
          const w = piecesWorld();
          const ref = herdOn(reference, w, bodies, 1);
          const herds = [1, 2].map((threads) => herdOn(api, w, bodies, threads));
          const solids = reference.solidsOf(reference.groundOf(w));
          playCompared(ref, herds, 70, (frame) => {
            const after: (() => void)[] = [];
            for (const e of edits.filter((e) => e.at === frame)) after.push(edit(e, bodies, ref, herds, solids) ?? (() => {}));
            return () => after.forEach((back) => back());
          });
        }),
        { seed: SEED, numRuns: name === 'release' ? 30 : 8 },
      );
    }, 300_000);
  });
}
