/** Public types shared by both cores (SPEC sections 1–3). */

/** The checked numbers of one kind (K-1). Optional table fields are filled: airAccel = accel, turnMax = 0 (no cap), bodies = []. */
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
  /** Kinds whose rows block this kind's bodies as circles. */
  bodies: readonly string[];
}

/** The kinds table as a user writes it: kind name → its numbers (airAccel, turnMax, bodies optional). */
export type Kinds = Record<string, Record<string, unknown>>;

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

/** The ground a body stands on (SPEC section 3). */
export interface Ground {
  /** Height of the ground (under any water) at (x, z). */
  height(x: number, z: number): number;
  /** Depth of the water over the ground at (x, z); absent means no water. */
  depth?(x: number, z: number): number;
  /** Every solid circle reaching within r of (x, z). */
  solids(x: number, z: number, r: number): readonly Circle[];
  /** Side of the lattice whose triangles bodies stand on (G-1); absent means the ground is asked at each foot. */
  cell?: number;
  /** Rows that block as circles, for kinds that list them in `bodies`. */
  bodies?: readonly Row[];
}

/** The walker section of a world. */
export interface WalkerSettings {
  kinds: Kinds;
  mods?: { height?: string; depth?: string; cell?: string; solids?: string };
}

/** A scene's world: walker reads `walker`, inheriting it from `parent` when absent (K-5). */
export interface World {
  walker?: WalkerSettings;
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
  region?: readonly number[];
}

/** seek's options (RT-7, RT-8): `route: true` follows the kind's flow field to the target, round lakes, cliffs and trees. */
export interface SeekOptions {
  route?: boolean;
}

/**
 * A route (RT-3, RT-4): the waypoints [x, z] to walk through in order, the last the target (or, when `reached` is
 * false, the reachable point nearest it); `length` the metres from the body through every waypoint.
 */
export interface Route {
  waypoints: [number, number][];
  reached: boolean;
  length: number;
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
