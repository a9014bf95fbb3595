/**
 * A scene of test/clauses/grounds.ts as a world whose ground reaches wasm (WX-4): terrain3d with a heightmap sampled
 * at the corners of its lattice and a water level (M-1), scatter3d instances for the trees (M-2).
 *
 * The lattice side is 2·reach/seg of the first ring (here reach = 64·cell, seg = 128: scalings by powers of two, so
 * the side is `cell` to the bit). With spacing = cell and the origin on a corner, a corner the ground asks is a sample,
 * read exactly (terrain's lerp is exact at t = 0) as long as (i·cell − origin)/cell rounds to i: true for cells that
 * are powers of two, checked for every corner when a lattice scene is built. So a lattice scene is the same ground on
 * either side, and a callback field is reproduced exactly where it is piecewise linear on the lattice; elsewhere (a
 * step of a wall) the heightmap ground is the field's lattice version, a step becoming a ramp one cell wide.
 * Past the heightmap's edge terrain3d extends it flat: the region sampled covers where the tests go.
 */
import { groundOf as groundOfReference } from '../../src/reference.ts';
import type { Circle, Terrain3dSettings, World } from '../../src/types.ts';
import { latticeOracle, type Field, type Scene } from './grounds.ts';

/** The lattice side for fields of x alone: steps become ramps 1.6 cm wide. */
export const FINE_CELL = 1 / 64;
/** The lattice side for fields of x and z (feet span/2 = 0.25 apart land on corners). */
export const PLANE_CELL = 1 / 16;
/** How far from the origin fields of x alone are sampled (metres), and fields of x and z. */
const ALONG_X_REACH = 40;
const PLANE_REACH = 8;
/** Corners each side of the origin a lattice scene is sampled over. */
const LATTICE_CORNERS = 64;

/** The corners of a region: i from i0, nx of them along x; j from j0, nz along z. */
interface Region {
  cell: number;
  i0: number;
  j0: number;
  nx: number;
  nz: number;
}

function regionOf(scene: Scene): Region {
  if (scene.corner !== undefined) {
    const cell = scene.cell as number;
    return { cell, i0: -LATTICE_CORNERS, j0: -LATTICE_CORNERS, nx: 2 * LATTICE_CORNERS + 1, nz: 2 * LATTICE_CORNERS + 1 };
  }
  const cell = scene.cell ?? (scene.alongX ? FINE_CELL : PLANE_CELL);
  const reach = Math.round((scene.alongX ? ALONG_X_REACH : PLANE_REACH) / cell);
  return { cell, i0: -reach, j0: scene.alongX ? 0 : -reach, nx: 2 * reach + 1, nz: scene.alongX ? 1 : 2 * reach + 1 };
}

/** The height of corner (i, j) of the scene (past the region: the nearest sample, as terrain3d extends it). */
function cornerOf(scene: Scene, r: Region): (i: number, j: number) => number {
  const at = scene.corner ?? ((i: number, j: number): number => scene.height(i * r.cell, j * r.cell));
  return (i, j) => at(Math.min(Math.max(i, r.i0), r.i0 + r.nx - 1), Math.min(Math.max(j, r.j0), r.j0 + r.nz - 1));
}

/** The water level of a scene with water: terrain3d's only kind (depth = max(0, level − height)). */
function waterOf(scene: Scene): number | undefined {
  if (scene.depth === undefined) return undefined;
  if (scene.water === undefined) {
    throw new Error('test scene: its depth is no water level, which terrain3d cannot give; pass on() an equivalent scene with `water`.');
  }
  return scene.water;
}

function scatterOf(trees: readonly Circle[]): { instances: Array<{ x: number; z: number; radius: number }> } {
  return { instances: trees.map((c) => ({ x: c.x, z: c.z, radius: c.radius })) };
}

/** The scene as a terrain3d (and scatter3d) world, with its lattice: the side and the height of each corner. */
export function heightmapWorld(scene: Scene): { world: World; corner: (i: number, j: number) => number; cell: number } {
  const r = regionOf(scene);
  const corner = cornerOf(scene, r);
  const data = new Array<number>(r.nx * r.nz);
  for (let iz = 0; iz < r.nz; iz++) for (let ix = 0; ix < r.nx; ix++) data[iz * r.nx + ix] = corner(r.i0 + ix, r.j0 + iz);
  const terrain3d: Terrain3dSettings = {
    rings: [{ reach: 64 * r.cell, seg: 128 }],
    heightmap: { origin: [r.i0 * r.cell, r.j0 * r.cell], spacing: r.cell, nx: r.nx, nz: r.nz, data },
  };
  const water = waterOf(scene);
  const mods: Record<string, string> = { height: 'terrain3d', cell: 'terrain3d' };
  if (water !== undefined) {
    terrain3d.water = water;
    mods.depth = 'terrain3d';
  }
  const world: World = { walker: { kinds: {}, mods }, terrain3d };
  if (scene.trees.length > 0) {
    mods.solids = 'scatter3d';
    world.scatter3d = scatterOf(scene.trees);
  }
  if (scene.corner !== undefined) expectExact(world, scene, corner, r);
  return { world, corner, cell: r.cell };
}

/** Throws unless the heightmap world asks every corner of the region to the bit what the lattice scene gives. */
function expectExact(world: World, scene: Scene, corner: (i: number, j: number) => number, r: Region): void {
  const g = groundOfReference(world);
  if (g.cell !== r.cell) throw new Error(`test scene: terrain3d's cell is ${g.cell}, not the scene's ${r.cell}.`);
  const depthCorner = scene.depthCorner;
  for (let j = r.j0; j < r.j0 + r.nz; j++) {
    for (let i = r.i0; i < r.i0 + r.nx; i++) {
      const h = g.height(i * r.cell, j * r.cell);
      if (!Object.is(h, corner(i, j))) throw new Error(`test scene: corner (${i}, ${j}) reads ${h} from the heightmap, not ${corner(i, j)}: use a cell that is a power of two.`);
      if (depthCorner !== undefined && g.depth !== undefined) {
        const d = g.depth(i * r.cell, j * r.cell);
        if (!Object.is(d, depthCorner(i, j))) throw new Error(`test scene: corner (${i}, ${j}) has depth ${d} under the water level, not ${depthCorner(i, j)}.`);
      }
    }
  }
}

/** The height at (x, z) of the lattice whose corner (i, j) is `corner(i, j)`: the G-1 hand oracle as a field. */
export function latticeField(cell: number, corner: (i: number, j: number) => number): Field {
  return (x, z) => latticeOracle(cell, corner, x, z);
}
