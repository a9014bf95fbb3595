/**
 * A herd step on several threads (HD-5): the bodies are cut into ranges and each range is checked (checkThread), then
 * stepped (stepThread), by whichever thread takes it, every thread an instance of this core over the same shared
 * memory. AssemblyScript-only (the reference steps on one thread); the JavaScript that runs the threads is
 * src/wasm/threads.ts.
 *
 * A step's ranges are independent (HD-1: every body reads the start-of-step filing and writes only its own slots),
 * so what makes threads safe is that nothing else a step writes is shared:
 * - each instance has its own globals, but the statics (`memory.data`) are at the same addresses in every instance:
 *   every static a step writes is a `let`, and a worker's instance points them at its context's own block (`bind`);
 * - a worker's instance never allocates: the main thread allocates every context (threadContexts.ts `herdThreads`);
 * - the crowd keeps the stepping body's mask: a worker steps on a copy of the crowd with its own (the ground and the
 *   solids' grid are only read, so all threads share them);
 * - the corner cache is baked around the bodies by the main thread before the ranges start, and only read while they
 *   run (a corner not baked is computed, not cached: assembly/ground.ts `frozen`);
 * - the routing bodies' flow fields are made by the main thread before the ranges start (prepareStep's prepareFields)
 *   and only read while they run: seekAlong reads a field's grid with `known` (gridSight works nothing out), and its
 *   fieldFind stamps a field with the step's clock, which prepareFields already gave it — the same value.
 */
import { Body, Circle, Circles, F64s, I32s, Numbers, callBodies } from './memory';
import { Herd } from './herdLayout';
import { HerdThread, SCRATCH_BYTES, contextOf } from './threadContexts';
import { DepthCorners, FAR_TILE_BYTES, HeightCorners, bakeCorners, directory, dryFlags, farTile, freezeCorners, pool, tilesUnder } from './ground';
import { CROWD_BYTES, Crowd, bindCrowd } from './crowd';
import { Sampler, depths, heights, near, sampler } from './lattice';
import { Limit, Move, after, before, circleLimit, gradient as slideGradient, outline, refusedMove, startFace, terrainLimit, way } from './slide';
import { OutlinePoint } from './pieces';
import { FoundPieces, foundPieces, nearest } from './shapeGrid';
import { Want, faceGradient, gradient as walkGradient, want } from './walk';
import { BlockedProbe, MAX_SOLID_CLUSTER, Tangent, blockedProbe, blocker, cluster, clusterData, corner, minus, plus, probed } from './seek';
import { ClearWay, clearWay } from './clearWay';
import { Cross, Feet } from './feet';
import { Climb, Vec2, ahead, behind, climb0, climb1, climb2, climb3, climb4, crossing, footing } from './stand';
import { aim, firstStep } from './fields';
import { AVOID_BYTES, bindAvoid } from './avoid';
import { body, columnOf, firstRefused, move, numberAt, prepareStep, stepBodies } from './herd';

/**
 * The box round the reach of the bodies the main thread checked this step (checkThread); a worker's is in its context.
 */
let boxX0: f64 = Infinity;
let boxZ0: f64 = Infinity;
let boxX1: f64 = -Infinity;
let boxZ1: f64 = -Infinity;

/** Whether a step on several threads bakes the corners round its bodies first: when the lattice is the terrain's. */
@inline function bakes(h: Herd): bool {
  return h.ground.cell > 0.0 && h.ground.cell == h.ground.terrain.cell;
}

/** Empties every thread's box before a step's checks (the main thread's, while the workers wait for the step). */
export function startChecks(h: Herd): void {
  boxX0 = Infinity;
  boxZ0 = Infinity;
  boxX1 = -Infinity;
  boxZ1 = -Infinity;
  for (let t = 1; t <= h.threadCount; t++) {
    const c = contextOf(h, t);
    c.boxX0 = Infinity;
    c.boxZ0 = Infinity;
    c.boxX1 = -Infinity;
    c.boxZ1 = -Infinity;
  }
}

/**
 * The first step of a step on several threads, in chunks on every thread (each only reads the bodies): checks bodies
 * `from` to `to` − 1 (the answer is the first a per-row call would refuse, else −1) and widens thread t's box round
 * their reach (at least bakeReach's) for beginThreads to bake. The bodies' numbers are read where the thread stepped them last.
 */
