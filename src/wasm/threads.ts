/**
 * A herd's worker threads (HD-5): Node's worker_threads or a browser's Web Workers, each running an instance of the
 * core over the core's shared memory (src/wasm/memory.ts). A step wakes the workers, then every thread takes chunks
 * of the bodies to check (assembly/threads.ts checkThread) until none are left; once all are checked the main thread
 * files the crowd and bakes the corners round the bodies (beginThreads) and lets the step go on: every thread takes
 * chunks to step until none are left, and the main thread waits for the workers' last — so `step` stays synchronous
 * for its caller. Each body reads only the start-of-step snapshot and writes only its own slots (HD-1), so which
 * thread steps which chunk changes nothing: the bodies end bit for bit as on one thread (HD-2, HD-5). Every thread
 * checks, as a worker wakes tens of µs after it is told, which the checks then hide; and each mostly checks and steps
 * the bodies it stepped last (claimSegments), as reading a body's numbers on another core pulls them from the cache
 * of the core that wrote them.
 * The threads meet through Atomics on a small SharedArrayBuffer of their own. A Node main thread spins on
 * Atomics.load for the workers' last chunks for up to SPIN_MS, then sleeps in Atomics.wait; a browser's main thread
 * may not sleep, so it spins on (short: it steps chunks itself until the last is handed out). A worker waiting for
 * the step to go on, or for the next step, watches a while before it sleeps (nextWatch).
 */
import type { CoreExports } from './exports.ts';

/**
 * What a herd needs to step on worker threads (HerdThreads below): the core's shared memory and the bytes a worker
 * instantiates over it; or, where memory cannot be shared, why not.
 */
export type Threading = { memory: WebAssembly.Memory; workerBytes: Uint8Array<ArrayBuffer> } | { whyNot: string };

/** What a herd needs to start workers: the core's shared memory and the bytes a worker instantiates over it. */
export interface Shared {
  memory: WebAssembly.Memory;
  workerBytes: Uint8Array<ArrayBuffer>;
}

/**
 * The control buffer, by Int32 index: dt (an f64 over the first two), the step's generation, the generation whose
 * bodies may be stepped (its negation: the step was refused), how many bodies are checked, the first refused
 * (REFUSED_NONE: none), the count of bodies, then one slot per worker, then the threads' segments' words for the
 * checks and for the steps (claimSegments).
 */
const GENERATION = 2;
const GO = 3;
const CHECKED = 4;
const REFUSED = 5;
const COUNT = 6;
const FIRST_WORKER = 7;
const REFUSED_NONE = 0x7fffffff;
/**
 * The part of what is left in its own segment a thread claims at a time (claimSegments): to check, all of it (a
 * check is a few ns a body, a claim far more); to step, a quarter, so the last chunks are short and the threads finish
 * close together.
 */
const CHECK_PART = 1;
const STEP_PART = 4;
/** A worker's slot: its thread number, ready, the last generation done, the first body that failed (−1: none). */
const SLOT = 4;
const READY = 1;
const DONE = 2;
const FAILED = 3;

/**
 * Runs chunks of the `count` bodies until none is left to claim; answers the first body whose run failed (−1: none).
 * The bodies are cut into one segment per thread, the same every step while the count is, so a thread mostly steps
 * the bodies it stepped last (their numbers are in its core's cache). A thread takes chunks from the front of its own
 * segment, 1/`part` of what is left in it each; when none is left it takes half of what is left from the back of the
 * segment with the most left, so the threads finish close together however late one started. A segment's word,
 * control[at + t], holds the front and the back of what is left in it, in units of 16 bodies (front | back << 16:
 * a segment of a herd's at most 2²⁰ bodies split at least in two fits), claimed by Atomics.compareExchange.
 * `run(from, to)` answers as the core's stepThread does (−1, else −2 − the first failed body). Self-contained: the
 * workers run its source too.
 */
