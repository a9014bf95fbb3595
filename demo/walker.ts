/**
 * The one place the demo takes walker from: the package entry on the wasm core (src/index.ts, instantiated at load
 * with top-level await — WX-2). Every other demo module imports walker through here.
 */
export * from '../src/index.ts';

/** Which core the demo runs on, shown in the HUD and the test hook. */
export const CORE_NAME: 'wasm' | 'reference' = 'wasm';
