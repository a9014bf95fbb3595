/**
 * hitscan (M-3): the bodies walker gives to hitscan3d, each row of a listed kind an upright cylinder of its kind's
 * radius and height standing on its feet, and the nearest one a shot meets.
 */
import { checkedKinds, kindOf, walkerOf } from '../kinds.ts';
import { show } from '../limits.ts';
import { checkInWorld, checkVector } from '../rows.ts';
import type { Row, World } from '../types.ts';

/** Where a shot met a body: the row, the part struck (the row's kind), the point [x, y, z], the distance along the shot. */
export interface Hit {
  row: Row;
  kind: string;
  point: [number, number, number];
  distance: number;
}

/**
 * Distance along the unit ray (ox, oy, oz) + t·(dx, dy, dz), t ≥ 0, at which it enters the upright cylinder of
 * `radius` around (cx, cz) from y = baseY to baseY + height; 0 if it starts inside, Infinity if it never meets it.
 * The ray's span inside the infinite tube and its span between the two cap planes are intersected, so a hit on a
 * cap is where the slab span starts and a hit on the side where the tube span does.
 */
function entryDistance(
  ox: number, oy: number, oz: number,
  dx: number, dy: number, dz: number,
  cx: number, baseY: number, cz: number,
  radius: number, height: number,
): number {
  let tIn = -Infinity;
  let tOut = Infinity;
  const px = ox - cx;
  const pz = oz - cz;
  const a = dx * dx + dz * dz;
  const c = px * px + pz * pz - radius * radius;
  if (a === 0) {
    // A vertical shot: inside the tube for all t, or never.
    if (c > 0) return Infinity;
  } else {
    const b = px * dx + pz * dz;
    const disc = b * b - a * c;
    if (disc < 0) return Infinity;
    const s = Math.sqrt(disc);
    tIn = (-b - s) / a;
    tOut = (-b + s) / a;
  }
  const topY = baseY + height;
  if (dy === 0) {
    if (oy < baseY || oy > topY) return Infinity;
  } else {
    const t0 = (baseY - oy) / dy;
    const t1 = (topY - oy) / dy;
    tIn = Math.max(tIn, Math.min(t0, t1));
    tOut = Math.min(tOut, Math.max(t0, t1));
  }
  if (tIn > tOut || tOut < 0) return Infinity;
  return Math.max(tIn, 0);
}

/**
 * The nearest body the shot from `origin` along `dir` (normalised here) meets within `maxDist`, or null: every row
 * of a kind `world.walker.kinds` lists is an upright cylinder of that kind's radius and height on its `pos` (the
 * feet); rows of other kinds are not bodies. A shot starting inside a body hits it at distance 0; of bodies hit at
 * the same distance, the first in `rows` wins. Why: walker gives its bodies to hitscan3d, the kind as the part (M-3).
 */
export function hitscan(w: World, rows: readonly Row[], origin: readonly number[], dir: readonly number[], maxDist: number): Hit | null {
  const [ox, oy, oz] = checkVector('hitscan origin', origin, 3);
  checkInWorld('hitscan origin', ox, oz);
  const d = checkVector('hitscan dir', dir, 3);
  // Scaled by its largest component first, so a huge direction cannot overflow to Infinity while normalising.
  const scale = Math.max(Math.abs(d[0]), Math.abs(d[1]), Math.abs(d[2]));
  if (scale === 0) throw new Error('walker: hitscan dir is [0, 0, 0]; expected a non-zero direction.');
  const sx = d[0] / scale;
  const sy = d[1] / scale;
  const sz = d[2] / scale;
  const length = Math.sqrt(sx * sx + sy * sy + sz * sz);
  const dx = sx / length;
  const dy = sy / length;
  const dz = sz / length;
  if (typeof maxDist !== 'number' || !(maxDist >= 0)) {
    throw new Error(`walker: hitscan maxDist is ${show(maxDist)}; expected a number ≥ 0 (Infinity for no limit).`);
  }
  if (!Array.isArray(rows)) throw new Error(`walker: hitscan rows is ${show(rows)}; expected a list of rows.`);
  const kinds = checkedKinds(walkerOf(w).kinds);
  let best: Hit | null = null;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const kind = kindOf(row);
    const n = kinds.get(kind);
    if (n === undefined) continue;
    const [x, y, z] = checkVector(`hitscan rows[${i}].pos`, row.pos, 3);
    const t = entryDistance(ox, oy, oz, dx, dy, dz, x, y, z, n.radius, n.height);
    if (t <= maxDist && (best === null || t < best.distance)) {
      best = { row, kind, point: [ox + dx * t, oy + dy * t, oz + dz * t], distance: t };
    }
  }
  return best;
}
