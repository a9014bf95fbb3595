/**
 * The clause suite runs over every core, as as-sha256 runs one suite over its builds: `eachCore` declares a
 * describe block per core (the reference, the wasm release build, the debug build); `eachGround` one per core and
 * per kind of ground — JS callbacks, which the wasm entries hand to the reference core (WX-4), and heightmaps: the
 * same scene as a terrain3d/scatter3d world through the core's own `groundOf`, which the wasm entries run in wasm
 * (checked for every such ground). On a wasm core every call on a wasm-backed ground is also made on the reference
 * with a copy of the row, and the two must agree to the bit (WX-3): the named edge cases run in wasm, not only the
 * random worlds of test/wasm/equivalence.test.ts.
 */
import fc from 'fast-check';
import { describe } from 'vitest';
import { CORES, type Api, type Core } from '../cores.ts';
import type { Ground, Numbers, Row, World } from '../../src/types.ts';
import { expectSame } from '../wasm/worlds.ts';
import { SEED, sceneOf, type Field, type Scene } from './grounds.ts';
import { heightmapWorld, latticeField } from './heightmap.ts';

const GROUNDINGS = ['callbacks', 'heightmap'] as const;
export type Grounding = (typeof GROUNDINGS)[number];

/** What a clause test runs on: a core's API, and the grounds of one kind. */
export interface Bench {
  readonly core: Core['name'];
  readonly grounding: Grounding;
  readonly api: Api;
  /**
   * The ground a test runs on: the scene itself (callbacks), or the scene as a heightmap world from the core's
   * groundOf, with the scene's blocking rows. `alt` is an equivalent scene for one terrain3d cannot build as it is
   * (water that is no level, a lattice side that is no power of two), or the lattice side to sample the scene on
   * (slide samples the way at most cell/2 apart, SL-3: a scene tuned to 0.25 m samples keeps them on 0.25 m cells).
   */
  on(scene: Ground, alt?: Ground | { cell: number }): Ground;
  /** The height field of a ground `on` returned, for the hand oracles: its callback, or G-1 over its sampled corners. */
  heightOf(g: Ground): Field;
}

const reference = CORES[0].api;

/** Copies of `me` (and of `bodies` holding it, so it still does not block itself) for the reference's run. */
function twinOf(me: Row, ground: Ground): { row: Row; ground: Ground } {
  const row = structuredClone(me);
  if (ground.bodies === undefined) return { row, ground };
  return { row, ground: { ...ground, bodies: ground.bodies.map((b) => (b === me ? row : b)) } };
}

function outcome<T>(call: () => T): { value?: T; error?: unknown } {
  try {
    return { value: call() };
  } catch (error) {
    return { error };
  }
}

/**
 * Runs `call` on the wasm core and `onReference` on a twin of the row; throws naming the first difference (the
 * value returned, the row written, or the error thrown), else gives the wasm core's result.
 */
function agreed<T>(name: string, me: Row | null, ground: Ground, onReference: (row: Row | null, ground: Ground) => T, call: () => T): T {
  const twin = me === null ? { row: null, ground } : twinOf(me, ground);
  const expected = outcome(() => onReference(twin.row, twin.ground));
  const actual = outcome(call);
  if (expected.error !== undefined || actual.error !== undefined) {
    const message = (o: { error?: unknown }): string => (o.error instanceof Error ? o.error.message : `no error (${String(o.error)})`);
    if (message(actual) !== message(expected)) throw new Error(`${name}: wasm threw "${message(actual)}", reference "${message(expected)}"`);
    throw actual.error;
  }
  expectSame(actual.value, expected.value, `${name} returned`);
  if (me !== null) expectSame(me, twin.row, `${name}: row`);
  return actual.value as T;
}

