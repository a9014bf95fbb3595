/**
 * The autopilot's out-of-reach scenes (CO-8, CO-11): small worlds where the player goes where the companion cannot
 * follow on foot — a ledge over step, a cliff, a lake deeper than wade, a steep slope, a sheer plateau. Each is one
 * height field, sampled into a terrain3d heightmap with scatter3d trees, so its ground runs in wasm; the tests build
 * the same height fields as grounds of callbacks too.
 */
import type { Circle, Terrain3dSettings, World } from '../types.ts';

/** The kind every scene uses: the sample world's xbot (step 0.6, jumpH 0.9, wade 0.5, maxSlope 0.7). */
export const XBOT = {
  radius: 0.4, height: 1.8, accel: 12, airAccel: 2, turnRate: 10, turnMax: 12, gravity: 20, jumpH: 0.9, step: 0.6,
  maxSlope: 0.7, slopeBand: 0.1, wade: 0.5, span: 0.5, probe: 2, slide: 4, seekSpeed: 3,
};

/** A scene: heights and water over the square [-HALF, HALF]², and trees. */
export interface Scene {
  readonly name: string;
  height(x: number, z: number): number;
  /** The water level (depth = level − height where positive), or undefined for none. */
  readonly water?: number;
  readonly trees: readonly Circle[];
}

/** Half the side of the square a scene's heightmap covers, metres; past it the heightmap extends flat (M-1). */
export const HALF = 24;
/** The heightmap's sample spacing and the lattice cell, metres. */
export const SPACING = 0.25;

/** A plateau 3 m high over x, z in [-4, 4] + (0, 10), its sides vertical: no way up for a body of step 0.6 and jumpH 0.9. */
export const plateau: Scene = {
  name: 'a 3 m plateau with sheer sides',
  height: (x, z) => (Math.abs(x) <= 4 && Math.abs(z - 10) <= 4 ? 3 : 0),
  trees: [],
};

/**
 * A lake under water at level 0: dry ground at 0 for z ≤ 6, a bed falling 0.5 m per metre (deeper than wade past
 * z = 7) to 3 m deep, and a far shore rising back to 0 at z = 22 — inside the heightmap, so on either ground the
 * player crossing it stands on dry ground again.
 */
export const lake: Scene = {
  name: 'a lake deeper than wade',
  height: (_x, z) => -Math.max(0, Math.min(0.5 * (z - 6), 3, 0.5 * (22 - z))),
  water: 0,
  trees: [],
};

/** A tree of radius 0.6 at (0, 8) on flat ground (a seek target inside it, SE-7). */
export const tree: Scene = {
  name: 'a tree',
  height: () => 0,
  trees: [{ x: 0, z: 8, radius: 0.6 }],
};

/** A 1.2 m ledge along z ≥ 6: over step, and with jumpH 0.9 within floor + jumpH + step = 1.5 (a jump gets up it). */
export const ledge: Scene = {
  name: 'a 1.2 m ledge',
  height: (_x, z) => (z >= 6 ? 1.2 : 0),
  trees: [],
};

/** A 4 m cliff along z ≥ 6 with the ground above stretching on: out of reach even of a jump. */
export const cliff: Scene = {
  name: 'a 4 m cliff',
  height: (_x, z) => (z >= 6 ? 4 : 0),
  trees: [],
};

/** A slope rising 1.2 per metre (over maxSlope 0.7) from z = 4 up to a shelf 6 m high. */
export const steep: Scene = {
  name: 'a steep slope',
  height: (_x, z) => Math.min(6, Math.max(0, 1.2 * (z - 4))),
  trees: [],
};

/**
 * A round pond of radius 6 m centred on (0, 12), its bed falling 0.6 m per metre from the rim to 3 m deep (deeper
 * than wade within 5.2 m of the centre), in flat dry ground: a player wades across, a companion must go round.
 */
export const pond: Scene = {
  name: 'a pond deeper than wade with a way round',
  height: (x, z) => -Math.min(3, Math.max(0, 0.6 * (6 - Math.sqrt(x * x + (z - 12) * (z - 12))))),
  water: 0,
  trees: [],
};

