/**
 * Placing the companion beside the player (CO-5, CO-8): the spot it is put on — standable, dry, clear of solids and
 * of every body, as near the player's trail as can be found — the test a spot must pass, and the row put down at
 * rest there. The teleport backstop and the stuck rule's last resort both place the companion so. Where no spot
 * beside the player fits (it stands in a lake), the companion goes to the fitting spot nearest it on the way toward
 * it, or stays where it is when it already stands nearer.
 */
import type { Circle, Ground, Numbers, Piece, Row, World } from '../types.ts';
import type { WalkerCore } from './core.ts';
import { FOLLOW_DISTANCE, TELEPORT_DISTANCE, TRAIL_DELAY } from './constants.ts';
import type { Trail } from './trail.ts';

/** cos and sin of 22.5°, 45°, … 180°: the turns a ring of spots tries, written out so every engine places alike. */
const RING_TURNS: ReadonlyArray<readonly [number, number]> = [
  [0.9238795325112867, 0.3826834323650898], [0.7071067811865476, 0.7071067811865476],
  [0.3826834323650898, 0.9238795325112867], [0, 1], [-0.3826834323650898, 0.9238795325112867],
  [-0.7071067811865476, 0.7071067811865476], [-0.9238795325112867, 0.3826834323650898], [-1, 0],
];

/** How many trail points are tried, TRAIL_DELAY apart from TRAIL_DELAY back: where the player went 0.3–1.2 s ago. */
const TRAIL_SPOTS = 4;

/** The rings of spots tried round the player, metres: the follow ring, then one wider. */
const RINGS: readonly number[] = [FOLLOW_DISTANCE, FOLLOW_DISTANCE * 1.6];

/** The spacing of the spots tried on the way from the player toward the companion, metres. */
const TOWARD_STEP = 0.5;

/**
 * Whether the body can be put down at (x, z) (CO-5, CO-8): walkable (the stand height's slope by central
 * differences, as ST-3 measures it, within maxSlope), dry (the ground's depth at the four corner feet and at the
 * centre within wade), out of every solid grown by the radius and out of every circle of `bodies` grown so (centres
 * at least the sum of the radii apart); and, when `ground` is a number, on the player's ground (stand height within a
 * step of it).
 */
export function spotFits(core: WalkerCore, n: Numbers, g: Ground, x: number, z: number, ground: number | null, bodies: readonly Circle[]): boolean {
  const h = core.stand(n, g, x, z);
  if (ground !== null && !(Math.abs(h - ground) <= n.step)) return false;
  const e = Math.max(n.span / 2, 0.05);
  const sx = (core.stand(n, g, x + e, z) - core.stand(n, g, x - e, z)) / (2 * e);
  const sz = (core.stand(n, g, x, z + e) - core.stand(n, g, x, z - e)) / (2 * e);
  if (!(Math.sqrt(sx * sx + sz * sz) <= n.maxSlope)) return false;
  if (g.depth !== undefined) {
    const half = n.span / 2;
    const corners = (g.depth(x - half, z - half) + g.depth(x + half, z - half) + g.depth(x - half, z + half) + g.depth(x + half, z + half)) / 4;
    if (!(corners <= n.wade) || !(g.depth(x, z) <= n.wade)) return false;
  }
  return clearOf(g.solids(x, z, n.radius), x, z, n.radius) && clearOf(bodies, x, z, n.radius);
}

/**
 * Whether a circle of `radius` at (x, z) overlaps none of `circles` (centres at least the sum of the radii apart) and
 * the query found no piece of a box, wall or polygon (LV-1: it reaches within the radius).
 */
function clearOf(circles: readonly (Circle | Piece)[], x: number, z: number, radius: number): boolean {
  for (const c of circles) {
    if ((c as Piece).points !== undefined) return false;
    const dx = c.x - x;
    const dz = c.z - z;
    const reach = c.radius + radius;
    if (dx * dx + dz * dz < reach * reach) return false;
  }
  return true;
}

/**
 * Where to put the companion `me` beside the player (CO-5): the first spot that fits (spotFits, on the player's
 * ground) of the trail point and the trail points TRAIL_DELAY apart behind it that lie within the widest ring, then 16 spots on each ring round the player,
 * starting behind it (toward the trail point) and alternating sides; else the fitting spot nearest the player on
 * the way from it toward the companion, every TOWARD_STEP (any ground). Null when none is nearer the player than
 * the companion stands: it stays and waits.
 */
export function spotBeside(core: WalkerCore, n: Numbers, g: Ground, me: Row, player: Row, bodies: readonly Circle[], trail: Trail, out: number[]): number[] | null {
  const [px, pz] = [player.pos[0], player.pos[2]];
  const ground = core.stand(n, g, px, pz);
  for (let k = 1; k <= TRAIL_SPOTS; k++) {
    trail.at(k * TRAIL_DELAY, out);
    // The older points only near the player: a trail that spans a warp of its own leads away from it.
    const reach = k === 1 ? TELEPORT_DISTANCE : RINGS[RINGS.length - 1];
    const dx = out[0] - px;
    const dz = out[1] - pz;
    if (dx * dx + dz * dz <= reach * reach && spotFits(core, n, g, out[0], out[1], ground, bodies)) return out;
  }
  trail.at(TRAIL_DELAY, out);
  let bx = out[0] - px;
  let bz = out[1] - pz;
  const bl = Math.sqrt(bx * bx + bz * bz);
  bx = bl > 0 ? bx / bl : 0;
  bz = bl > 0 ? bz / bl : -1;
  for (const r of RINGS) {
    for (let k = 0; k < 16; k++) {
      // Spot k: the bearing behind the player, then turned by ±22.5° steps, nearest first.
      const [c, sin] = k === 0 ? [1, 0] : RING_TURNS[Math.ceil(k / 2) - 1];
      const s = k % 2 === 1 ? sin : -sin;
      out[0] = px + r * (bx * c - bz * s);
      out[1] = pz + r * (bx * s + bz * c);
      if (spotFits(core, n, g, out[0], out[1], ground, bodies)) return out;
    }
  }
  return spotToward(core, n, g, me, player, bodies, out);
}

/** The fitting spot (any ground) nearest the player on the way from it to the companion, if nearer than the companion. */
function spotToward(core: WalkerCore, n: Numbers, g: Ground, me: Row, player: Row, bodies: readonly Circle[], out: number[]): number[] | null {
  const dx = me.pos[0] - player.pos[0];
  const dz = me.pos[2] - player.pos[2];
  const d = Math.sqrt(dx * dx + dz * dz);
  for (let a = TOWARD_STEP; a < d - TOWARD_STEP; a += TOWARD_STEP) {
    out[0] = player.pos[0] + (dx * a) / d;
    out[1] = player.pos[2] + (dz * a) / d;
    if (spotFits(core, n, g, out[0], out[1], null, bodies)) return out;
  }
  return null;
}

/** The circles a spot must be clear of: the player and the ground's other bodies (not `me`), each of its kind's radius. */
export function bodiesBeside(core: WalkerCore, world: World, g: Ground, me: Row, player: Row): Circle[] {
  const circles: Circle[] = [];
  for (const body of [player, ...(g.bodies ?? [])]) {
    if (body !== me) circles.push({ x: body.pos[0], z: body.pos[2], radius: core.numbers(body, world).radius });
  }
  return circles;
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