export function claimSegments(c: Int32Array, at: number, threads: number, self: number, count: number, part: number, run: (from: number, to: number) => number): number {
  let failed = -1;
  let t = self;
  for (;;) {
    const w = Atomics.load(c, at + t);
    const front = w & 0xffff;
    const back = w >>> 16;
    if (front >= back) {
      let most = 0;
      for (let s = 0; s < threads; s++) {
        const v = Atomics.load(c, at + s);
        if ((v >>> 16) - (v & 0xffff) > most) {
          most = (v >>> 16) - (v & 0xffff);
          t = s;
        }
      }
      if (most === 0) return failed;
      continue;
    }
    const own = t === self;
    const take = Math.ceil((back - front) / (own ? part : 2));
    const from = own ? front : back - take;
    const to = own ? front + take : back;
    if (Atomics.compareExchange(c, at + t, w, own ? to | (back << 16) : front | (from << 16)) !== w) continue;
    const start = Math.floor((t * count) / threads);
    const end = Math.floor(((t + 1) * count) / threads);
    const r = run(start + from * 16, Math.min(end, start + to * 16));
    if (r !== -1 && (failed === -1 || -2 - r < failed)) failed = -2 - r;
  }
}

/**
 * Reads c[at] until it is no longer `value`, for up to `ms`; answers what it read last. Self-contained: the workers
 * run its source too.
 */
export function watch(c: Int32Array, at: number, value: number, ms: number): number {
  const until = performance.now() + ms;
  for (let reads = 1; ; reads++) {
    const now = Atomics.load(c, at);
    // The clock is read every 256 reads: it costs far more than a read.
    if (now !== value || ((reads & 255) === 0 && performance.now() > until)) return now;
  }
}

/**
 * How long a worker watches next time, ms, after a watch of `ms` that `saw` the change come or did not: `most` again
 * after one that did, half as long after one that did not, down to `least`. So steps run back to back (a server
 * catching up, a benchmark) never wait for a worker to wake, while a worker whose watches keep running out — a game
 * stepping once a frame, cores other work holds, where a watching worker takes a core from the thread it waits for —
 * soon watches `least` (LEAST_WATCH_MS). Self-contained: the workers run its source too.
 */
export function nextWatch(ms: number, saw: boolean, most: number, least: number): number {
  return saw ? most : Math.max(ms / 2, least);
}

/** The least a worker watches before it sleeps, ms (nextWatch). */
export const LEAST_WATCH_MS = 0.02;

/** Sets the `threads` segments' words from control[at] for a step of `count` bodies: all of each left (claimSegments). */
export function fillSegments(c: Int32Array, at: number, threads: number, count: number): void {
  for (let t = 0; t < threads; t++) {
    const bodies = Math.floor(((t + 1) * count) / threads) - Math.floor((t * count) / threads);
    Atomics.store(c, at + t, Math.ceil(bodies / 16) << 16);
  }
}

/**
 * Checks bodies `from` to `to` − 1 with `check` (the core's checkThread: −1, else the first refused), lowers
 * control[refusedAt] to a body refused, then adds them to control[checkedAt] (after, so a count of every body means
 * every refusal is in). Answers −1 for claimSegments. Self-contained: the workers run its source too.
 */
function checkChunk(c: Int32Array, refusedAt: number, checkedAt: number, from: number, to: number, check: (from: number, to: number) => number): number {
  const refused = check(from, to);
  for (let was = Atomics.load(c, refusedAt); refused !== -1 && refused < was; was = Atomics.load(c, refusedAt)) {
    if (Atomics.compareExchange(c, refusedAt, was, refused) === was) break;
  }
  Atomics.add(c, checkedAt, to - from);
  return -1;
}

/**
 * How long the main thread spins for the workers' last chunks before it sleeps: waking from Atomics.wait takes longer
 * than a last chunk mostly does (tens to hundreds of µs; at 1,000 bodies it cost a second thread its whole gain).
 */
