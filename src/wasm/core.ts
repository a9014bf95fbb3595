/**
 * The thin facade over the wasm core (WX-1, WX-2): `createCore(bytes)` instantiates a build of assembly/ and returns
 * walk, slide, carry, seek, stand, groundOf and Herd on it. A per-row call reads the row as the reference does
 * (src/rows.ts), writes the kind's numbers, the body and its blocking bodies into the core's scratch, crosses into
 * wasm once, reads the body back and writes the row — the same checks, the same errors, the same numbers
 * (WX-3). A ground the wasm entry did not upload (JS callbacks) runs on the reference core (WX-4).
 */
import { numbers } from '../kinds.ts';
import { Body, checkDt, checkFinite, checkNumber, checkVector, readBody, writePos, writeSought, writeWalked } from '../rows.ts';
import { ArrayHerdStorage, Herd as HerdBase, type HerdKinds, type HerdStorage } from '../herd.ts';
import { blockingBodies } from '../reference/bodies.ts';
import { carry as carryOnReference } from '../reference/carry.ts';
import { seek as seekOnReference } from '../reference/seek.ts';
import { checkMoveLength, slide as slideOnReference } from '../reference/slide.ts';
import { stand as standOnReference } from '../reference/stand.ts';
import { walk as walkOnReference } from '../reference/walk.ts';
import type { Ground, Numbers, Row, World } from '../types.ts';
import { bytesOf, checkWasmBytes } from './bytes.ts';
import { checkExports, type CoreExports } from './exports.ts';
import { WasmGrounds } from './grounds.ts';
import { WasmHerdStorage } from './herd.ts';
import { bodyOffset, numberFields } from './layout.ts';
import { Views } from './views.ts';

