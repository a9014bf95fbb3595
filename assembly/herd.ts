/**
 * A herd: N bodies as structure-of-arrays in linear memory, stepped in one call (HD-1..HD-3).
 * Each step files the bodies' start-of-step positions in a grid (assembly/crowd.ts), then for every body in turn
 * copies it into a Body, seeks its target (when it has one), walks it, and copies it back — the same seekBody and
 * walkBody a per-row call runs, so a herd step equals N per-row calls whose ground.bodies hold start-of-step
 * snapshots of the other bodies (HD-2). AssemblyScript-only; the facade is src/wasm/herd.ts.
 */
import {
  BODY_FLAG_COUNT, BODY_FLAGS_AT, BODY_NUMBER_COUNT, Body, F64s, HERD_ARRIVED, HERD_FLAG_COUNT, HERD_ROUTING, HERD_UNREACHABLE, HERD_NUMBER_COUNT, HERD_SEEKING,
  HERD_STOP, HERD_TARGETX, HERD_TARGETZ, I32s, Numbers, U16s, U8s, alloc, copyWords, free, numberIndex, reserveCircles, retire,
} from './memory';
import { Herd } from './herdLayout';
import { GroundData } from './ground';
import { Sampler, forget, nearList, useGround } from './lattice';
import { Crowd, fileCrowd, freeCrowd, newCrowd, reserveCrowd } from './crowd';
import { CHANGE_MARGIN, dropFieldsIn, fieldFor, freeFieldSet, newFieldSet, seekAlong } from './fields';
import { LOG_SIZE, ScatterGrid } from './scatter';
import { binColumn, binEnd, binRow, binStart, fileChanges, filedAt, missesFiled, wideAt, wideChanges } from './changeBins';
import {
  BLOCKED_PROBE_NUMBERS, BlockedProbe, MAX_SOLID_CLUSTER, SEEK_ARRIVED, SEEK_UNREACHABLE, STALL_PROBE, blockedProbe, keepBlockedProbe, seekBody,
} from './seek';
import { CLEAR_WAY_NUMBERS, ClearWay, clearWay, keepClearWay } from './clearWay';
import { Move, SKIN, clearRefusedMove, wasMoveRefused } from './slide';
import { walkBody } from './walk';
import { NO_CELLS, gentleCellsX, gentleCellsZ, keepGentle } from './gentleProof';
import { contextOf, freeThreads, reserveThreads } from './threadContexts';
import { forgetClustersIn, freeClusterMemo, newClusterMemo, useClusterMemo } from './clusterMemo';
import { PIECE_FREE_NUMBERS, PieceFree, freeReach, freeX, freeZ, insidePieceFree, keepPieceFree } from './pieceFree';
import { ShapeGrid, pieceClearance } from './shapeGrid';
import { REST_ARRIVED, REST_NUMBERS, REST_SEEKING, Rest, atRest, keepRest, keptAsIs, restFlags, same } from './rest';

/**
 * A herd of up to `capacity` bodies on a ground, with a kinds table of `kindCount` kinds for the facade to fill;
 * `blocking` when some kind lists kinds in its `bodies` (only then does the herd keep a grid of its bodies).
 */
export function newHerd(ground: GroundData, kindCount: i32, capacity: i32, blocking: bool): Herd {
  const h = changetype<Herd>(alloc(offsetof<Herd>()));
  h.ground = ground;
  h.blocking = blocking;
  h.kindCount = kindCount;
  h.table = alloc(<usize>kindCount * offsetof<Numbers>());
  h.maskWords = (kindCount + 31) >>> 5;
  h.masks = alloc(<usize>(kindCount * h.maskWords) << 2);
  h.crowd = newCrowd(0);
  h.crowd.table = h.table;
  h.crowd.masks = h.masks;
  h.crowd.maskWords = h.maskWords;
  h.fields = newFieldSet();
  h.clusterMemo = newClusterMemo(MAX_SOLID_CLUSTER);
  h.restEpoch = 1;
  h.restDt = NaN;
  reserveHerd(h, max<i32>(capacity, 1));
  return h;
}

/** Address of the herd's kinds table (kindCount Numbers) for the facade to fill. */
export function herdTable(h: Herd): usize {
  return h.table;
}

/** Address of the herd's blocking masks (maskWords u32 per kind) for the facade to fill. */
export function herdMasks(h: Herd): usize {
  return h.masks;
}

/** Body i's number `field` (an index: a body number's place in Body, or HERD_TARGETX …). */
@inline function numbersOf(h: Herd, field: i32): F64s {
  return changetype<F64s>(h.numbers + ((<usize>field * <usize>h.capacity) << 3));
}

/** The array of flag `field` (an index: a body flag's place among Body's flags, or HERD_SEEKING, HERD_ARRIVED). */
@inline function flagsOf(h: Herd, field: i32): U8s {
  return changetype<U8s>(h.flags + <usize>field * <usize>h.capacity);
}

/**
 * `old`'s first `count` elements of `size` bytes, in a new block of `capacity` elements. `old` is retired, not freed
 * (HD-3: JS may hold views of a herd's arrays, and a stale view never reaches reused memory).
 */
function grown(old: usize, size: usize, count: i32, capacity: i32): usize {
  const a = alloc(<usize>capacity * size);
  memory.copy(a, old, <usize>count * size);
  retire(old);
  return a;
}

/** `fields` arrays of `size`-byte elements, each `capacity` long, holding the first `count` of each of `old`'s (retired as `grown` does). */
function grownArrays(old: usize, fields: i32, size: usize, count: i32, oldCapacity: i32, capacity: i32): usize {
  const a = alloc(<usize>fields * <usize>capacity * size);
  if (old != 0) {
    for (let f = 0; f < fields; f++) {
      memory.copy(a + <usize>f * <usize>capacity * size, old + <usize>f * <usize>oldCapacity * size, <usize>count * size);
    }
    retire(old);
  }
  return a;
}

/**
 * The first `count` bodies' records of `numbers` numbers each (proofs of a clear way or of gentle ground, blocked
 * probes) in `capacity` slots; the others are zeros (a proof with a margin of 0, or NO_CELLS: none; a probe is read
 * only where the body last ended).
 */
function grownRecords(old: F64s, numbers: i32, count: i32, capacity: i32): F64s {
  const size = <usize>numbers << 3;
  const a = alloc(<usize>capacity * size);
  memory.fill(a, 0, <usize>capacity * size);
  if (changetype<usize>(old) != 0) {
    memory.copy(a, changetype<usize>(old), <usize>count * size);
    free(changetype<usize>(old));
  }
  return changetype<F64s>(a);
}

/**
 * Makes room for `capacity` bodies, copying the bodies there are; every array moves (HD-3: the facade re-derives its
 * views). Also makes the shared circle list long enough for any query of this herd (all solids and all bodies).
 */
