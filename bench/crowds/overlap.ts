/**
 * How deep bodies of one radius stand inside each other: 2·radius less the distance between two centres, at its
 * greatest over the pairs closer than 2·radius (0 when none are).
 */
import { closePairs } from './pairs.ts';

/** The deepest overlap between the first n bodies of radius `radius`, metres. */
export function deepestOverlap(xs: ArrayLike<number>, zs: ArrayLike<number>, n: number, radius: number): number {
  let least = Infinity;
  closePairs(xs, zs, n, 2 * radius, (_i, _j, d2) => {
    if (d2 < least) least = d2;
  });
  return least === Infinity ? 0 : Math.max(0, 2 * radius - Math.sqrt(least));
}
