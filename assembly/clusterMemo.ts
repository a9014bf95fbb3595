/**
 * A herd's memo of clusters of solids (AS only; G-4, AV-4). The cluster gatherCluster gathers from a solid when it
 * takes no body (a kind that avoids, whose blocker is a solid; or no blocking bodies at all) is a function of that
 * solid, the body's radius and the solids alone, so a herd keeps the last clusters it gathered from step to step:
 * the bodies of a crowd pressed against a grove ask the same few clusters every step. An entry is keyed by the
 * solid's id in the grid (LV-1) and the radius; a slot holds one entry, by id, and a new cluster replaces the one
 * there (its circles go on round a ring the slots share). Gathering reads the solids only within reach of its
 * members (each member's query reaches its radius and the body's diameter), so an entry keeps the box round its
 * members' discs grown by that reach, and the herd drops it before its next step only where a change of the solids
 * meets that box grown by a margin (LV-4: forgetClustersIn, with the changes in bins, assembly/changeBins.ts) — a
 * solid moved into its reach, a member moved or removed, a piece whose corners it took in edited — and drops every
 * entry once more changes came than the grid's log keeps. Each thread has its own memo (the herd makes them all: a
 * worker never allocates), so threads never share one; a hit copies out the very circles, in the very order, that
 * gathering them again would give.
 */
import { Circle, Circles, F64s, alloc, free } from './memory';
import { anyChangeMeets } from './changeBins';

/**
 * Slots of a memo (a power of two): more than the solids a crowd usually presses against at once. Why 4,096 (and a
 * ring of 32,768): at N = 10,000 the bodies of bench:peers' village (its hills, trees, houses and walls) go round more
 * solids each step than 256 slots held — 1.009 µs per body-step with 256 slots of room for the largest cluster,
 * 0.857 with these, in one run side by side; 16,384 slots and a ring of 65,536 read the same as these. The debug
 * core's memo is tiny (8 slots, a ring of 512), so the tests it runs replace entries and wrap the ring all the time:
 * answering as the reference does shows both harmless (a build that reads an entry the ring has come round onto
 * fails them).
 */
const SLOTS: i32 = ASC_OPTIMIZE_LEVEL > 0 ? 4096 : 8;

/**
 * Circles the memo's ring holds (a power of two). The clusters kept are written one after another round the ring, a
 * cluster never split by its end; an entry whose circles a later one wrote over reads as not kept. Why a ring rather
 * than room for the largest cluster in every slot: a cluster is 1 to 2 circles on average, MAX_SOLID_CLUSTER at most.
 */
const RING: i32 = ASC_OPTIMIZE_LEVEL > 0 ? 32768 : 512;

/** One slot's key, how many circles it holds, where in the ring they start (counted on from the first ever written) and the box its gathering read. */
@unmanaged class Entry {
  id: i32;
  length: i32;
  radius: f64;
  at: i64;
  x0: f64;
  z0: f64;
  x1: f64;
  z1: f64;
}

/** A memo: the count of ring places written or passed over since it was made, then the slots, then the ring. */
@unmanaged class Memo {
  head: i64;
}

const SLOTS_AT: usize = offsetof<Memo>();
const RING_AT: usize = SLOTS_AT + <usize>SLOTS * offsetof<Entry>();

/** The memo the stepping thread reads and writes, or 0 outside a herd step (a `let`: each thread's instance has its own). */
export let clusterMemo: usize = 0;

/** Makes the memo the stepping thread uses (0: none, outside a herd step). */
export function useClusterMemo(memo: usize): void {
  clusterMemo = memo;
}

/** A new memo holding nothing, for clusters of at most `most` circles (assembly/seek.ts MAX_SOLID_CLUSTER). */
export function newClusterMemo(most: i32): usize {
  assert(most < RING, 'a cluster memo\'s ring holds its largest cluster');
  const memo = alloc(RING_AT + <usize>RING * offsetof<Circle>());
  changetype<Memo>(memo).head = 0;
  for (let s = 0; s < SLOTS; s++) entryAt(memo, s).id = -1;
  return memo;
}

export function freeClusterMemo(memo: usize): void {
  free(memo);
}

@inline function entryAt(memo: usize, s: i32): Entry {
  return changetype<Entry>(memo + SLOTS_AT + <usize>s * offsetof<Entry>());
}

@inline function slotOf(id: i32): Entry {
  return entryAt(clusterMemo, id & (SLOTS - 1));
}

/** Where in the memo's ring the circles written at place `at` (counted on from the first ever written) lie. */
@inline function ringAt(at: i64): usize {
  return clusterMemo + RING_AT + <usize>(at & <i64>(RING - 1)) * offsetof<Circle>();
}

/** Copies into `out` the cluster kept for solid `id` at `radius`; false when none is. */
export function recallCluster(id: i32, radius: f64, out: Circles): bool {
  const e = slotOf(id);
  // Once the ring's head is more than a ring past this entry's start, a later cluster may have been written over it.
  if (e.id != id || e.radius != radius || changetype<Memo>(clusterMemo).head - e.at > <i64>RING) return false;
  memory.copy(out.data, ringAt(e.at), <usize>e.length * offsetof<Circle>());
  out.length = e.length;
  return true;
}

/**
 * Keeps `cluster` as the one gathered from solid `id` at `radius`, with the box its gathering read the solids in:
 * round its members' discs, grown by the reach of a member's query past its disc (the body's diameter).
 */
export function keepCluster(id: i32, radius: f64, cluster: Circles): void {
  const e = slotOf(id);
  e.id = id;
  e.radius = radius;
  e.length = cluster.length;
  const m = changetype<Memo>(clusterMemo);
  let at = m.head;
  // A cluster that would run past the ring's end starts the next lap.
  if ((at & <i64>(RING - 1)) + <i64>cluster.length > <i64>RING) at = (at | <i64>(RING - 1)) + 1;
  e.at = at;
  m.head = at + <i64>cluster.length;
  memory.copy(ringAt(at), cluster.data, <usize>cluster.length * offsetof<Circle>());
  let x0 = Infinity;
  let z0 = Infinity;
  let x1 = -Infinity;
  let z1 = -Infinity;
  for (let k = 0; k < cluster.length; k++) {
    const c = cluster[k];
    x0 = Math.min(x0, c.x - c.radius);
    z0 = Math.min(z0, c.z - c.radius);
    x1 = Math.max(x1, c.x + c.radius);
    z1 = Math.max(z1, c.z + c.radius);
  }
  const reach = radius + radius;
  e.x0 = x0 - reach;
  e.z0 = z0 - reach;
  e.x1 = x1 + reach;
  e.z1 = z1 + reach;
}

/**
 * Drops each entry of `memo` whose box, grown by `margin`, meets a change filed in the bins (assembly/changeBins.ts
 * fileChanges), or every entry with `all` (more changes came than the grid's log keeps).
 */
export function forgetClustersIn(memo: usize, log: F64s, margin: f64, all: bool): void {
  for (let s = 0; s < SLOTS; s++) {
    const e = entryAt(memo, s);
    if (e.id == -1) continue;
    if (all || anyChangeMeets(log, e.x0 - margin, e.z0 - margin, e.x1 + margin, e.z1 + margin)) e.id = -1;
  }
}
