/**
 * Herd (HD-1..HD-3): many bodies as structure-of-arrays, stepped in one call. This file holds what both entries
 * share — the API, rows in and out, the checks — and the plain-TypeScript storage and step the reference entry
 * uses (and the wasm entry falls back to on a ground of JS callbacks). The wasm entry's storage and step are
 * src/wasm/herd.ts: the arrays live in wasm memory and a step is one wasm call.
 */
import { checkedKinds, kindOf, walkerOf } from './kinds.ts';
import { Body, checkDt, checkNumber, checkVector, readBody } from './rows.ts';
import { Sampler } from './reference/lattice.ts';
import { seekBody } from './reference/seek.ts';
import { Move } from './reference/slide.ts';
import { walkBody } from './reference/walk.ts';
import type { Circle, Ground, Numbers, Row, World } from './types.ts';

/** The herd's f64 arrays: a body's state (the fields of a row) and its seek target. */
export const HERD_NUMBERS = [
  'x', 'y', 'z', 'vx', 'vy', 'vz', 'wantX', 'wantZ', 'face', 'yaw', 'floor', 'speed', 'side', 'turned',
  'targetX', 'targetZ', 'stop',
] as const;
/** The herd's flag arrays (0 or 1): `seeking` says the body seeks (targetX, targetZ) each step; `arrived` is seek's answer. */
export const HERD_FLAGS = ['hasFace', 'jump', 'air', 'steep', 'seeking', 'arrived'] as const;

export type HerdNumberField = (typeof HERD_NUMBERS)[number];
export type HerdFlagField = (typeof HERD_FLAGS)[number];

/**
 * Where a herd keeps its arrays. Views span the whole capacity and may be replaced by `reserve` (and, for wasm
 * memory, by any growth of the memory), so a storage hands out fresh views on every call.
 */
export interface HerdStorage {
  readonly capacity: number;
  count: number;
  /** Makes room for `capacity` bodies, keeping the first `count`. */
  reserve(capacity: number): void;
  numbers(field: HerdNumberField): Float64Array;
  flags(field: HerdFlagField): Uint8Array;
  /** Each body's kind, an index into the herd's `kinds`. */
  kinds(): Int32Array;
  /** Moves body `from` into slot `to`. */
  move(from: number, to: number): void;
  /** Drops anything the storage remembers about body `index` (called whenever the herd writes the body). */
  forget(index: number): void;
  /**
   * Steps every body in one call when the storage can (see HerdStep), or returns undefined to be stepped by the
   * plain-TypeScript step over its views.
   */
  step(dt: number): number | undefined;
  /** Releases the storage's memory; the herd is unusable after. */
  dispose(): void;
}

/**
 * What a step returns: STEPPED when every body stepped; an index ≥ 0 when that body's inputs are ones a per-row
 * call refuses (nothing stepped); −2 − index when that body (the first such) would have been given a non-finite
 * number and was left as it was while the others stepped.
 */
export const STEPPED = -1;

/** A herd's storage in plain typed arrays (the reference entry's). */
export class ArrayHerdStorage implements HerdStorage {
  capacity = 0;
  count = 0;
  private readonly numberArrays = new Map<HerdNumberField, Float64Array>();
  private readonly flagArrays = new Map<HerdFlagField, Uint8Array>();
  private kindArray = new Int32Array(0);

  constructor(capacity: number) {
    for (const f of HERD_NUMBERS) this.numberArrays.set(f, new Float64Array(0));
    for (const f of HERD_FLAGS) this.flagArrays.set(f, new Uint8Array(0));
    this.reserve(capacity);
  }

  reserve(capacity: number): void {
    if (capacity <= this.capacity) return;
    for (const f of HERD_NUMBERS) {
      const a = new Float64Array(capacity);
      a.set(this.numberArrays.get(f)!.subarray(0, this.count));
      this.numberArrays.set(f, a);
    }
    for (const f of HERD_FLAGS) {
      const a = new Uint8Array(capacity);
      a.set(this.flagArrays.get(f)!.subarray(0, this.count));
      this.flagArrays.set(f, a);
    }
    const k = new Int32Array(capacity);
    k.set(this.kindArray.subarray(0, this.count));
    this.kindArray = k;
    this.capacity = capacity;
  }

