/**
 * heightfield-walker/reference: the whole public API on the plain-TypeScript core — the oracle the wasm core is tested against.
 */
import { companionOn } from './companion/bound.ts';
import { numbers } from './kinds.ts';
import { route } from './reference/route.ts';
import { routeFollowerOn } from './routeFollower.ts';
import { seek } from './reference/seekCalls.ts';
import { stand } from './reference/stand.ts';
import { walk } from './reference/walk.ts';

export { check, kindOf, numbers } from './kinds.ts';
export { gravity, groundOf, hitscan, registerMod, solidsOf } from './ground/index.ts';
export type { Hit, LevelSolids, ModFactory, Solid, SolidInput, SolidShape } from './ground/index.ts';
export { carry } from './reference/carry.ts';
export { relative } from './relative.ts';
export { seek } from './reference/seekCalls.ts';
export { slide } from './reference/slide.ts';
export { passability, route } from './reference/route.ts';
export { stand } from './reference/stand.ts';
export { walk } from './reference/walk.ts';
export { Herd } from './herd.ts';
export { XBOT } from './presets.ts';
export { terrainGeometry, type TerrainGeometry } from './terrainGeometry.ts';
export { solidsIn, waterLevel } from './scenery.ts';
export { solidsGeometry, waterGeometry, type SolidsGeometry, type SolidsGeometryOptions, type WaterGeometry } from './sceneryGeometry.ts';
export * from './companion/index.ts';
/** The companion (CO-3..CO-10) on the reference core: `new Companion(options)`, or `new Companion(core, options)`. */
export const Companion = companionOn({ walk, seek, stand, numbers, route });
export type Companion = import('./companion/companion.ts').Companion;
/** Bodies of a Herd walking routes of their own (RT-9), planned on the reference core: `new RouteFollower(herd)`. */
export const RouteFollower = routeFollowerOn(route);
export type RouteFollower = import('./routeFollower.ts').RouteFollower;
export type {
  Circle, Ground, Kind, Kinds, Numbers, Passability, Route, RouteOptions, Row, Scatter3dInstance, Scatter3dLayer, Scatter3dSettings,
  SeekOptions, Terrain3dHeightmap, Terrain3dNoise, Terrain3dRing, Terrain3dSettings, WalkerSettings, World,
} from './types.ts';
export type { HerdField, HerdFlagField, HerdNumberField, HerdOptions } from './herd.ts';
