/**
 * A herd on several threads (HD-5): worker threads over the core's shared memory step chunks of the bodies, and the
 * bodies end bit for bit as on one thread and as the reference per-row loop (HD-2), on both builds of the core.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Herd } from '../../src/herd.ts';
import type { Row, World } from '../../src/types.ts';
import { sampleWorld } from '../../src/sampleWorld.ts';
import { BUILDS, SEED, coreOf, reference } from './cores.ts';
import { crowd, expectHerdIs, herdOf, referenceFrame } from './herds.ts';
import { expectSame } from './worlds.ts';
import { mapWorld, rowAt } from '../route/worlds.ts';
import { LEAST_WATCH_MS, claimSegments, fillSegments, nextWatch, watch } from '../../src/wasm/threads.ts';

const THREADS = [1, 2, 3] as const;

/** Throws unless two herds hold the same bodies, every field bit for bit. */
function expectHerdsSame(a: Herd, b: Herd, what: string): void {
  expect(b.count).toBe(a.count);
  for (let i = 0; i < a.count; i++) expectSame(b.get(i), a.get(i), `${what}: body ${i}`);
  expect(Array.from(b.arrived)).toEqual(Array.from(a.arrived));
  expect(Array.from(b.unreachable)).toEqual(Array.from(a.unreachable));
}

/** Faults a caller may write through a herd's views, each one a step refuses (HD-4, BI-2, BI-3), and what the refusal says. */
const FAULTS: readonly { says: string; view: (h: Herd) => Float64Array | Int32Array; value: number }[] = [
  { says: 'vx = NaN', view: (h) => h.vx, value: Number.NaN },
  { says: 'wantZ = Infinity', view: (h) => h.wantZ, value: Number.POSITIVE_INFINITY },
  { says: 'x, z = 2000000, ', view: (h) => h.x, value: 2e6 },
  { says: 'x, z = ', view: (h) => h.z, value: -1e7 },
  { says: 'a speed of 100000', view: (h) => h.vz, value: 1e5 },
  { says: 'a speed of ', view: (h) => h.wantX, value: -7000 },
  { says: 'side = 3', view: (h) => h.side, value: 3 },
  { says: 'side = 0.5', view: (h) => h.side, value: 0.5 },
  { says: 'turned = -Infinity', view: (h) => h.turned, value: Number.NEGATIVE_INFINITY },
  { says: 'y = NaN', view: (h) => h.y, value: Number.NaN },
  { says: 'vy = Infinity', view: (h) => h.vy, value: Number.POSITIVE_INFINITY },
  { says: 'yaw = NaN', view: (h) => h.yaw, value: Number.NaN },
  { says: 'floor = -Infinity', view: (h) => h.floor, value: Number.NEGATIVE_INFINITY },
  { says: 'speed = NaN', view: (h) => h.speed, value: Number.NaN },
  { says: 'kind = 7; expected an index', view: (h) => h.kind, value: 7 },
  { says: 'kind = -1; expected an index', view: (h) => h.kind, value: -1 },
];

/**
 * What a caller may write that a step takes as it is (a face not set, a side of −0, a body's target while it does not
 * seek): the bodies step on every thread.
 */
const HARMLESS: readonly { write: (h: Herd, i: number) => void }[] = [
  { write: (h, i) => { h.hasFace[i] = 0; h.face[i] = Number.NaN; } },
  { write: (h, i) => { h.side[i] = -0; } },
  { write: (h, i) => { h.seeking[i] = 0; h.targetX[i] = Number.POSITIVE_INFINITY; h.stop[i] = -1; } },
];

/** Every number view of a herd, copied: what a refused step must leave as it was. */
function numbersOf(h: Herd): number[][] {
  return [h.x, h.y, h.z, h.vx, h.vy, h.vz, h.wantX, h.wantZ, h.yaw, h.floor, h.speed, h.side, h.turned].map((v) => Array.from(v));
}

