/**
 * The village (issue 29): a sample world of trees with houses (6 × 4 m boxes, each turned its own way) on a grid and a
 * walled square round the middle (0.3 m thick), a 5 m gate in the middle of each side — bench part 7's scene
 * (BENCH_VILLAGE: 256 m, 2,000 trees, 40 houses, 4 × 75 = 300 m of wall), and smaller ones for tests. `villageRoutes`
 * measures routes through it (RT-9, LV-1): bodies inside the square with targets outside and bodies outside with
 * targets inside, every way through a gate, each following its own route (RouteFollower) — how many of those whose
 * target `route` reaches from their start come within the stop of it in the time given.
 */
import { sampleWorld } from '../src/sampleWorld.ts';
import { random } from '../src/random.ts';
import type { Walker } from '../src/load.ts';
import type { Ground, World } from '../src/types.ts';
import type { SolidInput } from '../src/shapes.ts';

export interface VillageOptions {
  /** The world's half side, m, and its trees (sampleWorld's, seeded). */
  readonly half: number;
  readonly trees: number;
  readonly seed: number;
  /** The houses' grid: columns × rows, the first centre (x0, z0) and the steps between centres, m. */
  readonly columns: number;
  readonly rows: number;
  readonly x0: number;
  readonly z0: number;
  readonly dx: number;
  readonly dz: number;
  /** The walled square's half side, m. */
  readonly side: number;
}

/** Bench part 7's village. */
export const BENCH_VILLAGE: VillageOptions = { half: 128, trees: 2000, seed: 11, columns: 8, rows: 5, x0: -105, z0: -100, dx: 30, dz: 50, side: 40 };

/** Half the width of each gate, m. */
const GATE = 2.5;

export function villageWorld(o: VillageOptions): World {
  return sampleWorld({ half: o.half, cell: 1, trees: o.trees, boulders: 0, seed: o.seed });
}

/** The houses and the walls (each side in two lengths, the gate between them) of village `o`, in the order they are added (their ids). */
export function villageSolids(o: VillageOptions): SolidInput[] {
  const out: SolidInput[] = [];
  for (let i = 0; i < o.columns; i++) {
    for (let j = 0; j < o.rows; j++) out.push({ shape: 'box', x: o.x0 + o.dx * i, z: o.z0 + o.dz * j, halfX: 3, halfZ: 2, yaw: 0.3 * (i + 8 * j) });
  }
  const side = o.side;
  for (const [ax, az, bx, bz] of [[-1, -1, 1, -1], [1, -1, 1, 1], [1, 1, -1, 1], [-1, 1, -1, -1]]) {
    const mx = ((ax + bx) / 2) * side;
    const mz = ((az + bz) / 2) * side;
    const ux = (bx - ax) / 2;
    const uz = (bz - az) / 2;
    out.push({ shape: 'wall', points: [[ax * side, az * side], [mx - ux * GATE, mz - uz * GATE]], thickness: 0.3 });
    out.push({ shape: 'wall', points: [[mx + ux * GATE, mz + uz * GATE], [bx * side, bz * side]], thickness: 0.3 });
  }
  return out;
}

/** Adds village `o`'s houses and walls to a ground over villageWorld(o). */
export function buildVillage(api: Pick<Walker, 'solidsOf'>, ground: Ground, o: VillageOptions): void {
  const level = api.solidsOf(ground);
  for (const solid of villageSolids(o)) level.add(solid);
}

/** What villageRoutes found. */
export interface VillageRoutes {
  readonly bodies: number;
  /** Bodies whose target `route` reaches from their start. */
  readonly withPath: number;
  /** Of those, the bodies that came within the stop of their target. */
  readonly reached: number;
  /** A sentence for each body with a path that did not. */
  readonly missed: string[];
}

/** How close a body comes to its target to have reached it, m. */
export const VILLAGE_STOP = 0.5;

/**
 * `count` bodies (xbot) through the village on `api`, `seconds` of 60 Hz follower steps: every other one starts inside
 * the walled square (2 m in from it) with a target outside (within twice its side), the others the other way round;
 * starts and targets dry and 0.6 m clear of every solid, drawn from `seed`.
 */
export function villageRoutes(api: Pick<Walker, 'groundOf' | 'solidsOf' | 'Herd' | 'RouteFollower' | 'route' | 'stand' | 'numbers'>, o: VillageOptions, count: number, seconds: number, seed: number): VillageRoutes {
  const w = villageWorld(o);
  const ground = api.groundOf(w);
  buildVillage(api, ground, o);
  const next = random(seed);
  const clear = (x: number, z: number): boolean => (ground.depth?.(x, z) ?? 0) === 0 && ground.solids(x, z, 0.6).length === 0;
  const pick = (inside: boolean): [number, number] => {
    const reach = inside ? o.side - 2 : 2 * o.side;
    for (;;) {
      const x = (next() * 2 - 1) * reach;
      const z = (next() * 2 - 1) * reach;
      if (Math.max(Math.abs(x), Math.abs(z)) < o.side === inside && clear(x, z)) return [x, z];
    }
  };
  const n = api.numbers({ kind: 'xbot' }, w);
  const herd = new api.Herd(w, ground, { capacity: count, threads: 1 });
  const follower = new api.RouteFollower(herd);
  const targets: [number, number][] = [];
  const path: boolean[] = [];
  for (let i = 0; i < count; i++) {
    const [x, z] = pick(i % 2 === 0);
    const target = pick(i % 2 !== 0);
    const row = { kind: 'xbot', pos: [x, api.stand(n, ground, x, z), z] };
    path.push(api.route(row, w, target, ground).reached);
    targets.push(target);
    herd.add(row);
    follower.seek(i, target, VILLAGE_STOP);
  }
  const came = new Uint8Array(count);
  const dt = 1 / 60;
  for (let f = 0; f < Math.round(seconds / dt); f++) {
    follower.step(dt);
    const { x, z } = herd;
    for (let i = 0; i < count; i++) if (Math.hypot(x[i] - targets[i][0], z[i] - targets[i][1]) <= VILLAGE_STOP) came[i] = 1;
  }
  const missed: string[] = [];
  const { x, z } = herd;
  for (let i = 0; i < count; i++) {
    if (path[i] && came[i] === 0) missed.push(`body ${i} at (${x[i].toFixed(2)}, ${z[i].toFixed(2)}), target (${targets[i][0].toFixed(2)}, ${targets[i][1].toFixed(2)}), unreachable ${follower.unreachable(i)}`);
  }
  herd.dispose();
  const withPath = path.filter(Boolean).length;
  return { bodies: count, withPath, reached: withPath - missed.length, missed };
}
