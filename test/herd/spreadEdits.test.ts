/**
 * LV-4, HD-2: a wasm herd drops every memo the solids' changes since its last step reach, also when a step catches up
 * with many changes spread over the herd (filed in bins, assembly/changeBins.ts, each body testing only the changes
 * near its memos). Circles and boxes are dropped onto the ways ahead of walking bodies, moved and removed, a dozen
 * changes a step over a 70 m square; every body must end every step bit for bit where the reference herd, which keeps
 * no memos, puts it — a memo a change reached but the herd kept would have it walk into the new solid.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { XBOT } from '../../src/presets.ts';
import * as reference from '../../src/reference.ts';
import { random } from '../../src/random.ts';
import type { World } from '../../src/types.ts';
import { CORES } from '../cores.ts';
import { SEED } from '../wasm/cores.ts';

const BODIES = 36;
const STEPS = 60;

function openWorld(): World {
  return {
    walker: { kinds: { xbot: { ...XBOT } }, mods: { height: 'terrain3d', cell: 'terrain3d', solids: 'scatter3d' } },
    terrain3d: { rings: [{ reach: 64, seg: 128 }] },
    // One far tree: the ground has a grid of solids, and the bodies' ways start clear.
    scatter3d: { instances: [{ x: 60, z: 60, radius: 0.5 }] },
  };
}

for (const { name, api } of CORES.filter((c) => c.name !== 'reference')) {
  describe(`LV-4: a herd catching up with many changes spread over it drops every memo they reach (${name})`, () => {
    it(`LV-4, HD-2: solids dropped ahead of bodies, moved and removed a dozen a step; every body as the reference herd's (${name})`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 1e9 }), (seed) => {
          const next = random(seed);
          const w = openWorld();
          const herd = new api.Herd(w, api.groundOf(w), { capacity: BODIES, threads: 1 });
          const oracle = new reference.Herd(w, reference.groundOf(w), { capacity: BODIES });
          const level = api.solidsOf(herd.ground);
          const dropped: { id: number; x: number; z: number }[] = [];
          try {
            for (let i = 0; i < BODIES; i++) {
              const x = -30 + 10 * (i % 6) + next();
              const z = -30 + 10 * Math.floor(i / 6) + next();
              const a = next() * 2 * Math.PI;
              for (const h of [herd, oracle]) {
                h.add({ kind: 'xbot', pos: [x, 0, z] });
                h.seek(i, [x + 25 * Math.sin(a), z + 25 * Math.cos(a)], 0.2);
              }
            }
            for (let k = 0; k < STEPS; k++) {
              for (let e = 0; e < 12; e++) {
                const roll = next();
                if (roll < 0.5 || dropped.length === 0) {
                  // Ahead of a body, a little off its way: a proof made along the way is wrong from now on.
                  const i = Math.floor(next() * BODIES);
                  const bx = herd.x[i]!;
                  const bz = herd.z[i]!;
                  const dx = herd.targetX[i]! - bx;
                  const dz = herd.targetZ[i]! - bz;
                  const d = Math.hypot(dx, dz);
                  if (d < 3) continue;
                  const x = bx + (dx / d) * (2 + 2 * next()) + 0.05;
                  const z = bz + (dz / d) * (2 + 2 * next());
                  const id = next() < 0.5 ? level.add({ x, z, radius: 0.3 + 0.5 * next() }) : level.add({ shape: 'box', x, z, halfX: 0.3 + next(), halfZ: 0.2 + 0.3 * next(), yaw: next() * 6 });
                  dropped.push({ id, x, z });
                } else if (roll < 0.8) {
                  const d = dropped[Math.floor(next() * dropped.length)];
                  level.move(d.id, d.x + next() - 0.5, d.z + next() - 0.5);
                } else {
                  const [d] = dropped.splice(Math.floor(next() * dropped.length), 1);
                  level.remove(d.id);
                }
              }
              herd.step(0.1);
              oracle.step(0.1);
              for (let i = 0; i < BODIES; i++) expect([k, i, herd.x[i], herd.z[i]]).toEqual([k, i, oracle.x[i], oracle.z[i]]);
            }
          } finally {
            herd.dispose();
          }
        }),
        { seed: SEED, numRuns: 8 },
      );
    });
  });
}
