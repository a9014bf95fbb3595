/**
 * bench:peers — walker against Rapier's character controller on one scene: how many bodies per frame, and what each
 * gives up. Speed (µs per body-step, body-steps per second, the ratio to walker Herd), a behaviour cross-check on the
 * same scene, peak memory; a markdown report at bench/RESULTS.md and a chart at bench/results.svg.
 *
 *   npm run bench:peers              the full run (several minutes; progress on stderr)
 *   npm run bench:peers -- --quick   a short run with small N, for trying changes (writes nothing)
 *   BENCH_ONLY=speed npm run bench:peers   the full plan's speed rounds alone (about 5 minutes): the speed table and
 *                                          the summary line printed, nothing written
 *
 * The full run also runs the crowd scenes against Detour's crowd (bench/crowds/, alone: npm run bench:crowds).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Contender, Sim } from './peers/contender.ts';
import { blockingHerdContender, herdContender, villageHerdContender, waypointContender, type HerdEntry } from './peers/herd.ts';
import { behave, memoryOf, progress, timeFrames, watchWasmMemories, type Behaviour, type MemoryReport, type TimingOptions } from './peers/measure.ts';
import { initRapier, probeGround, rapierContender, type GroundProbe } from './peers/rapier.ts';
import { behaviourTable, chartSvg, machineText, speedTable, type BehaviourRow, type Machine, type Series, type SpeedRow } from './peers/report.ts';
import { FAR, Scene } from './peers/scene.ts';
import type { CrowdResult } from './crowds/run.ts';
import { runCrowdSuite } from './crowds/suite.ts';
import { crowdMethod, crowdTable } from './crowds/table.ts';
import { checkSurface, type SurfaceCheck } from './peers/surface.ts';
import { firstPaths, rowsContender, walkerWorld, type WalkerEntry } from './peers/walker.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const script = fileURLToPath(import.meta.url);

interface Plan {
  ns: number[];
  trees: number[];
  timing: TimingOptions;
  behaviourN: number;
  behaviourSeconds: number;
  memoryNs: number[];
  /** A contender whose timed part would take longer than this is skipped at that N, seconds. */
  budgetSeconds: number;
  /** The Ns and tree count at which the Herd rows whose bodies block each other run (issue 31's cost). */
  blocking: { ns: number[]; trees: number };
  /** The Ns and tree count at which the Herd row on the village runs, beside the trees alone (issue 29's cost). */
  village: { ns: number[]; trees: number };
  /** Whether the crowd scenes against Detour's crowd run too (about 3 minutes). */
  crowds: boolean;
  write: boolean;
}

const FULL: Plan = {
  ns: [100, 1000, 10000],
  trees: [0, 2000],
  timing: { rounds: 7, sliceMs: 150, warmMs: 400, warmFrames: 3 },
  behaviourN: 1000,
  // Long enough for the detours round the lake and the cliff bands' ramps (up to ~100 m at 3 m/s).
  behaviourSeconds: 40,
  memoryNs: [100, 1000, 10000],
  budgetSeconds: 60,
  blocking: { ns: [1000, 10000], trees: 2000 },
  village: { ns: [1000, 10000], trees: 2000 },
  crowds: true,
  write: true,
};

const QUICK: Plan = {
  ns: [50, 200],
  trees: [0, 2000],
  timing: { rounds: 2, sliceMs: 30, warmMs: 30, warmFrames: 2 },
  behaviourN: 100,
  behaviourSeconds: 3,
  memoryNs: [50],
  budgetSeconds: 10,
  blocking: { ns: [200], trees: 2000 },
  village: { ns: [200], trees: 2000 },
  crowds: false,
  write: false,
};

/** The plain-TypeScript entry. */
async function referenceEntry(): Promise<WalkerEntry> {
  return (await import('../src/reference.ts')) as unknown as WalkerEntry;
}

/** The wasm entry, or why it did not load (a missing build/ when `npm run asbuild` has not run). */
async function wasmEntry(): Promise<{ wasm?: HerdEntry; missing?: string }> {
  const path = '../src/index.ts';
  try {
    const wasm = (await import(path)) as HerdEntry;
    if (typeof wasm.walk !== 'function' || typeof wasm.seek !== 'function' || typeof wasm.groundOf !== 'function') {
      return { missing: 'src/index.ts does not export walk, seek and groundOf yet' };
    }
    return { wasm };
  } catch (error) {
    const message = (error as Error).message;
    return { missing: /Cannot find module/.test(message) ? 'src/index.ts is not there yet' : `src/index.ts did not load: ${message.split('\n')[0]}` };
  }
}