/**
 * The 4 m cliff along z ≥ 6 with one ramp: a strip x in [4, 7] rising 0.5 per metre (under maxSlope 0.7) from z = −2
 * to the top at z = 6, its sides sheer: the only way up is to walk round to its foot.
 */
export const ramp: Scene = {
  name: 'a 4 m cliff with a ramp',
  height: (x, z) => (z >= 6 ? 4 : x >= 4 && x <= 7 ? Math.min(4, Math.max(0, 0.5 * (z + 2))) : 0),
  trees: [],
};

/** The scene as a terrain3d heightmap (sampled every SPACING) with scatter3d trees: a world whose ground runs in wasm. */
export function heightmapWorld(scene: Scene): World {
  const n = Math.round((2 * HALF) / SPACING) + 1;
  const data: number[] = [];
  for (let iz = 0; iz < n; iz++) for (let ix = 0; ix < n; ix++) data.push(scene.height(-HALF + ix * SPACING, -HALF + iz * SPACING));
  const terrain3d: Terrain3dSettings = {
    rings: [{ reach: HALF, seg: Math.round((2 * HALF) / SPACING) }],
    heightmap: { origin: [-HALF, -HALF], spacing: SPACING, nx: n, nz: n, data },
  };
  if (scene.water !== undefined) terrain3d.water = scene.water;
  const mods: Record<string, string> = { height: 'terrain3d', cell: 'terrain3d', solids: 'scatter3d' };
  if (scene.water !== undefined) mods.depth = 'terrain3d';
  return {
    walker: { kinds: { xbot: { ...XBOT }, ally: { ...XBOT, accel: 40, seekSpeed: 6.5 } }, mods },
    terrain3d,
    scatter3d: { instances: scene.trees.map((t) => ({ x: t.x, z: t.z, radius: t.radius })) },
  };
}

/** Where the player goes in a scene: waypoints [x, z] walked at `speed` from `start`, then it stands out of reach. */
export interface Trip {
  readonly scene: Scene;
  readonly start: readonly [number, number];
  readonly waypoints: ReadonlyArray<readonly [number, number]>;
  readonly speed: number;
  /** Where the companion starts. */
  readonly companion: readonly [number, number];
}

/** The out-of-reach trips: up the ledge, the cliff (and along its top), across the lake, up the slope, onto the plateau. */
export const TRIPS: readonly Trip[] = [
  { scene: ledge, start: [0, 2], waypoints: [[0, 9]], speed: 3, companion: [0, -0.5] },
  { scene: cliff, start: [0, 2], waypoints: [[0, 9], [6, 12]], speed: 3, companion: [0, -0.5] },
  { scene: lake, start: [0, 2], waypoints: [[0, 34]], speed: 4, companion: [0, -0.5] },
  { scene: steep, start: [0, 2], waypoints: [[0, 12]], speed: 3, companion: [0, -0.5] },
  { scene: plateau, start: [0, 2], waypoints: [[0, 10]], speed: 3, companion: [0, -0.5] },
];

/**
 * The trips with a way round (CO-12): across the pond, up the cliff beside its ramp. The companion must go round on a
 * route and rejoin with no jump and no teleport.
 */
export const ROUND_TRIPS: readonly Trip[] = [
  { scene: pond, start: [0, 2], waypoints: [[0, 22]], speed: 3, companion: [0, -0.5] },
  { scene: ramp, start: [0, 2], waypoints: [[0, 9]], speed: 3, companion: [0, -0.5] },
];

/** The player's planar position `t` seconds into its trip, and whether it has arrived (no trigonometry: deterministic). */
export function tripAt(trip: Trip, t: number): { x: number; z: number; done: boolean } {
  let [x, z] = trip.start;
  let left = t * trip.speed;
  for (const [wx, wz] of trip.waypoints) {
    const dx = wx - x;
    const dz = wz - z;
    const d = Math.sqrt(dx * dx + dz * dz);
    if (left < d) return { x: x + (dx * left) / d, z: z + (dz * left) / d, done: false };
    left -= d;
    x = wx;
    z = wz;
  }
  return { x, z, done: true };
}

/** The height the player is carried at in a scene: the ground, or the water's surface over it. */
export function tripHeight(scene: Scene, x: number, z: number): number {
  return Math.max(scene.height(x, z), scene.water ?? -Infinity);
}
