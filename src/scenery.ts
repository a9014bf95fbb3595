/**
 * What a renderer draws of a ground besides its terrain (G-6): the solid circles bodies go round — trees, boulders —
 * and the level of the water they wade. Both come from the ground itself, so a page draws what the bodies meet
 * without reading the mods' settings.
 */
import { checkedSolids, isPiece } from './reference/lattice.ts';
import { checkExtent } from './terrainGeometry.ts';
import type { Circle, Ground, Piece } from './types.ts';

/**
 * The solids of `ground` whose centres — a piece's first corner (LV-1) — lie in `extent` [x0, z0, x1, z1] (metres,
 * edges included), in the order `ground.solids` lists them, asked once round the extent's centre (G-6): circles
 * { x, z, radius } and pieces of boxes, walls and polygons { x, z, radius, points } (points a plain list). For
 * scatter3d: each circle and each piece once.
 */
export function solidsIn(ground: Ground, extent: readonly number[]): (Circle | Piece)[] {
  checkExtent(extent);
  const [x0, z0, x1, z1] = extent;
  const x = (x0 + x1) / 2;
  const z = (z0 + z1) / 2;
  const r = Math.sqrt((x1 - x0) * (x1 - x0) + (z1 - z0) * (z1 - z0)) / 2;
  const inside = (c: Circle): boolean => c.x >= x0 && c.x <= x1 && c.z >= z0 && c.z <= z1;
  return checkedSolids(ground.solids(x, z, r), x, z, r)
    .filter(inside)
    .map((c) => (isPiece(c) ? { x: c.x, z: c.z, radius: c.radius, points: Array.from(c.points) } : { x: c.x, z: c.z, radius: c.radius }));
}

/**
 * The level of the water over `ground` in `extent` [x0, z0, x1, z1] (widened to whole cells): the highest
 * `height + depth` of the lattice corners there whose depth is above 0, or null when none is (or the ground has no
 * `depth`) (G-6). Over terrain3d's water that is its `water` level, to rounding: a flat sheet at it shows the water
 * bodies wade. Needs a lattice ground, as terrainGeometry does.
 */
export function waterLevel(ground: Ground, extent: readonly number[]): number | null {
  const cell = ground.cell;
  if (typeof cell !== 'number' || !Number.isFinite(cell) || !(cell > 0)) {
    throw new Error(`walker: waterLevel needs a lattice ground, and ground.cell is ${String(cell)}; expected a finite number > 0.`);
  }
  checkExtent(extent);
  if (ground.depth === undefined) return null;
  let level: number | null = null;
  for (let j = Math.floor(extent[1] / cell); j <= Math.ceil(extent[3] / cell); j++) {
    for (let i = Math.floor(extent[0] / cell); i <= Math.ceil(extent[2] / cell); i++) {
      // The corners exactly where the lattice asks them, as terrainGeometry does.
      const x = i * cell;
      const z = j * cell;
      const depth = ground.depth(x, z);
      const top = ground.height(x, z) + depth;
      if (!Number.isFinite(top)) throw new Error(`walker: at the corner (${x}, ${z}) ground.height + ground.depth is ${top}; expected finite numbers.`);
      if (depth > 0 && (level === null || top > level)) level = top;
    }
  }
  return level;
}
