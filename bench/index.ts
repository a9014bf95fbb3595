/**
 * npm run bench: the wasm core against the reference, side by side in one run (tinybench 6).
 *  1. Per call: stand, slide, seek and walk on the wasm entry and on the reference, ns per call.
 *  2. Herds: N = 1k, 10k, 100k bodies on a 512 m noise terrain (1 m cell) with a lake and 5,000 trees, every body
 *     seeking a target 5–25 m away (a new one on arrival): ns per body-step for the wasm herd and for the reference
 *     per-row loop (seek then walk per row), and the wasm memory each body costs beyond the ground.
 *     Bodies at rest: the same herd with a share of its bodies idle, or resting short of a target they cannot reach.
 *  3. Far targets: the herd step with every target 10, 100, 300 or 500 m away, side by side (SE-3's search).
 *  4. Routes (RT): one route across the 512 × 512 lattice of the bench world, corner to corner — the first on a
 *     fresh core (its cells worked out as the search reaches them), then again on the grid kept — on wasm and on
 *     the reference, and the wasm memory the grid and the search hold; one flow field (RT-7); and a herd whose
 *     bodies all head for one gate, every body routing along the one field against every body seeking plainly.
 *  5. The companion (CO-12): µs per `step` following a running player on open ground (no route planned), and frame
 *     by frame while the player wades across a pond and the companion goes round it: the mean frame, the frames
 *     that plan (their count, median and slowest; a plan is spread over frames, one budgeted call each), on wasm and on
 *     the reference; and the play-test (CO-13) on wasm: 120 s per world under the WASD stick, each companion step the
 *     least of three plays — its longest, its 99.9th percentile and the steps over 2 ms — and the longest of one play.
 *  6. A level that changes (LV-2, LV-4): 100 boxes or trees moved a frame beside a stepping 1,000-body herd and a kept
 *     route, against the same frames with nothing moved.
 *  7. The village (issue 29): 2,000 trees with 40 houses and 300 m of walls against the trees alone, Herd N = 1k, 10k;
 *     and 1,000 bodies routed through its gates (RouteFollower): of those with a path, the share that reach their targets.
 * Figures only — nothing here is asserted. Set BENCH_QUICK=1 for a short run, BENCH_ONLY=calls|herds|rest|far|routes|edits|village|companion for one part.
 */
import { cpus, loadavg } from 'node:os';
import { Bench } from 'tinybench';
import releaseBase64 from '../build/walker.wasm.base64.js';
import * as reference from '../src/reference.ts';
import { decodeBase64 } from '../src/wasm/bytes.ts';
import { createCore, type WasmCore } from '../src/wasm/core.ts';
import { sampleWorld } from '../src/sampleWorld.ts';
import { HERD_FLAGS, HERD_NUMBERS, type Herd } from '../src/herd.ts';
import { walkerOn } from '../src/load.ts';
import { ROUND_TRIPS, heightmapWorld, tripAt, tripHeight, type Trip } from '../src/autopilot/scenes.ts';
import { playWorlds } from '../src/autopilot/playWorlds.ts';
import { playWorld } from '../src/autopilot/playTest.ts';
import type { Ground, Row, World } from '../src/types.ts';
import type { CircleSolid } from '../src/shapes.ts';
import { Companion } from '../src/companion/companion.ts';
import type { WalkerCore } from '../src/companion/core.ts';
import { random } from '../src/random.ts';
import { solidsOf } from '../src/ground/level.ts';
import { BENCH_VILLAGE, VILLAGE_STOP, buildVillage, villageRoutes, villageWorld } from './village.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const ONLY = process.env.BENCH_ONLY;
const runs = (part: string): boolean => ONLY === undefined || ONLY === part;
const DT = 1 / 60;


/** The bench world: 512 m of noise hills with a lake at −2 m, 5,000 trees; bodies that block each other or not. */
function world(blocking: boolean): World {
  return sampleWorld({ half: 256, cell: 1, trees: 5000, boulders: 0, seed: 7, bodies: blocking ? ['xbot'] : [] });
}

/** A dry spot clear of trees, and a target 5–25 m from it. */
function spot(ground: Ground, next: () => number): [number, number] {
  for (;;) {
    const x = (next() - 0.5) * 480;
    const z = (next() - 0.5) * 480;
    if ((ground.depth?.(x, z) ?? 0) === 0 && ground.solids(x, z, 0.6).length === 0) return [x, z];
  }
}

function targetNear(x: number, z: number, next: () => number): [number, number] {
  const d = 5 + 20 * next();
  const a = next() * 6.283185307179586;
  return [Math.max(-250, Math.min(250, x + d * Math.sin(a))), Math.max(-250, Math.min(250, z + d * Math.cos(a)))];
}

function rowsOn(w: World, ground: Ground, count: number, stand: (n: reference.Numbers, g: Ground, x: number, z: number) => number, seed: number): { rows: Row[]; targets: [number, number][] } {
  const next = random(seed);
  const n = reference.numbers({ kind: 'xbot' }, w);
  const rows: Row[] = [];
  const targets: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const [x, z] = spot(ground, next);
    rows.push({ kind: 'xbot', pos: [x, stand(n, ground, x, z), z], yaw: next() * 6 - 3 });
    targets.push(targetNear(x, z, next));
  }
  return { rows, targets };
}

const fmt = (ns: number): string => (ns >= 100 ? ns.toFixed(0) : ns.toFixed(1));

