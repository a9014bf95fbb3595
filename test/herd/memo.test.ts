/**
 * LV-4, HD-2: what a wasm herd keeps across steps answers as the solids are now. A body walking a clear way keeps a
 * proof that no solid is near it (assembly/clearWay.ts); a circle dropped onto that way ahead of it must be met all
 * the same — gone round, never entered — exactly as the reference herd, which keeps no proof, meets it.
 */
import { describe, expect, it } from 'vitest';
import { XBOT } from '../../src/presets.ts';
import * as reference from '../../src/reference.ts';
import type { World } from '../../src/types.ts';
import { CORES } from '../cores.ts';

function openWorld(): World {
  return {
    walker: { kinds: { xbot: { ...XBOT } }, mods: { height: 'terrain3d', cell: 'terrain3d', solids: 'scatter3d' } },
    terrain3d: { rings: [{ reach: 64, seg: 128 }] },
    // One far tree: the ground has a grid of solids, and the way from (0, 0) to (0, 20) is clear.
    scatter3d: { instances: [{ x: 30, z: 30, radius: 0.5 }] },
  };
}

for (const { name, api } of CORES.filter((c) => c.name !== 'reference')) {
  describe(`LV-4: a kept proof of a clear way sees a circle dropped onto the way (${name})`, () => {
    it(`LV-4, HD-2: the body goes round the new circle, never inside it, bit for bit as the reference herd (${name})`, () => {
      const w = openWorld();
      const herd = new api.Herd(w, api.groundOf(w), { capacity: 1, threads: 1 });
      const oracle = new reference.Herd(w, reference.groundOf(w), { capacity: 1 });
      try {
        for (const h of [herd, oracle]) {
          h.add({ kind: 'xbot', pos: [0, 0, 0] });
          h.seek(0, [0, 20], 0.2);
        }
        for (let k = 0; k < 10; k++) {
          herd.step(0.1);
          oracle.step(0.1);
        }
        // Ahead of the body, a hair off its way, so it must turn to one side.
        const at = { x: 0.01, z: herd.z[0]! + 3, radius: 1 };
        api.solidsOf(herd.ground).add(at);
        let closest = Infinity;
        for (let k = 0; k < 80; k++) {
          herd.step(0.1);
          oracle.step(0.1);
          expect([herd.x[0], herd.z[0]]).toEqual([oracle.x[0], oracle.z[0]]);
          closest = Math.min(closest, Math.hypot(herd.x[0]! - at.x, herd.z[0]! - at.z));
        }
        expect(closest).toBeGreaterThanOrEqual(at.radius + XBOT.radius);
        expect(herd.z[0]!).toBeGreaterThan(at.z + at.radius);
      } finally {
        herd.dispose();
      }
    });
  });
}
