/**
 * Grounds in wasm memory (WX-4): `groundOf` builds the ground the world's mods name (src/ground/groundOf.ts) and,
 * when every mod it names is a built-in (terrain3d, scatter3d), also uploads it: terrain3d's numbers and heightmap
 * (its lattice corners are then baked in wasm by the mirror of src/reference/terrain.ts, see assembly/ground.ts)
 * and scatter3d's circles (filed in wasm by the mirror of src/reference/scatter.ts). The ground object returned is
 * the same plain ground either way, so it also works on the reference entry; a ground the wasm entry did not build
 * — or one of JS callbacks — is run on the reference core.
 * Uploads are made once per settings object (world.terrain3d, world.scatter3d) and freed when that object is
 * garbage-collected.
 */
import { walkerOf } from '../kinds.ts';
import { groundOf as groundOfMods } from '../ground/groundOf.ts';
import { modNamed, sectionOf } from '../ground/registry.ts';
import { onSolidEdit, type SolidEdit } from '../ground/level.ts';
import { scatterGridOf, scatterOf } from '../ground/scatter3d.ts';
import { LOG_SIZE, type ScatterGrid } from '../reference/scatter.ts';
import { terrain3dOf } from '../ground/terrain3d.ts';
import type { Ground, World } from '../types.ts';
import type { CoreExports } from './exports.ts';
import type { Views } from './views.ts';

/** The factories registered as terrain3d and scatter3d when walker loaded: a mod re-registered under those names is not built in. */
const BUILT_IN_TERRAIN = modNamed('terrain3d');
const BUILT_IN_SCATTER = modNamed('scatter3d');

/**
 * Sums of heights beyond this could overflow to Infinity, which the reference reports as an error of the ground
 * (src/reference/lattice.ts `asked`); such a terrain is left to the reference core so the error stays the same.
 */
const MAX_HEIGHT = 1e300;

interface TerrainRecord {
  ptr: number;
  id: number;
  /** Ground records over this terrain, by `${scatter id}|${cell}|${depth}`. */
  grounds: Map<string, number>;
}

interface ScatterRecord {
  ptr: number;
  id: number;
  /** The grid it copies (its count is how many ids the solids have had, LV-1). */
  grid: ScatterGrid;
}

/** What a wasm-backed ground is in wasm memory, and the parts it was built from (a ground edited since is not). */
export interface GroundEntry {
  /** The GroundData address (assembly/ground.ts). */
  ptr: number;
  /** How many solid circles the ground has had (a query answers at most these plus the call's bodies; LV-1). */
  readonly solids: number;
  /** The scatter3d settings its solids come from (LV-2), or null. */
  scatterSettings: object | null;
  height: Ground['height'];
  depth: Ground['depth'];
  solidsPart: Ground['solids'];
  cell: Ground['cell'];
  /** Keep the settings (and so the uploads) alive as long as the ground is. */
  keep: readonly object[];
}

export class WasmGrounds {
  private readonly terrains = new WeakMap<object, TerrainRecord>();
  private readonly scatters = new WeakMap<object, ScatterRecord>();
  private readonly entries = new WeakMap<object, GroundEntry>();
  private readonly release = new FinalizationRegistry<() => void>((free) => free());
  private nextId = 1;

  private readonly core: CoreExports;
  private readonly views: Views;

  /** Where a piece's corners are written before editPiece, in f64s. */
  private readonly cornersAt: number;
  private readonly afterEdits: ((edit: SolidEdit) => void)[] = [];

  constructor(core: CoreExports, views: Views) {
    this.core = core;
    this.views = views;
    this.cornersAt = core.pieceCornersIn() / 8;
    onSolidEdit((edit) => this.edited(edit));
  }

  /**
   * Makes an edit of a scatter's solids in this core's copy, if it made one, which logs its boxes, drops the per-row
   * fields they reach — one crossing reading them from the log, box by box past what it keeps — and tells the
   * listeners of this core's (its kept route grids) (LV-2, LV-4). A core without a copy has no ground, and so no field
   * or grid, over those solids.
   */
  private edited(edit: SolidEdit): void {
    const record = this.scatters.get(edit.settings);
    if (record === undefined) return;
    const core = this.core;
    if (edit.circle) core.editSolid(record.ptr, edit.id, edit.x, edit.z, edit.radius);
    for (const p of edit.pieces) this.editPiece(record.ptr, p.number, p.points, p.count, p.radius, true);
    const b = edit.boxes;
    if (b.length / 4 <= LOG_SIZE) core.dropRowFieldsOfEdit(record.ptr, b.length / 4);
    else for (let k = 0; k < b.length; k += 4) core.dropRowFieldsIn(b[k], b[k + 1], b[k + 2], b[k + 3]);
    for (const listener of this.afterEdits) listener(edit);
  }

  /** Has `listener` told of every edit of a scatter this core copied, once the copy is edited (LV-4: the boxes are in its log). */
  afterEdit(listener: (edit: SolidEdit) => void): void {
    this.afterEdits.push(listener);
  }

  /** Sets piece `number` of a grid's pieces in wasm (LV-1), its old and new boxes logged when `log` (LV-4). */
  private editPiece(ptr: number, number: number, points: ArrayLike<number>, count: number, radius: number, log: boolean): void {
    const f64 = this.views.fresh().f64;
    const at = this.cornersAt;
    for (let k = 0; k < count * 2; k++) f64[at + k] = points[k];
    this.core.editPiece(ptr, number, count, radius, log ? 1 : 0);
  }

