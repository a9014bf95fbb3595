/**
 * A seeded stream of numbers in [0, 1) for tools and tests — a fuzz run, a bench scene, a test world — the same for
 * the same seed. It is mulberry32, the generator scatter3d places its layers with (M-2), drawn as a stream.
 */
import { rngNext, rngUnit } from './reference/scatter.ts';

/** The stream from `seed`: each call steps the generator's state and draws from it. */
export function random(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = rngNext(s);
    return rngUnit(s);
  };
}
