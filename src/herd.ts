/**
 * Herd (HD-1..HD-3): many bodies as structure-of-arrays, stepped in one call. This file holds what both entries
 * share — the API, rows in and out, the checks — and the plain typed-array storage the reference entry uses (and the
 * wasm entry falls back to on a ground of JS callbacks), stepped by src/reference/herd.ts. The wasm entry's storage
 * is src/wasm/herd.ts: the arrays live in wasm memory and a step is one wasm call.
 */
import { BODY_FLAGS, BODY_NUMBERS, newBody, type Body } from './body.ts';
import { checkedKinds, kindOf, noKind, walkerOf } from './kinds.ts';
import { checkKnownKeys } from './known.ts';
import { MAX_HERD, MAX_THREADS, show } from './limits.ts';
import { checkDt, checkNumber, checkPoint, checkSeekOptions, readBody, rowOf } from './rows.ts';
import { checkGround } from './reference/lattice.ts';
import { newFieldSet } from './reference/fields.ts';
import type { ScatterGrid } from './reference/scatter.ts';
import { scatterAnswering } from './ground/scatter3d.ts';
import {
  HERD_FLAGS, HERD_NUMBERS, STEPPED, herdStep, loadBody, refusedField,
  type HerdArrays, type HerdFlagField, type HerdNumberField,
} from './reference/herd.ts';
import type { Ground, Numbers, Row, SeekOptions, World } from './types.ts';

export { HERD_FLAGS, HERD_NUMBERS, STEPPED, type HerdFlagField, type HerdNumberField };

/** The name of any of a herd's views: its number arrays, its flag arrays, and `kind` (HD-1). */
export type HerdField = HerdNumberField | HerdFlagField | 'kind';

const NUMBER_FIELDS = new Set<unknown>(HERD_NUMBERS);
const FLAG_FIELDS = new Set<unknown>(HERD_FLAGS);

/**
 * Where a herd keeps its arrays. Views span the whole capacity and may be replaced by `reserve` (and, for wasm
 * memory, by any growth of the memory), so a storage hands out fresh views on every call.
 */
