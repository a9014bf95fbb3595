/**
 * RouteFollower (RT-9): bodies of one Herd walking their own routes. A routing herd seek (RT-7) follows a flow field
 * per target, 8 at most per herd; a crowd whose bodies each have a target of their own needs one route per body
 * instead — `route` (RT-3, RT-4) from where the body stands, its waypoints sought one after another by plain herd
 * seek. Each entry exports the class bound to its own `route` (src/load.ts, src/reference.ts).
 */
import { Herd } from './herd.ts';
import { show } from './limits.ts';
import { checkDt, checkNumber, checkPoint } from './rows.ts';
import type { Ground, Route, Row, World } from './types.ts';

/**
 * How close a body comes to a waypoint before it makes for the next, metres (RT-9): a leg is planned from the
 * waypoint itself (RT-4), and one that runs along a face may not be walkable from half a metre beside it.
 */
export const WAYPOINT_STOP = 0.1;
/**
 * Least stop, metres, with which a body planned again after resting short makes for its new plan's first waypoint when
 * it already stands within WAYPOINT_STOP of it (RT-9): it then comes to within half its distance, this at least.
 */
export const NEAR_STOP = 0.02;
/** Least time, seconds of the follower's clock, between two plans of one body that rests short of its leg's end (SE-7). */
export const REPLAN = 1;
/**
 * Speed, m/s, at or under which a body planned again counts as at rest on a waypoint (RT-9): after a plan made because
 * the body rested short, it sets off on each next leg from rest, as RT-4 plans legs — a body still carrying the
 * last leg's speed round a sharp turn can drift onto a face the leg clears from rest, and be planned into it again.
 */
export const SETTLED = 0.01;
/** Metres a body must have come nearer its target since its best plan for a new plan to count as progress (RT-9). */
export const PROGRESS = 0.5;
/**
 * Plans in a row without progress after which the body reads unreachable (RT-9): a body that rests short, is planned
 * back and forth over one stretch, and rests short again (a face the whole leg clears but a body's short moves do not)
 * says so, though it keeps being planned again in case the way opens (bodies moving off it).
 */
export const GIVE_UP = 3;

/** The route call a follower plans with: the entry's own `route`. */
export type RouteCall = (me: Row, w: World, target: readonly number[], ground: Ground) => Route;

/** One followed body's plan. */
interface Plan {
  /** The target and arrival distance `seek` was given. */
  readonly target: readonly [number, number];
  readonly stop: number;
  /** The route's waypoints, then the target itself when the route falls short of it. */
  ways: [number, number][];
  /** Which of `ways` the body seeks now, and the stop it is sought with. */
  leg: number;
  legStop: number;
  /** The follower's clock when the plan was made. */
  planned: number;
  /** Set once the body rested with seek's signal on its plan's last leg (RT-9's `unreachable`). */
  gaveUp: boolean;
  /** Whether the plan was made because the body rested short: it then comes to rest on each waypoint (SETTLED). */
  settle: boolean;
  /** The body's least distance to the target at a plan made because it rested short, and the plans since it was set. */
  best: number;
  tries: number;
}

/**
 * Drives bodies of one Herd along routes of their own (RT-9): `seek(i, target, stop)` plans body i's route from where
 * it stands, `step(dt)` moves each followed body on to its next waypoint, plans again where one rests short, then
 * steps the herd — so it replaces `herd.step` in the game loop (bodies not followed step as usual).
 * Remove a followed body with the follower's `remove`, which moves the plans as `herd.remove` moves the bodies.
 */
export class RouteFollower {
  /** The herd whose bodies this follower drives. */
  readonly herd: Herd;
  private readonly route: RouteCall;
  private readonly plans: (Plan | undefined)[] = [];
  private clock = 0;

  constructor(route: RouteCall, herd: Herd) {
    if (!(herd instanceof Herd)) throw new Error(`walker: herd is ${show(herd)}; expected a Herd (new Herd(world, ground)).`);
    this.route = route;
    this.herd = herd;
  }

