/**
 * Planning a way round what the companion cannot cross (CO-12): when to plan, the point ahead of the player a plan
 * may aim at, the box a plan is searched in, and the plan itself — a route to the aim, else to the point ahead —
 * which the detour (detour.ts) then walks.
 */
import type { Ground, Row, World } from '../types.ts';
import { routeCell } from '../reference/route.ts';
import type { WalkerCore } from './core.ts';
import { ROUTE_CELLS, ROUTE_GAIN, ROUTE_INTERVAL, ROUTE_LOOKAHEAD, ROUTE_MARGIN, ROUTE_TIME, TRAIL_DELAY } from './constants.ts';
import { Detour, type DetourState } from './detour.ts';
import type { Trail } from './trail.ts';

/** A copy of a WayRound's state, as the companion saves it to put back when a frame throws. */
export type WayRoundState = Pick<WayRound, 'plans' | 'routes'> & { detour: DetourState };

/** The companion's ways round (CO-12): the route it walks, where it heads this frame, and the plans it made. */
export class WayRound {
  /** The route being walked. */
  readonly detour = new Detour();
  /** Where the companion heads this frame: a waypoint of its detour, else its aim. */
  readonly heading: number[] = [0, 0];
  /** Where the player will be ROUTE_LOOKAHEAD from now at its trail pace. */
  private readonly ahead: number[] = [0, 0];
  /** How many routes it planned (calls of `route`), taken or not. */
  plans = 0;
  /** How many routes it took and walked round what blocked it. */
  routes = 0;

  /**
   * Chooses where the companion at `row` heads this frame, toward its aim `point`: the detour is dropped unless it is
   * `following` (in FOLLOW, outside the follow ring, aiming, not on a rejoining jump); following, one is planned —
   * grounded, at most once per ROUTE_INTERVAL — when the companion has been `stuck` for ROUTE_TIME, or when the point
   * its route was planned to has moved more than ROUTE_TOLERANCE from where that point now is (the aim, or the point
   * ahead of the player); then it heads for the route's next waypoint, else its aim.
   */
  steer(core: WalkerCore, world: World, ground: Ground, row: Row, trail: Trail, player: Row, point: readonly number[], dt: number, following: boolean, stuck: number): void {
    const d = this.detour;
    d.sincePlan += dt;
    if (!following) d.clear();
    // Planned only from the ground: a body in the air has no cell to start from.
    if (following && row.air !== true && d.sincePlan >= ROUTE_INTERVAL) {
      lookAhead(trail, player, this.ahead);
      const moved = d.active && (d.ahead ? d.strayed(this.ahead[0], this.ahead[1]) : d.strayed(point[0], point[1]));
      if (stuck >= ROUTE_TIME || moved) this.plan(core, world, ground, row, player, point);
    }
    d.heading(row.pos[0], row.pos[2], point[0], point[1], this.heading);
  }

  /** Plans a detour within routeRegion's box, counting the routes planned and the one taken (planWayRound). */
  private plan(core: WalkerCore, world: World, ground: Ground, row: Row, player: Row, point: readonly number[]): void {
    const d = this.detour;
    d.sincePlan = 0;
    d.clear();
    const region = routeRegion(ground, d.region, row.pos, point, player, this.ahead);
    if (region === null) return;
    d.region = region;
    this.plans += planWayRound(core, row, world, ground, d, point, this.ahead, region);
    if (d.active) this.routes += 1;
  }

  /** A copy of the state, for `restore`. */
  save(): WayRoundState {
    return { plans: this.plans, routes: this.routes, detour: this.detour.save() };
  }

  /** Puts back a state `save` gave. */
  restore(saved: WayRoundState): void {
    this.plans = saved.plans;
    this.routes = saved.routes;
    this.detour.restore(saved.detour);
  }
}

/**
 * Writes into `ahead` where the player will be ROUTE_LOOKAHEAD from now at its pace over the trail: its position
 * plus (position − trail point) · ROUTE_LOOKAHEAD / TRAIL_DELAY (CO-12). A player at rest is its own point ahead.
 */
export function lookAhead(trail: Trail, player: Row, ahead: number[]): void {
  const [tx, tz] = trail.target(ahead);
  const k = ROUTE_LOOKAHEAD / TRAIL_DELAY;
  ahead[0] = player.pos[0] + (player.pos[0] - tx) * k;
  ahead[1] = player.pos[2] + (player.pos[2] - tz) * k;
}

/**
 * The box a detour is searched in (CO-12, RT-5): `kept`, the last plan's box, while it holds the companion at `pos`,
 * its aim `point`, the player and the point `ahead` of it (so the plans of one detour search one grid); else the box
 * round them widened by ROUTE_MARGIN on each side, the widening halved while the box holds more than ROUTE_CELLS
 * cells; null when even the box round them does.
 */
export function routeRegion(ground: Ground, kept: readonly number[] | null, pos: readonly number[], point: readonly number[], player: Row, ahead: readonly number[]): readonly number[] | null {
  const xs = [pos[0], point[0], player.pos[0], ahead[0]];
  const zs = [pos[2], point[1], player.pos[2], ahead[1]];
  const [x0, x1, z0, z1] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
  if (kept !== null && kept[0] <= x0 && kept[1] <= z0 && kept[2] >= x1 && kept[3] >= z1) return kept;
  const cell = routeCell(ground);
  for (let m = ROUTE_MARGIN; ; m = m >= cell ? m / 2 : 0) {
    const i0 = Math.floor((x0 - m) / cell);
    const j0 = Math.floor((z0 - m) / cell);
    const i1 = Math.floor((x1 + m) / cell);
    const j1 = Math.floor((z1 + m) / cell);
    // Corners at cell centres, so the box holds exactly cells [i0, i1] × [j0, j1] whatever the rounding of i·cell.
    if ((i1 - i0 + 1) * (j1 - j0 + 1) <= ROUTE_CELLS) return [(i0 + 0.5) * cell, (j0 + 0.5) * cell, (i1 + 0.5) * cell, (j1 + 0.5) * cell];
    if (m === 0) return null;
  }
}

/**
 * Plans a detour for `row` within `region` (CO-12): a route to the aim `point` (the trail point); when that does not
 * reach, a route to the point `ahead` of the player. One that reaches is taken; one that does not is taken only when
 * its end is at least ROUTE_GAIN nearer that point than the companion is (it goes as near as it can); otherwise the
 * detour stays clear, the companion heads straight again and the stuck rule (CO-8) goes on counting. Answers how many
 * routes it planned; the detour is active when one was taken.
 */
export function planWayRound(core: WalkerCore, row: Row, world: World, ground: Ground, detour: Detour, point: readonly number[], ahead: readonly number[], region: readonly number[]): number {
  const way = core.route(row, world, point, ground, { region });
  if (way.reached) {
    detour.take(way.waypoints, point[0], point[1], false);
    return 1;
  }
  const [ax, az] = ahead;
  const near = core.route(row, world, ahead, ground, { region });
  const end = near.waypoints[near.waypoints.length - 1];
  const fromEnd = Math.sqrt((end[0] - ax) * (end[0] - ax) + (end[1] - az) * (end[1] - az));
  const fromHere = Math.sqrt((row.pos[0] - ax) * (row.pos[0] - ax) + (row.pos[2] - az) * (row.pos[2] - az));
  if (near.reached || fromEnd <= fromHere - ROUTE_GAIN) detour.take(near.waypoints, ax, az, true);
  return 2;
}
