/** Public types shared by both cores (SPEC sections 1–3). */

/** The checked numbers of one kind (K-1). Optional table fields are filled: airAccel = accel, turnMax = 0 (no cap), the avoidance knobs (AV-2), bodies = []. */
export interface Numbers {
  radius: number;
  height: number;
  accel: number;
  airAccel: number;
  turnRate: number;
  /** Cap on yaw speed in rad/s; 0 means no cap (the table gave none). */
  turnMax: number;
  gravity: number;
  jumpH: number;
  step: number;
  maxSlope: number;
  slopeBand: number;
  wade: number;
  span: number;
  probe: number;
  slide: number;
  seekSpeed: number;
  /** How far off, centre to centre, another body is a neighbour seek avoids (AV-2), metres. */
  avoidReach: number;
  /** How far ahead seek's avoidance looks (AV-1), seconds. */
  avoidHorizon: number;
  /** How many neighbours seek avoids at most (AV-2); 0: none, bodies are still solids for seek (SE-6). */
  avoidNeighbours: number;
  /** Kinds whose rows block this kind's bodies as circles. */
  bodies: readonly string[];
}

/**
 * A kind as a table writes it (K-1): every number required but `airAccel` (absent: accel), `turnMax` (absent: no cap)
 * and `bodies` (absent: none); no other field (K-2). `check` holds each number to its limit.
 */
export interface Kind extends Omit<Numbers, 'airAccel' | 'turnMax' | 'avoidReach' | 'avoidHorizon' | 'avoidNeighbours' | 'bodies'> {
  airAccel?: number;
  turnMax?: number;
  /** Absent: seekSpeed · avoidHorizon / 2 + 4 · radius (AV-2). */
  avoidReach?: number;
  /** Absent: 2 s (AV-1). */
  avoidHorizon?: number;
  /** Absent: 10 (AV-2). */
  avoidNeighbours?: number;
  /** Kinds of this table whose rows block this kind's bodies as circles. */
  bodies?: readonly string[];
}

/** The kinds table as a user writes it: kind name → its numbers. */
export type Kinds = Record<string, Kind>;

/** A walking row: a plain object owned by the caller (SPEC section 2). */
export interface Row {
  kind: string;
  as?: string;
  pos: readonly number[];
  vel?: readonly number[];
  want?: readonly number[];
  face?: number | null;
  yaw?: number;
  jump?: boolean;
  air?: boolean;
  steep?: boolean;
  floor?: number;
  speed?: number;
  side?: number;
  turned?: number;
  [field: string]: unknown;
}

/** A circle that blocks bodies: a tree trunk, a boulder. */
export interface Circle {
  x: number;
  z: number;
  radius: number;
}

/**
 * A piece of a box, wall or polygon that blocks bodies (LV-1): the convex polygon of the corners `points` — x, z
 * pairs, 2 to 8 corners, counter-clockwise (Σ x·z' − x'·z > 0), 2 a segment — grown by `radius` ≥ 0; (x, z) is its
 * first corner, so code that reads a solid as a circle still finds numbers where it looks.
 */
export interface Piece extends Circle {
  points: ArrayLike<number>;
}

/**
 * Another body as a call sees it (K `bodies`, AV-2): its circle at the start of the step, its start-of-step horizontal
 * velocity, and the share of the avoiding it leaves to the body (0.5 when its kind avoids the body's back, else 1).
 */
export interface BodyCircle extends Circle {
  vx: number;
  vz: number;
  share: number;
}

/** The ground a body stands on (SPEC section 3). */
export interface Ground {
  /** Height of the ground (under any water) at (x, z). */
  height(x: number, z: number): number;
  /** Depth of the water over the ground at (x, z); absent means no water. */
  depth?(x: number, z: number): number;
  /** Every solid reaching within r of (x, z): circles, and pieces of boxes, walls and polygons (LV-1). */
  solids(x: number, z: number, r: number): readonly (Circle | Piece)[];
  /** Side of the lattice whose triangles bodies stand on (G-1); absent means the ground is asked at each foot. */
  cell?: number;
  /** Rows that block as circles, for kinds that list them in `bodies`. */
  bodies?: readonly Row[];
}

/** The walker section of a world: its kinds, and the mod that gives each part of the ground (G-5); nothing else (BI-5). */
export interface WalkerSettings {
  kinds: Kinds;
  mods?: { height?: string; depth?: string; cell?: string; solids?: string };
}

