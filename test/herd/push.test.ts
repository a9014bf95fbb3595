/**
 * LV-3: a circle added or moved onto standing herd bodies pushes each out at its next step, along the line from the
 * circle's centre through the body's, to just outside — the same bits on every core and number of threads as a
 * per-row walk on the reference, and no body left inside.
 */
import { describe, expect, it } from 'vitest';
import { XBOT } from '../../src/presets.ts';
import * as reference from '../../src/reference.ts';
import type { Row, World } from '../../src/types.ts';
import { CORES } from '../cores.ts';

function flatWorld(): World {
  return {
    walker: { kinds: { xbot: { ...XBOT } }, mods: { height: 'terrain3d', cell: 'terrain3d', solids: 'scatter3d' } },
    terrain3d: { rings: [{ reach: 64, seg: 128 }] },
    scatter3d: { instances: [{ x: 20, z: 20, radius: 0.5 }] },
  };
}

/** Three bodies in a row along x, 0.5 m apart. */
const STARTS: [number, number][] = [[-0.5, 0], [0, 0.2], [0.5, 0]];

for (const { name, api } of CORES) {
  const threadCounts = name === 'release' ? [1, 3] : [1];
  describe(`LV-3: solids landing on herd bodies push them out (${name})`, () => {
    for (const threads of threadCounts) {
      it(`LV-3: a circle added onto three standing bodies, then moved onto them again, pushes each out at its next step, as per-row walks do — ${threads} thread(s) (${name})`, async () => {
        const w = flatWorld();
        const ground = api.groundOf(w);
        const herd = new api.Herd(w, ground, { capacity: 3, threads });
        await herd.ready();
        const rows: Row[] = STARTS.map(([x, z]) => ({ kind: 'xbot', pos: [x, 0, z] }));
        const refGround = reference.groundOf(w);
        try {
          for (const row of rows) herd.add(structuredClone(row));
          const level = api.solidsOf(ground);
          const id = level.add({ x: 0, z: 0, radius: 0.6 });
          const check = (at: { x: number; z: number }): void => {
            herd.step(0.1);
            for (const row of rows) reference.walk(row, w, 0.1, refGround);
            rows.forEach((row, i) => {
              expect([herd.x[i], herd.z[i]]).toEqual([row.pos[0], row.pos[2]]);
              expect(Math.hypot(herd.x[i]! - at.x, herd.z[i]! - at.z)).toBeGreaterThan(0.6 + XBOT.radius);
            });
          };
          check({ x: 0, z: 0 });
          // Each went out along its own line from the centre: the middle one, above it, along +z.
          expect(herd.x[1]).toBe(0);
          expect(herd.z[1]!).toBeCloseTo(0.6 + XBOT.radius + 0.001, 9);
          const to = { x: herd.x[1]!, z: herd.z[1]! - 0.3 };
          level.move(id, to.x, to.z);
          check(to);
        } finally {
          herd.dispose();
        }
      });
    }
  });
}
