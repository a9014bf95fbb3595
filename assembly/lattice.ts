/**
 * The ground as one call sees it (G-1..G-3): on a lattice, heights and depths come from corners and are
 * interpolated on the triangle the point falls in; without a cell, the ground is asked at each point.
 * Twin of src/reference/lattice.ts. The reference caches corners per call because its grounds are JS callbacks
 * (G-2); here corners come from the baked corner cache of assembly/ground.ts, which holds the same values.
 */
import { Circles, Numbers, callBodies, callMotions, reserveCircles } from './memory';
import { DepthCorners, GroundData, HeightCorners, dryCells, locatedCell, locatedHolds, terrainDepth, terrainHeight, useTerrain } from './ground';
import { Cross, Feet } from './feet';
import { gatherScatterGrid } from './scatter';
import { Crowd, crowdCircles, crowdNeighbours } from './crowd';
import { ShapeGrid } from './shapeGrid';
import { Neighbours, addNeighbour } from './neighbours';
import { BODIES_ALL, BODIES_NONE, BODIES_STILL, isStill } from './still';

/**
 * The value at (x, z) on the lattice of side `cell` (G-1): each cell is split along the diagonal from its
 * (least x, least z) corner to its (greatest x, greatest z) corner, and the value is the plane of the triangle.
 */
export function latticeValue<C>(cell: f64, x: f64, z: f64, corner: C): f64 {
  const gx = perCell(x, cell, corner.inverse);
  const gz = perCell(z, cell, corner.inverse);
  const i = Math.floor(gx);
  const j = Math.floor(gz);
  // The reference asks corner(i, j), corner(i + 1, j + 1), then corner(i + 1, j) or corner(i, j + 1); here the
  // corner cache is located on cell (i, j) once and the same corners are read as at(0, 0), at(1, 1), at(1, 0) / at(0, 1).
  return triangleValue(corner, corner.locate(i, j), gx - i, gz - j);
}

/**
 * The value on the located cell `cell0` at (fx, fz) within it, fractions of a cell, as latticeValue works it out.
 */
@inline function triangleValue<C>(corner: C, cell0: usize, fx: f64, fz: f64): f64 {
  const v00 = corner.at(cell0, 0, 0);
  const v11 = corner.at(cell0, 1, 1);
  // fx ≥ fz: the triangle (i, j), (i + 1, j), (i + 1, j + 1), the plane v00 + fx·(v10 − v00) + fz·(v11 − v10);
  // else (i, j), (i, j + 1), (i + 1, j + 1), the same with x and z swapped. Picks rather than branches (the triangle
  // is a coin flip per point, a branch would mispredict), written as integer selects, which compile to cmov.
  const upper = fx >= fz;
  const along = pick(upper, fx, fz);
  const across = pick(upper, fz, fx);
  const vm = corner.at(cell0, upper ? 1 : 0, upper ? 0 : 1);
  return v00 + along * (vm - v00) + across * (v11 - vm);
}

/**
 * The heights of the five feet round (x, z), into `out` (assembly/stand.ts feetAt): f0 at (x, z), then (x − h, z − h),
 * (x + h, z − h), (x − h, z + h), (x + h, z + h). Bit for bit the heights five `height` calls give (AS only): on a
 * lattice, each of the three columns and three rows is divided and floored once, and when every foot's cell is in one
 * tile it is located once.
 */
