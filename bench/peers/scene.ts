/**
 * The one scene every contender runs: a 256 m × 256 m heightfield of smooth hills and ridges, 0 or 2,000 tree trunks,
 * N bodies that walk toward per-body targets and get a new target on arrival. Everything is drawn from a seed, so two
 * runs — and two contenders — see the same samples, the same trunks, the same starts and the same target sequences.
 */

/** Simulation step, seconds. */
export const DT = 1 / 60;
/** Gravity, m/s². */
export const GRAVITY = 20;
/** Walking speed toward the target, m/s. */
export const SPEED = 3;
/** Body circle radius and cylinder height, metres. */
export const BODY_RADIUS = 0.4;
export const BODY_HEIGHT = 1.8;
/** Highest rise stepped over and steepest walkable rise per metre, shared by walker's kind and Rapier's controller. */
export const STEP = 0.6;
export const MAX_SLOPE = 0.7;
/** A body within this horizontal distance of its target has arrived and is given the next one, metres. */
export const STOP = 0.5;

/** Heightfield lattice: 129 × 129 samples 2 m apart from (−128, −128). */
export const SAMPLES = 129;
export const SPACING = 2;
export const ORIGIN = -128;
/** Half the side of the square starts and targets are drawn in: well inside the heightfield's edge. */
export const ARENA = 110;

/** A vertical tree trunk: centre (x, z) and radius. */
export interface Trunk {
  x: number;
  z: number;
  radius: number;
}

export interface SceneOptions {
  seed?: number;
  trees?: number;
  /** A lake and two cliff bands with ramps on top of the hills and ridges (the behaviour scene; see `features`). */
  lakeAndCliffs?: boolean;
}

/** The lake: centre, radius of its deep floor, depth of that floor under the water, rise of its shore per metre. */
export const LAKE = { x: 36, z: 32, radius: 14, depth: 1.5, shore: 0.4 };
/**
 * The cliff bands: each crosses the whole heightfield along z = z0 + slope·x and raises the ground on one side
 * (`up` = +1: greater z) by `height` over `face` metres — a wall on the 2 m lattice — except at a ramp every `every`
 * metres (`width` wide along the band), where the rise runs over `run` metres laid in front of the face.
 */
export const CLIFFS = [
  { z0: 62, slope: 0.25, up: 1, height: 3 },
  { z0: -42, slope: -0.2, up: -1, height: 3 },
];
export const RAMP = { every: 40, width: 8, run: 12, face: 1.5 };

/** Deterministic 32-bit mixing of a few integers (a murmur3-style finaliser). */
export function mix(a: number, b: number, c: number): number {
  let h = (a ^ Math.imul(b, 0x9e3779b1) ^ Math.imul(c + 0x7f4a7c15, 0x85ebca77)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A small seeded generator of uniform numbers in [0, 1) (mulberry32). */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }
}

/**
 * The heightfield samples, row by row along x (`data[iz·nx + ix]`), each a float32 value so that walker (float64) and
 * Rapier (float32) stand on exactly the same numbers. Hills: a sum of six long sinusoids (40–120 m); ridges: six
 * straight ridges 2–5 m high whose flanks run 2–7 m wide, so some are walkable and some are walls.
 */
function terrainSamples(seed: number, lakeAndCliffs: boolean): { data: Float64Array; water?: number } {
  const rng = new Rng(mix(seed, 1, 0));
  const waves = Array.from({ length: 6 }, () => {
    const angle = rng.range(0, 2 * Math.PI);
    const wavelength = rng.range(40, 120);
    return { kx: (Math.cos(angle) * 2 * Math.PI) / wavelength, kz: (Math.sin(angle) * 2 * Math.PI) / wavelength, phase: rng.range(0, 2 * Math.PI), amp: rng.range(0.8, 1.6) };
  });
  const ridges = Array.from({ length: 6 }, () => {
    const angle = rng.range(0, Math.PI);
    return { cx: rng.range(-100, 100), cz: rng.range(-100, 100), ux: Math.cos(angle), uz: Math.sin(angle), half: rng.range(20, 50), height: rng.range(2, 5), width: rng.range(2, 7) };
  });
  const data = new Float64Array(SAMPLES * SAMPLES);
  for (let iz = 0; iz < SAMPLES; iz++) {
    for (let ix = 0; ix < SAMPLES; ix++) {
      const x = ORIGIN + ix * SPACING;
      const z = ORIGIN + iz * SPACING;
      let h = 0;
      for (const w of waves) h += w.amp * Math.sin(w.kx * x + w.kz * z + w.phase);
      for (const r of ridges) {
        const along = (x - r.cx) * r.ux + (z - r.cz) * r.uz;
        const across = Math.abs(-(x - r.cx) * r.uz + (z - r.cz) * r.ux);
        const beyond = Math.max(0, Math.abs(along) - r.half);
        const d = Math.sqrt(across * across + beyond * beyond);
        if (d < r.width) h += r.height * (1 - d / r.width);
      }
      data[iz * SAMPLES + ix] = Math.fround(h);
    }
  }
  return lakeAndCliffs ? features(seed, data) : { data };
}