  numbers(field: HerdNumberField): Float64Array {
    return this.numberArrays.get(field)!;
  }

  flags(field: HerdFlagField): Uint8Array {
    return this.flagArrays.get(field)!;
  }

  kinds(): Int32Array {
    return this.kindArray;
  }

  move(from: number, to: number): void {
    for (const a of this.numberArrays.values()) a[to] = a[from];
    for (const a of this.flagArrays.values()) a[to] = a[from];
    this.kindArray[to] = this.kindArray[from];
  }

  forget(): void {}

  step(): undefined {
    return undefined;
  }

  dispose(): void {
    this.capacity = 0;
    this.count = 0;
  }
}

/** The first field of body i that a per-row call would refuse, with the value and what was expected; null if none. */
function refusedField(s: HerdStorage, i: number, kindCount: number): string | null {
  const finite = (v: number): boolean => Number.isFinite(v);
  for (const f of ['x', 'y', 'z', 'vx', 'vy', 'vz', 'wantX', 'wantZ', 'yaw', 'floor', 'speed', 'turned'] as const) {
    const v = s.numbers(f)[i];
    if (!finite(v)) return `${f} = ${v}; expected a finite number`;
  }
  if (s.flags('hasFace')[i] !== 0 && !finite(s.numbers('face')[i])) return `face = ${s.numbers('face')[i]}; expected a finite number`;
  const side = s.numbers('side')[i];
  if (side !== -1 && side !== 0 && side !== 1) return `side = ${side}; expected -1, 0 or 1`;
  const kind = s.kinds()[i];
  if (!(kind >= 0 && kind < kindCount)) return `kind = ${kind}; expected an index into herd.kinds (0 to ${kindCount - 1})`;
  if (s.flags('seeking')[i] !== 0) {
    for (const f of ['targetX', 'targetZ'] as const) {
      const v = s.numbers(f)[i];
      if (!finite(v)) return `${f} = ${v}; expected a finite number`;
    }
    const stop = s.numbers('stop')[i];
    if (!(stop >= 0 && stop < Infinity)) return `stop = ${stop}; expected a finite number ≥ 0`;
  }
  return null;
}

/** The message of a refused move (src/reference/slide.ts checkMoveLength), which a herd step catches per body. */
const MOVE_TOO_LONG = 'walker: a move of ';

/**
 * Steps a herd on the plain-TypeScript core: for each body, seekBody (when it seeks) then walkBody on a Sampler
 * whose bodies are the start-of-step circles of the other bodies its kind lists (HD-1, HD-2). Returns as
 * HerdStorage.step does. A body's blocking list is built from all the others, so a blocking herd costs O(N²) here.
 */
export function stepOnReference(s: HerdStorage, table: readonly Readonly<Numbers>[], blocks: readonly (readonly boolean[])[], ground: Ground, dt: number): number {
  const count = s.count;
  for (let i = 0; i < count; i++) if (refusedField(s, i, table.length) !== null) return i;
  const xs = s.numbers('x');
  const zs = s.numbers('z');
  const kinds = s.kinds();
  const snapshot: Circle[] = [];
  for (let j = 0; j < count; j++) snapshot.push({ x: xs[j], z: zs[j], radius: table[kinds[j]].radius });
  const body = new Body();
  const move = new Move();
  let failed = -1;
  for (let i = 0; i < count; i++) {
    const kind = kinds[i];
    const n = table[kind];
    const g = new Sampler(ground);
    const listed = blocks[kind];
    if (n.bodies.length > 0) g.bodies = snapshot.filter((_, j) => j !== i && listed[kinds[j]]);
    loadBody(s, i, body);
    let arrived = s.flags('arrived')[i] !== 0;
    try {
      if (s.flags('seeking')[i] !== 0) arrived = seekBody(n, g, body, s.numbers('targetX')[i], s.numbers('targetZ')[i], s.numbers('stop')[i]);
      walkBody(n, g, body, dt, move);
    } catch (error) {
      if (!(error instanceof Error && error.message.startsWith(MOVE_TOO_LONG))) throw error;
      if (failed === -1) failed = i;
      continue;
    }
    s.flags('arrived')[i] = arrived ? 1 : 0;
    if (![body.x, body.y, body.z, body.vx, body.vy, body.vz, body.wantX, body.wantZ, body.yaw, body.floor, body.speed, body.turned].every(Number.isFinite)) {
      if (failed === -1) failed = i;
      continue;
    }
    storeBody(s, i, body);
  }
  return failed === -1 ? STEPPED : -2 - failed;
}

