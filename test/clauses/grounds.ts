/**
 * Hand-made grounds, kinds and worlds for the clause tests, plus small independent oracles (stand height, slope,
 * water depth, tangent bearings) written straight from SPEC sections 3–4 — never by calling the code under test.
 * Each ground built here remembers its scene (`sceneOf`): the field, trees, water level and lattice it was made
 * from, so test/clauses/heightmap.ts can build the same scene as a terrain3d/scatter3d world that reaches wasm.
 */
import type { Circle, Ground, Kind, Kinds, Row, World } from '../../src/types.ts';

/** The default kind of the test suite (SPEC section 1 numbers; footprint 0.7 · 0.5 · √2 ≈ 0.495 ≤ step 0.6). */
export const XBOT = {
  radius: 0.4,
  height: 1.8,
  accel: 12,
  airAccel: 2,
  turnRate: 10,
  turnMax: 12,
  gravity: 20,
  jumpH: 0.9,
  step: 0.6,
  maxSlope: 0.7,
  slopeBand: 0.1,
  wade: 0.5,
  span: 0.5,
  probe: 2,
  slide: 4,
  seekSpeed: 3,
} as const;

export type KindNumbers = { -readonly [K in keyof typeof XBOT]: number } & { bodies?: unknown };

/**
 * A kind: the default numbers with some overridden (or removed, by passing undefined). Typed as a Kind though the
 * numbers may be bad ones: the tests hand check what a JavaScript caller could.
 */
export function kind(over: Record<string, unknown> = {}): Kind {
  const k: Record<string, unknown> = { ...XBOT, ...over };
  for (const key of Object.keys(k)) if (k[key] === undefined) delete k[key];
  return k as unknown as Kind;
}

/** A world whose kinds table holds `xbot` (the default) and any extra kinds given. */
export function world(extra: Kinds = {}, xbot: Kind = kind()): World {
  return { walker: { kinds: { xbot, ...extra } } };
}

/** A fresh row of kind `xbot` (or the kind given) standing at `pos`. */
export function row(pos: [number, number, number], fields: Partial<Row> = {}): Row {
  return { kind: 'xbot', pos, ...fields };
}

export type Field = (x: number, z: number) => number;

/**
 * What a ground was built from. `height` (and `depth`) as callbacks, or `corner` (and `depthCorner`) on a lattice
 * of side `cell`; `water` is the level the depth is under (depth = max(0, water − height)) when there is one, the
 * only kind of water terrain3d can give (M-1); `alongX` when the height ignores z.
 */
export interface Scene {
  height: Field;
  depth?: Field;
  water?: number;
  trees: readonly Circle[];
  bodies?: readonly Row[];
  cell?: number;
  corner?: (i: number, j: number) => number;
  depthCorner?: (i: number, j: number) => number;
  alongX: boolean;
}

const scenes = new WeakMap<Ground, Scene>();

/** The scene a ground of this file was built from (undefined for other grounds). */
export function sceneOf(g: Ground): Scene | undefined {
  return scenes.get(g);
}

/** Every circle of `circles` reaching within r of (x, z), found by brute force (the solids contract of G). */
export function solidsOf(circles: readonly Circle[]): (x: number, z: number, r: number) => Circle[] {
  return (x, z, r) =>
    circles.filter((c) => {
      const dx = c.x - x;
      const dz = c.z - z;
      const reach = r + c.radius;
      return dx * dx + dz * dz <= reach * reach;
    });
}

/**
 * A ground from a height field, with optional water (`water`: the level `depth` is under), trees, lattice cell and
 * blocking rows. A field of one parameter `(x) => …` is taken to ignore z.
 */
export function ground(
  height: Field,
  opts: { depth?: Field; water?: number; trees?: readonly Circle[]; cell?: number; bodies?: readonly Row[] } = {},
): Ground {
  const trees = opts.trees ?? [];
  const g: Ground = { height, solids: solidsOf(trees) };
  if (opts.depth !== undefined) g.depth = opts.depth;
  if (opts.cell !== undefined) g.cell = opts.cell;
  if (opts.bodies !== undefined) g.bodies = opts.bodies;
  scenes.set(g, { height, depth: opts.depth, water: opts.water, trees, bodies: opts.bodies, cell: opts.cell, alongX: height.length <= 1 });
  return g;
}

/** Flat ground at height h. */
export function flat(h = 0, opts: { trees?: readonly Circle[]; bodies?: readonly Row[] } = {}): Ground {
  return ground((_x) => h, opts);
}

/** Flat ground at 0 with a wall (or ledge) of height h on x ≥ x0. */
export function wall(x0: number, h: number, opts: { trees?: readonly Circle[] } = {}): Ground {
  return ground((x) => (x >= x0 ? h : 0), opts);
}

/** A ledge is a wall low enough to step onto. */
export const ledge = wall;

/** `count` stacked risers of `rise` each, starting at x0, one every `run` metres along +x. */
export function risers(x0: number, rise: number, run: number, count: number): Ground {
  return ground((x) => (x < x0 ? 0 : Math.min(count, Math.floor((x - x0) / run) + 1) * rise));
}

