/** What each crowd contender gives the harness: a scene's bodies, built, stepped one frame at a time. */
import type { CrowdScene } from './scene.ts';

export interface CrowdSim {
  readonly n: number;
  /** What the table should say about how this sim differs from the scene, if anything. */
  readonly notes?: readonly string[];
  /** One frame of DT: every body moves toward its target. The only call the timing covers. */
  step(): void;
  /** Writes body i's centre into xs[i], zs[i]. */
  positions(xs: Float64Array, zs: Float64Array): void;
  /** Writes 1 into out[i] when body i's mover says its target is out of reach (walker's SE-7 signal); absent when it has none. */
  unreachable?(out: Uint8Array): void;
  /** Releases what the sim holds outside the JS heap. */
  free(): void;
}

export interface CrowdContender {
  /** Short id and the table's label. */
  id: string;
  label: string;
  build(scene: CrowdScene): CrowdSim;
}
