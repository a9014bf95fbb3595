/**
 * RouteFollower (RT-9) on every core: bodies of one Herd walking routes of their own. On bench:peers' lake-and-cliffs
 * scene the crowd's first targets are reached wherever `route` finds a path (the expected set from `route` alone); a
 * wall is gone round waypoint by waypoint; a target in a walled pocket ends with the body at rest and `unreachable`
 * read every frame after; plans follow bodies through `remove` and are dropped when the herd stops seeking them; bad
 * input is refused with a sentence and nothing changed; the wasm builds end bit for bit as the reference.
 */
import { describe, expect, it } from 'vitest';
import { DT, Scene, STOP, Targets } from '../../bench/peers/scene.ts';
import { startRow, walkerWorld, type WalkerEntry } from '../../bench/peers/walker.ts';
import type { Herd } from '../../src/herd.ts';
import type { RouteFollower } from '../../src/routeFollower.ts';
import type { Ground, World } from '../../src/types.ts';
import { CORES, type Api } from '../cores.ts';
import { mapWorld, rowAt } from './worlds.ts';

const scene = new Scene({ trees: 2000, lakeAndCliffs: true });
const bench = walkerWorld(scene);
/** Bodies of the crowd, and how long it follows: the bench's 40 s. */
const CROWD = 200;
const SECONDS = 40;

/** Flat ground but for a 3 m wall on samples z = 26–27 from x = 0 to 40: the way from below it to above runs round its end. */
const wall = mapWorld(64, (i, j) => ((j === 26 || j === 27) && i <= 40 ? 3 : 0));
/** Flat ground and a closed ring of 3 m walls on samples 30–40 (two samples thick): its inside cannot be reached from outside. */
const pocket = mapWorld(64, (i, j) => (i >= 30 && i <= 40 && j >= 30 && j <= 40 && (i <= 31 || i >= 39 || j <= 31 || j >= 39) ? 3 : 0));
const BELOW = [20.5, 22.3] as const;
const ABOVE = [30.5, 33] as const;
const INSIDE = [35.5, 35.2] as const;

interface Crowd {
  /** 1 where `route` from the start reaches the first target. */
  path: Uint8Array;
  /** 1 where the body came within STOP of its first target after some step. */
  came: Uint8Array;
  /** The feet after the last step, and the follower's read-outs then. */
  feet: Float64Array;
  arrived: boolean[];
  unreachable: boolean[];
  wasm: boolean;
}

const crowds = new Map<string, Crowd>();

/** The bench's crowd following its first targets for SECONDS on one core (made once per core). */
function crowd(name: string, api: Api, runsInWasm: (g: Ground) => boolean): Crowd {
  const kept = crowds.get(name);
  if (kept !== undefined) return kept;
  const ground = api.groundOf(bench);
  const targets = new Targets(scene, CROWD);
  const herd = new api.Herd(bench, ground, { capacity: CROWD, threads: 1 });
  const follower = new api.RouteFollower(herd);
  const path = new Uint8Array(CROWD);
  for (let i = 0; i < CROWD; i++) {
    const row = startRow(api as unknown as WalkerEntry, bench, ground, scene, i);
    path[i] = api.route(row, bench, [targets.x[i], targets.z[i]], ground).reached ? 1 : 0;
    herd.add(row);
    follower.seek(i, [targets.x[i], targets.z[i]], STOP);
  }
  const came = new Uint8Array(CROWD);
  for (let s = 0; s < SECONDS / DT; s++) {
    follower.step(DT);
    const { x, z } = herd;
    for (let i = 0; i < CROWD; i++) if (Math.hypot(x[i] - targets.x[i], z[i] - targets.z[i]) <= STOP) came[i] = 1;
  }
  const { x, y, z } = herd;
  const feet = Float64Array.from({ length: 3 * CROWD }, (_, k) => [x, y, z][k % 3][Math.floor(k / 3)]);
  const result: Crowd = {
    path,
    came,
    feet,
    arrived: Array.from({ length: CROWD }, (_, i) => follower.arrived(i)),
    unreachable: Array.from({ length: CROWD }, (_, i) => follower.unreachable(i)),
    wasm: runsInWasm(ground),
  };
  crowds.set(name, result);
  return result;
}

/** The lake-and-cliffs scene without trees. */
const bare = new Scene({ trees: 0, lakeAndCliffs: true });

/** Bench body i of `on` alone in a herd, its follower sent to the body's first target. */
function benchBody(api: Api, on: Scene, i: number): RouteFollower {
  const w = walkerWorld(on);
  const ground = api.groundOf(w);
  const targets = new Targets(on, i + 1);
  const herd = new api.Herd(w, ground, { capacity: 1, threads: 1 });
  herd.add(startRow(api as unknown as WalkerEntry, w, ground, on, i));
  const follower = new api.RouteFollower(herd);
  follower.seek(0, [targets.x[i], targets.z[i]], STOP);
  return follower;
}