export function latticeFeet(g: Sampler, x: f64, z: f64, h: f64, out: Feet): void {
  const xw = x - h;
  const xe = x + h;
  const zs = z - h;
  const zn = z + h;
  const cell = g.cell;
  if (cell != 0.0) {
    const heights = g.heights;
    const inverse = heights.inverse;
    const gxw = perCell(xw, cell, inverse);
    const gx = perCell(x, cell, inverse);
    const gxe = perCell(xe, cell, inverse);
    const gzs = perCell(zs, cell, inverse);
    const gz = perCell(z, cell, inverse);
    const gzn = perCell(zn, cell, inverse);
    const iw = Math.floor(gxw);
    const i = Math.floor(gx);
    const ie = Math.floor(gxe);
    const js = Math.floor(gzs);
    const j = Math.floor(gz);
    const jn = Math.floor(gzn);
    // Locating the cells at both ends locates every foot's: the middle column and row lie between them.
    heights.locate(iw, js);
    if (locatedHolds(ie, jn)) {
      out.f0 = triangleValue(heights, locatedCell(i, j), gx - i, gz - j);
      out.f1 = triangleValue(heights, locatedCell(iw, js), gxw - iw, gzs - js);
      out.f2 = triangleValue(heights, locatedCell(ie, js), gxe - ie, gzs - js);
      out.f3 = triangleValue(heights, locatedCell(iw, jn), gxw - iw, gzn - jn);
      out.f4 = triangleValue(heights, locatedCell(ie, jn), gxe - ie, gzn - jn);
      return;
    }
  }
  out.f0 = g.height(x, z);
  out.f1 = g.height(xw, zs);
  out.f2 = g.height(xe, zs);
  out.f3 = g.height(xw, zn);
  out.f4 = g.height(xe, zn);
}

/**
 * The heights at the twelve points of a slope's four stands round (x, z), their feet `h` (half a span) apart
 * (assembly/stand.ts standGradient), into `out`. Bit for bit the heights twelve `height` calls give (AS only): on a
 * lattice, each of the five columns and five rows is divided and floored once, and when every point's cell is in one
 * tile it is located once.
 */
export function latticeCross(g: Sampler, x: f64, z: f64, h: f64, out: Cross): void {
  const x0 = x + 0.0;
  const z0 = z + 0.0;
  const xE = x + h;
  const xW = x + -h;
  const xEE = x + (h + h);
  const xWW = x + (-h - h);
  const zN = z + h;
  const zS = z + -h;
  const zNN = z + (h + h);
  const zSS = z + (-h - h);
  const cell = g.cell;
  if (cell != 0.0) {
    const heights = g.heights;
    const inverse = heights.inverse;
    const gx = perCell(x0, cell, inverse);
    const gxE = perCell(xE, cell, inverse);
    const gxW = perCell(xW, cell, inverse);
    const gxEE = perCell(xEE, cell, inverse);
    const gxWW = perCell(xWW, cell, inverse);
    const gz = perCell(z0, cell, inverse);
    const gzN = perCell(zN, cell, inverse);
    const gzS = perCell(zS, cell, inverse);
    const gzNN = perCell(zNN, cell, inverse);
    const gzSS = perCell(zSS, cell, inverse);
    const i = Math.floor(gx);
    const iE = Math.floor(gxE);
    const iW = Math.floor(gxW);
    const iEE = Math.floor(gxEE);
    const iWW = Math.floor(gxWW);
    const j = Math.floor(gz);
    const jN = Math.floor(gzN);
    const jS = Math.floor(gzS);
    const jNN = Math.floor(gzNN);
    const jSS = Math.floor(gzSS);
    // As in latticeFeet: the cells at both ends hold every point's between them.
    heights.locate(iWW, jSS);
    if (locatedHolds(iEE, jNN)) {
      out.e0 = triangleValue(heights, locatedCell(iE, j), gxE - iE, gz - j);
      out.w0 = triangleValue(heights, locatedCell(iW, j), gxW - iW, gz - j);
      out.n0 = triangleValue(heights, locatedCell(i, jN), gx - i, gzN - jN);
      out.s0 = triangleValue(heights, locatedCell(i, jS), gx - i, gzS - jS);
      out.eeS = triangleValue(heights, locatedCell(iEE, jS), gxEE - iEE, gzS - jS);
      out.eeN = triangleValue(heights, locatedCell(iEE, jN), gxEE - iEE, gzN - jN);
      out.wwS = triangleValue(heights, locatedCell(iWW, jS), gxWW - iWW, gzS - jS);
      out.wwN = triangleValue(heights, locatedCell(iWW, jN), gxWW - iWW, gzN - jN);
      out.nnW = triangleValue(heights, locatedCell(iW, jNN), gxW - iW, gzNN - jNN);
      out.nnE = triangleValue(heights, locatedCell(iE, jNN), gxE - iE, gzNN - jNN);
      out.ssW = triangleValue(heights, locatedCell(iW, jSS), gxW - iW, gzSS - jSS);
      out.ssE = triangleValue(heights, locatedCell(iE, jSS), gxE - iE, gzSS - jSS);
      return;
    }
  }
  out.e0 = g.height(xE, z0);
  out.w0 = g.height(xW, z0);
  out.n0 = g.height(x0, zN);
  out.s0 = g.height(x0, zS);
  out.eeS = g.height(xEE, zS);
  out.eeN = g.height(xEE, zN);
  out.wwS = g.height(xWW, zS);
  out.wwN = g.height(xWW, zN);
  out.nnW = g.height(xW, zNN);
  out.nnE = g.height(xE, zNN);
  out.ssW = g.height(xW, zSS);
  out.ssE = g.height(xE, zSS);
}