const SPIN_MS = 1;
/** How long a worker may take to start before the herd gives it up. */
const READY_WITHIN_MS = 60_000;
/** The generation that tells the workers to stop. */
const STOP = -1;
/**
 * The most a worker that has checked its last chunk watches for the step to go on before it sleeps until it does, ms
 * (nextWatch): the main thread mostly lets it go within µs, and a worker woken from sleep joins the step tens of µs late.
 */
const GO_MS = 1;
/**
 * The most a worker done with a step watches for the next before it sleeps, ms (nextWatch): a loop stepping back to
 * back starts the next within µs, and waking a sleeping worker costs the calling thread several µs in
 * Atomics.notify and the step tens of µs before the worker joins.
 */
const NEXT_STEP_MS = 0.25;

/**
 * What each worker runs (as source text: a Blob URL in a browser, `eval` in Node, so the package needs no worker file
 * a bundler must find). It instantiates the core's bytes over the shared memory and says it is ready; then for each
 * generation it checks chunks (`checkThread`) until none are left, waits until the step goes on (or is refused), steps
 * chunks (`stepThread`) until none are left, and says it is done. Each wait watches a while (nextWatch: up to GO_MS
 * for the step to go on, NEXT_STEP_MS for the next step), then sleeps.
 */
const WORKER_SOURCE = `
const checkChunk = ${checkChunk.toString()};
const claimSegments = ${claimSegments.toString()};
const watch = ${watch.toString()};
const nextWatch = ${nextWatch.toString()};
const run = async ({ bytes, memory, control, herd, slot, threads, segments }) => {
  const { instance } = await WebAssembly.instantiate(bytes, { env: { memory } });
  const { checkThread, stepThread } = instance.exports;
  const c = new Int32Array(control);
  const dt = new Float64Array(control, 0, 1);
  const thread = c[slot];
  Atomics.store(c, slot + ${READY}, 1);
  Atomics.notify(c, slot + ${READY});
  let seen = 0;
  let nextMs = ${NEXT_STEP_MS};
  let goMs = ${GO_MS};
  for (;;) {
    const next = watch(c, ${GENERATION}, seen, nextMs);
    nextMs = nextWatch(nextMs, next !== seen, ${NEXT_STEP_MS}, ${LEAST_WATCH_MS});
    if (next === seen) Atomics.wait(c, ${GENERATION}, seen);
    const generation = Atomics.load(c, ${GENERATION});
    if (generation === ${STOP}) break;
    if (generation === seen) continue;
    seen = generation;
    const count = c[${COUNT}];
    claimSegments(c, segments, threads, thread, count, ${CHECK_PART}, (from, to) => checkChunk(c, ${REFUSED}, ${CHECKED}, from, to, (a, b) => checkThread(herd, thread, a, b, dt[0])));
    let go = Atomics.load(c, ${GO});
    if (go !== generation && go !== -generation) {
      const before = go;
      go = watch(c, ${GO}, before, goMs);
      goMs = nextWatch(goMs, go !== before, ${GO_MS}, ${LEAST_WATCH_MS});
    }
    while (go !== generation && go !== -generation) {
      Atomics.wait(c, ${GO}, go);
      go = Atomics.load(c, ${GO});
    }
    c[slot + ${FAILED}] = go === generation ? claimSegments(c, segments + threads, threads, thread, count, ${STEP_PART}, (from, to) => stepThread(herd, thread, from, to, dt[0])) : -1;
    Atomics.store(c, slot + ${DONE}, generation);
    Atomics.notify(c, slot + ${DONE});
  }
};
const node = globalThis.process?.getBuiltinModule?.('node:worker_threads');
if (node !== undefined) run(node.workerData);
else self.onmessage = (e) => run(e.data);
`;

/** A started worker, Node's or a browser's: all the herd needs is to stop it. */
interface Stoppable {
  terminate(): unknown;
}

