/**
 * Whether a leap taken now ends standing on the top of the rise ahead (CO-8): the arc is followed frame by frame as
 * `walk` integrates it (WA-4, WA-7), and a landing on the face's top edge is walked on, so the companion (and the
 * play-test's player) takes off only where the jump gets up, rather than landing on the face and sliding back to the
 * foot (WA-1).
 */
import type { Ground, Row, World } from '../types.ts';
import type { WalkerCore } from './core.ts';

/** How long a landing on a face's top edge is walked on to see whether it gets onto walkable ground, in seconds. */
const CARRY_TIME = 0.5;

/**
 * Whether `row`, jumping now and holding the horizontal velocity (vx, vz) in the air and as its want, ends standing on
 * the top of the rise ahead. The arc — rising at √(2·gravity·jumpH), losing gravity·dt a frame of `dt` — is followed
 * to the first frame whose feet reach the stand height: every frame's ground until then, and a stand-off (e·√2) on,
 * within `step` of the feet before it (SL-3's air rule, else the face stops the body short of it) and no more than `step` below the take-off (a leap goes
 * up a rise, never across a drop or off the side of a ramp); the landing more than `step` above the take-off, and
 * the ground a reach `e` (ST-3) further along no higher (it reached the top, not a face: WA-7). Then a copy of the row
 * landed there is walked on, as it will be, until it stands on ground it does not slide on — on the top, or at
 * the foot — while it still moves on along the leap, within CARRY_TIME. A frame back below the take-off height
 * without landing (a pit, or no rise after all) answers false.
 */
export function leapLandsOnTop(core: WalkerCore, world: World, ground: Ground, row: Row, vx: number, vz: number, dt: number): boolean {
  const speed = Math.sqrt(vx * vx + vz * vz);
  if (!(speed > 0)) return false;
  const n = core.numbers(row, world);
  const [x, y, z] = row.pos;
  const e = Math.max(n.span / 2, 0.05);
  const ux = vx / speed;
  const uz = vz / speed;
  // SL-3 stops a body refused by a feature a stand-off short of it: ground that far on must be within reach too.
  const standOff = e * Math.SQRT2;
  let vy = Math.sqrt(2 * n.gravity * n.jumpH);
  let feet = y;
  for (let k = 1; feet >= y; k++) {
    vy -= n.gravity * dt;
    const before = feet;
    feet += vy * dt;
    const px = x + vx * dt * k;
    const pz = z + vz * dt * k;
    const under = core.stand(n, ground, px, pz);
    if (under > before + n.step || under < y - n.step) return false;
    if (core.stand(n, ground, px + ux * standOff, pz + uz * standOff) > before + n.step) return false;
    if (feet <= under) {
      if (!(under > y + n.step)) return false;
      if (core.stand(n, ground, px + ux * e, pz + uz * e) > under) return false;
      return walksOnTop(core, world, ground, { ...row, pos: [px, under, pz], vel: [vx, 0, vz], want: [vx, vz], jump: false, air: false, steep: false, floor: y }, y + n.step, dt);
    }
  }
  return false;
}

/**
 * Walks `landed` (a copy of the row, just landed) on until it stands on ground it does not slide on: answers whether
 * that is higher than `above`, on the top; false once it no longer moves on along its want, or after CARRY_TIME.
 */
function walksOnTop(core: WalkerCore, world: World, ground: Ground, landed: Row, above: number, dt: number): boolean {
  const [wx, wz] = landed.want!;
  for (let t = 0; t < CARRY_TIME; t += dt) {
    core.walk(landed, world, dt, ground);
    if (landed.air === true) return false;
    if (landed.steep !== true) return landed.pos[1] > above;
    const vel = landed.vel!;
    if (!(vel[0] * wx + vel[2] * wz > 0)) return false;
  }
  return false;
}
