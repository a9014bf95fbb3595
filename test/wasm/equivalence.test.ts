/**
 * WX-3: on random worlds, grounds, rows and dts, every public call gives bit-identical results on the wasm entry
 * (release and debug builds) and on the reference — the returned numbers and every number written to the row,
 * or the same error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Ground, Row, World } from '../../src/types.ts';
import type { WasmCore } from '../../src/wasm/core.ts';
import { BUILDS, SEED, coreOf, dropGroundsEvery, reference } from './cores.ts';
import { type RowSpec, cloneRow, dtArb, expectSame, placeRow, rowArb, worldArb } from './worlds.ts';

type Outcome = { value: unknown; row: Row } | { error: string };

function outcome(row: Row, call: (row: Row) => unknown): Outcome {
  try {
    const value = call(row);
    return { value, row };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** Runs `call` on the wasm core and on the reference, each on its own copy of the row, and compares everything. */
function same(row: Row, onWasm: (row: Row) => unknown, onReference: (row: Row) => unknown): void {
  const a = outcome(cloneRow(row), onWasm);
  const b = outcome(cloneRow(row), onReference);
  if ('error' in b || 'error' in a) {
    expect('error' in a ? a.error : 'no error').toBe('error' in b ? b.error : 'no error');
    return;
  }
  expectSame(a.value, b.value, 'returned');
  expectSame(a.row, b.row, 'row');
}

interface Case {
  w: World;
  ground: Ground;
  rows: Row[];
}

/** A world, its ground on the wasm core (which also works as a plain ground on the reference), and rows on it. */
function caseOf(core: WasmCore, w: World, specs: RowSpec[], withBodies: boolean): Case {
  const ground = core.groundOf(w);
  expect(core.runsInWasm(ground)).toBe(true);
  const rows = specs.map((s) => placeRow(s, w, (kind, x, z) => core.stand(reference.numbers({ kind }, w), ground, x, z)));
  if (withBodies) ground.bodies = rows.slice(1);
  return { w, ground, rows };
}

const caseArb = fc.record({
  w: worldArb,
  specs: fc.array(rowArb, { minLength: 1, maxLength: 6 }),
  withBodies: fc.boolean(),
});

const RUNS = 1000;

/** Situations the random cases must reach, counted over a property's runs, so it cannot pass vacuously. */
class Seen {
  readonly counts = new Map<string, number>();
  note(what: string, happened: boolean): void {
    if (happened) this.counts.set(what, (this.counts.get(what) ?? 0) + 1);
  }
  expectEach(...whats: string[]): void {
    for (const what of whats) expect(this.counts.get(what) ?? 0, `random cases never reached: ${what}`).toBeGreaterThan(0);
  }
}

