/**
 * gravity (M-4): the gravity walker gives to ragdoll3d.
 */
import { checkedKinds, walkerOf } from '../kinds.ts';
import { show } from '../limits.ts';
import type { World } from '../types.ts';

/**
 * The gravity of `kind` in m/s² from the world's kinds table (inherited from a parent, checked once), or undefined
 * for a kind the table does not list. Why: a limp body falls at the gravity it walked under (M-4).
 */
export function gravity(world: World, kind: string): number | undefined {
  const kinds = checkedKinds(walkerOf(world).kinds);
  if (typeof kind !== 'string') throw new Error(`walker: gravity kind is ${show(kind)}; expected a kind name (a string).`);
  return kinds.get(kind)?.gravity;
}
