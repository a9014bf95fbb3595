/**
 * The shapes of a level's solids (LV-1, LV-5): a solid as a user writes it — in `solidsOf(ground).add` or in
 * `world.scatter3d.solids` — checked field by field, and what each shape is to the cores: a circle, or pieces (convex
 * polygons of 2 … MAX_CORNERS corners grown by a rounding radius; src/reference/pieces.ts). A box is one piece of 4
 * corners, a polygon one piece of its corners, a wall one 2-corner piece a segment grown by half its thickness, so its
 * joints are round and a bend leaves no gap.
 */
import { checkKnownKeys } from './known.ts';
import { MAX_SOLID_RADIUS, WORLD, show } from './limits.ts';
import { MAX_CORNERS } from './reference/pieces.ts';
import { cos, sin } from './reference/math.ts';
import { checkInWorld, checkNumber } from './rows.ts';

/** The shapes a level's solid may have (LV-1): upright prisms from the ground up, as trunks are. */
export type SolidShape = 'circle' | 'box' | 'wall' | 'polygon';

/** The least half extent of a box and the least length of a wall's segment or a polygon's edge, m (LV-5). */
export const MIN_SIZE = 0.001;
/** The least thickness of a wall, m (LV-5): thinner walls are still never crossed, but this is the least tested. */
export const MIN_THICKNESS = 0.01;
/** The most a shape spans, m: a box's half extents and a wall's half thickness are at most this, and a piece's box is at most twice it on a side (LV-5). */
export const MAX_SHAPE_SIZE = MAX_SOLID_RADIUS;
/** The most points a wall has (LV-5). */
export const MAX_WALL_POINTS = 256;

/** A circle as the handle gives it back (LV-1). */
export interface CircleSolid {
  readonly id: number;
  readonly shape: 'circle';
  readonly x: number;
  readonly z: number;
  readonly radius: number;
}

/** An oriented box: centre (x, z), half extents along its own x and z, turned by `yaw` as a body's yaw turns it (+z toward +x). */
export interface BoxSolid {
  readonly id: number;
  readonly shape: 'box';
  readonly x: number;
  readonly z: number;
  readonly halfX: number;
  readonly halfZ: number;
  readonly yaw: number;
}

/** A wall: a polyline of [x, z] points with a thickness (a fence, a hedge), round at its joints and ends. */
export interface WallSolid {
  readonly id: number;
  readonly shape: 'wall';
  readonly points: readonly (readonly [number, number])[];
  readonly thickness: number;
}

/** A convex polygon of 3 … MAX_CORNERS [x, z] corners, counter-clockwise as given back (Σ x·z' − x'·z > 0). */
export interface PolygonSolid {
  readonly id: number;
  readonly shape: 'polygon';
  readonly points: readonly (readonly [number, number])[];
}

/** A solid as the handle gives it back: its id (LV-1), its shape and its numbers. */
export type Solid = CircleSolid | BoxSolid | WallSolid | PolygonSolid;

/** A solid's shape and numbers without its id. */
export type SolidRecord = Omit<CircleSolid, 'id'> | Omit<BoxSolid, 'id'> | Omit<WallSolid, 'id'> | Omit<PolygonSolid, 'id'>;

/** What `add` takes (and `world.scatter3d.solids` lists): a solid without its id; `shape` absent is a circle. */
export type SolidInput =
  | { shape?: 'circle'; x: number; z: number; radius: number }
  | { shape: 'box'; x: number; z: number; halfX: number; halfZ: number; yaw?: number }
  | { shape: 'wall'; points: readonly (readonly number[])[]; thickness: number }
  | { shape: 'polygon'; points: readonly (readonly number[])[] };

/** A piece as the cores take it: the first `count` corners of `points` (x, z pairs) grown by `radius`. */
export interface PieceNumbers {
  readonly points: Float64Array;
  readonly count: number;
  readonly radius: number;
}

