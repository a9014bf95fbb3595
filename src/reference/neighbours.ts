/**
 * The neighbours a seeking body avoids (AV-2): the nearest bodies within its kind's reach, at most its kind's count,
 * in an order of their values alone — distance², then x, z, vx, vz, radius, share — so the list, and the linear program
 * fed from it (AV-3), do not depend on the order the bodies are listed in (a herd's grid, ground.bodies, threads).
 * Twin of assembly/neighbours.ts: same functions, same operations, same order.
 */

/** Most neighbours a list holds (src/kinds.ts MAX_AVOID_NEIGHBOURS). */
export const MOST_NEIGHBOURS = 64;

/** A list of neighbours, nearest first, as parallel arrays (no allocation per body). */
export class Neighbours {
  count = 0;
  readonly d2 = new Float64Array(MOST_NEIGHBOURS + 1);
  readonly x = new Float64Array(MOST_NEIGHBOURS + 1);
  readonly z = new Float64Array(MOST_NEIGHBOURS + 1);
  readonly vx = new Float64Array(MOST_NEIGHBOURS + 1);
  readonly vz = new Float64Array(MOST_NEIGHBOURS + 1);
  readonly radius = new Float64Array(MOST_NEIGHBOURS + 1);
  readonly share = new Float64Array(MOST_NEIGHBOURS + 1);
}

/** Whether the neighbour of these values comes before neighbour k of the list (AV-2's total order). */
function before(out: Neighbours, k: number, d2: number, x: number, z: number, vx: number, vz: number, radius: number, share: number): boolean {
  if (d2 !== out.d2[k]) return d2 < out.d2[k];
  if (x !== out.x[k]) return x < out.x[k];
  if (z !== out.z[k]) return z < out.z[k];
  if (vx !== out.vx[k]) return vx < out.vx[k];
  if (vz !== out.vz[k]) return vz < out.vz[k];
  if (radius !== out.radius[k]) return radius < out.radius[k];
  return share < out.share[k];
}

/**
 * Files a neighbour in its place in the list, keeping at most `most`: one that would come after the last place is
 * left out, and one pushed past it drops out. Equal values give equal entries, so ties need no index.
 */
export function addNeighbour(out: Neighbours, most: number, d2: number, x: number, z: number, vx: number, vz: number, radius: number, share: number): void {
  // A full list takes none further than its last (the order's first key).
  if (out.count >= most && d2 > out.d2[most - 1]) return;
  let k = out.count;
  while (k > 0 && before(out, k - 1, d2, x, z, vx, vz, radius, share)) k--;
  if (k >= most) return;
  for (let m = out.count; m > k; m--) {
    out.d2[m] = out.d2[m - 1];
    out.x[m] = out.x[m - 1];
    out.z[m] = out.z[m - 1];
    out.vx[m] = out.vx[m - 1];
    out.vz[m] = out.vz[m - 1];
    out.radius[m] = out.radius[m - 1];
    out.share[m] = out.share[m - 1];
  }
  out.d2[k] = d2;
  out.x[k] = x;
  out.z[k] = z;
  out.vx[k] = vx;
  out.vz[k] = vz;
  out.radius[k] = radius;
  out.share[k] = share;
  if (out.count < most) out.count++;
}
