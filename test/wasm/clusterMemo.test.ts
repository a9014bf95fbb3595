/**
 * A wasm herd keeps the clusters of solids seek gathers (assembly/clusterMemo.ts): a crowd of bodies that avoid each
 * other, pressed against two walls of touching trunks with a gap between, asks the same clusters step after step.
 * A kept cluster must be the one gathering gives, so the herd still equals the reference herd bit for bit (HD-2) on
 * 1 and 2 threads (HD-5) — also when trunks of a wall are moved, removed or added between steps (LV-4: any edit
 * drops every kept cluster) and when the kind is swapped for one of another radius (a cluster is kept per radius).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as reference from '../../src/reference.ts';
import type { Row, World } from '../../src/types.ts';
import { XBOT } from '../../src/presets.ts';
import type { CircleSolid } from '../../src/shapes.ts';
import { CORES, type Api } from '../cores.ts';
import { SEED } from './cores.ts';
import { expectSame } from './worlds.ts';

/** Trunks of each wall: two columns 1 m apart, radius 0.45 (touching for a body's diameter), 12 m long. */
const WALL = { radius: 0.45, spacing: 1, length: 12, gap: 2 };

/** Two walls along z with a gap at the origin, on flat terrain3d; two kinds that avoid and block each other. */
function gapWorld(): World {
  const edge = WALL.gap / 2 + WALL.radius;
  const instances: { x: number; z: number; radius: number }[] = [];
  for (const side of [1, -1]) {
    for (let k = 0; k < WALL.length; k++) for (const x of [-0.5, 0.5]) instances.push({ x, z: side * (edge + k * WALL.spacing), radius: WALL.radius });
  }
  return {
    walker: {
      kinds: {
        xbot: { ...XBOT, radius: 0.4, seekSpeed: 3, bodies: ['xbot', 'wide'] },
        wide: { ...XBOT, radius: 0.55, seekSpeed: 2.5, bodies: ['xbot', 'wide'] },
      },
      mods: { height: 'terrain3d', cell: 'terrain3d', solids: 'scatter3d' },
    },
    terrain3d: { rings: [{ reach: 64, seg: 128 }] },
    scatter3d: { instances },
  };
}

/** An edit between steps: a wall's trunk moved, removed, or one added beside a wall; or a body given the other kind. */
const editArb = fc.record({
  at: fc.integer({ min: 1, max: 70 }),
  op: fc.constantFrom('move', 'remove', 'add', 'kind'),
  pick: fc.nat(),
  dx: fc.double({ min: -0.6, max: 0.6, noNaN: true }),
  dz: fc.double({ min: -0.6, max: 0.6, noNaN: true }),
});
type EditOf = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

/** Bodies on both sides of the walls, each seeking the point mirrored across them. */
const crowdArb = fc.array(
  fc.record({ x: fc.double({ min: 1.5, max: 8, noNaN: true }), z: fc.double({ min: -10, max: 10, noNaN: true }), side: fc.constantFrom(-1, 1) }),
  { minLength: 4, maxLength: 24 },
);

/** A herd of the crowd on `api`'s core, each body seeking its mirror, on `threads` threads. */
function herdOn(api: Api | typeof reference, w: World, crowd: { x: number; z: number; side: number }[], threads: number) {
  const ground = api.groundOf(w);
  const herd = new api.Herd(w, ground, { capacity: crowd.length, threads });
  const n = api.numbers({ kind: 'xbot' }, w);
  for (const b of crowd) {
    const x = b.side * b.x;
    const row: Row = { kind: 'xbot', pos: [x, api.stand(n, ground, x, b.z), b.z] };
    const i = herd.add(row);
    herd.seek(i, [-x, b.z], 0.5);
  }
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
      const w = gapWorld();
      fc.assert(
        fc.property(crowdArb, fc.array(editArb, { maxLength: 6 }), (crowd, edits) => {
          const ref = herdOn(reference, w, crowd, 1);
          const herds = [1, 2].map((threads) => herdOn(api, w, crowd, threads));
          try {
            for (let frame = 0; frame < 80; frame++) {
              for (const e of edits.filter((e) => e.at === frame)) for (const h of [ref, ...herds]) apply(e, h);
              for (const h of [ref, ...herds]) h.herd.step(1 / 30);
              herds.forEach((h, t) => {
                for (let i = 0; i < crowd.length; i++) {
                  const want = ref.herd.get(i);
                  const got = h.herd.get(i);
                  for (const field of ['pos', 'vel', 'want', 'side', 'turned'] as const) expectSame(got[field], want[field], `frame ${frame}, ${t + 1} thread(s): body ${i}.${field}`);
                }
                expect([...h.herd.unreachable]).toEqual([...ref.herd.unreachable]);
              });
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
