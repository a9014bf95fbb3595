/**
 * A herd: N bodies as structure-of-arrays in linear memory, stepped in one call (HD-1..HD-3).
 * Each step files the bodies' start-of-step positions in a grid (assembly/crowd.ts), then for every body in turn
 * copies it into a Body, seeks its target (when it has one), walks it, and copies it back — the same seekBody and
 * walkBody a per-row call runs, so a herd step equals N per-row calls whose ground.bodies hold start-of-step
 * snapshots of the other bodies (HD-2). AssemblyScript-only; the facade is src/wasm/herd.ts.
 */
import { Body, F64s, Herd, I32s, Numbers, U8s, alloc, free, reserveCircles, retire } from './memory';
import { GroundData } from './ground';
import { Sampler, forget, nearList, useGround } from './lattice';
import { fileCrowd, freeCrowd, newCrowd, reserveCrowd } from './crowd';
import { seekBody } from './seek';
import { Move, clearRefusedMove, wasMoveRefused } from './slide';
import { walkBody } from './walk';

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

/** The herd's arrays JS holds views of are retired, not freed (HD-3: a stale view never reaches reused memory). */
@inline function grownF64(old: F64s, count: i32, capacity: i32): F64s {
  const a = alloc(<usize>capacity << 3);
  memory.copy(a, changetype<usize>(old), <usize>count << 3);
  retire(changetype<usize>(old));
  return changetype<F64s>(a);
}

@inline function grownI32(old: I32s, count: i32, capacity: i32): I32s {
  const a = alloc(<usize>capacity << 2);
  memory.copy(a, changetype<usize>(old), <usize>count << 2);
  retire(changetype<usize>(old));
  return changetype<I32s>(a);
}

@inline function grownU8(old: U8s, count: i32, capacity: i32): U8s {
  const a = alloc(<usize>capacity);
  memory.copy(a, changetype<usize>(old), <usize>count);
  retire(changetype<usize>(old));
  return changetype<U8s>(a);
}

/**
 * Makes room for `capacity` bodies, copying the bodies there are; every array moves (HD-3: the facade re-derives its
 * views). Also makes the shared circle list long enough for any query of this herd (all solids and all bodies).
 */
export function reserveHerd(h: Herd, capacity: i32): void {
  if (capacity <= h.capacity) return;
  const n = h.count;
  h.x = grownF64(h.x, n, capacity);
  h.y = grownF64(h.y, n, capacity);
  h.z = grownF64(h.z, n, capacity);
  h.vx = grownF64(h.vx, n, capacity);
  h.vy = grownF64(h.vy, n, capacity);
  h.vz = grownF64(h.vz, n, capacity);
  h.wantX = grownF64(h.wantX, n, capacity);
  h.wantZ = grownF64(h.wantZ, n, capacity);
  h.face = grownF64(h.face, n, capacity);
  h.yaw = grownF64(h.yaw, n, capacity);
  h.floor = grownF64(h.floor, n, capacity);
  h.speed = grownF64(h.speed, n, capacity);
  h.side = grownF64(h.side, n, capacity);
  h.turned = grownF64(h.turned, n, capacity);
  h.targetX = grownF64(h.targetX, n, capacity);
  h.targetZ = grownF64(h.targetZ, n, capacity);
  h.stop = grownF64(h.stop, n, capacity);
  h.hasFace = grownU8(h.hasFace, n, capacity);
  h.jump = grownU8(h.jump, n, capacity);
  h.air = grownU8(h.air, n, capacity);
  h.steep = grownU8(h.steep, n, capacity);
  h.seeking = grownU8(h.seeking, n, capacity);
  h.arrived = grownU8(h.arrived, n, capacity);
  h.kind = grownI32(h.kind, n, capacity);
  h.memoX = grownF64(h.memoX, n, capacity);
  h.memoZ = grownF64(h.memoZ, n, capacity);
  h.memoStand = grownF64(h.memoStand, n, capacity);
  h.memoDepth = grownF64(h.memoDepth, n, capacity);
  h.memoKind = grownI32(h.memoKind, n, capacity);
  h.capacity = capacity;
  if (h.blocking) reserveCrowd(h.crowd, capacity);
  const scatter = h.ground.scatter;
  reserveCircles(nearList(), (scatter === null ? 0 : scatter.count) + capacity);
}

