/**
 * Where everything lives in linear memory (WX-1): the arena allocator, the structs the facade reads and writes
 * (a kind's numbers, a body, circles), typed views over raw arrays, and the scratch of per-row calls.
 * The facade learns every field's byte offset from the constants exported here (and a herd's from herdLayout.ts).
 * A leaf: the structs that hold a ground, a crowd or a field set are laid out above those, in the files that own them.
 * The reference has no twin of this file: its memory is the JS heap.
 * Nothing here is managed by the AssemblyScript runtime (stub): every struct is @unmanaged and placed by `alloc`
 * or in a static segment, so the runtime's own heap is never used and never collides with the arena.
 */

// ---- Views over raw arrays -------------------------------------------------------------------------------------

/** A raw array of f64 at an address; `a[i]` loads and stores element i. */
@unmanaged export class F64s {
  @inline @operator("[]") get(i: i32): f64 {
    return load<f64>(changetype<usize>(this) + (<usize>i << 3));
  }
  @inline @operator("[]=") set(i: i32, v: f64): void {
    store<f64>(changetype<usize>(this) + (<usize>i << 3), v);
  }
}

/** A raw array of i32 at an address. */
@unmanaged export class I32s {
  @inline @operator("[]") get(i: i32): i32 {
    return load<i32>(changetype<usize>(this) + (<usize>i << 2));
  }
  @inline @operator("[]=") set(i: i32, v: i32): void {
    store<i32>(changetype<usize>(this) + (<usize>i << 2), v);
  }
}

/** A raw array of u16 numbers at an address. */
@unmanaged export class U16s {
  @inline @operator("[]") get(i: i32): i32 {
    return <i32>load<u16>(changetype<usize>(this) + (<usize>i << 1));
  }
  @inline @operator("[]=") set(i: i32, v: i32): void {
    store<u16>(changetype<usize>(this) + (<usize>i << 1), <u16>v);
  }
}

/** A raw array of u8 numbers at an address. */
@unmanaged export class U8Values {
  @inline @operator("[]") get(i: i32): i32 {
    return <i32>load<u8>(changetype<usize>(this) + <usize>i);
  }
  @inline @operator("[]=") set(i: i32, v: i32): void {
    store<u8>(changetype<usize>(this) + <usize>i, <u8>v);
  }
}

/** A raw array of u8 flags at an address. */
@unmanaged export class U8s {
  @inline @operator("[]") get(i: i32): bool {
    return load<u8>(changetype<usize>(this) + <usize>i) != 0;
  }
  @inline @operator("[]=") set(i: i32, v: bool): void {
    store<u8>(changetype<usize>(this) + <usize>i, v ? 1 : 0);
  }
}

// ---- The arena ---------------------------------------------------------------------------------------------------

/**
 * Blocks of the arena: a 16-byte header (u32 size of the whole block, u32 free flag) and the payload, 16-byte
 * aligned, laid end to end from the heap base to `arenaEnd`. First fit; free neighbours merge as they are passed.
 * Allocation happens only when the facade builds something (a ground, a herd, a larger scratch), never in a step.
 */
const HEADER: usize = 16;
/**
 * Every block starts and ends on a boundary of LINE bytes, the first past the statics, so no two blocks (nor a block
 * and the main thread's statics) share a cache line or the pair of lines a core fetches together: in a step on
 * several threads each writes its own blocks while the others read theirs, and a line two cores use, one writing,
 * goes back and forth between them (HD-5; two threads were 12–20 % slower for a static added, which moved every block
 * by 48 bytes).
 */
const LINE: usize = 128;
let arenaStart: usize = (__heap_base + LINE - 1) & ~(LINE - 1);
let arenaEnd: usize = arenaStart;

/** A block's flag: in use, free, or retired (freed, but not reused until the memory next grows; see `retire`). */
const USED: u32 = 0;
const FREE: u32 = 1;
const RETIRED: u32 = 2;

