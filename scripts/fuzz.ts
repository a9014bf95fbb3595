/**
 * npm run fuzz: seeded wall, ridge, cliff and stacked-riser scenes (SL-3, SL-4, CA-3, WA-5, HD-2). Each scene puts a
 * feature no body may step onto (its steep rise exceeds step) across the way at a random angle, width, height and
 * face slope, then throws long slides and carries (up to 100 m), fast walks (up to 50 m/s, random dt) and herds of
 * fast bodies at it, and counts every call that ends with a body beyond or on top of the feature (a crossing), on
 * ground more than step above where it started or above floor + jumpH + step (a climb), or with a non-finite number.
 * Scenes alternate between terrain3d heightmaps on a fine lattice, axis-aligned (they run in wasm), and grounds of
 * callbacks at any angle (they run on the reference). Then the random-herd campaign (HD-2, HD-5, WX-3;
 * test/herd/campaign.ts): random herds edited between steps — the level's circles, boxes, walls and convex polygons
 * added, moved and removed among them — and herds brought to rest then disturbed (a field written through a view,
 * the solids edited, the dt changed), every step compared bit for bit on wasm herds of 1, 2 and 3 threads, the
 * reference herd and per-row calls. Between them the long moves (longMoves): slides and carries up to
 * 100 m, mostly at shallow angles along the face, and fast walks, on heightmaps with samples 0.1–2 m apart under
 * lattices finer and coarser than the samples or none, by bodies wide and narrow, on one-point feet or a footprint —
 * each call made on wasm and on the reference, judged against the feature, the rows compared bit for bit. Prints the
 * counts; exits non-zero on any crossing, climb, NaN or difference. `FUZZ_SCENES`, `FUZZ_LONG_SCENES`,
 * `FUZZ_HERD_SCENES` and `FUZZ_SEED` set the run (defaults: 5,400 scenes, over 10⁶ calls; 14,000 long-move scenes,
 * over 10⁶ calls; 1,000 herd scenes, over 10⁶ calls).
 */
import { pathToFileURL } from 'node:url';
import type { Walker } from '../src/load.ts';
import type { Ground, Row, Terrain3dSettings, World } from '../src/types.ts';
import { random } from '../src/random.ts';
import { campaign } from '../test/herd/campaign.ts';

/** What the fuzz drives: the walker API of one core. */
export type FuzzApi = Pick<Walker, 'walk' | 'slide' | 'carry' | 'stand' | 'groundOf' | 'numbers' | 'Herd'>;

export interface FuzzCounts {
  scenes: number;
  calls: number;
  crossings: number;
  climbs: number;
  nan: number;
  /** The first few failures, as sentences (scene, call, where the body ended). */
  failures: string[];
}

/** The README's xbot, and a smaller, steeper-footed kind (K-2: maxSlope·span·√2 ≤ step). */
export const FUZZ_KINDS = {
  xbot: { radius: 0.4, height: 1.8, accel: 12, airAccel: 2, turnRate: 10, turnMax: 12, gravity: 20, jumpH: 0.9, step: 0.6, maxSlope: 0.7, slopeBand: 0.1, wade: 0.5, span: 0.5, probe: 2, slide: 4, seekSpeed: 3 },
  imp: { radius: 0.25, height: 1, accel: 20, turnRate: 10, gravity: 15, jumpH: 0.4, step: 0.45, maxSlope: 1, slopeBand: 0.2, wade: 0.3, span: 0.3, probe: 1.5, slide: 3, seekSpeed: 4, bodies: ['imp'] },
} as const;

type KindName = keyof typeof FUZZ_KINDS;


/**
 * A feature across the way, as a height profile of d, the signed distance along its normal from its foot (the ground
 * is 0 for d < 0). `over` is the d past which a body's centre is on top of it or beyond it.
 */
interface Feature {
  name: string;
  profile: (d: number) => number;
  over: number;
}

