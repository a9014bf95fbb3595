/**
 * The ground as one call sees it (G-1..G-3): on a lattice, heights and depths come from corners asked once per call
 * and are interpolated on the triangle the point falls in; without a cell, the ground is asked at each point.
 */
import { MIN_CELL, show } from '../limits.ts';
import type { BodyCircle, Circle, Ground, Piece } from '../types.ts';
import { polygonProblem, type PieceNumbers } from '../shapes.ts';
import { MAX_CORNERS } from './pieces.ts';
import { type Neighbours, addNeighbour } from './neighbours.ts';
import { BODIES_ALL, BODIES_NONE, BODIES_STILL, isStill } from './still.ts';

type Field = (x: number, z: number) => number;

/**
 * Corner cache key: unique while |i|, |j| < 2²⁶ cells, exact in a double (|key| < 2⁵³): 1,340 km at the least cell
 * of 2 cm, more than the world and the reach of any call from inside it (BI-2).
 */
function cornerKey(i: number, j: number): number {
  return i * 134217728 + j;
}

function asked(name: string, field: Field, x: number, z: number): number {
  const value = field(x, z);
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new Error(`walker: ground.${name}(${x}, ${z}) returned ${show(value)}; expected a finite number.`);
  }
  return value;
}

/**
 * The value at (x, z) on the lattice of side `cell` (G-1): each cell is split along the diagonal from its
 * (least x, least z) corner to its (greatest x, greatest z) corner, and the value is the plane of the triangle.
 */
export function latticeValue(cell: number, x: number, z: number, corner: (i: number, j: number) => number): number {
  const gx = x / cell;
  const gz = z / cell;
  const i = Math.floor(gx);
  const j = Math.floor(gz);
  const fx = gx - i;
  const fz = gz - j;
  const v00 = corner(i, j);
  const v11 = corner(i + 1, j + 1);
  // fx ≥ fz: the triangle (i, j), (i + 1, j), (i + 1, j + 1), the plane v00 + fx·(v10 − v00) + fz·(v11 − v10);
  // else (i, j), (i, j + 1), (i + 1, j + 1), the same with x and z swapped. Written as picks rather than branches
  // so the wasm twin compiles to selects (the triangle is a coin flip per point, a branch would mispredict).
  const upper = fx >= fz;
  const along = upper ? fx : fz;
  const across = upper ? fz : fx;
  const vm = corner(upper ? i + 1 : i, upper ? j : j + 1);
  return v00 + along * (vm - v00) + across * (v11 - vm);
}

/** Throws unless `ground` has the shape of a ground (section 3) with a valid cell; returns it. */
export function checkGround(ground: Ground): Ground {
  if (ground === null || typeof ground !== 'object' || typeof ground.height !== 'function' || typeof ground.solids !== 'function') {
    throw new Error(`walker: ground is ${show(ground)}, not a ground; expected { height(x, z), depth?(x, z), solids(x, z, r), cell? } (groundOf(world) makes one).`);
  }
  const depth = ground.depth as unknown;
  if (depth !== undefined && typeof depth !== 'function') throw new Error(`walker: ground.depth is ${show(depth)}; expected a function depth(x, z) or nothing.`);
  const cell = ground.cell;
  if (cell !== undefined && (typeof cell !== 'number' || !Number.isFinite(cell) || !(cell >= MIN_CELL))) {
    throw new Error(`walker: ground.cell is ${show(cell)}; expected a finite number ≥ ${MIN_CELL} (the way is sampled every cell/2).`);
  }
  return ground;
}

/** One call's view of a ground: the corner caches that make G-2 hold, and the blocking circles. */
export class Sampler {
  readonly ground: Ground;
  /** The lattice side, or 0 when the ground is asked at each point (G-3). */
  readonly cell: number;
  /** Corners asked in this call (G-2), by cornerKey; `forget` empties them for the next call. */
  readonly heights = new Map<number, number>();
  readonly depths = new Map<number, number>();
  private readonly heightCorner = (i: number, j: number): number => this.corner(this.heights, 'height', this.ground.height, i, j);
  private readonly depthCorner = (i: number, j: number): number => this.corner(this.depths, 'depth', this.ground.depth!, i, j);

