/**
 * The wasm core's bytes: decoded from the base64 module the build writes (scripts/asbuild.mjs), and checked before
 * they are compiled, so a wrong or corrupt file fails with a sentence rather than a CompileError.
 */

/** Decodes base64 (atob is global in Node ≥ 16 and in browsers), so the same import works everywhere. */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The bytes of a buffer source, as a Uint8Array over the same memory. */
export function bytesOf(source: ArrayBuffer | ArrayBufferView): Uint8Array {
  if (source instanceof Uint8Array) return source;
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  throw new Error(`walker: the wasm core's bytes are ${Object.prototype.toString.call(source)}; expected an ArrayBuffer or a typed array.`);
}

/**
 * Throws unless `bytes` start with the wasm magic `\0asm` and binary version 1 — the check a loader makes before
 * compiling, so a truncated download or a file of some other kind is reported as what it is.
 */
export function checkWasmBytes(bytes: Uint8Array): void {
  const magic = bytes.length >= 4 && bytes[0] === 0x00 && bytes[1] === 0x61 && bytes[2] === 0x73 && bytes[3] === 0x6d;
  if (!magic) {
    const head = Array.from(bytes.subarray(0, 4), (b) => b.toString(16).padStart(2, '0')).join(' ');
    throw new Error(`walker: the wasm core is not WebAssembly: its first bytes are [${head}], expected 00 61 73 6d (\\0asm); rebuild it with npm run asbuild.`);
  }
  const version = bytes.length >= 8 ? (bytes[4] | (bytes[5] << 8) | (bytes[6] << 16) | (bytes[7] << 24)) >>> 0 : -1;
  if (version !== 1) {
    throw new Error(`walker: the wasm core is WebAssembly of binary version ${version === -1 ? 'none (the file is cut short)' : version}; expected version 1.`);
  }
}