function featureOf(next: () => number, kind: KindName): Feature {
  const k = FUZZ_KINDS[kind];
  const pick = next();
  // Faces steeper than 1.43·maxSlope, or sheer (null).
  const slope = next() < 0.4 ? null : k.maxSlope * (1.43 + next() * 5);
  const h = k.step + 0.05 + next() * 3.5;
  const rise = (d: number): number => (slope === null ? (d >= 0 ? h : 0) : Math.min(h, Math.max(0, d * slope)));
  const top = slope === null ? 0 : h / slope;
  if (pick < 0.3) return { name: `wall ${h.toFixed(2)} m, face ${slope?.toFixed(2) ?? 'sheer'}`, profile: rise, over: top };
  if (pick < 0.55) {
    const high = 3 + next() * 7;
    const steep = k.maxSlope * (1.43 + next() * 3);
    return { name: `cliff ${high.toFixed(2)} m, face ${steep.toFixed(2)}`, profile: (d) => Math.min(high, Math.max(0, d * steep)), over: high / steep };
  }
  if (pick < 0.85) {
    // A ridge: up, a top `width` wide, down again; wider than one sample (SL-3) on any ground.
    const width = 0.3 + next() * 3;
    const far = 2 * top + width;
    return { name: `ridge ${h.toFixed(2)} m × ${width.toFixed(2)} m, faces ${slope?.toFixed(2) ?? 'sheer'}`, profile: (d) => (d < 0 || d > far ? 0 : Math.min(rise(d), rise(far - d))), over: top };
  }
  // Two sheer risers each under step, together at least step + 0.05, close enough to be one feature over probe.
  const total = k.step + 0.05 + next() * 0.3;
  const first = total * (0.35 + next() * 0.3);
  const gap = 0.15 + next() * (k.probe / 2 - k.span - 0.15);
  return { name: `stack ${first.toFixed(2)} + ${(total - first).toFixed(2)} m, ${gap.toFixed(2)} m apart`, profile: (d) => (d >= 0 ? first : 0) + (d >= gap ? total - first : 0), over: gap };
}

interface Scene {
  world: World;
  ground: Ground;
  kind: string;
  feature: Feature;
  /** The feature's normal (x, z), and where its foot line is: d = (x·nx + z·nz) − foot. */
  nx: number;
  nz: number;
  foot: number;
  /** How far off the normal's analytic profile the ground may be (a lattice cell), in d. */
  slack: number;
  numbers: ReturnType<FuzzApi['numbers']>;
  name: string;
}

function worldOf(kind: KindName): World {
  return { walker: { kinds: { [kind]: FUZZ_KINDS[kind] } } } as unknown as World;
}

/** A terrain3d heightmap on a fine lattice (0.05–0.1 m), its normal along ±x or ±z, so it runs in wasm. */
function heightmapScene(api: FuzzApi, next: () => number, kind: KindName, feature: Feature): Scene {
  const cell = 0.05 + Math.floor(next() * 6) * 0.01;
  const quarter = Math.floor(next() * 4);
  const nx = quarter === 0 ? 1 : quarter === 2 ? -1 : 0;
  const nz = quarter === 1 ? 1 : quarter === 3 ? -1 : 0;
  const foot = (next() - 0.5) * 4;
  // Samples from 20 m before the foot to 20 m past it along the normal; two rows across (clamped past the edge).
  const count = Math.ceil(40 / cell) + 1;
  const first = Math.floor((foot - 20) / cell);
  const profile = new Array<number>(count);
  for (let i = 0; i < count; i++) profile[i] = feature.profile((first + i) * cell - foot);
  // Along −x the samples run the other way: the height at x is the profile at −x.
  const along = nx !== 0 ? nx : nz;
  const data: number[] = [];
  const line = along > 0 ? profile : profile.slice().reverse();
  const origin = along > 0 ? first * cell : -(first + count - 1) * cell;
  const terrain3d: Terrain3dSettings = { rings: [{ reach: 64 * cell, seg: 128 }] };
  if (nx !== 0) {
    data.push(...line, ...line);
    terrain3d.heightmap = { origin: [origin, 0], spacing: cell, nx: count, nz: 2, data };
  } else {
    for (const v of line) data.push(v, v);
    terrain3d.heightmap = { origin: [0, origin], spacing: cell, nx: 2, nz: count, data };
  }
  const world = { ...worldOf(kind), terrain3d } as World;
  world.walker!.mods = { height: 'terrain3d', cell: 'terrain3d' };
  return { world, ground: api.groundOf(world), kind, feature, nx, nz, foot, slack: 2 * cell, numbers: api.numbers({ kind }, world), name: `${feature.name} on a ${cell.toFixed(2)} m lattice` };
}

