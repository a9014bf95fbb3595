/**
 * Following the player's trail (CO-4): FOLLOW's arrival controller, which walks the row toward where it heads this
 * frame — the trail point, or its detour's next waypoint (CO-12) — at followSpeed of its distance to the player.
 */
import type { Ground, Row, World } from '../types.ts';
import type { WalkerCore } from './core.ts';
import { FOLLOW_DISTANCE, FOLLOW_MAX_SPEED, FOLLOW_SLOW_RADIUS } from './constants.ts';
import { followSpeed } from './followSpeed.ts';

/**
 * Walks the row one frame toward `heading` [x, z], `gap` metres from the player (CO-4), and answers the commanded
 * speed: `followSpeed` of the gap, cut so one frame never carries the body past `heading`; `vel` and `want` are set
 * to that velocity and the row walks, so wherever nothing blocks it the body moves exactly as commanded, and where
 * something does it slides round it or steps up it like any walker body.
 * Choice: the direction is the one `seek` takes toward `heading` — straight at it while the line is clear (SE-3),
 * along a tangent round a tree cluster that stands in the way (SE-4), none when the way is blocked (SE-7) — so a
 * companion cutting a corner the player went round does not run into the trunk and run in place against it; on a
 * detour it so reaches each waypoint (never overshooting it), and leaves it where the route checked the next leg
 * from. A rejoining jump (`leap`, its velocity [x, z]) takes off at that velocity and wants it until it ends (CO-8):
 * so the arc is the one the take-off was judged by, and the body keeps what momentum `walk` leaves it (WA-2) — on a
 * face's top edge it carries on over it rather than stop, and on a face it slides off (WA-1).
 */
export function followTrail(core: WalkerCore, row: Row, world: World, ground: Ground, dt: number, gap: number, heading: readonly number[], leap: readonly number[] | null): number {
  if (leap !== null) return leapOn(core, row, world, ground, dt, leap[0], leap[1]);
  const dx = heading[0] - row.pos[0];
  const dz = heading[1] - row.pos[2];
  const toHeading = Math.sqrt(dx * dx + dz * dz);
  core.seek(row, world, heading, 0, ground);
  const [hx, hz] = row.want ?? [0, 0];
  const length = Math.sqrt(hx * hx + hz * hz);
  const speed = length > 0 ? Math.min(followSpeed(gap, FOLLOW_DISTANCE, FOLLOW_SLOW_RADIUS, FOLLOW_MAX_SPEED), toHeading / dt) : 0;
  return walkAt(core, row, world, ground, dt, speed > 0 ? (hx / length) * speed : 0, speed > 0 ? (hz / length) * speed : 0);
}

/** Walks the row one frame with `vel` and `want` set to (vx, vz), and answers that speed. */
function walkAt(core: WalkerCore, row: Row, world: World, ground: Ground, dt: number, vx: number, vz: number): number {
  row.vel = [vx, row.vel?.[1] ?? 0, vz];
  row.want = [vx, vz];
  core.walk(row, world, dt, ground);
  return Math.sqrt(vx * vx + vz * vz);
}

/** Walks the row one frame of a leap at (vx, vz): `vel` is set to it on the take-off frame only (`jump` asked), `want` every frame; answers that speed. */
function leapOn(core: WalkerCore, row: Row, world: World, ground: Ground, dt: number, vx: number, vz: number): number {
  if (row.jump === true) row.vel = [vx, row.vel?.[1] ?? 0, vz];
  row.want = [vx, vz];
  core.walk(row, world, dt, ground);
  return Math.sqrt(vx * vx + vz * vz);
}
