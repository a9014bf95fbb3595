/**
 * A body: a row's walking state unpacked into plain numbers and flags, the unit both cores work on (R-1, HD-1).
 * This is the one description of a body's fields: rows are read into it (src/rows.ts), a herd keeps one array per
 * field (src/herd.ts, src/reference/herd.ts), the facade's scratch and views move them (src/wasm/), in this order.
 * Its wasm twin is assembly/memory.ts `Body`, whose field offsets the facade reads from the module by these names.
 */

/** A body's numbers (f64 in wasm memory), in the order of the wasm struct. `side` is -1, 0 or 1. */
export const BODY_NUMBERS = ['x', 'y', 'z', 'vx', 'vy', 'vz', 'wantX', 'wantZ', 'face', 'yaw', 'floor', 'speed', 'side', 'turned'] as const;
/** A body's flags (a byte each in wasm memory). `hasFace` says whether `face` is set (else the body turns toward want). */
export const BODY_FLAGS = ['hasFace', 'jump', 'air', 'steep'] as const;
/** The numbers a call writes, which must be finite: all but `face` (never written) and `side` (a whole number). */
export const FINITE_NUMBERS = ['x', 'y', 'z', 'vx', 'vy', 'vz', 'wantX', 'wantZ', 'yaw', 'floor', 'speed', 'turned'] as const;

export type BodyNumber = (typeof BODY_NUMBERS)[number];
export type BodyFlag = (typeof BODY_FLAGS)[number];

/** A row's walking state: every field of BODY_NUMBERS and BODY_FLAGS. */
export type Body = { [F in BodyNumber]: number } & { [F in BodyFlag]: boolean };

/** A body at rest at the origin with no face: every number 0, every flag false. */
export function newBody(): Body {
  // Written out, not looped over the lists, so every body has one shape (V8 keeps its property loads fast);
  // test/house/body.test.ts checks it against the lists.
  return {
    x: 0, y: 0, z: 0, vx: 0, vy: 0, vz: 0, wantX: 0, wantZ: 0, face: 0, yaw: 0, floor: 0, speed: 0, side: 0, turned: 0,
    hasFace: false, jump: false, air: false, steep: false,
  };
}

/** Whether every number a call writes (FINITE_NUMBERS) is finite: x − x is 0 for finite x, NaN otherwise. */
export function finiteBody(b: Body): boolean {
  const sum = (b.x - b.x) + (b.y - b.y) + (b.z - b.z) + (b.vx - b.vx) + (b.vy - b.vy) + (b.vz - b.vz)
    + (b.wantX - b.wantX) + (b.wantZ - b.wantZ) + (b.yaw - b.yaw) + (b.floor - b.floor) + (b.speed - b.speed)
    + (b.turned - b.turned);
  return sum === 0;
}

/**
 * Writes a body as the wasm core lays one out (assembly/memory.ts Body): its numbers into `f64` from index `at`, in
 * BODY_NUMBERS order, and its flags into `u8` from byte `flagsAt`, in BODY_FLAGS order. Written out for speed (it
 * runs on every per-row call); test/house/body.test.ts checks that it moves every field of the lists.
 */
export function writeBodyTo(b: Body, f64: Float64Array, at: number, u8: Uint8Array, flagsAt: number): void {
  f64[at] = b.x;
  f64[at + 1] = b.y;
  f64[at + 2] = b.z;
  f64[at + 3] = b.vx;
  f64[at + 4] = b.vy;
  f64[at + 5] = b.vz;
  f64[at + 6] = b.wantX;
  f64[at + 7] = b.wantZ;
  f64[at + 8] = b.face;
  f64[at + 9] = b.yaw;
  f64[at + 10] = b.floor;
  f64[at + 11] = b.speed;
  f64[at + 12] = b.side;
  f64[at + 13] = b.turned;
  u8[flagsAt] = b.hasFace ? 1 : 0;
  u8[flagsAt + 1] = b.jump ? 1 : 0;
  u8[flagsAt + 2] = b.air ? 1 : 0;
  u8[flagsAt + 3] = b.steep ? 1 : 0;
}

/** Reads a body laid out as writeBodyTo writes it. */
export function readBodyFrom(b: Body, f64: Float64Array, at: number, u8: Uint8Array, flagsAt: number): void {
  b.x = f64[at];
  b.y = f64[at + 1];
  b.z = f64[at + 2];
  b.vx = f64[at + 3];
  b.vy = f64[at + 4];
  b.vz = f64[at + 5];
  b.wantX = f64[at + 6];
  b.wantZ = f64[at + 7];
  b.face = f64[at + 8];
  b.yaw = f64[at + 9];
  b.floor = f64[at + 10];
  b.speed = f64[at + 11];
  b.side = f64[at + 12];
  b.turned = f64[at + 13];
  b.hasFace = u8[flagsAt] !== 0;
  b.jump = u8[flagsAt + 1] !== 0;
  b.air = u8[flagsAt + 2] !== 0;
  b.steep = u8[flagsAt + 3] !== 0;
}
