/**
 * walker on the shared scene: the world (terrain3d heightmap on a 2 m lattice, scatter3d trunks), and the per-row
 * contenders — `seek` then `walk` for each row, each frame — on whichever entry (wasm or reference) is given.
 */
import type { Ground, Row, World } from '../../src/reference.ts';
import type { Contender, Sim } from './contender.ts';
import { BODY_HEIGHT, BODY_RADIUS, DT, GRAVITY, MAX_SLOPE, ORIGIN, SAMPLES, SPACING, SPEED, STEP, STOP, Targets, type Scene } from './scene.ts';

/**
 * The bench body: radius, height, gravity, step, maxSlope and speed from the scene; the rest as the sample world's
 * xbot (src/sampleWorld.ts), copied here so that a retune of the sample world does not move the benchmark.
 * `bodies: []`: bodies do not block each other, as in the Rapier scene.
 */
export const KIND = {
  radius: BODY_RADIUS, height: BODY_HEIGHT, accel: 12, airAccel: 2, turnRate: 10, turnMax: 12,
  gravity: GRAVITY, jumpH: 0.9, step: STEP, maxSlope: MAX_SLOPE, slopeBand: 0.1,
  wade: 0.5, span: 0.5, probe: 2, slide: 4, seekSpeed: SPEED, bodies: [] as string[],
};

/**
 * The scene as a walker world (with the lake's level as terrain3d's water when it has one). terrain3d reads the
 * heightmap bilinearly; bodies stand on the lattice of
 * cell = 2·reach/seg = 2·128/128 = 2 m, whose corners are exactly the heightmap's samples, so the ground is the
 * heightfield's own triangles (SPEC G-1, M-1).
 */
export function walkerWorld(scene: Scene): World {
  const half = ((SAMPLES - 1) * SPACING) / 2;
  const mods: Record<string, string> = { height: 'terrain3d', cell: 'terrain3d' };
  if (scene.trees > 0) mods.solids = 'scatter3d';
  if (scene.water !== undefined) mods.depth = 'terrain3d';
  return {
    walker: { kinds: { body: KIND }, mods },
    terrain3d: {
      rings: [{ reach: half, seg: SAMPLES - 1 }],
      heightmap: { origin: [ORIGIN, ORIGIN], spacing: SPACING, nx: SAMPLES, nz: SAMPLES, data: scene.heights },
      ...(scene.water !== undefined ? { water: scene.water } : {}),
    },
    scatter3d: { instances: scene.trunks.map((t) => ({ x: t.x, z: t.z, radius: t.radius })) },
  };
}

/** The part of a walker entry (src/index.ts or src/reference/index.ts) the per-row contenders call. */
export interface WalkerEntry {
  groundOf(w: World): Ground;
  seek(me: Row, w: World, target: readonly number[], stop: number, ground: Ground): boolean;
  walk(me: Row, w: World, dt: number, ground: Ground): void;
  stand(n: never, ground: Ground, x: number, z: number): number;
  numbers(me: Row, w: World): unknown;
  route(me: Row, w: World, target: readonly number[], ground: Ground): { reached: boolean; waypoints: [number, number][] };
}

/**
 * Whether each of the first n bodies' first target can be reached from its start: 1 where walker's planner finds a
 * path there (route, RT-3: the kernel's own step, slope, wade and solid rules on the ground's lattice), else 0.
 */
export function firstPaths(entry: WalkerEntry, scene: Scene, n: number): Uint8Array {
  const world = walkerWorld(scene);
  const ground = entry.groundOf(world);
  const targets = new Targets(scene, n);
  return Uint8Array.from({ length: n }, (_, i) => (entry.route(startRow(entry, world, ground, scene, i), world, [targets.x[i], targets.z[i]], ground).reached ? 1 : 0));
}

/** A body's first row: on its start, standing on the ground (stand height, ST-2), at rest. */
export function startRow(entry: WalkerEntry, world: World, ground: Ground, scene: Scene, i: number): Row {
  const [x, z] = scene.start(i);
  const row: Row = { kind: 'body', pos: [x, 0, z] };
  const n = entry.numbers(row, world) as never;
  row.pos = [x, entry.stand(n, ground, x, z), z];
  return row;
}

/** Per-row walker: each frame, for each row, `seek` toward its target then `walk` one DT, as a rule in a game would. */
export function rowsContender(id: string, label: string, entry: WalkerEntry | undefined, missing?: string): Contender {
  return {
    id,
    label,
    missing: entry === undefined ? (missing ?? 'entry not available') : undefined,
    build(scene: Scene, n: number): Sim {
      if (entry === undefined) throw new Error(`bench: ${label} is not available.`);
      const world = walkerWorld(scene);
      const ground = entry.groundOf(world);
      const targets = new Targets(scene, n);
      const rows: Row[] = [];
      const aims: number[][] = [];
      for (let i = 0; i < n; i++) {
        rows.push(startRow(entry, world, ground, scene, i));
        aims.push([targets.x[i], targets.z[i]]);
      }
      return {
        n,
        targets,
        step(): void {
          for (let i = 0; i < n; i++) {
            const row = rows[i];
            const pos = row.pos;
            if (targets.arrive(i, pos[0], pos[2])) aims[i] = [targets.x[i], targets.z[i]];
            entry.seek(row, world, aims[i], STOP, ground);
            entry.walk(row, world, DT, ground);
          }
        },
        feet(out: Float64Array): void {
          for (let i = 0; i < n; i++) {
            const pos = rows[i].pos;
            out[3 * i] = pos[0];
            out[3 * i + 1] = pos[1];
            out[3 * i + 2] = pos[2];
          }
        },
        unreachable(out: Uint8Array): void {
          for (let i = 0; i < n; i++) out[i] = (rows[i] as { unreachable?: boolean }).unreachable === true ? 1 : 0;
        },
        free(): void {},
      };
    },
  };
}
