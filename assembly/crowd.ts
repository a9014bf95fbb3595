/**
 * A herd's bodies as blocking circles (HD-1, K `bodies`): a uniform grid over the positions the bodies had at the
 * start of the step, with their velocities beside them (AV-2), rebuilt every step, so a body is blocked by where the
 * others were, never by where some of them have already moved — the result does not depend on body order. AssemblyScript-only: in the reference the
 * same circles come from ground.bodies (src/reference/bodies.ts), one row at a time.
 * A query answers the same circles, by the same test, as the reference's Sampler.circles answers from a list
 * (in another order, which the callers do not depend on: see src/reference/seek.ts circleBefore).
 */
import { Circles, F64s, I32s, Numbers, alloc, free } from './memory';
import { MOST_NEIGHBOURS, Neighbours } from './neighbours';
import { queryReach } from './scatter';
import { BODIES_NONE, BODIES_STILL, isStill } from './still';

/** Bytes of the crowd's statics: a neighbour query's nearest items so far and their squared distances (a thread binds its own). */
export const CROWD_BYTES: usize = <usize>MOST_NEIGHBOURS * 12;

// `let`s, so a worker thread points them at its own block (assembly/threads.ts bind).
let nearestD2s = changetype<F64s>(0);
let nearestItems = changetype<I32s>(0);

/** Lays the crowd's statics out in the CROWD_BYTES at `at` (the main thread's at start, a worker's when it binds). */
export function bindCrowd(at: usize): void {
  nearestD2s = changetype<F64s>(at);
  nearestItems = changetype<I32s>(at + (<usize>MOST_NEIGHBOURS << 3));
}

bindCrowd(memory.data(<i32>CROWD_BYTES, 8));

@unmanaged export class Crowd {
  count: i32;
  capacity: i32;
  /**
   * The start-of-step snapshot in filing order (item k is body items[k]): positions, horizontal velocities, kinds and
   * radii side by side, so a query reads a run of neighbouring items, not bodies scattered over the herd's arrays.
   */
  xs: F64s;
  zs: F64s;
  vxs: F64s;
  vzs: F64s;
  radii: F64s;
  kinds: I32s;
  /** The herd's kinds table (Numbers, one per kind). */
  table: usize;
  /** Blocking masks: for kind k, `maskWords` u32 words whose bit j says kind k lists kind j in its `bodies`. */
  masks: usize;
  maskWords: i32;
  /** The mask row of the kind of the body being stepped, and that kind. */
  selfMask: usize;
  selfKind: i32;
  maxRadius: f64;
  minX: f64;
  minZ: f64;
  cellSize: f64;
  nx: i32;
  nz: i32;
  /**
   * Cell c's bodies are items[starts[c + 1] .. starts[c + 2]) (the counting sort files backwards; see fileCrowd), so
   * a row's cells from cx0 to cx1 are the one run starts[c0 + 1] .. starts[c1 + 2].
   */
  starts: I32s;
  items: I32s;
  cellOfBody: I32s;
  /**
   * Cell c's least squared speed (vx² + vz², as isStill squares it) of its bodies, +∞ for none: a query of the still
   * bodies alone (BODIES_STILL) passes over a cell no body of which is still for it — in a crowd on the move, most.
   */
  leastSpeed2: F64s;
}

/** A crowd grid for up to `capacity` bodies. */
export function newCrowd(capacity: i32): Crowd {
  const c = changetype<Crowd>(alloc(offsetof<Crowd>()));
  reserveCrowd(c, capacity);
  return c;
}

/** Makes room for `capacity` bodies (the grid is rebuilt each step, so nothing is copied). */
export function reserveCrowd(c: Crowd, capacity: i32): void {
  if (capacity <= c.capacity) return;
  freeCrowdArrays(c);
  c.capacity = capacity;
  c.xs = changetype<F64s>(alloc(<usize>capacity << 3));
  c.zs = changetype<F64s>(alloc(<usize>capacity << 3));
  c.vxs = changetype<F64s>(alloc(<usize>capacity << 3));
  c.vzs = changetype<F64s>(alloc(<usize>capacity << 3));
  c.radii = changetype<F64s>(alloc(<usize>capacity << 3));
  c.kinds = changetype<I32s>(alloc(<usize>capacity << 2));
  // At most 2n + 1 cells (see fileCrowd), one leading slot and the end mark.
  c.starts = changetype<I32s>(alloc(<usize>(2 * capacity + 3) << 2));
  c.items = changetype<I32s>(alloc(<usize>capacity << 2));
  c.cellOfBody = changetype<I32s>(alloc(<usize>capacity << 2));
  c.leastSpeed2 = changetype<F64s>(alloc(<usize>(2 * capacity + 1) << 3));
}

