/**
 * A crowd scene with its starts moved a little, the same for the same seed: crowds are chaotic, so one run of a scene
 * is one sample, and a change to the rules is judged by how its figures hold over a few such copies (bench:crowds
 * --jitter). Trunks, targets and gates stay as they are.
 */
import { random } from '../../src/random.ts';
import type { CrowdScene } from './scene.ts';

/** The most a jittered start moves along each axis, metres: far below a body's radius, so no start meets another. */
export const JITTER = 0.01;

/** The scene with each body's start moved along x and z by up to ±JITTER, drawn from `seed`'s stream. */
export function jitterScene(scene: CrowdScene, seed: number): CrowdScene {
  const draw = random(seed);
  const startX = Float64Array.from(scene.startX);
  const startZ = Float64Array.from(scene.startZ);
  for (let i = 0; i < startX.length; i++) {
    startX[i] += (2 * draw() - 1) * JITTER;
    startZ[i] += (2 * draw() - 1) * JITTER;
  }
  return { ...scene, startX, startZ };
}