async function perCall(core: WasmCore): Promise<Record<string, string>[]> {
  const w = world(false);
  const ground = core.groundOf(w);
  const { rows, targets } = rowsOn(w, ground, 1024, core.stand, 1);
  const n = reference.numbers(rows[0], w);
  // Each case has its own rows for each core, so one case's moves never change what another measures.
  // Rows built as literals, as a game builds them (V8 reads and writes rows made by structuredClone about 3× slower).
  const copies = (): Row[] => rows.map((r) => ({ kind: r.kind, pos: [r.pos[0], r.pos[1], r.pos[2]], yaw: r.yaw, want: [1.5, 0.8] }));
  const [slideWasm, slideRef, seekWasm, seekRef, walkWasm, walkRef] = [copies(), copies(), copies(), copies(), copies(), copies()];
  // Slides go back and forth (each row alternately ±delta), so rows stay where they were put.
  const there = [0.05, -0.03];
  const back = [-0.05, 0.03];
  let k = 0;
  const cases: Array<[string, () => void, () => void]> = [
    ['stand', () => { const r = rows[k++ & 1023]; core.stand(n, ground, r.pos[0], r.pos[2]); }, () => { const r = rows[k++ & 1023]; reference.stand(n, ground, r.pos[0], r.pos[2]); }],
    ['slide', () => { core.slide(slideWasm[k & 1023], w, k++ & 1024 ? back : there, ground); }, () => { reference.slide(slideRef[k & 1023], w, k++ & 1024 ? back : there, ground); }],
    ['seek', () => { const i = k++ & 1023; core.seek(seekWasm[i], w, targets[i], 0.5, ground); }, () => { const i = k++ & 1023; reference.seek(seekRef[i], w, targets[i], 0.5, ground); }],
    ['walk', () => { core.walk(walkWasm[k++ & 1023], w, DT, ground); }, () => { reference.walk(walkRef[k++ & 1023], w, DT, ground); }],
  ];
  const bench = new Bench({ time: QUICK ? 150 : 600, warmupTime: QUICK ? 50 : 200 });
  for (const [name, onWasm, onReference] of cases) {
    bench.add(`${name} wasm`, onWasm);
    bench.add(`${name} reference`, onReference);
  }
  await bench.run();
  const ns = (name: string): number => {
    const r = bench.getTask(name)!.result;
    if (r.state !== 'completed') throw new Error(`bench task ${name} did not complete (${r.state})`);
    return r.latency.p50 * 1e6;
  };
  return cases.map(([name]) => ({
    call: name,
    'wasm ns/call': fmt(ns(`${name} wasm`)),
    'reference ns/call': fmt(ns(`${name} reference`)),
    'reference / wasm': `${(ns(`${name} reference`) / ns(`${name} wasm`)).toFixed(1)}×`,
  }));
}

/** A herd of `count` seeking bodies; arrivals get a new target every 30 steps (outside nothing: it is in the step's time). */
function herdStepper(core: WasmCore, w: World, ground: Ground, count: number, threads: number): { herd: Herd; step: () => void } {
  const { rows, targets } = rowsOn(w, ground, count, core.stand, 2);
  const herd = new core.Herd(w, ground, { capacity: count, threads });
  rows.forEach((row, i) => {
    herd.add(row);
    herd.seek(i, targets[i], 0.5);
  });
  const next = random(3);
  let steps = 0;
  const step = (): void => {
    herd.step(DT);
    if (++steps % 30 !== 0) return;
    const arrived = herd.arrived;
    const xs = herd.x;
    const zs = herd.z;
    for (let i = 0; i < arrived.length; i++) if (arrived[i] !== 0) herd.seek(i, targetNear(xs[i], zs[i], next), 0.5);
  };
  return { herd, step };
}

/** The reference per-row loop over the same bodies: seek then walk each row, bodies blocking from start-of-step snapshots. */
function referenceStepper(w: World, count: number, blocking: boolean): () => void {
  const ground = reference.groundOf(w);
  const { rows, targets } = rowsOn(w, ground, count, reference.stand, 2);
  const next = random(3);
  let steps = 0;
  return () => {
    const snapshot: Row[] = rows.map((r) => ({ kind: r.kind, pos: r.pos }));
    if (blocking) ground.bodies = snapshot;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      const held = snapshot[i];
      snapshot[i] = row;
      if (reference.seek(row, w, targets[i], 0.5, ground) && ++steps % 30 === 0) targets[i] = targetNear(row.pos[0], row.pos[2], next);
      reference.walk(row, w, DT, ground);
      snapshot[i] = held;
    }
  };
}

async function herds(blocking: boolean): Promise<Record<string, string>[]> {
  const w = world(blocking);
  const sizes = QUICK ? [1000, 10000] : [1000, 10000, 100000];
  // The reference loop is O(N) per step without blocking, O(N²) with it (each row reads every other).
  const referenceSizes = blocking ? [1000] : [1000, 10000];
  const out: Record<string, string>[] = [];
  for (const count of sizes) {
    // A fresh instance per size, so every byte the herd makes the core hold is counted (the shared query list too).
    const core = await createCore(decodeBase64(releaseBase64));
    const ground = core.groundOf(w);
    // The corner cache and room in the query list for every tree are the ground's: made before counting.
    core.seek({ kind: 'xbot', pos: [0, 0, 0] }, w, [1, 1], 0, ground);
    core.stand(reference.numbers({ kind: 'xbot' }, w), ground, 0, 0);
    const before = core.bytesInUse();
    const { herd, step } = herdStepper(core, w, ground, count, 1);
    step();
    const bytes = (core.bytesInUse() - before) / count;
    // The same bodies on two threads (HD-5), in the same run, so the ratio between the two is read under one load.
    const two = herdStepper(core, w, ground, count, 2);
    await two.herd.ready();
    const bench = new Bench({ time: QUICK ? 300 : count >= 100000 ? 3000 : 1500, warmupTime: QUICK ? 100 : 500 });
    bench.add('wasm', step);
    bench.add('wasm 2 threads', two.step);
    if (referenceSizes.includes(count)) bench.add('reference', referenceStepper(w, count, blocking));
    await bench.run();
    const perBody = (name: string): number | undefined => {
      const task = bench.getTask(name);
      if (task === undefined) return undefined;
      const r = task.result;
      if (r.state !== 'completed') throw new Error(`bench task ${name} did not complete (${r.state})`);
      return (r.latency.p50 * 1e6) / count;
    };
    const wasm = perBody('wasm')!;
    const wasm2 = perBody('wasm 2 threads')!;
    const ref = perBody('reference');
    out.push({
      bodies: count.toLocaleString('en'),
      'wasm ns/body-step': fmt(wasm),
      'wasm body-steps/s': `${(1e9 / wasm / 1e6).toFixed(2)} M`,
      '2 threads ns/body-step': fmt(wasm2),
      '1 → 2 threads': `${(wasm / wasm2).toFixed(2)}×`,
      'reference ns/body-step': ref === undefined ? `not run (${blocking ? 'O(N²)' : 'too slow'})` : fmt(ref),
      'reference / wasm': ref === undefined ? '—' : `${(ref / wasm).toFixed(1)}×`,
      'wasm bytes/body': bytes.toFixed(0),
    });
    herd.dispose();
    two.herd.dispose();
  }
  return out;
}

