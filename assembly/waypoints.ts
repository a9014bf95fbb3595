/**
 * A route's waypoints (RT-3..RT-5): the search's path smoothed where the grid and slide see through, and the legs a
 * body at rest can walk, written into routeOut.
 * Twin of src/reference/waypoints.ts: same functions, same operations, same order.
 */
import { F64s, Numbers } from './memory';
import { Sampler } from './lattice';
import { Grid, SQRT2, cellX, cellZ, dirOf, dirX, dirZ, edgeTo, legClear, resetVerdicts } from './passability';
import { FROM_BODY, costFactor, costs, froms, goalWay, grown, path, SEARCH_PAUSED, searchGrid } from './search';

/**
 * Whether the segment from (ax, az) to (bx, bz) crosses only cells joined by passable edges (RT-4): the cells it
 * passes through are walked in order (a diagonal step where it crosses a corner), each step an edge of the grid.
 * Returns the largest cost factor of the cells it enters (1 when it enters none), or -1 when it is not in sight.
 * With `known`, edges not yet worked out count as impassable and none is worked out (a herd step reads a field's grid
 * while other bodies block, which must not reach the grid).
 */
export function gridSight(n: Numbers, g: Sampler, grid: Grid, ax: f64, az: f64, bx: f64, bz: f64, slopeCost: f64, waterCost: f64, known: bool): f64 {
  const c = grid.cell;
  let i = <i32>(Math.floor(ax / c) - grid.i0);
  let j = <i32>(Math.floor(az / c) - grid.j0);
  const ei = <i32>(Math.floor(bx / c) - grid.i0);
  const ej = <i32>(Math.floor(bz / c) - grid.j0);
  const dx = bx - ax;
  const dz = bz - az;
  const stepI = ei > i ? 1 : ei < i ? -1 : 0;
  const stepJ = ej > j ? 1 : ej < j ? -1 : 0;
  // The fraction of the segment at which it crosses the next line of cells on x and on z, and between two lines.
  const lineX = (grid.i0 + <f64>i + (stepI > 0 ? 1.0 : 0.0)) * c;
  const lineZ = (grid.j0 + <f64>j + (stepJ > 0 ? 1.0 : 0.0)) * c;
  let tX = stepI != 0 ? (lineX - ax) / dx : 2.0;
  let tZ = stepJ != 0 ? (lineZ - az) / dz : 2.0;
  const deltaX = stepI != 0 ? c / Math.abs(dx) : 0.0;
  const deltaZ = stepJ != 0 ? c / Math.abs(dz) : 0.0;
  let factor = 1.0;
  while (i != ei || j != ej) {
    let mi = 0;
    let mj = 0;
    if (i == ei) mj = stepJ;
    else if (j == ej) mi = stepI;
    else if (tX < tZ) mi = stepI;
    else if (tZ < tX) mj = stepJ;
    else {
      mi = stepI;
      mj = stepJ;
    }
    if (mi != 0) tX += deltaX;
    if (mj != 0) tZ += deltaZ;
    const k = j * grid.w + i;
    const d = dirOf(mi, mj);
    if (known ? (grid.cells[k] & (1 << d)) == 0 : !edgeTo(n, g, grid, k, i, j, d)) return -1.0;
    i += mi;
    j += mj;
    factor = Math.max(factor, costFactor(grid.cells[j * grid.w + i], slopeCost, waterCost));
  }
  return factor;
}

// ---- The route found: [count, reached, length, x0, z0, x1, z1, …] ----------------------------------------------

/** Where a route is written: [count, reached (1 or 0), length, then count waypoints (x, z)]. */
export let routeOut = changetype<F64s>(0);
/** How many f64 routeOut holds. */
let routeSize: i32 = 0;

/** Makes room in routeOut for `count` waypoints, keeping what it holds. */
export function reserveRoute(count: i32): void {
  if (3 + count * 2 <= routeSize) return;
  const size = max<i32>(3 + count * 2, routeSize * 2);
  routeOut = changetype<F64s>(grown(changetype<usize>(routeOut), routeSize, size, 8));
  routeSize = size;
}

/** The x of path node p (path[0] the goal, path[last] the start), or the target when p is the reached goal. */
export function pathX(grid: Grid, p: i32, reached: bool, tx: f64): f64 {
  return p == 0 && reached ? tx : cellX(grid, path[p]);
}