export function reserveHerd(h: Herd, capacity: i32): void {
  if (capacity <= h.capacity) return;
  const n = h.count;
  h.numbers = grownArrays(h.numbers, HERD_NUMBER_COUNT, 8, n, h.capacity, capacity);
  h.flags = grownArrays(h.flags, HERD_FLAG_COUNT, 1, n, h.capacity, capacity);
  h.kind = changetype<I32s>(grown(changetype<usize>(h.kind), 4, n, capacity));
  h.memoX = changetype<F64s>(grown(changetype<usize>(h.memoX), 8, n, capacity));
  h.memoZ = changetype<F64s>(grown(changetype<usize>(h.memoZ), 8, n, capacity));
  h.memoStand = changetype<F64s>(grown(changetype<usize>(h.memoStand), 8, n, capacity));
  h.memoDepth = changetype<F64s>(grown(changetype<usize>(h.memoDepth), 8, n, capacity));
  h.memoKind = changetype<U16s>(grown(changetype<usize>(h.memoKind), 2, n, capacity));
  h.gentleCells = grownRecords(h.gentleCells, 1, n, capacity);
  h.clearWays = grownRecords(h.clearWays, CLEAR_WAY_NUMBERS, n, capacity);
  h.blockedProbes = grownRecords(h.blockedProbes, BLOCKED_PROBE_NUMBERS, n, capacity);
  h.pieceFrees = grownRecords(h.pieceFrees, PIECE_FREE_NUMBERS, n, capacity);
  h.rests = grownRecords(h.rests, REST_NUMBERS, n, capacity);
  if (h.blocking) {
    h.lastFiled = grownRecords(h.lastFiled, LAST_FILED, h.lastCount, capacity);
    if (changetype<usize>(h.changedCells) == 0) h.changedCells = changetype<U8s>(alloc(<usize>(CHANGE_SIDE * CHANGE_SIDE)));
    // Two cells a body at most: its last place's and its new one's.
    if (changetype<usize>(h.changedList) != 0) free(changetype<usize>(h.changedList));
    h.changedList = changetype<I32s>(alloc(<usize>(2 * capacity) << 2));
    h.changedCount = 0;
    memory.fill(changetype<usize>(h.changedCells), 0, <usize>(CHANGE_SIDE * CHANGE_SIDE));
  }
  h.capacity = capacity;
  if (h.blocking) reserveCrowd(h.crowd, capacity);
  const scatter = h.ground.scatter;
  // A query answers the herd's bodies only where they block each other.
  reserveCircles(nearList(), (scatter === null ? 0 : scatter.count) + (h.blocking ? capacity : 0));
  reserveThreads(h);
}

/** Frees the herd and everything it owns (not its ground). */
export function freeHerd(h: Herd): void {
  retire(h.numbers);
  retire(h.flags);
  freeFieldSet(h.fields);
  retire(changetype<usize>(h.kind));
  free(changetype<usize>(h.memoX));
  free(changetype<usize>(h.memoZ));
  free(changetype<usize>(h.memoStand));
  free(changetype<usize>(h.memoDepth));
  free(changetype<usize>(h.memoKind));
  free(changetype<usize>(h.clearWays));
  free(changetype<usize>(h.blockedProbes));
  free(changetype<usize>(h.gentleCells));
  free(changetype<usize>(h.pieceFrees));
  free(changetype<usize>(h.rests));
  if (h.blocking) {
    free(changetype<usize>(h.lastFiled));
    free(changetype<usize>(h.changedCells));
    free(changetype<usize>(h.changedList));
  }
  free(h.table);
  free(h.masks);
  freeCrowd(h.crowd);
  freeClusterMemo(h.clusterMemo);
  freeThreads(h);
  free(changetype<usize>(h));
}

/** Moves body `from` into slot `to` (every field), for removing a body by moving the last one into its place. */
export function herdMove(h: Herd, from: i32, to: i32): void {
  for (let f = 0; f < HERD_NUMBER_COUNT; f++) numbersOf(h, f)[to] = numbersOf(h, f)[from];
  for (let f = 0; f < HERD_FLAG_COUNT; f++) flagsOf(h, f)[to] = flagsOf(h, f)[from];
  h.kind[to] = h.kind[from];
  h.memoX[to] = h.memoX[from];
  h.memoZ[to] = h.memoZ[from];
  h.memoStand[to] = h.memoStand[from];
  h.memoDepth[to] = h.memoDepth[from];
  h.memoKind[to] = h.memoKind[from];
  store<u64>(gentleCellsOf(h, to), load<u64>(gentleCellsOf(h, from)));
  memory.copy(clearWayOf(h, to), clearWayOf(h, from), offsetof<ClearWay>());
  memory.copy(blockedProbeOf(h, to), blockedProbeOf(h, from), offsetof<BlockedProbe>());
  memory.copy(pieceFreeOf(h, to), pieceFreeOf(h, from), offsetof<PieceFree>());
}

/** Where body i's proof of a clear way is kept (assembly/clearWay.ts ClearWay). */
@inline function clearWayOf(h: Herd, i: i32): usize {
  return changetype<usize>(h.clearWays) + <usize>i * offsetof<ClearWay>();
}

/** Where body i's blocked probe is kept (assembly/seek.ts BlockedProbe): for where it last ended, as the kind it was. */
@inline function blockedProbeOf(h: Herd, i: i32): usize {
  return changetype<usize>(h.blockedProbes) + <usize>i * offsetof<BlockedProbe>();
}

/** Where body i's disc clear of every piece is kept (assembly/pieceFree.ts PieceFree): none while its reach is 0. */
@inline function pieceFreeOf(h: Herd, i: i32): usize {
  return changetype<usize>(h.pieceFrees) + <usize>i * offsetof<PieceFree>();
}

/** Where body i's proof of gentle ground is kept (assembly/gentleProof.ts): for the kind it last stepped as, memoKind. */
@inline function gentleCellsOf(h: Herd, i: i32): usize {
  return changetype<usize>(h.gentleCells) + (<usize>i << 3);
}

/** Where body i's Rest is kept (assembly/rest.ts): it stands while its epoch is the herd's. */
@inline function restOf(h: Herd, i: i32): Rest {
  return changetype<Rest>(changetype<usize>(h.rests) + <usize>i * offsetof<Rest>());
}

/** Drops body i's remembered stand height and depth (the facade calls it when it writes the body). */
export function herdForget(h: Herd, i: i32): void {
  h.memoX[i] = NaN;
  h.memoZ[i] = NaN;
  // A slot past the count is not caught up with the solids' changes (forgetMemosIn): a body written into it starts
  // with no proof of a clear way and no disc clear of every piece.
  changetype<ClearWay>(clearWayOf(h, i)).margin = 0.0;
  changetype<PieceFree>(pieceFreeOf(h, i)).reach = 0.0;
}

/**
 * Puts body i's remembered stand height and depth into the sampler, if they are for where it is and its kind; answers
 * whether they are.
 */