/**
 * The lake and the cliff bands (LAKE, CLIFFS, RAMP) on top of the hills' samples. The water level lies 5 cm under
 * the lowest sample, so the lake dug into the valley it sits in is the only water; its shore is walkable, with a
 * wet band a body wades before the water is deeper than wade. The ramps' phases along each band come from the seed.
 */
function features(seed: number, data: Float64Array): { data: Float64Array; water: number } {
  const rng = new Rng(mix(seed, 4, 0));
  const bands = CLIFFS.map((c) => {
    const norm = Math.sqrt(1 + c.slope * c.slope);
    return { ...c, ux: 1 / norm, uz: c.slope / norm, phase: rng.range(0, RAMP.every) };
  });
  for (let iz = 0; iz < SAMPLES; iz++) {
    for (let ix = 0; ix < SAMPLES; ix++) {
      const x = ORIGIN + ix * SPACING;
      const z = ORIGIN + iz * SPACING;
      let h = data[iz * SAMPLES + ix];
      for (const b of bands) {
        // Distance across the band's line toward its raised side, and along it from x = 0.
        const across = (b.up * (z - b.z0 - b.slope * x)) / Math.sqrt(1 + b.slope * b.slope);
        const along = x * b.ux + (z - b.z0) * b.uz;
        const k = Math.floor((along - b.phase) / RAMP.every + 0.5);
        const ramp = Math.abs(along - b.phase - k * RAMP.every) < RAMP.width / 2;
        const from = ramp ? RAMP.face - RAMP.run : 0;
        h += b.height * Math.min(1, Math.max(0, (across - from) / (RAMP.face - from)));
      }
      data[iz * SAMPLES + ix] = Math.fround(h);
    }
  }
  let low = Infinity;
  for (const h of data) low = Math.min(low, h);
  const water = Math.fround(low - 0.05);
  for (let iz = 0; iz < SAMPLES; iz++) {
    for (let ix = 0; ix < SAMPLES; ix++) {
      const d = Math.sqrt((ORIGIN + ix * SPACING - LAKE.x) ** 2 + (ORIGIN + iz * SPACING - LAKE.z) ** 2);
      const bed = water - LAKE.depth + LAKE.shore * Math.max(0, d - LAKE.radius);
      data[iz * SAMPLES + ix] = Math.fround(Math.min(data[iz * SAMPLES + ix], bed));
    }
  }
  return { data, water };
}

/** Cell edge of the trunk grid, metres. */
const GRID = 8;
const GRID_CELLS = Math.ceil((SAMPLES - 1) * SPACING / GRID);

/** The scene: samples, trunks and a grid over them, starts and target sequences, all from one seed. */
export class Scene {
  readonly seed: number;
  readonly trees: number;
  readonly heights: Float64Array;
  /** The water level when the scene has the lake (lakeAndCliffs), else undefined: no water. */
  readonly water?: number;
  readonly lakeAndCliffs: boolean;
  readonly trunks: readonly Trunk[];
  private readonly list: Trunk[] = [];
  private readonly grid: number[][];
  private readonly startRng: Rng;
  private readonly startX: number[] = [];
  private readonly startZ: number[] = [];