describe.each(BUILDS)('the %s build', (build) => {
  it('HD-4, HD-5: a step refused on 2 and 3 threads names the body one thread names — the first refused, whichever thread checked it — moves nothing, and the next step runs on every thread', async () => {
    const core = await coreOf(build);
    const n = 700;
    const { w, rows, targets } = crowd(n, 5, 40, false);
    const ground = core.groundOf(w);
    const herds = THREADS.map((threads) => herdOf(core, w, ground, rows, targets, { capacity: n, threads }));
    await Promise.all(herds.map((h) => h.ready()));
    let refusals = 0;
    fc.assert(
      // Bodies anywhere, and at the ends of the three threads' segments (odd in length: a quick check takes two at a time).
      fc.property(fc.uniqueArray(fc.oneof(fc.nat(n - 1), fc.constantFrom(0, 232, 233, 465, 466, 699)), { minLength: 1, maxLength: 2 }), fc.array(fc.nat(FAULTS.length - 1), { minLength: 2, maxLength: 2 }), (bad, faults) => {
        const first = Math.min(...bad);
        const kept = herds.map((h) => bad.map((i, k) => FAULTS[faults[k]].view(h)[i]));
        for (const h of herds) bad.forEach((i, k) => (FAULTS[faults[k]].view(h)[i] = FAULTS[faults[k]].value));
        const before = herds.map(numbersOf);
        const answers = herds.map((h) => {
          try {
            h.step(1 / 60);
            return 'stepped';
          } catch (error) {
            return (error as Error).message;
          }
        });
        expect(answers[0]).toContain(`walker: herd body ${first} has ${FAULTS[faults[bad.indexOf(first)]].says}`);
        expect(answers[0]).toContain('nothing was stepped.');
        answers.forEach((a, k) => expect(a, `${THREADS[k]} threads`).toBe(answers[0]));
        herds.forEach((h, k) => {
          expect(h.lastStepThreads).toBe(THREADS[k]);
          expect(numbersOf(h), `${THREADS[k]} threads moved a body`).toEqual(before[k]);
        });
        refusals++;
        // Mended, the bodies step again on every thread, and the herds still agree.
        herds.forEach((h, k) => bad.forEach((i, j) => (FAULTS[faults[j]].view(h)[i] = kept[k][j])));
        for (const h of herds) h.step(1 / 60);
        herds.forEach((h, k) => expect(h.lastStepThreads).toBe(THREADS[k]));
        expectHerdsSame(herds[0], herds[1], '2 threads');
        expectHerdsSame(herds[0], herds[2], '3 threads');
      }),
      // The herds carry on from run to run, so a failure is reported as found, not shrunk.
      { seed: SEED, numRuns: 100, endOnFailure: true },
    );
    expect(refusals).toBe(100);
    herds.forEach((h) => h.dispose());
  });

  it('HD-4, HD-5: what a step takes as it is — a face not set that is NaN, a side of −0, a wild target on a body that does not seek — steps on 1, 2 and 3 threads alike, never refused', async () => {
    const core = await coreOf(build);
    const n = 301;
    const { w, rows, targets } = crowd(n, 8, 40, false);
    const ground = core.groundOf(w);
    const herds = THREADS.map((threads) => herdOf(core, w, ground, rows, targets, { capacity: n, threads }));
    await Promise.all(herds.map((h) => h.ready()));
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(n - 1), { minLength: 1, maxLength: 6 }), fc.array(fc.nat(HARMLESS.length - 1), { minLength: 6, maxLength: 6 }), (bodies, writes) => {
        for (const h of herds) bodies.forEach((i, k) => HARMLESS[writes[k]].write(h, i));
        for (const h of herds) h.step(1 / 60);
        herds.forEach((h, k) => expect(h.lastStepThreads).toBe(THREADS[k]));
        expectHerdsSame(herds[0], herds[1], '2 threads');
        expectHerdsSame(herds[0], herds[2], '3 threads');
      }),
      { seed: SEED, numRuns: 40, endOnFailure: true },
    );
    herds.forEach((h) => h.dispose());
  });

  it('HD-5: a herd on 1, 2 and 3 threads equals the per-row loop bit for bit — a crowd that blocks itself among trees and water', async () => {
    const core = await coreOf(build);
    const { w, rows, targets } = crowd(180, 21, 30, true);
    const ground = core.groundOf(w);
    const herds = THREADS.map((threads) => herdOf(core, w, ground, rows, targets, { capacity: 8, threads }));
    await Promise.all(herds.map((h) => h.ready()));
    herds.forEach((h, k) => expect(h.threads).toBe(THREADS[k]));
    const arrived = rows.map(() => false);
    for (let frame = 0; frame < 30; frame++) {
      for (const h of herds) h.step(1 / 60);
      referenceFrame(rows, w, ground, targets, 1 / 60, arrived);
      // Every step ran on all the herd's threads (not on one while workers started).
      herds.forEach((h, k) => expect(h.lastStepThreads).toBe(THREADS[k]));
      if (frame % 10 === 9) herds.forEach((h, k) => expectHerdIs(h, rows, arrived, `${THREADS[k]} threads, frame ${frame}`));
    }
    herds.forEach((h) => h.dispose());
  });

  it('HD-5: where the corner cache overflows, corners a thread finds unbaked are computed, and 1, 2 and 3 threads still agree', async () => {
    const core = await coreOf(build);
    // 4 m tiles (cell 0.125 m) under bodies spread over 340 m: more tiles than the cache holds (1,024), so the bake
    // before a threaded step stops when the cache is full and the threads compute the corners of the rest.
    const w = sampleWorld({ half: 180, cell: 0.125, trees: 300, boulders: 0, seed: 4 });
    const ground = core.groundOf(w);
    const rows: Row[] = [];
    for (let i = 0; i < 640; i++) {
      const x = ((i * 7919) % 641) / 641 * 340 - 170;
      const z = ((i * 104729) % 643) / 643 * 340 - 170;
      rows.push({ kind: 'xbot', pos: [x, 0, z], want: [((i % 7) - 3) * 0.7, ((i % 5) - 2) * 0.9] });
    }
    const herds = THREADS.map((threads) => herdOf(core, w, ground, rows, rows.map(() => null), { capacity: 640, threads }));
    await Promise.all(herds.map((h) => h.ready()));
    for (let frame = 0; frame < 3; frame++) {
      for (const h of herds) {
        core.resetCorners();
        h.step(1 / 30);
      }
    }
    herds.forEach((h, k) => expect(h.lastStepThreads).toBe(THREADS[k]));
    expectHerdsSame(herds[0], herds[1], '2 threads');
    expectHerdsSame(herds[0], herds[2], '3 threads');
    herds.forEach((h) => h.dispose());
  });

  it('HD-5, RT-8: routing bodies on 1, 2 and 3 threads follow the fields prepared before the step, bit for bit as the reference herd', async () => {
    const core = await coreOf(build);
    const lake = mapWorld(64, (i, j) => (i >= 20 && i <= 44 && j >= 10 && j <= 54 ? -3 : 0.5), { water: 0 });
    // Two targets, so two fields; every third body seeks plainly beside the routing ones.
    const target = (k: number): [number, number] => (k % 2 === 0 ? [54, 32] : [56, 20]);
    const refGround = reference.groundOf(lake);
    const ref = new reference.Herd(lake, refGround, 64);
    for (let k = 0; k < 60; k++) ref.add(rowAt(reference, lake, refGround, 4 + (k % 6) * 2.1, 14 + Math.floor(k / 6) * 3.7));
    const ground = core.groundOf(lake);
    const herds = [ref, ...THREADS.map((threads) => {
      const h = new core.Herd(lake, ground, { capacity: 64, threads });
      for (let k = 0; k < 60; k++) h.add(ref.get(k));
      return h;
    })];
    for (const h of herds) for (let k = 0; k < 60; k++) h.seek(k, target(k), 1, { route: k % 3 !== 2 });
    herds.shift();
    await Promise.all(herds.map((h) => h.ready()));
    for (let s = 0; s < 120; s++) {
      ref.step(1 / 30);
      for (const h of herds) h.step(1 / 30);
      herds.forEach((h, k) => expect(h.lastStepThreads).toBe(THREADS[k]));
      if (s % 30 === 29) herds.forEach((h, k) => expectHerdsSame(ref, h, `${THREADS[k]} threads, step ${s}`));
    }
    // The bodies got somewhere: the test compares motion, not bodies standing still.
    expect(herds[2].x.slice(0, 60).some((x) => x > 12)).toBe(true);
    herds.forEach((h) => h.dispose());
  });

  it('HD-5: a herd\'s arrays start on a 128-byte line of their own, whatever its capacity and however it grew (threads writing one line slow each other)', async () => {
    const core = await coreOf(build);
    const { w, rows, targets } = crowd(40, 5, 20, false);
    const ground = core.groundOf(w);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 700 }), fc.integer({ min: 1, max: 40 }), (capacity, count) => {
        const h = herdOf(core, w, ground, rows.slice(0, count), targets.slice(0, count), { capacity, threads: 1 });
        // Each view is a field's array from its start: the block's payload, 16 bytes (its header) into a line.
        for (const view of [h.x, h.hasFace, h.kind]) expect(view.byteOffset % 128).toBe(16);
        h.dispose();
      }),
      { seed: SEED, numRuns: 30 },
    );
  });

  it('HD-5, R-3: on 3 threads, a body whose step would be non-finite is named (the first), left as it was, and the others step', async () => {
    const core = await coreOf(build);
    const w: World = {
      walker: {
        kinds: { xbot: { radius: 0.4, height: 1.8, accel: 12, turnRate: 10, gravity: 20, jumpH: 0.9, step: 0.6, maxSlope: 0.7, slopeBand: 0.1, wade: 0.5, span: 0.5, probe: 2, slide: 4, seekSpeed: 3 } },
        mods: { height: 'terrain3d', cell: 'terrain3d' },
      },
      terrain3d: { rings: [{ reach: 16, seg: 32 }], heightmap: { origin: [-16, -16], spacing: 1, nx: 33, nz: 33, data: new Array(33 * 33).fill(0) } },
    };
    const herd = new core.Herd(w, core.groundOf(w), { threads: 3 });
    await herd.ready();
    for (let i = 0; i < 90; i++) {
      // Rising from near the largest double, bodies 47 and 71 overflow their height this step.
      const runaway = i === 47 || i === 71;
      herd.add(runaway ? { kind: 'xbot', pos: [0, 1.79e308, 0], vel: [0, 1e308, 0], air: true } : { kind: 'xbot', pos: [(i % 9) - 4, 0, Math.floor(i / 9) - 5], want: [1, 0] });
    }
    const before = [herd.get(47), herd.get(71)];
    const x = Array.from(herd.x);
    expect(() => herd.step(1 / 60)).toThrow('walker: herd body 47 would be given a non-finite number or leave the world (its numbers are too large); it was left as it was and the others stepped.');
    expect(herd.lastStepThreads).toBe(3);
    expect(herd.get(47)).toEqual(before[0]);
    expect(herd.get(71)).toEqual(before[1]);
    for (let i = 0; i < 90; i++) if (i !== 47 && i !== 71) expect(herd.x[i]).toBeGreaterThan(x[i]);
    herd.dispose();
  });
});