@inline function recall(h: Herd, i: i32, n: Numbers, g: Sampler, body: Body): bool {
  if (h.memoX[i] != body.x || h.memoZ[i] != body.z || h.memoKind[i] != h.kind[i]) return false;
  g.standX = body.x;
  g.standZ = body.z;
  g.standN = n;
  g.standH = h.memoStand[i];
  const depth = h.memoDepth[i];
  if (depth != depth) return true;
  g.depthX = body.x;
  g.depthZ = body.z;
  g.depthN = n;
  g.depthH = depth;
  return true;
}

/** Keeps what the sampler remembers at where body i ended (the last stand height a walk asks is there). */
@inline function remember(h: Herd, i: i32, g: Sampler, body: Body): void {
  const atEnd = g.standX == body.x && g.standZ == body.z;
  h.memoX[i] = atEnd ? body.x : NaN;
  h.memoZ[i] = body.z;
  h.memoStand[i] = g.standH;
  h.memoDepth[i] = g.depthX == body.x && g.depthZ == body.z ? g.depthH : NaN;
  h.memoKind[i] = h.kind[i];
}

// loadBody and storeBody step down the arrays from body i's slot in the first, a whole array at a time: the herd's
// fields are read once (a store to the body could be one to them, as far as the compiler knows).
@inline function loadBody(h: Herd, i: i32, body: Body): void {
  const at = changetype<usize>(body);
  const count = <usize>h.capacity;
  let number = changetype<usize>(numbersOf(h, 0)) + (<usize>i << 3);
  for (let f: usize = 0; f < <usize>BODY_NUMBER_COUNT; f++, number += count << 3) store<f64>(at + (f << 3), load<f64>(number));
  let flag = changetype<usize>(flagsOf(h, 0)) + <usize>i;
  for (let f: usize = 0; f < <usize>BODY_FLAG_COUNT; f++, flag += count) store<u8>(at + <usize>BODY_FLAGS_AT + f, load<u8>(flag) != 0 ? 1 : 0);
}

/** Writes back the stepped body (seek and walk change some of its fields; the others go back as they were). */
@inline function storeBody(h: Herd, i: i32, body: Body): void {
  const at = changetype<usize>(body);
  const count = <usize>h.capacity;
  let number = changetype<usize>(numbersOf(h, 0)) + (<usize>i << 3);
  for (let f: usize = 0; f < <usize>BODY_NUMBER_COUNT; f++, number += count << 3) store<f64>(number, load<f64>(at + (f << 3)));
  let flag = changetype<usize>(flagsOf(h, 0)) + <usize>i;
  for (let f: usize = 0; f < <usize>BODY_FLAG_COUNT; f++, flag += count) store<u8>(flag, load<u8>(at + <usize>BODY_FLAGS_AT + f) != 0 ? 1 : 0);
}

/** Whether every number a step writes is finite (src/body.ts finiteBody): x − x is 0 for finite x, NaN otherwise. */
@inline function finiteBody(b: Body): bool {
  const sum = (b.x - b.x) + (b.y - b.y) + (b.z - b.z) + (b.vx - b.vx) + (b.vy - b.vy) + (b.vz - b.vz)
    + (b.wantX - b.wantX) + (b.wantZ - b.wantZ) + (b.yaw - b.yaw) + (b.floor - b.floor) + (b.speed - b.speed)
    + (b.turned - b.turned);
  return sum == 0.0;
}

/** Body i's number at byte `offset` of Body, read in place. */
@inline export function numberAt(h: Herd, offset: i32, i: i32): f64 {
  return numbersOf(h, numberIndex(offset))[i];
}

/** Where the array of the body number at byte `offset` of Body starts, for a pass down it (surelyValid, checkThread). */
@inline export function columnOf(h: Herd, offset: i32): usize {
  return changetype<usize>(numbersOf(h, numberIndex(offset)));
}

/** Whether every number a step writes is finite for body i, read in place (finiteBody, without loading the body). */
@inline function finiteAt(h: Herd, i: i32): bool {
  const x = numberAt(h, offsetof<Body>("x"), i);
  const y = numberAt(h, offsetof<Body>("y"), i);
  const z = numberAt(h, offsetof<Body>("z"), i);
  const vx = numberAt(h, offsetof<Body>("vx"), i);
  const vy = numberAt(h, offsetof<Body>("vy"), i);
  const vz = numberAt(h, offsetof<Body>("vz"), i);
  const wantX = numberAt(h, offsetof<Body>("wantX"), i);
  const wantZ = numberAt(h, offsetof<Body>("wantZ"), i);
  const yaw = numberAt(h, offsetof<Body>("yaw"), i);
  const floor = numberAt(h, offsetof<Body>("floor"), i);
  const speed = numberAt(h, offsetof<Body>("speed"), i);
  const turned = numberAt(h, offsetof<Body>("turned"), i);
  const sum = (x - x) + (y - y) + (z - z) + (vx - vx) + (vy - vy) + (vz - vz) + (wantX - wantX) + (wantZ - wantZ)
    + (yaw - yaw) + (floor - floor) + (speed - speed) + (turned - turned);
  return sum == 0.0;
}

/** The world's half-side and the longest move of one step (src/limits.ts WORLD and MAX_MOVE, BI-2, BI-3). */
const WORLD: f64 = 1e6;
const MAX_MOVE: f64 = 100.0;

/** The fastest body i may move this step (src/reference/herd.ts mostSpeed, BI-3). */
function mostSpeed(h: Herd, i: i32, n: Numbers, seeking: bool): f64 {
  const vx = numbersOf(h, numberIndex(offsetof<Body>("vx")))[i];
  const vz = numbersOf(h, numberIndex(offsetof<Body>("vz")))[i];
  const wx = numbersOf(h, numberIndex(offsetof<Body>("wantX")))[i];
  const wz = numbersOf(h, numberIndex(offsetof<Body>("wantZ")))[i];
  const want = Math.max(Math.sqrt(wx * wx + wz * wz), seeking ? n.seekSpeed : 0.0) + n.slide;
  return Math.max(Math.sqrt(vx * vx + vz * vz), want);
}

/**
 * Whether body i's inputs are ones a per-row call accepts for a step of dt (src/reference/herd.ts refusedField: the
 * fields, the world, the move, BI-2, BI-3), read in place (the step loads each body once, when it steps it).
 */
function validBody(h: Herd, i: i32, dt: f64): bool {
  if (!finiteAt(h, i)) return false;
  const face = numberAt(h, offsetof<Body>("face"), i);
  if (flagsOf(h, offsetof<Body>("hasFace") - BODY_FLAGS_AT)[i] && !(face - face == 0.0)) return false;
  const side = numberAt(h, offsetof<Body>("side"), i);
  if (side != -1.0 && side != 0.0 && side != 1.0) return false;
  const kind = h.kind[i];
  if (kind < 0 || kind >= h.kindCount) return false;
  if (!(Math.abs(numberAt(h, offsetof<Body>("x"), i)) <= WORLD && Math.abs(numberAt(h, offsetof<Body>("z"), i)) <= WORLD)) return false;
  const seeking = flagsOf(h, HERD_SEEKING)[i];
  if (seeking) {
    const tx = numbersOf(h, HERD_TARGETX)[i];
    const tz = numbersOf(h, HERD_TARGETZ)[i];
    if (!(Math.abs(tx) <= WORLD && Math.abs(tz) <= WORLD)) return false;
    const stop = numbersOf(h, HERD_STOP)[i];
    if (!(stop >= 0.0 && stop < Infinity)) return false;
  }
  const n = changetype<Numbers>(h.table + <usize>kind * offsetof<Numbers>());
  return mostSpeed(h, i, n, seeking) * dt <= MAX_MOVE;
}