  constructor(ground: Ground) {
    this.ground = checkGround(ground);
    this.cell = ground.cell ?? 0;
  }

  private corner(cache: Map<number, number>, name: string, field: Field, i: number, j: number): number {
    const key = cornerKey(i, j);
    let value = cache.get(key);
    if (value === undefined) {
      value = asked(name, field, i * this.cell, j * this.cell);
      cache.set(key, value);
    }
    return value;
  }

  /** Height of the ground under any water at (x, z). */
  height(x: number, z: number): number {
    if (this.cell === 0) return asked('height', this.ground.height, x, z);
    return latticeValue(this.cell, x, z, this.heightCorner);
  }

  /** Depth of the water at (x, z); 0 where the ground has no water. */
  depth(x: number, z: number): number {
    if (this.ground.depth === undefined) return 0;
    if (this.cell === 0) return asked('depth', this.ground.depth, x, z);
    return latticeValue(this.cell, x, z, this.depthCorner);
  }

  /** Blocking bodies of this call, as circles with their motion (K `bodies`); set by the call before it moves anything. */
  bodies: readonly BodyCircle[] = [];
  /** Which of the blocking bodies `circles` answers (BODIES_ALL, BODIES_STILL, BODIES_NONE). */
  view = BODIES_ALL;
  /** Below this speed a blocking body stands still for the seeking body (AV-4; set by seek). */
  stillSpeed = 0.0;
  /** How many of the last `circles` answer's circles are solids: they come first, the blocking bodies after (AV-4). */
  solidCount = 0;

  /**
   * Every circle that blocks the body and reaches within r of (x, z): the ground's solid circles, then the blocking
   * bodies the view takes (the ground's pieces are `pieces`').
   */
  circles(x: number, z: number, r: number): readonly Circle[] {
    const answer = checkedSolids(this.ground.solids(x, z, r), x, z, r);
    this.asked = answer;
    this.askedX = x;
    this.askedZ = z;
    this.askedR = r;
    const solids = circlesOf(answer);
    this.solidCount = solids.length;
    if (this.bodies.length === 0 || this.view === BODIES_NONE) return solids;
    const near = [...solids];
    for (const b of this.bodies) {
      if (this.view === BODIES_STILL && !isStill(b.vx, b.vz, this.stillSpeed)) continue;
      const dx = b.x - x;
      const dz = b.z - z;
      const reach = r + b.radius;
      if (dx * dx + dz * dz <= reach * reach) near.push(b);
    }
    return near;
  }

  /** The answer of the last `circles` query and where it was asked, until `pieces` takes it. */
  asked: readonly (Circle | Piece)[] | null = null;
  askedX = 0;
  askedZ = 0;
  askedR = 0;

  /**
   * Every piece of the ground's boxes, walls and polygons reaching within r of (x, z) (LV-1), in the ground's order.
   * Every caller asks `circles` at the same point and reach just before: that answer is taken (once), so a JS ground
   * is not asked twice.
   */
  pieces(x: number, z: number, r: number): readonly PieceNumbers[] {
    const reuse = this.asked !== null && this.askedX === x && this.askedZ === z && this.askedR === r;
    const solids = reuse ? this.asked! : checkedSolids(this.ground.solids(x, z, r), x, z, r);
    this.asked = null;
    const out: PieceNumbers[] = [];
    for (const s of solids) {
      if (!isPiece(s)) continue;
      const points = s.points instanceof Float64Array ? s.points : Float64Array.from(s.points);
      out.push({ points, count: points.length >> 1, radius: s.radius });
    }
    return out;
  }
}

/** Whether a solid of a ground's answer is a piece (it has corners) rather than a circle. */
export function isPiece(s: Circle | Piece): s is Piece {
  return (s as Piece).points !== undefined;
}