describe('HD-5: how the threads share the bodies', () => {
  it('HD-5: the chunks the threads claim cover every body once, whatever part of its segment a thread claims at a time and however they interleave — a thread that stops with a chunk in hand, one that starts late — and a failed body is the least found', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 2, max: 8 }), fc.integer({ min: 1, max: 6 }), fc.array(fc.nat(99), { minLength: 1, maxLength: 64 }), fc.array(fc.nat(2999), { maxLength: 3 }), (count, threads, part, schedule, failing) => {
        const c = new Int32Array(2 + threads);
        fillSegments(c, 2, threads, count);
        const hits = new Uint8Array(count);
        const started = new Array<boolean>(threads).fill(false);
        const answers: number[] = new Array<number>(threads).fill(-1);
        let turn = 0;
        const claimAs = (t: number): void => {
          started[t] = true;
          answers[t] = claimSegments(c, 2, threads, t, count, part, (from, to) => {
            expect(from).toBeLessThan(to);
            expect(to).toBeLessThanOrEqual(count);
            for (let i = from; i < to; i++) hits[i]++;
            // Now and then another thread runs while this one holds its chunk (it ran late, or this one stopped).
            const pick = schedule[turn++ % schedule.length];
            const next = pick % threads;
            if (pick < 50 && !started[next]) claimAs(next);
            const failed = failing.filter((i) => i >= from && i < to);
            return failed.length === 0 ? -1 : -2 - Math.min(...failed);
          });
        };
        for (let t = 0; t < threads; t++) if (!started[t]) claimAs(t);
        expect(Array.from(hits).every((h) => h === 1), `every body of ${count} once on ${threads} threads, claiming 1/${part} at a time`).toBe(true);
        const found = answers.filter((a) => a !== -1);
        const expected = failing.filter((i) => i < count);
        expect(found.length === 0 ? -1 : Math.min(...found)).toBe(expected.length === 0 ? -1 : Math.min(...expected));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});