/** A ground of callbacks: the feature at any angle (runs on the reference core). */
function callbackScene(api: FuzzApi, next: () => number, kind: KindName, feature: Feature): Scene {
  const angle = next() * 2 * Math.PI;
  const nx = Math.cos(angle);
  const nz = Math.sin(angle);
  const foot = (next() - 0.5) * 4;
  const ground: Ground = { height: (x, z) => feature.profile(x * nx + z * nz - foot), solids: () => [] };
  const world = worldOf(kind);
  return { world, ground, kind, feature, nx, nz, foot, slack: 1e-9, numbers: api.numbers({ kind }, world), name: `${feature.name} at ${angle} rad, foot ${foot}` };
}

/** A start on the low side, feet off the feature, and a unit direction toward it up to 85° off its normal. */
function approach(next: () => number, scene: Scene): { x: number; z: number; ux: number; uz: number } {
  const k = scene.numbers;
  const back = k.span * 0.75 + 0.01 + next() * 6;
  const side = (next() - 0.5) * 10;
  const d = scene.foot - back;
  const x = d * scene.nx - side * scene.nz;
  const z = d * scene.nz + side * scene.nx;
  const off = ((next() * 2 - 1) * 85 * Math.PI) / 180;
  const c = Math.cos(off);
  const s = Math.sin(off);
  return { x, z, ux: scene.nx * c - scene.nz * s, uz: scene.nz * c + scene.nx * s };
}

/** Judges one body after a call, counting it and what went wrong. */
function judge(api: FuzzApi, scene: Scene, counts: FuzzCounts, what: string, pos: readonly number[], vel: readonly number[], air: boolean): void {
  counts.calls++;
  const k = scene.numbers;
  const [x, y, z] = pos;
  let failure: string | null = null;
  if (![...pos, ...vel].every(Number.isFinite)) {
    counts.nan++;
    failure = 'a non-finite number';
  } else {
    const d = x * scene.nx + z * scene.nz - scene.foot;
    const under = api.stand(scene.numbers, scene.ground, x, z);
    if (d > scene.feature.over + scene.slack) {
      counts.crossings++;
      failure = `crossed (d = ${d.toFixed(3)} past ${scene.feature.over.toFixed(3)})`;
    } else if (under > k.step + 1e-9 || (!air && y > k.step + 1e-9) || y > k.jumpH + k.step + 1e-9) {
      counts.climbs++;
      failure = `climbed (stand ${under.toFixed(3)} at d = ${d.toFixed(3)}, y ${y.toFixed(3)}, air ${air})`;
    }
  }
  if (failure !== null && counts.failures.length < 10) counts.failures.push(`${scene.name}: ${what} ended at [${pos.map((v) => v.toFixed(3)).join(', ')}]: ${failure}`);
}

