/** A slice of the bad-input fuzz run (BI-1..BI-6; the full run is `npm run fuzz:input`), on every core. */
import { expect, it } from 'vitest';
import { CORES } from '../cores.ts';
import { SEED } from '../wasm/cores.ts';
import { fuzz } from './fuzz.ts';

it(`BI-1..BI-4: 5,000 seeded good and bad calls — no hang, wrong error, changed row, silent acceptance or NaN (seed ${SEED})`, async () => {
  const counts = await fuzz(CORES, 5_000, SEED, 4);
  expect(counts.failures).toEqual([]);
  expect({ hangs: counts.hangs, wrongErrors: counts.wrongErrors, rowsChanged: counts.rowsChanged, silentAcceptances: counts.silentAcceptances, nonFinite: counts.nonFinite, goodRefused: counts.goodRefused })
    .toEqual({ hangs: 0, wrongErrors: 0, rowsChanged: 0, silentAcceptances: 0, nonFinite: 0, goodRefused: 0 });
  expect(counts.refused).toBeGreaterThan(800);
  expect(counts.good).toBeGreaterThan(2500);
}, 60_000);