/** The contenders (or only the one with id `only`), each loaded only when asked for, so a memory child holds only its own. */
async function contenders(only?: string): Promise<Contender[]> {
  const want = (id: string): boolean => only === undefined || only === id;
  const out: Contender[] = [];
  if (['herd', 'herd2', 'herdFar', 'herdBlock', 'herdBlock2', 'herdVillage', 'wasm'].some(want)) {
    const { wasm, missing } = await wasmEntry();
    if (want('herd')) out.push(herdContender(wasm, 1, missing));
    if (want('herd2')) out.push(herdContender(wasm, 2, missing));
    if (want('herdFar')) out.push(herdContender(wasm, 1, missing, false, FAR));
    if (want('herdBlock')) out.push(blockingHerdContender(wasm, 1, missing));
    if (want('herdBlock2')) out.push(blockingHerdContender(wasm, 2, missing));
    if (want('herdVillage')) out.push(villageHerdContender(wasm, missing));
    if (want('wasm')) out.push(rowsContender('wasm', 'walker walk+seek (wasm)', wasm, missing));
  }
  if (want('reference')) out.push(rowsContender('reference', 'walker walk+seek (reference)', await referenceEntry()));
  if (want('rapier')) {
    await initRapier();
    out.push(rapierContender);
  }
  return out;
}

function packageVersion(name: string): string {
  try {
    return (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'not installed';
  }
}

function machine(): Machine {
  const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.cpus().length,
    node: process.version,
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    versions: {
      walker: own.version,
      '@dimforge/rapier3d-compat': packageVersion('@dimforge/rapier3d-compat'),
      '@recast-navigation/core': packageVersion('@recast-navigation/core'),
      tinybench: packageVersion('tinybench'),
      typescript: packageVersion('typescript'),
      tsx: packageVersion('tsx'),
    },
    loadAverage: os.loadavg(),
  };
}

const fmt = (n: number): string => n.toLocaleString('en-US');

/** Short names for the "same final feet as" column. */
const SHORT: Record<string, string> = { herd: 'Herd', herd2: 'Herd 2 threads', herdFar: 'Herd far targets', herdBlock: 'Herd bodies blocking', herdBlock2: 'Herd bodies blocking 2 threads', herdVillage: 'Herd on the village', routes: 'Herd + routes', waypoints: 'Herd + RouteFollower', wasm: 'wasm rows', reference: 'reference rows', rapier: 'Rapier' };

/** Builds a contender, or returns why it is skipped: missing, or (measured from a short run) over the time budget. */
function buildOrSkip(c: Contender, scene: Scene, n: number, plan: Plan): { sim?: Sim; skipped?: string } {
  if (c.missing !== undefined) return { skipped: c.missing };
  const started = performance.now();
  const sim = c.build(scene, n);
  const buildSeconds = (performance.now() - started) / 1000;
  if (c.id !== 'rapier') return { sim };
  // Rapier's frames grow fast with N: time two frames (after one to settle) and skip an N where building, these
  // three frames, the warm-up and the rounds would not finish within the budget.
  sim.step();
  const t0 = performance.now();
  sim.step();
  sim.step();
  const frameSeconds = (performance.now() - t0) / 2000;
  const estimate = buildSeconds + frameSeconds * (3 + timedFrames(plan, frameSeconds));
  if (estimate > plan.budgetSeconds) {
    sim.free();
    return { skipped: `estimated ${Math.round(estimate)} s (${(frameSeconds * 1000).toFixed(0)} ms a frame) > ${plan.budgetSeconds} s budget` };
  }
  return { sim };
}

function timedFrames(plan: Plan, frameSeconds: number): number {
  const { rounds, sliceMs, warmMs, warmFrames } = plan.timing;
  const perSlice = Math.max(1, Math.ceil(sliceMs / 1000 / Math.max(frameSeconds, 1e-9)));
  return Math.max(warmFrames, Math.ceil(warmMs / 1000 / Math.max(frameSeconds, 1e-9))) + rounds * perSlice;
}

/** The contenders whose bodies block each other: speed rows only, at the plan's `blocking` Ns and trees. */
const BLOCKING = ['herdBlock', 'herdBlock2'];
/** The contender on the village: speed rows only, at the plan's `village` Ns and trees. */
const VILLAGE = 'herdVillage';

async function speed(plan: Plan, all: Contender[]): Promise<SpeedRow[]> {
  const rows: SpeedRow[] = [];
  const groups = plan.trees.flatMap((trees) => plan.ns.map((n) => ({ trees, n })));
  const runsAt = (c: Contender, trees: number, n: number): boolean =>
    c.id === VILLAGE ? trees === plan.village.trees && plan.village.ns.includes(n) : !BLOCKING.includes(c.id) || (trees === plan.blocking.trees && plan.blocking.ns.includes(n));
  let g = 0;
  for (const trees of plan.trees) {
    const scene = new Scene({ trees });
    for (const n of plan.ns) {
      g++;
      const tag = `[speed ${g}/${groups.length}] ${fmt(trees)} trees · N = ${fmt(n)}`;
      const sims = new Map<string, Sim>();
      const here: SpeedRow[] = [];
      for (const c of all.filter((c) => runsAt(c, trees, n))) {
        progress(`${tag} · building ${c.label}`);
        const { sim, skipped } = buildOrSkip(c, scene, n, plan);
        here.push({ trees, n, id: c.id, label: c.label, skipped });
        if (sim !== undefined) sims.set(c.id, sim);
      }
      // The village keeps pace with the trees alone, frame for frame, so its ratio compares equal ages.
      const timing = timeFrames(sims, { ...plan.timing, paced: new Map([[VILLAGE, 'herd']]) }, (what) => progress(`${tag} · ${what}`));
      for (const row of here) row.timing = timing.get(row.id);
      for (const sim of sims.values()) sim.free();
      rows.push(...here);
      const line = here.map((r) => `${r.id} ${r.timing ? r.timing.usPerBodyStep.toFixed(3) + ' µs' : 'skipped'}`).join(' · ');
      progress(`${tag} · ${line}`, true);
    }
  }
  return rows;
}

