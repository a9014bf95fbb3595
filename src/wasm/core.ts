/**
 * The thin facade over the wasm core (WX-1, WX-2): `createCore(bytes)` instantiates a build of assembly/ and returns
 * walk, slide, carry, seek, stand, route, passability, groundOf and Herd on it. The per-row calls are src/wasm/calls.ts over the scratch
 * (src/wasm/scratch.ts); grounds are uploaded by src/wasm/grounds.ts; a herd's arrays live in wasm memory
 * (src/wasm/herd.ts). A ground the wasm entry did not upload (JS callbacks) runs on the reference core (WX-4).
 */
import { ArrayHerdStorage, Herd as HerdBase, type HerdKinds, type HerdStorage } from '../herd.ts';
import type { Ground, World } from '../types.ts';
import { bytesOf, checkWasmBytes } from './bytes.ts';
import { perRowCalls, type PerRowCalls } from './calls.ts';
import { checkExports, type CoreExports } from './exports.ts';
import { WasmGrounds } from './grounds.ts';
import { WasmHerdStorage } from './herd.ts';
import type { Threading } from './threads.ts';
import { routeCalls, type RouteCalls } from './routes.ts';
import { newMemory, unsharedBytes, whyNotShared, withoutData } from './memory.ts';
import { Scratch } from './scratch.ts';
import { Views } from './views.ts';

/** The calls that run on a core: the wasm entry's are these, bound to one instance of the core. */
export interface WasmCore extends PerRowCalls, RouteCalls {
  /** The ground the world's mods name (G-5), in wasm memory when its mods are built-ins (WX-4). */
  groundOf(w: World): Ground;
  /** N bodies in wasm memory, stepped in one call (HD-1..HD-3). */
  Herd: typeof HerdBase;
  /** Whether the calls on this ground run in wasm (true) or on the reference core (false: JS callbacks). */
  runsInWasm(ground: Ground): boolean;
  /** Bytes of wasm memory the core holds in allocated blocks (grounds, herds, scratch), headers included. */
  bytesInUse(): number;
  /** Empties the core's baked lattice corners, so the next calls bake them afresh (for benchmarks). */
  resetCorners(): void;
  /** The core's exports, for tests and benchmarks. */
  readonly exports: CoreExports;
}

/**
 * Checks and instantiates a build of the wasm core (release or debug) over a memory of its own — shared where that is
 * available, so a herd can step on worker threads — and returns the calls bound to it.
 * Throws a sentence when the bytes are not WebAssembly or not walker's core.
 */
export async function createCore(source: ArrayBuffer | ArrayBufferView): Promise<WasmCore> {
  const bytes = bytesOf(source);
  checkWasmBytes(bytes);
  const whyNot = whyNotShared();
  const memory = newMemory(whyNot === null);
  const module = await WebAssembly.compile(whyNot === null ? (bytes as Uint8Array<ArrayBuffer>) : unsharedBytes(bytes));
  const instance = await WebAssembly.instantiate(module, { env: { memory } });
  return coreOf(instance, whyNot === null ? { memory, workerBytes: withoutData(bytes) } : { whyNot });
}

/** The calls bound to an instance of the core. */
function coreOf(instance: WebAssembly.Instance, threading: Threading): WasmCore {
  const core = checkExports(instance.exports as Record<string, unknown>);
  // A shared memory's growth detaches no view, so a retired herd array is never reused there (HD-3).
  if ('memory' in threading) core.keepRetired();
  const views = new Views(core.memory, core.grownToAddress());
  const grounds = new WasmGrounds(core, views);
  const scratch = new Scratch(core, views);
  return {
    ...perRowCalls(core, grounds, scratch),
    ...routeCalls(core, views, grounds, scratch),
    groundOf: (w: World) => grounds.groundOf(w),
    Herd: wasmHerd(core, views, grounds, threading),
    runsInWasm: (ground: Ground) => grounds.entry(ground) !== undefined,
    bytesInUse: () => core.usedBytes(),
    resetCorners: () => core.resetCorners(),
    exports: core,
  };
}

/**
 * The Herd class on a core (HD-1..HD-5): its arrays live in wasm memory and a step is one wasm call, or one per chunk
 * of bodies on each of its threads. On a ground of JS callbacks the arrays are plain typed arrays and a step runs on
 * the reference core, on one thread (O(N²) when bodies block).
 */
function wasmHerd(core: CoreExports, views: Views, grounds: WasmGrounds, threading: Threading): typeof HerdBase {
  // Not named Herd: a class expression named as the class it extends (imported under another name) is folded into
  // one binding by esbuild's renaming, and the bundle threw "Cannot access 'Herd' before initialization".
  return class WasmHerd extends HerdBase {
    protected override createStorage(capacity: number, kinds: HerdKinds, threads: number | undefined): HerdStorage {
      const entry = grounds.entry(this.ground);
      if (entry === undefined) return new ArrayHerdStorage(capacity);
      return new WasmHerdStorage(core, views, entry.ptr, kinds, capacity, threads, threading);
    }
  };
}