  constructor(options: SceneOptions = {}) {
    this.seed = options.seed ?? 20240605;
    this.trees = options.trees ?? 0;
    this.lakeAndCliffs = options.lakeAndCliffs ?? false;
    const terrain = terrainSamples(this.seed, this.lakeAndCliffs);
    this.heights = terrain.data;
    this.water = terrain.water;
    this.grid = Array.from({ length: GRID_CELLS * GRID_CELLS }, () => []);
    this.trunks = this.list;
    const rng = new Rng(mix(this.seed, 2, this.trees));
    // Trunks over the whole heightfield, none overlapping another (a forest, not a wall).
    while (this.list.length < this.trees) {
      const t = { x: rng.range(-126, 126), z: rng.range(-126, 126), radius: rng.range(0.3, 1.2) };
      if (this.nearestTrunkGap(t.x, t.z, t.radius) < 0) continue;
      this.file(this.list.length, t);
      this.list.push(t);
    }
    this.startRng = new Rng(mix(this.seed, 3, this.trees));
  }

  private file(index: number, t: Trunk): void {
    const i0 = this.cellOf(t.x - t.radius), i1 = this.cellOf(t.x + t.radius);
    const j0 = this.cellOf(t.z - t.radius), j1 = this.cellOf(t.z + t.radius);
    for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) this.grid[j * GRID_CELLS + i].push(index);
  }

  private cellOf(v: number): number {
    return Math.min(GRID_CELLS - 1, Math.max(0, Math.floor((v - ORIGIN) / GRID)));
  }

  /**
   * The least gap between a circle at (x, z) of radius r and the trunks filed in the grid cells it touches: negative
   * when it overlaps one. Trunks that do not reach the circle may be left out (Infinity), so only its sign is exact.
   */
  nearestTrunkGap(x: number, z: number, r: number): number {
    let best = Infinity;
    const i0 = this.cellOf(x - r), i1 = this.cellOf(x + r);
    const j0 = this.cellOf(z - r), j1 = this.cellOf(z + r);
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        for (const k of this.grid[j * GRID_CELLS + i]) {
          const t = this.list[k];
          best = Math.min(best, Math.sqrt((t.x - x) ** 2 + (t.z - z) ** 2) - t.radius - r);
        }
      }
    }
    return best;
  }

  /** Lowest and highest sample, and the share of triangles steeper than `slope` (rise per metre), for the report. */
  terrainStats(slope: number): { low: number; high: number; steep: number } {
    let low = Infinity;
    let high = -Infinity;
    let steep = 0;
    for (const h of this.heights) {
      low = Math.min(low, h);
      high = Math.max(high, h);
    }
    for (let iz = 0; iz < SAMPLES - 1; iz++) {
      for (let ix = 0; ix < SAMPLES - 1; ix++) {
        const h00 = this.sample(ix, iz), h10 = this.sample(ix + 1, iz), h01 = this.sample(ix, iz + 1), h11 = this.sample(ix + 1, iz + 1);
        // The two triangles of the cell (split along (least x, least z)–(greatest x, greatest z)) and their gradients.
        const lower = Math.hypot(h10 - h00, h11 - h10) / SPACING;
        const upper = Math.hypot(h11 - h01, h01 - h00) / SPACING;
        steep += (lower > slope ? 1 : 0) + (upper > slope ? 1 : 0);
      }
    }
    return { low, high, steep: steep / (2 * (SAMPLES - 1) * (SAMPLES - 1)) };
  }

  /** Sample (ix, iz) of the heightfield. */
  sample(ix: number, iz: number): number {
    const cx = Math.min(SAMPLES - 1, Math.max(0, ix));
    const cz = Math.min(SAMPLES - 1, Math.max(0, iz));
    return this.heights[cz * SAMPLES + cx];
  }

  /**
   * Height of the ground at (x, z): the plane of the triangle under it, each cell split along the diagonal from its
   * (least x, least z) corner to its (greatest x, greatest z) corner — walker's lattice (SPEC G-1), and Rapier's
   * heightfield once it is turned a quarter-turn (see rapier.ts).
   */
  heightAt(x: number, z: number): number {
    const fx = (x - ORIGIN) / SPACING;
    const fz = (z - ORIGIN) / SPACING;
    const ix = Math.floor(fx);
    const iz = Math.floor(fz);
    const u = fx - ix;
    const v = fz - iz;
    const h00 = this.sample(ix, iz);
    const h11 = this.sample(ix + 1, iz + 1);
    if (u >= v) {
      const h10 = this.sample(ix + 1, iz);
      return h00 + u * (h10 - h00) + v * (h11 - h10);
    }
    const h01 = this.sample(ix, iz + 1);
    return h00 + v * (h01 - h00) + u * (h11 - h01);
  }

  /** Whether a body centre at (x, z) is inside a trunk: within trunk radius + body radius − 1 cm. */
  insideTrunk(x: number, z: number): boolean {
    return this.nearestTrunkGap(x, z, BODY_RADIUS - 0.01) < 0;
  }

  /** A spot a body may stand on and walk to: clear of trunks by 0.3 m, on dry ground no steeper than 0.5. */
  private open(x: number, z: number): boolean {
    if (this.nearestTrunkGap(x, z, BODY_RADIUS + 0.3) < 0) return false;
    if (this.water !== undefined && this.heightAt(x, z) <= this.water) return false;
    const sx = (this.heightAt(x + 1, z) - this.heightAt(x - 1, z)) / 2;
    const sz = (this.heightAt(x, z + 1) - this.heightAt(x, z - 1)) / 2;
    return Math.abs(sx) < 0.5 && Math.abs(sz) < 0.5;
  }

  /** Start of body i: the same whatever N, so the first 100 bodies of N = 1,000 are the bodies of N = 100. */
  start(i: number): [number, number] {
    while (this.startX.length <= i) {
      const x = this.startRng.range(-ARENA, ARENA);
      const z = this.startRng.range(-ARENA, ARENA);
      if (!this.open(x, z)) continue;
      this.startX.push(x);
      this.startZ.push(z);
    }
    return [this.startX[i], this.startZ[i]];
  }

  /**
   * Target k of body i, drawn from (seed, i, k) as a leg of `legs` metres (10–30 m: NEAR) from target k − 1 (from the
   * start for k = 0), kept inside the arena, on open ground and where `clear` says. The same sequence for every
   * contender whose `clear` is the same, whenever each arrives.
   */
  target(i: number, k: number, fromX: number, fromZ: number, legs: Legs = NEAR, clear: Clear = anywhere): [number, number] {
    const rng = new Rng(mix(this.seed ^ 0x51ed, i, k));
    for (;;) {
      const angle = rng.range(0, 2 * Math.PI);
      const leg = rng.range(legs.min, legs.max);
      const x = Math.min(ARENA, Math.max(-ARENA, fromX + leg * Math.cos(angle)));
      const z = Math.min(ARENA, Math.max(-ARENA, fromZ + leg * Math.sin(angle)));
      if (this.open(x, z) && clear(x, z)) return [x, z];
    }
  }
}

