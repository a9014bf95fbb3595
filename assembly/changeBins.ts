/**
 * The boxes where the solids changed since a herd's last step, filed in bins (AS only, LV-4): a herd drops each body's
 * memos, and each kept cluster, a box meets, and with the boxes in bins each tests only those filed where it lies — not every box
 * against every body, which cost 1000 bodies × 200 boxes a frame. The same memos are dropped either way: two boxes
 * that meet share a point, and the bin of that point holds both (the bins of a box's ends, clamped to the grid, are
 * monotone in its ends), so a box filed in bins is in every bin a box meeting it reaches.
 */
import { F64s, I32s, alloc } from './memory';
import { LOG_SIZE } from './scatter';

/** Bins per side, laid over the box round all the changes of a step. */
const SIDE: i32 = 32;
/** A change reaching more bins than this is not filed but tested by every body (a long wall: few of them a step). */
const MOST_BINS: i32 = 16;

/**
 * Per bin, where its list starts in `entries` (SIDE² + 1 numbers, the last the end of the last list); per bin the
 * count while filing, then the next free place while writing the lists; the lists, each a run of log places (4 × the
 * change's slot), by change; the log places of the changes filed in no bin. Made at the first filing, on the thread
 * that prepares herd steps (kept out of the module's data, which every build would ship).
 */
let starts = changetype<I32s>(0);
let counts = changetype<I32s>(0);
let entries = changetype<I32s>(0);
let wide = changetype<I32s>(0);

let wideCount: i32 = 0;
let minX: f64 = 0.0;
let minZ: f64 = 0.0;
let maxX: f64 = 0.0;
let maxZ: f64 = 0.0;
let binSize: f64 = 1.0;

/** The bin of coordinate v from `lo`, clamped to the grid. */
@inline function binOf(v: f64, lo: f64): i32 {
  return <i32>Math.min(Math.max(Math.floor((v - lo) / binSize), 0.0), <f64>(SIDE - 1));
}

/** The log place of change c: where its box's 4 numbers start. */
@inline function placeOf(c: i32): i32 {
  return (c % LOG_SIZE) * 4;
}

/** The bins the change at log place `at` reaches, columns i0..i1 and rows j0..j1 (binsOf). */
let i0: i32 = 0;
let i1: i32 = 0;
let j0: i32 = 0;
let j1: i32 = 0;

/** Sets i0..i1, j0..j1 to the bins of the change at `at`; whether it is filed in them (it reaches at most MOST_BINS). */
function binsOf(log: F64s, at: i32): bool {
  i0 = binOf(log[at], minX);
  i1 = binOf(log[at + 2], minX);
  j0 = binOf(log[at + 1], minZ);
  j1 = binOf(log[at + 3], minZ);
  return (i1 - i0 + 1) * (j1 - j0 + 1) <= MOST_BINS;
}

/** Files changes `from` to `to` of `log` (at most LOG_SIZE of them) in bins over the box round them all. */
export function fileChanges(log: F64s, from: i32, to: i32): void {
  if (changetype<usize>(starts) == 0) {
    starts = changetype<I32s>(alloc(<usize>(SIDE * SIDE + 1) << 2));
    counts = changetype<I32s>(alloc(<usize>(SIDE * SIDE) << 2));
    entries = changetype<I32s>(alloc(<usize>(LOG_SIZE * MOST_BINS) << 2));
    wide = changetype<I32s>(alloc(<usize>LOG_SIZE << 2));
  }
  minX = Infinity;
  minZ = Infinity;
  maxX = -Infinity;
  maxZ = -Infinity;
  for (let c = from; c < to; c++) {
    const at = placeOf(c);
    minX = Math.min(minX, log[at]);
    minZ = Math.min(minZ, log[at + 1]);
    maxX = Math.max(maxX, log[at + 2]);
    maxZ = Math.max(maxZ, log[at + 3]);
  }
  const side = Math.max(maxX - minX, maxZ - minZ) / <f64>SIDE;
  binSize = side > 0.0 ? side : 1.0;
  memory.fill(changetype<usize>(counts), 0, <usize>(SIDE * SIDE) << 2);
  wideCount = 0;
  for (let c = from; c < to; c++) {
    const at = placeOf(c);
    if (!binsOf(log, at)) {
      wide[wideCount++] = at;
      continue;
    }
    for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) counts[j * SIDE + i] = counts[j * SIDE + i] + 1;
  }
  let sum = 0;
  for (let b = 0; b < SIDE * SIDE; b++) {
    starts[b] = sum;
    sum += counts[b];
    counts[b] = starts[b];
  }
  starts[SIDE * SIDE] = sum;
  for (let c = from; c < to; c++) {
    const at = placeOf(c);
    if (!binsOf(log, at)) continue;
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        const b = j * SIDE + i;
        entries[counts[b]] = at;
        counts[b] = counts[b] + 1;
      }
    }
  }
}

/** Whether the box [x0, z0, x1, z1] misses the box round every filed change (then only the wide ones can meet it). */
export function missesFiled(x0: f64, z0: f64, x1: f64, z1: f64): bool {
  return x1 < minX || maxX < x0 || z1 < minZ || maxZ < z0;
}

/** The first bin column [x0's] and last [x1's] a box reaches, and likewise its rows: binOf on each end. */
export function binColumn(x: f64): i32 {
  return binOf(x, minX);
}

export function binRow(z: f64): i32 {
  return binOf(z, minZ);
}

/** Where bin (i, j)'s list starts in `entries`, and where it ends. */
export function binStart(i: i32, j: i32): i32 {
  return starts[j * SIDE + i];
}

export function binEnd(i: i32, j: i32): i32 {
  return starts[j * SIDE + i + 1];
}

/** The log place at `k` of the lists. */
export function filedAt(k: i32): i32 {
  return entries[k];
}

/** How many changes are filed in no bin, and the log place of the k-th. */
export function wideChanges(): i32 {
  return wideCount;
}

export function wideAt(k: i32): i32 {
  return wide[k];
}

/** Whether a change filed (in bins or wide) meets the box [x0, z0, x1, z1]: shares a point with it. */
export function anyChangeMeets(log: F64s, x0: f64, z0: f64, x1: f64, z1: f64): bool {
  for (let k = 0; k < wideCount; k++) if (boxMeets(log, wide[k], x0, z0, x1, z1)) return true;
  if (missesFiled(x0, z0, x1, z1)) return false;
  const i0 = binOf(x0, minX);
  const i1 = binOf(x1, minX);
  const j1 = binOf(z1, minZ);
  for (let j = binOf(z0, minZ); j <= j1; j++) {
    for (let i = i0; i <= i1; i++) {
      const end = starts[j * SIDE + i + 1];
      for (let k = starts[j * SIDE + i]; k < end; k++) if (boxMeets(log, entries[k], x0, z0, x1, z1)) return true;
    }
  }
  return false;
}

/** Whether the change at log place `at` shares a point with the box [x0, z0, x1, z1]. */
@inline function boxMeets(log: F64s, at: i32, x0: f64, z0: f64, x1: f64, z1: f64): bool {
  return x0 <= log[at + 2] && log[at] <= x1 && z0 <= log[at + 3] && log[at + 1] <= z1;
}