const FIELDS: Record<SolidShape, readonly string[]> = {
  circle: ['shape', 'x', 'z', 'radius'],
  box: ['shape', 'x', 'z', 'halfX', 'halfZ', 'yaw'],
  wall: ['shape', 'points', 'thickness'],
  polygon: ['shape', 'points'],
};

function fail(where: string, field: string, value: unknown, expected: string): never {
  throw new Error(`walker: ${where}.${field} is ${show(value)}; expected ${expected}.`);
}

function numberAt(where: string, field: string, value: unknown, min: number, max: number, expected: string): number {
  if (typeof value !== 'number' || !(value - value === 0) || value < min || value > max) fail(where, field, value, expected);
  return value;
}

/** A point's coordinate on `axis` ('x' or 'z'), finite and in the world (BI-2). */
function coordinateAt(where: string, field: string, value: unknown, axis: string): number {
  return numberAt(where, field, value, -WORLD, WORLD, `a finite number within the world (|${axis}| ≤ ${WORLD} m)`);
}

/** A list of [x, z] points at `where.points`: from `least` to `most` of them, each in the world. */
function pointsAt(where: string, value: unknown, least: number, most: number): [number, number][] {
  if (!Array.isArray(value) || value.length < least || value.length > most) fail(where, 'points', value, `a list of ${least} to ${most} [x, z] points`);
  return value.map((p: unknown, i) => {
    if (!Array.isArray(p) || p.length !== 2) fail(where, `points[${i}]`, p, 'an [x, z] point');
    return [coordinateAt(where, `points[${i}][0]`, p[0], 'x'), coordinateAt(where, `points[${i}][1]`, p[1], 'z')];
  });
}

/** The sentence for a shape whose pieces would be too wide (LV-5), or nothing. */
function checkSpan(where: string, field: string, value: unknown, x0: number, z0: number, x1: number, z1: number): void {
  if (x1 - x0 > 2 * MAX_SHAPE_SIZE || z1 - z0 > 2 * MAX_SHAPE_SIZE) fail(where, field, value, `a piece at most ${2 * MAX_SHAPE_SIZE} m across on x and on z`);
}

/** Twice the signed area of a closed polygon of [x, z] points (> 0: counter-clockwise, Σ x·z' − x'·z). */
function twiceArea(points: readonly (readonly [number, number])[]): number {
  let a = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, z0] = points[i];
    const [x1, z1] = points[(i + 1) % points.length];
    a += x0 * z1 - x1 * z0;
  }
  return a;
}

/**
 * The problem with a counter-clockwise polygon of [x, z] points as a piece, or undefined: an edge shorter than
 * MIN_SIZE, or a corner not strictly left of every edge it is not on (not convex, or not simple: a polygon that winds
 * round twice has corners right of some edge).
 */
export function polygonProblem(points: readonly (readonly [number, number])[]): string | undefined {
  const n = points.length;
  for (let i = 0; i < n; i++) {
    const [ax, az] = points[i];
    const [bx, bz] = points[(i + 1) % n];
    const ex = bx - ax;
    const ez = bz - az;
    if (!(Math.sqrt(ex * ex + ez * ez) >= MIN_SIZE)) return `its edge from corner ${i} is shorter than ${MIN_SIZE} m`;
    for (let k = 0; k < n; k++) {
      if (k === i || k === (i + 1) % n) continue;
      const [px, pz] = points[k];
      if (!(ex * (pz - az) - ez * (px - ax) > 0)) return `corner ${k} is not strictly inside the edge from corner ${i} (not convex, or crossing itself)`;
    }
  }
  return undefined;
}

/** A shape checked (LV-5) and normalised: its record (without id) and its pieces (none for a circle). */
export interface CheckedShape {
  readonly record: SolidRecord;
  readonly pieces: readonly PieceNumbers[];
}

/** Corners as the cores take them. */
function piece(points: readonly (readonly [number, number])[], radius: number): PieceNumbers {
  const flat = new Float64Array(points.length * 2);
  for (let i = 0; i < points.length; i++) {
    flat[i * 2] = points[i][0];
    flat[i * 2 + 1] = points[i][1];
  }
  return { points: flat, count: points.length, radius };
}