function ensureMemory(end: usize): void {
  const have = <usize>memory.size() << 16;
  if (end <= have) return;
  const need = <i32>((end - have + 0xffff) >>> 16);
  const pages = max<i32>(need, memory.size() >> 1);
  if (memory.grow(pages) < 0 && memory.grow(need) < 0) unreachable();
  reclaim();
}

/** Whether retired blocks stay retired for good: the memory is shared, and its growth detaches no view (HD-3). */
let retiredKept = false;

/** Keeps retired blocks out of use for good (the facade calls it once, over a shared memory: HD-3, HD-5). */
export function keepRetired(): void {
  retiredKept = true;
}

/**
 * The memory's size in pages as of its last growth (0 before any), for the facade: a shared memory's growth detaches
 * no view, so the facade re-derives its views when this differs from what it last saw (src/wasm/views.ts, HD-3).
 */
const grownTo = memory.data(4);

/**
 * Frees every retired block. Called whenever the memory has grown (here, or by the facade): growing an ordinary memory
 * detaches the old ArrayBuffer, so every view JS took over a retired block before is now empty and can no longer
 * reach the block (HD-3). A shared memory's old views stay over it, so there nothing is freed (`keepRetired`).
 */
export function reclaim(): void {
  store<i32>(grownTo, memory.size());
  if (retiredKept) return;
  for (let b = arenaStart; b < arenaEnd; b += <usize>load<u32>(b)) {
    if (load<u32>(b, 4) == RETIRED) store<u32>(b, FREE, 4);
  }
}

/**
 * Frees a block JS may hold views of (a herd's field arrays) without letting it be reused while such a view can
 * still reach it: it stays out of use until the memory next grows (`reclaim`), or for good over a shared memory. So a
 * stale view of a herd that grew or was disposed reads its old numbers, or nothing, and its writes never land in
 * another body's memory (HD-3).
 */
export function retire(ptr: usize): void {
  if (ptr == 0) return;
  const b = ptr - HEADER;
  assert(b >= arenaStart && b < arenaEnd && load<u32>(b, 4) == USED, "retire: not an allocated block");
  store<u32>(b, RETIRED, 4);
}

/** Where the arena ends: the facade grows the memory past it before a large allocation, so that failing is a sentence. */
export function arenaTop(): usize {
  return arenaEnd;
}

/**
 * Copies `bytes` (a multiple of 8) word by word, for a few dozen bytes: V8 makes a memory.copy a call out of wasm,
 * which costs more than the copy.
 */
@inline export function copyWords(to: usize, from: usize, bytes: usize): void {
  for (let k: usize = 0; k < bytes; k += 8) store<u64>(to + k, load<u64>(from + k));
}

/** Allocates `size` zeroed bytes, 16-byte aligned, in a block of whole LINEs. */
export function alloc(size: usize): usize {
  const need = (size + HEADER + LINE - 1) & ~(LINE - 1);
  let b = arenaStart;
  let last: usize = 0;
  while (b < arenaEnd) {
    let s = <usize>load<u32>(b);
    if (load<u32>(b, 4) == FREE) {
      let next = b + s;
      while (next < arenaEnd && load<u32>(next, 4) == FREE) {
        s += <usize>load<u32>(next);
        next = b + s;
      }
      store<u32>(b, <u32>s);
      if (s >= need) {
        if (s - need >= LINE) {
          store<u32>(b + need, <u32>(s - need));
          store<u32>(b + need, 1, 4);
          s = need;
        }
        store<u32>(b, <u32>s);
        store<u32>(b, 0, 4);
        memory.fill(b + HEADER, 0, s - HEADER);
        return b + HEADER;
      }
    }
    last = b;
    b += s;
  }
  // Nothing fits: extend the arena, reusing a free block at its end.
  if (last != 0 && load<u32>(last, 4) == FREE) b = last;
  ensureMemory(b + need);
  store<u32>(b, <u32>need);
  store<u32>(b, 0, 4);
  arenaEnd = b + need;
  memory.fill(b + HEADER, 0, need - HEADER);
  return b + HEADER;
}

