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

      it(`LV-3, HD-2: a body a push leaves inside (12 circles on its line, past the 8 it may pass) walks on inside and is pushed again at its next step, as per-row walks do — ${threads} thread(s) (${name})`, async () => {
        const w = flatWorld();
        const ground = api.groundOf(w);
        const refGround = reference.groundOf(w);
        const herd = new api.Herd(w, ground, { capacity: 1, threads });
        await herd.ready();
        const row: Row = { kind: 'xbot', pos: [0, 0, 0] };
        try {
          herd.add(structuredClone(row));
          // The first circle holds the body and names the line +z; the others stand along it, each overlapping the
          // last grown by the body's radius, so the push runs out of solids to pass and leaves the body where it is.
          const circles = [{ x: 0, z: -0.05, radius: 0.6 }, ...Array.from({ length: 12 }, (_, k) => ({ x: 0, z: 0.9 * (k + 1), radius: 0.6 }))];
          for (const level of [api.solidsOf(ground), reference.solidsOf(refGround)]) for (const c of circles) level.add(c);
          const inside = (x: number, z: number): boolean => circles.some((c) => Math.hypot(x - c.x, z - c.z) < c.radius + XBOT.radius);
          herd.seek(0, [10, 0], 0.5);
          for (let s = 0; s < 6; s++) {
            herd.step(0.1);
            reference.seek(row, w, [10, 0], 0.5, refGround);
            reference.walk(row, w, 0.1, refGround);
            expect([herd.x[0], herd.z[0]], `step ${s}`).toEqual([row.pos[0], row.pos[2]]);
            // Left inside at the first step, it has walked on inside; from the second on it is out.
            expect(inside(herd.x[0]!, herd.z[0]!), `step ${s}`).toBe(s === 0);
          }
        } finally {
          herd.dispose();
        }
      });

      it(`LV-3, HD-2: bodies at rest — idle, and arrived at their targets — stay at rest through an edit far off, then a circle and a box added onto them push each out at its next step, as per-row calls do — ${threads} thread(s) (${name})`, async () => {
        const w = flatWorld();
        const ground = api.groundOf(w);
        const refGround = reference.groundOf(w);
        const herd = new api.Herd(w, ground, { capacity: 6, threads });
        await herd.ready();
        // Three idle bodies, and three that seek the spot they stand on (arrived at once).
        const places: [number, number][] = [[-6, 0], [-3, 0.3], [0, -0.2], [3, 0], [6, 0.4], [9, -0.3]];
        const rows: Row[] = places.map(([x, z]) => ({ kind: 'xbot', pos: [x, 0, z] }));
        const seeks = (i: number): boolean => i >= 3;
        try {
          rows.forEach((row, i) => {
            herd.add(structuredClone(row));
            if (seeks(i)) herd.seek(i, places[i], 0.5);
          });
          const levels = [api.solidsOf(ground), reference.solidsOf(refGround)];
          const step = (what: string): void => {
            herd.step(0.1);
            rows.forEach((row, i) => {
              if (seeks(i)) reference.seek(row, w, places[i], 0.5, refGround);
              reference.walk(row, w, 0.1, refGround);
            });
            rows.forEach((row, i) => expect([herd.x[i], herd.z[i]], `${what}, body ${i}`).toEqual([row.pos[0], row.pos[2]]));
          };
          for (let s = 0; s < 10; s++) step(`standing, step ${s}`);
          // Far from every body: their rests hold, and the step is the same.
          for (const level of levels) level.add({ x: 30, z: -30, radius: 1 });
          for (let s = 0; s < 3; s++) step(`after the far edit, step ${s}`);
          // Onto an idle body and onto an arrived one.
          const circle = { x: -3, z: 0.1, radius: 0.5 };
          const box = { shape: 'box' as const, x: 6.2, z: 0.4, halfX: 0.6, halfZ: 0.3, yaw: 0.4 };
          for (const level of levels) {
            level.add(circle);
            level.add(box);
          }
          step('after the edits onto bodies 1 and 4');
          expect(Math.hypot(herd.x[1]! + 3, herd.z[1]! - 0.1)).toBeGreaterThan(circle.radius + XBOT.radius);
          expect([herd.x[1], herd.z[1]]).not.toEqual(places[1]);
          expect([herd.x[4], herd.z[4]]).not.toEqual(places[4]);
          for (let s = 0; s < 5; s++) step(`after, step ${s}`);
        } finally {
          herd.dispose();
        }
      });
    }
  });
}
