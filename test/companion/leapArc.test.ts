/**
 * CO-8: the in-stride jump's arc test (leapLandsOnTop) answers what `walk` does. A body runs at the 1.2 m ledge of
 * the stuck scenes (a sheer riser as callbacks, and the terrain3d heightmap whose face rises over one 0.25 m sample)
 * at 4–8 m/s, up to 30° off the face's normal, and jumps 0.4–3.5 m before its front feet would reach it, holding its take-off velocity as its
 * `want` (as the companion's leap does); wherever the arc test said its leap ends on the top, it stands there after
 * 3 s (never a take-off sent onto the face to slide back). The arc test may pass over a take-off that would have got
 * up (it is conservative: the companion tries again the next frame). On every core (fast-check, seeded: FC_SEED overrides the seed, FC_RUNS the runs).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { leapLandsOnTop } from '../../src/companion/leapArc.ts';
import type { Row } from '../../src/types.ts';
import { CORES } from '../cores.ts';
import { SEED } from '../wasm/cores.ts';
import { groundsOf, ledge } from '../scenes.ts';

const DT = 1 / 60;
const RUNS = Number(process.env.FC_RUNS ?? 60);
/** The ledge's top, and where a body's front feet first reach its face (the riser at z = 6 on the callbacks, the face z 5.75–6 on the heightmap). */
const TOP = 1.2;
const FACE = 5.5;

for (const { name, api } of CORES) {
  describe(`CO-8: a leap's arc test agrees with walk (${name})`, () => {
    const grounds = groundsOf(api, ledge);
    test(`CO-8: at the 1.2 m ledge a leap ends standing on the top wherever leapLandsOnTop says it does, at 4–8 m/s, 0–30° off, 0.4–3.5 m out (fast-check seed ${SEED}, ${name})`, () => {
      let landed = 0;
      fc.assert(
        fc.property(
          fc.record({
            ground: fc.constantFrom(0, 1),
            speed: fc.double({ min: 4, max: 8, noNaN: true }),
            // The tangent of the angle off the face's normal: up to tan 30°.
            slant: fc.double({ min: -0.577, max: 0.577, noNaN: true }),
            out: fc.double({ min: 0.4, max: 3.5, noNaN: true }),
          }),
          (c) => {
            const [label, w, ground] = grounds[c.ground];
            const norm = Math.sqrt(1 + c.slant * c.slant);
            const vx = (c.slant / norm) * c.speed;
            const vz = c.speed / norm;
            const row: Row = { kind: 'ally', pos: [0, 0, FACE - c.out - 1], vel: [vx, 0, vz], want: [vx, vz] };
            let said: boolean | null = null;
            for (let f = 0; f < 180; f++) {
              if (said === null && row.pos[2] >= FACE - c.out) {
                said = leapLandsOnTop(api, w, ground, row, vx, vz, DT);
                row.jump = true;
              }
              row.want = [vx, vz];
              api.walk(row, w, DT, ground);
            }
            expect(said, `${label}, ${JSON.stringify(c)}: took off`).not.toBeNull();
            if (said !== true) return;
            landed += 1;
            const onTop = row.pos[1] > TOP - 0.05 && row.air !== true && row.steep !== true;
            expect(onTop, `${label}, ${JSON.stringify(c)}: the arc test said it lands on the top; it ended at [${row.pos.join(', ')}], steep ${row.steep}`).toBe(true);
          },
        ),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      // The property is not empty: some take-offs land on the top.
      expect(landed, 'leaps the arc test sent onto the top').toBeGreaterThan(0);
    });
  });
}