/** Runs `scenes` seeded scenes on one core; heightmap scenes only when `lattice` (a wasm core), callback scenes only when `callbacks`. */
export function fuzz(api: FuzzApi, seed: number, scenes: number, options: { lattice: boolean; callbacks: boolean }): FuzzCounts {
  const counts: FuzzCounts = { scenes: 0, calls: 0, crossings: 0, climbs: 0, nan: 0, failures: [] };
  const next = random(seed);
  for (let s = 0; s < scenes; s++) {
    const kind: KindName = next() < 0.7 ? 'xbot' : 'imp';
    const feature = featureOf(next, kind);
    const onLattice = options.lattice && (!options.callbacks || next() < 0.5);
    const scene = onLattice ? heightmapScene(api, next, kind, feature) : callbackScene(api, next, kind, feature);
    counts.scenes++;
    const w = scene.world;
    // Long slides and carries.
    for (let i = 0; i < 3; i++) {
      const a = approach(next, scene);
      const length = 2 + next() * 98;
      const me: Row = { kind, pos: [a.x, 0, a.z] };
      api.slide(me, w, [a.ux * length, a.uz * length], scene.ground);
      judge(api, scene, counts, `slide from [${a.x}, ${a.z}] by [${a.ux * length}, ${a.uz * length}]`, me.pos, [0, 0, 0], false);
      const carried: Row = { kind, pos: [a.x, 0, a.z] };
      api.carry(carried, w, [a.ux * length, a.uz * length], scene.ground);
      judge(api, scene, counts, `carry by ${length.toFixed(1)} m`, carried.pos, carried.vel ?? [0, 0, 0], carried.air === true);
    }
    // A fast walk, frame after frame.
    const dt = 1 / (10 + Math.floor(next() * 230));
    const speed = 5 + next() * 45;
    const a = approach(next, scene);
    const walker: Row = { kind, pos: [a.x, 0, a.z], want: [a.ux * speed, a.uz * speed], vel: [a.ux * speed, 0, a.uz * speed] };
    for (let i = 0; i < 40; i++) {
      api.walk(walker, w, dt, scene.ground);
      judge(api, scene, counts, `walk at ${speed.toFixed(1)} m/s, dt ${dt.toFixed(4)}, step ${i}`, walker.pos, walker.vel ?? [0, 0, 0], walker.air === true);
    }
    // A herd of fast bodies (imps block each other).
    const herd = new api.Herd(w, scene.ground, 6);
    for (let i = 0; i < 6; i++) {
      const b = approach(next, scene);
      const v = 5 + next() * 25;
      herd.add({ kind, pos: [b.x, 0, b.z], want: [b.ux * v, b.uz * v], vel: [b.ux * v, 0, b.uz * v] });
    }
    for (let i = 0; i < 25; i++) {
      herd.step(dt);
      const { x, y, z, vx, vy, vz, air } = herd;
      for (let j = 0; j < herd.count; j++) judge(api, scene, counts, `herd body ${j}, dt ${dt.toFixed(4)}, step ${i}`, [x[j], y[j], z[j]], [vx[j], vy[j], vz[j]], air[j] === 1);
    }
    herd.dispose();
  }
  return counts;
}

/**
 * A kind for the long moves, wide or narrow, on one-point feet (span 0) or a footprint within K-2's bound
 * (maxSlope·span·√2 ≤ step), with or without a jump.
 */
function longMoveKind(next: () => number): Record<string, number> {
  const step = 0.2 + next() * 0.4;
  const maxSlope = 0.5 + next() * 0.7;
  const span = next() < 0.4 ? 0 : 0.02 + next() * (Math.min(0.6, step / (maxSlope * Math.SQRT2)) - 0.02);
  return { radius: 0.15 + next() * 1.6, height: 1, accel: 12, turnRate: 10, gravity: 20, jumpH: next() < 0.5 ? 0 : next(), step, maxSlope, slopeBand: maxSlope * 0.1, wade: 0.5, span, probe: 1 + next() * 2, slide: 4, seekSpeed: 3 };
}

