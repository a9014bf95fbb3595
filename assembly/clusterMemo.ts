/**
 * A herd's memo of clusters of solids (AS only; G-4, AV-4). The cluster gatherCluster gathers from a solid when it
 * takes no body (a kind that avoids, whose blocker is a solid; or no blocking bodies at all) is a function of that
 * solid, the body's radius and the solids alone, so a herd keeps the last clusters it gathered from step to step:
 * the bodies of a crowd pressed against a grove ask the same few clusters every step. An entry is keyed by the
 * solid's id in the grid (LV-1), the radius and the grid's count of changes (an edit of the solids, a circle's or a
 * piece's, bumps it: assembly/scatter.ts logChange, so any edit drops every entry, also of clusters that took in a
 * piece's corners); a slot holds one entry, by id, and a new cluster replaces the one there. Each thread has its own memo
 * (the herd makes them all: a worker never allocates), so threads never share one; a hit copies out the very
 * circles, in the very order, that gathering them again would give.
 */
import { Circle, Circles, alloc, free } from './memory';

/**
 * Slots of a memo (a power of two): more than the solids a crowd usually presses against at once. Why 256: the two-way
 * gap's crowd presses against 160 trunks, and a miss gathers a grove of 80 again (µs per body-step 51 with 64 slots,
 * 42 with 256, in one run side by side).
 */
const SLOTS: i32 = 256;

/** One slot's key and how many circles it holds; the circles follow it (room for the most a cluster holds). */
@unmanaged class Entry {
  id: i32;
  changes: i32;
  length: i32;
  radius: f64;
}

/** A memo's first word: the bytes of each of its slots, which follow it. */
const SLOTS_AT: usize = 8;

/** The memo the stepping thread reads and writes, or 0 outside a herd step (a `let`: each thread's instance has its own). */
export let clusterMemo: usize = 0;

/** Makes the memo the stepping thread uses (0: none, outside a herd step). */
export function useClusterMemo(memo: usize): void {
  clusterMemo = memo;
}

/** A new memo holding nothing, for clusters of at most `most` circles (assembly/seek.ts MAX_SOLID_CLUSTER). */
export function newClusterMemo(most: i32): usize {
  const bytes = (offsetof<Entry>() + <usize>most * offsetof<Circle>() + 7) & ~(<usize>7);
  const memo = alloc(SLOTS_AT + <usize>SLOTS * bytes);
  store<usize>(memo, bytes);
  for (let s = 0; s < SLOTS; s++) changetype<Entry>(memo + SLOTS_AT + <usize>s * bytes).id = -1;
  return memo;
}

export function freeClusterMemo(memo: usize): void {
  free(memo);
}

@inline function slotOf(id: i32): Entry {
  return changetype<Entry>(clusterMemo + SLOTS_AT + <usize>(id & (SLOTS - 1)) * load<usize>(clusterMemo));
}

/** Copies into `out` the cluster kept for solid `id` at `radius` and grid change count `changes`; false when none is. */
export function recallCluster(id: i32, radius: f64, changes: i32, out: Circles): bool {
  const e = slotOf(id);
  if (e.id != id || e.changes != changes || e.radius != radius) return false;
  memory.copy(out.data, changetype<usize>(e) + offsetof<Entry>(), <usize>e.length * offsetof<Circle>());
  out.length = e.length;
  return true;
}

/** Keeps `cluster` as the one gathered from solid `id` at `radius` and grid change count `changes`. */
export function keepCluster(id: i32, radius: f64, changes: i32, cluster: Circles): void {
  const e = slotOf(id);
  e.id = id;
  e.changes = changes;
  e.radius = radius;
  e.length = cluster.length;
  memory.copy(changetype<usize>(e) + offsetof<Entry>(), cluster.data, <usize>cluster.length * offsetof<Circle>());
}
