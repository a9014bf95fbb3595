/**
 * The one place the demo takes walker from: the package entry on the wasm core (`heightfield-walker`, instantiated
 * at load with top-level await — WX-2), mapped to src/index.ts by demo/vite.config.ts and tsconfig.json. Every other
 * demo module imports walker through here.
 */
export * from 'heightfield-walker';

/** Which core the demo runs on, shown in the HUD and the test hook. */
export const CORE_NAME: 'wasm' | 'reference' = 'wasm';