/**
 * Bodies at rest (HD-2, assembly/rest.ts): 10,000 bodies of the bench world, one thread, all walking (every body seeking
 * a target 5–25 m away, a new one on arrival) against the same bodies with a share at rest — standing idle (no target,
 * no want) or resting short of a trunk that holds its target (SE-7) — and the rest walking, ns per body-step in one run;
 * bodies passing through each other, and blocking each other (idle only: a seeking body among bodies that block rests
 * only arrived).
 */
async function resting(): Promise<Record<string, string>[]> {
  const count = QUICK ? 2000 : 10000;
  const core = await createCore(decodeBase64(releaseBase64));
  const rows: Array<{ share: number; how: 'idle' | 'unreachable'; blocking: boolean }> = [
    { share: 0, how: 'idle', blocking: false },
    { share: 0.5, how: 'idle', blocking: false },
    { share: 0.9, how: 'idle', blocking: false },
    { share: 0.2, how: 'unreachable', blocking: false },
    { share: 0, how: 'idle', blocking: true },
    { share: 0.9, how: 'idle', blocking: true },
  ];
  const worlds = [false, true].map((blocking) => {
    const w = world(blocking);
    return { w, ground: core.groundOf(w) };
  });
  const bench = new Bench({ time: QUICK ? 300 : 1500, warmupTime: QUICK ? 100 : 500 });
  const herdsMade: Herd[] = [];
  for (const { share, how, blocking } of rows) {
    const { w, ground } = worlds[blocking ? 1 : 0]!;
    const { herd, step } = herdStepper(core, w, ground, count, 1);
    herdsMade.push(herd);
    const resting = Math.round(share * count);
    for (let i = 0; i < resting; i++) {
      if (how === 'idle') {
        herd.unseek(i);
        herd.wantX[i] = 0;
        herd.wantZ[i] = 0;
      } else {
        // A trunk within 30 m: the body walks up to it and rests there, reading unreachable.
        const near = ground.solids(herd.x[i]!, herd.z[i]!, 30);
        if (near.length > 0) herd.seek(i, [near[0]!.x, near[0]!.z], 0);
      }
    }
    // Time to settle: the idle stop, the others walk up to their trunks.
    for (let f = 0; f < 600; f++) step();
    let still = 0;
    for (let i = 0; i < count; i++) if (herd.vx[i] === 0 && herd.vz[i] === 0 && herd.wantX[i] === 0 && herd.wantZ[i] === 0) still++;
    bench.add(`${Math.round(share * 100)} % ${how}|${still}|${blocking ? 'blocking' : 'passing'}`, step);
  }
  await bench.run();
  const out: Record<string, string>[] = [];
  // Each row against the all-walking row of its kind of bodies, passing through each other or blocking.
  const walking = new Map<string, number>();
  for (const task of bench.tasks) {
    const r = task.result;
    if (r.state !== 'completed') throw new Error(`bench task ${task.name} did not complete (${r.state})`);
    const ns = (r.latency.p50 * 1e6) / count;
    const [name, still, bodies] = task.name.split('|') as [string, string, string];
    if (!walking.has(bodies)) walking.set(bodies, ns);
    out.push({
      bodies: `${count.toLocaleString('en')}, ${bodies === 'blocking' ? 'blocking each other' : 'passing through'}`,
      'at rest': name === '0 % idle' ? 'none' : name,
      'standing still at the step': Number(still).toLocaleString('en'),
      'ns/body-step': fmt(ns),
      'against all walking': `${(ns / walking.get(bodies)!).toFixed(2)}×`,
    });
  }
  for (const h of herdsMade) h.dispose();
  return out;
}

/**
 * SE-3's cost against the distance to the target: N = 2,000 bodies among 2,000 trees on a 256 m world, each seeking
 * a target `distance` metres away in a random direction. Every sample steps the same start state (restored through
 * the views first), so near bodies do not arrive and make the near case cheap.
 */
async function farTargets(): Promise<Record<string, string>[]> {
  const w = sampleWorld({ half: 128, cell: 1, trees: 2000, boulders: 0, seed: 11 });
  const core = await createCore(decodeBase64(releaseBase64));
  const ground = core.groundOf(w);
  const count = 2000;
  const bench = new Bench({ time: QUICK ? 300 : 1500, warmupTime: QUICK ? 100 : 300 });
  const distances = [10, 100, 300, 500];
  for (const distance of distances) {
    const next = random(5);
    const herd = new core.Herd(w, ground, count);
    for (let i = 0; i < count; i++) {
      const [x, z] = spot(ground, () => 0.5 + (next() - 0.5) * 0.45);
      const a = next() * 6.283185307179586;
      herd.add({ kind: 'xbot', pos: [x, core.stand(reference.numbers({ kind: 'xbot' }, w), ground, x, z), z] });
      herd.seek(i, [x + distance * Math.sin(a), z + distance * Math.cos(a)], 0.5);
    }
    const numbers = HERD_NUMBERS.map((f) => [f, herd.numbers(f).slice()] as const);
    const flags = HERD_FLAGS.map((f) => [f, herd.flags(f).slice()] as const);
    bench.add(`${distance} m`, () => {
      for (const [f, a] of numbers) herd.numbers(f).set(a);
      for (const [f, a] of flags) herd.flags(f).set(a);
      herd.step(DT);
    });
  }
  await bench.run();
  const near = (bench.getTask('10 m')!.result as { latency: { p50: number } }).latency.p50;
  return distances.map((d) => {
    const p50 = (bench.getTask(`${d} m`)!.result as { latency: { p50: number } }).latency.p50;
    return { 'target distance': `${d} m`, 'wasm ns/body-step': fmt((p50 * 1e6) / count), 'vs 10 m': `${(p50 / near).toFixed(2)}×` };
  });
}

