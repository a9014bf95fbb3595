/**
 * A ready-made world for trying walker: rolling noise terrain with a lake, trees and boulders, and one kind of body.
 * `npm start`, the autopilot, the benchmarks and the demo all stand on it, so their figures describe the same ground.
 */
import { XBOT } from './presets.ts';
import type { World } from './types.ts';

/** The knobs of the sample world; every one has a default. */
export interface SampleWorldOptions {
  /** Half the side of the square the world is made for, in metres. */
  half?: number;
  /** Side of the lattice cell bodies stand on, in metres. */
  cell?: number;
  /** Trees scattered over the square. */
  trees?: number;
  /** Boulders scattered over the square. */
  boulders?: number;
  /** Seed of the terrain and the scatter. */
  seed?: number;
  /** Kinds whose rows block bodies of the kind `xbot` (e.g. ['xbot'] for a crowd that keeps apart). */
  bodies?: string[];
}

/** Builds the sample world: noise hills (±6 m, 64 m wavelength), water at −2 m, trees and boulders from scatter3d. */
export function sampleWorld(options: SampleWorldOptions = {}): World {
  const half = options.half ?? 128;
  const cell = options.cell ?? 1;
  const seed = options.seed ?? 7;
  const extent = [-half, -half, half, half];
  return {
    walker: {
      kinds: { xbot: { ...XBOT, bodies: options.bodies ?? [] } },
      mods: { height: 'terrain3d', depth: 'terrain3d', cell: 'terrain3d', solids: 'scatter3d' },
    },
    terrain3d: {
      rings: [{ reach: half, seg: Math.round((2 * half) / cell) }],
      noise: { seed, amplitude: 6, wavelength: 64, octaves: 4 },
      water: -2,
    },
    scatter3d: {
      layers: [
        { seed: seed + 1, count: options.trees ?? Math.round((half * half) / 80), extent, radius: [0.25, 0.6], solid: true },
        { seed: seed + 2, count: options.boulders ?? Math.round((half * half) / 400), extent, radius: [0.8, 1.8], solid: true },
      ],
    },
  };
}