/** Frees the herd and everything it owns (not its ground). */
export function freeHerd(h: Herd): void {
  retire(changetype<usize>(h.x));
  retire(changetype<usize>(h.y));
  retire(changetype<usize>(h.z));
  retire(changetype<usize>(h.vx));
  retire(changetype<usize>(h.vy));
  retire(changetype<usize>(h.vz));
  retire(changetype<usize>(h.wantX));
  retire(changetype<usize>(h.wantZ));
  retire(changetype<usize>(h.face));
  retire(changetype<usize>(h.yaw));
  retire(changetype<usize>(h.floor));
  retire(changetype<usize>(h.speed));
  retire(changetype<usize>(h.side));
  retire(changetype<usize>(h.turned));
  retire(changetype<usize>(h.targetX));
  retire(changetype<usize>(h.targetZ));
  retire(changetype<usize>(h.stop));
  retire(changetype<usize>(h.hasFace));
  retire(changetype<usize>(h.jump));
  retire(changetype<usize>(h.air));
  retire(changetype<usize>(h.steep));
  retire(changetype<usize>(h.seeking));
  retire(changetype<usize>(h.arrived));
  retire(changetype<usize>(h.kind));
  retire(changetype<usize>(h.memoX));
  retire(changetype<usize>(h.memoZ));
  retire(changetype<usize>(h.memoStand));
  retire(changetype<usize>(h.memoDepth));
  retire(changetype<usize>(h.memoKind));
  free(h.table);
  free(h.masks);
  freeCrowd(h.crowd);
  free(changetype<usize>(h));
}

/** Moves body `from` into slot `to` (every field), for removing a body by moving the last one into its place. */
export function herdMove(h: Herd, from: i32, to: i32): void {
  h.x[to] = h.x[from];
  h.y[to] = h.y[from];
  h.z[to] = h.z[from];
  h.vx[to] = h.vx[from];
  h.vy[to] = h.vy[from];
  h.vz[to] = h.vz[from];
  h.wantX[to] = h.wantX[from];
  h.wantZ[to] = h.wantZ[from];
  h.face[to] = h.face[from];
  h.yaw[to] = h.yaw[from];
  h.floor[to] = h.floor[from];
  h.speed[to] = h.speed[from];
  h.side[to] = h.side[from];
  h.turned[to] = h.turned[from];
  h.targetX[to] = h.targetX[from];
  h.targetZ[to] = h.targetZ[from];
  h.stop[to] = h.stop[from];
  h.hasFace[to] = h.hasFace[from];
  h.jump[to] = h.jump[from];
  h.air[to] = h.air[from];
  h.steep[to] = h.steep[from];
  h.seeking[to] = h.seeking[from];
  h.arrived[to] = h.arrived[from];
  h.kind[to] = h.kind[from];
  h.memoX[to] = h.memoX[from];
  h.memoZ[to] = h.memoZ[from];
  h.memoStand[to] = h.memoStand[from];
  h.memoDepth[to] = h.memoDepth[from];
  h.memoKind[to] = h.memoKind[from];
}

/** Drops body i's remembered stand height and depth (the facade calls it when it writes the body). */
export function herdForget(h: Herd, i: i32): void {
  h.memoX[i] = NaN;
  h.memoZ[i] = NaN;
}

