/**
 * Planning a way round what the companion cannot cross (CO-12): when to plan, the point ahead of the player a plan
 * may aim at, the box a plan is searched in, and the plan itself — a route to the aim, else to the point ahead, one
 * budgeted `route` call a frame until it ends — which the detour (detour.ts) then walks.
 */
import type { Ground, Row, World } from '../types.ts';
import { routeCell } from '../reference/route.ts';
import type { WalkerCore } from './core.ts';
import { ROUTE_BUDGET, ROUTE_CELLS, ROUTE_GAIN, ROUTE_INTERVAL, ROUTE_LOOKAHEAD, ROUTE_MARGIN, ROUTE_TIME, TRAIL_DELAY } from './constants.ts';
import { Detour, type DetourState, type Planning } from './detour.ts';
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
  /** How many routes it planned (calls of `route` that ended, not those its budget left unfinished), taken or not. */
  plans = 0;
  /** How many routes it took and walked round what blocked it. */
  routes = 0;

  /**
   * Chooses where the companion at `row` heads this frame, toward its aim `point`: the detour is dropped unless it is
   * `following` (in FOLLOW, outside the follow ring, aiming, not on a rejoining jump); following, a plan under way
   * goes on (one budgeted `route` call), else one is started — grounded, at most once per ROUTE_INTERVAL — when the
   * companion has been `stuck` for ROUTE_TIME, or when the point its route was planned to has moved more than
   * ROUTE_TOLERANCE from where that point now is (the aim, or the point ahead of the player); then it heads for the
   * route's next waypoint, else (no route, or one still being planned) its aim.
   */
  steer(core: WalkerCore, world: World, ground: Ground, row: Row, trail: Trail, player: Row, point: readonly number[], dt: number, following: boolean, stuck: number): void {
    const d = this.detour;
    d.sincePlan += dt;
    if (!following) d.clear();
    if (d.planning !== null) this.goOn(core, world, ground, d.planning);
    // Planned only from the ground: a body in the air has no cell to start from.
    else if (following && row.air !== true && d.sincePlan >= ROUTE_INTERVAL) {
      lookAhead(trail, player, this.ahead);
      const moved = d.active && (d.ahead ? d.strayed(this.ahead[0], this.ahead[1]) : d.strayed(point[0], point[1]));
      if (stuck >= ROUTE_TIME || moved) this.plan(core, world, ground, row, player, point);
    }
    d.heading(row.pos[0], row.pos[2], point[0], point[1], this.heading);
  }

  /** Starts a plan within routeRegion's box from where the companion stands now (planWayRound), and makes its first call. */
  private plan(core: WalkerCore, world: World, ground: Ground, row: Row, player: Row, point: readonly number[]): void {
    const d = this.detour;
    d.sincePlan = 0;
    d.clear();
    const region = routeRegion(ground, d.region, row.pos, point, player, this.ahead);
    if (region === null) return;
    d.region = region;
    d.planning = { from: copyRow(row), point: [point[0], point[1]], ahead: [this.ahead[0], this.ahead[1]], toAhead: false };
    this.goOn(core, world, ground, d.planning);
  }

  /** Makes this frame's call of the plan under way (planWayRound), counting the routes that ended and the one taken. */
  private goOn(core: WalkerCore, world: World, ground: Ground, planning: Planning): void {
    const d = this.detour;
    const asked = planWayRound(core, world, ground, d, planning, d.region!);
    if (asked === 'pending') return;
    this.plans += 1;
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
 * Goes on with the plan under way within `region` (CO-12), one `route` call of ROUTE_BUDGET, from where the
 * companion stood when it started: first a route to the aim (the trail point then); when that does not reach, a
 * route to the point ahead of the player. One that reaches is taken; one that does not is taken only when its end is
 * at least ROUTE_GAIN nearer that point than the companion stood (it goes as near as it can); otherwise the detour
 * stays clear, the companion heads straight again and the stuck rule (CO-8) goes on counting. Answers 'pending' when
 * the call's budget ran out (the same call, made next frame, goes on with it: RT-3), 'ahead' when the route to the
 * aim ended unreached (the plan goes on to the point ahead next frame), else 'done': the plan has ended, and the
 * detour is active when a route was taken.
 */
export function planWayRound(core: WalkerCore, world: World, ground: Ground, detour: Detour, planning: Planning, region: readonly number[]): 'pending' | 'ahead' | 'done' {
  const { from, point, ahead } = planning;
  const way = core.route(from, world, planning.toAhead ? ahead : point, ground, { region, budget: ROUTE_BUDGET });
  if (way.pending) return 'pending';
  detour.planning = null;
  if (!planning.toAhead) {
    if (way.reached) {
      detour.take(way.waypoints, point[0], point[1], false);
      return 'done';
    }
    detour.planning = { ...planning, toAhead: true };
    return 'ahead';
  }
  const [ax, az] = ahead;
  const end = way.waypoints[way.waypoints.length - 1];
  const fromEnd = Math.sqrt((end[0] - ax) * (end[0] - ax) + (end[1] - az) * (end[1] - az));
  const fromHere = Math.sqrt((from.pos[0] - ax) * (from.pos[0] - ax) + (from.pos[2] - az) * (from.pos[2] - az));
  if (way.reached || fromEnd <= fromHere - ROUTE_GAIN) detour.take(way.waypoints, ax, az, true);
  return 'done';
}

/** A copy of `row` whose arrays are its own, so the frames after it leave a plan's start as it was. */
function copyRow(row: Row): Row {
  const copy: Row = { ...row };
  for (const [key, value] of Object.entries(row)) if (Array.isArray(value)) (copy as Record<string, unknown>)[key] = [...value];
  return copy;
}