function loadBody(s: HerdStorage, i: number, b: Body): void {
  b.x = s.numbers('x')[i];
  b.y = s.numbers('y')[i];
  b.z = s.numbers('z')[i];
  b.vx = s.numbers('vx')[i];
  b.vy = s.numbers('vy')[i];
  b.vz = s.numbers('vz')[i];
  b.wantX = s.numbers('wantX')[i];
  b.wantZ = s.numbers('wantZ')[i];
  b.hasFace = s.flags('hasFace')[i] !== 0;
  b.face = s.numbers('face')[i];
  b.yaw = s.numbers('yaw')[i];
  b.jump = s.flags('jump')[i] !== 0;
  b.air = s.flags('air')[i] !== 0;
  b.steep = s.flags('steep')[i] !== 0;
  b.floor = s.numbers('floor')[i];
  b.speed = s.numbers('speed')[i];
  b.side = s.numbers('side')[i];
  b.turned = s.numbers('turned')[i];
}

/** Writes back what seek and walk change (src/rows.ts writeSought and writeWalked). */
function storeBody(s: HerdStorage, i: number, b: Body): void {
  s.numbers('x')[i] = b.x;
  s.numbers('y')[i] = b.y;
  s.numbers('z')[i] = b.z;
  s.numbers('vx')[i] = b.vx;
  s.numbers('vy')[i] = b.vy;
  s.numbers('vz')[i] = b.vz;
  s.numbers('wantX')[i] = b.wantX;
  s.numbers('wantZ')[i] = b.wantZ;
  s.numbers('yaw')[i] = b.yaw;
  s.flags('jump')[i] = 0;
  s.flags('air')[i] = b.air ? 1 : 0;
  s.flags('steep')[i] = b.steep ? 1 : 0;
  s.numbers('floor')[i] = b.floor;
  s.numbers('speed')[i] = b.speed;
  s.numbers('side')[i] = b.side;
  s.numbers('turned')[i] = b.turned;
}

/** The herd's kinds: names in table order, their checked numbers, and which kinds each kind's bodies list names. */
export interface HerdKinds {
  names: readonly string[];
  table: readonly Readonly<Numbers>[];
  /** blocks[k][j]: kind k lists kind j in its `bodies`. */
  blocks: readonly (readonly boolean[])[];
}

/** The kinds of a world's table, indexed (K-3: checked once per table). */
export function herdKinds(w: World): HerdKinds {
  const checked = checkedKinds(walkerOf(w).kinds);
  const names = [...checked.keys()];
  const table = names.map((k) => checked.get(k)!);
  const blocks = table.map((n) => names.map((k) => n.bodies.includes(k)));
  return { names, table, blocks };
}

/**
 * N bodies stepped in one call (HD-1..HD-3). Bodies are added as rows and read back as rows, or read and written
 * in place through typed-array views (`herd.x`, `herd.air`, …), each as long as the herd's count. A view is fresh
 * when taken: keep it only until the next add, remove or step (growth moves the arrays — HD-3).
 * A step walks every body — seeking first when the body has a target (`seek`) — each body blocked by the
 * start-of-step positions of the bodies its kind's `bodies` lists, so the result does not depend on body order
 * (HD-1), and equals one per-row seek and walk per body over a ground whose `bodies` hold those snapshots (HD-2).
 * The herd's own bodies are the only bodies that block: rows in `ground.bodies` are not read.
 */
export class Herd {
  /** The world whose kinds table the bodies walk by. */
  readonly world: World;
  /** The ground every body walks on. */
  readonly ground: Ground;
  /** The kind names, in the order the `kind` view indexes them. */
  readonly kinds: readonly string[];
  protected readonly table: readonly Readonly<Numbers>[];
  protected readonly blocks: readonly (readonly boolean[])[];
  protected readonly storage: HerdStorage;
  private readonly kindIndex: Map<string, number>;
  private readonly scratch = new Body();