  /**
   * Plans body `index`'s route to `target` [x, z] from where it stands now and seeks its first waypoint; it arrives
   * within `stop` metres of the target (RT-9). Throws a sentence naming the field and value on bad input (as
   * `herd.seek`, or `route` for a target too far away: RT-5), nothing changed.
   */
  seek(index: number, target: readonly number[], stop: number): void {
    this.checkIndex(index);
    const t = checkPoint('target', target);
    checkNumber('stop', stop, 0);
    const plan: Plan = { target: [t[0], t[1]], stop, ways: [], leg: 0, legStop: 0, planned: 0, gaveUp: false, settle: false, best: Infinity, tries: 0 };
    this.plan(index, plan);
    this.plans[index] = plan;
  }

  /** Stops following body `index` and stops its seek (`herd.unseek`). */
  unseek(index: number): void {
    this.checkIndex(index);
    this.plans[index] = undefined;
    this.herd.unseek(index);
  }

  /**
   * Removes body `index` from the herd (`herd.remove`: the last body moves into its place) and moves the last body's
   * plan with it; returns what `herd.remove` returns.
   */
  remove(index: number): number {
    this.checkIndex(index);
    const moved = this.herd.remove(index);
    this.plans[index] = moved === -1 ? undefined : this.plans[moved];
    this.plans.length = this.herd.count;
    return moved;
  }

  /**
   * Moves every followed body on (RT-9) — to its next waypoint once it arrived at one, or along a new plan once it has
   * rested short of its leg's end (SE-7) and REPLAN seconds passed since its last plan — then steps the herd by `dt`.
   */
  step(dt: number): void {
    checkDt(dt);
    const herd = this.herd;
    let v = views(herd);
    for (let i = 0; i < this.plans.length; i++) {
      const p = this.plans[i];
      if (p === undefined) continue;
      if (!follows(v, i, p)) {
        this.plans[i] = undefined;
        continue;
      }
      const last = p.leg === p.ways.length - 1;
      if (last && v.unreachable[i] === 1) p.gaveUp = true;
      if (!last && v.arrived[i] === 1) {
        if (p.settle && !(v.speed[i] <= SETTLED)) continue;
        p.leg++;
        this.seekLeg(i, p);
      } else if (v.unreachable[i] === 1 && this.clock - p.planned >= REPLAN) {
        const dx = v.x[i] - p.target[0];
        const dz = v.z[i] - p.target[1];
        const d = Math.sqrt(dx * dx + dz * dz);
        if (d < p.best - PROGRESS) {
          p.best = d;
          p.tries = 0;
        } else if (++p.tries >= GIVE_UP) p.gaveUp = true;
        p.settle = true;
        this.plan(i, p);
        // A route may grow the core's memory, after which views taken before are stale (HD-3).
        v = views(herd);
      }
    }
    herd.step(dt);
    this.clock += dt;
  }

  /** The waypoints body `index` has still to walk through, the one it makes for now first, the target last; [] when not followed. */
  waypoints(index: number): [number, number][] {
    this.checkIndex(index);
    const p = this.current(index);
    return p === undefined ? [] : p.ways.slice(p.leg).map(([x, z]) => [x, z]);
  }

  /** Whether body `index` is within its `stop` of the target it was sent to (as `herd.arrived`, on its last leg). */
  arrived(index: number): boolean {
    this.checkIndex(index);
    const p = this.current(index);
    return p !== undefined && p.leg === p.ways.length - 1 && this.herd.arrived[index] === 1;
  }

  /**
   * Whether body `index`'s target is out of its reach (RT-9): on its plan's last leg the body has rested short of the
   * target with seek's signal (SE-7), or GIVE_UP plans in a row got it no nearer — since it was sent there, unless a
   * later plan from nearer found a way there through other waypoints, or the body arrived.
   */
  unreachable(index: number): boolean {
    this.checkIndex(index);
    const p = this.current(index);
    if (p === undefined) return false;
    const last = p.leg === p.ways.length - 1;
    if (last && this.herd.arrived[index] === 1) return false;
    return p.gaveUp || (last && this.herd.unreachable[index] === 1);
  }