/** Whether a stepped body may be stored: every number finite, and in the world (R-3, BI-2). */
@inline function storable(b: Body): bool {
  return finiteBody(b) && Math.abs(b.x) <= WORLD && Math.abs(b.z) <= WORLD;
}

/** Whether kind k lists any kind in its `bodies`. */
function kindBlocked(h: Herd, kind: i32): bool {
  const row = h.masks + (<usize>(kind * h.maskWords) << 2);
  for (let w = 0; w < h.maskWords; w++) if (load<u32>(row + (<usize>w << 2)) != 0) return true;
  return false;
}

// The body and the move a step works on: `let`s, so a worker thread points them at its own (assembly/threads.ts).
export let body = changetype<Body>(memory.data(offsetof<Body>()));
export let move = changetype<Move>(memory.data(offsetof<Move>()));

/**
 * Steps every body once (HD-1, HD-2): seek toward its target when it has one, then walk, each body blocked by the
 * start-of-step positions of the bodies its kind lists. Returns −1 when every body stepped. A body whose inputs a
 * per-row call would refuse stops the step before anything moves: the answer is its index. A body whose step
 * would write a non-finite number is left as it was and the others step: the answer is −2 − its index (the first).
 */
export function herdStep(h: Herd, dt: f64): i32 {
  const refused = beginStep(h, dt);
  if (refused != -1) return refused;
  return stepBodies(h, h.crowd, h.clusterMemo, 0, h.count, dt);
}

/**
 * What a step does before any body moves: checks every body (the answer is the index of the first a per-row call
 * would refuse, else −1), then prepares the step (prepareStep).
 */
export function beginStep(h: Herd, dt: f64): i32 {
  const refused = firstRefused(h, 0, h.count, dt);
  if (refused != -1) return refused;
  prepareStep(h, dt);
  return -1;
}

/** The first of bodies `from` to `to` − 1 a per-row call would refuse for a step of dt (validBody), else −1. */
export function firstRefused(h: Herd, from: i32, to: i32, dt: f64): i32 {
  if (surelyValid(h, from, to, dt)) return -1;
  for (let i = from; i < to; i++) if (!validBody(h, i, dt)) return i;
  return -1;
}

/** The most any kind of the herd's table seeks and slides at, m/s: what a body's want adds to its speed at most (mostSpeed). */
function mostWanted(h: Herd): f64 {
  let most: f64 = 0.0;
  for (let k = 0; k < h.kindCount; k++) {
    const n = changetype<Numbers>(h.table + <usize>k * offsetof<Numbers>());
    most = Math.max(most, n.seekSpeed + n.slide);
  }
  return most;
}

/** Whether both lanes of f64x2 `v` are at most `most` (false for NaN). */
@inline function bothAtMost(v: v128, most: v128): v128 {
  return f64x2.le(v, most);
}

/**
 * Whether every one of bodies `from` to `to` − 1 surely passes validBody for a step of dt: one pass down the arrays, two
 * bodies at a time (v128), whose checks are validBody's or looser — a number a step writes, or the face, not finite; a
 * side not −1, 0 or 1; a kind not in the table; a place, or a target, outside the world; a stop out of range; a speed
 * that, with the most any kind seeks and slides at (mostWanted), could move the body too far. False may be a false
 * alarm (a face or a target the body does not use): firstRefused then checks body by body. AS only: the reference
 * checks body by body.
 */
function surelyValid(h: Herd, from: i32, to: i32, dt: f64): bool {
  const xs = columnOf(h, offsetof<Body>("x"));
  const ys = columnOf(h, offsetof<Body>("y"));
  const zs = columnOf(h, offsetof<Body>("z"));
  const vxs = columnOf(h, offsetof<Body>("vx"));
  const vys = columnOf(h, offsetof<Body>("vy"));
  const vzs = columnOf(h, offsetof<Body>("vz"));
  const wxs = columnOf(h, offsetof<Body>("wantX"));
  const wzs = columnOf(h, offsetof<Body>("wantZ"));
  const faces = columnOf(h, offsetof<Body>("face"));
  const yaws = columnOf(h, offsetof<Body>("yaw"));
  const floors = columnOf(h, offsetof<Body>("floor"));
  const speeds = columnOf(h, offsetof<Body>("speed"));
  const sides = columnOf(h, offsetof<Body>("side"));
  const turneds = columnOf(h, offsetof<Body>("turned"));
  const txs = changetype<usize>(numbersOf(h, HERD_TARGETX));
  const tzs = changetype<usize>(numbersOf(h, HERD_TARGETZ));
  const stops = changetype<usize>(numbersOf(h, HERD_STOP));
  const world = f64x2.splat(WORLD);
  const move = f64x2.splat(MAX_MOVE);
  const wanted = f64x2.splat(mostWanted(h));
  const step = f64x2.splat(dt);
  const one = f64x2.splat(1.0);
  const zero = f64x2.splat(0.0);
  const infinity = f64x2.splat(Infinity);
  let finite = zero;
  let ok = i64x2.splat(-1);
  let kinds = true;
  const kindCount = <u32>h.kindCount;
  let i = from;
  // Both lanes of the last pair are bodies: an odd tail is paired with the body before it.
  if (to - from >= 2) {
    for (;;) {
      if (i + 2 > to) i = to - 2;
      const at = <usize>i << 3;
      const x = v128.load(xs + at);
      const z = v128.load(zs + at);
      const vx = v128.load(vxs + at);
      const vz = v128.load(vzs + at);
      const wx = v128.load(wxs + at);
      const wz = v128.load(wzs + at);
      finite = f64x2.add(finite, f64x2.sub(x, x));
      finite = f64x2.add(finite, f64x2.sub(z, z));
      finite = f64x2.add(finite, f64x2.sub(vx, vx));
      finite = f64x2.add(finite, f64x2.sub(vz, vz));
      finite = f64x2.add(finite, f64x2.sub(wx, wx));
      finite = f64x2.add(finite, f64x2.sub(wz, wz));
      const y = v128.load(ys + at);
      const vy = v128.load(vys + at);
      const face = v128.load(faces + at);
      const yaw = v128.load(yaws + at);
      const floor = v128.load(floors + at);
      const speed = v128.load(speeds + at);
      const turned = v128.load(turneds + at);
      finite = f64x2.add(finite, f64x2.sub(y, y));
      finite = f64x2.add(finite, f64x2.sub(vy, vy));
      finite = f64x2.add(finite, f64x2.sub(face, face));
      finite = f64x2.add(finite, f64x2.sub(yaw, yaw));
      finite = f64x2.add(finite, f64x2.sub(floor, floor));
      finite = f64x2.add(finite, f64x2.sub(speed, speed));
      finite = f64x2.add(finite, f64x2.sub(turned, turned));
      // −1, 0 or 1: a whole number (its floor) of magnitude at most 1.
      const side = v128.load(sides + at);
      ok = v128.and(ok, v128.and(f64x2.eq(f64x2.floor(side), side), bothAtMost(f64x2.abs(side), one)));
      ok = v128.and(ok, v128.and(bothAtMost(f64x2.abs(x), world), bothAtMost(f64x2.abs(z), world)));
      const tx = v128.load(txs + at);
      const tz = v128.load(tzs + at);
      const stop = v128.load(stops + at);
      ok = v128.and(ok, v128.and(bothAtMost(f64x2.abs(tx), world), bothAtMost(f64x2.abs(tz), world)));
      ok = v128.and(ok, v128.and(f64x2.ge(stop, zero), f64x2.lt(stop, infinity)));
      const moving = f64x2.sqrt(f64x2.add(f64x2.mul(vx, vx), f64x2.mul(vz, vz)));
      const wanting = f64x2.add(f64x2.sqrt(f64x2.add(f64x2.mul(wx, wx), f64x2.mul(wz, wz))), wanted);
      ok = v128.and(ok, bothAtMost(f64x2.mul(f64x2.max(moving, wanting), step), move));
      kinds = kinds && <u32>h.kind[i] < kindCount && <u32>h.kind[i + 1] < kindCount;
      i += 2;
      if (i >= to) break;
    }
  } else if (to - from == 1) {
    return validBody(h, from, dt);
  }
  return kinds && f64x2.extract_lane(finite, 0) == 0.0 && f64x2.extract_lane(finite, 1) == 0.0 && v128.all_true<i64>(ok);
}

