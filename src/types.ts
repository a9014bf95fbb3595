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