/** Steps `follower` for up to `seconds`, until body i arrives: the read-outs then, and the first time unreachable read true (−1: never). */
function run(follower: RouteFollower, i: number, seconds: number): { arrived: boolean; unreachable: boolean; firstSignal: number } {
  let firstSignal = -1;
  for (let s = 0; s < seconds / DT && !follower.arrived(i); s++) {
    follower.step(DT);
    if (firstSignal < 0 && follower.unreachable(i)) firstSignal = s * DT;
  }
  return { arrived: follower.arrived(i), unreachable: follower.unreachable(i), firstSignal };
}

/** A herd on `w` with one xbot per start, and a follower of it. */
function following(api: Api, w: World, starts: readonly (readonly number[])[]): { herd: Herd; follower: RouteFollower; ground: Ground } {
  const ground = api.groundOf(w);
  const herd = new api.Herd(w, ground, 8);
  for (const [x, z] of starts) herd.add(rowAt(api, w, ground, x, z));
  return { herd, follower: new api.RouteFollower(herd), ground };
}

/** The route's waypoints from body i as it stands, the target appended where the route falls short (RT-9's plan). */
function planOf(api: Api, herd: Herd, i: number, target: readonly number[]): number[][] {
  const r = api.route(herd.get(i), herd.world, target, herd.ground);
  return r.reached ? r.waypoints : [...r.waypoints, [...target]];
}

