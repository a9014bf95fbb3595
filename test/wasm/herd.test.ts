/**
 * The herd (HD-1..HD-3): a herd step equals N per-row seek-then-walk calls on the reference whose ground.bodies hold
 * start-of-step snapshots of the other rows, bit for bit (HD-2); the order of the bodies does not matter (HD-1);
 * growing past the capacity re-derives the views (HD-3); and 600 frames of 1,000+ bodies stay bit-identical (WX-3).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Herd as ReferenceHerd } from '../../src/herd.ts';
import { Sampler } from '../../src/reference/lattice.ts';
import { MAX_CLUSTER, firstBlocker, gatherCluster } from '../../src/reference/seek.ts';
import type { Circle } from '../../src/types.ts';
import type { Ground, Row } from '../../src/types.ts';
import { BUILDS, SEED, coreOf, reference } from './cores.ts';
import { cloneRow, expectSame, placeRow, rowArb, worldArb } from './worlds.ts';
import { crowd, expectHerdIs, herdOf, referenceFrame } from './herds.ts';

describe.each(BUILDS)('the %s build', (build) => {
  it('HD-2: a herd step equals N per-row seek-then-walk calls on start-of-step snapshots, on random worlds', async () => {
    const core = await coreOf(build);
    const target = fc.option(fc.record({ at: fc.tuple(fc.double({ min: -30, max: 30, noNaN: true }), fc.double({ min: -30, max: 30, noNaN: true })), stop: fc.double({ min: 0, max: 2, noNaN: true }) }), { nil: null });
    fc.assert(
      fc.property(worldArb, fc.array(fc.tuple(rowArb, target), { minLength: 1, maxLength: 40 }), fc.double({ min: 1 / 240, max: 0.2, noNaN: true }), (w, bodies, dt) => {
        const ground = core.groundOf(w);
        expect(core.runsInWasm(ground)).toBe(true);
        const rows = bodies.map(([spec]) => placeRow(spec, w, (kind, x, z) => reference.stand(reference.numbers({ kind }, w), ground, x, z)));
        const targets = bodies.map(([, t]) => (t === null ? null : { at: t.at as [number, number], stop: t.stop }));
        const herd = herdOf(core, w, ground, rows, targets, 4);
        const arrived = rows.map(() => false);
        for (let frame = 0; frame < 12; frame++) {
          herd.step(dt);
          referenceFrame(rows, w, ground, targets, dt, arrived);
          expectHerdIs(herd, rows, arrived, `frame ${frame}`);
        }
        herd.dispose();
      }),
      { seed: SEED, numRuns: 150 },
    );
  });

  it('HD-2: a herd of 300 bodies that block each other, crowded round trees, equals the per-row loop for 100 frames', async () => {
    const core = await coreOf(build);
    const { w, rows, targets } = crowd(300, 11, 24, true);
    const ground = core.groundOf(w);
    const herd = herdOf(core, w, ground, rows, targets);
    const arrived = rows.map(() => false);
    for (let frame = 0; frame < 100; frame++) {
      herd.step(1 / 60);
      referenceFrame(rows, w, ground, targets, 1 / 60, arrived);
      if (frame % 10 === 9) expectHerdIs(herd, rows, arrived, `frame ${frame}`);
    }
    herd.dispose();
  });

  it('HD-1: shuffling the bodies of a herd changes nothing — a dense crowd going round itself in clusters of more than 32', async () => {
    const core = await coreOf(build);
    const { w, rows, targets } = crowd(400, 5, 14, true);
    targets.fill({ at: [40, 40], stop: 0.5 });
    const ground = core.groundOf(w);
    const order = rows.map((_, i) => i);
    let s = 99;
    for (let i = order.length - 1; i > 0; i--) {
      s = (Math.imul(s, 1103515245) + 12345) | 0;
      const j = (s >>> 8) % (i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    // The crowd is dense enough that some body's obstacle is cut at MAX_CLUSTER circles (where order could matter).
    let capped = 0;
    rows.forEach((row, i) => {
      const n = reference.numbers(row, w);
      const g = new Sampler(ground);
      g.bodies = rows.filter((_, j) => j !== i).map((r) => ({ x: r.pos[0], z: r.pos[2], radius: reference.numbers(r, w).radius, vx: 0, vz: 0, share: 1 }));
      const first = firstBlocker(n, g, row.pos[0], row.pos[2], 40 - row.pos[0], 40 - row.pos[2]);
      if (first === null) return;
      const cluster: Circle[] = [];
      gatherCluster(n, g, first, cluster);
      if (cluster.length === MAX_CLUSTER) capped++;
    });
    expect(capped).toBeGreaterThan(0);
    const straight = herdOf(core, w, ground, rows, targets);
    const shuffled = herdOf(core, w, ground, order.map((i) => rows[i]), order.map((i) => targets[i]));
    for (let frame = 0; frame < 120; frame++) {
      straight.step(1 / 60);
      shuffled.step(1 / 60);
    }
    order.forEach((i, k) => expectSame(shuffled.get(k), straight.get(i), `body ${i}`));
    // The crowd did go round itself: bodies turned away from the straight line to the target.
    expect(straight.side.some((side) => side !== 0)).toBe(true);
    straight.dispose();
    shuffled.dispose();
  });

  it('HD-3: bodies added past the capacity, holding old views: the herd hands out fresh views with the right values', async () => {
    const core = await coreOf(build);
    const { w, rows, targets } = crowd(64, 8, 30, true);
    const ground = core.groundOf(w);
    const herd = herdOf(core, w, ground, rows.slice(0, 2), targets.slice(0, 2), 2);
    const oldX = herd.x;
    const oldAir = herd.air;
    const bufferBefore = core.exports.memory.buffer;
    // Enough bodies to move the arrays several times, and a large block so the memory itself grows.
    for (let i = 2; i < rows.length; i++) {
      herd.add(rows[i]);
      const t = targets[i];
      if (t !== null) herd.seek(i, t.at, t.stop);
    }
    const bigger = new core.Herd(w, ground, 400_000);
    expect(core.exports.memory.buffer).not.toBe(bufferBefore);
    // The old views are stale: over the memory before it grew (a shared memory keeps the old buffer at its old length).
    expect(oldX.buffer).not.toBe(core.exports.memory.buffer);
    expect(oldAir.buffer).not.toBe(core.exports.memory.buffer);
    // The herd's views are over the current memory, as long as the count, and hold the bodies.
    expect(herd.x.buffer).toBe(core.exports.memory.buffer);
    expect(herd.x.length).toBe(rows.length);
    rows.forEach((row, i) => {
      expect(herd.x[i]).toBe(row.pos[0]);
      expect(herd.z[i]).toBe(row.pos[2]);
    });
    const arrived = rows.map(() => false);
    for (let frame = 0; frame < 30; frame++) {
      herd.step(1 / 60);
      referenceFrame(rows, w, ground, targets, 1 / 60, arrived);
    }
    expectHerdIs(herd, rows, arrived, 'after growing');
    const xs = herd.x;
    rows.forEach((row, i) => expect(xs[i]).toBe(row.pos[0]));
    bigger.dispose();
    herd.dispose();
  });

  it('HD-1: remove moves the last body into the gap; get and set read and write a body as a row', async () => {
    const core = await coreOf(build);
    const { w, rows, targets } = crowd(10, 2, 20, false);
    const ground = core.groundOf(w);
    const herd = herdOf(core, w, ground, rows, targets);
    expect(herd.remove(3)).toBe(9);
    expect(herd.count).toBe(9);
    expectSame(herd.get(3).pos, rows[9].pos, 'moved body');
    expect(herd.targetX[3]).toBe(targets[9]?.at[0] ?? 0);
    expect(herd.remove(8)).toBe(-1);
    const row: Row = { kind: 'ox', pos: [1, 2, 3], vel: [0.5, 0, -0.5], face: 1, side: -1, turned: 2 };
    herd.set(0, row);
    const back = herd.get(0);
    expect(back).toMatchObject({ kind: 'ox', pos: [1, 2, 3], vel: [0.5, 0, -0.5], face: 1, side: -1, turned: 2, floor: 2, air: false });
    expect(() => herd.get(8)).toThrow('walker: herd index is 8; expected a whole number from 0 to 7.');
    expect(() => herd.add({ kind: 'moose', pos: [0, 0, 0] })).toThrow('walker: no kind "moose" in world.walker.kinds');
    herd.dispose();
  });

  it('HD-2: a body holding a number a per-row call refuses stops the step with a sentence, nothing stepped', async () => {
    const core = await coreOf(build);
    const { w, rows, targets } = crowd(5, 4, 10, false);
    const ground = core.groundOf(w);
    const herd = herdOf(core, w, ground, rows, targets);
    const before = [0, 1, 2, 3, 4].map((i) => herd.get(i));
    herd.vx[2] = NaN;
    expect(() => herd.step(1 / 60)).toThrow('walker: herd body 2 has vx = NaN; expected a finite number; nothing was stepped.');
    herd.vx[2] = 0;
    herd.side[4] = 3;
    expect(() => herd.step(1 / 60)).toThrow('walker: herd body 4 has side = 3; expected -1, 0 or 1; nothing was stepped.');
    herd.side[4] = 0;
    before.forEach((row, i) => expectSame(herd.get(i).pos, row.pos, `body ${i}`));
    expect(() => herd.step(0)).toThrow('walker: dt is 0; expected a finite number > 0.');
    herd.dispose();
  });

  it('WX-4: a herd on a ground of JS callbacks runs on the reference core and gives the same numbers as in wasm', async () => {
    const core = await coreOf(build);
    const { w, rows, targets } = crowd(80, 6, 20, true);
    const ground = core.groundOf(w);
    const callbacks: Ground = { height: ground.height, depth: ground.depth, solids: ground.solids, cell: ground.cell };
    expect(core.runsInWasm(callbacks)).toBe(false);
    const inWasm = herdOf(core, w, ground, rows, targets);
    const onReference = herdOf(core, w, callbacks, rows, targets);
    const plain = new ReferenceHerd(w, callbacks, 8);
    rows.forEach((row, i) => {
      plain.add(row);
      const t = targets[i];
      if (t !== null) plain.seek(i, t.at, t.stop);
    });
    for (let frame = 0; frame < 40; frame++) {
      inWasm.step(1 / 30);
      onReference.step(1 / 30);
      plain.step(1 / 30);
    }
    rows.forEach((_, i) => {
      expectSame(onReference.get(i), inWasm.get(i), `body ${i}`);
      expectSame(plain.get(i), inWasm.get(i), `body ${i}`);
    });
    inWasm.dispose();
    onReference.dispose();
  });
});

describe('WX-3: 600 frames of 1,200 bodies', () => {
  // The reference per-row loop is run once; the herd of each build is compared with it at checkpoints.
  const frames = 600;
  const checkpoints = new Set([1, 10, 100, 300, 600]);
  let expected: Promise<Map<number, { rows: Row[]; arrived: boolean[] }>> | undefined;
  const scene = (): ReturnType<typeof crowd> => {
    const c = crowd(1200, 21, 90, false);
    // A few dozen bodies of a kind that blocks: the rest walk through each other, so the reference loop stays O(N).
    c.rows.forEach((row, i) => {
      if (i % 40 === 0) row.kind = 'ox';
      else if (row.kind === 'ox') row.kind = 'kid';
    });
    const kinds = c.w.walker!.kinds;
    c.w.walker!.kinds = { ...kinds, ox: { ...kinds.ox, bodies: ['ox', 'xbot'] } };
    return c;
  };
  const referenceRun = (): Promise<Map<number, { rows: Row[]; arrived: boolean[] }>> => {
    expected ??= Promise.resolve().then(() => {
      const { w, rows, targets } = scene();
      const ground = reference.groundOf(w);
      const arrived = rows.map(() => false);
      const out = new Map<number, { rows: Row[]; arrived: boolean[] }>();
      for (let frame = 1; frame <= frames; frame++) {
        referenceFrame(rows, w, ground, targets, 1 / 60, arrived);
        if (checkpoints.has(frame)) out.set(frame, { rows: rows.map(cloneRow), arrived: [...arrived] });
      }
      return out;
    });
    return expected;
  };

  it.each(BUILDS)('WX-3: a herd of 1,200 bodies (%s build) stays bit-identical to the reference per-row loop for 600 frames', async (build) => {
    const core = await coreOf(build);
    const want = await referenceRun();
    const { w, rows, targets } = scene();
    const ground = core.groundOf(w);
    const herd = herdOf(core, w, ground, rows, targets, 1024);
    for (let frame = 1; frame <= frames; frame++) {
      herd.step(1 / 60);
      const at = want.get(frame);
      if (at !== undefined) expectHerdIs(herd, at.rows, at.arrived, `frame ${frame}`);
    }
    herd.dispose();
  });
});