/** A ridge of height h, `width` wide, centred on x = xc, on flat ground at 0. */
export function ridge(xc: number, width: number, h: number): Ground {
  return ground((x) => (Math.abs(x - xc) <= width / 2 ? h : 0));
}

/** A curb of height `curb` at x0, followed by a walkable hill rising at `slope` for `length` metres, then flat. */
export function curbHill(x0: number, curb: number, slope: number, length: number): Ground {
  return ground((x) => (x < x0 ? 0 : curb + slope * Math.min(x - x0, length)));
}

/** Flat ground at 0, then from x0 an incline rising at `slope` per metre along +x (up to `top`). */
export function incline(x0: number, slope: number, top = Infinity): Ground {
  return ground((x) => Math.min(top, Math.max(0, slope * (x - x0))));
}

/** A plane rising at `slope` along +x through height 0 at x = 0 (every point has slope `slope`). */
export function plane(slope: number): Ground {
  return ground((x) => slope * x);
}

/**
 * A lake: dry flat ground at 0 for x ≤ shore; past the shore the bed falls at `slope` and the water surface stays
 * at 0, so the depth there is slope · (x − shore).
 */
export function lake(shore: number, slope: number, opts: { trees?: readonly Circle[] } = {}): Ground {
  const depth = (x: number): number => Math.max(0, slope * (x - shore));
  return ground((x) => -depth(x), { depth: (x) => depth(x), water: 0, ...opts });
}

/** A U-shaped pocket of overlapping circles: closed toward +z at z = zBack, open toward −z, inner half-width `half`. */
export function pocket(cx: number, zBack: number, half: number, depth: number, r: number, gap: number): Circle[] {
  const out: Circle[] = [];
  const wallX = half + r;
  for (let x = -wallX; x <= wallX + 1e-9; x += gap) out.push({ x: cx + x, z: zBack + r, radius: r });
  for (let z = zBack + r - gap; z >= zBack + r - depth - 1e-9; z -= gap) {
    out.push({ x: cx - wallX, z, radius: r });
    out.push({ x: cx + wallX, z, radius: r });
  }
  return out;
}

/** A row of `count` touching trees along x centred on (cx, cz), `gap` apart. */
export function cluster(cx: number, cz: number, count: number, r: number, gap: number): Circle[] {
  const out: Circle[] = [];
  for (let i = 0; i < count; i++) out.push({ x: cx + (i - (count - 1) / 2) * gap, z: cz, radius: r });
  return out;
}

/**
 * A lattice ground of side `cell` whose corner (i, j) has height corner(i, j) (asked only at whole multiples);
 * `water`: the level its depth is under, when it has one.
 */
export function lattice(
  cell: number,
  corner: (i: number, j: number) => number,
  opts: { depth?: (i: number, j: number) => number; water?: number } = {},
): Ground {
  const at = (f: (i: number, j: number) => number): Field => (x, z) => {
    const i = Math.round(x / cell);
    const j = Math.round(z / cell);
    if (Math.abs(i * cell - x) > 1e-9 || Math.abs(j * cell - z) > 1e-9) throw new Error(`lattice ground asked off a corner at (${x}, ${z})`);
    return f(i, j);
  };
  const g: Ground = { height: at(corner), solids: () => [], cell };
  if (opts.depth !== undefined) g.depth = at(opts.depth);
  scenes.set(g, { height: g.height, depth: g.depth, water: opts.water, trees: [], cell, corner, depthCorner: opts.depth, alongX: false });
  return g;
}

/** A ground wrapped so that every height/depth question is recorded (G-2, G-3). */
export interface Counted {
  ground: Ground;
  heights: Map<string, number>;
  depths: Map<string, number>;
  heightPoints: Array<[number, number]>;
  depthPoints: Array<[number, number]>;
  reset(): void;
  maxAsked(): number;
}

export function counted(inner: Ground): Counted {
  const heights = new Map<string, number>();
  const depths = new Map<string, number>();
  const heightPoints: Array<[number, number]> = [];
  const depthPoints: Array<[number, number]> = [];
  const key = (x: number, z: number): string => `${x},${z}`;
  const g: Ground = {
    height(x, z) {
      heights.set(key(x, z), (heights.get(key(x, z)) ?? 0) + 1);
      heightPoints.push([x, z]);
      return inner.height(x, z);
    },
    solids: (x, z, r) => inner.solids(x, z, r),
  };
  if (inner.depth !== undefined) {
    const depth = inner.depth.bind(inner);
    g.depth = (x, z) => {
      depths.set(key(x, z), (depths.get(key(x, z)) ?? 0) + 1);
      depthPoints.push([x, z]);
      return depth(x, z);
    };
  }
  if (inner.cell !== undefined) g.cell = inner.cell;
  if (inner.bodies !== undefined) g.bodies = inner.bodies;
  return {
    ground: g,
    heights,
    depths,
    heightPoints,
    depthPoints,
    reset() {
      heights.clear();
      depths.clear();
      heightPoints.length = 0;
      depthPoints.length = 0;
    },
    maxAsked() {
      let m = 0;
      for (const v of heights.values()) m = Math.max(m, v);
      for (const v of depths.values()) m = Math.max(m, v);
      return m;
    },
  };
}