/**
 * `c ? a : b`, picked by masking the bits: no branch to mispredict (V8 compiles an f64 select to a branch, and
 * Binaryen turns a select of reinterpreted bits back into one).
 */
@inline function pick(c: bool, a: f64, b: f64): f64 {
  const mask = -(<i64>c);
  const ai = reinterpret<i64>(a);
  const bi = reinterpret<i64>(b);
  return reinterpret<f64>(bi ^ ((ai ^ bi) & mask));
}

/**
 * x / cell. When cell is a power of two, `inverse` is 1 / cell (else 0) and this is x · inverse: the same correctly
 * rounded number x·2⁻ᵏ, bit for bit, for every x (AS only: a multiplication costs a fraction of a division).
 */
@inline function perCell(x: f64, cell: f64, inverse: f64): f64 {
  if (inverse != 0.0) return x * inverse;
  // The store is what keeps Binaryen from turning this branch into a select, which would always divide.
  divisions++;
  return x / cell;
}

/** The cells Sampler.cellsUnder last found (per instance, so per thread). */
export let underI0: f64 = 0.0;
export let underJ0: f64 = 0.0;
export let underI1: f64 = 0.0;
export let underJ1: f64 = 0.0;

/** How many lattice divisions were made (cells that are not powers of two); the store matters, not the count. */
let divisions: u32 = 0;

/** 1 / cell when cell is a power of two whose inverse is a normal number too, else 0 (see perCell). */
export function inverseOf(cell: f64): f64 {
  const bits = reinterpret<u64>(cell);
  const exponent = <i32>((bits >> 52) & 0x7ff);
  if ((bits & 0x000fffffffffffff) != 0 || exponent < 2 || exponent > 2045) return 0.0;
  return 1.0 / cell;
}

/** One call's view of a ground: its corners, and the circles that block the body. */
@unmanaged export class Sampler {
  ground: GroundData;
  /** The lattice side, or 0 when the ground is asked at each point (G-3). */
  cell: f64;
  heights: HeightCorners;
  depths: DepthCorners;
  /** Blocking bodies of a per-row call, as circles (K `bodies`); empty in a herd step. */
  bodies: Circles;
  /** The herd whose bodies block in a herd step, or null in a per-row call. */
  crowd: Crowd | null;
  /** In a herd step: the body being stepped (left out of its own blockers). */
  crowdSelf: i32;
  /** A per-row call's blocking bodies' motion, beside `bodies`: velocity x in x, z in z, the share (AV-6) in radius. */
  motions: Circles;
  /** Which of the blocking bodies `circles` answers (assembly/still.ts BODIES_ALL, BODIES_STILL, BODIES_NONE). */
  view: i32;
  /** Below this speed a blocking body stands still for the seeking body (AV-4; set by seek). */
  stillSpeed: f64;
  /** How many of the last `circles` answer's circles are solids: they come first, the blocking bodies after (AV-4). */
  solidCount: i32;
  /**
   * Whether every foot within `reach` of (x, z) (on either axis) is on dry lattice ground, so its water depth is
   * exactly +0 (AS only: it saves working the depth out foot by foot where it cannot be anything but 0). The cells
   * are widened by one on each side, which covers any rounding of (x ± reach) / cell.
   */
  @inline dryAround(x: f64, z: f64, reach: f64): bool {
    if (this.cell == 0.0 || !this.ground.hasDepth) return false;
    const inverse = this.heights.inverse;
    const gx = perCell(x, this.cell, inverse);
    const gz = perCell(z, this.cell, inverse);
    const m = perCell(reach, this.cell, inverse) + 1.0;
    return dryCells(this.ground.terrain, Math.floor(gx - m), Math.floor(gz - m), Math.floor(gx + m) + 1.0, Math.floor(gz + m) + 1.0);
  }