/** Frees a block `alloc` returned (0 is ignored). */
export function free(ptr: usize): void {
  if (ptr == 0) return;
  const b = ptr - HEADER;
  assert(b >= arenaStart && b < arenaEnd && load<u32>(b, 4) == USED, "free: not an allocated block");
  store<u32>(b, FREE, 4);
}

/** Bytes in allocated blocks, headers included: what the core holds now (for the memory figures of the benchmark). */
export function usedBytes(): usize {
  let used: usize = 0;
  for (let b = arenaStart; b < arenaEnd; b += <usize>load<u32>(b)) {
    if (load<u32>(b, 4) == USED) used += <usize>load<u32>(b);
  }
  return used;
}

// ---- Structs shared with the facade --------------------------------------------------------------------------

/** The checked numbers of one kind (K-1), in the order of src/kinds.ts FIELDS. */
@unmanaged export class Numbers {
  radius: f64;
  height: f64;
  accel: f64;
  airAccel: f64;
  turnRate: f64;
  turnMax: f64;
  gravity: f64;
  jumpH: f64;
  step: f64;
  maxSlope: f64;
  slopeBand: f64;
  wade: f64;
  span: f64;
  probe: f64;
  slide: f64;
  seekSpeed: f64;
  avoidReach: f64;
  avoidHorizon: f64;
  avoidNeighbours: f64;
}

/** A row's walking state unpacked into numbers: the twin of src/rows.ts Body (`side` is kept as f64). */
@unmanaged export class Body {
  x: f64;
  y: f64;
  z: f64;
  vx: f64;
  vy: f64;
  vz: f64;
  wantX: f64;
  wantZ: f64;
  face: f64;
  yaw: f64;
  floor: f64;
  speed: f64;
  side: f64;
  turned: f64;
  hasFace: bool;
  jump: bool;
  air: bool;
  steep: bool;
}

/** A circle that blocks bodies: a tree trunk, a boulder, another body. */
@unmanaged export class Circle {
  x: f64;
  z: f64;
  radius: f64;
}

/** A list of circles stored by value: `list[i]` is the i-th circle, `length` how many are in use. */
@unmanaged export class Circles {
  length: i32;
  capacity: i32;
  data: usize;

  @inline @operator("[]") get(i: i32): Circle {
    return changetype<Circle>(this.data + <usize>i * offsetof<Circle>());
  }

  /** Appends a copy of (x, z, radius). */
  @inline add(x: f64, z: f64, radius: f64): void {
    assert(this.length < this.capacity, "Circles: over capacity");
    const c = changetype<Circle>(this.data + <usize>this.length * offsetof<Circle>());
    c.x = x;
    c.z = z;
    c.radius = radius;
    this.length++;
  }

  /** Appends a copy of `c`. */
  @inline push(c: Circle): void {
    this.add(c.x, c.z, c.radius);
  }

  /** Inserts a copy of `c` at position k, shifting the rest up by one. */
  insert(k: i32, c: Circle): void {
    assert(this.length < this.capacity, "Circles: over capacity");
    const at = this.data + <usize>k * offsetof<Circle>();
    const x = c.x;
    const z = c.z;
    const radius = c.radius;
    // From the end down, word by word: V8 makes a memory.copy a call out of wasm, dear for the few circles moved.
    for (let w = this.data + <usize>this.length * offsetof<Circle>(); w > at; w -= 8) store<u64>(w + offsetof<Circle>() - 8, load<u64>(w - 8));
    const slot = changetype<Circle>(at);
    slot.x = x;
    slot.z = z;
    slot.radius = radius;
    this.length++;
  }
}

/** Makes room in `list` for at least `capacity` circles (contents are dropped). */
export function reserveCircles(list: Circles, capacity: i32): void {
  if (capacity <= list.capacity) return;
  free(list.data);
  list.data = alloc(<usize>capacity * offsetof<Circle>());
  list.capacity = capacity;
  list.length = 0;
}

