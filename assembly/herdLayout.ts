/**
 * A herd's struct in linear memory (assembly/herd.ts) and the offsets the facade reads it at. Apart from memory.ts
 * because a herd holds its ground, its crowd and its flow fields, whose files lay themselves out over the arena.
 */
import { F64s, I32s, U16s, U8s } from './memory';
import { GroundData } from './ground';
import { Crowd } from './crowd';
import { FieldSet } from './fields';

/**
 * A herd (assembly/herd.ts): N bodies as structure-of-arrays and their kinds. Its numbers are HERD_NUMBER_COUNT
 * arrays of `capacity` f64 laid one after another — a body's numbers in Body's order, then targetX, targetZ and
 * stop — and its flags HERD_FLAG_COUNT arrays of `capacity` bytes — a body's flags in Body's order, then seeking,
 * arrived, unreachable and routing — so a field's array is found by its index, and a new field of Body is a new array with no other edit.
 */
@unmanaged export class Herd {
  count: i32;
  capacity: i32;
  ground: GroundData;
  /** The kinds table: `kindCount` Numbers. */
  table: usize;
  kindCount: i32;
  /** Blocking masks, `maskWords` u32 per kind (see Crowd). */
  masks: usize;
  maskWords: i32;
  crowd: Crowd;
  /** Whether some kind lists kinds in its `bodies`: the crowd grid is kept (and filed each step) only then. */
  blocking: bool;
  numbers: usize;
  flags: usize;
  kind: I32s;
  /** The flow fields routing bodies follow (assembly/fields.ts, RT-7), kept from step to step. */
  fields: FieldSet;
  /**
   * What the last step left remembered (assembly/stand.ts): the stand height and water depth (NaN: not known) at
   * (memoX, memoZ) for kind memoKind — where the body ended, so the next step starts with them known.
   */
  memoX: F64s;
  memoZ: F64s;
  memoStand: F64s;
  memoDepth: F64s;
  /** (A kind fits in 16 bits: a table has at most 1,024, src/limits.ts MAX_KINDS.) */
  memoKind: U16s;
  /** Each body's proof of a clear way (assembly/clearWay.ts ClearWay), CLEAR_WAY_NUMBERS numbers per body. */
  clearWays: F64s;
  /** Each body's blocked probe (assembly/seek.ts BlockedProbe), BLOCKED_PROBE_NUMBERS numbers per body. */
  blockedProbes: F64s;
  /** Each body's proof of gentle ground (assembly/gentleProof.ts gentleCellsX, gentleCellsZ): two i32, one number per body. */
  gentleCells: F64s;
  /** Each body's disc clear of every piece (assembly/pieceFree.ts PieceFree), PIECE_FREE_NUMBERS numbers per body. */
  pieceFrees: F64s;
  /** The contexts of the threads beyond the first (assembly/threadContexts.ts): `threadCount` HerdThread addresses. */
  threads: usize;
  threadCount: i32;
  /** The main thread's memo of clusters of solids (assembly/clusterMemo.ts); each other thread's is in its context. */
  clusterMemo: usize;
  /** Each body's Rest (assembly/rest.ts), REST_NUMBERS numbers per body. */
  rests: F64s;
  /** The epoch a Rest must have been kept in to stand (never 0), and the dt it is for. */
  restEpoch: u32;
  restDt: f64;
  /**
   * Where bodies block: each body's start-of-step place, velocity and kind at the last step (x, z, vx, vz, kind:
   * LAST_FILED numbers a body), how many bodies it had, and a grid of CHANGE_SIDE² flags over the crowd's grid's box,
   * cells `changeCell` wide from (changeX, changeZ), set where a body changed since, with the list of those set (to
   * clear them): a body resting among bodies that block it rests on while none changed within its reach
   * (assembly/herd.ts wakeRestsNear).
   */
  lastFiled: F64s;
  lastCount: i32;
  changedCells: U8s;
  changedList: I32s;
  changedCount: i32;
  changeX: f64;
  changeZ: f64;
  changeCell: f64;
}

// Where a herd keeps the addresses of its number arrays, its flag arrays and its kinds (the facade views them).
export const HERD_NUMBERS_AT: i32 = offsetof<Herd>("numbers");
export const HERD_FLAGS_AT: i32 = offsetof<Herd>("flags");
export const HERD_KIND_AT: i32 = offsetof<Herd>("kind");