  /**
   * The lattice cells under the rectangle (x0, z0)–(x1, z1), corners included, into underI0 … underJ1 for
   * assembly/ground.ts boundCells to bound; false when the sampler is not on its terrain's own lattice (AS only). The
   * rectangle is widened by a hair far above the rounding of any point worked out to lie in it (a billionth of its
   * coordinates' size, and of a metre).
   */
  @inline cellsUnder(x0: f64, z0: f64, x1: f64, z1: f64): bool {
    if (this.cell == 0.0 || this.cell != this.ground.terrain.cell) return false;
    const inverse = this.heights.inverse;
    const hair = (Math.abs(x0) + Math.abs(z0) + Math.abs(x1) + Math.abs(z1) + 1.0) * 1e-9;
    underI0 = Math.floor(perCell(x0 - hair, this.cell, inverse));
    underJ0 = Math.floor(perCell(z0 - hair, this.cell, inverse));
    underI1 = Math.floor(perCell(x1 + hair, this.cell, inverse)) + 1.0;
    underJ1 = Math.floor(perCell(z1 + hair, this.cell, inverse)) + 1.0;
    return true;
  }

  /** The ground's grid of pieces of boxes, walls and polygons (LV-1), or null when no piece was ever filed in it. */
  @inline shapes(): ShapeGrid | null {
    const grid = this.ground.scatter;
    if (grid === null || grid.shapes == 0) return null;
    const shapes = changetype<ShapeGrid>(grid.shapes);
    return shapes.lists == 0 ? null : shapes;
  }

  /** Where `circles` writes its answer. */
  near: Circles;
  /** The last stand height asked (assembly/stand.ts standHeight): at (standX, standZ) for numbers standN; NaN: none. */
  standX: f64;
  standZ: f64;
  standN: Numbers;
  standH: f64;
  /** The last water depth asked (assembly/stand.ts waterDepth), likewise. */
  depthX: f64;
  depthZ: f64;
  depthN: Numbers;
  depthH: f64;
  /** Where assembly/stand.ts `crossing` holds the twelve heights round: (crossX, crossZ), `crossH` apart; NaN: nowhere. */
  crossX: f64;
  crossZ: f64;
  crossH: f64;

  /** Height of the ground under any water at (x, z). */
  @inline height(x: f64, z: f64): f64 {
    if (this.cell == 0.0) return terrainHeight(this.ground.terrain, x, z);
    return latticeValue(this.cell, x, z, this.heights);
  }

  /** Depth of the water at (x, z); 0 where the ground has no water. */
  depth(x: f64, z: f64): f64 {
    if (!this.ground.hasDepth) return 0.0;
    if (this.cell == 0.0) return terrainDepth(this.ground.terrain, x, z);
    return latticeValue(this.cell, x, z, this.depths);
  }

  /**
   * Every circle that blocks the body and reaches within r of (x, z): the ground's solids, then the blocking bodies
   * the view takes (a per-row call's list in its order, or the herd's bodies from its grid).
   */
  circles(x: f64, z: f64, r: f64): Circles {
    const near = this.near;
    near.length = 0;
    const grid = this.ground.scatter;
    if (grid !== null) gatherScatterGrid(grid, x, z, r, near);
    this.solidCount = near.length;
    this.addBodies(x, z, r, near);
    return near;
  }

  /**
   * The solids alone of `circles`' answer, in its order (AS only): for a caller that reads only the solids (pushOut,
   * LV-3; a cluster of solids, AV-4), so the herd's bodies are not searched. solidCount is the length.
   */
  solidCircles(x: f64, z: f64, r: f64): Circles {
    const near = this.near;
    near.length = 0;
    const grid = this.ground.scatter;
    if (grid !== null) gatherScatterGrid(grid, x, z, r, near);
    this.solidCount = near.length;
    return near;
  }

  /**
   * The blocking bodies alone of `circles`' answer, in its order (AS only): for a cluster of bodies (AV-4), which
   * takes no solid, so the solids' grid is not searched. solidCount is then 0.
   */
  bodyCircles(x: f64, z: f64, r: f64): Circles {
    const near = this.near;
    near.length = 0;
    this.solidCount = 0;
    this.addBodies(x, z, r, near);
    return near;
  }

