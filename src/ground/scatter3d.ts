/**
 * The scatter3d mod (M-2): `world.scatter3d` read and checked, its layers placed from their seeds, and its solid
 * circles filed once in a spatial grid (src/reference/scatter.ts) that answers `solids`.
 */
import { checkKnownKeys } from '../known.ts';
import { MAX_SOLIDS, MAX_SOLID_RADIUS, fixSettings, show } from '../limits.ts';
import { checkInWorld, checkNumber, checkVector } from '../rows.ts';
import { REMOVED, buildScatterGrid, placeLayer, queryScatterGrid, type ScatterGrid } from '../reference/scatter.ts';
import { editShapeGrid, newShapeGrid, queryShapeGrid, type ShapeGrid } from '../reference/shapeGrid.ts';
import { checkShape, type CheckedShape, type PieceNumbers, type SolidRecord } from '../shapes.ts';
import type { Circle, Ground, Piece, Scatter3dInstance, Scatter3dLayer, Scatter3dSettings } from '../types.ts';

export type { Scatter3dInstance, Scatter3dLayer, Scatter3dSettings } from '../types.ts';

/** The fields of each object of `world.scatter3d` (BI-5). */
const SCATTER3D_FIELDS: readonly (keyof Scatter3dSettings)[] = ['instances', 'layers', 'solids'];
const INSTANCE_FIELDS: readonly (keyof Scatter3dInstance)[] = ['x', 'z', 'radius', 'solid'];
const LAYER_FIELDS: readonly (keyof Scatter3dLayer)[] = ['seed', 'count', 'extent', 'radius', 'solid'];

function fail(field: string, value: unknown, expected: string): never {
  throw new Error(`walker: world.scatter3d${field === '' ? '' : '.'}${field} is ${show(value)}; expected ${expected}.`);
}

/** The object at `field`, holding only the keys `known` (BI-5). */
function objectAt(field: string, value: unknown, known: readonly string[]): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(field, value, 'an object');
  checkKnownKeys(`world.scatter3d${field === '' ? '' : '.'}${field}`, value, known);
  return value as Record<string, unknown>;
}

function listAt(field: string, value: unknown): readonly unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(field, value, 'a list');
  return value;
}

function wholeAt(field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    fail(field, value, `a whole number from ${min} to ${max}`);
  }
  return value;
}

function booleanAt(field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') fail(field, value, 'true or false');
  return value;
}

/** A checked layer: its numbers in the order `placeLayer` takes them. */
interface Layer {
  seed: number;
  count: number;
  extent: readonly number[];
  radius: readonly number[];
}

function parseLayer(field: string, value: unknown): Layer | undefined {
  const l = objectAt(field, value, LAYER_FIELDS);
  const seed = wholeAt(`${field}.seed`, l.seed, -(2 ** 31), 2 ** 32 - 1);
  const count = wholeAt(`${field}.count`, l.count, 0, MAX_SOLIDS);
  const extent = checkVector(`world.scatter3d.${field}.extent`, l.extent, 4);
  if (!(extent[0] <= extent[2] && extent[1] <= extent[3])) fail(`${field}.extent`, extent, '[x0, z0, x1, z1] with x0 ≤ x1 and z0 ≤ z1');
  checkInWorld(`world.scatter3d.${field}.extent`, extent[0], extent[1]);
  checkInWorld(`world.scatter3d.${field}.extent`, extent[2], extent[3]);
  const radius = checkVector(`world.scatter3d.${field}.radius`, l.radius, 2);
  if (!(radius[0] >= 0 && radius[0] <= radius[1] && radius[1] <= MAX_SOLID_RADIUS)) fail(`${field}.radius`, radius, `[min, max] with 0 ≤ min ≤ max ≤ ${MAX_SOLID_RADIUS}`);
  // A layer that does not block (grass, flowers) is checked but never placed: walker has no use for it.
  return booleanAt(`${field}.solid`, l.solid) ? { seed: seed | 0, count, extent, radius } : undefined;
}

/**
 * The solids of `world.scatter3d` as flat lists by id: instances in order, then each solid layer's circles in order,
 * then the `solids` section's (a shape other than a circle holds its id with a REMOVED radius: it is filed as pieces).
 */