describe.each(BUILDS)('the %s build', (build) => {
  it('WX-3: walk on both entries gives bit-identical rows, over many frames', async () => {
    const core = await coreOf(build);
    const seen = new Seen();
    const drop = dropGroundsEvery(50);
    await fc.assert(
      fc.asyncProperty(caseArb, fc.array(dtArb, { minLength: 1, maxLength: 40 }), async ({ w, specs, withBodies }, dts) => {
        await drop();
        const { ground, rows } = caseOf(core, w, specs, withBodies);
        const a = cloneRow(rows[0]);
        const b = cloneRow(rows[0]);
        const n = reference.numbers(a, w);
        for (const dt of dts) {
          const before = cloneRow(a);
          core.walk(a, w, dt, ground);
          reference.walk(b, w, dt, ground);
          expectSame(a, b, 'row');
          seen.note('in the air', a.air === true);
          seen.note('on steep ground', a.steep === true);
          seen.note('in water', (ground.depth?.(a.pos[0], a.pos[2]) ?? 0) > 0);
          seen.note('in water deeper than wade', (ground.depth?.(a.pos[0], a.pos[2]) ?? 0) > n.wade);
          seen.note('jumping', before.jump === true && before.air !== true);
          seen.note('landing', before.air === true && a.air === false);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
    seen.expectEach('in the air', 'on steep ground', 'in water', 'in water deeper than wade', 'jumping', 'landing');
  });

  it('WX-3: slide on both entries gives bit-identical moves and rows', async () => {
    const core = await coreOf(build);
    const seen = new Seen();
    const delta = fc.tuple(fc.double({ min: -6, max: 6, noNaN: true }), fc.double({ min: -6, max: 6, noNaN: true }));
    const drop = dropGroundsEvery(50);
    await fc.assert(
      fc.asyncProperty(caseArb, delta, async ({ w, specs, withBodies }, d) => {
        await drop();
        const { ground, rows } = caseOf(core, w, specs, withBodies);
        same(rows[0], (r) => core.slide(r, w, d, ground), (r) => reference.slide(r, w, d, ground));
        const made = reference.slide(cloneRow(rows[0]), w, d, ground);
        const limited = made[0] !== d[0] || made[1] !== d[1];
        seen.note('limited', limited);
        seen.note('limited among bodies', limited && withBodies && rows.length > 1);
        seen.note('not limited', !limited);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    seen.expectEach('limited', 'limited among bodies', 'not limited');
  });

  it('WX-3: carry on both entries gives bit-identical moves and rows', async () => {
    const core = await coreOf(build);
    const delta = fc.tuple(fc.double({ min: -6, max: 6, noNaN: true }), fc.double({ min: -6, max: 6, noNaN: true }));
    const drop = dropGroundsEvery(50);
    await fc.assert(
      fc.asyncProperty(caseArb, delta, async ({ w, specs, withBodies }, d) => {
        await drop();
        const { ground, rows } = caseOf(core, w, specs, withBodies);
        same(rows[0], (r) => core.carry(r, w, d, ground), (r) => reference.carry(r, w, d, ground));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('WX-3: seek on both entries gives bit-identical answers and rows, going round trees and bodies', async () => {
    const core = await coreOf(build);
    const seen = new Seen();
    const target = fc.tuple(fc.double({ min: -30, max: 30, noNaN: true }), fc.double({ min: -30, max: 30, noNaN: true }));
    const drop = dropGroundsEvery(50);
    await fc.assert(
      fc.asyncProperty(caseArb, target, fc.double({ min: 0, max: 3, noNaN: true }), async ({ w, specs, withBodies }, t, stop) => {
        await drop();
        const { ground, rows } = caseOf(core, w, specs, withBodies);
        same(rows[0], (r) => core.seek(r, w, t, stop, ground), (r) => reference.seek(r, w, t, stop, ground));
        const r = cloneRow(rows[0]);
        reference.seek(r, w, t, stop, ground);
        seen.note('going round an obstacle', r.side !== 0);
        seen.note('arrived', r.want![0] === 0 && r.want![1] === 0 && r.side === 0);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    seen.expectEach('going round an obstacle', 'arrived');
  });

  it('WX-3: seek then walk, frame after frame, stays bit-identical (sides kept, pockets left)', async () => {
    const core = await coreOf(build);
    const target = fc.tuple(fc.double({ min: -30, max: 30, noNaN: true }), fc.double({ min: -30, max: 30, noNaN: true }));
    const drop = dropGroundsEvery(50);
    await fc.assert(
      fc.asyncProperty(caseArb, target, dtArb, async ({ w, specs, withBodies }, t, dt) => {
        await drop();
        const { ground, rows } = caseOf(core, w, specs, withBodies);
        const a = cloneRow(rows[0]);
        const b = cloneRow(rows[0]);
        for (let frame = 0; frame < 60; frame++) {
          expect(core.seek(a, w, t, 0.5, ground)).toBe(reference.seek(b, w, t, 0.5, ground));
          core.walk(a, w, dt, ground);
          reference.walk(b, w, dt, ground);
          expectSame(a, b, `frame ${frame} row`);
        }
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('WX-3: stand on both entries gives bit-identical heights, on and off the lattice', async () => {
    const core = await coreOf(build);
    const point = fc.tuple(fc.double({ min: -40, max: 40, noNaN: true }), fc.double({ min: -40, max: 40, noNaN: true }));
    const drop = dropGroundsEvery(50);
    await fc.assert(
      fc.asyncProperty(worldArb, fc.array(point, { minLength: 1, maxLength: 20 }), async (w, points) => {
        await drop();
        const ground = core.groundOf(w);
        for (const kind of Object.keys(w.walker!.kinds)) {
          const n = reference.numbers({ kind }, w);
          for (const [x, z] of points) expectSame(core.stand(n, ground, x, z), reference.stand(n, ground, x, z), `stand(${x}, ${z})`);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('WX-3: bad rows, deltas and dts throw the same sentence on both entries and leave the row unchanged', async () => {
    const core = await coreOf(build);
    const w: World = { walker: { kinds: { elk: { radius: 0.4, height: 1.8, accel: 12, turnRate: 10, gravity: 20, jumpH: 0.9, step: 0.6, maxSlope: 0.7, slopeBand: 0.1, wade: 0.5, span: 0.5, probe: 2, slide: 4, seekSpeed: 3 } }, mods: { height: 'terrain3d' } }, terrain3d: { rings: [{ reach: 8, seg: 16 }] } };
    const ground = core.groundOf(w);
    const bad: Array<[string, Row, (r: Row) => unknown, (r: Row) => unknown]> = [
      ['NaN pos', { kind: 'elk', pos: [NaN, 0, 0] }, (r) => core.walk(r, w, 1 / 60, ground), (r) => reference.walk(r, w, 1 / 60, ground)],
      ['zero dt', { kind: 'elk', pos: [0, 0, 0] }, (r) => core.walk(r, w, 0, ground), (r) => reference.walk(r, w, 0, ground)],
      ['unknown kind', { kind: 'moose', pos: [0, 0, 0] }, (r) => core.walk(r, w, 1 / 60, ground), (r) => reference.walk(r, w, 1 / 60, ground)],
      ['huge vel', { kind: 'elk', pos: [0, 0, 0], vel: [1e300, 0, 1e300], want: [1e300, 1e300] }, (r) => core.walk(r, w, 1 / 60, ground), (r) => reference.walk(r, w, 1 / 60, ground)],
      ['short delta', { kind: 'elk', pos: [0, 0, 0] }, (r) => core.slide(r, w, [1], ground), (r) => reference.slide(r, w, [1], ground)],
      ['huge delta', { kind: 'elk', pos: [0, 0, 0] }, (r) => core.carry(r, w, [1e200, 1e200], ground), (r) => reference.carry(r, w, [1e200, 1e200], ground)],
      ['negative stop', { kind: 'elk', pos: [0, 0, 0] }, (r) => core.seek(r, w, [1, 1], -1, ground), (r) => reference.seek(r, w, [1, 1], -1, ground)],
      ['bad side', { kind: 'elk', pos: [0, 0, 0], side: 2 }, (r) => core.seek(r, w, [1, 1], 0, ground), (r) => reference.seek(r, w, [1, 1], 0, ground)],
    ];
    for (const [name, row, onWasm, onReference] of bad) {
      const a = cloneRow(row);
      const b = cloneRow(row);
      let wasmError = 'no error';
      let referenceError = 'no error';
      try { onWasm(a); } catch (error) { wasmError = (error as Error).message; }
      try { onReference(b); } catch (error) { referenceError = (error as Error).message; }
      expect(referenceError, name).not.toBe('no error');
      expect(wasmError, name).toBe(referenceError);
      expectSame(a, row, `${name}: row`);
    }
  });
});
