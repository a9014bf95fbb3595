/**
 * Routes on the wasm core (RT-1..RT-5): the same checks and regions as the reference (src/reference/route.ts), the
 * grids in wasm memory — the most recently used GRIDS_KEPT per core, each for a ground, a kind's numbers and a
 * region — and one crossing per route, the waypoints read from the buffer whose address the call leaves in the
 * scratch. A ground the wasm entry did not upload (JS callbacks) runs on the reference (WX-4).
 */
import { newBody } from '../body.ts';
import { CHANGE_MARGIN } from '../reference/fields.ts';
import { LOG_SIZE } from '../reference/scatter.ts';
import { numbers } from '../kinds.ts';
import { checkVector, readBody } from '../rows.ts';
import {
  GRIDS_KEPT, boxRegion, keptPassability as keptPassabilityOnReference, passability as passabilityOnReference, passabilityFrom, regionOf, regionWithin, route as routeOnReference,
  routeCell, routeFrom, routeOptions, type Region,
} from '../reference/route.ts';
import type { Ground, Numbers, Passability, Route, RouteOptions, Row, World } from '../types.ts';
import type { CoreExports } from './exports.ts';
import type { GroundEntry, WasmGrounds } from './grounds.ts';
import type { Scratch } from './scratch.ts';
import type { Views } from './views.ts';

export interface RouteCalls {
  route(me: Row, w: World, target: readonly number[], ground: Ground, options?: RouteOptions): Route;
  passability(me: Row, w: World, ground: Ground, region: readonly number[]): Passability;
  /** The passability of the grid kept for a row's kind on `ground` used last, worked out whole (for checking LV-4's repair). */
  keptPassability(me: Row, w: World, ground: Ground): Passability | undefined;
}

interface Kept {
  /** Keeps the ground's upload alive while its grid is kept (the grid points at it). */
  entry: GroundEntry;
  n: Numbers;
  region: Region;
  ptr: number;
}

/** route and passability on one core. */
export function routeCalls(core: CoreExports, views: Views, grounds: WasmGrounds, scratch: Scratch): RouteCalls {
  const body = newBody();
  const kept: Kept[] = [];
  // A kept grid forgets the cells an edit of its solids reaches: its verdicts there are stale, the rest hold (LV-4).
  // One crossing per grid reads the edit's boxes from the log of this core's copy, box by box past what it keeps.
  grounds.afterEdit((edit) => {
    const b = edit.boxes;
    const count = b.length / 4;
    for (const { entry, n, ptr } of kept) {
      if (entry.scatterSettings !== edit.settings) continue;
      const reach = n.radius + CHANGE_MARGIN;
      if (count <= LOG_SIZE) core.forgetEditIn(ptr, count, reach);
      else for (let k = 0; k < b.length; k += 4) core.forgetCellsIn(ptr, b[k], b[k + 1], b[k + 2], b[k + 3], reach);
    }
  });

  /** Writes the kind's numbers and makes room for the ground's circles, as a per-row call does. */
  function enter(n: Numbers, entry: GroundEntry): void {
    scratch.enter(n, body, [], entry.solids);
  }

  /** A kept grid of this ground and kind whose region holds `region`, or a new one (the least recently used freed). */
  function gridFor(entry: GroundEntry, n: Numbers, region: Region): number {
    for (let i = 0; i < kept.length; i++) {
      const e = kept[i];
      if (e.entry.ptr === entry.ptr && e.n === n && regionWithin(region, e.region)) {
        kept.splice(i, 1);
        kept.unshift(e);
        return e.ptr;
      }
    }
    const ptr = core.newGrid(entry.ptr, region.cell, region.i0, region.j0, region.w, region.h);
    kept.unshift({ entry, n, region, ptr });
    if (kept.length > GRIDS_KEPT) core.freeGrid(kept.pop()!.ptr);
    return ptr;
  }

  function route(me: Row, w: World, target: readonly number[], ground: Ground, options?: RouteOptions): Route {
    const entry = grounds.entry(ground);
    if (entry === undefined) return routeOnReference(me, w, target, ground, options);
    const n = numbers(me, w);
    const t = checkVector('target', target, 2);
    const o = routeOptions(options);
    readBody(me, body);
    const region = regionOf(routeCell(ground), body.x, body.z, t[0], t[1], o.region);
    enter(n, entry);
    const grid = gridFor(entry, n, region);
    core.route(grid, body.x, body.z, t[0], t[1], o.slopeCost, o.waterCost, region.i0, region.j0, region.w, region.h, o.budget);
    return routeFrom(views.fresh().f64, scratch.result(0) / 8);
  }

  function passability(me: Row, w: World, ground: Ground, region: readonly number[]): Passability {
    const entry = grounds.entry(ground);
    if (entry === undefined) return passabilityOnReference(me, w, ground, region);
    const n = numbers(me, w);
    const box = boxRegion(routeCell(ground), 'region', region);
    enter(n, entry);
    const grid = core.newGrid(entry.ptr, box.cell, box.i0, box.j0, box.w, box.h);
    const cells = core.gridCells(grid);
    const shown = passabilityFrom(box, views.fresh().u32, cells / 4);
    core.freeGrid(grid);
    return shown;
  }

  function keptPassability(me: Row, w: World, ground: Ground): Passability | undefined {
    const entry = grounds.entry(ground);
    if (entry === undefined) return keptPassabilityOnReference(me, w, ground);
    const n = numbers(me, w);
    const e = kept.find((k) => k.entry.ptr === entry.ptr && k.n === n);
    if (e === undefined) return undefined;
    enter(n, entry);
    const cells = core.gridCells(e.ptr);
    return passabilityFrom(e.region, views.fresh().u32, cells / 4);
  }

  return { route, passability, keptPassability };
}