/**
 * A scene for the long moves: a terrain3d heightmap with samples 0.1–2 m apart (bilinear between them), on no
 * lattice or on one 1–4 times finer or coarser than the samples, holding a cliff, a thick wall or a thin one
 * (its top at least three of the coarser spacings wide, so every sampling of it keeps it) along ±x or ±z. Its foot
 * and its top edge are on samples and lattice corners, and its faces rise at least 1.5·maxSlope over any piece, so
 * the ground holds no walkable ramp up to it.
 */
export function longMoveScene(api: FuzzApi, next: () => number): Scene {
  const kind = longMoveKind(next);
  const spacing = 0.1 + next() * 1.9;
  const latticed = next() < 0.7;
  const times = 1 + Math.floor(next() * 4);
  const cell = !latticed ? 0 : next() < 0.5 ? spacing * times : spacing / times;
  const coarse = Math.max(spacing, cell);
  const slope = next() < 0.4 ? null : kind.maxSlope * (1.5 + next() * 5);
  // A sloped face ends on a sample and a lattice corner too: else its last piece, part of a sample wide, could be a
  // walkable ramp above a curb under step, which SL-3 steps over.
  const least = Math.max(kind.step + 0.05, 2 * kind.maxSlope * coarse) + next() * 4;
  const h = slope === null ? least : Math.ceil(least / (slope * coarse)) * slope * coarse;
  const rise = (d: number): number => (slope === null ? (d > 0 ? h : 0) : Math.min(h, Math.max(0, d * slope)));
  const top = slope === null ? 0 : h / slope;
  const pick = next();
  let feature: Feature;
  if (pick < 0.3) feature = { name: `cliff ${h.toFixed(2)} m, face ${slope?.toFixed(2) ?? 'sheer'}`, profile: rise, over: top };
  else {
    const width = pick < 0.65 ? 3 * coarse + next() * 0.5 : 3 * coarse + 2 + next() * 8;
    const far = 2 * top + width + (slope === null ? spacing : 0);
    feature = { name: `${pick < 0.65 ? 'thin' : 'thick'} wall ${h.toFixed(2)} m × ${width.toFixed(2)} m, faces ${slope?.toFixed(2) ?? 'sheer'}`, profile: (d) => (d < 0 || d > far ? 0 : Math.min(rise(d), rise(far - d))), over: top };
  }
  const quarter = Math.floor(next() * 4);
  const nx = quarter === 0 ? 1 : quarter === 2 ? -1 : 0;
  const nz = quarter === 1 ? 1 : quarter === 3 ? -1 : 0;
  // The foot at a whole number of samples (and lattice cells) from the world's origin.
  const foot = Math.round((next() - 0.5) * 8 / coarse) * coarse;
  const before = Math.ceil(130 / spacing);
  const count = 2 * before + 1;
  const profile = new Array<number>(count);
  for (let i = 0; i < count; i++) profile[i] = feature.profile((i - before) * spacing);
  const along = nx !== 0 ? nx : nz;
  const line = along > 0 ? profile : profile.slice().reverse();
  const origin = along * foot - before * spacing;
  const data: number[] = [];
  const seg = 128;
  const terrain3d: Terrain3dSettings = { rings: [{ reach: latticed ? (cell * seg) / 2 : 64, seg }] };
  if (nx !== 0) {
    data.push(...line, ...line);
    terrain3d.heightmap = { origin: [origin, 0], spacing, nx: count, nz: 2, data };
  } else {
    for (const v of line) data.push(v, v);
    terrain3d.heightmap = { origin: [0, origin], spacing, nx: 2, nz: count, data };
  }
  const world = { walker: { kinds: { body: kind }, mods: latticed ? { height: 'terrain3d', cell: 'terrain3d' } : { height: 'terrain3d' } }, terrain3d } as unknown as World;
  const name = `${feature.name} on ${spacing.toFixed(3)} m samples, ${latticed ? `a ${cell.toFixed(3)} m lattice` : 'no lattice'}, radius ${kind.radius.toFixed(2)}, span ${kind.span.toFixed(2)}`;
  return { world, ground: api.groundOf(world), kind: 'body', feature, nx, nz, foot, slack: 2 * coarse, numbers: api.numbers({ kind: 'body' }, world), name };
}

