/**
 * The mod registry (G-5): mod name → the factory that makes that mod's parts of a ground from a world, with
 * terrain3d and scatter3d built in.
 */
import { worldChain } from '../kinds.ts';
import { show } from '../limits.ts';
import type { Ground, World } from '../types.ts';
import { scatter3dGround } from './scatter3d.ts';
import { terrain3dGround } from './terrain3d.ts';

/** Makes a mod's parts of the ground (any of height, depth, cell, solids) for a world; parts are called as plain functions, not as methods. */
export type ModFactory = (world: World) => Partial<Ground>;

/**
 * The section `name` of the world that holds it: `w[name]`, else its parent's, recursively; undefined if none.
 * Why: a mod's data lives in the world that holds it, and a child scene sees its manager scene's (G-5, K-5).
 */
export function sectionOf(w: World, name: string): unknown {
  for (const world of worldChain(w)) {
    if (world[name] !== undefined) return world[name];
  }
  return undefined;
}

const mods = new Map<string, ModFactory>([
  ['terrain3d', (w) => terrain3dGround(sectionOf(w, 'terrain3d'))],
  ['scatter3d', (w) => scatter3dGround(sectionOf(w, 'scatter3d'))],
]);

/**
 * Registers (or replaces) the mod `name`, so `world.walker.mods` can name it. Why: games bring their own ground
 * (a voxel world, a physics engine's colliders) as a factory `(world) => ({ height?, depth?, cell?, solids? })` (G-5).
 */
export function registerMod(name: string, factory: ModFactory): void {
  if (typeof name !== 'string' || name === '') {
    throw new Error(`walker: registerMod name is ${show(name)}; expected a non-empty string.`);
  }
  if (typeof factory !== 'function') {
    throw new Error(`walker: registerMod factory for ${show(name)} is ${show(factory)}; expected a function (world) => ground parts.`);
  }
  mods.set(name, factory);
}

/** The factory registered as `name`, or undefined. Why: groundOf builds the parts the world's mods name (G-5). */
export function modNamed(name: string): ModFactory | undefined {
  return mods.get(name);
}
