/**
 * A wasm herd keeps the clusters of solids seek gathers on a ground with pieces of boxes and walls too
 * (assembly/clusterMemo.ts, LV-1): a cluster gathered from a trunk takes in the corners' discs of the pieces its
 * members reach, so a kept one is stale once a piece is added, moved or removed, unless the edit drops it (LV-4: a
 * piece's edit bumps the same count of changes as a circle's). A crowd of bodies that avoid each other, pressed
 * against two walls of touching trunks with boxes and wall pieces against them, the pieces edited between steps,
 * equals the reference herd bit for bit every step (HD-2) on 1 and 2 threads (HD-5).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as reference from '../../src/reference.ts';
import type { Row, World } from '../../src/types.ts';
import { XBOT } from '../../src/presets.ts';
import type { SolidInput } from '../../src/shapes.ts';
import { CORES, type Api } from '../cores.ts';
import { SEED } from './cores.ts';
import { expectSame } from './worlds.ts';

/** Trunks of each wall: two columns 1 m apart, radius 0.45 (touching for a body's diameter), 12 m long. */
const WALL = { radius: 0.45, spacing: 1, length: 12, gap: 2 };
const EDGE = WALL.gap / 2 + WALL.radius;

/**
 * Two walls of trunks along z with a gap at the origin, on flat terrain3d, a box across the far end of the +z one and
 * a wall piece beside the −z one (both within a body's diameter of the trunks: in their clusters); two kinds that
 * avoid and block each other.
 */
function piecesWorld(): World {
  const instances: { x: number; z: number; radius: number }[] = [];
  for (const side of [1, -1]) {
    for (let k = 0; k < WALL.length; k++) for (const x of [-0.5, 0.5]) instances.push({ x, z: side * (EDGE + k * WALL.spacing), radius: WALL.radius });
  }
  const end = EDGE + (WALL.length - 1) * WALL.spacing;
  return {
    walker: {
      kinds: {
        xbot: { ...XBOT, radius: 0.4, seekSpeed: 3, bodies: ['xbot', 'wide'] },
        wide: { ...XBOT, radius: 0.55, seekSpeed: 2.5, bodies: ['xbot', 'wide'] },
      },
      mods: { height: 'terrain3d', cell: 'terrain3d', solids: 'scatter3d' },
    },
    terrain3d: { rings: [{ reach: 64, seg: 128 }] },
    scatter3d: {
      instances,
      solids: [
        { shape: 'box', x: 0, z: end + 0.9, halfX: 1.2, halfZ: 0.3, yaw: 0.2 },
        { shape: 'wall', points: [[-1.3, -EDGE - 2], [-1.3, -EDGE - 6]], thickness: 0.2 },
      ],
    },
  };
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

/** Bodies on both sides of the walls, each seeking the point mirrored across them. */
const crowdArb = fc.array(
  fc.record({ x: fc.double({ min: 1.5, max: 8, noNaN: true }), z: fc.double({ min: -10, max: 10, noNaN: true }), side: fc.constantFrom(-1, 1) }),
  { minLength: 4, maxLength: 20 },
);

type Core = Api | typeof reference;

/** A herd of the crowd on `core`'s ground over `w`, each body seeking its mirror, on `threads` threads. */
function herdOn(core: Core, w: World, crowd: { x: number; z: number; side: number }[], threads: number) {
  const ground = core.groundOf(w);
  const herd = new core.Herd(w, ground, { capacity: crowd.length, threads });
  const n = core.numbers({ kind: 'xbot' }, w);
  for (const b of crowd) {
    const x = b.side * b.x;
    const row: Row = { kind: 'xbot', pos: [x, core.stand(n, ground, x, b.z), b.z] };
    herd.seek(herd.add(row), [-x, b.z], 0.5);
  }
  return herd;
}

/** Applies one edit of the pieces, through the one handle every ground over `w` shares (LV-2). */
function editPieces(e: EditOf, solids: ReturnType<typeof reference.solidsOf>): void {
  if (e.op === 'add') {
    solids.add(pieceBeside(e.pick, e.dx, e.dz));
    return;
  }
  const pieces = Array.from({ length: solids.ids }, (_, id) => id).filter((id) => solids.has(id) && solids.get(id).shape !== 'circle');
  if (pieces.length === 0) return;
  const id = pieces[e.pick % pieces.length]!;
  if (e.op === 'remove') {
    solids.remove(id);
    return;
  }
  const piece = solids.get(id);
  const [x, z] = piece.shape === 'box' ? [piece.x, piece.z] : piece.shape === 'wall' || piece.shape === 'polygon' ? piece.points[0]! : [0, 0];
  solids.move(id, x + e.dx, z + e.dz);
}

for (const { name, api } of CORES.filter((c) => c.name !== 'reference')) {
  describe(`HD-2, HD-5, LV-4: kept clusters of solids with pieces (${name})`, () => {
    it(`HD-2, LV-1, LV-4: a crowd pressed against walls of trunks with boxes and wall pieces against them, pieces added, moved and removed and kinds swapped between steps, equals the reference herd every step on 1 and 2 threads (${name})`, () => {
      fc.assert(
        fc.property(crowdArb, fc.array(editArb, { minLength: 1, maxLength: 6 }), (crowd, edits) => {
          const w = piecesWorld();
          const ref = herdOn(reference, w, crowd, 1);
          const herds = [1, 2].map((threads) => herdOn(api, w, crowd, threads));
          const solids = reference.solidsOf(reference.groundOf(w));
          try {
            for (let frame = 0; frame < 80; frame++) {
              for (const e of edits.filter((e) => e.at === frame)) {
                if (e.op !== 'kind') {
                  editPieces(e, solids);
                  continue;
                }
                const i = e.pick % crowd.length;
                for (const h of [ref, ...herds]) h.set(i, { ...h.get(i), kind: h.get(i).kind === 'xbot' ? 'wide' : 'xbot' });
              }
              for (const h of [ref, ...herds]) h.step(1 / 30);
              herds.forEach((h, t) => {
                for (let i = 0; i < crowd.length; i++) {
                  const want = ref.get(i);
                  const got = h.get(i);
                  for (const field of ['pos', 'vel', 'want', 'side', 'turned'] as const) expectSame(got[field], want[field], `frame ${frame}, ${t + 1} thread(s): body ${i}.${field}`);
                }
                expect([...h.unreachable]).toEqual([...ref.unreachable]);
              });
            }
          } finally {
            for (const h of [ref, ...herds]) h.dispose();
          }
        }),
        { seed: SEED, numRuns: name === 'release' ? 24 : 6 },
      );
    }, 300_000);
  });
}