  /** An empty herd on `ground` with room for `capacity` bodies before it grows. */
  constructor(w: World, ground: Ground, capacity = 64) {
    checkNumber('herd capacity', capacity, 0);
    const kinds = herdKinds(w);
    this.world = w;
    this.ground = ground;
    this.kinds = kinds.names;
    this.table = kinds.table;
    this.blocks = kinds.blocks;
    this.kindIndex = new Map(kinds.names.map((k, i) => [k, i]));
    new Sampler(ground); // the same check of the ground a per-row call makes, made once
    this.storage = this.createStorage(Math.max(1, Math.ceil(capacity)), kinds);
  }

  /** Makes the storage; the wasm entry's Herd overrides this to keep the arrays in wasm memory. */
  protected createStorage(capacity: number, _kinds: HerdKinds): HerdStorage {
    return new ArrayHerdStorage(capacity);
  }

  /** How many bodies the herd holds. */
  get count(): number {
    return this.storage.count;
  }

  /** How many bodies fit before the arrays grow. */
  get capacity(): number {
    return this.storage.capacity;
  }

  /** Adds a body read from `row` (R-1 defaults, R-3 checks; its kind must be in the table) and returns its index. */
  add(row: Row): number {
    const kind = this.indexOfKind(row);
    const body = readBody(row, this.scratch);
    const i = this.storage.count;
    if (i === this.storage.capacity) this.storage.reserve(Math.max(8, i * 2));
    this.writeBody(i, kind, body);
    const s = this.storage;
    for (const f of ['targetX', 'targetZ', 'stop'] as const) s.numbers(f)[i] = 0;
    s.flags('seeking')[i] = 0;
    s.flags('arrived')[i] = 0;
    s.count = i + 1;
    return i;
  }

  /**
   * Removes body `index` by moving the last body into its place; returns the index the moved body had (count − 1
   * before the call), or −1 when `index` was the last. Its seek target moves with it.
   */
  remove(index: number): number {
    this.checkIndex(index);
    const last = this.storage.count - 1;
    if (index !== last) this.storage.move(last, index);
    this.storage.count = last;
    return index === last ? -1 : last;
  }

  /** Body `index` as a new row (arrays new, R-2). */
  get(index: number): Row {
    this.checkIndex(index);
    const s = this.storage;
    const n = (f: HerdNumberField): number => s.numbers(f)[index];
    const flag = (f: HerdFlagField): boolean => s.flags(f)[index] !== 0;
    return {
      kind: this.kinds[s.kinds()[index]],
      pos: [n('x'), n('y'), n('z')],
      vel: [n('vx'), n('vy'), n('vz')],
      want: [n('wantX'), n('wantZ')],
      face: flag('hasFace') ? n('face') : null,
      yaw: n('yaw'),
      jump: flag('jump'),
      air: flag('air'),
      steep: flag('steep'),
      floor: n('floor'),
      speed: n('speed'),
      side: n('side'),
      turned: n('turned'),
    };
  }

  /** Overwrites body `index` with `row` (as `add` reads it); its seek target is kept. */
  set(index: number, row: Row): void {
    this.checkIndex(index);
    const kind = this.indexOfKind(row);
    this.writeBody(index, kind, readBody(row, this.scratch));
  }

  /** Makes body `index` seek `target` [x, z] each step, arriving within `stop` metres (SE-1..SE-6). */
  seek(index: number, target: readonly number[], stop: number): void {
    this.checkIndex(index);
    const t = checkVector('target', target, 2);
    checkNumber('stop', stop, 0);
    const s = this.storage;
    s.numbers('targetX')[index] = t[0];
    s.numbers('targetZ')[index] = t[1];
    s.numbers('stop')[index] = stop;
    s.flags('seeking')[index] = 1;
    s.flags('arrived')[index] = 0;
  }

  /** Stops body `index` seeking; its want is left as the last seek set it. */
  unseek(index: number): void {
    this.checkIndex(index);
    this.storage.flags('seeking')[index] = 0;
    this.storage.flags('arrived')[index] = 0;
  }