/** One ring terrain3d draws: `seg` segments across `2·reach` metres. */
export interface Terrain3dRing {
  reach: number;
  seg: number;
}

/** A heightmap: nx·nz samples `spacing` apart from `origin` [x, z], row by row along x (`data[iz·nx + ix]`). */
export interface Terrain3dHeightmap {
  origin: readonly number[];
  spacing: number;
  nx: number;
  nz: number;
  data: ArrayLike<number>;
}

/** Seeded fractal noise: `octaves` layers, the first `wavelength` metres across, the sum within ±amplitude. */
export interface Terrain3dNoise {
  seed: number;
  amplitude: number;
  wavelength: number;
  octaves: number;
}

/** `world.terrain3d` as a scene writes it (M-1); any other field is refused (BI-5). */
export interface Terrain3dSettings {
  rings: readonly Terrain3dRing[];
  heightmap?: Terrain3dHeightmap;
  noise?: Terrain3dNoise;
  water?: number;
}

/** One placed circle; `solid` (default true) says whether it blocks bodies. */
export interface Scatter3dInstance {
  x: number;
  z: number;
  radius: number;
  solid?: boolean;
}

/** `count` circles placed from `seed` over `extent` [x0, z0, x1, z1], radii drawn from `radius` [min, max]. */
export interface Scatter3dLayer {
  seed: number;
  count: number;
  extent: readonly number[];
  radius: readonly number[];
  solid: boolean;
}

/** `world.scatter3d` as a scene writes it (M-2); any other field is refused (BI-5). */
export interface Scatter3dSettings {
  instances?: readonly Scatter3dInstance[];
  layers?: readonly Scatter3dLayer[];
  /** A level's solids of any shape (LV-1), as `solidsOf(ground).add` takes them; ids after the instances' and layers'. */
  solids?: readonly object[];
}

/**
 * A scene's world: walker reads `walker`, inheriting it from `parent` when absent (K-5), and the built-in mods read
 * `terrain3d` and `scatter3d` (M-1, M-2). Other sections are a world's own (a mod registered with registerMod
 * reads its own), so any other name is allowed, of any type.
 */
export interface World {
  walker?: WalkerSettings;
  terrain3d?: Terrain3dSettings;
  scatter3d?: Scatter3dSettings;
  parent?: World;
  [section: string]: unknown;
}

/**
 * The options of `route` (RT-3): extra cost per metre on ground as steep as the kind's maxSlope (`slopeCost`) and in
 * water as deep as its wade (`waterCost`), scaled linearly below those; `region` [x0, z0, x1, z1], the box the
 * search stays in (RT-5; by default a box round the start and the target).
 */
export interface RouteOptions {
  slopeCost?: number;
  waterCost?: number;
  /** The most cells the search expands plus grid verdicts it works out in this call; short of its end the route is `pending` (RT-3). */
  budget?: number;
  region?: readonly number[];
}

/** seek's options (RT-7, RT-8): `route: true` follows the kind's flow field to the target, round lakes, cliffs and trees. */
export interface SeekOptions {
  route?: boolean;
}

/**
 * A route (RT-3, RT-4): the waypoints [x, z] to walk through in order, the last the target (or, when `reached` is
 * false, the reachable point nearest it); `length` the metres from the body through every waypoint. `pending` is true
 * when `options.budget` ran out first: no waypoints yet, and the same call made again goes on with the plan (RT-3).
 */
export interface Route {
  waypoints: [number, number][];
  reached: boolean;
  length: number;
  pending: boolean;
}

/**
 * The passability grid of one kind over a region (RT-1, RT-2): `columns × rows` cells of side `cell` from the
 * corner (x0, z0), row by row along x (`stand[row·columns + column]`). `stand` is 1 where the body can stand on the
 * cell's centre; bit d of `edges` is set where the move from the centre to the neighbour's centre in direction d is
 * passable, d = 0 … 7 for +x, (+x, +z), +z, (−x, +z), −x, (−x, −z), −z, (+x, −z).
 */
export interface Passability {
  x0: number;
  z0: number;
  cell: number;
  columns: number;
  rows: number;
  stand: Uint8Array;
  edges: Uint8Array;
}
