/**
 * A herd's arrays in wasm memory (HD-1, HD-3): the storage of the wasm entry's Herd. The arrays are the fields of
 * assembly/herd.ts's Herd; a step is one call of `herdStep`. Views are made over the arrays where they are now and
 * made again whenever the memory has grown or the herd has moved its arrays (HD-3): a stale view is never handed out.
 */
import type { HerdKinds, HerdStorage } from '../herd.ts';
import type { HerdFlagField, HerdNumberField } from '../reference/herd.ts';
import type { CoreExports } from './exports.ts';
import { layoutOf, type Layout } from './layout.ts';
import { HerdThreads, availableCores, tellOneThread, type Threading } from './threads.ts';
import type { Views } from './views.ts';

/**
 * Bytes a herd may take per body, with room to spare: its 17 f64 and 6 flag arrays and its kinds (exposed), its
 * memo (4 f64, 1 i32), its grid of bodies and its share of the circle list.
 */
const BYTES_PER_BODY = 400;
/** Bytes for a herd's fixed parts (headers, the kinds table and masks beyond the first kinds). */
const FIXED_BYTES = 1 << 16;

/**
 * Grows the core's memory, before anything is allocated, so that a herd of `capacity` bodies (and `kinds` kinds) fits
 * past the arena's end (HD-4): a host that cannot give that much refuses with a sentence, and the core, having
 * allocated nothing, stays usable. Retired arrays are freed after a growth on an ordinary memory (their views were
 * detached by it), never on a shared one (HD-3).
 */
function makeRoom(core: CoreExports, capacity: number, kinds: number): void {
  const need = capacity * BYTES_PER_BODY + kinds * kinds + FIXED_BYTES;
  const room = core.memory.buffer.byteLength - core.arenaTop();
  if (need <= room) return;
  const pages = Math.ceil((need - room) / 65536);
  try {
    core.memory.grow(pages);
  } catch {
    throw new Error(`walker: a herd of capacity ${capacity} needs about ${Math.ceil(need / 1048576)} MB more wasm memory than this host gives; expected a smaller capacity.`);
  }
  core.reclaim();
}

/** A herd whose threads were not given starts its workers on the first step of at least this many bodies (HD-5). */
export const AUTO_THREADS_FROM = 256;

/** Frees herds that were dropped without dispose(). */
const dropped = new FinalizationRegistry<() => void>((free) => free());

export class WasmHerdStorage implements HerdStorage {
  private readonly ptr: number;
  private disposed = false;
  private viewsOf: ArrayBuffer | null = null;
  private viewsCapacity = -1;
  private readonly numberViews = new Map<HerdNumberField, Float64Array>();
  private readonly flagViews = new Map<HerdFlagField, Uint8Array>();
  private kindView = new Int32Array(0);
  private readonly layout: Layout;
  private readonly token = {};

  private readonly core: CoreExports;
  private readonly views: Views;
  /** The threads asked for (undefined: the cores, from AUTO_THREADS_FROM bodies), what makes them, and the workers. */
  private readonly asked: number | undefined;
  private readonly threading: Threading;
  private workers: HerdThreads | null = null;
  /** Whether starting workers failed or cannot be done here (the herd then steps on one thread). */
  private single = false;
  /** What dispose and the finalizer stop: the workers, once started. */
  private readonly stopWorkers: { stop(): void };
  lastThreads = 1;

  constructor(core: CoreExports, views: Views, ground: number, kinds: HerdKinds, capacity: number, threads: number | undefined, threading: Threading) {
    this.core = core;
    this.views = views;
    this.asked = threads;
    this.threading = threading;
    this.layout = layoutOf(core);
    const blocking = kinds.blocks.some((listed) => listed.includes(true));
    makeRoom(core, capacity, kinds.names.length);
    const ptr = core.newHerd(ground, kinds.names.length, capacity, blocking ? 1 : 0);
    this.ptr = ptr;
    this.writeKinds(kinds);
    const workers = { stop: (): void => {} };
    dropped.register(this, () => {
      workers.stop();
      core.freeHerd(ptr);
    }, this.token);
    this.stopWorkers = workers;
    if (threads !== undefined) this.startWorkers();
  }

  /** How many threads a step runs on once the workers are running. */
  get threads(): number {
    if (this.workers !== null) return this.workers.threads;
    if (this.single || 'whyNot' in this.threading) return 1;
    return this.asked ?? availableCores();
  }

