/**
 * A herd's memo of clusters of solids (AS only; G-4, AV-4). The cluster gatherCluster gathers from a solid when it
 * takes no body (a kind that avoids, whose blocker is a solid; or no blocking bodies at all) is a function of that
 * solid, the body's radius and the solids alone, so a herd keeps the last clusters it gathered from step to step:
 * the bodies of a crowd pressed against a grove ask the same few clusters every step. An entry is keyed by the
 * solid's id in the grid (LV-1) and the radius; a slot holds one entry, by id, and a new cluster replaces the one
 * there. Gathering reads the solids only within reach of its members (each member's query reaches its radius and the
 * body's diameter), so an entry keeps the box round its members' discs grown by that reach, and the herd drops it
 * before its next step only where a change of the solids meets that box grown by a margin (LV-4: forgetClustersIn,
 * with the changes in bins, assembly/changeBins.ts) — a solid moved into its reach, a member moved or removed, a
 * piece whose corners it took in edited — and drops every entry once more changes came than the grid's log keeps. Each
 * thread has its own memo (the herd makes them all: a worker never allocates), so threads never share one; a hit
 * copies out the very circles, in the very order, that gathering them again would give.
 */
import { Circle, Circles, F64s, alloc, free } from './memory';
import { anyChangeMeets } from './changeBins';

/**
 * Slots of a memo (a power of two): more than the solids a crowd usually presses against at once. Why 256: the two-way
 * gap's crowd presses against 160 trunks, and a miss gathers a grove of 80 again (µs per body-step 51 with 64 slots,
 * 42 with 256, in one run side by side).
 */
const SLOTS: i32 = 256;

/** One slot's key, how many circles it holds and the box its gathering read; the circles follow it (room for the most a cluster holds). */
@unmanaged class Entry {
  id: i32;
  length: i32;
  radius: f64;
  x0: f64;
  z0: f64;
  x1: f64;
  z1: f64;
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
  for (let s = 0; s < SLOTS; s++) entryAt(memo, s).id = -1;
  return memo;
}

export function freeClusterMemo(memo: usize): void {
  free(memo);
}

@inline function entryAt(memo: usize, s: i32): Entry {
  return changetype<Entry>(memo + SLOTS_AT + <usize>s * load<usize>(memo));
}

@inline function slotOf(id: i32): Entry {
  return entryAt(clusterMemo, id & (SLOTS - 1));
}

/** Copies into `out` the cluster kept for solid `id` at `radius`; false when none is. */
export function recallCluster(id: i32, radius: f64, out: Circles): bool {
  const e = slotOf(id);
  if (e.id != id || e.radius != radius) return false;
  memory.copy(out.data, changetype<usize>(e) + offsetof<Entry>(), <usize>e.length * offsetof<Circle>());
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
  memory.copy(changetype<usize>(e) + offsetof<Entry>(), cluster.data, <usize>cluster.length * offsetof<Circle>());
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
