/**
 * walker/reference: the whole public API on the plain-TypeScript core — the oracle the wasm core is tested against.
 */
export { check, kindOf, numbers } from '../kinds.ts';
export { gravity, groundOf, hitscan, registerMod } from '../ground/index.ts';
export type { Hit, ModFactory } from '../ground/index.ts';
export { carry } from './carry.ts';
export { relative } from './relative.ts';
export { seek } from './seek.ts';
export { slide } from './slide.ts';
export { stand } from './stand.ts';
export { walk } from './walk.ts';
export { Herd } from '../herd.ts';
export type { Circle, Ground, Kinds, Numbers, Row, WalkerSettings, World } from './types.ts';