/** The calls that run on a core: the wasm entry's are these, bound to one instance of the core. */
export interface WasmCore {
  /** Steps a walking row once (WA-1..WA-9). */
  walk(me: Row, w: World, dt: number, ground: Ground): void;
  /** Moves a row horizontally by `delta` within the limits and returns the move made (SL-1..SL-6). */
  slide(me: Row, w: World, delta: readonly number[], ground: Ground): [number, number];
  /** Carries a row by `delta` and returns the move made (CA-1..CA-3). */
  carry(me: Row, w: World, delta: readonly number[], ground: Ground): [number, number];
  /** Sets a row's want toward `target` and returns whether it is within `stop` (SE-1..SE-6). */
  seek(me: Row, w: World, target: readonly number[], stop: number, ground: Ground): boolean;
  /** The stand height at (x, z) (H-2, ST-2). */
  stand(n: Numbers, ground: Ground, x: number, z: number): number;
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
 * Checks and instantiates a build of the wasm core (release or debug), and returns the calls bound to it.
 * Throws a sentence when the bytes are not WebAssembly or not walker's core.
 */
export async function createCore(source: ArrayBuffer | ArrayBufferView): Promise<WasmCore> {
  const bytes = bytesOf(source);
  checkWasmBytes(bytes);
  const module = await WebAssembly.compile(bytes as Uint8Array<ArrayBuffer>);
  return coreOf(await WebAssembly.instantiate(module, {}));
}

/** The calls bound to an instance of the core. */
export function coreOf(instance: WebAssembly.Instance): WasmCore {
  const core = checkExports(instance.exports as Record<string, unknown>);
  const views = new Views(core.memory);
  const grounds = new WasmGrounds(core, views);
  const bodyAt = core.callBodyAddress();
  const numbersAt = core.callNumbersAddress();
  const resultAt = core.callResultAddress();
  const numberLayout = numberFields(core);
  // Where each field of the scratch body is: f64 fields as indices into an f64 view, flags as byte addresses.
  const f64At = (field: keyof Body): number => (bodyAt + bodyOffset(core, field)) / 8;
  const byteAt = (field: keyof Body): number => bodyAt + bodyOffset(core, field);
  const [X, Y, Z, VX, VY, VZ] = [f64At('x'), f64At('y'), f64At('z'), f64At('vx'), f64At('vy'), f64At('vz')];
  const [WX, WZ, FACE, YAW] = [f64At('wantX'), f64At('wantZ'), f64At('face'), f64At('yaw')];
  const [FLOOR, SPEED, SIDE, TURNED] = [f64At('floor'), f64At('speed'), f64At('side'), f64At('turned')];
  const [HASFACE, JUMP, AIR, STEEP] = [byteAt('hasFace'), byteAt('jump'), byteAt('air'), byteAt('steep')];
  const body = new Body();
  let numbersWritten: Numbers | null = null;
  let nearCapacity = 0;

  /** Writes a kind's numbers into the scratch (skipped when they are the frozen numbers written last). */
  function writeNumbers(n: Numbers): void {
    if (n === numbersWritten) return;
    const f64 = views.fresh().f64;
    for (const [field, offset] of numberLayout) f64[(numbersAt + offset) / 8] = n[field];
    numbersWritten = Object.isFrozen(n) ? n : null;
  }

  function writeBody(b: Body): void {
    const { f64, u8 } = views.fresh();
    f64[X] = b.x;
    f64[Y] = b.y;
    f64[Z] = b.z;
    f64[VX] = b.vx;
    f64[VY] = b.vy;
    f64[VZ] = b.vz;
    f64[WX] = b.wantX;
    f64[WZ] = b.wantZ;
    f64[FACE] = b.face;
    f64[YAW] = b.yaw;
    f64[FLOOR] = b.floor;
    f64[SPEED] = b.speed;
    f64[SIDE] = b.side;
    f64[TURNED] = b.turned;
    u8[HASFACE] = b.hasFace ? 1 : 0;
    u8[JUMP] = b.jump ? 1 : 0;
    u8[AIR] = b.air ? 1 : 0;
    u8[STEEP] = b.steep ? 1 : 0;
  }

  function readBack(b: Body): void {
    const { f64, u8 } = views.fresh();
    b.x = f64[X];
    b.y = f64[Y];
    b.z = f64[Z];
    b.vx = f64[VX];
    b.vy = f64[VY];
    b.vz = f64[VZ];
    b.wantX = f64[WX];
    b.wantZ = f64[WZ];
    b.face = f64[FACE];
    b.yaw = f64[YAW];
    b.floor = f64[FLOOR];
    b.speed = f64[SPEED];
    b.side = f64[SIDE];
    b.turned = f64[TURNED];
    b.hasFace = u8[HASFACE] !== 0;
    b.jump = u8[JUMP] !== 0;
    b.air = u8[AIR] !== 0;
    b.steep = u8[STEEP] !== 0;
  }

  /**
   * Writes the row's blocking bodies (src/reference/bodies.ts, in its order) into the scratch and makes room for
   * the call's answers; returns how many there are.
   */
  function writeBodies(n: Numbers, w: World, me: Row, ground: Ground, solids: number): number {
    const circles = blockingBodies(n, w, me, ground);
    const count = circles.length;
    if (solids + count > nearCapacity) {
      nearCapacity = Math.max(solids + count, nearCapacity * 2);
      core.reserveNear(nearCapacity);
    }
    if (count > 0) {
      const at = core.callBodiesAddress(count) / 8;
      const f64 = views.fresh().f64;
      for (let k = 0; k < count; k++) {
        const c = circles[k];
        f64[at + 3 * k] = c.x;
        f64[at + 3 * k + 1] = c.z;
        f64[at + 3 * k + 2] = c.radius;
      }
    }
    return count;
  }

  /** Throws the reference's sentence when the call refused a move too long to sample (the reference throws there). */
  function throwIfRefused(): void {
    if (core.wasMoveRefused() === 0) return;
    const f64 = views.fresh().f64;
    const at = core.refusedMoveAddress() / 8;
    checkMoveLength(f64[at], f64[at + 1]);
  }

  function result(k: number): number {
    return views.fresh().f64[resultAt / 8 + k];
  }

  /**
   * Reads the row (R-1, R-3, before anything is written) and writes the kind's numbers, the body and its blocking
   * bodies into the scratch; returns how many blocking bodies there are.
   */
  function enter(n: Numbers, w: World, me: Row, ground: Ground, solids: number): number {
    readBody(me, body);
    const count = writeBodies(n, w, me, ground, solids);
    writeNumbers(n);
    writeBody(body);
    core.clearRefusedMove();
    return count;
  }

  /** After the call: the reference's error where it would have thrown, then the body read back. */
  function leave(): void {
    throwIfRefused();
    readBack(body);
  }

  function walk(me: Row, w: World, dt: number, ground: Ground): void {
    const entry = grounds.entry(ground);
    if (entry === undefined) return walkOnReference(me, w, dt, ground);
    const n = numbers(me, w);
    checkDt(dt);
    core.walk(entry.ptr, enter(n, w, me, ground, entry.solids), dt);
    leave();
    checkFinite(body, 'walk');
    writeWalked(me, body);
  }

  function slide(me: Row, w: World, delta: readonly number[], ground: Ground): [number, number] {
    const entry = grounds.entry(ground);
    if (entry === undefined) return slideOnReference(me, w, delta, ground);
    const n = numbers(me, w);
    const d = checkVector('delta', delta, 2);
    core.slide(entry.ptr, enter(n, w, me, ground, entry.solids), d[0], d[1]);
    leave();
    const made: [number, number] = [result(0), result(1)];
    checkFinite(body, 'slide');
    writePos(me, body);
    return made;
  }

  function carry(me: Row, w: World, delta: readonly number[], ground: Ground): [number, number] {
    const entry = grounds.entry(ground);
    if (entry === undefined) return carryOnReference(me, w, delta, ground);
    const n = numbers(me, w);
    const d = checkVector('delta', delta, 2);
    core.carry(entry.ptr, enter(n, w, me, ground, entry.solids), d[0], d[1]);
    leave();
    const made: [number, number] = [result(0), result(1)];
    checkFinite(body, 'carry');
    me.pos = [body.x, body.y, body.z];
    me.vel = [body.vx, body.vy, body.vz];
    me.air = body.air;
    return made;
  }

  function seek(me: Row, w: World, target: readonly number[], stop: number, ground: Ground): boolean {
    const entry = grounds.entry(ground);
    if (entry === undefined) return seekOnReference(me, w, target, stop, ground);
    const n = numbers(me, w);
    const t = checkVector('target', target, 2);
    checkNumber('stop', stop, 0);
    core.seek(entry.ptr, enter(n, w, me, ground, entry.solids), t[0], t[1], stop);
    leave();
    const arrived = result(0) !== 0;
    checkFinite(body, 'seek');
    writeSought(me, body);
    return arrived;
  }

  function stand(n: Numbers, ground: Ground, x: number, z: number): number {
    const entry = grounds.entry(ground);
    if (entry === undefined) return standOnReference(n, ground, x, z);
    checkNumber('x', x);
    checkNumber('z', z);
    writeNumbers(n);
    core.stand(entry.ptr, x, z);
    return result(0);
  }

  /**
   * N bodies stepped in one wasm call (HD-1..HD-3): the arrays live in wasm memory. On a ground of JS callbacks
   * the arrays are plain typed arrays and a step runs on the reference core (O(N²) when bodies block each other).
   */
  class Herd extends HerdBase {
    protected override createStorage(capacity: number, kinds: HerdKinds): HerdStorage {
      const entry = grounds.entry(this.ground);
      if (entry === undefined) return new ArrayHerdStorage(capacity);
      return new WasmHerdStorage(core, views, entry.ptr, kinds, capacity);
    }
  }

  return {
    walk,
    slide,
    carry,
    seek,
    stand,
    groundOf: (w: World) => grounds.groundOf(w),
    Herd,
    runsInWasm: (ground: Ground) => grounds.entry(ground) !== undefined,
    bytesInUse: () => core.usedBytes(),
    resetCorners: () => core.resetCorners(),
    exports: core,
  };
}
