/**
 * The walker functions the companion drives its row with. The companion runs on either core — the wasm entry
 * and the reference entry export the same names — so it takes them as an object instead of importing one.
 */
import type { Ground, Numbers, Route, RouteOptions, Row, World } from '../types.ts';

/** The five walker calls the companion needs (SPEC sections 4, 7, 8, 14; K-4). */
export interface WalkerCore {
  /** Steps a row once: eases vel toward want, turns, slides, steps, follows the ground (WA). */
  walk(me: Row, w: World, dt: number, ground: Ground): void;
  /** Sets want toward `target` [x, z] at the kind's seekSpeed, going round obstacles; returns arrival within `stop` (SE). */
  seek(me: Row, w: World, target: readonly number[], stop: number, ground: Ground): boolean;
  /** The height a body of these numbers stands at on (x, z) (ST-2). */
  stand(numbers: Numbers, ground: Ground, x: number, z: number): number;
  /** The checked numbers of the row's kind (K-4). */
  numbers(me: Row, w: World): Numbers;
  /** The least-cost way for the row to `target` [x, z] round lakes, cliffs and trees, or as near as it goes (RT-3, RT-4). */
  route(me: Row, w: World, target: readonly number[], ground: Ground, options?: RouteOptions): Route;
}
