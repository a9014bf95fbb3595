/**
 * Placing the companion beside the player (CO-5, CO-8): the spot it is put on — the trail point, else a spot on the
 * follow ring round the player — the test a spot must pass, and the row put down at rest there. The teleport
 * backstop and the stuck rule's last resort both place the companion so.
 */
import type { Ground, Numbers, Row } from '../types.ts';
import type { WalkerCore } from './core.ts';
import { FOLLOW_DISTANCE } from './constants.ts';

/** cos and sin of 22.5°, 45°, … 180°: the turns spotBeside tries, written out so every engine places alike. */
const RING_TURNS: ReadonlyArray<readonly [number, number]> = [
  [0.9238795325112867, 0.3826834323650898], [0.7071067811865476, 0.7071067811865476],
  [0.3826834323650898, 0.9238795325112867], [0, 1], [-0.3826834323650898, 0.9238795325112867],
  [-0.7071067811865476, 0.7071067811865476], [-0.9238795325112867, 0.3826834323650898], [-1, 0],
];

/**
 * Whether the body can be put down at (x, z) (CO-5, CO-8): on the player's ground (stand height within a step of
 * `ground`), walkable (the stand height's slope by central differences, as ST-3 measures it, within maxSlope),
 * dry (the ground's depth at the four corner feet within wade) and out of every solid grown by the radius.
 */
export function spotFits(core: WalkerCore, n: Numbers, g: Ground, x: number, z: number, ground: number): boolean {
  const h = core.stand(n, g, x, z);
  if (!(Math.abs(h - ground) <= n.step)) return false;
  const e = Math.max(n.span / 2, 0.05);
  const sx = (core.stand(n, g, x + e, z) - core.stand(n, g, x - e, z)) / (2 * e);
  const sz = (core.stand(n, g, x, z + e) - core.stand(n, g, x, z - e)) / (2 * e);
  if (!(Math.sqrt(sx * sx + sz * sz) <= n.maxSlope)) return false;
  if (g.depth !== undefined) {
    const half = n.span / 2;
    const depth = (g.depth(x - half, z - half) + g.depth(x + half, z - half) + g.depth(x - half, z + half) + g.depth(x + half, z + half)) / 4;
    if (!(depth <= n.wade)) return false;
  }
  for (const c of g.solids(x, z, n.radius)) {
    const dx = c.x - x;
    const dz = c.z - z;
    const reach = c.radius + n.radius;
    if (dx * dx + dz * dz < reach * reach) return false;
  }
  return true;
}

/**
 * The first spot that fits (spotFits) of the trail point (tx, tz), then 16 spots on the follow ring round the
 * player, starting behind it and alternating sides; the trail point when none fits.
 */
export function spotBeside(core: WalkerCore, n: Numbers, g: Ground, player: Row, tx: number, tz: number): readonly [number, number] {
  const ground = core.stand(n, g, player.pos[0], player.pos[2]);
  if (spotFits(core, n, g, tx, tz, ground)) return [tx, tz];
  let bx = tx - player.pos[0];
  let bz = tz - player.pos[2];
  const bl = Math.sqrt(bx * bx + bz * bz);
  bx = bl > 0 ? bx / bl : 0;
  bz = bl > 0 ? bz / bl : -1;
  for (let k = 1; k < 16; k++) {
    // Spot k: the bearing behind the player turned by ±22.5° steps, nearest first.
    const [c, sin] = RING_TURNS[Math.ceil(k / 2) - 1];
    const s = k % 2 === 1 ? sin : -sin;
    const sx = player.pos[0] + FOLLOW_DISTANCE * (bx * c - bz * s);
    const sz = player.pos[2] + FOLLOW_DISTANCE * (bx * s + bz * c);
    if (spotFits(core, n, g, sx, sz, ground)) return [sx, sz];
  }
  return [tx, tz];
}

/** Puts the row down at rest on (x, y, z): grounded, still, wanting nothing, no jump, not unreachable. */
export function putDown(row: Row, x: number, y: number, z: number): void {
  row.pos = [x, y, z];
  row.vel = [0, 0, 0];
  row.want = [0, 0];
  row.air = false;
  row.steep = false;
  row.floor = y;
  row.speed = 0;
  row.side = 0;
  row.turned = 0;
  row.jump = false;
  row.unreachable = false;
}