/** The circles of a checked answer, the answer itself when it holds no piece. */
function circlesOf(solids: readonly (Circle | Piece)[]): readonly Circle[] {
  for (let k = 0; k < solids.length; k++) if (isPiece(solids[k])) return solids.filter((s) => !isPiece(s)) as Circle[];
  return solids as readonly Circle[];
}

/** Whether `c` is a piece of 2 … MAX_CORNERS corners of finite numbers, radius ≥ 0, convex and counter-clockwise. */
function isGoodPiece(c: { x: unknown; z: unknown; points: unknown; radius: unknown }): boolean {
  const p = c.points as ArrayLike<number>;
  if (!(Array.isArray(p) || p instanceof Float64Array) || p.length < 4 || p.length > MAX_CORNERS * 2 || p.length % 2 !== 0) return false;
  for (let k = 0; k < p.length; k++) if (typeof p[k] !== 'number' || !(p[k] - p[k] === 0)) return false;
  if (!(typeof c.radius === 'number' && c.radius >= 0 && c.radius < Infinity) || c.x !== p[0] || c.z !== p[1]) return false;
  const corners: [number, number][] = [];
  for (let k = 0; k < p.length; k += 2) corners.push([p[k], p[k + 1]]);
  return corners.length === 2 ? p[0] !== p[2] || p[1] !== p[3] : polygonProblem(corners) === undefined;
}

/**
 * A ground's `solids` answer, checked: a list of circles of finite x, z and a radius ≥ 0, and pieces { x, z, radius,
 * points } (LV-1: 2 … 8 corners as x, z pairs of finite numbers, a segment's two apart, more corners convex and
 * counter-clockwise, (x, z) the first, radius ≥ 0); a JS ground's is not trusted.
 */
export function checkedSolids(solids: unknown, x: number, z: number, r: number): readonly (Circle | Piece)[] {
  let ok = Array.isArray(solids);
  let bad: unknown = solids;
  for (let k = 0; ok && k < (solids as unknown[]).length; k++) {
    const c = (solids as Circle[])[k];
    bad = c;
    ok = c !== null && typeof c === 'object' && ((c as unknown as Piece).points !== undefined
      ? isGoodPiece(c as unknown as Piece)
      : typeof c.x === 'number' && c.x - c.x === 0 && typeof c.z === 'number'
        && c.z - c.z === 0 && typeof c.radius === 'number' && c.radius >= 0 && c.radius < Infinity);
  }
  if (!ok) throw new Error(`walker: ground.solids(${x}, ${z}, ${r}) gave ${show(bad)}; expected a list of circles { x, z, radius } of finite numbers, radius ≥ 0, and pieces { x, z, radius, points }: 2 to ${MAX_CORNERS} corners [x0, z0, x1, z1, …] of finite numbers, convex and counter-clockwise, (x, z) the first, radius ≥ 0.`);
  return solids as readonly (Circle | Piece)[];
}

/** Drops what the sampler remembers from the last call (its corners), so the next call asks them afresh (G-2). */
export function forget(g: Sampler): void {
  g.heights.clear();
  g.depths.clear();
  g.asked = null;
}

/** Whether a sampler has blocking bodies (a herd's grid in the wasm twin, a per-row list here). */
export function hasBodies(g: Sampler): boolean {
  return g.bodies.length > 0;
}

/**
 * Files into `out` the sampler's moving blocking bodies (a still one is gone round as a solid, AV-4) whose centres lie
 * within `reach` of (x, z), at most `most`, in AV-2's order (addNeighbour). The wasm twin reads a herd's from its grid
 * (assembly/crowd.ts crowdNeighbours).
 */
export function gatherNeighbours(g: Sampler, x: number, z: number, reach: number, most: number, out: Neighbours): void {
  out.count = 0;
  const bodies = g.bodies;
  for (let k = 0; k < bodies.length; k++) {
    const b = bodies[k];
    if (isStill(b.vx, b.vz, g.stillSpeed)) continue;
    const dx = b.x - x;
    const dz = b.z - z;
    const d2 = dx * dx + dz * dz;
    if (d2 <= reach * reach) addNeighbour(out, most, d2, b.x, b.z, b.vx, b.vz, b.radius, b.share);
  }
}
