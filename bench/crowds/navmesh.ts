/**
 * Detour's navmesh of a crowd scene: Recast run over the scene's ground (one flat quad, or the hills' own lattice
 * triangles) with each trunk as a closed 16-sided prism standing through the ground, so voxelising marks the trunks
 * unwalkable and Recast's erosion by the agent radius keeps centres a radius away — trees cut out as geometry, one
 * solo (single-tile) navmesh per scene.
 */
import type { NavMesh } from '@recast-navigation/core';
import { generateSoloNavMesh } from '@recast-navigation/generators';
import { ORIGIN, SAMPLES, SPACING, STEP, MAX_SLOPE, BODY_HEIGHT } from '../peers/scene.ts';
import { RADIUS, type CrowdScene } from './scene.ts';

/** Sides of a trunk's prism; its corners sit on the circumscribed circle, so the prism holds the whole trunk. */
const SIDES = 16;
/** How far a prism reaches below and above the ground under its centre, metres (taller than any body). */
const PRISM = { below: 2, above: 12 };
/** Voxel sizes, metres: cells across (0.1 on the small flat scenes, 0.2 on the 256 m hills) and up. */
const CELL = { flat: 0.1, hills: 0.2, height: 0.1 };

/** Triangle soup: xyz per vertex, three vertex indices per triangle. */
interface Soup {
  positions: number[];
  indices: number[];
}

function groundOfScene(scene: CrowdScene, soup: Soup): void {
  if (scene.ground.kind === 'flat') {
    const h = scene.ground.half;
    soup.positions.push(-h, 0, -h, h, 0, -h, h, 0, h, -h, 0, h);
    // Wound so the face points up (+y) in Recast's counter-clockwise-from-above convention.
    soup.indices.push(0, 2, 1, 0, 3, 2);
    return;
  }
  const hills = scene.ground.hills;
  for (let iz = 0; iz < SAMPLES; iz++) for (let ix = 0; ix < SAMPLES; ix++) soup.positions.push(ORIGIN + ix * SPACING, hills.sample(ix, iz), ORIGIN + iz * SPACING);
  // Each cell split along (least x, least z)–(greatest x, greatest z), as walker's lattice (SPEC G-1).
  for (let iz = 0; iz < SAMPLES - 1; iz++) {
    for (let ix = 0; ix < SAMPLES - 1; ix++) {
      const a = iz * SAMPLES + ix;
      const b = a + 1;
      const c = a + SAMPLES;
      const d = c + 1;
      soup.indices.push(a, d, b, a, c, d);
    }
  }
}

function groundHeight(scene: CrowdScene, x: number, z: number): number {
  return scene.ground.kind === 'flat' ? 0 : scene.ground.hills.heightAt(x, z);
}

function trunksOfScene(scene: CrowdScene, soup: Soup): void {
  const grow = 1 / Math.cos(Math.PI / SIDES);
  for (const t of scene.trunks) {
    const y = groundHeight(scene, t.x, t.z);
    const base = soup.positions.length / 3;
    for (let k = 0; k < SIDES; k++) {
      const a = (2 * Math.PI * k) / SIDES;
      const x = t.x + t.radius * grow * Math.cos(a);
      const z = t.z + t.radius * grow * Math.sin(a);
      soup.positions.push(x, y - PRISM.below, z, x, y + PRISM.above, z);
    }
    for (let k = 0; k < SIDES; k++) {
      const lo = base + 2 * k;
      const hi = lo + 1;
      const lo2 = base + 2 * ((k + 1) % SIDES);
      const hi2 = lo2 + 1;
      soup.indices.push(lo, hi, lo2, lo2, hi, hi2);
      // The cap: a fan from corner 0 of the top ring.
      if (k > 0 && k < SIDES - 1) soup.indices.push(base + 1, hi2, hi);
    }
  }
}

/**
 * The soup's box, at least a body's height tall: on flat ground with no trunks every vertex lies at y = 0, and
 * Recast's detail pass fails on a box of no height.
 */
function soupBounds(soup: Soup): [[number, number, number], [number, number, number]] {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let k = 0; k < soup.positions.length; k++) {
    lo[k % 3] = Math.min(lo[k % 3], soup.positions[k]);
    hi[k % 3] = Math.max(hi[k % 3], soup.positions[k]);
  }
  return [[lo[0], lo[1] - 1, lo[2]], [hi[0], Math.max(hi[1], lo[1] + BODY_HEIGHT) + 1, hi[2]]];
}

/** Detour's navmesh of the scene, or an error naming why Recast failed. */
export function sceneNavMesh(scene: CrowdScene): NavMesh {
  const soup: Soup = { positions: [], indices: [] };
  groundOfScene(scene, soup);
  trunksOfScene(scene, soup);
  const cs = scene.ground.kind === 'flat' ? CELL.flat : CELL.hills;
  const ch = CELL.height;
  const result = generateSoloNavMesh(soup.positions, soup.indices, {
    bounds: soupBounds(soup),
    cs,
    ch,
    walkableSlopeAngle: (Math.atan(MAX_SLOPE) * 180) / Math.PI,
    walkableHeight: Math.ceil(BODY_HEIGHT / ch),
    walkableClimb: Math.floor(STEP / ch),
    walkableRadius: Math.ceil(RADIUS / cs),
    maxEdgeLen: 12 / cs,
    maxSimplificationError: 1.3,
    minRegionArea: 8,
    mergeRegionArea: 20,
    maxVertsPerPoly: 6,
    // The detail mesh keeps the library's defaults (sample every 6 m, 1 m error): only heights depend on it, and
    // finer settings crash this build's detail pass on flat ground.
  });
  if (!result.success) throw new Error(`bench: Recast could not build the navmesh of ${scene.name}: ${result.error}.`);
  return result.navMesh;
}