export interface HerdStorage extends HerdArrays {
  readonly capacity: number;
  count: number;
  /** Makes room for `capacity` bodies, keeping the first `count`. */
  reserve(capacity: number): void;
  /** Moves body `from` into slot `to`. */
  move(from: number, to: number): void;
  /** Drops anything the storage remembers about body `index` (called whenever the herd writes the body). */
  forget(index: number): void;
  /**
   * Steps every body in one call when the storage can, answering as src/reference/herd.ts herdStep does, or returns
   * undefined to be stepped by that plain-TypeScript step over its views.
   */
  step(dt: number): number | undefined;
  /** Releases the storage's memory (and stops its threads); the herd is unusable after. */
  dispose(): void;
  /** How many threads a step runs on once the storage's workers run (HD-5), and how many the last step ran on. */
  readonly threads: number;
  readonly lastThreads: number;
  /** Resolves once the storage's workers are running (at once when it has none). */
  ready(): Promise<void>;
}

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

  readonly threads = 1;
  readonly lastThreads = 1;

  ready(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * A herd's options: `capacity`, the bodies it holds before its arrays grow (64); `threads`, how many threads a step
 * runs on (HD-5) — by default the cores available, used once the herd has AUTO_THREADS_FROM (256) bodies; a number
 * given is used from the first step. More than one thread needs the wasm entry on a built-in ground and shared memory
 * (in a browser, a cross-origin isolated page); elsewhere the herd steps on one thread and says why once.
 */
export interface HerdOptions {
  capacity?: number;
  threads?: number;
}

/** The herd's kinds: names in table order, their checked numbers, and which kinds each kind's bodies list names. */
export interface HerdKinds {
  names: readonly string[];
  table: readonly Readonly<Numbers>[];
  /** blocks[k][j]: kind k lists kind j in its `bodies`. */
  blocks: readonly (readonly boolean[])[];
}

const HERD_OPTIONS: readonly (keyof HerdOptions)[] = ['capacity', 'threads'];

/** The options object, checked to be one with only HerdOptions' keys (BI-5). */
function checkOptions(options: unknown): HerdOptions {
  if (options === null || typeof options !== 'object') {
    throw new Error(`walker: herd capacity is ${show(options)}; expected a number, or an object { capacity, threads }.`);
  }
  checkKnownKeys('Herd options', options, HERD_OPTIONS);
  return options as HerdOptions;
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
  private readonly scratch = newBody();
  /** The flow fields of a step on the reference core (RT-7); the wasm herd keeps its own in wasm memory. */
  private readonly fields = newFieldSet();
  /** The grid the ground's solids answer from when solidsOf can change them (LV-1), else null. */
  private readonly solids: ScatterGrid | null;
  private disposed = false;

  /**
   * An empty herd on `ground` with room for `capacity` bodies before it grows, stepping on `threads` threads (see
   * HerdOptions); a number alone is the capacity.
   */
  constructor(w: World, ground: Ground, options: number | HerdOptions = {}) {
    const { capacity = 64, threads } = typeof options === 'number' ? { capacity: options } : checkOptions(options);
    checkNumber('herd capacity', capacity, 0, MAX_HERD);
    if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1 && threads <= MAX_THREADS)) {
      throw new Error(`walker: herd threads is ${show(threads)}; expected a whole number from 1 to ${MAX_THREADS}.`);
    }
    const kinds = herdKinds(w);
    this.world = w;
    this.ground = ground;
    this.kinds = kinds.names;
    this.table = kinds.table;
    this.blocks = kinds.blocks;
    this.kindIndex = new Map(kinds.names.map((k, i) => [k, i]));
    checkGround(ground);
    this.solids = scatterAnswering(ground.solids)?.scatter.grid ?? null;
    this.storage = this.createStorage(Math.max(1, Math.ceil(capacity)), kinds, threads);
  }

  /**
   * Makes the storage; the wasm entry's Herd overrides this to keep the arrays in wasm memory (and step them on
   * `threads` threads, undefined: as many as there are cores).
   */
  protected createStorage(capacity: number, _kinds: HerdKinds, _threads: number | undefined): HerdStorage {
    return new ArrayHerdStorage(capacity);
  }

  /** How many threads a step runs on once the herd's workers are running (HD-5): 1 on the reference entry. */
  get threads(): number {
    this.live();
    return this.storage.threads;
  }

  /** How many threads the last step ran on (1 before the workers run, or for a herd of one body). */
  get lastStepThreads(): number {
    this.live();
    return this.storage.lastThreads;
  }

  /** Resolves once the herd's worker threads are running (starting them if they wait for the herd to grow). */
  ready(): Promise<void> {
    this.live();
    return this.storage.ready();
  }

  /** How many bodies the herd holds. */
  get count(): number {
    this.live();
    return this.storage.count;
  }

  /** How many bodies fit before the arrays grow. */
  get capacity(): number {
    this.live();
    return this.storage.capacity;
  }

  /** Adds a body read from `row` (R-1 defaults, R-3 checks; its kind must be in the table) and returns its index. */
  add(row: Row): number {
    this.live();
    const kind = this.indexOfKind(row);
    const body = readBody(row, this.scratch);
    const i = this.storage.count;
    if (i === MAX_HERD) throw new Error(`walker: the herd holds ${MAX_HERD} bodies; expected at most ${MAX_HERD} (make another herd).`);
    if (i === this.storage.capacity) this.storage.reserve(Math.min(MAX_HERD, Math.max(8, i * 2)));
    this.writeBody(i, kind, body);
    const s = this.storage;
    for (const f of ['targetX', 'targetZ', 'stop'] as const) s.numbers(f)[i] = 0;
    s.flags('seeking')[i] = 0;
    s.flags('arrived')[i] = 0;
    s.flags('unreachable')[i] = 0;
    s.flags('routing')[i] = 0;
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
    loadBody(s, index, this.scratch);
    return rowOf(this.kinds[s.kinds()[index]], this.scratch);
  }

  /** Overwrites body `index` with `row` (as `add` reads it); its seek target is kept. */
  set(index: number, row: Row): void {
    this.checkIndex(index);
    const kind = this.indexOfKind(row);
    this.writeBody(index, kind, readBody(row, this.scratch));
  }

  /**
   * Makes body `index` seek `target` [x, z] each step, arriving within `stop` metres (SE-1..SE-6); with
   * `{ route: true }` along its kind's flow field to the target, round lakes, cliffs and trees (RT-7, RT-8).
   */
  seek(index: number, target: readonly number[], stop: number, options?: SeekOptions): void {
    this.checkIndex(index);
    const t = checkPoint('target', target);
    checkNumber('stop', stop, 0);
    const route = checkSeekOptions(options, 'herd.seek options');
    const s = this.storage;
    s.flags('routing')[index] = route ? 1 : 0;
    s.numbers('targetX')[index] = t[0];
    s.numbers('targetZ')[index] = t[1];
    s.numbers('stop')[index] = stop;
    s.flags('seeking')[index] = 1;
    s.flags('arrived')[index] = 0;
    s.flags('unreachable')[index] = 0;
  }

  /** Stops body `index` seeking; its want is left as the last seek set it. */
  unseek(index: number): void {
    this.checkIndex(index);
    this.storage.flags('seeking')[index] = 0;
    this.storage.flags('arrived')[index] = 0;
    this.storage.flags('unreachable')[index] = 0;
    this.storage.flags('routing')[index] = 0;
  }

  /**
   * Steps every body once by `dt` (HD-1, HD-2). Throws, with nothing stepped, when a body holds a number a per-row
   * call would refuse (written through a view); throws after the step when a body would have been given a
   * non-finite number — that body is left as it was, the others have stepped.
   */
  step(dt: number): void {
    this.live();
    checkDt(dt);
    const s = this.storage;
    const result = s.step(dt) ?? herdStep({ arrays: s, table: this.table, blocks: this.blocks, ground: this.ground, fields: this.fields, solids: this.solids }, dt);
    if (result === STEPPED) return;
    if (result >= 0) {
      throw new Error(`walker: herd body ${result} has ${refusedField(s, result, this.table, dt)}; nothing was stepped.`);
    }
    throw new Error(`walker: herd body ${-2 - result} would be given a non-finite number or leave the world (its numbers are too large); it was left as it was and the others stepped.`);
  }

  /** Releases the herd's memory (wasm memory on the wasm entry) and stops its worker threads; the herd is unusable after. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.storage.dispose();
  }

  /** A view of one f64 array, as long as the count; fresh (see the class comment). */
  numbers(field: HerdNumberField): Float64Array {
    this.live();
    if (!NUMBER_FIELDS.has(field)) throw new Error(`walker: herd number field is ${show(field)}; expected one of ${HERD_NUMBERS.join(', ')}.`);
    return this.storage.numbers(field).subarray(0, this.storage.count);
  }

  /** A view of one flag array (0 or 1), as long as the count; fresh. */
  flags(field: HerdFlagField): Uint8Array {
    this.live();
    if (!FLAG_FIELDS.has(field)) throw new Error(`walker: herd flag field is ${show(field)}; expected one of ${HERD_FLAGS.join(', ')}.`);
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
  /** Seek's SE-7 answer per body: 1 while it rests short of a target it cannot reach; fresh. */
  get unreachable(): Uint8Array { return this.flags('unreachable'); }
  get routing(): Uint8Array { return this.flags('routing'); }
  /** Each body's kind as an index into `kinds`; fresh. */
  get kind(): Int32Array { this.live(); return this.storage.kinds().subarray(0, this.storage.count); }

  private indexOfKind(row: Row): number {
    const kind = kindOf(row);
    const index = this.kindIndex.get(kind);
    if (index === undefined) throw noKind(kind, this.kinds);
    return index;
  }

  private checkIndex(index: number): void {
    this.live();
    if (!Number.isInteger(index) || index < 0 || index >= this.storage.count) {
      const range = this.storage.count === 0 ? 'none: the herd is empty' : `a whole number from 0 to ${this.storage.count - 1}`;
      throw new Error(`walker: herd index is ${show(index)}; expected ${range}.`);
    }
  }

  private writeBody(i: number, kind: number, b: Body): void {
    const s = this.storage;
    for (const f of BODY_NUMBERS) s.numbers(f)[i] = b[f];
    for (const f of BODY_FLAGS) s.flags(f)[i] = b[f] ? 1 : 0;
    s.kinds()[i] = kind;
    s.forget(i);
  }

  /** Throws once the herd is disposed: its arrays are gone (a wasm herd's memory may hold another herd's by then). */
  private live(): void {
    if (this.disposed) throw new Error('walker: this herd was disposed; make a new Herd.');
  }
}
