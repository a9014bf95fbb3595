/**
 * The cores the wasm tests compare: the release and the debug build of assembly/ (each instantiated on its own by
 * src/wasm/core.ts createCore), and the reference entry. The fast-check seed is printed on failure by fc.assert.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createCore, type WasmCore } from '../../src/wasm/core.ts';
import * as reference from '../../src/reference.ts';

/** The property seed: FC_SEED from the environment, else a fixed default (so runs are reproducible). */
export const SEED = Number(process.env.FC_SEED ?? 20261129);

export const BUILDS = ['release', 'debug'] as const;
export type Build = (typeof BUILDS)[number];

const files: Record<Build, string> = { release: '../../build/walker.wasm', debug: '../../build/walker.debug.wasm' };

/** The bytes of a build of the core (npm run asbuild writes them). */
export function buildBytes(build: Build): Uint8Array {
  return readFileSync(fileURLToPath(new URL(files[build], import.meta.url)));
}

const cores = new Map<Build, Promise<WasmCore>>();

/** One instance per build, shared by the test files of a worker. */
export function coreOf(build: Build): Promise<WasmCore> {
  let core = cores.get(build);
  if (core === undefined) {
    core = createCore(buildBytes(build));
    cores.set(build, core);
  }
  return core;
}

/**
 * Lets the wasm grounds that earlier property runs dropped go. A ground's upload is freed only after V8 has collected
 * its settings and the event loop has turned (src/wasm/grounds.ts, a FinalizationRegistry), and the arena allocates
 * first fit past every block it holds: through a synchronous property of a thousand runs no ground is freed, and each
 * allocation walks past all the grounds made before it (a file's later properties ran several times slower than its
 * first). An async property awaits this every few runs; vitest.config.ts starts the workers with --expose-gc.
 */
export async function dropGrounds(): Promise<void> {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** A function for an async property's body: every `runs`-th call it awaits dropGrounds. */
export function dropGroundsEvery(runs: number): () => Promise<void> {
  let calls = 0;
  return async () => {
    if (++calls % runs === 0) await dropGrounds();
  };
}

export { reference };