/** Puts body i's remembered stand height and depth into the sampler, if they are for where it is and its kind. */
@inline function recall(h: Herd, i: i32, n: Numbers, g: Sampler, body: Body): void {
  if (h.memoX[i] != body.x || h.memoZ[i] != body.z || h.memoKind[i] != h.kind[i]) return;
  g.standX = body.x;
  g.standZ = body.z;
  g.standN = n;
  g.standH = h.memoStand[i];
  const depth = h.memoDepth[i];
  if (depth != depth) return;
  g.depthX = body.x;
  g.depthZ = body.z;
  g.depthN = n;
  g.depthH = depth;
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

@inline function loadBody(h: Herd, i: i32, body: Body): void {
  body.x = h.x[i];
  body.y = h.y[i];
  body.z = h.z[i];
  body.vx = h.vx[i];
  body.vy = h.vy[i];
  body.vz = h.vz[i];
  body.wantX = h.wantX[i];
  body.wantZ = h.wantZ[i];
  body.hasFace = h.hasFace[i];
  body.face = h.face[i];
  body.yaw = h.yaw[i];
  body.jump = h.jump[i];
  body.air = h.air[i];
  body.steep = h.steep[i];
  body.floor = h.floor[i];
  body.speed = h.speed[i];
  body.side = h.side[i];
  body.turned = h.turned[i];
}

/** Writes back what seek and walk change (src/rows.ts writeSought and writeWalked). */
@inline function storeBody(h: Herd, i: i32, body: Body): void {
  h.x[i] = body.x;
  h.y[i] = body.y;
  h.z[i] = body.z;
  h.vx[i] = body.vx;
  h.vy[i] = body.vy;
  h.vz[i] = body.vz;
  h.wantX[i] = body.wantX;
  h.wantZ[i] = body.wantZ;
  h.yaw[i] = body.yaw;
  h.jump[i] = false;
  h.air[i] = body.air;
  h.steep[i] = body.steep;
  h.floor[i] = body.floor;
  h.speed[i] = body.speed;
  h.side[i] = body.side;
  h.turned[i] = body.turned;
}

/** Whether every number a step writes is finite (src/rows.ts checkFinite): x − x is 0 for finite x, NaN otherwise. */
@inline function finiteBody(b: Body): bool {
  const sum = (b.x - b.x) + (b.y - b.y) + (b.z - b.z) + (b.vx - b.vx) + (b.vy - b.vy) + (b.vz - b.vz)
    + (b.wantX - b.wantX) + (b.wantZ - b.wantZ) + (b.yaw - b.yaw) + (b.floor - b.floor) + (b.speed - b.speed)
    + (b.turned - b.turned);
  return sum == 0.0;
}

/** The world's half-side and the longest move of one step (src/limits.ts WORLD and MAX_MOVE, BI-2, BI-3). */
const WORLD: f64 = 1e6;
const MAX_MOVE: f64 = 100.0;

/** The fastest body i may move this step (src/reference/herd.ts mostSpeed, BI-3). */
function mostSpeed(h: Herd, i: i32, n: Numbers, seeking: bool): f64 {
  const vx = h.vx[i];
  const vz = h.vz[i];
  const wx = h.wantX[i];
  const wz = h.wantZ[i];
  const want = Math.max(Math.sqrt(wx * wx + wz * wz), seeking ? n.seekSpeed : 0.0) + n.slide;
  return Math.max(Math.sqrt(vx * vx + vz * vz), want);
}

/** Whether body i's inputs are ones a per-row call accepts for a step of dt (src/rows.ts readBody, seek's target and stop, BI-2, BI-3). */
function validBody(h: Herd, i: i32, dt: f64): bool {
  const sum = (h.x[i] - h.x[i]) + (h.y[i] - h.y[i]) + (h.z[i] - h.z[i]) + (h.vx[i] - h.vx[i]) + (h.vy[i] - h.vy[i])
    + (h.vz[i] - h.vz[i]) + (h.wantX[i] - h.wantX[i]) + (h.wantZ[i] - h.wantZ[i]) + (h.yaw[i] - h.yaw[i])
    + (h.floor[i] - h.floor[i]) + (h.speed[i] - h.speed[i]) + (h.turned[i] - h.turned[i]);
  if (!(sum == 0.0)) return false;
  if (h.hasFace[i] && !(h.face[i] - h.face[i] == 0.0)) return false;
  const side = h.side[i];
  if (side != -1.0 && side != 0.0 && side != 1.0) return false;
  const kind = h.kind[i];
  if (kind < 0 || kind >= h.kindCount) return false;
  if (!(Math.abs(h.x[i]) <= WORLD && Math.abs(h.z[i]) <= WORLD)) return false;
  const seeking = h.seeking[i];
  if (seeking) {
    if (!(Math.abs(h.targetX[i]) <= WORLD && Math.abs(h.targetZ[i]) <= WORLD)) return false;
    const stop = h.stop[i];
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

const body = changetype<Body>(memory.data(offsetof<Body>()));
const move = changetype<Move>(memory.data(offsetof<Move>()));

/**
 * Steps every body once (HD-1, HD-2): seek toward its target when it has one, then walk, each body blocked by the
 * start-of-step positions of the bodies its kind lists. Returns −1 when every body stepped. A body whose inputs a
 * per-row call would refuse stops the step before anything moves: the answer is its index. A body whose step
 * would write a non-finite number is left as it was and the others step: the answer is −2 − its index (the first).
 */
export function herdStep(h: Herd, dt: f64): i32 {
  const count = h.count;
  for (let i = 0; i < count; i++) if (!validBody(h, i, dt)) return i;
  const anyBlocked = h.blocking;
  const crowd = h.crowd;
  if (anyBlocked) fileCrowd(crowd, count, h.x, h.z, h.kind);
  const g = useGround(h.ground);
  let failed = -1;
  for (let i = 0; i < count; i++) {
    const kind = h.kind[i];
    const n = changetype<Numbers>(h.table + <usize>kind * offsetof<Numbers>());
    if (anyBlocked && kindBlocked(h, kind)) {
      g.crowd = crowd;
      g.crowdSelf = i;
      crowd.selfMask = h.masks + (<usize>(kind * h.maskWords) << 2);
    } else {
      g.crowd = null;
    }
    loadBody(h, i, body);
    forget(g);
    recall(h, i, n, g, body);
    clearRefusedMove();
    let arrived = h.arrived[i];
    if (h.seeking[i]) arrived = seekBody(n, g, body, h.targetX[i], h.targetZ[i], h.stop[i]);
    walkBody(n, g, body, dt, move);
    if (wasMoveRefused() != 0 || !storable(body)) {
      if (failed == -1) failed = i;
      continue;
    }
    h.arrived[i] = arrived;
    storeBody(h, i, body);
    remember(h, i, g, body);
  }
  return failed == -1 ? -1 : -2 - failed;
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
