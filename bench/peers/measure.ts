/**
 * The measurements: frame timing (tinybench, interleaved rounds), the behaviour cross-check, and peak memory in a
 * child process.
 */
import { spawnSync } from 'node:child_process';
import { Bench } from 'tinybench';
import type { Sim } from './contender.ts';
import { DT, type Scene } from './scene.ts';

/** Writes a progress line to stderr, over the previous one when stderr is a terminal. */
export function progress(text: string, done = false): void {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${text}${done ? '\n' : ''}`);
  else process.stderr.write(`${text}\n`);
}

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export interface TimingOptions {
  /** Rounds after the warm-up; the figure is the median of the rounds' means. */
  rounds: number;
  /** Time each contender steps frames for in a round (at least one frame), ms. */
  sliceMs: number;
  /** Warm-up per contender before the first round (at least `warmFrames` frames), ms. */
  warmMs: number;
  warmFrames: number;
  /**
   * Contenders stepped frame for frame with another: id → the id whose frames it steps. Such a one steps, in the
   * warm-up and in each round, exactly the frames its pace-setter stepped, straight after it, so both are timed at the
   * same simulated ages. Why: a scene's cost changes as it ages (bodies arrive, rest, read unreachable), and a cheaper
   * scene stepped for the same time would be timed older; a ratio of two scenes is fair only at equal ages.
   */
  paced?: ReadonlyMap<string, string>;
}

export interface Timing {
  /** Median over rounds of the mean frame time, ms. */
  frameMs: number;
  /** frameMs per body, µs. */
  usPerBodyStep: number;
  bodyStepsPerSecond: number;
  /** Every round's mean frame time, ms. */
  rounds: number[];
  frames: number;
}

/**
 * Times one frame of each sim, interleaved: each round runs a tinybench Bench per contender (its task steps one frame
 * of that contender's pre-warmed scene) for `sliceMs`, in an order rotated every round; a paced contender
 * (`options.paced`) runs straight after its pace-setter for exactly the frames that one stepped. Why tinybench here:
 * a task is one frame (20 µs to 1 s), tinybench's per-iteration cost (two timestamps and a push) is well under 1 % of
 * the shortest, and `time` + `iterations: 1` sizes the iterations for time (`time: 0` + `iterations` in frames). Why
 * short rounds rather than one long Bench each: on a shared machine a burst of load from a neighbour would land on
 * one contender; short interleaved rounds spread it over all of them, and the ratios come from the same minutes of
 * the same run. The scenes keep evolving between rounds (bodies keep walking).
 */
export function timeFrames(sims: ReadonlyMap<string, Sim>, options: TimingOptions, onTask?: (what: string) => void): Map<string, Timing> {
  const names = [...sims.keys()];
  const setterOf = (name: string): string | undefined => {
    const setter = options.paced?.get(name);
    return setter !== undefined && sims.has(setter) ? setter : undefined;
  };
  const followers = (name: string): string[] => names.filter((f) => setterOf(f) === name);
  const leaders = names.filter((name) => setterOf(name) === undefined);
  const warm = (name: string, frames?: number): void => {
    const sim = sims.get(name)!;
    onTask?.(`warm-up ${name}`);
    const started = performance.now();
    let f = 0;
    if (frames !== undefined) for (; f < frames; f++) sim.step();
    else for (; f < options.warmFrames || performance.now() - started < options.warmMs; f++) sim.step();
    for (const follower of followers(name)) warm(follower, f);
  };
  for (const name of leaders) warm(name);
  const perRound = new Map<string, number[]>(names.map((n) => [n, []]));
  const frames = new Map<string, number>(names.map((n) => [n, 0]));
  // One Bench per contender per round: a paced one's is sized in frames, the others' in time.
  const run = (name: string, round: number, paceFrames?: number): void => {
    const sim = sims.get(name)!;
    const bench = new Bench(paceFrames === undefined ? { time: options.sliceMs, iterations: 1, warmup: false, throws: true } : { time: 0, iterations: paceFrames, warmup: false, throws: true });
    bench.add(name, () => sim.step(), { beforeAll: () => onTask?.(`round ${round + 1}/${options.rounds} ${name}`) });
    bench.runSync();
    const result = bench.tasks[0].result;
    if (result.state !== 'completed') throw new Error(`bench: task ${name} ended ${result.state}.`);
    perRound.get(name)!.push(result.latency.mean);
    frames.set(name, frames.get(name)! + result.latency.samplesCount);
    for (const follower of followers(name)) run(follower, round, result.latency.samplesCount);
  };
  for (let round = 0; round < options.rounds; round++) {
    for (let k = 0; k < leaders.length; k++) run(leaders[(k + round) % leaders.length], round);
  }
  const out = new Map<string, Timing>();
  for (const name of names) {
    const n = sims.get(name)!.n;
    const frameMs = median(perRound.get(name)!);
    out.set(name, { frameMs, usPerBodyStep: (frameMs * 1000) / n, bodyStepsPerSecond: (n * 1000) / frameMs, rounds: perRound.get(name)!, frames: frames.get(name)! });
  }
  return out;
}

/** What the bodies did over a fixed simulated time. */
export interface Behaviour {
  n: number;
  seconds: number;
  /** Fraction of bodies that reached their first target. */
  reachedFirst: number;
  /**
   * Bodies whose first target has a path from their start — walker's planner (RT-3) finds one, or the body got
   * there — and how many of those reached it.
   */
  withPath: number;
  reachedWithPath: number;
  /** Targets reached, per body. */
  targetsPerBody: number;
  /** Bodies that moved less than 1 m (horizontally) over the last 5 s and reached no target in them. */
  stuck: number;
  /** Stuck bodies that say so: seek's unreachable signal (SE-7) set at the end; undefined for a contender without one. */
  stuckSignalled?: number;
  /** Bodies whose centre ended within trunk radius + body radius − 1 cm of a trunk's centre. */
  insideAtEnd: number;
  /** Bodies found inside a trunk at any sample (every 0.1 s). */
  insideEver: number;
  /** Highest climb of any body's feet above the ground at its own start, metres. */
  maxClimb: number;
  /** Highest any body's feet stood above the heightfield surface under its centre, metres. */
  maxAboveGround: number;
  /** Lowest (most negative: below the surface), metres. */
  minAboveGround: number;
  /** Mean horizontal speed over the run, m/s. */
  meanSpeed: number;
  /** Final feet positions, for comparing contenders that should agree bit for bit. */
  feet: Float64Array;
  /** Wall time of the run, s. */
  wallSeconds: number;
}

/**
 * Runs a sim for `seconds` of simulated time and measures what its bodies did (see Behaviour); `path[i]` is 1 where
 * body i's first target can be reached from its start.
 */
export function behave(sim: Sim, scene: Scene, seconds: number, path: Uint8Array, onSecond?: (t: number) => void): Behaviour {
  const n = sim.n;
  const frames = Math.round(seconds / DT);
  const sampleEvery = Math.max(1, Math.round(0.1 / DT));
  const lastFrames = Math.round(5 / DT);
  const feet = new Float64Array(3 * n);
  const prev = new Float64Array(3 * n);
  const late = new Float64Array(3 * n);
  // Targets reached by the start of the last 5 s: a body that reaches one in them is not stuck, though it may end
  // less than 1 m from where it was (it walks back toward its next target the way it came).
  const reachedLate = new Uint32Array(n);
  sim.feet(feet);
  // Climb is measured from the ground under each start, not the start height (Rapier's bodies are created 10 cm up).
  const startY = Float64Array.from({ length: n }, (_, i) => scene.heightAt(feet[3 * i], feet[3 * i + 2]));
  prev.set(feet);
  const insideEver = new Uint8Array(n);
  let distance = 0;
  let maxClimb = -Infinity;
  let maxAbove = -Infinity;
  let minAbove = Infinity;
  const started = performance.now();
  for (let f = 1; f <= frames; f++) {
    sim.step();
    if (f === frames - lastFrames) {
      sim.feet(late);
      reachedLate.set(sim.targets.reached);
    }
    if (f % sampleEvery !== 0 && f !== frames) continue;
    sim.feet(feet);
    for (let i = 0; i < n; i++) {
      const x = feet[3 * i], y = feet[3 * i + 1], z = feet[3 * i + 2];
      distance += Math.hypot(x - prev[3 * i], z - prev[3 * i + 2]);
      maxClimb = Math.max(maxClimb, y - startY[i]);
      const above = y - scene.heightAt(x, z);
      maxAbove = Math.max(maxAbove, above);
      minAbove = Math.min(minAbove, above);
      if (scene.insideTrunk(x, z)) insideEver[i] = 1;
    }
    prev.set(feet);
    if (f % Math.round(1 / DT) === 0) onSecond?.(f * DT);
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const signal = new Uint8Array(n);
  sim.unreachable?.(signal);
  let stuck = 0;
  let stuckSignalled = 0;
  let insideAtEnd = 0;
  for (let i = 0; i < n; i++) {
    if (Math.hypot(feet[3 * i] - late[3 * i], feet[3 * i + 2] - late[3 * i + 2]) < 1 && sim.targets.reached[i] === reachedLate[i]) {
      stuck++;
      stuckSignalled += signal[i];
    }
    if (scene.insideTrunk(feet[3 * i], feet[3 * i + 2])) insideAtEnd++;
  }
  let reachedFirst = 0;
  let withPath = 0;
  let reachedWithPath = 0;
  let targets = 0;
  for (let i = 0; i < n; i++) {
    const reached = sim.targets.reached[i] > 0 ? 1 : 0;
    reachedFirst += reached;
    // A body that got there shows a path exists, whatever the planner said (RT-1 judges a cell by its centre).
    withPath += path[i] | reached;
    reachedWithPath += reached;
    targets += sim.targets.reached[i];
  }
  return {
    n, seconds, reachedFirst: reachedFirst / n, withPath, reachedWithPath, targetsPerBody: targets / n, stuck,
    stuckSignalled: sim.unreachable === undefined ? undefined : stuckSignalled, insideAtEnd,
    insideEver: insideEver.reduce((a, b) => a + b, 0), maxClimb, maxAboveGround: maxAbove, minAboveGround: minAbove,
    meanSpeed: distance / n / (frames * DT), feet: Float64Array.from(feet), wallSeconds,
  };
}

/** What a memory child reports. */
export interface MemoryReport {
  /**
   * Peak growth of the child's resident set size, bytes: the largest RSS sampled after building and after each
   * frame, minus the RSS just before the contender's modules were loaded (after a full GC).
   */
  peakGrowth: number;
  /** Bytes of wasm linear memory instantiated in the child (0: none). */
  wasmBytes: number;
}

/**
 * Runs this script again as a child (`--memory <contender> <n> <trees>`, with --expose-gc) and returns its report: a
 * fresh process per contender and N, so one contender's heap does not count against another's. The child is started
 * with the same Node flags (tsx's loader) as this process.
 */
export function memoryOf(script: string, contender: string, n: number, trees: number): MemoryReport {
  const args = [...process.execArgv, '--expose-gc', script, '--memory', contender, String(n), String(trees)];
  const child = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (child.status !== 0) throw new Error(`bench: memory child for ${contender} at N = ${n} failed: ${child.stderr.trim().split('\n').slice(-3).join(' / ')}`);
  const line = child.stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as MemoryReport;
}

/**
 * Notes every WebAssembly.Memory a module instantiated from now on exports or imports, so a memory child can report
 * the wasm linear memory its contender holds. Called before the contender's modules are imported.
 */
export function watchWasmMemories(): () => number {
  const memories = new Set<WebAssembly.Memory>();
  const note = (bag: unknown): void => {
    if (bag === null || typeof bag !== 'object') return;
    for (const value of Object.values(bag as Record<string, unknown>)) {
      if (value instanceof WebAssembly.Memory) memories.add(value);
      else if (value !== null && typeof value === 'object' && !(value instanceof WebAssembly.Instance)) {
        for (const inner of Object.values(value as Record<string, unknown>)) if (inner instanceof WebAssembly.Memory) memories.add(inner);
      }
    }
  };
  const instantiate = WebAssembly.instantiate.bind(WebAssembly) as (...args: unknown[]) => Promise<unknown>;
  (WebAssembly as { instantiate: unknown }).instantiate = async (...args: unknown[]) => {
    note(args[1]);
    const result = await instantiate(...args);
    const instance = result instanceof WebAssembly.Instance ? result : (result as { instance: WebAssembly.Instance }).instance;
    note(instance.exports);
    return result;
  };
  const Instance = WebAssembly.Instance;
  (WebAssembly as { Instance: unknown }).Instance = new Proxy(Instance, {
    construct(target, args: [WebAssembly.Module, WebAssembly.Imports?]) {
      note(args[1]);
      const instance = new target(...args);
      note(instance.exports);
      return instance;
    },
  });
  return () => [...memories].reduce((sum, m) => sum + m.buffer.byteLength, 0);
}
