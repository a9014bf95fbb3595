/**
 * HD-2, HD-5, WX-3: a herd step equals per-row seek-then-walk calls bit for bit, on the reference herd and on wasm
 * herds of 1, 2 and 3 threads, whatever was done to the herd between steps (test/herd/campaign.ts). A seeded slice of
 * what `npm run fuzz` plays; FC_SEED sets the seed, and a failure prints it.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as reference from '../../src/reference.ts';
import type { Row, World } from '../../src/types.ts';
import { CORES } from '../cores.ts';
import { SEED } from '../wasm/cores.ts';
import { grazingSceneArb, noCounts, playScene, restSceneArb, sceneArb, type CampaignCores, type Edit, type Scene } from './campaign.ts';

type Op = ['world', World] | ['herd', number] | ['add', Row] | ['seek', number, [number, number], number] | ['unseek', number] | ['step', number];

/**
 * The scene that once ended one bit apart (a body whose last round of slide grazed the kept proof's blocker), as it
 * was recorded: a world of two kinds on terrain3d, 38 bodies, 23 seeking, 19 steps.
 */
function recordedScene(): Scene {
  const ops = JSON.parse(readFileSync(new URL('fixtures/herd-bits.json', import.meta.url), 'utf8')) as Op[];
  const scene: Scene = { world: {}, capacity: 64, spot: null, edits: [] };
  for (const op of ops) {
    switch (op[0]) {
      case 'world': scene.world = op[1]; break;
      case 'herd': scene.capacity = op[1]; break;
      case 'add': scene.edits.push({ op: 'put', row: op[1] }); break;
      case 'seek': scene.edits.push({ op: 'seek', pick: op[1], at: op[2], stop: op[3], route: false, past: null }); break;
      case 'unseek': scene.edits.push({ op: 'unseek', pick: op[1] }); break;
      case 'step': scene.edits.push({ op: 'step', dt: op[1], count: 1 } satisfies Edit); break;
    }
  }
  return scene;
}

/** Every scene `arb` draws from `seed` agrees at every step on `threads` wasm herds, the reference herd and per-row calls. */
async function agreeOn(cores: CampaignCores, arb: fc.Arbitrary<Scene>, threads: readonly number[], seed: number, numRuns: number, label: string): Promise<void> {
  await fc.assert(
    fc.asyncProperty(arb, async (scene) => {
      const counts = noCounts();
      await playScene(cores, scene, threads, counts, label);
      expect(counts.failures).toEqual([]);
    }),
    { seed, numRuns, endOnFailure: true },
  );
}

for (const { name, api } of CORES.filter((c) => c.name !== 'reference')) {
  const cores: CampaignCores = { wasm: api, reference };
  const threads = name === 'release' ? [1, 2, 3] : [1];

  describe(`HD-2, HD-5, WX-3: herd steps ≡ per-row calls, bit for bit (${name})`, () => {
    it(`HD-2: the recorded scene — 19 steps of 38 bodies — agrees at every step on ${threads.join(', ')} thread(s) and the reference herd (${name})`, async () => {
      const counts = noCounts();
      await playScene(cores, recordedScene(), threads, counts, 'recorded scene');
      expect(counts.failures).toEqual([]);
      expect(counts.steps).toBe(19);
    });

    it(`HD-2, SL-2: bodies walking head-on into solids, their last move grazing the edge, agree at every step (${name})`, async () => {
      await agreeOn(cores, grazingSceneArb, threads, SEED, name === 'release' ? 150 : 50, 'grazing scene');
    });

    it(`HD-2, HD-5, LV-2: bodies at rest (idle, resting short of a target behind a solid, arrived) then disturbed — a field written through a view by one ulp or to −0, a side turned on, the solids edited (onto and beside resting bodies too), the dt changed — agree at every step (${name})`, async () => {
      await agreeOn(cores, restSceneArb, threads, SEED + 2, name === 'release' ? 80 : 25, 'rest scene');
    }, 300_000);

    it(`HD-2, HD-5, LV-2, LV-3: random herds edited between steps (add, remove, set, seek, unseek, wants, jumps, places, solids added, moved and removed, random dt) agree at every step, no body left inside a solid (${name})`, async () => {
      await agreeOn(cores, sceneArb, threads, SEED + 1, name === 'release' ? 60 : 25, 'random herd');
      // Alone it takes about a minute; on a loaded machine beside the rest of the suite, over two.
    }, 300_000);
  });
}