/** The z of path node p, or the target when p is the reached goal. */
export function pathZ(grid: Grid, p: i32, reached: bool, tz: f64): f64 {
  return p == 0 && reached ? tz : cellZ(grid, path[p]);
}

/** Appends waypoint (x, z) to routeOut after `from` (x, z) and adds the leg to the length. */
export function addWaypoint(x: f64, z: f64, fromX: f64, fromZ: f64): void {
  const count = <i32>routeOut[0];
  reserveRoute(count + 1);
  routeOut[3 + count * 2] = x;
  routeOut[4 + count * 2] = z;
  routeOut[0] = <f64>(count + 1);
  const dx = x - fromX;
  const dz = z - fromZ;
  routeOut[2] += Math.sqrt(dx * dx + dz * dz);
}

/**
 * The route from (sx, sz) to (tx, tz) on the grid into routeOut (RT-3, RT-4): the search's path, smoothed by
 * line-of-sight shortcuts — from each waypoint, the furthest node of the path in grid sight (gridSight), backed off
 * to the furthest a body at rest there can walk to (legClear), is the next. Ends at the target when it is reached, else at the centre of the reachable cell
 * nearest it (or at the start when no cell is nearer). With a `budget` (-1: none) whose cells and verdicts the
 * search uses up before it ends, it writes no waypoints (count 0): unfinished, the search paused, and the same route
 * asked again goes on with it to the waypoints one whole plan gives (RT-3).
 */
export function planRoute(n: Numbers, g: Sampler, grid: Grid, sx: f64, sz: f64, tx: f64, tz: f64, slopeCost: f64, waterCost: f64, budget: i32): void {
  resetVerdicts();
  reserveRoute(0);
  const start = <i32>(Math.floor(sz / grid.cell) - grid.j0) * grid.w + <i32>(Math.floor(sx / grid.cell) - grid.i0);
  const goal = <i32>(Math.floor(tz / grid.cell) - grid.j0) * grid.w + <i32>(Math.floor(tx / grid.cell) - grid.i0);
  const end = searchGrid(n, g, grid, sx, sz, start, goal, tx, tz, goalWay(n, g, grid, goal, tx, tz), slopeCost, waterCost, budget);
  if (end == SEARCH_PAUSED) {
    routeOut[0] = 0.0;
    routeOut[1] = 0.0;
    routeOut[2] = 0.0;
    return;
  }
  const reached = end == goal;
  routeOut[0] = 0.0;
  routeOut[1] = reached ? 1.0 : 0.0;
  routeOut[2] = 0.0;
  // Ending in the body's own cell: the target is in it, or no reachable cell is nearer the target (RT-4).
  if (end == start) {
    if (reached) addWaypoint(tx, tz, sx, sz);
    else addWaypoint(sx, sz, sx, sz);
    return;
  }
  let last = 0;
  path[0] = end;
  for (let k = end; froms[k] != FROM_BODY; last++) {
    const d = froms[k];
    k = k - dirX(d) - dirZ(d) * grid.w;
    path[last + 1] = k;
  }
  // With costs, a shortcut must cost no more than the path it replaces: its length times the costliest cell it
  // enters, against the path's cost plus a cell's diagonal (the segment's ends are off the cells' centres).
  const costly = slopeCost > 0.0 || waterCost > 0.0;
  let ax = sx;
  let az = sz;
  let anchorCost = 0.0;
  // path[last] is a first node (openStart), which slide reaches from the body: the first leg backs off to it at most.
  let p = last;
  while (p >= 0) {
    let q = p;
    while (q > 0) {
      const bx = pathX(grid, q - 1, reached, tx);
      const bz = pathZ(grid, q - 1, reached, tz);
      const factor = gridSight(n, g, grid, ax, az, bx, bz, slopeCost, waterCost, false);
      if (factor < 0.0) break;
      const dx = bx - ax;
      const dz = bz - az;
      if (costly && factor * Math.sqrt(dx * dx + dz * dz) > costs[path[q - 1]] - anchorCost + grid.cell * SQRT2) break;
      q--;
    }
    while (q < p && !legClear(n, g, ax, az, pathX(grid, q, reached, tx), pathZ(grid, q, reached, tz))) q++;
    const x = pathX(grid, q, reached, tx);
    const z = pathZ(grid, q, reached, tz);
    addWaypoint(x, z, ax, az);
    ax = x;
    az = z;
    anchorCost = costs[path[q]];
    p = q - 1;
  }
}