describe('HD-5: how a waiting thread watches before it sleeps', () => {
  it('HD-5: watch answers the new value as soon as the slot changes, and the old one once its time is up (never spinning on)', () => {
    const c = new Int32Array(new SharedArrayBuffer(8));
    c[1] = 7;
    expect(watch(c, 1, 6, 1000)).toBe(7);
    for (const ms of [0, 0.25, 2]) {
      const started = performance.now();
      expect(watch(c, 0, 0, ms)).toBe(0);
      const took = performance.now() - started;
      expect(took, `watched ${took} ms for ${ms} ms`).toBeGreaterThanOrEqual(ms);
      expect(took, `watched ${took} ms for ${ms} ms`).toBeLessThan(ms + 1000);
    }
  });
});

describe('HD-5: how long a worker watches', () => {
  it('HD-5: a watch that saw the change come is made as long again; each that ran out, half as long, down to the least — whatever the watches before', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 5, noNaN: true }), fc.array(fc.boolean(), { maxLength: 40 }), (most, outcomes) => {
        let ms = most;
        let outOfTime = 0;
        for (const saw of outcomes) {
          ms = nextWatch(ms, saw, most, LEAST_WATCH_MS);
          outOfTime = saw ? 0 : outOfTime + 1;
          expect(ms).toBe(Math.max(most / 2 ** outOfTime, LEAST_WATCH_MS));
        }
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
});

