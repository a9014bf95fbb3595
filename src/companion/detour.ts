/**
 * The companion's way round (CO-12): the waypoints of a route (RT-3, RT-4) the companion walks instead of heading
 * straight for its aim, with the point it was planned to. The controller plans it when the straight way makes no
 * progress and plans again when its aim moves off that point; its sibling, the stuck rule (CO-8), still jumps or
 * teleports when no route helps. A plan that takes more than a frame's budget is kept here until it ends.
 */
import type { Row } from '../types.ts';
import { ROUTE_INTERVAL, ROUTE_TOLERANCE, WAYPOINT_REACH } from './constants.ts';

/**
 * A plan under way (CO-12): what it was asked with — the companion's row as it was, the aim and the point ahead of
 * the player then — and whether the route to the aim ended unreached, so the route to the point ahead is asked.
 */
export interface Planning {
  readonly from: Row;
  readonly point: readonly number[];
  readonly ahead: readonly number[];
  readonly toAhead: boolean;
}

/** A detour's whole state, as the companion saves it to put back when a frame throws. */
export interface DetourState {
  waypoints: ReadonlyArray<readonly number[]> | null;
  next: number;
  goalX: number;
  goalZ: number;
  ahead: boolean;
  sincePlan: number;
  region: readonly number[] | null;
  planning: Planning | null;
}

/** The route being walked (none while `waypoints` is null) and the time since the last plan. */
export class Detour implements DetourState {
  /** The waypoints [x, z] being walked, or null: the companion heads straight for its aim. */
  waypoints: ReadonlyArray<readonly number[]> | null = null;
  /** The index of the waypoint being walked to. */
  next = 0;
  /** The point the route was planned to. */
  goalX = 0;
  goalZ = 0;
  /** Whether that point is the one ahead of the player (a route to the aim did not reach it), else the aim. */
  ahead = false;
  /** Seconds since the last plan; it starts at ROUTE_INTERVAL, so the first plan is never held back. */
  sincePlan = ROUTE_INTERVAL;
  /** The box [x0, z0, x1, z1] the last plan searched, kept so later plans inside it search the same grid. */
  region: readonly number[] | null = null;
  /** The plan under way, which a later frame's `route` call goes on with; null when none is. */
  planning: Planning | null = null;

  /** Whether a route is being walked. */
  get active(): boolean {
    return this.waypoints !== null;
  }

  /** Starts walking `waypoints`, planned to (x, z) — the point ahead of the player when `ahead`. */
  take(waypoints: ReadonlyArray<readonly number[]>, x: number, z: number, ahead: boolean): void {
    this.waypoints = waypoints;
    this.next = 0;
    this.goalX = x;
    this.goalZ = z;
    this.ahead = ahead;
  }

  /** Stops walking the route, and drops any plan under way: the companion heads straight for its aim again. */
  clear(): void {
    this.waypoints = null;
    this.planning = null;
  }

  /** Whether the point the route was planned to is more than ROUTE_TOLERANCE from (x, z), where it should be now. */
  strayed(x: number, z: number): boolean {
    const dx = x - this.goalX;
    const dz = z - this.goalZ;
    return dx * dx + dz * dz > ROUTE_TOLERANCE * ROUTE_TOLERANCE;
  }

  /**
   * Writes into `out` where the companion at (x, z) heads: the first waypoint not yet within WAYPOINT_REACH of it,
   * or — once it has come within reach of the last, or with no route — its aim (ax, az).
   */
  heading(x: number, z: number, ax: number, az: number, out: number[]): void {
    const points = this.waypoints;
    if (points !== null) {
      while (this.next < points.length && within(points[this.next], x, z)) this.next += 1;
      if (this.next < points.length) {
        out[0] = points[this.next][0];
        out[1] = points[this.next][1];
        return;
      }
      this.waypoints = null;
    }
    out[0] = ax;
    out[1] = az;
  }

  /** A copy of the state, for `restore`. */
  save(): DetourState {
    const { waypoints, next, goalX, goalZ, ahead, sincePlan, region, planning } = this;
    return { waypoints, next, goalX, goalZ, ahead, sincePlan, region, planning };
  }

  /** Puts back a state `save` gave. */
  restore(saved: DetourState): void {
    Object.assign(this, saved);
  }
}

/** Whether the waypoint is within WAYPOINT_REACH of (x, z). */
function within(point: readonly number[], x: number, z: number): boolean {
  const dx = point[0] - x;
  const dz = point[1] - z;
  return dx * dx + dz * dz <= WAYPOINT_REACH * WAYPOINT_REACH;
}
