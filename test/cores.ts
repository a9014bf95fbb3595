/**
 * Every core a behaviour test runs on (as-sha256 runs one suite over its builds): the reference entry, and the
 * package API bound to the release and the debug build of assembly/. A clause test is a function of the core:
 * `for (const { name, api } of CORES) describe(`SL-3 … (${name})`, () => …)`. On a ground of JS callbacks the wasm
 * entries run the reference core (WX-4), so tests that mean to reach wasm use a terrain3d/scatter3d ground from
 * `api.groundOf`.
 */
import { walkerOn, type Walker } from '../src/load.ts';
import * as reference from '../src/reference.ts';
import type { Ground } from '../src/types.ts';
import { coreOf, type Build } from './wasm/cores.ts';

/** The names every entry exports: the public API a behaviour test drives. */
export type Api = Pick<Walker, 'walk' | 'slide' | 'carry' | 'seek' | 'stand' | 'route' | 'passability' | 'groundOf' | 'numbers' | 'kindOf' | 'check' | 'relative' | 'Herd' | 'Companion' | 'RouteFollower' | 'terrainGeometry' | 'solidsIn' | 'waterLevel' | 'solidsGeometry' | 'waterGeometry' | 'solidsOf'>;

export interface Core {
  /** 'reference', 'release' or 'debug': put it in test titles. */
  readonly name: 'reference' | Build;
  readonly api: Api;
  /** Whether this core runs its calls on `ground` in wasm (false on the reference, and for JS callbacks: WX-4). */
  runsInWasm(ground: Ground): boolean;
}

async function wasmCore(build: Build): Promise<Core> {
  const core = await coreOf(build);
  return { name: build, api: walkerOn(core), runsInWasm: (ground) => core.runsInWasm(ground) };
}

/** The reference core and both wasm builds, each instantiated once per test worker. */
export const CORES: readonly Core[] = [{ name: 'reference', api: reference, runsInWasm: () => false }, await wasmCore('release'), await wasmCore('debug')];
