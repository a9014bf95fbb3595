/**
 * A wasm herd keeps the clusters of solids seek gathers on a ground with pieces of boxes and walls too
 * (assembly/clusterMemo.ts, LV-1): a cluster gathered from a trunk takes in the corners' discs of the pieces its
 * members reach, so a kept one is stale once a piece is added, moved or removed, unless the edit drops it (LV-4: a
 * piece's edit logs its boxes as a circle's does, and a kept cluster whose reach one meets is dropped). A crowd of bodies that avoid each other, pressed
 * against two walls of touching trunks with boxes and wall pieces against them, the pieces edited between steps,
 * equals the reference herd bit for bit every step (HD-2) on 1 and 2 threads (HD-5).
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import * as reference from '../../src/reference.ts';
import type { World } from '../../src/types.ts';
import type { SolidInput } from '../../src/shapes.ts';
import { CORES, type Api } from '../cores.ts';
import { SEED } from './cores.ts';
import { EDGE, WALL, crowdArb, mirroredHerd, pickedPiece, playCompared, trunkWallsWorld, type Crowd } from './trunkWalls.ts';

/** The walls of trunks with a box across the far end of the +z one and a wall piece beside the −z one (both within a body's diameter of the trunks: in their clusters). */
function piecesWorld(): World {
  const end = EDGE + (WALL.length - 1) * WALL.spacing;
  return trunkWallsWorld([
    { shape: 'box', x: 0, z: end + 0.9, halfX: 1.2, halfZ: 0.3, yaw: 0.2 },
    { shape: 'wall', points: [[-1.3, -EDGE - 2], [-1.3, -EDGE - 6]], thickness: 0.2 },
  ]);
}

/** A piece beside a wall of trunks, where the clusters of its trunks reach: a box or a short wall. */
function pieceBeside(pick: number, dx: number, dz: number): SolidInput {
  const x = (pick % 2 === 0 ? 1.2 : -1.2) + dx;
  const z = (pick % 2 === 0 ? 1 : -1) * (EDGE + 1 + (pick % 9)) + dz;
  if (pick % 3 === 0) return { shape: 'wall', points: [[x, z], [x + dx, z + 1.5]], thickness: 0.2 };
  return { shape: 'box', x, z, halfX: 0.3, halfZ: 0.5, yaw: (pick % 7) * 0.4 };
}

/** An edit between steps: a piece added beside a wall, a piece moved or removed, or a body given the other kind. */
const editArb = fc.record({
  at: fc.integer({ min: 1, max: 70 }),
  op: fc.constantFrom('add', 'add', 'move', 'remove', 'kind'),
  pick: fc.nat(),
  dx: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
  dz: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
});
type EditOf = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

/** A herd of the crowd on `core`'s ground over `w`, each body seeking its mirror, on `threads` threads. */
function herdOn(core: Api | typeof reference, w: World, crowd: Crowd, threads: number) {
  return mirroredHerd(core, w, crowd, threads).herd;
}

/** Applies one edit of the pieces, through the one handle every ground over `w` shares (LV-2). */
function editPieces(e: EditOf, solids: ReturnType<typeof reference.solidsOf>): void {
  if (e.op === 'add') {
    solids.add(pieceBeside(e.pick, e.dx, e.dz));
    return;
  }
  const picked = pickedPiece(solids, e.pick);
  if (picked === null) return;
  if (e.op === 'remove') {
    solids.remove(picked.id);
    return;
  }
  solids.move(picked.id, picked.at[0]! + e.dx, picked.at[1]! + e.dz);
}

for (const { name, api } of CORES.filter((c) => c.name !== 'reference')) {
  describe(`HD-2, HD-5, LV-4: kept clusters of solids with pieces (${name})`, () => {
    it(`HD-2, LV-1, LV-4: a crowd pressed against walls of trunks with boxes and wall pieces against them, pieces added, moved and removed and kinds swapped between steps, equals the reference herd every step on 1 and 2 threads (${name})`, () => {
      fc.assert(
        fc.property(crowdArb(20), fc.array(editArb, { minLength: 1, maxLength: 6 }), (crowd, edits) => {
          const w = piecesWorld();
          const ref = herdOn(reference, w, crowd, 1);
          const herds = [1, 2].map((threads) => herdOn(api, w, crowd, threads));
          const solids = reference.solidsOf(reference.groundOf(w));
          playCompared(ref, herds, 80, (frame) => {
            for (const e of edits.filter((e) => e.at === frame)) {
              if (e.op !== 'kind') {
                editPieces(e, solids);
                continue;
              }
              const i = e.pick % crowd.length;
              for (const h of [ref, ...herds]) h.set(i, { ...h.get(i), kind: h.get(i).kind === 'xbot' ? 'wide' : 'xbot' });
            }
          });
        }),
        { seed: SEED, numRuns: name === 'release' ? 24 : 6 },
      );
    }, 300_000);
  });
}