/** A corner-cache directory entry (assembly/ground.ts): terrain id (0: empty), tile column and row, pool slot. */
@unmanaged export class TileEntry {
  id: i32;
  tx: i32;
  tz: i32;
  slot: i32;
}

/** A body's numbers come first in Body, an f64 each, in src/body.ts's order; its flags follow, a byte each. */
export const BODY_NUMBER_COUNT: i32 = offsetof<Body>("hasFace") >> 3;
export const BODY_FLAGS_AT: i32 = offsetof<Body>("hasFace");
export const BODY_FLAG_COUNT: i32 = offsetof<Body>("steep") + 1 - offsetof<Body>("hasFace");
/** The index of a body number's array in a herd (its place in Body). */
@inline export function numberIndex(offset: i32): i32 {
  return offset >> 3;
}
/** The herd's arrays beyond a body's fields, by index. */
export const HERD_TARGETX: i32 = BODY_NUMBER_COUNT;
export const HERD_TARGETZ: i32 = BODY_NUMBER_COUNT + 1;
export const HERD_STOP: i32 = BODY_NUMBER_COUNT + 2;
export const HERD_NUMBER_COUNT: i32 = BODY_NUMBER_COUNT + 3;
export const HERD_SEEKING: i32 = BODY_FLAG_COUNT;
export const HERD_ARRIVED: i32 = BODY_FLAG_COUNT + 1;
export const HERD_UNREACHABLE: i32 = BODY_FLAG_COUNT + 2;
export const HERD_ROUTING: i32 = BODY_FLAG_COUNT + 3;
export const HERD_FLAG_COUNT: i32 = BODY_FLAG_COUNT + 4;

// ---- Scratch of per-row calls --------------------------------------------------------------------------------

/** The numbers of the row a per-row call steps. */
export const callNumbers = changetype<Numbers>(memory.data(offsetof<Numbers>()));
/** The body of the row a per-row call steps, written by the facade before the call and read back after. */
export const callBody = changetype<Body>(memory.data(offsetof<Body>()));
/**
 * The blocking bodies of a per-row call as circles, in the order of ground.bodies (src/reference/bodies.ts). A `let`:
 * a worker thread points it at its own empty list (assembly/threads.ts), as a step empties it.
 */
export let callBodies = changetype<Circles>(memory.data(offsetof<Circles>()));
/**
 * The motion of those bodies, beside them (AV-2): velocity x as x, z as z, and the share of avoiding it leaves (AV-6)
 * as radius. Read only where callBodies has bodies, which a worker thread's never has.
 */
export const callMotions = changetype<Circles>(memory.data(offsetof<Circles>()));
/** A per-row call's results: [x, z] of a move, or a stand height in [0], or seek's answer in [0], or the address of a route. */
export const callResult = changetype<F64s>(memory.data(16));

/** Address of the per-row scratch body (read by the facade). */
export function callBodyAddress(): usize {
  return changetype<usize>(callBody);
}
/** Address of the per-row scratch numbers. */
export function callNumbersAddress(): usize {
  return changetype<usize>(callNumbers);
}
/** Address of the memory's size as of its last growth (`grownTo`). */
export function grownToAddress(): usize {
  return grownTo;
}
/** Address of the per-row results. */
export function callResultAddress(): usize {
  return changetype<usize>(callResult);
}
/** Address of the per-row blocking circles' list (a Circles: the facade reads `data` and `capacity` there). */
export function callBodiesAddress(): usize {
  return changetype<usize>(callBodies);
}
/** Address of the per-row blocking bodies' motion (a Circles, laid out as callBodies). */
export function callMotionsAddress(): usize {
  return changetype<usize>(callMotions);
}
/** Makes room for `count` blocking circles of a per-row call and their motion (the lists' `data` may move). */
export function reserveCallBodies(count: i32): void {
  reserveCircles(callBodies, count);
  reserveCircles(callMotions, count);
}

