/**
 * LV-4, RT-1: a kept route grid an edit reaches is repaired, not dropped — it forgets the cells the changed boxes
 * cover (grown by the kind's radius and 0.01 m) and the edges into them from the cells round them — and the repaired
 * grid equals, cell for cell, a grid made fresh on the edited world. Seeded random edits (add, move, remove) of circles, boxes, walls and
 * polygons on hilly ground, on the reference, release and debug cores; the kept grid half worked out by a route, or
 * worked out whole, before the edits. A budgeted route set aside on a grid that forgot cells starts over (RT-3): it
 * ends as a route on a grid made fresh does, never through a wall added since its search began.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keptPassability as keptOnReference } from '../../src/reference/route.ts';
import type { SolidInput } from '../../src/shapes.ts';
import type { Ground, Passability, Row, World } from '../../src/types.ts';
import { CORES } from '../cores.ts';
import { SEED, coreOf } from '../wasm/cores.ts';
import { mapWorld, rowAt } from './worlds.ts';

/** The route's region, [x0, z0, x1, z1]: 32 × 32 cells of the 1 m lattice, so every route of a run shares one grid. */
const REGION = [0, 0, 31.5, 31.5];
const FROM: [number, number] = [2.5, 2.5];
const TO: [number, number] = [29.5, 29.5];

/** Hills steep in places (so the terrain refuses some edges) over 40 × 40 samples. */
function hillyWorld(solids: SolidInput[]): World {
  const w = mapWorld(40, (i, j) => 0.9 * Math.sin(i / 2.3) * Math.cos(j / 3.1) + 0.02 * i);
  w.walker!.mods!.solids = 'scatter3d';
  w.scatter3d = { solids };
  return w;
}

const place = fc.double({ min: 1, max: 31, noNaN: true });
const circle = fc.record({ x: place, z: place, radius: fc.double({ min: 0.05, max: 2, noNaN: true }) }).map((c): SolidInput => ({ shape: 'circle', ...c }));
const box = fc
  .record({ x: place, z: place, halfX: fc.double({ min: 0.1, max: 3, noNaN: true }), halfZ: fc.double({ min: 0.1, max: 3, noNaN: true }), yaw: fc.double({ min: -4, max: 4, noNaN: true }) })
  .map((b): SolidInput => ({ shape: 'box', ...b }));
const wall = fc
  .record({ points: fc.array(fc.tuple(place, place), { minLength: 2, maxLength: 4 }), thickness: fc.double({ min: 0.05, max: 1, noNaN: true }) })
  .filter((r) => r.points.every((p, k) => k === 0 || Math.hypot(p[0] - r.points[k - 1][0], p[1] - r.points[k - 1][1]) > 0.01))
  .map((r): SolidInput => ({ shape: 'wall', points: r.points, thickness: r.thickness }));
/** A convex polygon: corners on a circle at angles at least 0.3 rad apart, counter-clockwise. */
const polygon = fc
  .record({ x: place, z: place, size: fc.double({ min: 0.3, max: 3, noNaN: true }), gaps: fc.array(fc.double({ min: 0.3, max: 1.5, noNaN: true }), { minLength: 3, maxLength: 8 }) })
  .filter((p) => p.gaps.reduce((a, b) => a + b, 0) < 2 * Math.PI - 0.3)
  .map((p): SolidInput => {
    let angle = 0;
    const points = p.gaps.map((gap) => {
      angle += gap;
      return [p.x + p.size * Math.cos(angle), p.z + p.size * Math.sin(angle)];
    });
    return { shape: 'polygon', points };
  });
const shape = fc.oneof(circle, box, wall, polygon);

/** An edit: a solid added, one moved by (dx, dz) or one removed — `which` picks among the solids still there. */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), solid: shape }),
  fc.record({ kind: fc.constant('move' as const), which: fc.nat(), dx: fc.double({ min: -4, max: 4, noNaN: true }), dz: fc.double({ min: -4, max: 4, noNaN: true }) }),
  fc.record({ kind: fc.constant('remove' as const), which: fc.nat() }),
);
type Edit = typeof edit extends fc.Arbitrary<infer E> ? E : never;