/** A unit direction `off` radians from (ux, uz). */
function turned(ux: number, uz: number, off: number): [number, number] {
  const c = Math.cos(off);
  const s = Math.sin(off);
  return [ux * c - uz * s, uz * c + ux * s];
}

/** Whether two rows ended in the same bits (WX-3). */
function sameRow(a: Row, b: Row): boolean {
  const same = (p: readonly number[] | undefined, q: readonly number[] | undefined): boolean => (p ?? []).length === (q ?? []).length && (p ?? []).every((v, i) => Object.is(v, (q ?? [])[i]));
  return same(a.pos, b.pos) && same(a.vel, b.vel) && a.air === b.air && a.steep === b.steep && a.floor === b.floor;
}

export interface LongMoveCounts extends FuzzCounts {
  /** Calls whose rows differ between the two cores. */
  differences: number;
}

/**
 * The long moves (SL-3, SL-4, CA-1..CA-3, WX-3): slides and carries up to 100 m, mostly at shallow angles along the
 * face (60–89.5° off its normal), and a fast walk, on longMoveScene's heightmaps, each call made on both cores and
 * judged against the feature; the two rows must agree bit for bit.
 */
export function longMoves(wasm: FuzzApi, reference: FuzzApi, seed: number, scenes: number): LongMoveCounts {
  const counts: LongMoveCounts = { scenes: 0, calls: 0, crossings: 0, climbs: 0, nan: 0, failures: [], differences: 0 };
  const next = random(seed);
  for (let s = 0; s < scenes; s++) {
    const draw = next();
    const sceneSeed = Math.floor(draw * 2 ** 31);
    const pair = [wasm, reference].map((api) => longMoveScene(api, random(sceneSeed)));
    for (const scene of pair) scene.name += ` (scene seed ${sceneSeed})`;
    counts.scenes++;
    const calls = (what: string, make: (api: FuzzApi, scene: Scene) => Row[]): void => {
      const rows = pair.map((scene, i) => make(i === 0 ? wasm : reference, scene));
      for (let j = 0; j < rows[0].length; j++) {
        judge(wasm, pair[0], counts, `${what}, row ${j}`, rows[0][j].pos, rows[0][j].vel ?? [0, 0, 0], rows[0][j].air === true);
        counts.calls++;
        if (!sameRow(rows[0][j], rows[1][j])) {
          counts.differences++;
          if (counts.failures.length < 10) counts.failures.push(`${pair[0].name}: ${what}, row ${j}: wasm ${JSON.stringify(rows[0][j])} ≠ reference ${JSON.stringify(rows[1][j])}`);
        }
      }
    };
    for (let i = 0; i < 4; i++) {
      const a = approach(next, pair[0]);
      const shallow = next() < 0.75;
      const off = shallow ? (Math.sign(next() - 0.5) * (60 + next() * 29.5) * Math.PI) / 180 : ((next() * 2 - 1) * 85 * Math.PI) / 180;
      const [ux, uz] = turned(pair[0].nx, pair[0].nz, off);
      const length = next() < 0.3 ? 2 + next() * 8 : 2 + next() * 98;
      const delta = [ux * length, uz * length];
      for (const op of ['slide', 'carry'] as const) {
        calls(`${op} from [${a.x}, ${a.z}] by [${delta[0]}, ${delta[1]}]`, (api, scene) => {
          const me: Row = { kind: scene.kind, pos: [a.x, 0, a.z] };
          api[op](me, scene.world, delta, scene.ground);
          return [me];
        });
      }
    }
    const dt = 1 / (5 + Math.floor(next() * 115));
    const speed = 3 + next() * 30;
    const a = approach(next, pair[0]);
    const [ux, uz] = turned(pair[0].nx, pair[0].nz, ((next() * 2 - 1) * 88 * Math.PI) / 180);
    calls(`walk at ${speed.toFixed(1)} m/s, dt ${dt.toFixed(4)}`, (api, scene) => {
      const me: Row = { kind: scene.kind, pos: [a.x, 0, a.z], want: [ux * speed, uz * speed], vel: [ux * speed, 0, uz * speed] };
      const frames: Row[] = [];
      for (let f = 0; f < 30; f++) {
        api.walk(me, scene.world, dt, scene.ground);
        frames.push({ ...me, pos: [...me.pos], vel: [...(me.vel ?? [])] });
      }
      return frames;
    });
  }
  return counts;
}