function freeCrowdArrays(c: Crowd): void {
  free(changetype<usize>(c.xs));
  free(changetype<usize>(c.zs));
  free(changetype<usize>(c.vxs));
  free(changetype<usize>(c.vzs));
  free(changetype<usize>(c.radii));
  free(changetype<usize>(c.kinds));
  free(changetype<usize>(c.starts));
  free(changetype<usize>(c.items));
  free(changetype<usize>(c.cellOfBody));
  free(changetype<usize>(c.leastSpeed2));
}

export function freeCrowd(c: Crowd): void {
  freeCrowdArrays(c);
  free(changetype<usize>(c));
}

@inline function radiusOf(c: Crowd, kind: i32): f64 {
  return changetype<Numbers>(c.table + <usize>kind * offsetof<Numbers>()).radius;
}

@inline function cellOf(v: f64, min: f64, cellSize: f64, n: i32): i32 {
  return <i32>Math.min(Math.max(Math.floor((v - min) / cellSize), 0.0), <f64>(n - 1));
}

/**
 * Files `count` bodies at (xs, zs) moving at (vxs, vzs) — copied, in filing order, as the start-of-step snapshot — in
 * a grid whose cell side is the largest of the widest body's diameter, √(area / n) and (width + depth) / n, so there
 * are at most 2n + 1 cells.
 */
export function fileCrowd(c: Crowd, count: i32, xs: F64s, zs: F64s, vxs: F64s, vzs: F64s, kinds: I32s): void {
  c.count = count;
  let minX = Infinity;
  let minZ = Infinity;
  let maxX = -Infinity;
  let maxZ = -Infinity;
  let maxRadius: f64 = 0;
  for (let i = 0; i < count; i++) {
    const x = xs[i];
    const z = zs[i];
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minZ = Math.min(minZ, z);
    maxZ = Math.max(maxZ, z);
    maxRadius = Math.max(maxRadius, radiusOf(c, kinds[i]));
  }
  if (count == 0) minX = minZ = maxX = maxZ = 0;
  const width = maxX - minX;
  const depth = maxZ - minZ;
  const n = <f64>max<i32>(count, 1);
  let cellSize = Math.max(Math.max(2.0 * maxRadius, Math.sqrt((width * depth) / n)), (width + depth) / n);
  if (!(cellSize > 0)) cellSize = 1;
  const nx = <i32>(Math.floor(width / cellSize) + 1.0);
  const nz = <i32>(Math.floor(depth / cellSize) + 1.0);
  const cells = nx * nz;
  c.maxRadius = maxRadius;
  c.minX = minX;
  c.minZ = minZ;
  c.cellSize = cellSize;
  c.nx = nx;
  c.nz = nz;
  // A counting sort: count each cell's bodies into starts[c + 1] and sum, so starts[c + 1] is where cell c ends; then
  // file the bodies backwards, each at --starts[c + 1], which leaves starts[c + 1] where cell c starts — so cell c
  // spans starts[c + 1] .. starts[c + 2] (the last up to the count, put at the end), its bodies in increasing order.
  const starts = c.starts;
  const cellOfBody = c.cellOfBody;
  const least = c.leastSpeed2;
  memory.fill(changetype<usize>(starts), 0, <usize>(cells + 2) << 2);
  for (let k = 0; k < cells; k++) least[k] = Infinity;
  for (let i = 0; i < count; i++) {
    const cell = cellOf(zs[i], minZ, cellSize, nz) * nx + cellOf(xs[i], minX, cellSize, nx);
    cellOfBody[i] = cell;
    starts[cell + 1]++;
    // A comparison, not min: a NaN speed (which isStill never takes) must not hide the cell's still bodies.
    const speed2 = vxs[i] * vxs[i] + vzs[i] * vzs[i];
    if (speed2 < least[cell]) least[cell] = speed2;
  }
  for (let k = 1; k < cells; k++) starts[k + 1] += starts[k];
  const items = c.items;
  for (let i = count - 1; i >= 0; i--) {
    const k = --starts[cellOfBody[i] + 1];
    items[k] = i;
    c.xs[k] = xs[i];
    c.zs[k] = zs[i];
    c.vxs[k] = vxs[i];
    c.vzs[k] = vzs[i];
    c.kinds[k] = kinds[i];
    c.radii[k] = radiusOf(c, kinds[i]);
  }
  starts[cells + 1] = count;
}

