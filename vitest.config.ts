import { defineConfig } from 'vitest/config';
import { packageSources } from './scripts/sources.ts';

export default defineConfig({
  resolve: { alias: packageSources },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Property tests call gc() between runs so the grounds they dropped leave the wasm arena (test/wasm/cores.ts dropGrounds).
    execArgv: ['--expose-gc'],
  },
});