/** A per-row call's status (its return value): done, or its move refused with [dx, dz] in the results. */
export const CALL_DONE: i32 = 0;
export const CALL_MOVE_REFUSED: i32 = 1;

// ---- Field offsets the facade reads ----------------------------------------------------------------------------

export const CIRCLE_SIZE: i32 = offsetof<Circle>();
export const CIRCLE_X: i32 = offsetof<Circle>("x");
export const CIRCLE_Z: i32 = offsetof<Circle>("z");
export const CIRCLE_RADIUS: i32 = offsetof<Circle>("radius");
export const CIRCLES_CAPACITY: i32 = offsetof<Circles>("capacity");
export const CIRCLES_DATA: i32 = offsetof<Circles>("data");
/** A herd's blocking masks: this many bytes per word, (kindCount + 31) / 32 words per kind, bit j of kind k's words set when k lists j. */
export const MASK_WORD_SIZE: i32 = sizeof<u32>();

export const NUMBERS_SIZE: i32 = offsetof<Numbers>();
export const NUMBERS_RADIUS: i32 = offsetof<Numbers>("radius");
export const NUMBERS_HEIGHT: i32 = offsetof<Numbers>("height");
export const NUMBERS_ACCEL: i32 = offsetof<Numbers>("accel");
export const NUMBERS_AIRACCEL: i32 = offsetof<Numbers>("airAccel");
export const NUMBERS_TURNRATE: i32 = offsetof<Numbers>("turnRate");
export const NUMBERS_TURNMAX: i32 = offsetof<Numbers>("turnMax");
export const NUMBERS_GRAVITY: i32 = offsetof<Numbers>("gravity");
export const NUMBERS_JUMPH: i32 = offsetof<Numbers>("jumpH");
export const NUMBERS_STEP: i32 = offsetof<Numbers>("step");
export const NUMBERS_MAXSLOPE: i32 = offsetof<Numbers>("maxSlope");
export const NUMBERS_SLOPEBAND: i32 = offsetof<Numbers>("slopeBand");
export const NUMBERS_WADE: i32 = offsetof<Numbers>("wade");
export const NUMBERS_SPAN: i32 = offsetof<Numbers>("span");
export const NUMBERS_PROBE: i32 = offsetof<Numbers>("probe");
export const NUMBERS_SLIDE: i32 = offsetof<Numbers>("slide");
export const NUMBERS_SEEKSPEED: i32 = offsetof<Numbers>("seekSpeed");
export const NUMBERS_AVOIDREACH: i32 = offsetof<Numbers>("avoidReach");
export const NUMBERS_AVOIDHORIZON: i32 = offsetof<Numbers>("avoidHorizon");
export const NUMBERS_AVOIDNEIGHBOURS: i32 = offsetof<Numbers>("avoidNeighbours");

export const BODY_X: i32 = offsetof<Body>("x");
export const BODY_Y: i32 = offsetof<Body>("y");
export const BODY_Z: i32 = offsetof<Body>("z");
export const BODY_VX: i32 = offsetof<Body>("vx");
export const BODY_VY: i32 = offsetof<Body>("vy");
export const BODY_VZ: i32 = offsetof<Body>("vz");
export const BODY_WANTX: i32 = offsetof<Body>("wantX");
export const BODY_WANTZ: i32 = offsetof<Body>("wantZ");
export const BODY_FACE: i32 = offsetof<Body>("face");
export const BODY_YAW: i32 = offsetof<Body>("yaw");
export const BODY_FLOOR: i32 = offsetof<Body>("floor");
export const BODY_SPEED: i32 = offsetof<Body>("speed");
export const BODY_SIDE: i32 = offsetof<Body>("side");
export const BODY_TURNED: i32 = offsetof<Body>("turned");
export const BODY_HASFACE: i32 = offsetof<Body>("hasFace");
export const BODY_JUMP: i32 = offsetof<Body>("jump");
export const BODY_AIR: i32 = offsetof<Body>("air");
export const BODY_STEEP: i32 = offsetof<Body>("steep");
