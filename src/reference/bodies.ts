/**
 * Other rows as blocking circles (K `bodies`, SE-6): the rows of `ground.bodies` whose kind this body's kind lists,
 * each a circle of its own kind's radius, the body itself left out.
 */
import { kindOf, numbers } from '../kinds.ts';
import { checkVector, show } from '../rows.ts';
import type { Circle, Ground, Numbers, Row, World } from '../types.ts';
import { Sampler } from './lattice.ts';

/** The circles of the rows that block `me`, read once at the start of a call. */
export function blockingBodies(n: Numbers, w: World, me: Row, ground: Ground): Circle[] {
  const rows = ground.bodies as unknown;
  if (rows === undefined || n.bodies.length === 0) return [];
  if (!Array.isArray(rows)) throw new Error(`walker: ground.bodies is ${show(rows)}; expected a list of rows.`);
  const out: Circle[] = [];
  for (let i = 0; i < rows.length; i++) {
    const other = rows[i] as Row;
    if (other === me || !n.bodies.includes(kindOf(other))) continue;
    const pos = checkVector(`ground.bodies[${i}].pos`, other.pos, 3);
    out.push({ x: pos[0], z: pos[2], radius: numbers(other, w).radius });
  }
  return out;
}

/** The sampler one call works through: a fresh corner cache (G-2) and the blocking bodies of `me`. */
export function callGround(n: Numbers, w: World, me: Row, ground: Ground): Sampler {
  const g = new Sampler(ground);
  g.bodies = blockingBodies(n, w, me, ground);
  return g;
}