/** Whether the mask row at `row` (K `bodies`: bit j of kind k's row says k lists kind j) lists `kind`. */
@inline function lists(row: usize, kind: i32): bool {
  return (load<u32>(row + (<usize>(kind >>> 5) << 2)) & (1 << (kind & 31))) != 0;
}

/**
 * Appends to `near` every body of a kind the stepping body's kind lists (its mask row, `c.selfMask`), other than
 * `self`, that the view takes (assembly/still.ts BODIES_ALL …; `still` the seeker's still speed) and whose circle reaches within r of (x, z) —
 * by the test of the reference's Sampler.circles: dx² + dz² ≤ (r + radius)², with (dx, dz) from (x, z) to the body's
 * start-of-step position. Row by row, cell by cell, in filing order; the distance is tested first, as most of the
 * bodies of the cells a query covers are out of its reach.
 */
export function crowdCircles(c: Crowd, self: i32, view: i32, still: f64, x: f64, z: f64, r: f64, near: Circles): void {
  if (view == BODIES_NONE) return;
  // Widened by the largest radius: bodies are filed by centre only.
  const wide = queryReach(x, z, r + c.maxRadius);
  if (!(wide >= 0)) return;
  const mask = c.selfMask;
  const nx = c.nx;
  const cx0 = cellOf(x - wide, c.minX, c.cellSize, nx);
  const cx1 = cellOf(x + wide, c.minX, c.cellSize, nx);
  const cz0 = cellOf(z - wide, c.minZ, c.cellSize, c.nz);
  const cz1 = cellOf(z + wide, c.minZ, c.cellSize, c.nz);
  const starts = c.starts;
  const still2 = still * still;
  for (let cz = cz0; cz <= cz1; cz++) {
    const row = cz * nx;
    if (view != BODIES_STILL) {
      circlesIn(c, self, mask, view, still, x, z, r, near, starts[row + cx0 + 1], starts[row + cx1 + 2]);
      continue;
    }
    for (let cell = row + cx0; cell <= row + cx1; cell++) {
      if (c.leastSpeed2[cell] < still2) circlesIn(c, self, mask, view, still, x, z, r, near, starts[cell + 1], starts[cell + 2]);
    }
  }
}

/** crowdCircles over the filed items k0 .. k1 − 1 (a run of cells), the distance tested first. */
@inline function circlesIn(c: Crowd, self: i32, mask: usize, view: i32, still: f64, x: f64, z: f64, r: f64, near: Circles, k0: i32, k1: i32): void {
  const xs = c.xs;
  const zs = c.zs;
  const radii = c.radii;
  for (let k = k0; k < k1; k++) {
    const bx = xs[k];
    const bz = zs[k];
    const radius = radii[k];
    const dx = bx - x;
    const dz = bz - z;
    const reach = r + radius;
    if (!(dx * dx + dz * dz <= reach * reach)) continue;
    if (c.items[k] == self || !lists(mask, c.kinds[k])) continue;
    if (view == BODIES_STILL && !isStill(c.vxs[k], c.vzs[k], still)) continue;
    near.add(bx, bz, radius);
  }
}

/**
 * Whether kind `other` avoids kind `mine` back (AV-6: it lists `mine` and avoids some neighbours): the share of the
 * avoiding it leaves is then half (src/reference/bodies.ts shareOf).
 */
@inline function shareOf(c: Crowd, other: i32, mine: i32): f64 {
  const row = c.masks + (<usize>(other * c.maskWords) << 2);
  const n = changetype<Numbers>(c.table + <usize>other * offsetof<Numbers>());
  return n.avoidNeighbours > 0.0 && lists(row, mine) ? 0.5 : 1.0;
}

/**
 * Whether item a at squared distance d2 comes before item b at squared distance e2 in AV-2's order (distance², then
 * x, z, vx, vz, radius, share: assembly/neighbours.ts before, on the values the items would be filed with).
 */
@inline function itemBefore(c: Crowd, mine: i32, a: i32, d2: f64, b: i32, e2: f64): bool {
  if (d2 != e2) return d2 < e2;
  return tiedBefore(c, mine, a, b);
}