  /**
   * Steps every body once by `dt` (HD-1, HD-2). Throws, with nothing stepped, when a body holds a number a per-row
   * call would refuse (written through a view); throws after the step when a body would have been given a
   * non-finite number — that body is left as it was, the others have stepped.
   */
  step(dt: number): void {
    checkDt(dt);
    const s = this.storage;
    const result = s.step(dt) ?? stepOnReference(s, this.table, this.blocks, this.ground, dt);
    if (result === STEPPED) return;
    if (result >= 0) {
      throw new Error(`walker: herd body ${result} has ${refusedField(s, result, this.kinds.length)}; nothing was stepped.`);
    }
    throw new Error(`walker: herd body ${-2 - result} would be given a non-finite number (its numbers are too large); it was left as it was and the others stepped.`);
  }

  /** Releases the herd's memory (wasm memory on the wasm entry); the herd is unusable after. */
  dispose(): void {
    this.storage.dispose();
  }

  /** A view of one f64 array, as long as the count; fresh (see the class comment). */
  numbers(field: HerdNumberField): Float64Array {
    return this.storage.numbers(field).subarray(0, this.storage.count);
  }

  /** A view of one flag array (0 or 1), as long as the count; fresh. */
  flags(field: HerdFlagField): Uint8Array {
    return this.storage.flags(field).subarray(0, this.storage.count);
  }

  get x(): Float64Array { return this.numbers('x'); }
  get y(): Float64Array { return this.numbers('y'); }
  get z(): Float64Array { return this.numbers('z'); }
  get vx(): Float64Array { return this.numbers('vx'); }
  get vy(): Float64Array { return this.numbers('vy'); }
  get vz(): Float64Array { return this.numbers('vz'); }
  get wantX(): Float64Array { return this.numbers('wantX'); }
  get wantZ(): Float64Array { return this.numbers('wantZ'); }
  get face(): Float64Array { return this.numbers('face'); }
  get yaw(): Float64Array { return this.numbers('yaw'); }
  get floor(): Float64Array { return this.numbers('floor'); }
  get speed(): Float64Array { return this.numbers('speed'); }
  get side(): Float64Array { return this.numbers('side'); }
  get turned(): Float64Array { return this.numbers('turned'); }
  get targetX(): Float64Array { return this.numbers('targetX'); }
  get targetZ(): Float64Array { return this.numbers('targetZ'); }
  get stop(): Float64Array { return this.numbers('stop'); }
  get hasFace(): Uint8Array { return this.flags('hasFace'); }
  get jump(): Uint8Array { return this.flags('jump'); }
  get air(): Uint8Array { return this.flags('air'); }
  get steep(): Uint8Array { return this.flags('steep'); }
  get seeking(): Uint8Array { return this.flags('seeking'); }
  get arrived(): Uint8Array { return this.flags('arrived'); }
  /** Each body's kind as an index into `kinds`; fresh. */
  get kind(): Int32Array { return this.storage.kinds().subarray(0, this.storage.count); }

  private indexOfKind(row: Row): number {
    if (row === null || typeof row !== 'object') throw new Error(`walker: row is ${String(row)}; expected an object.`);
    const kind = kindOf(row);
    const index = this.kindIndex.get(kind);
    if (index === undefined) throw new Error(`walker: no kind "${kind}" in world.walker.kinds`);
    return index;
  }

  private checkIndex(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.storage.count) {
      throw new Error(`walker: herd index is ${String(index)}; expected a whole number from 0 to ${this.storage.count - 1}.`);
    }
  }

  private writeBody(i: number, kind: number, b: Body): void {
    const s = this.storage;
    const put = (f: HerdNumberField, v: number): void => {
      s.numbers(f)[i] = v;
    };
    const flag = (f: HerdFlagField, v: boolean): void => {
      s.flags(f)[i] = v ? 1 : 0;
    };
    put('x', b.x);
    put('y', b.y);
    put('z', b.z);
    put('vx', b.vx);
    put('vy', b.vy);
    put('vz', b.vz);
    put('wantX', b.wantX);
    put('wantZ', b.wantZ);
    flag('hasFace', b.hasFace);
    put('face', b.face);
    put('yaw', b.yaw);
    flag('jump', b.jump);
    flag('air', b.air);
    flag('steep', b.steep);
    put('floor', b.floor);
    put('speed', b.speed);
    put('side', b.side);
    put('turned', b.turned);
    s.kinds()[i] = kind;
    s.forget(i);
  }
}