  /** Plans `p` again from where body `index` stands now and seeks its first waypoint. */
  private plan(index: number, p: Plan): void {
    const herd = this.herd;
    const way = this.route(herd.get(index), herd.world, p.target, herd.ground);
    // Short of a target the planner cannot reach, the body makes for the target itself from the nearest point, so
    // seek says whether it gets there (SE-7; RT-1 misses targets beside a trunk that holds their cell's centre).
    p.ways = way.reached ? way.waypoints : [...way.waypoints, [p.target[0], p.target[1]]];
    p.leg = 0;
    p.planned = this.clock;
    // A way to the target through other waypoints, from nearer than before, is a new chance; a plan of the target
    // alone, one that falls short, or one from no nearer is the same wait (the read-out must not flicker).
    if (way.reached && p.ways.length > 1 && p.tries === 0) p.gaveUp = false;
    this.seekLeg(index, p, p.settle ? nearStop(herd, index, p.ways[0]) : WAYPOINT_STOP);
  }

  /** Seeks plan `p`'s leg, a waypoint but the last with stop `stop`, the last with the plan's. */
  private seekLeg(index: number, p: Plan, stop = WAYPOINT_STOP): void {
    p.legStop = p.leg === p.ways.length - 1 ? p.stop : stop;
    this.herd.seek(index, p.ways[p.leg], p.legStop);
  }

  /** Body `index`'s plan, dropped once the herd no longer seeks its leg (see `follows`). */
  private current(index: number): Plan | undefined {
    const p = this.plans[index];
    // The herd itself has the few views follows reads: a read-out makes no others.
    if (p === undefined || follows(this.herd, index, p)) return p;
    this.plans[index] = undefined;
    return undefined;
  }

  private checkIndex(index: number): void {
    const count = this.herd.count;
    if (!Number.isInteger(index) || index < 0 || index >= count) {
      const range = count === 0 ? 'none: the herd is empty' : `a whole number from 0 to ${count - 1}`;
      throw new Error(`walker: herd index is ${show(index)}; expected ${range}.`);
    }
  }
}

/** The herd's views a follower reads, fresh (HD-3). */
interface Views {
  count: number;
  seeking: Uint8Array;
  arrived: Uint8Array;
  unreachable: Uint8Array;
  targetX: Float64Array;
  targetZ: Float64Array;
  stop: Float64Array;
  speed: Float64Array;
  x: Float64Array;
  z: Float64Array;
}

function views(herd: Herd): Views {
  const { count, seeking, arrived, unreachable, targetX, targetZ, stop, speed, x, z } = herd;
  return { count, seeking, arrived, unreachable, targetX, targetZ, stop, speed, x, z };
}

/**
 * Whether the herd still seeks plan `p`'s leg for body `index`: not once the body was removed, or another moved into
 * its slot by `herd.remove`, or it was given another seek (`herd.seek`, `herd.unseek`) — so no stale plan drives a body.
 */
function follows(v: Pick<Views, 'count' | 'seeking' | 'targetX' | 'targetZ' | 'stop'>, index: number, p: Plan): boolean {
  const [x, z] = p.ways[p.leg];
  return index < v.count && v.seeking[index] === 1 && v.targetX[index] === x && v.targetZ[index] === z && v.stop[index] === p.legStop;
}

/**
 * The stop body `index`, planned again after resting short, makes for the plan's first waypoint with (RT-9): within
 * WAYPOINT_STOP of it already, the body would set off on the next leg from where it rested, beside the waypoint RT-4
 * judged that leg from — and rest short again where the leg skirts a wade line (issue 29's pond) — so it comes to
 * within half its distance (NEAR_STOP at least) first.
 */
function nearStop(herd: Herd, index: number, way: readonly [number, number]): number {
  const dx = herd.x[index] - way[0];
  const dz = herd.z[index] - way[1];
  const d = Math.sqrt(dx * dx + dz * dz);
  return d < WAYPOINT_STOP ? Math.max(NEAR_STOP, d * 0.5) : WAYPOINT_STOP;
}

/** A RouteFollower class that plans with the route it was bound to: `new RouteFollower(herd)`. */
export interface BoundRouteFollower {
  new (herd: Herd): RouteFollower;
  readonly prototype: RouteFollower;
}

/** The RouteFollower class whose plans are made by `route` (each entry binds its own: RT-9). */
export function routeFollowerOn(route: RouteCall): BoundRouteFollower {
  return class BoundRouteFollower extends RouteFollower {
    constructor(herd: Herd) {
      super(route, herd);
    }
  };
}