/** Milliseconds one call of `f` takes, once (a first call, which works out what later calls reuse). */
function once(f: () => void): number {
  const t = performance.now();
  f();
  return performance.now() - t;
}

/**
 * RT: routes across the bench world's 512 × 512 lattice (1 m cells, a lake, 5,000 trees), corner to corner and side to
 * side: the first route on a fresh core and grid, the same route again on the grid kept (p50), on wasm and on the
 * reference, and the bytes the core holds for it beyond the ground.
 */
async function routes(): Promise<Record<string, string>[]> {
  const w = world(false);
  const trips: Array<[string, [number, number], [number, number]]> = [
    ['corner to corner', [-240, -240], [240, 240]],
    ['side to side', [-250, 10], [250, -10]],
  ];
  /** The standable cell centre nearest (x, z) within 8 m (RT-1), so a trip starts and ends where a body can stand. */
  const standable = (core: WasmCore, ground: Ground, x: number, z: number): [number, number] => {
    const p = core.passability({ kind: 'xbot', pos: [x, 0, z] }, w, ground, [x - 8, z - 8, x + 8, z + 8]);
    let best: [number, number] = [x, z];
    let bestD = Infinity;
    for (let k = 0; k < p.stand.length; k++) {
      const cx = p.x0 + ((k % p.columns) + 0.5) * p.cell;
      const cz = p.z0 + (Math.floor(k / p.columns) + 0.5) * p.cell;
      const d = (cx - x) ** 2 + (cz - z) ** 2;
      if (p.stand[k] === 1 && d < bestD) [best, bestD] = [[cx, cz], d];
    }
    return best;
  };
  const out: Record<string, string>[] = [];
  for (const [name, near, far] of trips) {
    const core = await createCore(decodeBase64(releaseBase64));
    const ground = core.groundOf(w);
    const from = standable(core, ground, near[0], near[1]);
    const to = standable(core, ground, far[0], far[1]);
    core.stand(reference.numbers({ kind: 'xbot' }, w), ground, 0, 0);
    const before = core.bytesInUse();
    const me: Row = { kind: 'xbot', pos: [from[0], core.stand(reference.numbers({ kind: 'xbot' }, w), ground, from[0], from[1]), from[1]] };
    let route = { length: 0, waypoints: [] as unknown[] };
    const first = once(() => { route = core.route(me, w, to, ground); });
    const held = core.bytesInUse() - before;
    const refGround = reference.groundOf(w);
    const refFirst = once(() => { route = reference.route(me, w, to, refGround); });
    const bench = new Bench({ time: QUICK ? 300 : 2000, warmupTime: QUICK ? 100 : 300 });
    bench.add('wasm', () => { core.route(me, w, to, ground); });
    bench.add('reference', () => { reference.route(me, w, to, refGround); });
    await bench.run();
    const ms = (task: string): number => (bench.getTask(task)!.result as { latency: { p50: number } }).latency.p50;
    const least = (task: string): number => (bench.getTask(task)!.result as { latency: { min: number } }).latency.min;
    out.push({
      route: name,
      'length m': route.length.toFixed(1),
      waypoints: String(route.waypoints.length),
      'wasm first ms': first.toFixed(0),
      'wasm ms (grid kept)': ms('wasm').toFixed(2),
      'wasm ms, least': least('wasm').toFixed(2),
      'reference first ms': refFirst.toFixed(0),
      'reference ms (grid kept)': ms('reference').toFixed(1),
      'wasm MB held': (held / 1048576).toFixed(1),
    });
  }
  return out;
}

/**
 * RT-7: one flow field, alone — a herd of one body routing to a gate on a fresh core (its grid's cells and edges all
 * worked out anew), the first step less the second (which reuses the field); five gates on dry ground clear of
 * trees within 43 m of the middle of the bench world, median and least.
 */
async function oneField(): Promise<Record<string, string>> {
  const w = world(false);
  const n = reference.numbers({ kind: 'xbot' }, w);
  const next = random(11);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const core = await createCore(decodeBase64(releaseBase64));
    const ground = core.groundOf(w);
    const [tx, tz] = spot(ground, () => 0.5 + (next() - 0.5) * 0.18);
    const [x, z] = spot(ground, () => 0.5 + (next() - 0.5) * 0.18);
    const herd = new core.Herd(w, ground, 1);
    herd.add({ kind: 'xbot', pos: [x, core.stand(n, ground, x, z), z] });
    herd.seek(0, [tx, tz], 0.5, { route: true });
    const first = once(() => herd.step(DT));
    times.push(first - once(() => herd.step(DT)));
  }
  times.sort((a, b) => a - b);
  return { 'one flow field, 128 × 128 cells': 'wasm', 'ms (median of 5)': times[2].toFixed(0), 'ms, least': times[0].toFixed(0) };
}

/**
 * RT-7, RT-8: N bodies within 43 m (on each axis) of one gate on the bench world, inside its field's square, all seeking it — along one shared flow field, or
 * plainly — ns per body-step; every sample steps the same start state (restored through the views), so none
 * arrives; the two alternate over four rounds. The field is made in the first step, timed on its own.
 */
