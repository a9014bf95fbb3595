/**
 * route's per-row calls (RT-1..RT-5): a route planned on a grid, and a grid's cells for `passability`.
 * Twin of src/reference/route.ts: same functions, same operations, same order.
 */
import { CALL_DONE, callResult } from './memory';
import { callGround } from './bodies';
import { Grid, fillGrid, forgetChangesIn, setWindow } from './passability';
import { planRoute, routeOut } from './waypoints';

/** Fills the grid for the facade's `passability` and returns the address of its cell states (RT-2). */
export function gridCells(grid: Grid): usize {
  fillGrid(grid.numbers, callGround(grid.ground, 0), grid);
  return changetype<usize>(grid.cells);
}

/**
 * The route from (sx, sz) to (tx, tz) on a grid, searched within the `w × h` cells from cell (i0, j0), working out at
 * most `budget` new verdicts (-1: any number) (RT-3..RT-5): one crossing; result[0] is the address of routeOut,
 * [count, reached, length, x, z, …], count 0 for a plan the budget left unfinished.
 */
export function route(grid: Grid, sx: f64, sz: f64, tx: f64, tz: f64, slopeCost: f64, waterCost: f64, i0: f64, j0: f64, w: i32, h: i32, budget: i32): i32 {
  setWindow(grid, i0, j0, w, h);
  planRoute(grid.numbers, callGround(grid.ground, 0), grid, sx, sz, tx, tz, slopeCost, waterCost, budget);
  callResult[0] = <f64>changetype<usize>(routeOut);
  return CALL_DONE;
}

/**
 * Forgets what a kept grid knows that the last `count` changes logged in its ground's solids may have made stale,
 * at most LOG_SIZE of them (LV-4; forgetChangesIn): one crossing per edit and kept grid, the boxes read where the
 * edit logged them. Why: the facade crossed once per box, twice for a moved solid (AS only).
 */
export function forgetEditIn(grid: Grid, count: i32, reach: f64): void {
  const solids = grid.ground.scatter;
  if (solids == null) return;
  forgetChangesIn(grid, solids.log, solids.changes - count, solids.changes, reach);
}