/** The behaviour scenes: the timing scene's hills, and the same hills with a lake and two cliff bands with ramps. */
const BEHAVIOUR_SCENES = [
  { name: 'hills', lakeAndCliffs: false },
  { name: 'lake + cliffs', lakeAndCliffs: true },
];

async function behaviour(plan: Plan, all: Contender[], paths: WalkerEntry): Promise<BehaviourRow[]> {
  const rows: BehaviourRow[] = [];
  for (const { name, lakeAndCliffs } of BEHAVIOUR_SCENES) {
    for (const trees of plan.trees) {
      const scene = new Scene({ trees, lakeAndCliffs });
      progress(`[behaviour] ${name} · ${fmt(trees)} trees · finding which first targets have a path`);
      const path = firstPaths(paths, scene, plan.behaviourN);
      const here: BehaviourRow[] = [];
      for (const c of all) {
        const tag = `[behaviour] ${c.label} · ${name} · ${fmt(trees)} trees · N = ${fmt(plan.behaviourN)}`;
        if (c.missing !== undefined) {
          here.push({ scene: name, trees, id: c.id, label: c.label, skipped: c.missing, sameAs: [] });
          continue;
        }
        progress(`${tag} · building`);
        const sim = c.build(scene, plan.behaviourN);
        const b = behave(sim, scene, plan.behaviourSeconds, path, (t) => progress(`${tag} · ${t.toFixed(0)}/${plan.behaviourSeconds} s simulated`));
        sim.free();
        const signal = b.stuckSignalled === undefined ? '' : ` (${b.stuckSignalled} with the unreachable signal)`;
        progress(`${tag} · ${(100 * b.reachedWithPath / b.withPath).toFixed(1)} % of ${b.withPath} with a path reached, ${b.stuck} stuck${signal}, ${b.insideAtEnd} inside a trunk (${b.wallSeconds.toFixed(1)} s)`, true);
        here.push({ scene: name, trees, id: c.id, label: c.label, behaviour: b, sameAs: [] });
      }
      for (const row of here.filter((r) => r.behaviour)) {
        for (const other of here.filter((r) => r.behaviour && r !== row)) {
          const a = row.behaviour!.feet;
          const b = other.behaviour!.feet;
          if (a.length === b.length && a.every((v, i) => Object.is(v, b[i]))) row.sameAs.push(SHORT[other.id] ?? other.label);
        }
      }
      rows.push(...here);
    }
  }
  return rows;
}

/** The memory children, one per contender × N × tree count (each row gets its child's report). */
function memory(plan: Plan, rows: SpeedRow[]): void {
  const jobs = rows.filter((r) => r.timing !== undefined && plan.memoryNs.includes(r.n));
  jobs.forEach((row, k) => {
    progress(`[memory ${k + 1}/${jobs.length}] ${row.label} · ${fmt(row.trees)} trees · N = ${fmt(row.n)}`);
    row.memory = memoryOf(script, row.id, row.n, row.trees);
  });
  progress(`[memory] done (${jobs.length} children)`, true);
}

/**
 * Child mode: build the scene, then — from the RSS after a full GC — load one contender, build its N bodies and step
 * 10 frames, sampling RSS after the build and each frame; print the peak growth and the wasm memory as JSON.
 */