async function gate(): Promise<Record<string, string>[]> {
  const w = world(false);
  const out: Record<string, string>[] = [];
  for (const count of QUICK ? [1000] : [1000, 10000]) {
    const core = await createCore(decodeBase64(releaseBase64));
    const ground = core.groundOf(w);
    const n = reference.numbers({ kind: 'xbot' }, w);
    const next = random(9);
    const target: [number, number] = [0.5, 0.5];
    const herds = [false, true].map((route) => {
      const herd = new core.Herd(w, ground, count);
      return { herd, route };
    });
    for (let i = 0; i < count; i++) {
      const [x, z] = spot(ground, () => 0.5 + (next() - 0.5) * 0.18);
      for (const { herd, route } of herds) {
        herd.add({ kind: 'xbot', pos: [x, core.stand(n, ground, x, z), z] });
        herd.seek(i, target, 0.5, { route });
      }
    }
    const fieldMs = once(() => herds[1].herd.step(DT)) - once(() => herds[0].herd.step(DT));
    const tasks = herds.map(({ herd, route }) => {
      const numbers = HERD_NUMBERS.map((f) => [f, herd.numbers(f).slice()] as const);
      const flags = HERD_FLAGS.map((f) => [f, herd.flags(f).slice()] as const);
      const run = (): void => {
        for (const [f, a] of numbers) herd.numbers(f).set(a);
        for (const [f, a] of flags) herd.flags(f).set(a);
        herd.step(DT);
      };
      return { name: route ? 'routing' : 'plain', run };
    });
    // Four rounds, the two tasks in turn first, and each task's median p50: on a shared machine the load drifts
    // between one task's samples and the other's, which skews a ratio taken from a single round.
    const p50s: Record<string, number[]> = { plain: [], routing: [] };
    for (let round = 0; round < 4; round++) {
      const bench = new Bench({ time: QUICK ? 100 : 400, warmupTime: QUICK ? 50 : 100 });
      for (const task of round % 2 === 0 ? tasks : [...tasks].reverse()) bench.add(task.name, task.run);
      await bench.run();
      for (const task of tasks) p50s[task.name].push((bench.getTask(task.name)!.result as { latency: { p50: number } }).latency.p50);
    }
    const ns = (task: string): number => {
      const sorted = [...p50s[task]].sort((a, b) => a - b);
      return (((sorted[1] + sorted[2]) / 2) * 1e6) / count;
    };
    out.push({
      bodies: count.toLocaleString('en'),
      'one field ms (first step)': fieldMs.toFixed(0),
      'plain seek ns/body-step': fmt(ns('plain')),
      'routing ns/body-step': fmt(ns('routing')),
      'routing / plain': `${(ns('routing') / ns('plain')).toFixed(2)}×`,
    });
  }
  return out;
}

/** Timed plays of a trip or world: the same frames each time (the play is deterministic), so a frame's least time is its own cost. */
const PLAYS = 3;

/**
 * CO-12: the companion's cost per frame on a 0.25 m heightmap (the autopilot's scenes): following a player who runs a
 * 20 m square on open ground (tinybench, no route planned), and every frame of the pond trip — the player wading
 * across, the companion going round on routes — timed one by one, the frames that planned apart.
 */
/**
 * Frames timed per play of an edits scene, after a second of frames unmeasured, and plays per scene (the median play
 * is shown: the machine may be shared). Why 5 s: a second's frames read the JIT compiling the edit calls and one
 * collection more or less, two to one from play to play; a game edits its level for minutes.
 */
const EDIT_WARM = QUICK ? 10 : 60;
const EDIT_FRAMES = QUICK ? 20 : 300;
const EDIT_PLAYS = QUICK ? 1 : 3;
/** The route the edits scenes ask every frame on the grid the core keeps, and the box its moved solids are drawn in. */
const EDIT_FROM: [number, number] = [-120, -120];
const EDIT_TO: [number, number] = [-80, -90];
const ACROSS = { x0: -135, z0: -135, x1: -65, z1: -75 };

/** What an edits scene moves: 100 of the world's trees, or 100 boxes added, near the route or far from it. */
interface EditScene {
  solids: 'trees' | 'boxes';
  where: 'across the route' | 'far from the route';
}

/** One play's mean ms per frame: the edits, the herd step (and the drops it makes), and the route. */
interface EditFrame {
  edits: number;
  step: number;
  route: number;
}

/**
 * One play of an edits scene: the bench world, for boxes with 100 boxes added (1–3 m by 0.6–2 m, each turned its own
 * way) before the herd is made, a 1,000-body herd and one route on the kept grid; each frame moves the scene's solids
 * 0.3 m one side of their place, then the other (none when `moving` is false), steps the herd, asks the route.
 */
function editPlay(core: WasmCore, scene: EditScene, moving: boolean): EditFrame {
  const w = world(false);
  const ground = core.groundOf(w);
  const level = solidsOf(ground);
  const next = random(11);
  const inBox = (x: number, z: number): boolean => x > ACROSS.x0 && x < ACROSS.x1 && z > ACROSS.z0 && z < ACROSS.z1;
  const near = scene.where === 'across the route';
  const moved: number[] = [];
  if (scene.solids === 'boxes') {
    while (moved.length < 100) {
      const x = near ? ACROSS.x0 + (ACROSS.x1 - ACROSS.x0) * next() : 110 + 130 * next();
      const z = near ? ACROSS.z0 + (ACROSS.z1 - ACROSS.z0) * next() : -240 + 480 * next();
      moved.push(level.add({ shape: 'box', x, z, halfX: 0.5 + next(), halfZ: 0.3 + 0.7 * next(), yaw: next() * 6.283185307179586 }));
    }
  } else {
    for (let id = 0; id < level.ids && moved.length < 100; id++) {
      const c = level.get(id) as CircleSolid;
      if (near ? inBox(c.x, c.z) : c.x > 100) moved.push(id);
    }
  }
  const homes = moved.map((id) => level.get(id) as { x: number; z: number });
  const { herd, step } = herdStepper(core, w, ground, 1000, 1);
  const me: Row = { kind: 'xbot', pos: [EDIT_FROM[0], core.stand(reference.numbers({ kind: 'xbot' }, w), ground, EDIT_FROM[0], EDIT_FROM[1]), EDIT_FROM[1]] };
  const move = (f: number): void => {
    if (!moving) return;
    const side = f % 2 === 0 ? 0.3 : -0.3;
    for (let k = 0; k < moved.length; k++) level.move(moved[k], homes[k].x + side, homes[k].z);
  };
  core.route(me, w, EDIT_TO, ground);
  // Warmed up first: the figures are of frames in a running game.
  for (let f = 0; f < EDIT_WARM; f++) {
    move(f);
    step();
    core.route(me, w, EDIT_TO, ground);
  }
  const sum: EditFrame = { edits: 0, step: 0, route: 0 };
  for (let f = 0; f < EDIT_FRAMES; f++) {
    let t = performance.now();
    move(f);
    sum.edits += performance.now() - t;
    t = performance.now();
    step();
    sum.step += performance.now() - t;
    t = performance.now();
    core.route(me, w, EDIT_TO, ground);
    sum.route += performance.now() - t;
  }
  herd.dispose();
  return { edits: sum.edits / EDIT_FRAMES, step: sum.step / EDIT_FRAMES, route: sum.route / EDIT_FRAMES };
}