export function checkThread(h: Herd, t: i32, from: i32, to: i32, dt: f64): i32 {
  const refused = firstRefused(h, from, to, dt);
  if (refused != -1 || !bakes(h) || from >= to) return refused;
  if (to - from == 1) {
    const reach = bakeReach(h, from, dt);
    const x = numberAt(h, offsetof<Body>("x"), from);
    const z = numberAt(h, offsetof<Body>("z"), from);
    widenBox(h, t, x - reach, z - reach, x + reach, z + reach);
    return -1;
  }
  // The box round every body's reach, x − reach … x + reach and z likewise, the part of the reach its speed does not
  // give bounded the same for all (reachAll); two bodies at a time, an odd tail paired with the body before it.
  const xs = columnOf(h, offsetof<Body>("x"));
  const zs = columnOf(h, offsetof<Body>("z"));
  const vxs = columnOf(h, offsetof<Body>("vx"));
  const vzs = columnOf(h, offsetof<Body>("vz"));
  const wxs = columnOf(h, offsetof<Body>("wantX"));
  const wzs = columnOf(h, offsetof<Body>("wantZ"));
  const step = f64x2.splat(dt);
  const more = f64x2.splat(reachAll(h, dt));
  let low = f64x2.splat(Infinity);
  let high = f64x2.splat(-Infinity);
  let lowZ = low;
  let highZ = high;
  for (let i = from; ; ) {
    const at = <usize>(i + 2 > to ? to - 2 : i) << 3;
    const speed = f64x2.add(f64x2.add(f64x2.abs(v128.load(vxs + at)), f64x2.abs(v128.load(vzs + at))), f64x2.add(f64x2.abs(v128.load(wxs + at)), f64x2.abs(v128.load(wzs + at))));
    const reach = f64x2.add(f64x2.mul(speed, step), more);
    const x = v128.load(xs + at);
    const z = v128.load(zs + at);
    low = f64x2.min(low, f64x2.sub(x, reach));
    high = f64x2.max(high, f64x2.add(x, reach));
    lowZ = f64x2.min(lowZ, f64x2.sub(z, reach));
    highZ = f64x2.max(highZ, f64x2.add(z, reach));
    i += 2;
    if (i >= to) break;
  }
  const x0 = Math.min(f64x2.extract_lane(low, 0), f64x2.extract_lane(low, 1));
  const x1 = Math.max(f64x2.extract_lane(high, 0), f64x2.extract_lane(high, 1));
  const z0 = Math.min(f64x2.extract_lane(lowZ, 0), f64x2.extract_lane(lowZ, 1));
  const z1 = Math.max(f64x2.extract_lane(highZ, 0), f64x2.extract_lane(highZ, 1));
  widenBox(h, t, x0, z0, x1, z1);
  return -1;
}

/** Widens thread t's box to take in (x0, z0) … (x1, z1). */
function widenBox(h: Herd, t: i32, x0: f64, z0: f64, x1: f64, z1: f64): void {
  if (t == 0) {
    boxX0 = Math.min(boxX0, x0);
    boxZ0 = Math.min(boxZ0, z0);
    boxX1 = Math.max(boxX1, x1);
    boxZ1 = Math.max(boxZ1, z1);
  } else {
    const c = contextOf(h, t);
    c.boxX0 = Math.min(c.boxX0, x0);
    c.boxZ0 = Math.min(c.boxZ0, z0);
    c.boxX1 = Math.max(c.boxX1, x1);
    c.boxZ1 = Math.max(c.boxZ1, z1);
  }
}

/**
 * What bakeReach adds to a body's speed times dt, for every kind of the herd at once: the most any kind seeks and
 * slides at, times dt, plus its feet's span, probe and slope reach, plus a cell — bakeReach's for any body, or more
 * (but for rounding: a corner outside the box is computed when asked, the same value).
 */
function reachAll(h: Herd, dt: f64): f64 {
  let most: f64 = 0.0;
  for (let k = 0; k < h.kindCount; k++) {
    const n = changetype<Numbers>(h.table + <usize>k * offsetof<Numbers>());
    most = Math.max(most, (n.seekSpeed + n.slide) * dt + n.span + n.probe + 2.0 * Math.max(n.span, 0.1));
  }
  return most + h.ground.cell;
}