/** itemBefore for items at the same distance. */
function tiedBefore(c: Crowd, mine: i32, a: i32, b: i32): bool {
  if (c.xs[a] != c.xs[b]) return c.xs[a] < c.xs[b];
  if (c.zs[a] != c.zs[b]) return c.zs[a] < c.zs[b];
  if (c.vxs[a] != c.vxs[b]) return c.vxs[a] < c.vxs[b];
  if (c.vzs[a] != c.vzs[b]) return c.vzs[a] < c.vzs[b];
  if (c.radii[a] != c.radii[b]) return c.radii[a] < c.radii[b];
  return shareOf(c, c.kinds[a], mine) < shareOf(c, c.kinds[b], mine);
}

/**
 * Files into `out` the moving bodies (not still: AV-4) of kinds the stepping body's kind lists, other than `self`, whose start-of-step centres
 * lie within `reach` of (x, z) — dx² + dz² ≤ reach², the reference's test (src/reference/lattice.ts gatherNeighbours)
 * — at most `most`, in AV-2's order: the list assembly/neighbours.ts addNeighbour makes of them. Row by row as
 * crowdCircles, the distance tested first. The nearest so far are kept as items and distances, 12 bytes an entry
 * moved on each insertion rather than a neighbour's 56, and written out as neighbours once.
 */
export function crowdNeighbours(c: Crowd, self: i32, still: f64, x: f64, z: f64, reach: f64, most: i32, out: Neighbours): void {
  out.count = 0;
  const wide = queryReach(x, z, reach);
  if (!(wide >= 0)) return;
  const mask = c.selfMask;
  const mine = c.selfKind;
  const nx = c.nx;
  const cx0 = cellOf(x - wide, c.minX, c.cellSize, nx);
  const cx1 = cellOf(x + wide, c.minX, c.cellSize, nx);
  const cz0 = cellOf(z - wide, c.minZ, c.cellSize, c.nz);
  const cz1 = cellOf(z + wide, c.minZ, c.cellSize, c.nz);
  const starts = c.starts;
  const xs = c.xs;
  const zs = c.zs;
  const reach2 = reach * reach;
  const d2s = nearestD2s;
  const items = nearestItems;
  let count = 0;
  for (let cz = cz0; cz <= cz1; cz++) {
    const row = cz * nx;
    const end = starts[row + cx1 + 2];
    for (let k = starts[row + cx0 + 1]; k < end; k++) {
      const dx = xs[k] - x;
      const dz = zs[k] - z;
      const d2 = dx * dx + dz * dz;
      if (!(d2 <= reach2)) continue;
      if (c.items[k] == self || !lists(mask, c.kinds[k])) continue;
      if (isStill(c.vxs[k], c.vzs[k], still)) continue;
      // As addNeighbour: a full list takes none further than its last, nor one that would come after it.
      if (count >= most && d2 > d2s[most - 1]) continue;
      let p = count;
      while (p > 0 && itemBefore(c, mine, k, d2, items[p - 1], d2s[p - 1])) p--;
      if (p >= most) continue;
      for (let q = min<i32>(count, most - 1); q > p; q--) {
        d2s[q] = d2s[q - 1];
        items[q] = items[q - 1];
      }
      d2s[p] = d2;
      items[p] = k;
      if (count < most) count++;
    }
  }
  for (let m = 0; m < count; m++) {
    const k = items[m];
    const e = out[m];
    e.d2 = d2s[m];
    e.x = xs[k];
    e.z = zs[k];
    e.vx = c.vxs[k];
    e.vz = c.vzs[k];
    e.radius = c.radii[k];
    e.share = shareOf(c, c.kinds[k], mine);
  }
  out.count = count;
}

/**
 * Whether some body crowdCircles would answer for a query round a point of the segment from (px, pz) by (dx, dz) of
 * reach `reach` — a body of a kind the stepping body's kind lists, other than `self`, that the view takes — might be
 * there: its centre within reach, its radius and a rounding margin of the segment. False proves that every such
 * query answers none (a body a query round a point of the segment takes is within reach + its radius of it).
 * Row by row over the cells whose band of centres the widened segment crosses, from the segment's start on (a body
 * near the way is most often near the body seeking along it); stops at the first body found.
 */
