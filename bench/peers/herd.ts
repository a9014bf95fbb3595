/**
 * walker Herd on the shared scene: every body in one Herd, one `step` per frame with per-body seek targets (SPEC HD),
 * on one thread, or on two (HD-5: the same bodies, bit for bit, stepped by the main thread and a worker), or seeking
 * along routes (RT-7, RT-8), or with bodies that block each other (issue 31's cost).
 */
import type { Ground, Row, World } from '../../src/reference.ts';
import type { Contender, Sim } from './contender.ts';
import { BODY_RADIUS, DT, NEAR, STOP, Targets, anywhere, type Clear, type Legs, type Scene } from './scene.ts';
import { startRow, walkerWorld, type WalkerEntry } from './walker.ts';
import { BENCH_VILLAGE, villageSolids } from '../village.ts';

/** The part of the Herd API (src/herd.ts) the bench uses. */
export interface HerdLike {
  add(row: Row): number;
  seek(index: number, target: readonly number[], stop: number, options?: { route?: boolean }): void;
  step(dt: number): void;
  dispose(): void;
  /** Fresh views, valid until the next add, remove or step (HD-3). */
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly z: Float64Array;
  /** Seek's SE-7 signal per body (1: at rest short of a target it cannot reach). */
  readonly unreachable: Uint8Array;
  /** 1 for each body within its `stop` of its seek target. */
  readonly arrived: Uint8Array;
}

/** The part of RouteFollower (src/routeFollower.ts, RT-9) the bench uses. */
export interface RouteFollowerLike {
  seek(index: number, target: readonly number[], stop: number): void;
  /** Moves the followed bodies on along their routes, then steps the herd. */
  step(dt: number): void;
  /** Whether body `index`'s target is out of its reach (RT-9). */
  unreachable(index: number): boolean;
}

/** The part of a walker entry the herd contenders use; H is the entry's herd, which its RouteFollower takes. */
export interface HerdEntry<H extends HerdLike = HerdLike> extends WalkerEntry {
  Herd?: new (world: World, ground: Ground, options?: number | { capacity?: number; threads?: number }) => H;
  RouteFollower?: new (herd: H) => RouteFollowerLike;
}

/**
 * The Herd contender on `threads` threads: id `herd` on one, `herd2` on two; with `route`, id `routes`: one thread,
 * every body seeking with `{ route: true }` (RT-7, RT-8); with `legs` FAR, id `herdFar`: one thread, targets 100–220 m
 * away (a seek's cost must not grow with its target's distance).
 */
export function herdContender(entry: HerdEntry | undefined, threads: 1 | 2, missing?: string, route = false, legs: Legs = NEAR): Contender {
  const Herd = entry?.Herd;
  const far = legs !== NEAR;
  return {
    id: route ? 'routes' : far ? 'herdFar' : threads === 1 ? 'herd' : 'herd2',
    label: route ? 'walker Herd + routes (wasm)' : far ? `walker Herd (wasm, targets ${legs.min}–${legs.max} m away)` : threads === 1 ? 'walker Herd (wasm)' : 'walker Herd (wasm, 2 threads)',
    missing: Herd === undefined ? (missing ?? 'the wasm entry exports no Herd') : undefined,
    build: (scene: Scene, n: number): Sim => herdSim(entry, walkerWorld(scene), scene, n, threads, route, legs),
  };
}

/**
 * The Herd contender whose bodies block each other (issue 31): the bench kind listing itself in `bodies` (SE-6, HD-1),
 * avoidance on as a kind has it by default (AV-1..AV-6), on `threads` threads: id `herdBlock` on one, `herdBlock2`
 * on two.
 */
export function blockingHerdContender(entry: HerdEntry | undefined, threads: 1 | 2, missing?: string): Contender {
  return {
    id: threads === 1 ? 'herdBlock' : 'herdBlock2',
    label: `walker Herd (wasm, bodies blocking${threads === 1 ? '' : ', 2 threads'})`,
    missing: entry?.Herd === undefined ? (missing ?? 'the wasm entry exports no Herd') : undefined,
    build(scene: Scene, n: number): Sim {
      const world = walkerWorld(scene);
      const kinds = Object.fromEntries(Object.entries(world.walker!.kinds!).map(([name, kind]) => [name, { ...kind, bodies: [name] }]));
      return herdSim(entry, { ...world, walker: { ...world.walker, kinds } }, scene, n, threads, false, NEAR);
    },
  };
}

/**
 * The Herd contender on the village (issue 29): the scene's trees with bench/village.ts's houses and walls (bench part 7's) in
 * the world's level section (LV-1), the same bodies and targets, one thread: id `herdVillage`.
 */