describe('HD-5: workers sleep between steps', () => {
  it('HD-5: a herd\'s workers, done with a step, watch for the next a moment and then sleep: a herd left alone takes no CPU', async () => {
    const core = await coreOf('release');
    const w = sampleWorld({ half: 32, trees: 40, boulders: 0 });
    const herd = new core.Herd(w, core.groundOf(w), { threads: 3 });
    await herd.ready();
    for (let i = 0; i < 300; i++) herd.add({ kind: 'xbot', pos: [(i % 20) - 10, 0, Math.floor(i / 20) - 8], want: [1, 0] });
    for (let f = 0; f < 20; f++) herd.step(1 / 60);
    expect(herd.lastStepThreads).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const before = process.cpuUsage();
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const used = process.cpuUsage(before);
    const cpuMs = (used.user + used.system) / 1000;
    const wallMs = performance.now() - started;
    // Two workers spinning on would take twice the wall time; asleep, the process takes next to none.
    expect(cpuMs, `the process took ${cpuMs} ms of CPU in ${wallMs} ms`).toBeLessThan(wallMs / 2);
    herd.dispose();
  });
});

describe('HD-5: threads on the herd API', () => {
  it('HD-5: threads must be a whole number from 1 to 64; a number alone is still the capacity; the reference entry steps on one thread', async () => {
    const core = await coreOf('release');
    const w = sampleWorld({ half: 16, trees: 10, boulders: 0 });
    const ground = core.groundOf(w);
    expect(() => new core.Herd(w, ground, { threads: 0 })).toThrow('walker: herd threads is 0; expected a whole number from 1 to 64.');
    expect(() => new core.Herd(w, ground, { threads: 65 })).toThrow('walker: herd threads is 65; expected a whole number from 1 to 64.');
    expect(() => new core.Herd(w, ground, { threads: '2' as unknown as number })).toThrow('walker: herd threads is "2"; expected a whole number from 1 to 64.');
    expect(() => new core.Herd(w, ground, { threads: 1.5 })).toThrow('walker: herd threads is 1.5; expected a whole number from 1 to 64.');
    expect(() => new core.Herd(w, ground, null as unknown as number)).toThrow('walker: herd capacity is null; expected a number, or an object { capacity, threads }.');
    const herd = new core.Herd(w, ground, 100);
    expect(herd.capacity).toBe(100);
    herd.dispose();
    const plain = new reference.Herd(w, reference.groundOf(w), { capacity: 5, threads: 4 });
    expect(plain.capacity).toBe(5);
    expect(plain.threads).toBe(1);
  });

  it('HD-5: a herd whose threads are not given steps on one thread below 256 bodies, and starts its workers from there', async () => {
    const core = await coreOf('release');
    const w = sampleWorld({ half: 32, trees: 40, boulders: 0 });
    const ground = core.groundOf(w);
    const herd = new core.Herd(w, ground);
    for (let i = 0; i < 255; i++) herd.add({ kind: 'xbot', pos: [(i % 16) * 2 - 16, 0, Math.floor(i / 16) * 2 - 16] });
    herd.step(1 / 60);
    expect(herd.lastStepThreads).toBe(1);
    herd.add({ kind: 'xbot', pos: [20, 0, 20] });
    herd.step(1 / 60);
    await herd.ready();
    herd.step(1 / 60);
    expect(herd.lastStepThreads).toBe(herd.threads);
    herd.dispose();
    expect(() => herd.step(1 / 60)).toThrow('walker: this herd was disposed; make a new Herd.');
  });
});