/** The core's API, each call on a wasm-backed ground checked against the reference to the bit. */
function checkedApi(core: Core): Api {
  if (core.name === 'reference') return core.api;
  const api = core.api;
  const inWasm = (g: Ground): boolean => core.runsInWasm(g);
  return {
    ...api,
    walk: (me: Row, w: World, dt: number, g: Ground) =>
      inWasm(g) ? agreed('walk', me, g, (r, t) => reference.walk(r!, w, dt, t), () => api.walk(me, w, dt, g)) : api.walk(me, w, dt, g),
    slide: (me: Row, w: World, d: readonly number[], g: Ground) =>
      inWasm(g) ? agreed('slide', me, g, (r, t) => reference.slide(r!, w, d, t), () => api.slide(me, w, d, g)) : api.slide(me, w, d, g),
    carry: (me: Row, w: World, d: readonly number[], g: Ground) =>
      inWasm(g) ? agreed('carry', me, g, (r, t) => reference.carry(r!, w, d, t), () => api.carry(me, w, d, g)) : api.carry(me, w, d, g),
    seek: (me: Row, w: World, target: readonly number[], stop: number, g: Ground) =>
      inWasm(g)
        ? agreed('seek', me, g, (r, t) => reference.seek(r!, w, target, stop, t), () => api.seek(me, w, target, stop, g))
        : api.seek(me, w, target, stop, g),
    stand: (n: Numbers, g: Ground, x: number, z: number) =>
      inWasm(g) ? agreed('stand', null, g, (_r, t) => reference.stand(n, t, x, z), () => api.stand(n, g, x, z)) : api.stand(n, g, x, z),
  };
}

/** The scene `on` builds as a heightmap: `alt` when it is a ground, else the scene (on `alt.cell` when given). */
function heightmapSceneOf(scene: Ground, alt?: Ground | { cell: number }): Scene {
  const s = sceneOf(alt !== undefined && 'height' in alt ? alt : scene);
  if (s === undefined) throw new Error('test scene: on() takes a ground built by test/clauses/grounds.ts.');
  return alt !== undefined && !('height' in alt) ? { ...s, cell: alt.cell } : s;
}

function benchOf(core: Core, grounding: Grounding): Bench {
  const fields = new WeakMap<Ground, Field>();
  return {
    core: core.name,
    grounding,
    api: checkedApi(core),
    on(scene, alt) {
      if (grounding === 'callbacks') return scene;
      const s = heightmapSceneOf(scene, alt);
      const { world, corner, cell } = heightmapWorld(s);
      const g = core.api.groundOf(world);
      if (s.bodies !== undefined) g.bodies = s.bodies;
      if (core.name !== 'reference' && !core.runsInWasm(g)) throw new Error(`the ${core.name} core does not run this heightmap ground in wasm (WX-4).`);
      fields.set(g, latticeField(cell, corner));
      return g;
    },
    heightOf: (g) => fields.get(g) ?? g.height,
  };
}

/** One describe block per core: `title (core)`. For clauses that take no ground, or only callbacks. */
export function eachCore(title: string, body: (core: Core & { readonly checked: Api }) => void): void {
  for (const core of CORES) describe(`${title} (${core.name})`, () => body({ ...core, checked: checkedApi(core) }));
}

/** One describe block per core and kind of ground: `title (core, callbacks|heightmap)`. */
export function eachGround(title: string, body: (bench: Bench) => void): void {
  for (const core of CORES) for (const grounding of GROUNDINGS) describe(`${title} (${core.name}, ${grounding})`, () => body(benchOf(core, grounding)));
}

/**
 * Property runs: the reference on callbacks keeps the suite's counts; the other benches take a fifth of them (a tenth
 * on the debug build), never fewer than 100 — a wasm core's every call on a heightmap is also made on the reference,
 * and on callbacks a wasm entry runs the reference core itself (WX-4). FC_RUNS overrides all.
 */
export function runsOn(bench: Pick<Bench, 'core' | 'grounding'>, full: number): number {
  if (process.env.FC_RUNS !== undefined) return Number(process.env.FC_RUNS);
  if (bench.core === 'reference' && bench.grounding === 'callbacks') return full;
  return Math.max(100, Math.round(full / (bench.core === 'debug' ? 10 : 5)));
}

/** Runs a property with the suite's seed and names the seed in any failure. */
export function check<T>(prop: fc.IProperty<T>, numRuns: number): void {
  try {
    fc.assert(prop, { seed: SEED, numRuns });
  } catch (e) {
    const cause = (e as Error).cause;
    const why = cause instanceof Error ? `\nCaused by: ${cause.message}` : '';
    throw new Error(`property failed with seed ${SEED} (rerun with FC_SEED=${SEED}): ${(e as Error).message}${why}`, { cause });
  }
}