export function villageHerdContender(entry: HerdEntry | undefined, missing?: string): Contender {
  return {
    id: 'herdVillage',
    label: 'walker Herd (wasm, village: 40 houses, 300 m of walls)',
    missing: entry?.Herd === undefined ? (missing ?? 'the wasm entry exports no Herd') : undefined,
    build(scene: Scene, n: number): Sim {
      const world = walkerWorld(scene);
      const walker = world.walker!;
      const village: World = { ...world, walker: { ...walker, kinds: walker.kinds!, mods: { ...walker.mods, solids: 'scatter3d' } }, scatter3d: { ...world.scatter3d, solids: villageSolids(BENCH_VILLAGE) } };
      return herdSim(entry, village, scene, n, 1, false, NEAR, clearOfSolids);
    },
  };
}

/**
 * Targets clear of every solid of the ground (the village's houses and walls besides the trees) by the scene's margin:
 * the hills' own targets know trees and water only.
 */
function clearOfSolids(ground: Ground): Clear {
  return (x, z) => ground.solids(x, z, BODY_RADIUS + 0.3).length === 0;
}

/** n bodies of the scene in one Herd of `world` on `threads` threads, each seeking its targets (drawn where `clearOf` its ground says) in turn. */
function herdSim(entry: HerdEntry | undefined, world: World, scene: Scene, n: number, threads: 1 | 2, route: boolean, legs: Legs, clearOf: (ground: Ground) => Clear = () => anywhere): Sim {
  const Herd = entry?.Herd;
  if (entry === undefined || Herd === undefined) throw new Error('bench: walker Herd is not available.');
  const ground = entry.groundOf(world);
  const targets = new Targets(scene, n, legs, clearOf(ground));
  // Threads given, so the one-thread row stays on one thread (a herd's default is every core from 256 bodies).
  const herd = new Herd(world, ground, { capacity: n, threads });
  for (let i = 0; i < n; i++) {
    const index = herd.add(startRow(entry, world, ground, scene, i));
    if (index !== i) throw new Error(`bench: Herd.add gave index ${index} to body ${i}.`);
    herd.seek(i, [targets.x[i], targets.z[i]], STOP, { route });
  }
  return {
    n,
    targets,
    step(): void {
      // Views are taken once a frame: a step may grow the memory, after which they would be stale (HD-3).
      const xs = herd.x;
      const zs = herd.z;
      for (let i = 0; i < n; i++) {
        if (targets.arrive(i, xs[i], zs[i])) herd.seek(i, [targets.x[i], targets.z[i]], STOP, { route });
      }
      herd.step(DT);
    },
    ...readouts(herd, n),
  };
}

/** What every herd row reads back the same way: the feet, seek's signal, and freeing the herd. */
function readouts(herd: HerdLike, n: number): Pick<Sim, 'feet' | 'unreachable' | 'free'> {
  return {
    feet(out: Float64Array): void {
      const xs = herd.x;
      const ys = herd.y;
      const zs = herd.z;
      for (let i = 0; i < n; i++) {
        out[3 * i] = xs[i];
        out[3 * i + 1] = ys[i];
        out[3 * i + 2] = zs[i];
      }
    },
    unreachable(out: Uint8Array): void {
      out.set(herd.unreachable);
    },
    free(): void {
      herd.dispose();
    },
  };
}

/**
 * walker Herd driven as a game would drive it toward targets of its own, with the library's RouteFollower (RT-9): on
 * each new target a `route` (RT-3, RT-4) from where the body stands, its waypoints sought one after another by plain
 * seek (then the target itself, when the planner cannot reach it); a body that rests short of a waypoint (SE-7) plans
 * again, at most once a second. Id `waypoints`.
 */
export function waypointContender<H extends HerdLike>(entry: HerdEntry<H> | undefined, missing?: string): Contender {
  const Herd = entry?.Herd;
  const RouteFollower = entry?.RouteFollower;
  return {
    id: 'waypoints',
    label: 'walker Herd + RouteFollower (wasm)',
    missing: Herd === undefined || RouteFollower === undefined ? (missing ?? 'the wasm entry exports no Herd and RouteFollower') : undefined,
    build(scene: Scene, n: number): Sim {
      if (entry === undefined || Herd === undefined || RouteFollower === undefined) throw new Error('bench: walker RouteFollower is not available.');
      const world = walkerWorld(scene);
      const ground = entry.groundOf(world);
      const targets = new Targets(scene, n);
      const herd = new Herd(world, ground, { capacity: n, threads: 1 });
      const follower = new RouteFollower(herd);
      for (let i = 0; i < n; i++) {
        herd.add(startRow(entry, world, ground, scene, i));
        follower.seek(i, [targets.x[i], targets.z[i]], STOP);
      }
      return {
        n,
        targets,
        step(): void {
          const xs = herd.x;
          const zs = herd.z;
          for (let i = 0; i < n; i++) {
            if (targets.arrive(i, xs[i], zs[i])) follower.seek(i, [targets.x[i], targets.z[i]], STOP);
          }
          follower.step(DT);
        },
        ...readouts(herd, n),
        // The follower's signal (RT-9), steady: the herd's flag restarts at each plan a resting body is given.
        unreachable(out: Uint8Array): void {
          for (let i = 0; i < n; i++) out[i] = follower.unreachable(i) ? 1 : 0;
        },
      };
    },
  };
}