interface NodeWorkers {
  Worker: new (source: string, options: { eval: true; workerData: unknown }) => Stoppable & { unref(): void };
}

/** The worker constructor of this host, or why there is none. */
function workerHost(): { start(data: unknown): Stoppable } | { whyNot: string } {
  const p = (globalThis as { process?: { versions?: { node?: string }; getBuiltinModule?: (id: string) => unknown } }).process;
  if (p?.versions?.node !== undefined) {
    const workers = p.getBuiltinModule?.('node:worker_threads') as NodeWorkers | undefined;
    if (workers === undefined) return { whyNot: 'this Node has no process.getBuiltinModule (Node ≥ 20.16 has)' };
    return {
      start(data) {
        const w = new workers.Worker(WORKER_SOURCE, { eval: true, workerData: data });
        // A herd left undisposed must not keep the process alive.
        w.unref();
        return w;
      },
    };
  }
  if (typeof Worker === 'undefined' || typeof Blob === 'undefined' || typeof URL.createObjectURL !== 'function') {
    return { whyNot: 'this host has no Web Workers' };
  }
  let url: string | undefined;
  return {
    start(data) {
      url ??= URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
      const w = new Worker(url);
      w.postMessage(data);
      return w;
    },
  };
}

/** How many cores this host has (at least 1). */
export function availableCores(): number {
  const p = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const os = p?.getBuiltinModule?.('node:os') as { availableParallelism?: () => number } | undefined;
  const n = os?.availableParallelism?.() ?? (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 1;
  return Math.max(1, Math.floor(n));
}

/** Whether this thread may block in Atomics.wait (a browser's main thread may not). */
let mayWait: boolean | undefined;
function canWait(probe: Int32Array): boolean {
  if (mayWait === undefined) {
    try {
      Atomics.wait(probe, 0, 1, 0);
      mayWait = true;
    } catch {
      mayWait = false;
    }
  }
  return mayWait;
}

/** Says once per page or process why a herd asked for threads steps on one. */
let told = false;
export function tellOneThread(why: string): void {
  if (told) return;
  told = true;
  console.info(`walker: herds step on one thread here: ${why}.`);
}

/** The worker threads of one herd: `count` workers besides the main thread. */
export class HerdThreads {
  private readonly core: CoreExports;
  private readonly herd: number;
  private readonly control: Int32Array;
  private readonly dt: Float64Array;
  private readonly workers: Stoppable[] = [];
  private generation = 0;
  private stopped = false;
  private readonly started: Promise<void>;

  /** Starts `count` workers for the herd at `herd` (its contexts are made here), or throws why it cannot. */
  constructor(core: CoreExports, shared: Shared, herd: number, count: number) {
    const host = workerHost();
    if ('whyNot' in host) throw new Error(host.whyNot);
    this.core = core;
    this.herd = herd;
    const buffer = new SharedArrayBuffer((FIRST_WORKER + count * SLOT + 2 * (count + 1)) * 4);
    this.control = new Int32Array(buffer);
    this.dt = new Float64Array(buffer, 0, 1);
    core.herdThreads(herd, count);
    const ready: Promise<void>[] = [];
    for (let t = 1; t <= count; t++) {
      const slot = FIRST_WORKER + (t - 1) * SLOT;
      this.control[slot] = t;
      this.workers.push(host.start({ bytes: shared.workerBytes, memory: shared.memory, control: buffer, herd, slot, threads: count + 1, segments: FIRST_WORKER + count * SLOT }));
      ready.push(this.readyAt(slot + READY));
    }
    this.started = Promise.all(ready).then(() => undefined);
  }

  /**
   * Resolves once the worker whose ready flag is at `at` has said so. Polled on a timer, which (unlike
   * Atomics.waitAsync) keeps a Node process alive while it waits — for READY_WITHIN_MS at most: a worker that has not
   * started by then (a host that refused it) is given up, and the herd steps on this thread.
   */
  private async readyAt(at: number): Promise<void> {
    const started = Date.now();
    while (Atomics.load(this.control, at) === 0 && !this.stopped) {
      if (Date.now() - started > READY_WITHIN_MS) {
        this.stop();
        throw new Error(`walker: a herd's worker thread did not start within ${READY_WITHIN_MS / 1000} s; the herd steps on one thread.`);
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  /** How many threads step the herd: the workers and the main thread. */
  get threads(): number {
    return this.workers.length + 1;
  }

  /** Resolves once every worker is running. */
  ready(): Promise<void> {
    return this.started;
  }

  /** Whether every worker is running, so a step may use them. */
  get running(): boolean {
    if (this.stopped) return false;
    for (let t = 0; t < this.workers.length; t++) {
      if (Atomics.load(this.control, FIRST_WORKER + t * SLOT + READY) === 0) return false;
    }
    return true;
  }

  /** Steps the herd's `count` bodies on every thread; answers as assembly/herd.ts herdStep does. */
  step(count: number, dt: number): number {
    const core = this.core;
    const herd = this.herd;
    const c = this.control;
    const threads = this.threads;
    const segments = FIRST_WORKER + this.workers.length * SLOT;
    core.startChecks(herd);
    this.dt[0] = dt;
    c[COUNT] = count;
    fillSegments(c, segments, threads, count);
    fillSegments(c, segments + threads, threads, count);
    Atomics.store(c, CHECKED, 0);
    Atomics.store(c, REFUSED, REFUSED_NONE);
    this.generation = this.generation === 0x7fffffff ? 1 : this.generation + 1;
    const generation = this.generation;
    Atomics.store(c, GENERATION, generation);
    Atomics.notify(c, GENERATION);
    claimSegments(c, segments, threads, 0, count, CHECK_PART, (from, to) => checkChunk(c, REFUSED, CHECKED, from, to, (a, b) => core.checkThread(herd, 0, a, b, dt)));
    // Only a worker's chunk in hand is left: a few µs.
    while (Atomics.load(c, CHECKED) < count);
    const refused = Atomics.load(c, REFUSED);
    if (refused !== REFUSED_NONE) {
      this.go(-generation);
      this.waitForWorkers(generation);
      return refused;
    }
    core.beginThreads(herd, dt);
    this.go(generation);
    let failed = claimSegments(c, segments + threads, threads, 0, count, STEP_PART, (from, to) => core.stepThread(herd, 0, from, to, dt));
    for (const f of this.waitForWorkers(generation)) if (f !== -1 && (failed === -1 || f < failed)) failed = f;
    core.endThreads();
    return failed === -1 ? -1 : -2 - failed;
  }

  /** Lets the workers step generation `generation` (or, negative, tells them it was refused). */
  private go(generation: number): void {
    Atomics.store(this.control, GO, generation);
    Atomics.notify(this.control, GO);
  }

  /** Waits until every worker is done with `generation`; answers the first body each found failing (−1: none). */
  private waitForWorkers(generation: number): number[] {
    const c = this.control;
    const wait = canWait(c);
    const spinUntil = performance.now() + SPIN_MS;
    const failed: number[] = [];
    for (let t = 0; t < this.workers.length; t++) {
      const slot = FIRST_WORKER + t * SLOT;
      for (;;) {
        const done = Atomics.load(c, slot + DONE);
        if (done === generation) break;
        if (wait && performance.now() > spinUntil) Atomics.wait(c, slot + DONE, done);
      }
      failed.push(c[slot + FAILED]);
    }
    return failed;
  }

  /** Stops the workers (the herd's contexts are freed with the herd). */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    Atomics.store(this.control, GENERATION, STOP);
    Atomics.notify(this.control, GENERATION);
    for (const w of this.workers) w.terminate();
  }
}