/**
 * Whether a target at (x, z) is clear of what a contender's world adds to the scene (the village's houses and walls):
 * a target inside a house is one no body reaches, and a body resting against the house costs next to nothing, so
 * the scene would grow cheaper the longer it ran.
 */
export type Clear = (x: number, z: number) => boolean;
/** The scene's own open ground is clear enough: every contender but the village's. */
export const anywhere: Clear = () => true;

/** How far a body's next target is drawn from its last, metres. */
export interface Legs {
  readonly min: number;
  readonly max: number;
}
/** The targets every table uses. */
export const NEAR: Legs = { min: 10, max: 30 };
/** Targets across the map (issue: a seek's cost must not grow with the distance to its target). */
export const FAR: Legs = { min: 100, max: 220 };

/**
 * Where each body is heading: the current target, how many it has reached. Every contender drives its bodies through
 * one of these, so the per-frame bookkeeping a game would do (am I there? next target) costs them all the same.
 */
export class Targets {
  readonly x: Float64Array;
  readonly z: Float64Array;
  readonly reached: Uint32Array;
  constructor(
    private readonly scene: Scene,
    readonly n: number,
    private readonly legs: Legs = NEAR,
    private readonly clear: Clear = anywhere,
  ) {
    this.x = new Float64Array(n);
    this.z = new Float64Array(n);
    this.reached = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      const [sx, sz] = scene.start(i);
      const [tx, tz] = scene.target(i, 0, sx, sz, legs, clear);
      this.x[i] = tx;
      this.z[i] = tz;
    }
  }

  /** When body i at (px, pz) is within STOP of its target, moves the target on and returns true. */
  arrive(i: number, px: number, pz: number): boolean {
    const dx = this.x[i] - px;
    const dz = this.z[i] - pz;
    if (dx * dx + dz * dz > STOP * STOP) return false;
    const k = ++this.reached[i];
    const [tx, tz] = this.scene.target(i, k, this.x[i], this.z[i], this.legs, this.clear);
    this.x[i] = tx;
    this.z[i] = tz;
    return true;
  }
}
