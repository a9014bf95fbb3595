/**
 * A wasm herd keeps the clusters of solids seek gathers (assembly/clusterMemo.ts): a crowd of bodies that avoid each
 * other, pressed against two walls of touching trunks with a gap between, asks the same clusters step after step.
 * A kept cluster must be the one gathering gives, so the herd still equals the reference herd bit for bit (HD-2) on
 * 1 and 2 threads (HD-5) — also when trunks of a wall are moved, removed or added between steps (LV-4: an edit
 * drops the kept clusters whose reach it meets) and when the kind is swapped for one of another radius (a cluster is
 * kept per radius).
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import * as reference from '../../src/reference.ts';
import type { World } from '../../src/types.ts';
import type { CircleSolid } from '../../src/shapes.ts';
import { CORES, type Api } from '../cores.ts';
import { SEED } from './cores.ts';
import { WALL, crowdArb, expectHerdsEqual, mirroredHerd, trunkWallsWorld, type Crowd } from './trunkWalls.ts';

/** An edit between steps: a wall's trunk moved, removed, or one added beside a wall; or a body given the other kind. */
const editArb = fc.record({
  at: fc.integer({ min: 1, max: 70 }),
  op: fc.constantFrom('move', 'remove', 'add', 'kind'),
  pick: fc.nat(),
  dx: fc.double({ min: -0.6, max: 0.6, noNaN: true }),
  dz: fc.double({ min: -0.6, max: 0.6, noNaN: true }),
});
type EditOf = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

/** A herd of the crowd on `api`'s core, each body seeking its mirror, on `threads` threads, and its ground's solids. */
function herdOn(api: Api | typeof reference, w: World, crowd: Crowd, threads: number) {
  const { herd, ground } = mirroredHerd(api, w, crowd, threads);
  return { herd, solids: api.solidsOf(ground) };
}

/** Applies one edit to a herd's solids or bodies (the same on every core). */
function apply(e: EditOf, herd: { herd: InstanceType<Api['Herd']>; solids: ReturnType<Api['solidsOf']> }): void {
  const ids = Array.from({ length: herd.solids.ids }, (_, id) => id).filter((id) => herd.solids.has(id));
  if (e.op === 'kind') {
    const i = e.pick % herd.herd.count;
    herd.herd.set(i, { ...herd.herd.get(i), kind: herd.herd.get(i).kind === 'xbot' ? 'wide' : 'xbot' });
    return;
  }
  if (e.op === 'add') {
    herd.solids.add({ x: (e.pick % 2 === 0 ? 1.5 : -1.5) + e.dx, z: (e.pick % 20) - 10 + e.dz, radius: WALL.radius });
    return;
  }
  if (ids.length === 0) return;
  const id = ids[e.pick % ids.length];
  if (e.op === 'remove') herd.solids.remove(id);
  else {
    const trunk = herd.solids.get(id) as CircleSolid;
    herd.solids.move(id, trunk.x + e.dx, trunk.z + e.dz);
  }
}

for (const { name, api } of CORES.filter((c) => c.name !== 'reference')) {
  describe(`HD-2, HD-5, LV-4: kept clusters of solids (${name})`, () => {
    it(`HD-2, AV-4, LV-4: a crowd pressed against walls of trunks, the walls edited and kinds swapped between steps, equals the reference herd every step on 1 and 2 threads (${name})`, () => {
      const w = trunkWallsWorld();
      fc.assert(
        fc.property(crowdArb(24), fc.array(editArb, { maxLength: 6 }), (crowd, edits) => {
          const ref = herdOn(reference, w, crowd, 1);
          const herds = [1, 2].map((threads) => herdOn(api, w, crowd, threads));
          try {
            for (let frame = 0; frame < 80; frame++) {
              for (const e of edits.filter((e) => e.at === frame)) for (const h of [ref, ...herds]) apply(e, h);
              for (const h of [ref, ...herds]) h.herd.step(1 / 30);
              expectHerdsEqual(ref.herd, herds.map((h) => h.herd), crowd.length, frame);
            }
          } finally {
            for (const h of [ref, ...herds]) h.herd.dispose();
          }
        }),
        { seed: SEED, numRuns: name === 'release' ? 30 : 8 },
      );
    }, 300_000);
  });
}
