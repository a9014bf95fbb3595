/**
 * A herd's arrays in wasm memory (HD-1, HD-3): the storage of the wasm entry's Herd. The arrays are the fields of
 * assembly/herd.ts's Herd; a step is one call of `herdStep`. Views are made over the arrays where they are now and
 * made again whenever the memory has grown or the herd has moved its arrays (HD-3): a stale view is never handed out.
 */
import { HERD_FLAGS, HERD_NUMBERS, type HerdFlagField, type HerdKinds, type HerdNumberField, type HerdStorage } from '../herd.ts';
import { numberFields } from './layout.ts';
import { layout, type CoreExports } from './exports.ts';
import type { Views } from './views.ts';

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
  private readonly numberSlots: ReadonlyMap<HerdNumberField, number>;
  private readonly flagSlots: ReadonlyMap<HerdFlagField, number>;
  private readonly kindSlot: number;
  private readonly token = {};

  private readonly core: CoreExports;
  private readonly views: Views;

  constructor(core: CoreExports, views: Views, ground: number, kinds: HerdKinds, capacity: number) {
    this.core = core;
    this.views = views;
    this.numberSlots = new Map(HERD_NUMBERS.map((f) => [f, layout(core, `HERD_${f.toUpperCase()}`)]));
    this.flagSlots = new Map(HERD_FLAGS.map((f) => [f, layout(core, `HERD_${f.toUpperCase()}`)]));
    this.kindSlot = layout(core, 'HERD_KIND');
    const blocking = kinds.blocks.some((listed) => listed.includes(true));
    const ptr = core.newHerd(ground, kinds.names.length, capacity, blocking ? 1 : 0);
    this.ptr = ptr;
    this.writeKinds(kinds);
    dropped.register(this, () => core.freeHerd(ptr), this.token);
  }

  private writeKinds(kinds: HerdKinds): void {
    const core = this.core;
    const size = layout(core, 'NUMBERS_SIZE');
    const table = core.herdTable(this.ptr);
    const masks = core.herdMasks(this.ptr);
    const words = (kinds.names.length + 31) >>> 5;
    const v = this.views.fresh();
    kinds.table.forEach((n, k) => {
      for (const [field, offset] of numberFields(core)) v.f64[(table + k * size + offset) / 8] = n[field];
      kinds.blocks[k].forEach((listed, j) => {
        if (listed) v.u32[(masks >> 2) + k * words + (j >>> 5)] |= 1 << (j & 31);
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
    this.core.reserveHerd(this.ptr, capacity);
  }

  /** Makes the views again if the memory grew or the herd moved its arrays since they were made. */
  private fresh(): void {
    const v = this.views.fresh();
    const capacity = this.capacity;
    if (this.viewsOf === v.memory.buffer && this.viewsCapacity === capacity) return;
    const buffer = v.memory.buffer;
    const address = (slot: number): number => v.u32[(this.ptr + slot) >> 2];
    for (const [f, slot] of this.numberSlots) this.numberViews.set(f, new Float64Array(buffer, address(slot), capacity));
    for (const [f, slot] of this.flagSlots) this.flagViews.set(f, new Uint8Array(buffer, address(slot), capacity));
    this.kindView = new Int32Array(buffer, address(this.kindSlot), capacity);
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

  step(dt: number): number {
    this.live();
    return this.core.herdStep(this.ptr, dt);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    dropped.unregister(this.token);
    this.core.freeHerd(this.ptr);
  }

  private live(): void {
    if (this.disposed) throw new Error('walker: this herd was disposed; make a new Herd.');
  }
}
