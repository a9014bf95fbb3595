/**
 * The village (issue 29): 40 houses (6 × 4 m boxes, each turned its own way) on an 8 × 5 grid and an 80 m square of
 * walls (0.3 m thick) round the middle with a 5 m gate in each side — 4 × 75 = 300 m of wall — laid over the 256 m
 * world of trees. bench:peers times walker Herd on it against the trees alone, and `npm run bench` part 7 does too.
 */
import type { SolidInput } from '../../src/shapes.ts';

/** The village's solids, in the order they are added (their ids). */
export function villageSolids(): SolidInput[] {
  const out: SolidInput[] = [];
  for (let i = 0; i < 8; i++) {
    for (let j = 0; j < 5; j++) out.push({ shape: 'box', x: -105 + 30 * i, z: -100 + 50 * j, halfX: 3, halfZ: 2, yaw: 0.3 * (i + 8 * j) });
  }
  const side = 40;
  const gate = 2.5;
  for (const [ax, az, bx, bz] of [[-1, -1, 1, -1], [1, -1, 1, 1], [1, 1, -1, 1], [-1, 1, -1, -1]]) {
    // Each side in two lengths of 37.5 m, the gate between them.
    const mx = ((ax + bx) / 2) * side;
    const mz = ((az + bz) / 2) * side;
    const ux = (bx - ax) / 2;
    const uz = (bz - az) / 2;
    out.push({ shape: 'wall', points: [[ax * side, az * side], [mx - ux * gate, mz - uz * gate]], thickness: 0.3 });
    out.push({ shape: 'wall', points: [[mx + ux * gate, mz + uz * gate], [bx * side, bz * side]], thickness: 0.3 });
  }
  return out;
}