  /** Starts the workers if the herd steps on more than one thread and they are not started. */
  private startWorkers(): void {
    if (this.workers !== null || this.single) return;
    const count = (this.asked ?? availableCores()) - 1;
    if (count < 1) return;
    const threading = this.threading;
    if ('whyNot' in threading) {
      this.single = true;
      tellOneThread(threading.whyNot);
      return;
    }
    try {
      const workers = new HerdThreads(this.core, threading, this.ptr, count);
      this.workers = workers;
      this.stopWorkers.stop = () => workers.stop();
    } catch (e) {
      this.single = true;
      tellOneThread((e as Error).message);
    }
  }

  ready(): Promise<void> {
    this.live();
    this.startWorkers();
    return this.workers?.ready() ?? Promise.resolve();
  }

  private writeKinds(kinds: HerdKinds): void {
    const { numbers, numbersSize, maskWordSize } = this.layout;
    const table = this.core.herdTable(this.ptr);
    const masks = this.core.herdMasks(this.ptr);
    const bits = maskWordSize * 8;
    const words = Math.ceil(kinds.names.length / bits);
    const v = this.views.fresh();
    kinds.table.forEach((n, k) => {
      for (const [field, offset] of numbers) v.f64[(table + k * numbersSize + offset) / 8] = n[field];
      kinds.blocks[k].forEach((listed, j) => {
        if (listed) v.u32[masks / maskWordSize + k * words + Math.floor(j / bits)] |= 1 << (j % bits);
      });
    });
  }

  get capacity(): number {
    this.live();
    return this.core.herdCapacity(this.ptr);
  }

  get count(): number {
    this.live();
    return this.core.herdCount(this.ptr);
  }

  set count(count: number) {
    this.live();
    this.core.setHerdCount(this.ptr, count);
  }

  reserve(capacity: number): void {
    this.live();
    makeRoom(this.core, capacity, 0);
    this.core.reserveHerd(this.ptr, capacity);
  }

  /** Makes the views again if the memory grew or the herd moved its arrays since they were made. */
  private fresh(): void {
    const v = this.views.fresh();
    const capacity = this.capacity;
    const buffer = v.buffer!;
    if (this.viewsOf === buffer && this.viewsCapacity === capacity) return;
    const { herd, herdNumbers, herdFlags } = this.layout;
    const address = (slot: number): number => v.u32[(this.ptr + slot) >> 2];
    for (const [f, k] of herdNumbers) this.numberViews.set(f, new Float64Array(buffer, address(herd.numbers) + k * capacity * 8, capacity));
    for (const [f, k] of herdFlags) this.flagViews.set(f, new Uint8Array(buffer, address(herd.flags) + k * capacity, capacity));
    this.kindView = new Int32Array(buffer, address(herd.kind), capacity);
    this.viewsOf = buffer;
    this.viewsCapacity = capacity;
  }

  numbers(field: HerdNumberField): Float64Array {
    this.fresh();
    return this.numberViews.get(field)!;
  }

  flags(field: HerdFlagField): Uint8Array {
    this.fresh();
    return this.flagViews.get(field)!;
  }

  kinds(): Int32Array {
    this.fresh();
    return this.kindView;
  }

  move(from: number, to: number): void {
    this.live();
    this.core.herdMove(this.ptr, from, to);
  }

  forget(index: number): void {
    this.live();
    this.core.herdForget(this.ptr, index);
  }

  /**
   * Steps every body (HD-1..HD-5): on every thread once the workers run (a herd with threads not given starts them
   * at AUTO_THREADS_FROM bodies), else — and while they start — on this one; the bodies end the same either way.
   */
  step(dt: number): number {
    this.live();
    const count = this.count;
    if (this.workers === null && this.asked === undefined && count >= AUTO_THREADS_FROM) this.startWorkers();
    const workers = this.workers;
    if (workers !== null && count >= 2 && workers.running) {
      this.lastThreads = workers.threads;
      return workers.step(count, dt);
    }
    this.lastThreads = 1;
    return this.core.herdStep(this.ptr, dt);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    dropped.unregister(this.token);
    this.stopWorkers.stop();
    this.core.freeHerd(this.ptr);
  }

  private live(): void {
    if (this.disposed) throw new Error('walker: this herd was disposed; make a new Herd.');
  }
}
