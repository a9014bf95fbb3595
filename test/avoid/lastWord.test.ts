/**
 * AV-7 on every core: whatever want avoidance chooses, slide has the last word — a crowd of avoiding bodies pressed
 * through a grove toward targets by and in a lake never steps into a trunk's grown circle nor into water deeper than
 * wade (ST-4's depth under the four corner feet), and no number it writes is non-finite.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { XBOT } from '../../src/presets.ts';
import type { Circle, Ground, Row, World } from '../../src/types.ts';
import { CORES } from '../cores.ts';
import { SEED } from '../wasm/cores.ts';

const DT = 1 / 60;
const STEPS = 420;
const WATER = 0;
/** A lake floor 1.5 m under the water (XBOT wades 0.5) beyond x = 6, dry ground at 0.4 elsewhere. */
const SHORE = 6;
const TRUNKS: Circle[] = Array.from({ length: 9 }, (_, k) => ({ x: 0, z: -6 + k * 1.5, radius: 0.45 }));

function lakeWorld(): World {
  const nx = 65, nz = 65, ox = -32, oz = -32;
  const data: number[] = [];
  for (let iz = 0; iz < nz; iz++) for (let ix = 0; ix < nx; ix++) data.push(ox + ix > SHORE ? -1.5 : 0.4);
  return {
    walker: { kinds: { xbot: { ...XBOT, bodies: ['xbot'] } }, mods: { height: 'terrain3d', depth: 'terrain3d', solids: 'scatter3d' } },
    terrain3d: { rings: [{ reach: 32, seg: 64 }], heightmap: { origin: [ox, oz], spacing: 1, nx, nz, data }, water: WATER },
    scatter3d: { instances: TRUNKS.map((t) => ({ ...t })) },
  };
}

/** ST-4: the plain mean of the depth under the four corner feet. */
function depthUnder(ground: Ground, x: number, z: number): number {
  const h = XBOT.span / 2;
  const d = (px: number, pz: number) => ground.depth!(px, pz);
  return (d(x - h, z - h) + d(x + h, z - h) + d(x - h, z + h) + d(x + h, z + h)) / 4;
}

/** How far (x, z) lies inside the grown circle of the trunk it is deepest in (≤ 0: inside none). */
function deepestInTrunk(x: number, z: number): number {
  let deepest = -Infinity;
  for (const t of TRUNKS) deepest = Math.max(deepest, t.radius + XBOT.radius - Math.sqrt((x - t.x) ** 2 + (z - t.z) ** 2));
  return deepest;
}

const bodyArb = fc.record({
  z: fc.double({ min: -7, max: 7, noNaN: true }),
  x: fc.double({ min: -4, max: -1, noNaN: true }),
  tz: fc.double({ min: -8, max: 8, noNaN: true }),
  tx: fc.double({ min: 2, max: 12, noNaN: true }),
});
const crowdArb = fc.array(bodyArb, { minLength: 3, maxLength: 8 });

for (const { name, api } of CORES) {
  describe(`AV-7: slide has the last word (${name})`, () => {
    it(`AV-7, SL-2, SL-5: avoiding bodies pushed through a grove toward a lake never step into a trunk or deeper than wade (fast-check seed ${SEED}, ${name})`, () => {
      fc.assert(
        fc.property(crowdArb, (crowd) => {
          const w = lakeWorld();
          const ground = api.groundOf(w);
          const rows: Row[] = [];
          for (const b of crowd) {
            if (rows.some((r) => Math.hypot(r.pos[0] - b.x, r.pos[2] - b.z) < 2 * XBOT.radius + 0.05)) continue;
            rows.push({ kind: 'xbot', pos: [b.x, api.stand(api.numbers({ kind: 'xbot' }, w), ground, b.x, b.z), b.z] });
          }
          const targets = crowd.map((b) => [b.tx, b.tz] as [number, number]);
          for (let s = 0; s < STEPS; s++) {
            const snapshot: Row[] = rows.map((r) => ({ kind: r.kind, pos: r.pos, vel: r.vel }));
            rows.forEach((row, i) => {
              const [bx, , bz] = row.pos;
              const wasIn = deepestInTrunk(bx, bz);
              const wasDeep = depthUnder(ground, bx, bz);
              ground.bodies = snapshot.filter((_, j) => j !== i);
              api.seek(row, w, targets[i]!, 0.3, ground);
              api.walk(row, w, DT, ground);
              const [x, y, z] = row.pos;
              const where = `step ${s}, body ${i} from (${bx}, ${bz}) to (${x}, ${z})`;
              expect([x, y, z, ...(row.vel ?? []), ...(row.want ?? [])].every(Number.isFinite), where).toBe(true);
              if (wasIn <= 0) expect(deepestInTrunk(x, z), `${where}: into a trunk`).toBeLessThanOrEqual(1e-9);
              if (wasDeep <= XBOT.wade) expect(depthUnder(ground, x, z), `${where}: into deep water`).toBeLessThanOrEqual(XBOT.wade + 1e-9);
            });
            ground.bodies = undefined;
          }
        }),
        { seed: SEED, numRuns: name === 'reference' ? 6 : 12 },
      );
    });
  });
}
