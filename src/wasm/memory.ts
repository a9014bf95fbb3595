/**
 * The core's memory (WX-1, HD-5): the core imports it as `env.memory`, declared shared, so a herd can step its bodies
 * on worker threads over the very same bytes. Where shared memory is not available (a browser page that is not
 * cross-origin isolated) the core runs on an ordinary memory: its bytes are patched to import one, which is valid
 * because the core uses no atomic instruction (the threads meet in JavaScript, src/wasm/threads.ts).
 */

/** Pages the core's memory starts with and may grow to (asconfig.json initialMemory and maximumMemory). */
export const INITIAL_PAGES = 16;
export const MAXIMUM_PAGES = 65536;

/** Why shared memory is not available here, or null when it is. */
export function whyNotShared(): string | null {
  if (typeof SharedArrayBuffer === 'undefined') {
    return 'SharedArrayBuffer is not available (a browser page needs cross-origin isolation: the headers Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp)';
  }
  const g = globalThis as { crossOriginIsolated?: boolean };
  if (g.crossOriginIsolated === false) {
    return 'the page is not cross-origin isolated (it needs the headers Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp)';
  }
  return null;
}

/** A fresh memory for a core: shared when that is available. */
export function newMemory(shared: boolean): WebAssembly.Memory {
  return new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum: MAXIMUM_PAGES, shared });
}

/** Reads an unsigned LEB128 at `at`: [value, the index after it]. */
function leb(bytes: Uint8Array, at: number): [number, number] {
  let value = 0;
  let scale = 1;
  let b: number;
  do {
    b = bytes[at++];
    value += (b & 0x7f) * scale;
    scale *= 128;
  } while (b & 0x80);
  return [value, at];
}

/** The sections of a module: [id, start of the section (its id byte), start of its content, end]. */
function sections(bytes: Uint8Array): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, content] = leb(bytes, at + 1);
    out.push([id, at, content, content + size]);
    at = content + size;
  }
  return out;
}

const IMPORT_SECTION = 2;
const DATA_SECTION = 11;
const DATA_COUNT_SECTION = 12;
/** The limits flag of a memory with a maximum, and of a shared one. */
const LIMITS_MAX = 0x01;
const LIMITS_SHARED = 0x03;

/** Skips a name (LEB length and bytes). */
function skipName(bytes: Uint8Array, at: number): number {
  const [length, start] = leb(bytes, at);
  return start + length;
}

/** Where the limits flag of the module's imported memory is, or −1. */
function memoryLimitsAt(bytes: Uint8Array): number {
  for (const [id, , content] of sections(bytes)) {
    if (id !== IMPORT_SECTION) continue;
    let [count, at] = leb(bytes, content);
    for (; count > 0; count--) {
      at = skipName(bytes, skipName(bytes, at));
      const kind = bytes[at++];
      if (kind === 2) return at;
      if (kind === 0) at = leb(bytes, at)[1];
      else if (kind === 1) at = skipLimits(bytes, at + 1);
      else if (kind === 3) at += 2;
      else return -1;
    }
  }
  return -1;
}

function skipLimits(bytes: Uint8Array, at: number): number {
  const flag = bytes[at];
  let next = leb(bytes, at + 1)[1];
  if (flag & 1) next = leb(bytes, next)[1];
  return next;
}

/** The core's bytes importing an ordinary memory instead of a shared one (a copy; the input is not changed). */
export function unsharedBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(bytes);
  const at = memoryLimitsAt(copy);
  if (at >= 0 && copy[at] === LIMITS_SHARED) copy[at] = LIMITS_MAX;
  return copy;
}

/**
 * The core's bytes without its data segments, for an instance on a worker thread: instantiating a module writes its
 * active segments into the memory, which would zero the statics of the threads already running on it.
 */
export function withoutData(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  for (const [id, start, , end] of sections(bytes)) {
    if (id !== DATA_SECTION && id !== DATA_COUNT_SECTION) parts.push(bytes.subarray(start, end));
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
