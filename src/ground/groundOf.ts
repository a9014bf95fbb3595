/**
 * groundOf (G-5): the ground `world.walker.mods` names, each part taken from the mod named for it.
 */
import { walkerOf } from '../kinds.ts';
import { checkKnownKeys } from '../known.ts';
import { MIN_CELL, show } from '../limits.ts';
import type { Circle, Ground, World } from '../types.ts';
import { modNamed } from './registry.ts';

const PARTS = ['height', 'depth', 'cell', 'solids'] as const;
type Part = (typeof PARTS)[number];

const NO_SOLIDS: readonly Circle[] = Object.freeze([]);
const noSolids = (): readonly Circle[] => NO_SOLIDS;

/**
 * The part `key` from the mod named for it, each named mod made once per groundOf call. A named depth mod may give
 * no depth (terrain3d without a water level): that ground has no water. Any other missing part throws.
 */
function partOf<K extends Part>(w: World, names: Record<string, unknown>, made: Map<string, Partial<Ground>>, key: K): Ground[K] {
  const name = names[key];
  if (typeof name !== 'string') throw new Error(`walker: world.walker.mods.${key} is ${show(name)}; expected a mod name.`);
  let parts = made.get(name);
  if (parts === undefined) {
    const factory = modNamed(name);
    if (factory === undefined) throw new Error(`walker: world.walker.mods.${key} is "${name}"; expected the name of a registered mod.`);
    parts = factory(w);
    if (parts === null || typeof parts !== 'object') throw new Error(`walker: mod "${name}" made ${show(parts)}; expected an object of ground parts.`);
    made.set(name, parts);
  }
  const part = parts[key];
  if (key === 'depth' && part === undefined) return undefined as Ground[K];
  const ok = key === 'cell' ? typeof part === 'number' && Number.isFinite(part) && part >= MIN_CELL : typeof part === 'function';
  if (!ok) {
    const expected = key === 'cell' ? `a finite number ≥ ${MIN_CELL}` : `a function ${key}(x, z${key === 'solids' ? ', r' : ''})`;
    throw new Error(`walker: mod "${name}" named by world.walker.mods.${key} gives ${key} = ${show(part)}; expected ${expected}.`);
  }
  return part as Ground[K];
}

/**
 * The ground the world's mods make: `height` (required), `depth` (absent: no water), `cell` and `solids` (absent:
 * none), each from the mod `world.walker.mods` names for it, mods' data read from the world or its parents.
 * Why: a rule asks for its scene's ground in one call, whatever plugins draw it (G-5).
 */
export function groundOf(w: World): Ground {
  const names = walkerOf(w).mods as unknown;
  if (names !== undefined && (names === null || typeof names !== 'object' || Array.isArray(names))) {
    throw new Error(`walker: world.walker.mods is ${show(names)}; expected an object such as { height: "terrain3d" }.`);
  }
  const named = (names ?? {}) as Record<string, unknown>;
  // A typo such as `solid` must not quietly leave the ground without its trees (BI-5).
  checkKnownKeys('world.walker.mods', named, PARTS);
  if (named.height === undefined) throw new Error('walker: world.walker.mods names no height mod');
  const made = new Map<string, Partial<Ground>>();
  const ground: Ground = {
    height: partOf(w, named, made, 'height'),
    solids: named.solids === undefined ? noSolids : partOf(w, named, made, 'solids'),
  };
  const depth = named.depth === undefined ? undefined : partOf(w, named, made, 'depth');
  if (depth !== undefined) ground.depth = depth;
  if (named.cell !== undefined) ground.cell = partOf(w, named, made, 'cell');
  return ground;
}