  /** Appends to `near` the blocking bodies the view takes that reach within r of (x, z). */
  @inline private addBodies(x: f64, z: f64, r: f64, near: Circles): void {
    const view = this.view;
    const crowd = this.crowd;
    if (crowd !== null) {
      crowdCircles(crowd, this.crowdSelf, view, this.stillSpeed, x, z, r, near);
      return;
    }
    if (view == BODIES_NONE) return;
    const bodies = this.bodies;
    for (let k = 0; k < bodies.length; k++) {
      if (view == BODIES_STILL && !isStill(this.motions[k].x, this.motions[k].z, this.stillSpeed)) continue;
      const b = bodies[k];
      const dx = b.x - x;
      const dz = b.z - z;
      const reach = r + b.radius;
      if (dx * dx + dz * dz <= reach * reach) near.push(b);
    }
  }
}

/** The one sampler calls work through (the wasm core is single-threaded and calls do not nest). */
export let sampler = changetype<Sampler>(memory.data(offsetof<Sampler>()));
export let heights = changetype<HeightCorners>(memory.data(offsetof<HeightCorners>()));
export let depths = changetype<DepthCorners>(memory.data(offsetof<DepthCorners>()));
export let near = changetype<Circles>(memory.data(offsetof<Circles>()));

/** Drops the remembered stand height, water depth and slope heights (they belong to another ground or another body). */
export function forget(g: Sampler): void {
  g.standX = NaN;
  g.standZ = NaN;
  g.depthX = NaN;
  g.depthZ = NaN;
  g.crossX = NaN;
  g.crossZ = NaN;
}

/** Points the sampler at a ground, with no blocking bodies yet. */
export function useGround(ground: GroundData): Sampler {
  sampler.ground = ground;
  sampler.cell = ground.cell;
  useTerrain(ground.terrain);
  heights.terrain = ground.terrain;
  depths.terrain = ground.terrain;
  heights.inverse = inverseOf(ground.cell);
  depths.inverse = heights.inverse;
  sampler.heights = heights;
  sampler.depths = depths;
  sampler.bodies = callBodies;
  sampler.bodies.length = 0;
  sampler.crowd = null;
  sampler.crowdSelf = -1;
  sampler.motions = callMotions;
  sampler.view = BODIES_ALL;
  sampler.stillSpeed = 0.0;
  sampler.solidCount = 0;
  sampler.near = near;
  forget(sampler);
  return sampler;
}

/** Whether a sampler has blocking bodies: a herd's grid, or a per-row call's list. */
export function hasBodies(g: Sampler): bool {
  return g.crowd !== null || g.bodies.length > 0;
}

/**
 * Files into `out` the sampler's moving blocking bodies (a still one is gone round as a solid, AV-4) whose centres lie
 * within `reach` of (x, z), at most `most`, in AV-2's order (addNeighbour): a herd's from its grid (crowdNeighbours),
 * a per-row call's from its list.
 */
export function gatherNeighbours(g: Sampler, x: f64, z: f64, reach: f64, most: i32, out: Neighbours): void {
  const crowd = g.crowd;
  if (crowd !== null) {
    crowdNeighbours(crowd, g.crowdSelf, g.stillSpeed, x, z, reach, most, out);
    return;
  }
  out.count = 0;
  const bodies = g.bodies;
  for (let k = 0; k < bodies.length; k++) {
    const b = bodies[k];
    const m = g.motions[k];
    if (isStill(m.x, m.z, g.stillSpeed)) continue;
    const dx = b.x - x;
    const dz = b.z - z;
    const d2 = dx * dx + dz * dz;
    if (d2 <= reach * reach) addNeighbour(out, most, d2, b.x, b.z, m.x, m.z, b.radius, m.radius);
  }
}

/** The circle list `circles` answers in. */
export function nearList(): Circles {
  return near;
}

/** Makes room for answers of up to `capacity` circles (a ground's solids plus a call's blocking bodies). */
export function reserveNear(capacity: i32): void {
  reserveCircles(near, capacity);
}