/**
 * The main thread's part of a step on several threads once every body passed checkThread, before the ranges start:
 * prepares the step (prepareStep), bakes the corners round each body out to where its step may ask (the threads'
 * boxes; a corner outside is computed when asked), then freezes the cache and tells every context where it is.
 */
export function beginThreads(h: Herd, dt: f64): void {
  prepareStep(h, dt);
  if (bakes(h)) {
    // The box round every body's reach, baked whole when it spans few tiles (a herd in one place: a few tiles, looked
    // up once); else round each body in turn.
    let x0 = boxX0;
    let z0 = boxZ0;
    let x1 = boxX1;
    let z1 = boxZ1;
    for (let t = 1; t <= h.threadCount; t++) {
      const c = contextOf(h, t);
      x0 = Math.min(x0, c.boxX0);
      z0 = Math.min(z0, c.boxZ0);
      x1 = Math.max(x1, c.boxX1);
      z1 = Math.max(z1, c.boxZ1);
    }
    const terrain = h.ground.terrain;
    if (h.count > 0 && tilesUnder(terrain, x0, z0, x1, z1) <= BOX_TILES) {
      bakeCorners(terrain, x0, z0, x1, z1);
    } else {
      for (let i = 0; i < h.count; i++) {
        const reach = bakeReach(h, i, dt);
        const x = numberAt(h, offsetof<Body>("x"), i);
        const z = numberAt(h, offsetof<Body>("z"), i);
        bakeCorners(terrain, x - reach, z - reach, x + reach, z + reach);
      }
    }
  }
  freezeCorners(true);
  for (let t = 1; t <= h.threadCount; t++) {
    const c = contextOf(h, t);
    c.pool = pool;
    c.dryFlags = dryFlags;
    c.directory = directory;
  }
}

/** The most tiles a herd's box may span and be baked whole (a quarter of the cache). */
const BOX_TILES: f64 = 256.0;

/**
 * How far round body i its step may ask for corners, generously: its move at up to the speed it has or wants (or
 * seeks, or slides at), plus the feet's span, the probe ahead of a rise and the slope's reach either side, plus a cell.
 */
function bakeReach(h: Herd, i: i32, dt: f64): f64 {
  const n = changetype<Numbers>(h.table + <usize>h.kind[i] * offsetof<Numbers>());
  const speed = Math.abs(numberAt(h, offsetof<Body>("vx"), i)) + Math.abs(numberAt(h, offsetof<Body>("vz"), i))
    + Math.abs(numberAt(h, offsetof<Body>("wantX"), i)) + Math.abs(numberAt(h, offsetof<Body>("wantZ"), i)) + n.seekSpeed + n.slide;
  return speed * dt + n.span + n.probe + 2.0 * Math.max(n.span, 0.1) + h.ground.cell;
}

/** The main thread's part of a step on several threads after every range has stepped: thaws the corner cache. */
export function endThreads(): void {
  freezeCorners(false);
}

/**
 * Steps bodies `from` to `to` − 1 on thread t (0: the main thread, on its own statics; else on this instance, a
 * worker's, bound to context t). Answers as stepBodies does.
 */
export function stepThread(h: Herd, t: i32, from: i32, to: i32, dt: f64): i32 {
  if (t == 0) return stepBodies(h, h.crowd, h.clusterMemo, from, to, dt);
  const c = contextOf(h, t);
  bind(c);
  memory.copy(changetype<usize>(c.crowd), changetype<usize>(h.crowd), offsetof<Crowd>());
  return stepBodies(h, c.crowd, c.clusterMemo, from, to, dt);
}

/** Bytes of `size` rounded up to 8, so every static in the block is aligned for f64. */
@inline function aligned(size: usize): usize {
  return (size + 7) & ~(<usize>7);
}