/**
 * What a step does once every body is checked, before any moves: starts a new rest epoch when the dt changed
 * (newRestEpoch), files the start-of-step positions and velocities in the crowd's grid (HD-1) and prepares
 * the routing bodies' fields (RT-7).
 */
export function prepareStep(h: Herd, dt: f64): void {
  newRestEpoch(h, dt);
  if (h.blocking) {
    fileCrowd(
      h.crowd, h.count, numbersOf(h, numberIndex(offsetof<Body>("x"))), numbersOf(h, numberIndex(offsetof<Body>("z"))),
      numbersOf(h, numberIndex(offsetof<Body>("vx"))), numbersOf(h, numberIndex(offsetof<Body>("vz"))), h.kind,
    );
  }
  prepareFields(h, useGround(h.ground));
  if (h.blocking) wakeRestsNear(h, bodiesChanged(h));
}

/** Numbers a body's last start-of-step filing takes (Herd lastFiled): x, z, vx, vz, kind. */
const LAST_FILED: i32 = 5;
/** Cells a side of the grid of changed places (Herd changedCells). */
const CHANGE_SIDE: i32 = 256;
/** The least side of one of its cells, m: about a body's slide's reach at rest. */
const CHANGE_CELL: f64 = 1.0;

/** The column of the grid of changed places x lies in, clamped to the grid (a place off it is in the nearest cell). */
@inline function changeColumn(h: Herd, x: f64): i32 {
  return <i32>Math.min(Math.max(Math.floor((x - h.changeX) / h.changeCell), 0.0), <f64>(CHANGE_SIDE - 1));
}

@inline function changeRow(h: Herd, z: f64): i32 {
  return <i32>Math.min(Math.max(Math.floor((z - h.changeZ) / h.changeCell), 0.0), <f64>(CHANGE_SIDE - 1));
}

/** Flags the cell of the grid of changed places that (x, z) lies in. */
@inline function flagChange(h: Herd, x: f64, z: f64): void {
  const cell = changeRow(h, z) * CHANGE_SIDE + changeColumn(h, x);
  if (h.changedCells[cell] != 0) return;
  h.changedCells[cell] = 1;
  h.changedList[h.changedCount++] = cell;
}

/**
 * Flags, in a grid laid over the crowd's grid as filed this step, the cell of each body's last place and of its place
 * now where its start-of-step place, velocity or kind is not the last step's, of each body gone (its last place) and
 * of each new one (its place), and keeps this step's for the next; answers whether any cell is flagged. A place off the
 * grid flags the nearest cell, as a reach off it looks there.
 */
function bodiesChanged(h: Herd): bool {
  const xs = numbersOf(h, numberIndex(offsetof<Body>("x")));
  const zs = numbersOf(h, numberIndex(offsetof<Body>("z")));
  const vxs = numbersOf(h, numberIndex(offsetof<Body>("vx")));
  const vzs = numbersOf(h, numberIndex(offsetof<Body>("vz")));
  const last = h.lastFiled;
  const c = h.crowd;
  for (let k = 0; k < h.changedCount; k++) h.changedCells[h.changedList[k]] = 0;
  h.changedCount = 0;
  h.changeX = c.minX;
  h.changeZ = c.minZ;
  h.changeCell = Math.max(CHANGE_CELL, (<f64>max<i32>(c.nx, c.nz) * c.cellSize) / <f64>CHANGE_SIDE);
  const count = h.count;
  const most = max<i32>(count, h.lastCount);
  for (let i = 0; i < most; i++) {
    const at = i * LAST_FILED;
    const was = i < h.lastCount;
    const is = i < count;
    if (was && is && same(xs[i], last[at]) && same(zs[i], last[at + 1]) && same(vxs[i], last[at + 2]) && same(vzs[i], last[at + 3]) && <f64>h.kind[i] == last[at + 4]) continue;
    if (was) flagChange(h, last[at], last[at + 1]);
    if (is) flagChange(h, xs[i], zs[i]);
  }
  for (let i = 0; i < count; i++) {
    const at = i * LAST_FILED;
    last[at] = xs[i];
    last[at + 1] = zs[i];
    last[at + 2] = vxs[i];
    last[at + 3] = vzs[i];
    last[at + 4] = <f64>h.kind[i];
  }
  h.lastCount = count;
  return h.changedCount != 0;
}

/**
 * Drops the rest of each body of a kind that bodies block with a cell flagged by bodiesChanged (`any`: some are)
 * within its reach: its step reads the bodies there — those its slide may meet, with no move (its radius, the widest
 * body's and SKIN), and, arrived, the neighbours it yields to (avoidReach).
 */
