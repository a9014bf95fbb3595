/**
 * Many nearby targets route together (RT-7, RT-8, HD-2): more routing targets than a herd holds fields, in
 * neighbouring cells — a crowd sent to a formation across a lake — and the bodies whose own field the herd cannot hold
 * follow the held field nearest their target, so they go round the lake too and arrive; on every core bit for bit
 * alike, on any number of threads (HD-5), for random sets of targets too. Arrival times are bounded by the way round
 * the lake's end, worked out from the map, never from the code under test.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as reference from '../../src/reference.ts';
import { CORES, type Api } from '../cores.ts';
import { SEED } from '../wasm/cores.ts';
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

/**
 * A pond 0.8 m deep over x = 20 to 36 and z = 16 to 40 (too deep for the xbot, not for the wader, wade 1), and a row of
 * trunks along z = 44 whose grown circles hold some cells' centres (their targets' ways are judged at the target, RT-2).
 */
const pond = mapWorld(64, (i, j) => (i >= 20 && i <= 36 && j >= 16 && j <= 40 ? -0.8 : 0.5), {
  water: 0,
  trees: Array.from({ length: 8 }, (_, k) => ({ x: 22.5 + 2.5 * k, z: 44.5, radius: 0.3 })),
});
pond.walker!.kinds = { xbot: XBOT, wader: { ...XBOT, wade: 1 } };

const pointArb = (x0: number, x1: number, z0: number, z1: number) => fc.tuple(fc.double({ min: x0, max: x1, noNaN: true }), fc.double({ min: z0, max: z1, noNaN: true }));

/**
 * A crowd west of the pond sent with `{ route: true }` to 10–20 targets (a few draws may share a cell), most in a box
 * east of it — within BORROW_REACH of each other — some anywhere, two kinds; mid-way some bodies are sent elsewhere,
 * so held fields are replaced and followed by others.
 */
const crowdArb = fc.record({
  bodies: fc.array(fc.record({ at: pointArb(2, 16, 4, 60), wader: fc.boolean(), target: fc.nat(), stop: fc.double({ min: 0, max: 1, noNaN: true }) }), { minLength: 24, maxLength: 48 }),
  targets: fc.tuple(fc.array(pointArb(40, 56, 20, 50), { minLength: 9, maxLength: 16 }), fc.array(pointArb(2, 62, 2, 62), { minLength: 1, maxLength: 4 })).map(([near, far]) => [...near, ...far]),
  resends: fc.array(fc.record({ body: fc.nat(), target: fc.nat() }), { maxLength: 4 }),
});

describe('many targets, every herd ≡ the reference herd', () => {
  it('RT-6, RT-8, HD-5: random sets of more than 8 targets: release herds on 1, 2 and 3 threads and the debug herd give the reference herd\'s bits, step by step', async () => {
    const release = CORES.find((c) => c.name === 'release')!.api;
    const debug = CORES.find((c) => c.name === 'debug')!.api;
    let borrowed = 0;
    await fc.assert(
      fc.asyncProperty(crowdArb, async ({ bodies, targets, resends }) => {
        const herds = [
          ...[1, 2, 3].map((threads) => new release.Herd(pond, release.groundOf(pond), { capacity: bodies.length, threads })),
          new debug.Herd(pond, debug.groundOf(pond), { capacity: bodies.length, threads: 1 }),
          new reference.Herd(pond, reference.groundOf(pond), { capacity: bodies.length }),
        ];
        await Promise.all(herds.map((h) => h.ready()));
        const ground = reference.groundOf(pond);
        for (const b of bodies) {
          const kind = b.wader ? 'wader' : 'xbot';
          const y = reference.stand(reference.numbers({ kind }, pond), ground, b.at[0], b.at[1]);
          for (const h of herds) {
            const i = h.add({ kind, pos: [b.at[0], y, b.at[1]], floor: y });
            h.seek(i, targets[b.target % targets.length], b.stop, { route: true });
          }
        }
        const cells = new Set(bodies.map((b) => `${b.wader} ${targets[b.target % targets.length].map(Math.floor).join(' ')}`));
        if (cells.size > 8) borrowed++;
        for (let f = 0; f < 90; f++) {
          if (f === 45) for (const r of resends) for (const h of herds) h.seek(r.body % bodies.length, targets[r.target % targets.length], 0.5, { route: true });
          for (const h of herds) h.step(DT);
          if (f % 15 !== 14) continue;
          const [ref, ...others] = herds.map((h) => ({ rows: Array.from({ length: h.count }, (_, i) => h.get(i)), arrived: Array.from(h.arrived), unreachable: Array.from(h.unreachable) })).reverse();
          for (const got of others) expectSame(got, ref, `frame ${f}`);
        }
        for (const h of herds) h.dispose();
      }),
      // Few runs: each field costs the reference core about a second on this ground.
      { seed: SEED, numRuns: 4, endOnFailure: true },
    );
    // The draws send the crowd to more (kind, target cell) fields than a herd holds, so bodies follow others' fields.
    expect(borrowed).toBeGreaterThanOrEqual(3);
  }, 600_000);
});