function placeSolids(settings: unknown): { xs: Float64Array; zs: Float64Array; radii: Float64Array; shapes: CheckedShape[] } {
  if (settings === undefined) throw new Error('walker: world has no scatter3d settings (world.scatter3d), nor does any parent.');
  const s = objectAt('', settings, SCATTER3D_FIELDS);
  const instances: Circle[] = [];
  const list = listAt('instances', s.instances);
  if (list.length > MAX_SOLIDS) fail('instances', list, `at most ${MAX_SOLIDS} instances`);
  for (let i = 0; i < list.length; i++) {
    const field = `instances[${i}]`;
    const inst = objectAt(field, list[i], INSTANCE_FIELDS);
    const x = checkNumber(`world.scatter3d.${field}.x`, inst.x);
    const z = checkNumber(`world.scatter3d.${field}.z`, inst.z);
    checkInWorld(`world.scatter3d.${field}`, x, z);
    const radius = checkNumber(`world.scatter3d.${field}.radius`, inst.radius, 0, MAX_SOLID_RADIUS);
    if (inst.solid === undefined || booleanAt(`${field}.solid`, inst.solid)) instances.push({ x, z, radius });
  }
  const layerList = listAt('layers', s.layers);
  if (layerList.length > MAX_SOLIDS) fail('layers', layerList, `at most ${MAX_SOLIDS} layers`);
  const layers = layerList
    .map((value, i) => parseLayer(`layers[${i}]`, value))
    .filter((layer) => layer !== undefined);
  const solidList = listAt('solids', s.solids);
  if (solidList.length > MAX_SOLIDS) fail('solids', solidList, `at most ${MAX_SOLIDS} solids`);
  const shapes = solidList.map((value, i) => checkShape(`world.scatter3d.solids[${i}]`, value));
  const placed = layers.reduce((sum, layer) => sum + layer.count, instances.length);
  const count = placed + shapes.length;
  if (count > MAX_SOLIDS) {
    throw new Error(`walker: world.scatter3d places ${count} solids (instances, layers and solids together); expected at most ${MAX_SOLIDS}.`);
  }
  const xs = new Float64Array(count);
  const zs = new Float64Array(count);
  const radii = new Float64Array(count);
  instances.forEach((c, i) => {
    xs[i] = c.x;
    zs[i] = c.z;
    radii[i] = c.radius;
  });
  let at = instances.length;
  for (const { seed, count: n, extent, radius } of layers) {
    placeLayer(seed, n, extent[0], extent[1], extent[2], extent[3], radius[0], radius[1], xs, zs, radii, at);
    at += n;
  }
  shapes.forEach(({ record }, i) => {
    const circle = record.shape === 'circle';
    xs[placed + i] = circle ? record.x : 0;
    zs[placed + i] = circle ? record.z : 0;
    radii[placed + i] = circle ? record.radius : REMOVED;
  });
  return { xs, zs, radii, shapes };
}

/** A solid other than a circle: its record (LV-1) and the numbers of its pieces in the shape grid. */
export interface ShapeRecord {
  readonly record: SolidRecord;
  readonly pieces: readonly number[];
}

/**
 * The grids and the objects `solids` hands out: circles id for id (null: removed or not a circle, LV-2), the shapes'
 * records by id and their pieces by number (null: removed; undefined: made by the first answer that meets it since
 * it was filed or last edited — a game moving a hundred boxes a frame asks of few of them).
 */
export interface Scatter {
  readonly grid: ScatterGrid;
  readonly circles: (Readonly<Circle> | null)[];
  readonly shapeGrid: ShapeGrid;
  readonly shapes: Map<number, ShapeRecord>;
  readonly pieces: (Readonly<Piece> | null | undefined)[];
}

/** The box [x0, z0, x1, z1] of a scatter's circles' grid and its shapes' pieces: the shape grid's cells are laid over it. */
function levelBox(grid: ScatterGrid, shapes: readonly CheckedShape[]): number[] {
  const box = [grid.minX, grid.minZ, grid.minX + grid.nx * grid.cellSize, grid.minZ + grid.nz * grid.cellSize];
  for (const { pieces } of shapes) {
    for (const { points, count, radius } of pieces) {
      for (let c = 0; c < count; c++) {
        box[0] = Math.min(box[0], points[c * 2] - radius);
        box[1] = Math.min(box[1], points[c * 2 + 1] - radius);
        box[2] = Math.max(box[2], points[c * 2] + radius);
        box[3] = Math.max(box[3], points[c * 2 + 1] + radius);
      }
    }
  }
  return box;
}