function wakeRestsNear(h: Herd, any: bool): void {
  if (!any) return;
  const epoch = h.restEpoch;
  const widest = h.crowd.maxRadius;
  const cells = h.changedCells;
  for (let i = 0; i < h.count; i++) {
    const rest = restOf(h, i);
    if (rest.epoch != epoch) continue;
    const kind = <i32>rest.kind;
    if (!kindBlocked(h, kind)) continue;
    const n = changetype<Numbers>(h.table + <usize>kind * offsetof<Numbers>());
    // An arrived body yields to neighbours (AV-1); an idle one reads only what its slide meets.
    const yields = (rest.flags & 8) != 0 && n.avoidNeighbours > 0.0;
    const reach = Math.max(yields ? n.avoidReach : 0.0, n.radius + widest + SKIN) + CHANGE_MARGIN;
    const i0 = changeColumn(h, rest.x - reach);
    const i1 = changeColumn(h, rest.x + reach);
    const j1 = changeRow(h, rest.z + reach);
    let met = false;
    for (let j = changeRow(h, rest.z - reach); j <= j1 && !met; j++) {
      for (let k = i0; k <= i1; k++) {
        if (cells[j * CHANGE_SIDE + k] != 0) {
          met = true;
          break;
        }
      }
    }
    if (met) rest.epoch = 0;
  }
}

/**
 * Starts a new rest epoch, so no Rest kept before stands (assembly/rest.ts), when this step's dt is not the last
 * one's: a rest is a fixed point of the step for one dt. The solids' changes drop the rests they reach
 * (forgetMemosIn).
 */
function newRestEpoch(h: Herd, dt: f64): void {
  if (reinterpret<u64>(dt) == reinterpret<u64>(h.restDt)) return;
  h.restDt = dt;
  if (h.restEpoch != u32.MAX_VALUE) {
    h.restEpoch++;
    return;
  }
  // After 2³² − 1 epochs, none kept stands: epochs start again from 1.
  for (let i = 0; i < h.capacity; i++) restOf(h, i).epoch = 0;
  h.restEpoch = 1;
}

/**
 * Whether stepped body `b` ends bit for bit as body i began (its arrays still hold where it began) and with the same
 * answers: a step that changed nothing.
 */
function unchanged(h: Herd, i: i32, b: Body, arrived: bool, unreachable: bool): bool {
  const at = changetype<usize>(b);
  const count = <usize>h.capacity;
  let number = changetype<usize>(numbersOf(h, 0)) + (<usize>i << 3);
  for (let f: usize = 0; f < <usize>BODY_NUMBER_COUNT; f++, number += count << 3) {
    if (load<u64>(number) != load<u64>(at + (f << 3))) return false;
  }
  let flag = changetype<usize>(flagsOf(h, 0)) + <usize>i;
  for (let f: usize = 0; f < <usize>BODY_FLAG_COUNT; f++, flag += count) {
    if ((load<u8>(flag) != 0) != (load<u8>(at + <usize>BODY_FLAGS_AT + f) != 0)) return false;
  }
  return (flagsOf(h, HERD_ARRIVED)[i] != 0) == arrived && (flagsOf(h, HERD_UNREACHABLE)[i] != 0) == unreachable;
}

/**
 * Steps bodies `from` to `to` − 1, blocked through `crowd` (the herd's, or a thread's copy of it, HD-5), with the
 * stepping thread's memo of clusters of solids `memo` (assembly/clusterMemo.ts):
 * each body reads only the start-of-step filing and the fields prepared, and writes only its own slots, so ranges may
 * step in any order or at once. Returns −1, or −2 − the first body of the range whose step would write a non-finite
 * number or leave the world (left as it was).
 */
export function stepBodies(h: Herd, crowd: Crowd, memo: usize, from: i32, to: i32, dt: f64): i32 {
  const anyBlocked = h.blocking;
  const g = useGround(h.ground);
  // A proof of a clear way is of the solids only: where bodies block, seek and slide search them all the same
  // (assembly/seek.ts firstBlocker, assembly/clearWay.ts keptCircles), and a blocked probe is kept only for a probe
  // that reads no bodies (assembly/seek.ts wayBlocked). A proof is made only where no piece of a box, wall or polygon
  // is near (assembly/seek.ts proveClearWay).
  keepClearWay = true;
  keepBlockedProbe = true;
  keepGentle = true;
  useClusterMemo(memo);
  const shapes = g.shapes();
  keepPieceFree = shapes !== null;
  let failed = -1;
  const epoch = h.restEpoch;
  for (let i = from; i < to; i++) {
    const kind = h.kind[i];
    const n = changetype<Numbers>(h.table + <usize>kind * offsetof<Numbers>());
    const blocked = anyBlocked && kindBlocked(h, kind);
    if (blocked) {
      g.crowd = crowd;
      g.crowdSelf = i;
      crowd.selfMask = h.masks + (<usize>(kind * h.maskWords) << 2);
      crowd.selfKind = kind;
    } else {
      g.crowd = null;
    }
    loadBody(h, i, body);
    const seeking = flagsOf(h, HERD_SEEKING)[i] != 0;
    const tx = numbersOf(h, HERD_TARGETX)[i];
    const tz = numbersOf(h, HERD_TARGETZ)[i];
    const stop = numbersOf(h, HERD_STOP)[i];
    // A routing body reads flow fields other bodies' targets make: it never rests (assembly/rest.ts). A rest among
    // bodies that block is dropped before the step where a body changes within its reach (wakeRestsNear). The body is
    // asked first: a moving body's Rest is never read.
    const mayRest = !(seeking && flagsOf(h, HERD_ROUTING)[i] != 0);
    const rest = restOf(h, i);
    if (mayRest && atRest(body) && rest.epoch == epoch
      && keptAsIs(rest, body, tx, tz, stop, kind, restFlags(body, seeking, flagsOf(h, HERD_ARRIVED)[i] != 0, flagsOf(h, HERD_UNREACHABLE)[i] != 0))) continue;
    forget(g);
    const here = recall(h, i, n, g, body);
    clearRefusedMove();
    const arrivals = flagsOf(h, HERD_ARRIVED);
    const unreachables = flagsOf(h, HERD_UNREACHABLE);
    let arrived = arrivals[i];
    let unreachable = unreachables[i];
    // The body's proofs (of a clear way, of gentle ground) are for the kind it last stepped as.
    const sameKind = h.memoKind[i] == kind;
    // The body's proof of a clear way, for its seek and its walk (for a body of that radius).
    copyWords(changetype<usize>(clearWay), clearWayOf(h, i), offsetof<ClearWay>());
    // A proof made for another radius is dropped where it is kept too: a body that does not seek never writes its
    // proof back, and from the next step on its kind is the one remembered.
    if (!sameKind) {
      clearWay.margin = 0.0;
      changetype<ClearWay>(clearWayOf(h, i)).margin = 0.0;
    }
    copyWords(changetype<usize>(blockedProbe), blockedProbeOf(h, i), offsetof<BlockedProbe>());
    // The blocked probe is for where the body last ended as its kind: the memo's place.
    if (!here) blockedProbe.floor = NaN;
    // The body's proof of gentle ground (a proof of the terrain: every herd keeps it).
    const cells = gentleCellsOf(h, i);
    gentleCellsX = sameKind ? load<i32>(cells) : NO_CELLS;
    gentleCellsZ = sameKind ? load<i32>(cells, 4) : NO_CELLS;
    if (shapes !== null) usePieceFree(h, i, n, changetype<ShapeGrid>(shapes), body);
    const startX = body.x;
    const startZ = body.z;
    if (seeking) {
      const answer = flagsOf(h, HERD_ROUTING)[i] ? seekAlong(h.fields, kind, n, g, body, tx, tz, stop) : seekBody(n, g, body, tx, tz, stop);
      copyWords(clearWayOf(h, i), changetype<usize>(clearWay), offsetof<ClearWay>());
      arrived = answer == SEEK_ARRIVED;
      unreachable = answer == SEEK_UNREACHABLE;
    }
    walkBody(n, g, body, dt, move);
    if (wasMoveRefused() != 0 || !storable(body)) {
      if (failed == -1) failed = i;
      continue;
    }
    // Among bodies that block it, a body rests only idle or arrived: seeking on, it may read still bodies round a
    // whole cluster of them, however far.
    if (mayRest && (!blocked || !seeking || arrived != 0) && atRest(body) && unchanged(h, i, body, arrived != 0, unreachable != 0)) {
      keepRest(rest, body, tx, tz, stop, kind, restFlags(body, seeking, arrived != 0, unreachable != 0), epoch);
    }
    arrivals[i] = arrived;
    unreachables[i] = unreachable;
    storeBody(h, i, body);
    remember(h, i, g, body);
    store<i32>(cells, gentleCellsX);
    store<i32>(cells, gentleCellsZ, 4);
    // A blocked probe is kept for where the body ended (remember) only when that is where it was made.
    if (body.x != startX || body.z != startZ) blockedProbe.floor = NaN;
    copyWords(blockedProbeOf(h, i), changetype<usize>(blockedProbe), offsetof<BlockedProbe>());
  }
  keepClearWay = false;
  keepBlockedProbe = false;
  keepGentle = false;
  keepPieceFree = false;
  useClusterMemo(0);
  return failed == -1 ? -1 : -2 - failed;
}

