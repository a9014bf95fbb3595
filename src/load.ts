/**
 * walker's explicit async loader, for hosts without top-level await: `const walker = await load()` gives the same
 * names as the package entry (`heightfield-walker`), on a fresh instance of the wasm core (WX-2). `load(bytes)` runs another
 * build of the core (e.g. build/walker.debug.wasm, whose assertions are on); the bytes are checked first (the wasm
 * magic \0asm and version 1) and a sentence is thrown when they are not walker's core.
 * The release build's bytes ship inside the package as a base64 module, so neither fs nor fetch is needed.
 */
import releaseBase64 from '../build/walker.wasm.base64.js';
import { companionOn } from './companion/bound.ts';
import * as companion from './companion/index.ts';
import { XBOT } from './presets.ts';
import { routeFollowerOn } from './routeFollower.ts';
import * as reference from './reference.ts';
import { solidsIn, waterLevel } from './scenery.ts';
import { solidsGeometry, waterGeometry } from './sceneryGeometry.ts';
import { solidsOf } from './ground/level.ts';
import { terrainGeometry } from './terrainGeometry.ts';
import type { Herd as HerdOf } from './herd.ts';
import { decodeBase64 } from './wasm/bytes.ts';
import { createCore, type WasmCore } from './wasm/core.ts';

/** The whole public API on one instance of the wasm core: the names of the package entry. */
export type Walker = ReturnType<typeof walkerOn>;

/** The Herd class of a Walker (its instances). */
export type Herd = HerdOf;

/**
 * The public API bound to a core: the core's calls, the names that are the same on every core (kinds, rows'
 * helpers, mods, hitscan, gravity, the companion's pure parts, the XBOT preset, terrainGeometry, solidsIn, waterLevel,
 * solidsGeometry, waterGeometry and solidsOf), and the companion
 * and the route follower bound to this core.
 */
export function walkerOn(core: WasmCore) {
  const Companion = companionOn({ walk: core.walk, seek: core.seek, stand: core.stand, numbers: reference.numbers, route: core.route });
  return {
    ...companion,
    check: reference.check,
    kindOf: reference.kindOf,
    numbers: reference.numbers,
    relative: reference.relative,
    registerMod: reference.registerMod,
    hitscan: reference.hitscan,
    gravity: reference.gravity,
    walk: core.walk,
    slide: core.slide,
    carry: core.carry,
    seek: core.seek,
    stand: core.stand,
    route: core.route,
    passability: core.passability,
    groundOf: core.groundOf,
    Herd: core.Herd,
    Companion,
    RouteFollower: routeFollowerOn(core.route),
    XBOT,
    terrainGeometry,
    solidsIn,
    waterLevel,
    solidsGeometry,
    waterGeometry,
    solidsOf,
  };
}

/**
 * Loads the wasm core and returns walker's API on it (WX-2). Without `bytes` it runs the release build shipped
 * with the package. Throws a sentence when the bytes are not walker's core.
 */
export async function load(bytes?: ArrayBuffer | ArrayBufferView): Promise<Walker> {
  return walkerOn(await createCore(bytes ?? decodeBase64(releaseBase64)));
}
