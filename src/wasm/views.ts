/**
 * Typed-array views over the wasm core's memory, re-derived whenever the memory has grown (HD-3), so every access
 * goes through `fresh()`. Growing an ordinary memory detaches its old buffer: a view of length 0 is the sign. A
 * shared memory's growth detaches nothing (the old buffer keeps its old length, over the same memory), so there the
 * sign is the size the core writes at `grownTo` whenever the memory grows (assembly/memory.ts reclaim) — read through
 * the current view, as cheap as the length, where asking `memory.buffer` on every call would cost a per-row call more
 * than noise.
 */
export class Views {
  readonly memory: WebAssembly.Memory;
  /** The buffer the views are over (a herd's views compare it to know they are current). */
  buffer: ArrayBuffer | null = null;
  f64 = new Float64Array(0);
  u8 = new Uint8Array(0);
  u32 = new Uint32Array(0);

  /** Whether the memory is shared, and where the core keeps its size as of its last growth. */
  private readonly shared: boolean;
  private readonly grownTo: number;
  /** What `grownTo` held when the views were made. */
  private seen = 0;

  constructor(memory: WebAssembly.Memory, grownTo: number) {
    this.memory = memory;
    this.shared = !(memory.buffer instanceof ArrayBuffer);
    this.grownTo = grownTo >> 2;
  }

  /** The views, re-derived if the memory has grown since they were made. */
  fresh(): this {
    if (this.u8.length !== 0 && (!this.shared || this.u32[this.grownTo] === this.seen)) return this;
    const buffer = this.memory.buffer;
    if (buffer !== this.buffer) {
      this.buffer = buffer;
      this.f64 = new Float64Array(buffer);
      this.u8 = new Uint8Array(buffer);
      this.u32 = new Uint32Array(buffer);
    }
    this.seen = this.u32[this.grownTo];
    return this;
  }
}