/**
 * How far round a body its disc clear of every piece is measured, m (assembly/pieceFree.ts). Why 12: seek's queries
 * round a blocker several metres ahead and round its cluster's members reach past 6 m, and walked the grid there.
 */
const FREE_REACH: f64 = 12.0;
/** How much room past its radius a body's disc must leave round it, m, for the body to keep it where it has moved on. */
const FREE_ROOM: f64 = 1.0;
/** How far a body moves from where its disc was measured before a disc that leaves it too little room is measured again, m. */
const FREE_STEP: f64 = 1.0;

/**
 * Puts body i's disc clear of every piece into pieceFree's globals, measured afresh at where the body stands when it
 * has none, or when it leaves the body less than FREE_ROOM round it and the body has moved FREE_STEP since. Why:
 * where pieces are far, one measure serves the queries of some 90 steps; where one is near, the body moves on
 * before a measure is made again, which could not hold more.
 */
function usePieceFree(h: Herd, i: i32, n: Numbers, shapes: ShapeGrid, body: Body): void {
  const f = changetype<PieceFree>(pieceFreeOf(h, i));
  freeX = f.x;
  freeZ = f.z;
  freeReach = f.reach;
  const dx = body.x - f.x;
  const dz = body.z - f.z;
  if (f.reach != 0.0 && (dx * dx + dz * dz < FREE_STEP * FREE_STEP || insidePieceFree(body.x, body.z, n.radius + FREE_ROOM))) return;
  const clearance = pieceClearance(shapes, body.x, body.z, FREE_REACH);
  f.x = body.x;
  f.z = body.z;
  // A body on a piece keeps a disc holding nothing (a negative reach), which marks where it was measured.
  f.reach = clearance > 0.0 ? clearance : -1.0;
  freeX = f.x;
  freeZ = f.z;
  freeReach = f.reach;
}

/**
 * Makes sure the field of every routing body's kind and target is in the set before any body moves (RT-7), in body
 * order, with no blocking bodies (they move; the field is of the ground).
 */
export function prepareFields(h: Herd, g: Sampler): void {
  forgetChangedSolids(h);
  h.fields.clock++;
  g.crowd = null;
  g.bodies.length = 0;
  const seeking = flagsOf(h, HERD_SEEKING);
  const routing = flagsOf(h, HERD_ROUTING);
  for (let i = 0; i < h.count; i++) {
    if (!seeking[i] || !routing[i]) continue;
    const kind = h.kind[i];
    const n = changetype<Numbers>(h.table + <usize>kind * offsetof<Numbers>());
    fieldFor(h.fields, kind, n, g, numbersOf(h, HERD_TARGETX)[i], numbersOf(h, HERD_TARGETZ)[i]);
  }
  forget(g);
}

/**
 * Drops what the herd keeps that the solids' changes since its last step reach (LV-4): the fields whose region a
 * changed disc's box reaches, each body's proof of a clear way, blocked probe and disc clear of every piece it reaches
 * (forgetMemosIn), and each thread's kept clusters whose reach it meets (forgetClusters) — everything once more
 * changes came than the grid's log keeps. Before any body moves; the circle lists grow first for solids added.
 */
export function forgetChangedSolids(h: Herd): void {
  const grid = h.ground.scatter;
  const set = h.fields;
  if (grid === null || grid.changes == set.seen) return;
  reserveCircles(nearList(), grid.count + (h.blocking ? h.capacity : 0));
  reserveThreads(h);
  const all = grid.changes - set.seen > LOG_SIZE;
  if (all) {
    dropFieldsIn(set, -Infinity, -Infinity, Infinity, Infinity);
  } else {
    for (let c = set.seen; c < grid.changes; c++) {
      const at = (c % LOG_SIZE) * 4;
      const log = grid.log;
      dropFieldsIn(set, log[at], log[at + 1], log[at + 2], log[at + 3]);
    }
    fileChanges(grid.log, set.seen, grid.changes);
  }
  forgetMemosIn(h, grid, all);
  forgetClusters(h, grid, all);
  set.seen = grid.changes;
}

/**
 * Drops the kept clusters of the main thread's memo and of each worker's whose reach, grown by CHANGE_MARGIN, a change
 * filed meets (every one with `all`).
 */
function forgetClusters(h: Herd, grid: ScatterGrid, all: bool): void {
  forgetClustersIn(h.clusterMemo, grid.log, CHANGE_MARGIN, all);
  for (let t = 1; t <= h.threadCount; t++) forgetClustersIn(contextOf(h, t).clusterMemo, grid.log, CHANGE_MARGIN, all);
}