export function crowdNearWay(c: Crowd, self: i32, view: i32, still: f64, px: f64, pz: f64, dx: f64, dz: f64, reach: f64): bool {
  if (view == BODIES_NONE || c.count == 0) return false;
  // Far above the rounding of the queries' middles and of the tests here.
  const margin = 1e-6 + (Math.abs(px) + Math.abs(pz) + Math.abs(dx) + Math.abs(dz) + reach) * 1e-9;
  const wide = reach + c.maxRadius + margin;
  if (!(wide >= 0)) return true;
  const qz = pz + dz;
  const len2 = dx * dx + dz * dz;
  const still2 = still * still;
  const nx = c.nx;
  const nz = c.nz;
  const cellSize = c.cellSize;
  const cz0 = cellOf(Math.min(pz, qz) - wide, c.minZ, cellSize, nz);
  const cz1 = cellOf(Math.max(pz, qz) + wide, c.minZ, cellSize, nz);
  const starts = c.starts;
  const mask = c.selfMask;
  const rows = cz1 - cz0 + 1;
  const down = dz < 0.0;
  const back = dx < 0.0;
  for (let r = 0; r < rows; r++) {
    const cz = down ? cz1 - r : cz0 + r;
    // The z the row's centres lie between (the first and last rows take all below and above), widened.
    const lo = cz == 0 ? -Infinity : c.minZ + <f64>cz * cellSize - wide - margin;
    const hi = cz == nz - 1 ? Infinity : c.minZ + <f64>(cz + 1) * cellSize + wide + margin;
    // The part of the segment within that band, as fractions t0 .. t1 of it.
    let t0: f64 = 0.0;
    let t1: f64 = 1.0;
    if (dz != 0.0) {
      const a = (lo - pz) / dz;
      const b = (hi - pz) / dz;
      t0 = Math.max(t0, Math.min(a, b));
      t1 = Math.min(t1, Math.max(a, b));
      if (!(t0 <= t1)) continue;
    } else if (pz < lo || pz > hi) {
      continue;
    }
    const xa = px + dx * t0;
    const xb = px + dx * t1;
    const row = cz * nx;
    const cx0 = cellOf(Math.min(xa, xb) - wide - margin, c.minX, cellSize, nx);
    const cx1 = cellOf(Math.max(xa, xb) + wide + margin, c.minX, cellSize, nx);
    if (view != BODIES_STILL) {
      if (nearWayIn(c, self, mask, view, still, px, pz, dx, dz, len2, reach, margin, starts[row + cx0 + 1], starts[row + cx1 + 2], back)) return true;
      continue;
    }
    for (let m = 0; m <= cx1 - cx0; m++) {
      const cell = row + (back ? cx1 - m : cx0 + m);
      if (c.leastSpeed2[cell] < still2 && nearWayIn(c, self, mask, view, still, px, pz, dx, dz, len2, reach, margin, starts[cell + 1], starts[cell + 2], back)) return true;
    }
  }
  return false;
}

/** Whether one of the filed items k0 .. k1 − 1 (a run of cells; last first when `back`) is crowdNearWay's body. */
@inline function nearWayIn(c: Crowd, self: i32, mask: usize, view: i32, still: f64, px: f64, pz: f64, dx: f64, dz: f64, len2: f64, reach: f64, margin: f64, k0: i32, k1: i32, back: bool): bool {
  const xs = c.xs;
  const zs = c.zs;
  const qx = px + dx;
  const qz = pz + dz;
  for (let m = k0; m < k1; m++) {
    const k = back ? k0 + k1 - 1 - m : m;
    const bx = xs[k];
    const bz = zs[k];
    const ox = bx - px;
    const oz = bz - pz;
    const along = ox * dx + oz * dz;
    const within = reach + c.radii[k] + margin;
    const w2 = within * within;
    // The distance to the nearer end, or (no division) to the line, as the centre projects before, past or onto it.
    if (along <= 0.0) {
      if (!(ox * ox + oz * oz <= w2)) continue;
    } else if (along >= len2) {
      const ex = bx - qx;
      const ez = bz - qz;
      if (!(ex * ex + ez * ez <= w2)) continue;
    } else if (!((ox * ox + oz * oz - w2) * len2 <= along * along)) {
      continue;
    }
    if (c.items[k] == self || !lists(mask, c.kinds[k])) continue;
    if (view == BODIES_STILL && !isStill(c.vxs[k], c.vzs[k], still)) continue;
    return true;
  }
  return false;
}
