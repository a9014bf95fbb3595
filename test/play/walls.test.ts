/**
 * SL-3, SL-4, CA-3 at any move length: no wall, ridge, cliff or stack of risers is crossed or climbed by long slides
 * and carries, fast walks or herds of fast bodies. A seeded slice of `npm run fuzz` (scripts/fuzz.ts) on every core,
 * its long moves on each wasm build against the reference, and the ridge by name.
 */
import { describe, expect, test } from 'vitest';
import { CORES } from '../cores.ts';
import { FUZZ_KINDS, describe as countsOf, fuzz, longMoves } from '../../scripts/fuzz.ts';
import type { Row, World } from '../../src/types.ts';
import { SEED } from '../wasm/cores.ts';

const XBOT = FUZZ_KINDS.xbot;

/** A 3 m ridge whose faces rise 1 per metre, its foot at x = 2 (top from x = 5 to 6, down to 0 at x = 9). */
function ridgeWorld(): World {
  const cell = 0.05;
  const data: number[] = [];
  for (let i = 0; i < 400; i++) {
    const x = i * cell;
    data.push(Math.max(0, Math.min(3, x - 2, 9 - x)));
  }
  return {
    walker: { kinds: { xbot: XBOT }, mods: { height: 'terrain3d', cell: 'terrain3d' } },
    terrain3d: { rings: [{ reach: 64 * cell, seg: 128 }], heightmap: { origin: [0, 0], spacing: cell, nx: 400, nz: 2, data: [...data, ...data] } },
  } as unknown as World;
}

for (const { name, api } of CORES) {
  describe(`SL-3/SL-4 no wall crossed or climbed at any move length (${name})`, () => {
    test(`SL-3: the fuzz slice — walls, ridges, cliffs, stacks at random angles; slides and carries to 100 m, walks to 50 m/s, fast herds (seed ${SEED}, ${name})`, () => {
      // Wasm cores run heightmaps (callbacks would run the reference there); the reference runs both kinds of ground.
      const counts = fuzz(api, SEED, name === 'reference' ? 40 : 60, { lattice: true, callbacks: name === 'reference' });
      const line = `${countsOf(name, counts)}\n${counts.failures.join('\n')}`;
      expect(counts.calls, line).toBeGreaterThan(7000);
      expect(counts.crossings, line).toBe(0);
      expect(counts.climbs, line).toBe(0);
      expect(counts.nan, line).toBe(0);
    });

    if (name !== 'reference') {
      test(`SL-3, SL-4, CA-1: the long-move slice — slides and carries to 100 m mostly along cliffs and thick and thin walls, on 0.1–2 m samples under finer, coarser or no lattices, wide and narrow bodies; none crosses or climbs, both cores in the same bits (seed ${SEED}, ${name} ≡ reference)`, () => {
        const counts = longMoves(api, CORES[0].api, SEED, 300);
        const line = `${countsOf(name, counts)}, ${counts.differences} differences\n${counts.failures.join('\n')}`;
        expect(counts.calls, line).toBeGreaterThan(20000);
        expect(counts.crossings, line).toBe(0);
        expect(counts.climbs, line).toBe(0);
        expect(counts.nan, line).toBe(0);
        expect(counts.differences, line).toBe(0);
      });
    }

    test(`SL-3: carry [12, 8] does not go over a 3 m ridge with faces of slope 1, nor does any long move across it (${name})`, () => {
      const w = ridgeWorld();
      const ground = api.groundOf(w);
      // Start at x = 0 (z along the ridge): every direction that crosses it, from head-on to 80° off.
      for (let a = -80; a <= 80; a += 10) {
        const r = (a * Math.PI) / 180;
        for (const length of [2.5, 8, 14.4, 30, 100]) {
          const delta = [Math.cos(r) * length, Math.sin(r) * length];
          for (const call of ['slide', 'carry'] as const) {
            const me: Row = { kind: 'xbot', pos: [0, 0, 0] };
            api[call](me, w, delta, ground);
            const where = `${call} by ${length} m at ${a}°`;
            // Short of the face's foot, on ground within step.
            expect(me.pos[0], where).toBeLessThan(2);
            expect(api.stand(api.numbers(me, w), ground, me.pos[0], me.pos[2]), where).toBeLessThanOrEqual(XBOT.step + 1e-9);
          }
        }
      }
      const carried: Row = { kind: 'xbot', pos: [0, 0, 0] };
      const made = api.carry(carried, w, [12, 8], ground);
      expect(made[0]).toBeLessThan(2);
    });

    test(`SL-4: walking at 50 m/s into the ridge, and a herd of 20 m/s bodies, never end above floor + jumpH + step (${name})`, () => {
      const w = ridgeWorld();
      const ground = api.groundOf(w);
      const n = api.numbers({ kind: 'xbot' }, w);
      for (const dt of [1 / 20, 1 / 60, 1 / 240]) {
        const me: Row = { kind: 'xbot', pos: [0, 0, 0], want: [50 * Math.cos(0.5), 50 * Math.sin(0.5)], vel: [50 * Math.cos(0.5), 0, 50 * Math.sin(0.5)] };
        for (let i = 0; i < 60; i++) {
          api.walk(me, w, dt, ground);
          // Not on the top (x ≥ 5), on no ground above step (it may stand at the face's foot), never above the bound.
          expect(me.pos[0], `dt ${dt}, step ${i}`).toBeLessThan(5);
          expect(api.stand(n, ground, me.pos[0], me.pos[2]), `dt ${dt}, step ${i}`).toBeLessThanOrEqual(XBOT.step + 1e-9);
          expect(me.pos[1], `dt ${dt}, step ${i}`).toBeLessThanOrEqual(0 + XBOT.jumpH + XBOT.step + 1e-9);
        }
        const herd = new api.Herd(w, ground, 8);
        for (let i = 0; i < 8; i++) {
          const r = ((i - 3.5) * 20 * Math.PI) / 180;
          herd.add({ kind: 'xbot', pos: [0, 0, i * 1.5], want: [20 * Math.cos(r), 20 * Math.sin(r)], vel: [20 * Math.cos(r), 0, 20 * Math.sin(r)] });
        }
        for (let s = 0; s < 60; s++) {
          herd.step(dt);
          for (let i = 0; i < herd.count; i++) {
            expect(herd.x[i], `herd body ${i}, dt ${dt}, step ${s}`).toBeLessThan(5);
            expect(api.stand(n, ground, herd.x[i], herd.z[i]), `herd body ${i}, dt ${dt}, step ${s}`).toBeLessThanOrEqual(XBOT.step + 1e-9);
            expect(herd.y[i], `herd body ${i}, dt ${dt}, step ${s}`).toBeLessThanOrEqual(XBOT.jumpH + XBOT.step + 1e-9);
          }
        }
        herd.dispose();
      }
    });
  });
}