/** The reference point `move` takes of a solid as `get` gives it: a circle's or box's centre, a wall's or polygon's first point. */
function pointOf(solid: { shape: string; x?: number; z?: number; points?: readonly (readonly number[])[] }): [number, number] {
  return solid.points !== undefined ? [solid.points[0][0], solid.points[0][1]] : [solid.x!, solid.z!];
}

/** Makes the edits through the ground's handle; a move that would take a shape out of bounds is left out. */
function makeEdits(api: (typeof CORES)[number]['api'], ground: Ground, edits: readonly Edit[]): void {
  const level = api.solidsOf(ground);
  for (const e of edits) {
    const live: number[] = [];
    for (let id = 0; id < level.ids; id++) if (level.has(id)) live.push(id);
    if (e.kind === 'add') level.add(e.solid);
    else if (live.length > 0 && e.kind === 'remove') level.remove(live[e.which % live.length]);
    else if (live.length > 0 && e.kind === 'move') {
      const id = live[e.which % live.length];
      const [x, z] = pointOf(level.get(id) as never);
      level.move(id, x + e.dx, z + e.dz);
    }
  }
}

/** The first cell whose standing or edges differ between two grids of one region, or -1. */
function firstDifference(a: Passability, b: Passability): number {
  for (let k = 0; k < a.stand.length; k++) if (a.stand[k] !== b.stand[k] || a.edges[k] !== b.edges[k]) return k;
  return -1;
}

for (const { name, api } of CORES) {
  const kept = name === 'reference' ? keptOnReference : (await coreOf(name)).keptPassability;
  describe(`LV-4: a kept route grid repaired after edits equals a fresh grid (${name})`, () => {
    it(`LV-4, RT-1: seeded edits of circles, boxes, walls and polygons; repaired and fresh agree cell for cell (${name})`, () => {
      fc.assert(
        fc.property(fc.array(shape, { maxLength: 6 }), fc.array(fc.array(edit, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 }), fc.boolean(), (solids, rounds, whole) => {
          const w = hillyWorld(solids);
          const ground = api.groundOf(w);
          const me: Row = rowAt(api, w, ground, FROM[0], FROM[1]);
          api.route(me, w, TO, ground, { region: REGION });
          if (whole) kept(me, w, ground);
          for (const round of rounds) {
            makeEdits(api, ground, round);
            // The route works cells out on the repaired grid, as a game's next frame would.
            api.route(me, w, TO, ground, { region: REGION });
            const repaired = kept(me, w, ground)!;
            const fresh = api.passability(me, w, ground, REGION);
            expect([repaired.x0, repaired.z0, repaired.columns, repaired.rows]).toEqual([fresh.x0, fresh.z0, fresh.columns, fresh.rows]);
            const k = firstDifference(repaired, fresh);
            expect(k, `cell (${k % fresh.columns}, ${Math.floor(k / fresh.columns)}) differs`).toBe(-1);
          }
        }),
        { seed: SEED, numRuns: name === 'reference' ? 40 : 80 },
      );
    });

    it(`LV-4, RT-3: a budgeted route paused before a wall is added across its way starts over and reads unreachable (${name})`, () => {
      const w = mapWorld(40, () => 0);
      w.walker!.mods!.solids = 'scatter3d';
      w.scatter3d = { solids: [] };
      const ground = api.groundOf(w);
      const me = rowAt(api, w, ground, 2.5, 16.5);
      const options = { region: REGION, budget: 200 };
      expect(api.route(me, w, [29.5, 16.5], ground, options).pending).toBe(true);
      api.solidsOf(ground).add({ shape: 'wall', points: [[6, -2], [6, 34]], thickness: 0.5 });
      let way = api.route(me, w, [29.5, 16.5], ground, options);
      for (let calls = 0; way.pending && calls < 1000; calls++) way = api.route(me, w, [29.5, 16.5], ground, options);
      // A ground made anew over the same world plans on a grid of its own, made after the wall.
      const fresh = api.route(me, w, [29.5, 16.5], api.groundOf(w), { region: REGION });
      expect(fresh.reached).toBe(false);
      expect(way).toEqual(fresh);
    });
  });
}