/** The piece object a `solids` answer hands out for piece `number` of a shape grid. */
function pieceObject(shapeGrid: ShapeGrid, number: number): Readonly<Piece> {
  const points = shapeGrid.corners[number].slice(0, shapeGrid.counts[number] * 2);
  return Object.freeze({ x: points[0], z: points[1], radius: shapeGrid.radii[number], points });
}

/** Scratch for the boxes an edit of the shape grid reports (LV-4). */
export const editedBox = new Float64Array(8);

/** Files a shape's pieces, new, in the scatter's shape grid and returns their numbers (LV-1: numbers are never reused). */
export function filePieces(scatter: Scatter, pieces: readonly PieceNumbers[]): number[] {
  return pieces.map((p) => {
    const number = scatter.pieces.length;
    editShapeGrid(scatter.shapeGrid, number, p.points, p.count, p.radius, editedBox);
    scatter.pieces.push(undefined);
    return number;
  });
}

const built = new WeakMap<object, Scatter>();
/** The scatter each `solids` function scatter3dGround made answers from (solidsOf, LV-1). */
const answering = new WeakMap<object, { settings: object; scatter: Scatter }>();

/** The grids and objects over `world.scatter3d`, built once per settings object (see scatterGridOf). */
export function scatterOf(settings: unknown): Scatter {
  const cached = settings !== null && typeof settings === 'object' ? built.get(settings) : undefined;
  if (cached !== undefined) return cached;
  const { xs, zs, radii, shapes } = placeSolids(settings);
  fixSettings(settings as object, SCATTER3D_FIELDS, 2);
  const grid = buildScatterGrid(xs, zs, radii);
  const circles: (Readonly<Circle> | null)[] = Array.from(xs, (x, i) => (radii[i] < 0 ? null : Object.freeze({ x, z: zs[i], radius: radii[i] })));
  const box = levelBox(grid, shapes);
  const scatter: Scatter = { grid, circles, shapeGrid: newShapeGrid(box[0], box[1], box[2], box[3]), shapes: new Map(), pieces: [] };
  const first = xs.length - shapes.length;
  shapes.forEach((shape, i) => {
    if (shape.record.shape !== 'circle') scatter.shapes.set(first + i, { record: shape.record, pieces: filePieces(scatter, shape.pieces) });
  });
  built.set(settings as object, scatter);
  return scatter;
}

/**
 * The grid over `world.scatter3d`'s solid circles, built once per settings object, which is then fixed as read
 * (instances and layers read-only, their lists and objects frozen: an edit throws in strict code); its xs/zs/radii are
 * the circles by id, instances then layers, then those added since (LV-1). Why: the wasm core copies the circles and
 * the grid's cells into its memory and answers solids there, in the same order (M-2, WX-4).
 */
export function scatterGridOf(settings: unknown): ScatterGrid {
  return scatterOf(settings).grid;
}

/**
 * The settings object and scatter behind a ground part `solids` that scatter3dGround made, or undefined for any other.
 * Why: a ground's solids are changed through the scatter they answer from (solidsOf, LV-1).
 */
export function scatterAnswering(solids: unknown): { settings: object; scatter: Scatter } | undefined {
  return typeof solids === 'function' ? answering.get(solids) : undefined;
}

/**
 * The ground part scatter3d gives: `solids(x, z, r)`, every solid reaching within r of (x, z) — the circles from
 * their grid, then the pieces of boxes, walls and polygons from theirs (LV-1), each in its grid's order.
 * Why: bodies slide round trunks, boulders and walls, asked many times a step, in time independent of the count (M-2).
 */
export function scatter3dGround(settings: unknown): Pick<Ground, 'solids'> {
  const scatter = scatterOf(settings);
  const { grid, circles, shapeGrid, pieces } = scatter;
  const solids = (x: number, z: number, r: number): readonly (Circle | Piece)[] => {
    const n = queryScatterGrid(grid, x, z, r);
    const m = queryShapeGrid(shapeGrid, x, z, r);
    const out: (Circle | Piece)[] = new Array(n + m);
    for (let k = 0; k < n; k++) out[k] = circles[grid.found[k]]!;
    for (let k = 0; k < m; k++) {
      const number = shapeGrid.found[k];
      out[n + k] = pieces[number] ?? (pieces[number] = pieceObject(shapeGrid, number));
    }
    return out;
  };
  answering.set(solids, { settings: settings as object, scatter });
  return { solids };
}
