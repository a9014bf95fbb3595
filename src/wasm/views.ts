/**
 * Typed-array views over the wasm core's memory, re-derived whenever the memory has grown (HD-3): a grown memory
 * has a new buffer (an ordinary one detaches the old; a shared one leaves the old at its old length), so every access
 * goes through `fresh()`.
 */
export class Views {
  readonly memory: WebAssembly.Memory;
  private buffer: ArrayBuffer | null = null;
  f64 = new Float64Array(0);
  u8 = new Uint8Array(0);
  u32 = new Uint32Array(0);

  /** Whether the memory is shared (its old buffers stay readable when it grows). */
  private readonly shared: boolean;

  constructor(memory: WebAssembly.Memory) {
    this.memory = memory;
    this.shared = !(memory.buffer instanceof ArrayBuffer);
  }

  /**
   * The views, re-derived if the memory has grown since they were made. Growing an ordinary memory detaches its old
   * buffer, so a view of length 0 is the sign (cheaper to read than memory.buffer); a shared memory's buffer is asked.
   */
  fresh(): this {
    if (this.u8.length !== 0 && !this.shared) return this;
    const buffer = this.memory.buffer;
    if (buffer !== this.buffer) {
      this.buffer = buffer;
      this.f64 = new Float64Array(buffer);
      this.u8 = new Uint8Array(buffer);
      this.u32 = new Uint32Array(buffer);
    }
    return this;
  }
}
