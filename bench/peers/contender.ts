/**
 * What every contender gives the harness: a simulation of N bodies on a scene that steps one frame at a time and
 * reports where its bodies' feet are.
 */
import type { Scene, Targets } from './scene.ts';

/** N bodies on one scene, built and ready to step. */
export interface Sim {
  readonly n: number;
  /** The targets the bodies walk to; the harness reads `reached` for the behaviour cross-check. */
  readonly targets: Targets;
  /** One frame: bodies that arrived get their next target, then every body moves by DT. */
  step(): void;
  /** Writes the feet (x, y, z) of body i into out[3i], out[3i + 1], out[3i + 2]. */
  feet(out: Float64Array): void;
  /** Writes seek's SE-7 signal of body i into out[i] (1: at rest short of a target it cannot reach); walker only. */
  unreachable?(out: Uint8Array): void;
  /** Releases what the simulation holds outside the JS heap (wasm worlds). */
  free(): void;
}

/** One way of moving bodies: a name for the tables and a builder. */
export interface Contender {
  /** Short id used on the command line and in child processes. */
  id: string;
  /** Label in the tables and the chart legend. */
  label: string;
  /** Why the contender is missing from this run, when it is. */
  missing?: string;
  build(scene: Scene, n: number): Sim;
}