/** A box's piece: its corners, counter-clockwise from its (−halfX, −halfZ) corner, turned with the project's sin and cos. */
function boxPiece(x: number, z: number, halfX: number, halfZ: number, yaw: number): PieceNumbers {
  const s = sin(yaw);
  const c = cos(yaw);
  // The box's own x axis is (cos yaw, −sin yaw), its z axis (sin yaw, cos yaw): a body's facing at that yaw. Written
  // out, not through a helper closure: a box moved every frame makes these a hundred times a frame.
  const points = new Float64Array(8);
  points[0] = x + c * -halfX + s * -halfZ;
  points[1] = z - s * -halfX + c * -halfZ;
  points[2] = x + c * halfX + s * -halfZ;
  points[3] = z - s * halfX + c * -halfZ;
  points[4] = x + c * halfX + s * halfZ;
  points[5] = z - s * halfX + c * halfZ;
  points[6] = x + c * -halfX + s * halfZ;
  points[7] = z - s * -halfX + c * halfZ;
  return { points, count: 4, radius: 0 };
}

/** A box's pieces, its corners checked in the world (`where` names the box in the sentence). */
function boxPieces(where: string, record: Omit<BoxSolid, 'id'>): PieceNumbers[] {
  const box = boxPiece(record.x, record.z, record.halfX, record.halfZ, record.yaw);
  for (let k = 0; k < 8; k++) {
    if (!(Math.abs(box.points[k]) <= WORLD)) fail(where, 'x', record.x, `a box whose corners lie within the world (|x| and |z| ≤ ${WORLD} m)`);
  }
  return [box];
}

/** The pieces of a record (without id) already checked, not a box (boxPieces). */
function piecesOf(record: Exclude<SolidRecord, Omit<BoxSolid, 'id'>>): PieceNumbers[] {
  switch (record.shape) {
    case 'circle':
      return [];
    case 'polygon':
      return [piece(record.points, 0)];
    case 'wall':
      return record.points.slice(1).map((p, i) => piece([record.points[i], p], record.thickness / 2));
  }
}

/**
 * Checks a solid as written (`where` names it in sentences: `solid`, `world.scatter3d.solids[3]`) and normalises it:
 * a polygon turned counter-clockwise (its first point kept first). Every field is checked with a sentence naming it
 * and its value (LV-5); nothing else is read (BI-5).
 */
export function checkShape(where: string, value: unknown): CheckedShape {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`walker: ${where} is ${show(value)}; expected an object: a circle { x, z, radius }, a box { shape: "box", x, z, halfX, halfZ, yaw? }, a wall { shape: "wall", points, thickness } or a polygon { shape: "polygon", points }.`);
  }
  const v = value as Record<string, unknown>;
  const shape = v.shape === undefined ? 'circle' : v.shape;
  if (shape !== 'circle' && shape !== 'box' && shape !== 'wall' && shape !== 'polygon') fail(where, 'shape', v.shape, '"circle", "box", "wall" or "polygon"');
  checkKnownKeys(where, v, FIELDS[shape]);
  const record = checkedRecord(where, shape, v);
  return { record, pieces: record.shape === 'box' ? boxPieces(where, record) : piecesOf(record) };
}

