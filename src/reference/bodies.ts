/**
 * Other rows as blocking circles (K `bodies`, SE-6, AV-2): the rows of `ground.bodies` whose kind this body's kind
 * lists, each a circle of its own kind's radius with its horizontal velocity, the body itself left out.
 */
import { kindOf, numbers } from '../kinds.ts';
import { checkVector, show } from '../rows.ts';
import type { BodyCircle, Ground, Numbers, Row, World } from '../types.ts';
import { Sampler } from './lattice.ts';

/**
 * The share of avoiding a body of kind `other` leaves to a body of kind `mine` (AV-6): half when `other` avoids back
 * (it lists `mine` and avoids some neighbours), else all of it. A rule of kinds alone, so herds and rows agree.
 */
export function shareOf(other: Numbers, mine: string): number {
  return other.avoidNeighbours > 0 && other.bodies.includes(mine) ? 0.5 : 1.0;
}

/** The circles of the rows that block `me`, with their motion, read once at the start of a call. */
export function blockingBodies(n: Numbers, w: World, me: Row, ground: Ground): BodyCircle[] {
  const rows = ground.bodies as unknown;
  if (rows === undefined || n.bodies.length === 0) return [];
  if (!Array.isArray(rows)) throw new Error(`walker: ground.bodies is ${show(rows)}; expected a list of rows.`);
  const out: BodyCircle[] = [];
  const mine = kindOf(me);
  for (let i = 0; i < rows.length; i++) {
    const other = rows[i] as Row;
    if (other === me || !n.bodies.includes(kindOf(other))) continue;
    const pos = checkVector(`ground.bodies[${i}].pos`, other.pos, 3);
    const vel = other.vel === undefined ? null : checkVector(`ground.bodies[${i}].vel`, other.vel, 3);
    const on = numbers(other, w);
    out.push({ x: pos[0], z: pos[2], radius: on.radius, vx: vel === null ? 0 : vel[0], vz: vel === null ? 0 : vel[2], share: shareOf(on, mine) });
  }
  return out;
}

/** The sampler one call works through: a fresh corner cache (G-2) and the blocking bodies of `me`. */
export function callGround(n: Numbers, w: World, me: Row, ground: Ground): Sampler {
  const g = new Sampler(ground);
  g.bodies = blockingBodies(n, w, me, ground);
  return g;
}