/** Points every static a step writes at context c's block and its circle list, and the corner cache at the main's. */
function bind(c: HerdThread): void {
  let at = c.scratch;
  callBodies = changetype<Circles>(at); at += aligned(offsetof<Circles>());
  callBodies.length = 0;
  callBodies.capacity = 0;
  sampler = changetype<Sampler>(at); at += aligned(offsetof<Sampler>());
  heights = changetype<HeightCorners>(at); at += aligned(offsetof<HeightCorners>());
  depths = changetype<DepthCorners>(at); at += aligned(offsetof<DepthCorners>());
  near = changetype<Circles>(at); at += aligned(offsetof<Circles>());
  near.data = c.nearData;
  near.capacity = c.nearCapacity;
  near.length = 0;
  circleLimit = changetype<Limit>(at); at += aligned(offsetof<Limit>());
  outline = changetype<OutlinePoint>(at); at += aligned(offsetof<OutlinePoint>());
  nearest = changetype<OutlinePoint>(at); at += aligned(offsetof<OutlinePoint>());
  foundPieces = changetype<FoundPieces>(at); at += aligned(offsetof<FoundPieces>());
  foundPieces.data = c.foundData;
  foundPieces.capacity = c.foundCapacity;
  foundPieces.length = 0;
  terrainLimit = changetype<Limit>(at); at += aligned(offsetof<Limit>());
  slideGradient = changetype<Vec2>(at); at += aligned(offsetof<Vec2>());
  refusedMove = changetype<F64s>(at); at += 16;
  walkGradient = changetype<Vec2>(at); at += aligned(offsetof<Vec2>());
  faceGradient = changetype<Vec2>(at); at += aligned(offsetof<Vec2>());
  want = changetype<Want>(at); at += aligned(offsetof<Want>());
  blocker = changetype<Circle>(at); at += aligned(offsetof<Circle>());
  corner = changetype<Circle>(at); at += aligned(offsetof<Circle>());
  cluster = changetype<Circles>(at); at += aligned(offsetof<Circles>());
  clusterData = at; at += aligned(<usize>(MAX_SOLID_CLUSTER + 1) * offsetof<Circle>());
  plus = changetype<Tangent>(at); at += aligned(offsetof<Tangent>());
  minus = changetype<Tangent>(at); at += aligned(offsetof<Tangent>());
  body = changetype<Body>(at); at += aligned(offsetof<Body>());
  move = changetype<Move>(at); at += aligned(offsetof<Move>());
  probed = changetype<Move>(at); at += aligned(offsetof<Move>());
  clearWay = changetype<ClearWay>(at); at += aligned(offsetof<ClearWay>());
  blockedProbe = changetype<BlockedProbe>(at); at += aligned(offsetof<BlockedProbe>());
  behind = changetype<Feet>(at); at += aligned(offsetof<Feet>());
  ahead = changetype<Feet>(at); at += aligned(offsetof<Feet>());
  footing = changetype<Feet>(at); at += aligned(offsetof<Feet>());
  crossing = changetype<Cross>(at); at += aligned(offsetof<Cross>());
  climb0 = changetype<Climb>(at); at += aligned(offsetof<Climb>());
  climb1 = changetype<Climb>(at); at += aligned(offsetof<Climb>());
  climb2 = changetype<Climb>(at); at += aligned(offsetof<Climb>());
  climb3 = changetype<Climb>(at); at += aligned(offsetof<Climb>());
  climb4 = changetype<Climb>(at); at += aligned(offsetof<Climb>());
  before = changetype<Feet>(at); at += aligned(offsetof<Feet>());
  after = changetype<Feet>(at); at += aligned(offsetof<Feet>());
  way = changetype<Vec2>(at); at += aligned(offsetof<Vec2>());
  startFace = changetype<Vec2>(at); at += aligned(offsetof<Vec2>());
  aim = changetype<Vec2>(at); at += aligned(offsetof<Vec2>());
  firstStep = changetype<Vec2>(at); at += aligned(offsetof<Vec2>());
  farTile = at; at += aligned(FAR_TILE_BYTES);
  bindAvoid(at); at += aligned(AVOID_BYTES);
  bindCrowd(at); at += aligned(CROWD_BYTES);
  assert(at - c.scratch <= SCRATCH_BYTES, "bind: a thread's statics outgrew SCRATCH_BYTES");
  pool = c.pool;
  dryFlags = c.dryFlags;
  directory = c.directory;
  freezeCorners(true);
}