// ---- Independent oracles, straight from the SPEC text (ST-1..ST-4, G-1) -------------------------------------------

/** G-1 by hand: the height at (x, z) on a lattice of side `cell`, on the triangle split along the (min,min)–(max,max) diagonal. */
export function latticeOracle(cell: number, corner: (i: number, j: number) => number, x: number, z: number): number {
  const i = Math.floor(x / cell);
  const j = Math.floor(z / cell);
  const u = x / cell - i;
  const v = z / cell - j;
  // Plane through three corners p0, p1, p2 (as (u, v, h)), solved by Cramer's rule.
  const tri: Array<[number, number, number]> =
    u >= v
      ? [[0, 0, corner(i, j)], [1, 0, corner(i + 1, j)], [1, 1, corner(i + 1, j + 1)]]
      : [[0, 0, corner(i, j)], [0, 1, corner(i, j + 1)], [1, 1, corner(i + 1, j + 1)]];
  const [a, b, c] = tri;
  const det = (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]);
  const du = ((b[2] - a[2]) * (c[1] - a[1]) - (c[2] - a[2]) * (b[1] - a[1])) / det;
  const dv = ((b[0] - a[0]) * (c[2] - a[2]) - (c[0] - a[0]) * (b[2] - a[2])) / det;
  return a[2] + du * (u - a[0]) + dv * (v - a[1]);
}

/** ST-1/ST-2 by hand: mean height of the five feet within `step` of the highest. */
export function standOracle(k: { span: number; step: number }, height: Field, x: number, z: number): number {
  const h = k.span / 2;
  const feet = [height(x, z), height(x - h, z - h), height(x + h, z - h), height(x - h, z + h), height(x + h, z + h)];
  const top = Math.max(...feet);
  const kept = feet.filter((f) => f >= top - k.step);
  return kept.reduce((s, f) => s + f, 0) / kept.length;
}

/** ST-3 by hand: the length of the stand height's gradient by central differences over e = max(span/2, 0.05). */
export function slopeOracle(k: { span: number; step: number }, height: Field, x: number, z: number): number {
  const e = Math.max(k.span / 2, 0.05);
  const gx = (standOracle(k, height, x + e, z) - standOracle(k, height, x - e, z)) / (2 * e);
  const gz = (standOracle(k, height, x, z + e) - standOracle(k, height, x, z - e)) / (2 * e);
  return Math.hypot(gx, gz);
}

/**
 * The slope of the ground itself under the centre foot at (x, z), by hand: central differences of the height over
 * the slope's reach (ST-3), where WA-1/WA-7 judge a face a body landed or slides on.
 */
export function footSlopeOracle(k: { span: number }, height: Field, x: number, z: number): number {
  const e = Math.max(k.span / 2, 0.05);
  const gx = (height(x + e, z) - height(x - e, z)) / (2 * e);
  const gz = (height(x, z + e) - height(x, z - e)) / (2 * e);
  return Math.hypot(gx, gz);
}

/** The wrapped difference a − b in (−π, π]. */
export function angleDiff(a: number, b: number): number {
  let d = (a - b) % (2 * Math.PI);
  if (d > Math.PI) d -= 2 * Math.PI;
  if (d <= -Math.PI) d += 2 * Math.PI;
  return d;
}

/** The bearing of (x, z): yaw θ points along (sin θ, cos θ). */
export function bearingOf(x: number, z: number): number {
  return Math.atan2(x, z);
}

/**
 * The supporting tangent of a union of discs seen from p, on `side` (+1: bearings increasing, toward +x from +z) of
 * the bearing `toward`: the largest side·(bearing to the disc − toward) + asin(radius / distance) over the discs.
 * Returns the bearing of that tangent.
 */
export function supportTangent(discs: ReadonlyArray<{ x: number; z: number; r: number }>, px: number, pz: number, toward: number, side: number): number {
  let best = -Infinity;
  for (const d of discs) {
    const dist = Math.hypot(d.x - px, d.z - pz);
    const rel = angleDiff(bearingOf(d.x - px, d.z - pz), toward);
    const v = side * rel + Math.asin(d.r / dist);
    best = Math.max(best, v);
  }
  return toward + side * best;
}

/** Distance from (x, z) to a circle's centre. */
export function distTo(c: Circle, x: number, z: number): number {
  return Math.hypot(c.x - x, c.z - z);
}

/** pos of a row as a tuple. */
export function posOf(me: Row): [number, number, number] {
  const p = me.pos;
  return [p[0], p[1], p[2]];
}

/** Every number a row holds, flattened (for the no-NaN checks of R-3). */
export function rowNumbers(me: Row): number[] {
  const out: number[] = [];
  for (const v of Object.values(me)) {
    if (typeof v === 'number') out.push(v);
    else if (Array.isArray(v)) for (const e of v) if (typeof e === 'number') out.push(e);
  }
  return out;
}

/** The fast-check seed of this run (FC_SEED overrides). */
export const SEED = Number(process.env.FC_SEED ?? 20261129);
