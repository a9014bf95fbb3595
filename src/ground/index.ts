/**
 * The ground: groundOf and the mod registry (G-5), the built-in mods' settings (M-1, M-2), and what walker gives to
 * other mods, hitscan (M-3) and gravity (M-4).
 */
export { groundOf } from './groundOf.ts';
export { registerMod, type ModFactory } from './registry.ts';
export { hitscan, type Hit } from './hitscan.ts';
export { gravity } from './gravity.ts';
export { solidsOf, type LevelSolids, type Solid, type SolidInput, type SolidShape } from './level.ts';
export type { Terrain3dSettings, Terrain3dRing, Terrain3dHeightmap, Terrain3dNoise } from './terrain3d.ts';
export type { Scatter3dSettings, Scatter3dInstance, Scatter3dLayer } from './scatter3d.ts';