async function memoryChild(id: string, n: number, trees: number): Promise<void> {
  const wasmBytes = watchWasmMemories();
  const scene = new Scene({ trees });
  scene.start(n);
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('bench: the memory child needs --expose-gc.');
  gc();
  const before = process.memoryUsage.rss();
  const c = (await contenders(id))[0];
  if (c === undefined || c.missing !== undefined) throw new Error(`bench: no contender ${id} here.`);
  const sim = c.build(scene, n);
  let peak = process.memoryUsage.rss();
  for (let f = 0; f < 10; f++) {
    sim.step();
    peak = Math.max(peak, process.memoryUsage.rss());
  }
  const report: MemoryReport = { peakGrowth: peak - before, wasmBytes: wasmBytes() };
  sim.free();
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

function chartSeries(rows: readonly SpeedRow[]): Series[] {
  const series: Series[] = [];
  for (const r of rows) {
    if (r.timing === undefined) continue;
    let s = series.find((x) => x.id === r.id && x.trees === r.trees);
    if (s === undefined) series.push((s = { id: r.id, label: r.label, trees: r.trees, points: [] }));
    s.points.push([r.n, r.timing.bodyStepsPerSecond]);
  }
  return series;
}

/** "the goal is ≥ least×: met" (or "not met") for a ratio to Rapier. */
function goal(ratio: number, least: number): string {
  return `the goal is ≥ ${least}×: ${ratio >= least ? 'met' : 'not met'}`;
}

function headline(rows: readonly SpeedRow[]): string {
  const at = (id: string, n = 1000): SpeedRow | undefined => rows.find((r) => r.id === id && r.n === n && r.trees === 2000);
  const herd = at('herd')?.timing;
  const rapier = at('rapier')?.timing;
  if (herd === undefined || rapier === undefined) {
    const missing = herd === undefined ? 'walker Herd' : 'Rapier';
    return `**Herd vs Rapier at N = 1,000 with 2,000 trees: not measured in this run (${missing} did not run: ${(herd === undefined ? at('herd') : at('rapier'))?.skipped ?? 'not in the plan'}).**${villageLine(rows)}`;
  }
  // A contender's body-steps per second over Rapier's at n bodies, when both ran.
  const toRapier = (id: string, n = 1000): number | undefined => {
    const a = at(id, n)?.timing;
    const r = at('rapier', n)?.timing;
    return a === undefined || r === undefined ? undefined : a.bodyStepsPerSecond / r.bodyStepsPerSecond;
  };
  const ratio = herd.bodyStepsPerSecond / rapier.bodyStepsPerSecond;
  const two = at('herd2')?.timing;
  const twoRatio = toRapier('herd2') ?? 0;
  const tenThousand = toRapier('herd2', 10000);
  const atTenThousand = tenThousand === undefined ? '' : `; at N = 10,000, ${tenThousand.toFixed(0)}× (${goal(tenThousand, 200)})`;
  const threads = two === undefined
    ? ''
    : ` On two threads (HD-5) it runs ${twoRatio.toFixed(0)}× Rapier (with every thread ${goal(twoRatio, 200)})${atTenThousand}; two threads make ${(two.bodyStepsPerSecond / herd.bodyStepsPerSecond).toFixed(2)}× the one-thread figure in the same run${two.bodyStepsPerSecond < 1.2 * herd.bodyStepsPerSecond ? ' — on a machine whose cores other work holds (see the load average above), a worker gets little time of its own, so this ratio understates what a free core gives' : ''}.`;
  const farRow = at('herdFar');
  const far = farRow?.timing === undefined
    ? ''
    : ` With every target ${farRow.label.replace(/^.*targets /, '').replace(/\)$/, '')} a body-step costs ${(herd.bodyStepsPerSecond / farRow.timing.bodyStepsPerSecond).toFixed(2)}× one with targets 10–30 m away (the goal is ≤ 1.2×).`;
  return `**At N = 1,000 with 2,000 trees, walker Herd on one thread runs ${ratio.toFixed(0)}× Rapier's body-steps per second** (${fmt(Math.round(herd.bodyStepsPerSecond))} against ${fmt(Math.round(rapier.bodyStepsPerSecond))}; ${goal(ratio, 100)}).${threads}${far}${blockingLine(rows, toRapier)}${villageLine(rows)}`;
}

/**
 * The sentence on the Herd on the village (issue 29): its µs per body-step over the trees-only Herd's at each N both
 * ran with the village's trees, in the same rounds and the same frames, against the goal of at most 1.3×; empty when
 * it did not run.
 */
function villageLine(rows: readonly SpeedRow[]): string {
  const at = (id: string, n: number) => rows.find((r) => r.id === id && r.n === n && r.timing !== undefined)?.timing;
  const ns = [...new Set(rows.filter((r) => r.id === VILLAGE && r.timing !== undefined).map((r) => r.n))];
  const ratios = ns.flatMap((n) => {
    const village = at(VILLAGE, n);
    const trees = rows.find((r) => r.id === 'herd' && r.n === n && r.trees === rows.find((v) => v.id === VILLAGE && v.n === n)?.trees)?.timing;
    if (village === undefined || trees === undefined) return [];
    const ratio = village.usPerBodyStep / trees.usPerBodyStep;
    return [`${ratio.toFixed(2)}× at N = ${fmt(n)} (the goal is ≤ 1.3×: ${ratio <= 1.3 ? 'met' : 'not met'})`];
  });
  if (ratios.length === 0) return '';
  return ` On the village (the same trees with 40 houses and 300 m of walls with gates, LV-1) a Herd body-step costs ${ratios.join(' and ')} of one on the trees alone, in the same rounds, stepped frame for frame with it (so both are timed at the same ages).`;
}

/**
 * The sentence on the Herd whose bodies block each other (issue 31): its ratio to Rapier on two threads at each N it
 * ran with 2,000 trees, and on one thread; empty when it did not run.
 */
function blockingLine(rows: readonly SpeedRow[], toRapier: (id: string, n?: number) => number | undefined): string {
  const ns = [...new Set(rows.filter((r) => r.id === 'herdBlock2' && r.trees === 2000 && r.timing !== undefined).map((r) => r.n))];
  const two = ns.flatMap((n) => {
    const ratio = toRapier('herdBlock2', n);
    return ratio === undefined ? [] : [`${ratio.toFixed(0)}× at N = ${fmt(n)} (${goal(ratio, 150)})`];
  });
  if (two.length === 0) return '';
  const one = ns.flatMap((n) => {
    const ratio = toRapier('herdBlock', n);
    return ratio === undefined ? [] : [`${ratio.toFixed(0)}× at N = ${fmt(n)}`];
  });
  return ` With the bodies blocking each other (the kind's \`bodies\` listing itself, avoidance on: SE-6, AV), Herd on two threads runs ${two.join(' and ')} Rapier${one.length > 0 ? `, on one thread ${one.join(' and ')}` : ''}.`;
}

/** Notes on walker contenders whose final feet differ, though walker's cores are meant to agree bit for bit. */
function identityNotes(plan: Plan, behaviours: readonly BehaviourRow[]): string {
  const notes: string[] = [];
  for (const { name } of BEHAVIOUR_SCENES) {
    for (const trees of plan.trees) {
      // Routing bodies are not per-row seek and walk (RT-8), so Herd + routes is not expected to match the others.
      const walkers = behaviours.filter((r) => r.scene === name && r.trees === trees && r.behaviour !== undefined && r.id !== 'rapier' && r.id !== 'routes' && r.id !== 'waypoints');
      const odd = walkers.filter((r) => r.sameAs.filter((s) => s !== SHORT.routes && s !== SHORT.waypoints).length < walkers.length - 1);
      if (odd.length === 0) continue;
      const groups = odd.map((r) => [SHORT[r.id], ...r.sameAs].sort().join(' = '));
      notes.push(
        `\n- On ${name} with ${fmt(trees)} trees walker's contenders did not all end on the same feet (${[...new Set(groups)].join('; ')}), ` +
          'though SPEC WX-3 and HD-2 say the wasm core, the reference core and the Herd give bit-identical rows. ' +
          'Reported here as measured; the equivalence tests are the place to pin it down.',
      );
    }
  }
  return notes.join('') + (notes.length > 0 ? '\n' : '');
}

/** One sentence on what the bodies did on the lake-and-cliffs scene with trees: walker's arrivals, routed and not, and Rapier's. */
function behaviourLine(plan: Plan, behaviours: readonly BehaviourRow[]): string {
  const trees = Math.max(...plan.trees);
  const of = (id: string): Behaviour | undefined => behaviours.find((r) => r.id === id && r.trees === trees && r.scene === 'lake + cliffs')?.behaviour;
  const walker = of('herd') ?? of('wasm') ?? of('reference');
  const routes = of('routes');
  const rapier = of('rapier');
  if (walker === undefined || rapier === undefined) return '';
  const pct = (b: Behaviour): string => `${(100 * b.reachedWithPath / b.withPath).toFixed(1)} %`;
  const stuck = (b: Behaviour): string => `${b.stuck} stuck${b.stuckSignalled === undefined ? '' : `, ${b.stuck - b.stuckSignalled} of them without the unreachable signal`}`;
  const waypoints = of('waypoints');
  const routed =
    (routes === undefined ? '' : `, with routes (\`herd.seek(i, target, stop, { route: true })\`, a flow field for 8 of the bodies) ${pct(routes)} (${stuck(routes)})`) +
    (waypoints === undefined ? '' : `, with \`RouteFollower\` (each body its own \`route\`) ${pct(waypoints)} (${stuck(waypoints)})`);
  return `On the same hills with ${fmt(trees)} trees, a lake and two cliff bands with ramps, over ${plan.behaviourSeconds} s, of the ${fmt(walker.withPath)} of ${fmt(plan.behaviourN)} bodies whose first target has a path, walker's plain \`seek\` brought ${pct(walker)} there (${stuck(walker)})${routed}, and Rapier's controller ${pct(rapier)} (${rapier.stuck} stuck; it knows no water and walks the lake bed).`;
}

/** The crowd section of the report, or a line saying the plan left it out. */
function crowdSection(crowds: readonly CrowdResult[] | undefined): string {
  if (crowds === undefined) return 'Not run in this plan (a quick run leaves it out; `npm run bench:crowds` runs it alone).\n';
  return `Bodies that block each other in the crowd scenes of issue 31, walker's Herd (one thread) and Detour's crowd
(recast-navigation 0.43.1) side by side, each scene run once by each in this process (also \`npm run bench:crowds\`,
which writes bench/CROWDS.md).

${crowdTable(crowds)}

${crowdMethod()}
`;
}

function report(plan: Plan, m: Machine, surface: SurfaceCheck, probe: GroundProbe, rows: SpeedRow[], behaviours: BehaviourRow[], crowds: readonly CrowdResult[] | undefined, minutes: number): string {
  const terrain = new Scene({ trees: 0 }).terrainStats(0.7);
  const skipped = new Map<string, SpeedRow[]>();
  for (const r of rows.filter((x) => x.timing === undefined)) {
    const key = `${r.label}\n${r.skipped}`;
    skipped.set(key, [...(skipped.get(key) ?? []), r]);
  }
  const everywhere = plan.ns.length * plan.trees.length;
  const skippedNotes = [...skipped.values()].map((list) => {
    const where = list.length === everywhere ? 'at every N' : `at ${list.map((r) => `N = ${fmt(r.n)} with ${fmt(r.trees)} trees`).join(', ')}`;
    return `- ${list[0].label} was skipped ${where}: ${list[0].skipped}.`;
  });
  return `<!-- README section: include from here to the end marker. -->
## Speed against the peers

How many bodies can you move per frame, and what do you give up? walker and Rapier's kinematic character controller
move the same bodies over the same heightfield and trees, in one process, interleaved. Rerun with
\`npm run bench:peers\` (about ${Math.max(1, Math.round(minutes))} min here; progress on stderr; it rewrites
bench/RESULTS.md and bench/results.svg).

![](bench/results.svg)

${headline(rows)} ${behaviourLine(plan, behaviours)} Full tables, the method and
the notes: [bench/RESULTS.md](bench/RESULTS.md).

Crowds, bodies that block each other, are measured against Detour's crowd (recast-navigation) on the scenes of issue
31 — the locked and head-on pairs, the antipodal circle, Blocks, crossing streams, a two-way and a one-way gap and
the hills with 1,000 bodies — by \`npm run bench:crowds\` (about 3 min; it writes [bench/CROWDS.md](bench/CROWDS.md)): arrivals,
bodies through, the deepest overlap, stuck bodies, pairs that walk off together and µs per body-step, side by side.
<!-- End of the README section. -->

# walker vs Rapier: results

${machineText(m)}
- Run time: ${minutes.toFixed(1)} minutes for the whole report; load average at the end ${os.loadavg().map((v) => v.toFixed(2)).join(' / ')}
  (other work on the machine slows every contender; the interleaved rounds spread it over all of them).

## Speed

Median of ${plan.timing.rounds} interleaved rounds (each contender steps whole frames for ~${plan.timing.sliceMs} ms a round)
after a warm-up of at least ${plan.timing.warmMs} ms and ${plan.timing.warmFrames} frames; the village row instead steps,
straight after the trees-alone Herd, exactly the frames that one stepped, in the warm-up and in each round, so the two
are timed at the same simulated ages (a scene's cost falls as its bodies arrive and rest). A body-step is one body moved
one frame of 1/60 s, including the per-frame target bookkeeping every contender shares. "Herd ÷ this" is walker Herd's
body-steps per second divided by the row's, on the same scene and N in the same rounds. Memory, measured in a fresh
child process per row (Node's process RSS and the wasm memories; neither is the JS heap alone): "RSS growth" is the
peak of the process's resident set size, sampled after building and after each of 10 frames, over its RSS just
before the contender's modules were loaded (after a full GC) — so it includes loading and compiling the engine;
"wasm memory" is the byte length of every WebAssembly.Memory the contender's modules instantiated (reserved, not
necessarily touched; walker's Herd and per-row calls share one module's memory).

${speedTable(rows)}
${skippedNotes.length > 0 ? `\n${skippedNotes.join('\n')}\n` : ''}
## Behaviour cross-check

N = ${fmt(plan.behaviourN)}, ${plan.behaviourSeconds} s simulated at 60 Hz, on two scenes: the timing scene's **hills**, and
the same hills with a **lake and cliffs** (below). "Reached" counts bodies that reached their first target (10–30 m
away, but a way round a cliff band can be 100 m long); "… where a path exists" counts them among the bodies whose
first target has a path from their start: walker's planner finds one (\`route\`, RT-3: the kernel's own step, slope,
wade and solid rules on the 2 m lattice, setting off from the body itself), or the body got there; targets / body
counts every arrival (each gets the next target on arrival). Stuck bodies moved less
than 1 m in the last 5 s and reached no target in them (one that reaches a target and walks back toward its next
one, the way it came, can end less than 1 m from where it was); "with signal" are those whose seek says it cannot
reach its target (\`unreachable\`, SE-7; Rapier has no such signal); "without" the rest. "Inside a trunk" means the centre within trunk radius + body radius −
1 cm, at the end and at any 0.1 s sample; "highest climb" is the largest rise of any body's feet above the ground at
its own start; "feet above ground" is feet height minus the heightfield surface under the centre, over all samples.
**walker Herd + routes** is the Herd with every body seeking \`{ route: true }\` (RT-7, RT-8): it follows its kind's
flow field to its target's cell — but a herd holds 8 fields and makes them for the first 8 targets it meets, so with
1,000 bodies each heading for a target of its own, the other bodies seek plainly (RT-7). **walker Herd +
RouteFollower** drives the same Herd toward targets of their own with the library's \`RouteFollower\` (RT-9): on each
new target a \`route\` (RT-3, RT-4) from where the body stands, its waypoints sought one after another by plain seek,
each passed within 0.1 m; a body resting short of a waypoint plans again, at most once a second, and then comes to
rest on each waypoint before it sets off on the next leg; its signal is the follower's \`unreachable(i)\`. The last column lists
contenders whose final feet positions are equal bit for bit (walker's wasm and reference cores and the Herd are meant
to be, SPEC WX-3 and HD-2; routing bodies are not per-row seek and walk, RT-8).

${behaviourTable(behaviours)}
${identityNotes(plan, behaviours)}
## Crowd scenes against Detour's crowd

${crowdSection(crowds)}
## The scene (bench/peers/scene.ts)

- A 256 m × 256 m heightfield: 129 × 129 samples 2 m apart from (−128, −128), float32 values: six long sinusoids
  (wavelengths 40–120 m) and six straight ridges 2–5 m high with flanks 2–7 m wide, some walkable, some walls.
  Samples run from ${terrain.low.toFixed(1)} m to ${terrain.high.toFixed(1)} m; ${(100 * terrain.steep).toFixed(1)} % of the triangles are steeper than
  maxSlope 0.7 (the ridges' flanks and a few hill sides).
  walker reads it as a terrain3d heightmap and stands on the lattice of rings[0] = { reach: 128, seg: 128 }, so
  cell = 2 m and the lattice corners are the samples.
- Triangles: Rapier (parry's HeightField, default cell status) splits each cell along the diagonal from its (least x,
  greatest z) corner to its (greatest x, least z) corner; walker (SPEC G-1) along (least x, least z)–(greatest x,
  greatest z): **the diagonals do not match as given.** The bench turns Rapier's heightfield collider a quarter-turn
  about y and lays the samples out rotated, which maps one diagonal onto the other. Checked at ${fmt(surface.points)}
  random points: walker's lattice differs from the scene's triangles by at most ${surface.walker.toExponential(1)} m and
  Rapier's heightfield (ray casts) by at most ${surface.rapier.toExponential(1)} m (float32). Laid out unturned, Rapier's
  ground would differ by up to ${surface.unturnedMax.toFixed(2)} m (mean ${surface.unturnedMean.toFixed(3)} m).
- Lake and cliffs (behaviour only; the timing scene is the hills alone): on the same samples, two cliff bands cross
  the whole heightfield (along z = 62 + 0.25·x, raised 3 m toward greater z, and z = −42 − 0.2·x, raised 3 m toward
  lesser z), each a wall — the 3 m rise within 1.5 m, steeper than maxSlope on the 2 m lattice — broken every 40 m
  by a ramp 8 m wide whose rise runs over 12 m (slope 0.25 over the hills' own); and a lake dug 1.5 m deep into the
  valley round (36, 32): a flat floor 14 m in radius under water, a walkable shore rising 0.4 m per metre, water at
  5 cm under the lowest sample, so it is the only water. Starts and targets lie on dry ground. walker reads the level
  as terrain3d's \`water\` (wade 0.5 m); Rapier has no water and walks the lake bed.
- Trees: 0 or 2,000 vertical trunks, radius 0.3–1.2 m, none overlapping another, over the whole heightfield. walker:
  scatter3d instances (infinite vertical circles). Rapier: cylinder colliders 12 m tall sunk 2 m into the ground.
- Bodies: radius 0.4 m, height 1.8 m, 3 m/s toward per-body targets; a body within 0.5 m of its target gets the next
  (a 10–30 m leg from the previous target, drawn from the seed, body and leg number, so every contender walks the same
  sequence whenever it arrives). Starts and targets lie within ±110 m, clear of trunks by 0.3 m, on ground no steeper
  than 0.5. Gravity 20 m/s², dt 1/60 s. Bodies do not block each other in either engine (walker kind \`bodies: []\`;
  Rapier collision groups that keep characters from meeting characters, also passed to computeColliderMovement).

## The contenders

- **walker Herd (wasm)**: one \`Herd\` holding every body, one \`step(dt)\` per frame with per-body seek targets.
- **walker walk+seek (wasm)**: for each row, \`seek(row, world, target, 0.5, ground)\` then \`walk(row, world, dt, ground)\`
  on the package entry (src/index.ts), ground from its \`groundOf\`.
- **walker walk+seek (reference)**: the same calls on the plain-TypeScript entry (src/reference/index.ts).
- **Rapier KCC**: @dimforge/rapier3d-compat; a heightfield collider, a cylinder per trunk; per body a kinematic
  position-based rigid body with a capsule collider (radius 0.4, height 1.8) and its own KinematicCharacterController:
  offset 0.01, autostep max height 0.6 / min width 0.2 / dynamic bodies excluded, max slope climb and min slope slide
  angle atan(0.7), snap to ground 0.5, impulses to dynamic bodies off. Each frame: desired translation = 3 m/s toward
  the target plus gravity-integrated vertical speed (reset when grounded), \`computeColliderMovement\`,
  \`computedMovement()\` → \`setNextKinematicTranslation\`; then one \`world.step()\`.
- walker's kind: step 0.6, maxSlope 0.7, seekSpeed 3, gravity 20, radius 0.4, height 1.8; the rest as the sample
  world's xbot (accel 12, span 0.5, probe 2, slide 4, jumpH 0.9, …).

## What differs, and was left alone

- walker eases velocity (accel 12 m/s², so ¼ s to full speed) and steers round trunks (\`seek\`, SPEC SE); the Rapier
  bodies head straight at the target at full speed and only slide along what they touch — a game would add its own
  steering or navmesh on top, which is not measured here.
- walker stands on the mean of five feet (SPEC ST); Rapier's capsule touches the triangles with its rounded bottom.
- Rapier computes in float32, walker in float64 (the samples are float32 values, so both start from the same numbers).
- Where Rapier's time goes: with no trees, the same ${fmt(probe.bodies)} Rapier bodies took ${probe.heightfieldUs.toFixed(1)} µs a
  body-step on this heightfield and ${probe.flatUs.toFixed(1)} µs on a flat box in its place (median of alternating rounds,
  measured apart from the tables). ${probe.heightfieldUs > 2 * probe.flatUs ? 'Most of its time goes to the uneven heightfield: on flat or simpler ground its figures would be better.' : 'The uneven heightfield is not what makes it cost.'}
`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--memory') {
    await memoryChild(args[1], Number(args[2]), Number(args[3]));
    return;
  }
  const plan = args.includes('--quick') ? QUICK : FULL;
  const started = performance.now();
  const m = machine();
  const all = await contenders();
  for (const c of all) if (c.missing !== undefined) progress(`[setup] ${c.label}: ${c.missing}`, true);
  // Every engine's code warms up once before anything is timed (V8 tiers wasm and JS up lazily), so the first
  // group measured is not the one that pays for it.
  const warmScene = new Scene({ trees: 2000 });
  for (const c of all) {
    if (c.missing !== undefined) continue;
    progress(`[setup] warming up ${c.label}`, true);
    const sim = c.build(warmScene, plan.write ? 300 : 50);
    const started = performance.now();
    while (performance.now() - started < (plan.write ? 2000 : 200)) sim.step();
    sim.free();
  }
  progress('[setup] checking the surfaces agree', true);
  const { groundOf } = await import('../src/ground/index.ts');
  const flat = new Scene({ trees: 0 });
  const surface = checkSurface(flat, groundOf(walkerWorld(flat)), plan.write ? 10000 : 500);
  progress('[setup] timing Rapier on the heightfield and on a flat box', true);
  const probe = probeGround(flat, plan.write ? 500 : 50, plan.write ? 20 : 3, plan.write ? 5 : 2);
  const rows = await speed(plan, all);
  if (process.env.BENCH_ONLY === 'speed') {
    process.stdout.write(`\n${machineText(m)}\n\n${speedTable(rows)}\n\n${headline(rows)}\n`);
    progress(`[done] speed rounds alone in ${((performance.now() - started) / 60000).toFixed(1)} min; nothing written`, true);
    return;
  }
  // The routing Herds run in the behaviour table only: their cost is `npm run bench`'s business (RT-7).
  const { wasm, missing } = await wasmEntry();
  // The far-targets, blocking and village rows are speed rows only: their bodies head elsewhere, meet each other or
  // walk round houses, so their behaviour is another question (the crowd scenes' for blocking bodies).
  const withRoutes = all.flatMap((c) => (c.id === 'herd' ? [c, herdContender(wasm, 1, missing, true), waypointContender(wasm, missing)] : c.id === 'herdFar' || c.id === VILLAGE || BLOCKING.includes(c.id) ? [] : [c]));
  const behaviours = await behaviour(plan, withRoutes, wasm ?? (await referenceEntry()));
  const crowds = plan.crowds ? await runCrowdSuite({ progress }) : undefined;
  if (plan.memoryNs.length > 0) memory(plan, rows);
  const minutes = (performance.now() - started) / 60000;
  const text = report(plan, m, surface, probe, rows, behaviours, crowds, minutes);
  const crowdText = crowds === undefined ? '' : `${crowdTable(crowds)}\n\n`;
  process.stdout.write(`\n${machineText(m)}\n\n${speedTable(rows)}\n\n${behaviourTable(behaviours)}\n\n${crowdText}${headline(rows)}\n`);
  if (plan.write) {
    writeFileSync(join(here, 'RESULTS.md'), text);
    writeFileSync(join(here, 'results.svg'), chartSvg(chartSeries(rows), plan.trees, `Body-steps per second against N (${m.cpu}, Node ${m.node})`));
    progress(`[done] wrote bench/RESULTS.md and bench/results.svg in ${minutes.toFixed(1)} min`, true);
  } else {
    // A quick run's figures are not worth keeping: its report goes to the temporary directory, for a look.
    writeFileSync(join(os.tmpdir(), 'walker-peers-quick.md'), text);
    writeFileSync(join(os.tmpdir(), 'walker-peers-quick.svg'), chartSvg(chartSeries(rows), plan.trees, 'quick run'));
    progress(`[done] quick run in ${minutes.toFixed(1)} min; nothing written in the repo (report and chart in ${os.tmpdir()}/walker-peers-quick.*)`, true);
  }
}

await main();