function checkedRecord(where: string, shape: SolidShape, v: Record<string, unknown>): SolidRecord {
  switch (shape) {
    case 'circle': {
      const x = checkNumber(`${where}.x`, v.x);
      const z = checkNumber(`${where}.z`, v.z);
      checkInWorld(where, x, z);
      const radius = checkNumber(`${where}.radius`, v.radius, 0, MAX_SOLID_RADIUS);
      return Object.freeze({ shape, x, z, radius });
    }
    case 'box': {
      const x = checkNumber(`${where}.x`, v.x);
      const z = checkNumber(`${where}.z`, v.z);
      checkInWorld(where, x, z);
      const halfX = numberAt(where, 'halfX', v.halfX, MIN_SIZE, MAX_SHAPE_SIZE, `a number of metres from ${MIN_SIZE} to ${MAX_SHAPE_SIZE}`);
      const halfZ = numberAt(where, 'halfZ', v.halfZ, MIN_SIZE, MAX_SHAPE_SIZE, `a number of metres from ${MIN_SIZE} to ${MAX_SHAPE_SIZE}`);
      const yaw = v.yaw === undefined ? 0 : numberAt(where, 'yaw', v.yaw, -1e6, 1e6, 'an angle in radians within ±1000000');
      // Its corners are checked in the world with its piece (checkShape).
      return Object.freeze({ shape, x, z, halfX, halfZ, yaw });
    }
    case 'wall': {
      const points = pointsAt(where, v.points, 2, MAX_WALL_POINTS);
      const thickness = numberAt(where, 'thickness', v.thickness, MIN_THICKNESS, 2 * MAX_SHAPE_SIZE, `a number of metres from ${MIN_THICKNESS} to ${2 * MAX_SHAPE_SIZE}`);
      for (let i = 1; i < points.length; i++) {
        const [ax, az] = points[i - 1];
        const [bx, bz] = points[i];
        const length = Math.sqrt((bx - ax) ** 2 + (bz - az) ** 2);
        if (!(length >= MIN_SIZE)) fail(where, `points[${i}]`, points[i], `a point at least ${MIN_SIZE} m from the one before (a segment of length ${length})`);
        checkSpan(where, `points[${i}]`, points[i], Math.min(ax, bx), Math.min(az, bz), Math.max(ax, bx), Math.max(az, bz));
      }
      return Object.freeze({ shape, points: Object.freeze(points.map((p) => Object.freeze(p))), thickness });
    }
    case 'polygon': {
      let points = pointsAt(where, v.points, 3, MAX_CORNERS);
      if (twiceArea(points) < 0) points = [points[0], ...points.slice(1).reverse()];
      const problem = polygonProblem(points);
      if (problem !== undefined) fail(where, 'points', v.points, `a convex polygon with no crossing (${problem})`);
      const xs = points.map((p) => p[0]);
      const zs = points.map((p) => p[1]);
      checkSpan(where, 'points', v.points, Math.min(...xs), Math.min(...zs), Math.max(...xs), Math.max(...zs));
      return Object.freeze({ shape, points: Object.freeze(points.map((p) => Object.freeze(p))) });
    }
  }
}

/** A shape's reference point (LV-2's `move`): a circle's or box's centre, a wall's or polygon's first point. */
export function referencePoint(record: SolidRecord): [number, number] {
  return record.shape === 'circle' || record.shape === 'box' ? [record.x, record.z] : [record.points[0][0], record.points[0][1]];
}

/**
 * The record moved so that its reference point is (x, z), a finite point in the world the caller checked, and
 * checked again (a polygon moved far may round to one not strictly convex; a point or a box's corner may leave the
 * world): `where` names the call in sentences.
 */
export function movedShape(where: string, record: SolidRecord, x: number, z: number): CheckedShape {
  if (record.shape === 'box') {
    // Its sizes and turn were checked when it was added, (x, z) by the caller: only its corners are new. Why: a
    // game moves a hundred boxes a frame, and checking every field again cost a third of a move.
    const moved = Object.freeze({ shape: 'box' as const, x, z, halfX: record.halfX, halfZ: record.halfZ, yaw: record.yaw });
    return { record: moved, pieces: boxPieces(where, moved) };
  }
  if (record.shape === 'circle') return checkShape(where, { ...record, x, z });
  const [x0, z0] = referencePoint(record);
  const points = record.points.map(([px, pz], i) => (i === 0 ? [x, z] : [px + (x - x0), pz + (z - z0)]));
  return checkShape(where, { ...record, points });
}