/** One line of counts. */
export function describe(name: string, c: FuzzCounts): string {
  return `${name}: ${c.scenes} scenes, ${c.calls.toLocaleString('en')} calls, ${c.crossings} crossings, ${c.climbs} climbs above the bound, ${c.nan} NaN`;
}

async function main(): Promise<void> {
  const seed = Number(process.env.FUZZ_SEED ?? 20261129);
  const scenes = Number(process.env.FUZZ_SCENES ?? 5400);
  const wasmEntry = await import('../src/index.ts');
  const referenceEntry = await import('../src/reference.ts');
  const wasm = wasmEntry as unknown as FuzzApi;
  const reference = referenceEntry as unknown as FuzzApi;
  const started = Date.now();
  const runs: Array<[string, FuzzCounts]> = [
    ['wasm (heightmaps)', fuzz(wasm, seed, Math.ceil(scenes / 2), { lattice: true, callbacks: false })],
    ['reference (callback grounds)', fuzz(reference, seed + 1, Math.floor(scenes / 2), { lattice: false, callbacks: true })],
  ];
  let calls = 0;
  let bad = 0;
  for (const [name, c] of runs) {
    console.log(describe(name, c));
    for (const f of c.failures) console.log(`  ${f}`);
    calls += c.calls;
    bad += c.crossings + c.climbs + c.nan;
  }
  const longScenes = Number(process.env.FUZZ_LONG_SCENES ?? 14000);
  const longStarted = Date.now();
  const long = longMoves(wasm, reference, seed + 2, longScenes);
  console.log(`${describe('long moves (heightmaps, wasm and reference)', long)}, ${long.differences} differences between the cores in ${((Date.now() - longStarted) / 1000).toFixed(1)} s`);
  for (const f of long.failures) console.log(`  ${f}`);
  calls += long.calls;
  bad += long.crossings + long.climbs + long.nan + long.differences;
  console.log(`seed ${seed}: ${calls.toLocaleString('en')} calls in ${((Date.now() - started) / 1000).toFixed(1)} s; ${bad === 0 ? 'none crossed, climbed or went NaN' : `${bad} FAILED`}`);
  const herdScenes = Number(process.env.FUZZ_HERD_SCENES ?? 1000);
  const herdStarted = Date.now();
  const herds = await campaign({ wasm: wasmEntry, reference: referenceEntry }, seed, herdScenes, [1, 2, 3]);
  console.log(
    `random herds (wasm on 1, 2, 3 threads, reference herd, per-row calls): ${herds.scenes} scenes, ${herds.steps.toLocaleString('en')} steps, ` +
      `${herds.calls.toLocaleString('en')} calls in ${((Date.now() - herdStarted) / 1000).toFixed(1)} s, ${herds.refusals} steps refused alike, ` +
      `${herds.differences} differences`,
  );
  const solidEdits = Object.entries(herds.solidEdits).sort(([a], [b]) => a.localeCompare(b));
  console.log(`  the level's edits in those scenes: ${solidEdits.map(([what, n]) => `${n.toLocaleString('en')} ${what}`).join(', ')}`);
  for (const f of herds.failures) console.log(`  ${f}`);
  if (bad > 0 || herds.differences > 0) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
