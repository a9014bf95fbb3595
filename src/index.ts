/**
 * heightfield-walker: kinematic bodies over heightfield ground with water and circular obstacles, on the wasm core
 * (WX-1, WX-2). The same names as `heightfield-walker/reference`, ready once imported: the core is instantiated at load
 * (top-level await), in Node and in a browser bundle alike. Hosts without top-level await use
 * `heightfield-walker/load` (src/load.ts).
 * Grounds from this entry's `groundOf` whose mods are built-ins run in wasm; a ground of JS callbacks runs on the
 * reference core — the numbers are the same either way (WX-3, WX-4).
 */
import { load } from './load.ts';

const walker = await load();

export const {
  check,
  kindOf,
  numbers,
  relative,
  registerMod,
  hitscan,
  gravity,
  walk,
  slide,
  carry,
  seek,
  stand,
  route,
  passability,
  groundOf,
  Herd,
  Companion,
  RouteFollower,
  XBOT,
  terrainGeometry,
  solidsIn,
  waterLevel,
  solidsGeometry,
  waterGeometry,
  solidsOf,
} = walker;
export type Herd = import('./herd.ts').Herd;
export type Companion = import('./companion/companion.ts').Companion;
export type RouteFollower = import('./routeFollower.ts').RouteFollower;

export * from './companion/index.ts';
export type { Hit, LevelSolids, ModFactory, Solid, SolidInput, SolidShape } from './ground/index.ts';
export type { TerrainGeometry } from './terrainGeometry.ts';
export type { SolidsGeometry, SolidsGeometryOptions, WaterGeometry } from './sceneryGeometry.ts';
export type {
  Circle, Ground, Kind, Kinds, Numbers, Passability, Route, RouteOptions, Row, Scatter3dInstance, Scatter3dLayer, Scatter3dSettings,
  SeekOptions, Terrain3dHeightmap, Terrain3dNoise, Terrain3dRing, Terrain3dSettings, WalkerSettings, World,
} from './types.ts';
export type { HerdField, HerdFlagField, HerdNumberField, HerdOptions } from './herd.ts';
