/**
 * LV-4: a kept route grid forgets an edit's boxes in one pass (forgetChangesIn), the old and new place of a solid
 * moved a little as one rectangle of cells where the two fill it — and that pass leaves the grid bit for bit as
 * forgetting the boxes one by one does (seeded boxes moved along x, along z and anywhere, on the reference's grid).
 * A wall of more boxes than the solids' log keeps, moved across a kept grid, is forgotten wholly on every core: the
 * repaired grid equals a fresh one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forgetCellsIn, forgetChangesIn, newGrid } from '../../src/reference/passability.ts';
import { keptPassability as keptOnReference } from '../../src/reference/route.ts';
import { LOG_SIZE } from '../../src/reference/scatter.ts';
import { MAX_WALL_POINTS } from '../../src/shapes.ts';
import type { Passability } from '../../src/types.ts';
import { CORES } from '../cores.ts';
import { SEED, coreOf } from '../wasm/cores.ts';
import { mapWorld, rowAt } from './worlds.ts';

/** Tenths of a metre from `min` to `max` (so boxes moved along a row meet, touch and miss by a cell alike). */
const tenths = (min: number, max: number): fc.Arbitrary<number> => fc.integer({ min: min * 10, max: max * 10 }).map((v) => v / 10 + 0.05);
/** A step of a box in the log: moved along x, along z, or put anywhere with a new size. */
const step = fc.record({ way: fc.constantFrom('x', 'z', 'anywhere'), d: tenths(-4, 4), x: tenths(-8, 24), z: tenths(-10, 24), sx: tenths(0, 3), sz: tenths(0, 3) });

describe('LV-4: forgetting an edit in one pass', () => {
  it('LV-4: forgetChangesIn leaves a grid as forgetCellsIn box by box does, bit for bit (reference)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 2 * LOG_SIZE }),
        fc.array(step, { minLength: 1, maxLength: 6 }),
        tenths(0, 0.6),
        fc.integer(),
        (w, h, start, steps, reach, fill) => {
          const once = newGrid(1, -5, -7, w, h);
          const byBox = newGrid(1, -5, -7, w, h);
          for (let k = 0; k < w * h; k++) {
            // Every state bit and known edge, mixed per cell from the one number.
            once.cells[k] = byBox.cells[k] = Math.imul(fill ^ k, 0x9e3779b1) >>> 21;
            once.known[k] = byBox.known[k] = Math.imul(fill + k, 0x85ebca6b) >>> 24;
          }
          const log = new Float64Array(LOG_SIZE * 4);
          let [x, z, sx, sz] = [steps[0].x, steps[0].z, steps[0].sx, steps[0].sz];
          steps.forEach((s, i) => {
            if (s.way === 'x') x += s.d;
            else if (s.way === 'z') z += s.d;
            else [x, z, sx, sz] = [s.x, s.z, s.sx, s.sz];
            log.set([x, z, x + sx, z + sz], ((start + i) % LOG_SIZE) * 4);
          });
          forgetChangesIn(once, log, start, start + steps.length, reach);
          for (let c = start; c < start + steps.length; c++) {
            const at = (c % LOG_SIZE) * 4;
            forgetCellsIn(byBox, log[at], log[at + 1], log[at + 2], log[at + 3], reach);
          }
          expect(Array.from(once.cells)).toEqual(Array.from(byBox.cells));
          expect(Array.from(once.known)).toEqual(Array.from(byBox.known));
        },
      ),
      { seed: SEED, numRuns: 3000 },
    );
  });
});

/** The first cell whose standing or edges differ between two grids of one region, or -1. */
function firstDifference(a: Passability, b: Passability): number {
  for (let k = 0; k < a.stand.length; k++) if (a.stand[k] !== b.stand[k] || a.edges[k] !== b.edges[k]) return k;
  return -1;
}

const REGION = [0, 0, 31.5, 31.5];

for (const { name, api } of CORES) {
  const kept = name === 'reference' ? keptOnReference : (await coreOf(name)).keptPassability;
  it(`LV-4: a wall of ${MAX_WALL_POINTS - 1} segments moved across a kept grid (more boxes than the log keeps) is forgotten wholly; repaired equals fresh (${name})`, () => {
    const w = mapWorld(40, () => 0);
    w.walker!.mods!.solids = 'scatter3d';
    w.scatter3d = { solids: [] };
    const ground = api.groundOf(w);
    const me = rowAt(api, w, ground, 2.5, 2.5);
    api.route(me, w, [29.5, 29.5], ground, { region: REGION });
    kept(me, w, ground);
    // A zigzag across the region, its first segments furthest from its last: moved, twice as many boxes as segments.
    const points = Array.from({ length: MAX_WALL_POINTS }, (_, i) => [4 + (i % 2) * 20, 4 + (i * 24) / MAX_WALL_POINTS]);
    const level = api.solidsOf(ground);
    const id = level.add({ shape: 'wall', points, thickness: 0.2 });
    kept(me, w, ground);
    level.move(id, 5, 4);
    api.route(me, w, [29.5, 29.5], ground, { region: REGION });
    const repaired = kept(me, w, ground)!;
    const fresh = api.passability(me, w, ground, REGION);
    const k = firstDifference(repaired, fresh);
    expect(k, `cell (${k % fresh.columns}, ${Math.floor(k / fresh.columns)}) differs`).toBe(-1);
  });
}
