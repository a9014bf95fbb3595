/**
 * npm run fuzz: seeded wall, ridge, cliff and stacked-riser scenes (SL-3, SL-4, CA-3, WA-5, HD-2). Each scene puts a
 * feature no body may step onto (its steep rise exceeds step) across the way at a random angle, width, height and
 * face slope, then throws long slides and carries (up to 100 m), fast walks (up to 50 m/s, random dt) and herds of
 * fast bodies at it, and counts every call that ends with a body beyond or on top of the feature (a crossing), on
 * ground more than step above where it started or above floor + jumpH + step (a climb), or with a non-finite number.
 * Scenes alternate between terrain3d heightmaps on a fine lattice, axis-aligned (they run in wasm), and grounds of
 * callbacks at any angle (they run on the reference). Then the random-herd campaign (HD-2, HD-5, WX-3;
 * test/herd/campaign.ts): random herds edited between steps, every step compared bit for bit on wasm herds of 1, 2 and
 * 3 threads, the reference herd and per-row calls. Prints the counts; exits non-zero on any crossing, climb, NaN or
 * difference. `FUZZ_SCENES`, `FUZZ_HERD_SCENES` and `FUZZ_SEED` set the run (defaults: 5,400 scenes, over 10⁶ calls;
 * 1,000 herd scenes, over 10⁶ calls).
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
  kind: KindName;
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
  const k = FUZZ_KINDS[scene.kind];
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
  const k = FUZZ_KINDS[scene.kind];
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
  console.log(`seed ${seed}: ${calls.toLocaleString('en')} calls in ${((Date.now() - started) / 1000).toFixed(1)} s; ${bad === 0 ? 'none crossed, climbed or went NaN' : `${bad} FAILED`}`);
  const herdScenes = Number(process.env.FUZZ_HERD_SCENES ?? 1000);
  const herdStarted = Date.now();
  const herds = await campaign({ wasm: wasmEntry, reference: referenceEntry }, seed, herdScenes, [1, 2, 3]);
  console.log(
    `random herds (wasm on 1, 2, 3 threads, reference herd, per-row calls): ${herds.scenes} scenes, ${herds.steps.toLocaleString('en')} steps, ` +
      `${herds.calls.toLocaleString('en')} calls in ${((Date.now() - herdStarted) / 1000).toFixed(1)} s, ${herds.refusals} steps refused alike, ` +
      `${herds.differences} differences`,
  );
  for (const f of herds.failures) console.log(`  ${f}`);
  if (bad > 0 || herds.differences > 0) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