for (const { name, api, runsInWasm } of CORES) {
  describe(`RouteFollower (${name})`, () => {
    it(`RT-9: ${CROWD} bodies of bench:peers' lake-and-cliffs scene, each following a route to its own first target for ${SECONDS} s: at least 98 % of those route() finds a path for come within stop of it`, () => {
      const c = crowd(name, api, runsInWasm);
      const withPath = c.path.reduce((s, v) => s + v, 0);
      const came = c.path.reduce((s, v, i) => s + (v & c.came[i]), 0);
      expect(withPath).toBeGreaterThan(0.9 * CROWD);
      expect(came / withPath).toBeGreaterThanOrEqual(0.98);
      // The read-outs agree with where the bodies stand: within stop of the target reads arrived, never both signals.
      for (let i = 0; i < CROWD; i++) {
        expect(c.arrived[i] && c.unreachable[i], `body ${i}`).toBe(false);
      }
    });

    it('RT-9: bench body 768 (2,000 trees), whose leg from a sharp turn drifts it onto a face and whose new plans lead back to that turn, comes to rest on each waypoint of a new plan and arrives at its first target', () => {
      const follower = benchBody(api, scene, 768);
      expect(run(follower, 0, 40)).toMatchObject({ arrived: true, unreachable: false });
    });

    it('RT-9, SE-7: bench body 451 (no trees), whose route finds a path but whose last moves toward its first target are refused half a metre short of it, reads unreachable after GIVE_UP plans without progress — never at rest without the signal', () => {
      const follower = benchBody(api, bare, 451);
      const end = run(follower, 0, 40);
      expect(end).toMatchObject({ arrived: false, unreachable: true });
      // It said so within GIVE_UP + 1 plans of REPLAN seconds after its first rest, not only at the end.
      expect(end.firstSignal).toBeGreaterThan(0);
      expect(end.firstSignal).toBeLessThan(30);
    });

    it('RT-9, RT-4: a body below a wall goes round its end through every waypoint of its route in order (within WAYPOINT_STOP, 0.1 m) and arrives, where plain herd seek rests at the wall', () => {
      const { herd, follower } = following(api, wall, [BELOW, BELOW]);
      herd.seek(1, ABOVE, 0.5);
      const plan = planOf(api, herd, 0, ABOVE);
      follower.seek(0, ABOVE, 0.5);
      expect(follower.waypoints(0)).toEqual(plan);
      expect(Math.max(...plan.map((p) => p[0]))).toBeGreaterThan(40);
      let next = 0;
      let arrivedAt = -1;
      for (let s = 0; s < 30 / DT && arrivedAt < 0; s++) {
        follower.step(DT);
        const d = Math.hypot(herd.x[0] - plan[next][0], herd.z[0] - plan[next][1]);
        if (next < plan.length - 1 && d <= 0.1) next++;
        if (follower.arrived(0)) arrivedAt = s;
        // The remaining waypoints are always the plan's tail.
        expect(follower.waypoints(0)).toEqual(plan.slice(plan.length - follower.waypoints(0).length));
      }
      expect(next).toBe(plan.length - 1);
      expect(arrivedAt).toBeGreaterThan(0);
      expect(Math.hypot(herd.x[0] - ABOVE[0], herd.z[0] - ABOVE[1])).toBeLessThanOrEqual(0.5);
      expect(follower.unreachable(0)).toBe(false);
      // The body not followed stepped as a herd body does: plain seek, at rest at the wall's foot with the signal.
      expect(follower.waypoints(1)).toEqual([]);
      expect(herd.unreachable[1]).toBe(1);
      expect(herd.z[1]).toBeLessThan(26);
    });

    it('RT-9, SE-7: a body sent into a closed pocket walks to the nearest point of the plan, then rests at the wall: unreachable read every frame from then on, plans again once every REPLAN (1 s) and no oftener, never arrived', () => {
      const { herd, follower } = following(api, pocket, [[10.5, 12.3]]);
      expect(api.route(herd.get(0), pocket, INSIDE, herd.ground).reached).toBe(false);
      follower.seek(0, INSIDE, 0.5);
      expect(follower.waypoints(0)).toEqual(planOf(api, herd, 0, INSIDE));
      let first = -1;
      let away = false;
      const replans: number[] = [];
      const rest: number[][] = [];
      for (let s = 0; s < 30 / DT; s++) {
        follower.step(DT);
        if (first < 0 && follower.unreachable(0)) first = s;
        if (first >= 0) expect(follower.unreachable(0), `step ${s}`).toBe(true);
        // A plan made at rest short of the target seeks a waypoint first: the herd's seek leaves the target.
        const wasAway = away;
        away = herd.targetX[0] !== INSIDE[0] || herd.targetZ[0] !== INSIDE[1];
        if (first >= 0 && away && !wasAway) replans.push(s);
        if (s >= 25 / DT) rest.push([herd.x[0], herd.z[0]]);
      }
      expect(first).toBeGreaterThan(0);
      expect(first * DT).toBeLessThan(25);
      // At rest for the last 5 s, outside the ring, by its wall.
      expect(new Set(rest.map((p) => `${p[0]},${p[1]}`)).size).toBe(1);
      expect(herd.speed[0]).toBe(0);
      const [x, z] = rest[0];
      expect(x >= 29 && x <= 42 && z >= 29 && z <= 42 && !(x > 32 && x < 38 && z > 32 && z < 38)).toBe(true);
      expect(follower.arrived(0)).toBe(false);
      expect(replans.length).toBeGreaterThan(5);
      for (let k = 1; k < replans.length; k++) {
        const gap = replans[k] - replans[k - 1];
        expect(gap * DT).toBeGreaterThanOrEqual(1 - 1e-9);
        expect(gap * DT).toBeLessThan(1.1);
      }
    });

    it('RT-9: remove moves the last body\'s plan with it; a plan is dropped once the herd stops seeking it (herd.remove, herd.unseek, herd.seek)', () => {
      const { herd, follower } = following(api, wall, [BELOW, [12.5, 20.5], [24.5, 21.5]]);
      follower.seek(0, ABOVE, 0.5);
      follower.seek(1, [50.5, 30.5], 0.5);
      follower.seek(2, [45.5, 40.5], 0.5);
      for (let s = 0; s < 30; s++) follower.step(DT);
      const ahead = follower.waypoints(2);
      expect(follower.remove(0)).toBe(2);
      expect(herd.count).toBe(2);
      expect(follower.waypoints(0)).toEqual(ahead);
      expect(follower.remove(1)).toBe(-1);
      expect(() => follower.waypoints(1)).toThrow('walker: herd index is 1; expected a whole number from 0 to 0.');
      for (let s = 0; s < 40 / DT && !follower.arrived(0); s++) follower.step(DT);
      expect(Math.hypot(herd.x[0] - 45.5, herd.z[0] - 40.5)).toBeLessThanOrEqual(0.5);

      const other = following(api, wall, [BELOW, [12.5, 20.5], [24.5, 21.5]]);
      other.follower.seek(0, ABOVE, 0.5);
      other.follower.seek(1, [50.5, 30.5], 0.5);
      other.follower.seek(2, [45.5, 40.5], 0.5);
      other.follower.step(DT);
      other.herd.remove(0);
      // Body 2, now in slot 0, seeks its own leg: the removed body's plan does not drive it.
      expect(other.follower.waypoints(0)).toEqual([]);
      other.herd.unseek(1);
      expect(other.follower.waypoints(1)).toEqual([]);
      const leg = [other.herd.targetX[0], other.herd.targetZ[0]];
      for (let s = 0; s < 10 / DT; s++) other.follower.step(DT);
      expect(other.herd.seeking[1]).toBe(0);
      expect([other.herd.targetX[0], other.herd.targetZ[0]]).toEqual(leg);
      other.follower.seek(0, ABOVE, 0.5);
      other.herd.seek(0, [5, 5], 0.5);
      expect(other.follower.waypoints(0)).toEqual([]);
      expect(other.follower.arrived(0)).toBe(false);
      // unseek stops the herd's seek too.
      other.follower.seek(1, ABOVE, 0.5);
      other.follower.unseek(1);
      expect(other.herd.seeking[1]).toBe(0);
      expect(other.follower.waypoints(1)).toEqual([]);
    });

    it('RT-9, BI-1: bad input throws a sentence naming the field and its value, and changes nothing', () => {
      const { herd, follower } = following(api, wall, [BELOW, BELOW]);
      follower.seek(0, ABOVE, 0.5);
      const before = follower.waypoints(0);
      const seekBefore = [herd.targetX[0], herd.targetZ[0], herd.stop[0]];
      expect(() => follower.seek(2, ABOVE, 0.5)).toThrow('walker: herd index is 2; expected a whole number from 0 to 1.');
      expect(() => follower.seek(0.5, ABOVE, 0.5)).toThrow('walker: herd index is 0.5; expected a whole number from 0 to 1.');
      expect(() => follower.seek(0, [NaN, 3], 0.5)).toThrow('walker: target is [NaN, 3]; expected 2 finite numbers.');
      expect(() => follower.seek(0, [1, 2, 3], 0.5)).toThrow(/^walker: target is \[1, 2, 3\]; expected .+\.$/);
      expect(() => follower.seek(0, [2e6, 0], 0.5)).toThrow(/^walker: target is \[2000000, 0\]; expected a point within the world/);
      expect(() => follower.seek(0, ABOVE, -1)).toThrow('walker: stop is -1; expected a finite number ≥ 0.');
      expect(() => follower.seek(0, ABOVE, Infinity)).toThrow('walker: stop is Infinity; expected a finite number ≥ 0.');
      // A target too far for a route's region (RT-5): route's own sentence.
      expect(() => follower.seek(0, [3000, 3000], 0.5)).toThrow(/^walker: target is \[3000, 3000\], a region of .+ cells; expected at most 1048576 cells \(RT-5\)\.$/);
      expect(() => follower.step(NaN)).toThrow('walker: dt is NaN; expected a finite number > 0.');
      expect(() => follower.step(0)).toThrow('walker: dt is 0; expected a finite number > 0.');
      for (const read of ['unseek', 'remove', 'waypoints', 'arrived', 'unreachable'] as const) {
        expect(() => follower[read](-1)).toThrow('walker: herd index is -1; expected a whole number from 0 to 1.');
      }
      expect(follower.waypoints(0)).toEqual(before);
      expect([herd.targetX[0], herd.targetZ[0], herd.stop[0]]).toEqual(seekBefore);
      expect(herd.count).toBe(2);
      for (let s = 0; s < 10; s++) follower.step(DT);
      for (const v of [herd.x, herd.y, herd.z, herd.targetX, herd.targetZ, herd.stop]) expect(Array.from(v).every(Number.isFinite)).toBe(true);
      expect(() => new api.RouteFollower(undefined as never)).toThrow('walker: herd is undefined; expected a Herd (new Herd(world, ground)).');
      expect(() => new api.RouteFollower({ count: 1 } as never)).toThrow('walker: herd is an object; expected a Herd (new Herd(world, ground)).');
      const empty = new api.RouteFollower(new api.Herd(wall, api.groundOf(wall)));
      expect(() => empty.arrived(0)).toThrow('walker: herd index is 0; expected none: the herd is empty.');
    });
  });
}

describe('RouteFollower on every core (RT-6, RT-9)', () => {
  const [reference, ...wasm] = CORES;
  for (const core of wasm) {
    it(`RT-9, WX-3: the crowd's ${SECONDS} s on ${core.name} in wasm ends bit for bit as on the reference: feet, arrived and unreachable`, () => {
      const ours = crowd(core.name, core.api, core.runsInWasm);
      const theirs = crowd(reference.name, reference.api, reference.runsInWasm);
      expect(ours.wasm).toBe(true);
      expect(theirs.wasm).toBe(false);
      expect(Array.from(ours.feet, (v) => Object.is(v, -0) ? '-0' : String(v))).toEqual(Array.from(theirs.feet, (v) => Object.is(v, -0) ? '-0' : String(v)));
      expect(ours.arrived).toEqual(theirs.arrived);
      expect(ours.unreachable).toEqual(theirs.unreachable);
    });
  }
});