  /**
   * The ground `w.walker.mods` names (G-5), uploaded to wasm memory when all its mods are built-ins (WX-4).
   * Throws the errors of src/ground/groundOf.ts for a bad world.
   */
  groundOf(w: World): Ground {
    const ground = groundOfMods(w);
    const entry = this.upload(w, ground);
    if (entry !== undefined) this.entries.set(ground, entry);
    return ground;
  }

  /** The wasm side of a ground, or undefined when it runs on the reference (JS callbacks, or edited since). */
  entry(ground: unknown): GroundEntry | undefined {
    if (ground === null || typeof ground !== 'object') return undefined;
    const e = this.entries.get(ground);
    if (e === undefined) return undefined;
    const g = ground as Ground;
    if (g.height !== e.height || g.depth !== e.depth || g.solids !== e.solidsPart || g.cell !== e.cell) return undefined;
    return e;
  }

  private upload(w: World, ground: Ground): GroundEntry | undefined {
    const mods = (walkerOf(w).mods ?? {}) as Record<string, unknown>;
    const builtIn =
      mods.height === 'terrain3d' &&
      (mods.depth === undefined || mods.depth === 'terrain3d') &&
      (mods.cell === undefined || mods.cell === 'terrain3d') &&
      modNamed('terrain3d') === BUILT_IN_TERRAIN &&
      (mods.solids === undefined || (mods.solids === 'scatter3d' && modNamed('scatter3d') === BUILT_IN_SCATTER));
    if (!builtIn) return undefined;
    const terrainSettings = sectionOf(w, 'terrain3d') as object;
    const terrain = this.terrainOf(terrainSettings);
    if (terrain === undefined) return undefined;
    const keep: object[] = [terrainSettings];
    let scatter: ScatterRecord | null = null;
    if (mods.solids !== undefined) {
      const scatterSettings = sectionOf(w, 'scatter3d') as object;
      scatter = this.scatterOf(scatterSettings);
      keep.push(scatterSettings);
    }
    const cell = ground.cell ?? 0;
    const hasDepth = ground.depth !== undefined;
    const key = `${scatter?.id ?? 0}|${cell}|${hasDepth}`;
    let ptr = terrain.grounds.get(key);
    if (ptr === undefined) {
      ptr = this.core.newGround(terrain.ptr, cell, hasDepth ? 1 : 0, scatter?.ptr ?? 0);
      terrain.grounds.set(key, ptr);
    }
    const grid = scatter?.grid;
    return {
      ptr,
      get solids() {
        return grid?.count ?? 0;
      },
      scatterSettings: scatter === null ? null : keep[1],
      height: ground.height,
      depth: ground.depth,
      solidsPart: ground.solids,
      cell: ground.cell,
      keep,
    };
  }

  /** terrain3d's settings in wasm memory, uploaded once per settings object; undefined if its heights could overflow. */
  private terrainOf(settings: object): TerrainRecord | undefined {
    const cached = this.terrains.get(settings);
    if (cached !== undefined) return cached;
    const t = terrain3dOf(settings);
    let largest = t.noise?.amplitude ?? 0;
    if (t.heightmap !== undefined) for (const v of t.heightmap.data) largest = Math.max(largest, Math.abs(v));
    if (!(largest * 2 < MAX_HEIGHT)) return undefined;
    const core = this.core;
    const samples = t.heightmap?.data.length ?? 0;
    const ptr = core.newTerrain(samples);
    if (t.heightmap !== undefined) {
      const m = t.heightmap;
      core.setHeightmap(ptr, m.nx, m.nz, m.originX, m.originZ, m.spacing);
      this.views.fresh().f64.set(m.data, core.terrainData(ptr) / 8);
    }
    if (t.noise !== undefined) core.setNoise(ptr, t.noise.seed, t.noise.amplitude, t.noise.wavelength, t.noise.octaves);
    core.setWaterAndCell(ptr, t.water === undefined ? 0 : 1, t.water ?? 0, t.cell);
    const record: TerrainRecord = { ptr, id: this.nextId++, grounds: new Map() };
    const grounds = record.grounds;
    this.terrains.set(settings, record);
    this.release.register(settings, () => {
      for (const g of grounds.values()) core.freeGround(g);
      core.freeTerrain(ptr);
    });
    return record;
  }

  /** scatter3d's solid circles filed in a grid in wasm memory, once per settings object. */
  private scatterOf(settings: object): ScatterRecord {
    const cached = this.scatters.get(settings);
    if (cached !== undefined) return cached;
    const grid = scatterGridOf(settings);
    const core = this.core;
    core.newSolids(grid.count);
    const f64 = this.views.fresh().f64;
    f64.set(grid.xs.subarray(0, grid.count), core.solidsX() / 8);
    f64.set(grid.zs.subarray(0, grid.count), core.solidsZ() / 8);
    f64.set(grid.radii.subarray(0, grid.count), core.solidsRadii() / 8);
    // The reference's cells, and its circles as they are now: both grids answer every query alike (LV-2).
    const ptr = core.buildSolids(grid.minX, grid.minZ, grid.cellSize, grid.nx, grid.nz, grid.maxRadius);
    // The pieces as they are now, over the reference's cells, by number (LV-1, LV-2).
    const { shapeGrid } = scatterOf(settings);
    core.newShapes(ptr, shapeGrid.minX, shapeGrid.minZ, shapeGrid.cellSize, shapeGrid.nx, shapeGrid.nz);
    for (let p = 0; p < shapeGrid.counts.length; p++) {
      if (shapeGrid.counts[p] > 0) this.editPiece(ptr, p, shapeGrid.corners[p], shapeGrid.counts[p], shapeGrid.radii[p], false);
    }
    const record: ScatterRecord = { ptr, id: this.nextId++, grid };
    this.scatters.set(settings, record);
    this.release.register(settings, () => core.freeSolids(ptr));
    return record;
  }
}
