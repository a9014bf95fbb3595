/**
 * The neighbours a seeking body avoids (AV-2): the nearest bodies within its kind's reach, at most its kind's count,
 * in an order of their values alone — distance², then x, z, vx, vz, radius, share — so the list, and the linear program
 * fed from it (AV-3), do not depend on the order the bodies are listed in (a herd's grid, ground.bodies, threads).
 * Twin of src/reference/neighbours.ts: same functions, same operations, same order.
 */

/** Most neighbours a list holds (src/kinds.ts MAX_AVOID_NEIGHBOURS). */
export const MOST_NEIGHBOURS: i32 = 64;

/** One neighbour: its squared distance from the body, its start-of-step circle and velocity, its share (AV-6). */
@unmanaged export class Neighbour {
  d2: f64;
  x: f64;
  z: f64;
  vx: f64;
  vz: f64;
  radius: f64;
  share: f64;
}

/** A list of neighbours, nearest first, stored by value at `data` (room for MOST_NEIGHBOURS + 1). */
@unmanaged export class Neighbours {
  count: i32;
  data: usize;

  @inline @operator("[]") get(k: i32): Neighbour {
    return changetype<Neighbour>(this.data + <usize>k * offsetof<Neighbour>());
  }
}

/** Whether the neighbour of these values comes before neighbour k of the list (AV-2's total order). */
@inline function before(out: Neighbours, k: i32, d2: f64, x: f64, z: f64, vx: f64, vz: f64, radius: f64, share: f64): bool {
  const e = out[k];
  if (d2 != e.d2) return d2 < e.d2;
  if (x != e.x) return x < e.x;
  if (z != e.z) return z < e.z;
  if (vx != e.vx) return vx < e.vx;
  if (vz != e.vz) return vz < e.vz;
  if (radius != e.radius) return radius < e.radius;
  return share < e.share;
}

/**
 * Files a neighbour in its place in the list, keeping at most `most`: one that would come after the last place is
 * left out, and one pushed past it drops out. Equal values give equal entries, so ties need no index.
 */
@inline export function addNeighbour(out: Neighbours, most: i32, d2: f64, x: f64, z: f64, vx: f64, vz: f64, radius: f64, share: f64): void {
  // A full list takes none further than its last (the order's first key), with no call.
  if (out.count >= most && d2 > out[most - 1].d2) return;
  let k = out.count;
  while (k > 0 && before(out, k - 1, d2, x, z, vx, vz, radius, share)) k--;
  if (k >= most) return;
  // Word by word: V8 makes a memory.copy a call out of wasm, dear for the few entries moved.
  for (let w = changetype<usize>(out[out.count]) - 8; w >= changetype<usize>(out[k]); w -= 8) store<u64>(w + offsetof<Neighbour>(), load<u64>(w));
  const e = out[k];
  e.d2 = d2;
  e.x = x;
  e.z = z;
  e.vx = vx;
  e.vz = vz;
  e.radius = radius;
  e.share = share;
  if (out.count < most) out.count++;
}