/**
 * A level that changes (LV-2, LV-4): 100 boxes, or 100 of the bench world's trees, moved a frame (each 0.3 m one
 * side of its place, then the other) while a 1,000-body herd steps and one route is asked on the grid the core keeps
 * — the edits, the herd step that drops what they reach, and the route, ms per frame — against the same frames with
 * nothing moved, plays of the two taking turns. Moved across the route, the kept grid forgets the cells they reach
 * and the route works those out again (LV-4's repair); moved far from it, the grid keeps every cell.
 */
async function edits(core: WasmCore): Promise<Record<string, string>[]> {
  const out: Record<string, string>[] = [];
  const ms = (v: number): string => v.toFixed(3);
  const scenes: EditScene[] = [
    { solids: 'boxes', where: 'across the route' },
    { solids: 'boxes', where: 'far from the route' },
    { solids: 'trees', where: 'across the route' },
    { solids: 'trees', where: 'far from the route' },
  ];
  for (const scene of scenes) {
    const still: EditFrame[] = [];
    const moving: EditFrame[] = [];
    for (let play = 0; play < EDIT_PLAYS; play++) {
      still.push(editPlay(core, scene, false));
      moving.push(editPlay(core, scene, true));
    }
    const total = (f: EditFrame): number => f.edits + f.step + f.route;
    const median = (plays: EditFrame[]): EditFrame => [...plays].sort((a, b) => total(a) - total(b))[plays.length >> 1];
    const m = median(moving);
    const s = median(still);
    const extra = total(m) - total(s);
    out.push({
      'moved a frame': `100 ${scene.solids}, ${scene.where}`,
      'edits ms': ms(m.edits),
      'herd step ms (still)': `${ms(m.step)} (${ms(s.step)})`,
      'route ms (still)': `${ms(m.route)} (${ms(s.route)})`,
      'frame ms (still)': `${ms(total(m))} (${ms(total(s))})`,
      'edits and what they cost ms': `${ms(extra)} ${extra <= 0.5 ? '≤' : '>'} 0.5`,
    });
  }
  return out;
}

/** The village's half side, m: the 256 m world of 2,000 trees. */
const VILLAGE_HALF = BENCH_VILLAGE.half;

/** A herd of `count` bodies seeking 5–25 m targets over the village world (a new one on arrival every 30 steps). */
function villageStepper(core: WasmCore, w: World, ground: Ground, starts: [number, number][], targets: [number, number][]): { herd: Herd; step: () => void } {
  const inside = (c: number): number => Math.max(-VILLAGE_HALF + 8, Math.min(VILLAGE_HALF - 8, c));
  const herd = new core.Herd(w, ground, { capacity: starts.length, threads: 1 });
  const n = reference.numbers({ kind: 'xbot' }, w);
  starts.forEach(([x, z], i) => {
    herd.add({ kind: 'xbot', pos: [x, core.stand(n, ground, x, z), z] });
    herd.seek(i, targets[i], 0.5);
  });
  const next = random(3);
  let steps = 0;
  const step = (): void => {
    herd.step(DT);
    if (++steps % 30 !== 0) return;
    const arrived = herd.arrived;
    const xs = herd.x;
    const zs = herd.z;
    for (let i = 0; i < arrived.length; i++) {
      if (arrived[i] === 0) continue;
      const [tx, tz] = targetNear(xs[i], zs[i], next);
      herd.seek(i, [inside(tx), inside(tz)], 0.5);
    }
  };
  return { herd, step };
}

/**
 * The village against the trees alone (issue 29): the same bodies (dry spots clear of every solid of the village, the
 * same targets) stepped on both grounds in one run, ns per body-step and the ratio (target: ≤ 1.3×).
 */
async function village(): Promise<Record<string, string>[]> {
  const out: Record<string, string>[] = [];
  for (const count of [1000, 10000]) {
    // Two worlds: the solids' edits are of a world's, made in every ground over it (LV-2).
    const w = villageWorld(BENCH_VILLAGE);
    const v = villageWorld(BENCH_VILLAGE);
    const core = await createCore(decodeBase64(releaseBase64));
    const trees = core.groundOf(w);
    const houses = core.groundOf(v);
    buildVillage(walkerOn(core), houses, BENCH_VILLAGE);
    const next = random(2);
    const starts: [number, number][] = [];
    const targets: [number, number][] = [];
    while (starts.length < count) {
      const x = (next() - 0.5) * (2 * VILLAGE_HALF - 16);
      const z = (next() - 0.5) * (2 * VILLAGE_HALF - 16);
      if ((houses.depth?.(x, z) ?? 0) !== 0 || houses.solids(x, z, 0.6).length !== 0) continue;
      const [tx, tz] = targetNear(x, z, next);
      starts.push([x, z]);
      targets.push([Math.max(-VILLAGE_HALF + 8, Math.min(VILLAGE_HALF - 8, tx)), Math.max(-VILLAGE_HALF + 8, Math.min(VILLAGE_HALF - 8, tz))]);
    }
    const plain = villageStepper(core, w, trees, starts, targets);
    const walled = villageStepper(core, v, houses, starts, targets);
    const bench = new Bench({ time: QUICK ? 300 : 1500, warmupTime: QUICK ? 100 : 500 });
    bench.add('trees', plain.step);
    bench.add('village', walled.step);
    await bench.run();
    const perBody = (name: string): number => {
      const r = bench.getTask(name)!.result;
      if (r.state !== 'completed') throw new Error(`bench task ${name} did not complete (${r.state})`);
      return (r.latency.p50 * 1e6) / count;
    };
    const alone = perBody('trees');
    const withVillage = perBody('village');
    out.push({
      bodies: count.toLocaleString('en'),
      'trees only ns/body-step': fmt(alone),
      'village ns/body-step': fmt(withVillage),
      'village / trees': `${(withVillage / alone).toFixed(2)}×`,
      'goal': withVillage / alone <= 1.3 ? 'met (≤ 1.3×)' : 'missed (> 1.3×)',
    });
    plain.herd.dispose();
    walled.herd.dispose();
  }
  return out;
}

