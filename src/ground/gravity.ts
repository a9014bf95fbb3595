/**
 * gravity (M-4): the gravity walker gives to ragdoll3d.
 */
import { checkedKinds, walkerOf } from '../kinds.ts';
import type { World } from '../types.ts';

/**
 * The gravity of `kind` in m/s² from the world's kinds table (inherited from a parent, checked once), or undefined
 * for a kind the table does not list. Why: a limp body falls at the gravity it walked under (M-4).
 */
export function gravity(world: World, kind: string): number | undefined {
  return checkedKinds(walkerOf(world).kinds).get(kind)?.gravity;
}
