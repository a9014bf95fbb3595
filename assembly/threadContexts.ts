/**
 * The contexts a herd's worker threads step with (HD-5): one per thread beyond the main one, each its block of
 * statics, its copy of the crowd, its circle list and its memo of clusters, made, grown and freed with the herd. Apart from threads.ts,
 * which steps the herd's bodies, so that the herd reserves and frees its threads' contexts without importing the step.
 */
import { Circle, alloc, free } from './memory';
import { Crowd } from './crowd';
import { Herd } from './herdLayout';
import { freeClusterMemo, newClusterMemo } from './clusterMemo';
import { MAX_SOLID_CLUSTER } from './seek';
import { ShapeGrid } from './shapeGrid';

/**
 * What one worker thread steps a herd's bodies with (HD-5, assembly/threads.ts): its own copy of every static a step
 * writes (`scratch`), of the crowd (whose query reads the stepping body's mask from it) and its own circle list; and,
 * published before each step, the corner cache of the main thread's instance to read.
 */
@unmanaged export class HerdThread {
  scratch: usize;
  crowd: Crowd;
  nearData: usize;
  nearCapacity: i32;
  pool: usize;
  dryFlags: usize;
  directory: usize;
  /** The box round the reach of the bodies the thread checked this step (assembly/threads.ts checkThread). */
  boxX0: f64;
  boxZ0: f64;
  boxX1: f64;
  boxZ1: f64;
  /** The thread's memo of clusters of solids (assembly/clusterMemo.ts). */
  clusterMemo: usize;
  /** The thread's list of the pieces a query found (assembly/shapeGrid.ts FoundPieces), and its room. */
  foundData: usize;
  foundCapacity: i32;
}

/** Bytes of a thread's block of statics: more than `bind` takes (the debug build checks). */
export const SCRATCH_BYTES: usize = 16384;

/** The context of thread t (1 … threadCount; thread 0 is the main thread, which steps with its own statics). */
@inline export function contextOf(h: Herd, t: i32): HerdThread {
  return changetype<HerdThread>(load<usize>(h.threads + (<usize>(t - 1) << 2)));
}

/** Room in a thread's circle list for any query of this herd: all its solids, and all its bodies when they block. */
function nearCapacityOf(h: Herd): i32 {
  const grid = h.ground.scatter;
  return (grid === null ? 0 : grid.count) + (h.blocking ? h.capacity : 0);
}

/** Room in a thread's list of pieces for any query of this herd: every piece number its ground's grid has given. */
function foundCapacityOf(h: Herd): i32 {
  const grid = h.ground.scatter;
  return grid === null || grid.shapes == 0 ? 0 : changetype<ShapeGrid>(grid.shapes).count;
}

/**
 * Makes the herd's contexts for `count` threads besides the main one (0: none), replacing any it had. Each holds the
 * thread's block of statics, its copy of the crowd, its circle list and its list of pieces.
 */
export function herdThreads(h: Herd, count: i32): void {
  freeThreads(h);
  if (count <= 0) return;
  h.threads = alloc(<usize>count << 2);
  h.threadCount = count;
  for (let t = 1; t <= count; t++) {
    const c = changetype<HerdThread>(alloc(offsetof<HerdThread>()));
    store<usize>(h.threads + (<usize>(t - 1) << 2), changetype<usize>(c));
    c.scratch = alloc(SCRATCH_BYTES);
    c.crowd = changetype<Crowd>(alloc(offsetof<Crowd>()));
    c.clusterMemo = newClusterMemo(MAX_SOLID_CLUSTER);
  }
  reserveThreads(h);
}

/**
 * Gives each context's circle list room for the herd's capacity and its solids, and its list of pieces room for the
 * ground's pieces (after the herd grows, reserveHerd, or the solids change, forgetChangedSolids).
 */
export function reserveThreads(h: Herd): void {
  const capacity = nearCapacityOf(h);
  const pieces = foundCapacityOf(h);
  for (let t = 1; t <= h.threadCount; t++) {
    const c = contextOf(h, t);
    if (c.nearCapacity < capacity) {
      free(c.nearData);
      c.nearData = alloc(<usize>capacity * offsetof<Circle>());
      c.nearCapacity = capacity;
    }
    if (c.foundCapacity < pieces) {
      free(c.foundData);
      c.foundData = alloc(<usize>pieces << 2);
      c.foundCapacity = pieces;
    }
  }
}

/** Frees the herd's contexts. */
export function freeThreads(h: Herd): void {
  for (let t = 1; t <= h.threadCount; t++) {
    const c = contextOf(h, t);
    free(c.scratch);
    free(changetype<usize>(c.crowd));
    free(c.nearData);
    free(c.foundData);
    freeClusterMemo(c.clusterMemo);
    free(changetype<usize>(c));
  }
  free(h.threads);
  h.threads = 0;
  h.threadCount = 0;
}
