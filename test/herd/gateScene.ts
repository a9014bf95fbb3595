/**
 * The gate scene (LV-1..LV-4): a pen of touching circles, 8 m round its centre on flat ground, whose gate — the
 * circles of the pen's arc facing +z within GATE_HALF_ANGLE of it — can be opened (removed) and closed (added again)
 * on a running game; bodies start in the pen and seek a point outside it, beyond the gate.
 */
import { XBOT } from '../../src/presets.ts';
import type { World } from '../../src/types.ts';

/** The pen's radius, m, and its circles' radius and spacing along it (they overlap: no body slips between). */
export const PEN_RADIUS = 8;
const POST_RADIUS = 0.5;
const POST_SPACING = 0.6;
/** Half the angle the gate spans, seen from the pen's centre, radians: a gap of about 4 m. */
const GATE_HALF_ANGLE = 0.26;

/** The point outside the pen the bodies seek, beyond the gate. */
export const OUTSIDE: [number, number] = [0, 14];
/**
 * A point outside the pen behind its back wall: seek goes no way round a pen it stands in (SE-7), so only a route
 * out through the gate and round the pen reaches it (RT-7).
 */
export const BEHIND: [number, number] = [0, -14];

export interface Post {
  x: number;
  z: number;
  radius: number;
}

/** The pen's circles: the wall's, then the gate's (bearing measured from +z). */
function posts(): { wall: Post[]; gate: Post[] } {
  const count = Math.ceil((2 * Math.PI * PEN_RADIUS) / POST_SPACING);
  const wall: Post[] = [];
  const gate: Post[] = [];
  for (let k = 0; k < count; k++) {
    const bearing = -Math.PI + (2 * Math.PI * k) / count;
    const post = { x: PEN_RADIUS * Math.sin(bearing), z: PEN_RADIUS * Math.cos(bearing), radius: POST_RADIUS };
    (Math.abs(bearing) <= GATE_HALF_ANGLE ? gate : wall).push(post);
  }
  return { wall, gate };
}

/** A world of flat ground and the pen, its gate closed: scatter3d's instances are the wall's circles then the gate's. */
export function gateWorld(): { world: World; gate: Post[]; gateIds: number[] } {
  const { wall, gate } = posts();
  const world: World = {
    walker: { kinds: { xbot: { ...XBOT } }, mods: { height: 'terrain3d', cell: 'terrain3d', solids: 'scatter3d' } },
    terrain3d: { rings: [{ reach: 64, seg: 256 }] },
    scatter3d: { instances: [...wall, ...gate].map((c) => ({ ...c, solid: true })) },
  };
  return { world, gate, gateIds: gate.map((_, k) => wall.length + k) };
}

/** Where body k of 20 starts: a 5 × 4 block round the pen's centre, 1.2 m apart. */
export function startOf(k: number): [number, number] {
  return [((k % 5) - 2) * 1.2, (Math.floor(k / 5) - 1.5) * 1.2];
}

/** Whether (x, z) lies outside the pen, past its circles' outer edge. */
export function outsidePen(x: number, z: number): boolean {
  return Math.hypot(x, z) > PEN_RADIUS + POST_RADIUS;
}

/** Whether (x, z) lies inside the pen, within its circles' inner edge. */
export function insidePen(x: number, z: number): boolean {
  return Math.hypot(x, z) < PEN_RADIUS - POST_RADIUS;
}
