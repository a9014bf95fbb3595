/**
 * The bad-input fuzz run (BI-1..BI-6): a seeded mix of good calls on a shared world and bad calls drawn from the
 * table of cases.ts, spread over the cores, each classified. `npm run fuzz:input` runs 10⁶ calls
 * (scripts/fuzz-input.ts); test/input/fuzz.test.ts runs a slice. Every count but `good` and `refused` must be 0.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Core } from '../cores.ts';
import type { Row } from '../../src/types.ts';
import { cases, last, row, world, type Case } from './cases.ts';
import { random } from '../../src/random.ts';

export interface FuzzCounts {
  calls: number;
  /** Good calls that returned, bad calls refused with a sentence. */
  good: number;
  refused: number;
  /** Calls over the bound (ms). */
  hangs: number;
  /** A TypeError, RangeError, wasm trap or anything else not a plain Error from walker. */
  wrongErrors: number;
  /** Throwing calls after which the row or herd body differs. */
  rowsChanged: number;
  /** Bad calls that returned. */
  silentAcceptances: number;
  /** Calls that returned or wrote NaN or ±Infinity. */
  nonFinite: number;
  /** Good calls that threw. */
  goodRefused: number;
  /** The first few failures, described. */
  failures: string[];
}


function finiteDeep(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(finiteDeep);
  if (value !== null && typeof value === 'object') return Object.values(value).every(finiteDeep);
  return true;
}

/**
 * Runs `count` calls from `seed` over `cores`: about one in `badEvery` is a bad case, the rest good calls. It yields to
 * the event loop every 2,000 calls so that the grounds the bad cases upload are freed (by their finalizers) as a
 * long-running game's would be.
 */
export async function fuzz(cores: readonly Core[], count: number, seed: number, badEvery = 8, boundMs = 2000, progress?: (done: number) => void): Promise<FuzzCounts> {
  const rand = random(seed);
  const table: Case[] = cases();
  const counts: FuzzCounts = { calls: 0, good: 0, refused: 0, hangs: 0, wrongErrors: 0, rowsChanged: 0, silentAcceptances: 0, nonFinite: 0, goodRefused: 0, failures: [] };
  const fail = (kind: string, what: string): void => {
    if (counts.failures.length < 20) counts.failures.push(`${kind}: ${what}`);
  };
  const shared = cores.map(({ api }) => {
    const w = world();
    const g = api.groundOf(w);
    const herd = new api.Herd(w, g, 16);
    for (let i = 0; i < 16; i++) herd.add(row({ pos: [i - 8, 0, (i % 4) - 2] }));
    return { w, g, herd, rows: Array.from({ length: 8 }, (_, i) => row({ pos: [i * 2 - 8, 0, 3] })) };
  });
  const coord = (): number => (rand() - 0.5) * 30;
  for (let k = 0; k < count; k++) {
    if (k % 2000 === 1999) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (k % 100_000 === 99_999) progress?.(k + 1);
    }
    const c = Math.floor(rand() * cores.length);
    const { api } = cores[c];
    const s = shared[c];
    const bad = rand() * badEvery < 1;
    const start = performance.now();
    let thrown: unknown;
    let result: unknown;
    let accepts = !bad;
    let what = '';
    let me: Row | undefined;
    try {
      if (bad) {
        const one = table[Math.floor(rand() * table.length)];
        accepts = one.accepts === true;
        what = `${cores[c].name} ${one.call} ${one.field}`;
        result = one.run(api).result;
      } else {
        last.now = undefined;
        me = s.rows[Math.floor(rand() * s.rows.length)];
        const pick = Math.floor(rand() * 9);
        what = `${cores[c].name} good call ${pick}`;
        if (pick === 0) {
          me.want = [(rand() - 0.5) * 12, (rand() - 0.5) * 12];
          me.jump = rand() < 0.05;
          api.walk(me, s.w, 1 / 30 + rand() * 0.05, s.g);
        } else if (pick === 1) result = api.slide(me, s.w, [(rand() - 0.5) * 4, (rand() - 0.5) * 4], s.g);
        else if (pick === 2) result = api.carry(me, s.w, [(rand() - 0.5) * 2, (rand() - 0.5) * 2], s.g);
        else if (pick === 3) result = api.seek(me, s.w, [coord(), coord()], rand(), s.g);
        else if (pick === 4) result = api.stand(api.numbers(me, s.w), s.g, coord(), coord());
        else if (pick === 5) result = api.relative([rand() * 2 - 1, rand() * 2 - 1], (rand() - 0.5) * 20);
        else if (pick === 6) {
          s.herd.seek(Math.floor(rand() * s.herd.count), [coord(), coord()], 0.5);
          s.herd.step(1 / 60);
          result = [s.herd.x, s.herd.z, s.herd.y, s.herd.vx];
        } else if (pick === 7) result = s.herd.get(Math.floor(rand() * s.herd.count));
        else {
          // Keep the rows inside the sample world, as a game keeps its bodies on its map.
          if (Math.abs(me.pos[0]) > 12 || Math.abs(me.pos[2]) > 12) me.pos = [coord() / 2, 0, coord() / 2];
          result = api.numbers(me, s.w).radius;
        }
      }
    } catch (e) {
      thrown = e;
    }
    counts.calls++;
    if (performance.now() - start > boundMs) {
      counts.hangs++;
      fail('hang', what);
    }
    if (thrown !== undefined) {
      const plain = thrown instanceof Error && thrown.constructor === Error && thrown.message.startsWith('walker: ');
      if (!plain) {
        counts.wrongErrors++;
        fail('wrong error', `${what}: ${String(thrown)}`);
      }
      if (last.now !== undefined && !isDeepStrictEqual(last.now(), last.before)) {
        counts.rowsChanged++;
        fail('row changed', what);
      }
      if (accepts) {
        counts.goodRefused++;
        fail('good call refused', `${what}: ${String(thrown)}`);
      } else counts.refused++;
      continue;
    }
    if (!accepts) {
      counts.silentAcceptances++;
      fail('silent acceptance', what);
      continue;
    }
    counts.good++;
    if (!finiteDeep(result instanceof Float64Array ? Array.from(result) : result) || (me !== undefined && !finiteDeep(me))) {
      counts.nonFinite++;
      fail('non-finite', what);
    }
  }
  return counts;
}