/** Bodies and seconds of the routes through the village (BENCH_QUICK: fewer, shorter). */
const VILLAGE_BODIES = QUICK ? 200 : 1000;
const VILLAGE_SECONDS = QUICK ? 60 : 90;

/**
 * Routes through the village (issue 29, RT-9): VILLAGE_BODIES bodies, half inside the walled square bound for a place
 * outside it and half the other way (bench/village.ts), each on its own route (RouteFollower, the README's way for a
 * target per body) for VILLAGE_SECONDS; of those whose target `route` reaches, how many came within 0.5 m of it
 * (target: ≥ 99 %), on the release core.
 */
async function villageWays(): Promise<Record<string, string>[]> {
  const api = walkerOn(await createCore(decodeBase64(releaseBase64)));
  const started = performance.now();
  const r = villageRoutes(api, BENCH_VILLAGE, VILLAGE_BODIES, VILLAGE_SECONDS, 5);
  const share = (100 * r.reached) / r.withPath;
  for (const m of r.missed.slice(0, 5)) console.log(`  missed: ${m}`);
  return [{
    bodies: r.bodies.toLocaleString('en'),
    'with a path': r.withPath.toLocaleString('en'),
    [`reached within ${VILLAGE_SECONDS} s (${VILLAGE_STOP} m)`]: r.reached.toLocaleString('en'),
    'of those with a path': `${share.toFixed(1)} %`,
    goal: share >= 99 ? 'met (≥ 99 %)' : 'missed (< 99 %)',
    's to play': ((performance.now() - started) / 1000).toFixed(1),
  }];
}

async function companion(): Promise<Record<string, string>[]> {
  const out: Record<string, string>[] = [];
  const apis = [['wasm', walkerOn(await createCore(decodeBase64(releaseBase64)))], ['reference', reference]] as const;
  const flat = heightmapWorld({ name: 'open ground', height: () => 0, trees: [] });
  const square: Trip = { scene: { name: 'open ground', height: () => 0, trees: [] }, start: [0, 0], waypoints: [[20, 0], [20, 20], [0, 20], [0, 0]], speed: 6, companion: [0, -2.5] };
  for (const [name, api] of apis) {
    const ground = api.groundOf(flat);
    const player: Row = { kind: 'player', as: 'xbot', pos: [0, 0, 0] };
    const row: Row = { kind: 'ally', pos: [0, 0, -2.5] };
    const c = new api.Companion({ row, world: flat, ground });
    let f = 0;
    const bench = new Bench({ time: QUICK ? 300 : 1500, warmupTime: QUICK ? 100 : 300 });
    bench.add('follow', () => {
      const p = tripAt(square, (f++ % 800) * DT);
      player.pos = [p.x, 0, p.z];
      c.step(DT, player);
    });
    await bench.run();
    const us = (bench.getTask('follow')!.result as { latency: { p50: number } }).latency.p50 * 1000;
    out.push({ core: name, scene: 'following on open ground', 'µs/step (p50)': us.toFixed(1), 'routes planned': String(c.plans), 'plan frames': '0', 'plan frame ms, median': '-', 'plan frame ms, slowest': '-' });
  }
  const trip = ROUND_TRIPS[0];
  for (const [name, api] of apis) {
    // One untimed trip warms the code; then each frame is the least of PLAYS trips, each on a fresh ground.
    pondTrip(api, trip);
    const trips = Array.from({ length: PLAYS }, () => pondTrip(api, trip));
    const least = trips[0].ms.map((_, i) => Math.min(...trips.map((t) => t.ms[i])));
    const { calls, plans } = trips[0];
    const planning = least.filter((_, i) => calls[i]).sort((a, b) => a - b);
    const plain = least.filter((_, i) => !calls[i]).sort((a, b) => a - b);
    out.push({
      core: name, scene: 'round a pond the player wades (12 s)', 'µs/step (p50)': `${(plain[plain.length >> 1] * 1000).toFixed(1)} (frames without a plan)`,
      'routes planned': String(plans), 'plan frames': String(planning.length),
      'plan frame ms, median': planning[planning.length >> 1].toFixed(2), 'plan frame ms, slowest': planning[planning.length - 1].toFixed(2),
    });
  }
  return out;
}

/**
 * The pond trip of the autopilot's scenes on a fresh ground, the companion stepped after the player every frame:
 * each step's ms, whether it called `route` (a plan's frame: it starts or goes on with one, CO-12), and the routes planned.
 */
function pondTrip(api: typeof reference, trip: Trip): { ms: number[]; calls: boolean[]; plans: number } {
  const w = heightmapWorld(trip.scene);
  const ground = api.groundOf(w);
  const player: Row = { kind: 'player', as: 'xbot', pos: [trip.start[0], 0, trip.start[1]] };
  const row: Row = { kind: 'ally', pos: [trip.companion[0], api.stand(api.numbers({ kind: 'ally' }, w), ground, trip.companion[0], trip.companion[1]), trip.companion[1]] };
  let routed = false;
  const core: WalkerCore = {
    walk: api.walk, seek: api.seek, stand: api.stand, numbers: api.numbers,
    route: (...args) => {
      routed = true;
      return api.route(...args);
    },
  };
  const c = new Companion(core, { row, world: w, ground });
  const ms: number[] = [];
  const calls: boolean[] = [];
  for (let frame = 0; frame < 12 / DT; frame++) {
    const p = tripAt(trip, frame * DT);
    player.pos = [p.x, tripHeight(trip.scene, p.x, p.z), p.z];
    routed = false;
    ms.push(once(() => c.step(DT, player)));
    calls.push(routed);
  }
  return { ms, calls, plans: c.plans };
}