/**
 * Drops each body's proof of a clear way whose segment, grown by its margin, the body's radius and CHANGE_MARGIN,
 * meets a change filed in the bins (with `all`, every proof), and each blocked probe whose body stands within
 * STALL_PROBE, its radius and CHANGE_MARGIN of one, each disc clear of every piece whose box, grown by CHANGE_MARGIN,
 * meets one, and each rest (assembly/rest.ts) of an arrived or idle body standing within its radius, SKIN and
 * CHANGE_MARGIN of one — of a body resting short of its target at any change (AS only; LV-4): a memo a change could
 * make wrong. Why a rest only where a change reaches: a game moving a gate or a platform would otherwise step every
 * idle body in the level each frame it moves. Body by body, each body's boxes worked out once and tested against the
 * changes filed in the bins they reach (assembly/changeBins.ts fileChanges) — the same drops as against every change.
 */
function forgetMemosIn(h: Herd, grid: ScatterGrid, all: bool): void {
  const xs = numbersOf(h, numberIndex(offsetof<Body>("x")));
  const zs = numbersOf(h, numberIndex(offsetof<Body>("z")));
  const log = grid.log;
  const epoch = h.restEpoch;
  for (let i = 0; i < h.count; i++) {
    const w = changetype<ClearWay>(clearWayOf(h, i));
    const p = changetype<BlockedProbe>(blockedProbeOf(h, i));
    const f = changetype<PieceFree>(pieceFreeOf(h, i));
    const r = restOf(h, i);
    const proof = w.margin > 0.0;
    const probe = p.floor == p.floor;
    const disc = f.reach > 0.0;
    let rest = r.epoch == epoch;
    // A body resting short of its target (SE-7) reads the solids along its way and round a whole cluster, however
    // far: any change drops its rest. Arrived or idle, its step reads only the solids its slide meets with no move.
    if (rest && (all || ((r.flags & REST_SEEKING) != 0 && (r.flags & REST_ARRIVED) == 0))) {
      r.epoch = 0;
      rest = false;
    }
    if (!proof && !probe && !disc && !rest) continue;
    if (all) {
      w.margin = 0.0;
      p.floor = NaN;
      f.reach = 0.0;
      continue;
    }
    const radius = changetype<Numbers>(h.table + <usize>h.kind[i] * offsetof<Numbers>()).radius;
    const reach = <f64>w.margin + radius + CHANGE_MARGIN;
    const near = STALL_PROBE + radius + CHANGE_MARGIN;
    memoBox[0] = Math.min(w.x, w.qx) - reach;
    memoBox[1] = Math.min(w.z, w.qz) - reach;
    memoBox[2] = Math.max(w.x, w.qx) + reach;
    memoBox[3] = Math.max(w.z, w.qz) + reach;
    memoBox[4] = xs[i] - near;
    memoBox[5] = zs[i] - near;
    memoBox[6] = xs[i] + near;
    memoBox[7] = zs[i] + near;
    memoBox[8] = f.x - f.reach - CHANGE_MARGIN;
    memoBox[9] = f.z - f.reach - CHANGE_MARGIN;
    memoBox[10] = f.x + f.reach + CHANGE_MARGIN;
    memoBox[11] = f.z + f.reach + CHANGE_MARGIN;
    const still = radius + SKIN + CHANGE_MARGIN;
    memoBox[12] = xs[i] - still;
    memoBox[13] = zs[i] - still;
    memoBox[14] = xs[i] + still;
    memoBox[15] = zs[i] + still;
    memoFlags = (proof ? 1 : 0) | (probe ? 2 : 0) | (disc ? 4 : 0) | (rest ? 8 : 0);
    // The bins of the box round the boxes of the memos the body holds (memoFlags' bit m: box m).
    let x0 = Infinity;
    let z0 = Infinity;
    let x1 = -Infinity;
    let z1 = -Infinity;
    for (let m = 0; m < 4; m++) {
      if ((memoFlags & (1 << m)) == 0) continue;
      x0 = Math.min(x0, memoBox[m * 4]);
      z0 = Math.min(z0, memoBox[m * 4 + 1]);
      x1 = Math.max(x1, memoBox[m * 4 + 2]);
      z1 = Math.max(z1, memoBox[m * 4 + 3]);
    }
    for (let k = 0; k < wideChanges() && memoFlags != 0; k++) forgetMemosAt(log, wideAt(k));
    if (!missesFiled(x0, z0, x1, z1)) {
      const i0 = binColumn(x0);
      const i1 = binColumn(x1);
      const j1 = binRow(z1);
      for (let j = binRow(z0); j <= j1 && memoFlags != 0; j++) {
        for (let b = i0; b <= i1 && memoFlags != 0; b++) {
          const end = binEnd(b, j);
          for (let k = binStart(b, j); k < end && memoFlags != 0; k++) forgetMemosAt(log, filedAt(k));
        }
      }
    }
    if (proof && (memoFlags & 1) == 0) w.margin = 0.0;
    if (probe && (memoFlags & 2) == 0) p.floor = NaN;
    if (disc && (memoFlags & 4) == 0) f.reach = 0.0;
    if (rest && (memoFlags & 8) == 0) r.epoch = 0;
  }
}

/** The body's proof box [x0, z0, x1, z1], probe box, disc box and rest box, as forgetMemosIn tests them. */
const memoBox = changetype<F64s>(memory.data(16 << 3));
/**
 * Which of the body's memos no change met yet: bit 0 its proof, bit 1 its probe, bit 2 its disc clear of every piece,
 * bit 3 its rest.
 */
let memoFlags: i32 = 0;

/** Clears memoFlags' bits of the memos the change at log place `at` meets (forgetMemosIn). */
function forgetMemosAt(log: F64s, at: i32): void {
  const x0 = log[at];
  const z0 = log[at + 1];
  const x1 = log[at + 2];
  const z1 = log[at + 3];
  if ((memoFlags & 1) != 0 && memoBox[0] <= x1 && x0 <= memoBox[2] && memoBox[1] <= z1 && z0 <= memoBox[3]) memoFlags &= ~1;
  if ((memoFlags & 2) != 0 && memoBox[4] <= x1 && x0 <= memoBox[6] && memoBox[5] <= z1 && z0 <= memoBox[7]) memoFlags &= ~2;
  if ((memoFlags & 4) != 0 && memoBox[8] <= x1 && x0 <= memoBox[10] && memoBox[9] <= z1 && z0 <= memoBox[11]) memoFlags &= ~4;
  if ((memoFlags & 8) != 0 && memoBox[12] <= x1 && x0 <= memoBox[14] && memoBox[13] <= z1 && z0 <= memoBox[15]) memoFlags &= ~8;
}

/** How many bodies the herd holds. */
export function herdCount(h: Herd): i32 {
  return h.count;
}

/** Sets how many bodies the herd holds (the facade writes a new body's fields, then counts it in). */
export function setHerdCount(h: Herd, count: i32): void {
  assert(count >= 0 && count <= h.capacity, "setHerdCount: past capacity");
  h.count = count;
}

export function herdCapacity(h: Herd): i32 {
  return h.capacity;
}
