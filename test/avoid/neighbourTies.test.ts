/**
 * SPEC AV-2's order where distances tie: a body with more neighbours at the same distance than it avoids keeps the
 * ones first by x, then z, and a herd's grid (assembly/crowd.ts crowdNeighbours) keeps the same ones as the reference
 * and the per-row calls, on every thread count.
 */
import { describe, expect, it } from 'vitest';
import * as reference from '../../src/reference.ts';
import { XBOT } from '../../src/presets.ts';
import type { Row, World } from '../../src/types.ts';
import { CORES } from '../cores.ts';
import { noCounts, playScene, type Edit, type Scene } from '../herd/campaign.ts';

/** Twelve lattice points 5 m from the origin: pairs and quadruples of them share an x or a z. */
const RING: readonly (readonly [number, number])[] = [
  [5, 0], [-5, 0], [0, 5], [0, -5], [3, 4], [3, -4], [-3, 4], [-3, -4], [4, 3], [4, -3], [-4, 3], [-4, -3],
];

const WORLD: World = {
  walker: { kinds: { xbot: { ...XBOT, bodies: ['xbot'], avoidNeighbours: 3, avoidReach: 6 } }, mods: { height: 'terrain3d' } },
  terrain3d: { rings: [{ reach: 64, seg: 128 }] },
};

describe('AV-2: ties in distance', () => {
  const release = CORES.find((c) => c.name === 'release')!;

  it('AV-2, HD-2, HD-5: a body with twelve moving neighbours at one distance, three avoided — herds on 1, 2 and 3 threads and the reference herd ≡ per-row calls, bit for bit, at every step', async () => {
    // Every ring body walks toward the centre at 1 m/s (moving, so avoided: AV-4) and seeks the point across it.
    const rows: Row[] = [{ kind: 'xbot', pos: [0, 0, 0] }, ...RING.map(([x, z]): Row => ({ kind: 'xbot', pos: [x, 0, z], vel: [-x / 5, 0, -z / 5] }))];
    const targets: (readonly [number, number])[] = [[0, 8], ...RING.map(([x, z]) => [-x, -z] as const)];
    const edits: Edit[] = [
      ...rows.map((row): Edit => ({ op: 'put', row })),
      ...targets.map((at, i): Edit => ({ op: 'seek', pick: i, at: [at[0], at[1]], stop: 0.2, route: false, past: null })),
      { op: 'step', dt: 1 / 60, count: 30 },
    ];
    const scene: Scene = { world: WORLD, capacity: rows.length, spot: null, edits };
    const counts = noCounts();
    await playScene({ wasm: release.api, reference }, scene, [1, 2, 3], counts, 'ring of ties');
    expect(counts.failures).toEqual([]);
  }, 60_000);
});
