import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { packageSources } from './scripts/sources.ts';

export default defineConfig({
  resolve: { alias: packageSources },
  test: {
    include: ['test/**/*.test.ts'],
    // A worker a core: vitest's default keeps one core for its main process, which mostly waits, and on CI's two cores
    // ran the whole suite on one worker.
    maxWorkers: availableParallelism(),
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Property tests call gc() between runs so the grounds they dropped leave the wasm arena (test/wasm/cores.ts dropGrounds).
    execArgv: ['--expose-gc'],
  },
});
