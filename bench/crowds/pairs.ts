/**
 * Pairs of bodies within a reach of each other, found through a grid of cells `reach` wide so a frame of 1,000
 * bodies costs a few neighbour cells each rather than every pair.
 */

/** A cell's key: cell coordinates offset into 16 bits each (bodies stay within ±30 km at any reach ≥ 1 m). */
function cellKey(ix: number, iz: number): number {
  return (ix + 32768) * 65536 + (iz + 32768);
}

/** Calls visit(i, j, d²) once for each pair i < j of the first n bodies whose centres lie within `reach`. */
export function closePairs(xs: ArrayLike<number>, zs: ArrayLike<number>, n: number, reach: number, visit: (i: number, j: number, d2: number) => void): void {
  const cells = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const key = cellKey(Math.floor(xs[i] / reach), Math.floor(zs[i] / reach));
    const list = cells.get(key);
    if (list === undefined) cells.set(key, [i]);
    else list.push(i);
  }
  const r2 = reach * reach;
  for (let i = 0; i < n; i++) {
    const ix = Math.floor(xs[i] / reach);
    const iz = Math.floor(zs[i] / reach);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dz = -1; dz <= 1; dz++) {
        const list = cells.get(cellKey(ix + dx, iz + dz));
        if (list === undefined) continue;
        for (const j of list) {
          if (j <= i) continue;
          const ex = xs[j] - xs[i];
          const ez = zs[j] - zs[i];
          const d2 = ex * ex + ez * ez;
          if (d2 <= r2) visit(i, j, d2);
        }
      }
    }
  }
}