/** Seconds the play-test plays per world. */
const PLAY_SECONDS = QUICK ? 30 : 120;

/**
 * CO-13: the play-test on the wasm core, every companion step timed, after one untimed play of the same world (so the
 * figures are of warm code), each play on a fresh ground (its grids start with nothing worked out). A frame's time is
 * the least of PLAYS plays of it — on a shared machine a single play's slowest frames are mostly preemption and the
 * collector, which land on other frames each play — and the longest single-play step is shown beside it.
 */
async function play(): Promise<Record<string, string>[]> {
  const api = walkerOn(await createCore(decodeBase64(releaseBase64)));
  const out: Record<string, string>[] = [];
  for (const world of playWorlds(7)) {
    playWorld(api, api.groundOf, world, 7, PLAY_SECONDS, DT);
    let least: number[] = [];
    let single = 0;
    let f = null as ReturnType<typeof playWorld> | null;
    for (let p = 0; p < PLAYS; p++) {
      const again = playWorlds(7).find((w) => w.name === world.name)!;
      f = playWorld(api, api.groundOf, again, 7, PLAY_SECONDS, DT, () => performance.now());
      least = p === 0 ? f.stepTimes : least.map((ms, i) => Math.min(ms, f!.stepTimes[i]));
      single = Math.max(single, f.longestStep);
    }
    const steps = [...least].sort((a, b) => a - b);
    out.push({
      world: world.name, steps: String(steps.length), 'longest ms': steps[steps.length - 1].toFixed(2),
      'p99.9 ms': steps[Math.floor(steps.length * 0.999)].toFixed(2), 'median µs': (steps[steps.length >> 1] * 1000).toFixed(0),
      'steps over 2 ms': String(steps.filter((ms) => ms > 2).length), 'longest ms, one play': single.toFixed(2),
      placements: String(f!.placements), 'routes taken': String(f!.routes),
    });
  }
  return out;
}

async function main(): Promise<void> {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(`walker bench — node ${process.version}, ${cpu} × ${cpus().length}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}${QUICK ? ', quick run' : ''}`);
  console.log('Medians (p50) of tinybench samples; one thread unless a column says 2 threads (HD-5); the wasm entry is the release build.');
  console.log('On a loaded machine the 2-thread figures are upper bounds and their ratio to one thread understates what a free core gives.\n');
  const core = await createCore(decodeBase64(releaseBase64));
  if (runs('calls')) {
    console.log('Per call (1,024 rows spread over the 512 m bench world, want set, seek targets 5–25 m away; each call on the next row):');
    console.table(await perCall(core));
  }
  if (runs('herds')) {
    console.log('\nHerd step, every body seeking (5–25 m targets), bodies pass through each other (kinds list no bodies):');
    console.table(await herds(false));
    console.log('\nHerd step, every body seeking, bodies block each other (xbot lists xbot in bodies):');
    console.table(await herds(true));
  }
  if (runs('rest')) {
    console.log('\nBodies at rest (HD-2): a herd with a share of its bodies standing idle or resting short of a target they cannot reach, the rest walking, one thread:');
    console.table(await resting());
  }
  if (runs('far')) {
    console.log('\nHerd step against the distance to the target (2,000 bodies, 2,000 trees, 256 m world; target: within 1.2× of 10 m):');
    console.table(await farTargets());
  }
  if (runs('routes')) {
    console.log('\nRoutes across the 512 × 512 lattice of the bench world (1 m cells, lake, 5,000 trees; target: ≤ 5 ms in wasm with the grid kept):');
    console.table(await routes());
    console.table([await oneField()]);
    console.log('\nOne gate: every body within 43 m of it (each axis) seeks it, along one shared flow field or plainly (target: routing ≤ 1.5× plain):');
    console.table(await gate());
  }
  if (runs('edits')) {
    console.log(`\nA level that changes (LV-2, LV-4): 100 boxes or trees moved a frame, a 1,000-body herd stepping, one route on the kept grid, median of ${EDIT_PLAYS} plays of ${EDIT_FRAMES} frames (target: the frame's ms over the same frames with nothing moved ≤ 0.5; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}):`);
    console.table(await edits(core));
  }
  if (runs('village')) {
    console.log('\nThe village (2,000 trees, 40 houses, 300 m of walls with 4 gates, 256 m world) against the trees alone, the same bodies in one run (target: ≤ 1.3×):');
    console.table(await village());
    console.log(`\nRoutes through the village: ${VILLAGE_BODIES.toLocaleString('en')} bodies, each inside the walled square bound outside or the other way, on routes of their own (RouteFollower), ${VILLAGE_SECONDS} s (target: ≥ 99 % of those with a path reach their targets):`);
    console.table(await villageWays());
  }
  if (runs('companion')) {
    console.log('\nThe companion per frame (CO-12), on the autopilot scenes\' 0.25 m heightmap; a plan searches at most 16,384 cells, the first on a fresh grid:');
    console.table(await companion());
    console.log(`\nThe play-test (CO-13) on the wasm core: ${PLAY_SECONDS} s per world under the WASD stick, every companion step timed, each the least of ${PLAYS} plays (target: longest ≤ 2 ms):`);
    console.table(await play());
  }
  console.log('\nTargets: ≤ 250 ns per body-step at 10k; wasm ≥ 3× the reference loop; ≤ 256 bytes per body beyond the ground.');
  console.log('bytes/body: wasm memory the herd adds (its arrays, its grid, and room in the query list for every body where bodies block),');
  console.log('divided by N; the ground (terrain, 5,000 trees, corner cache) is counted before the herd is made.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
