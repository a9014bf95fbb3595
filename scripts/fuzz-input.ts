/**
 * `npm run fuzz:input [calls] [seed]`: the bad-input fuzz run (BI-1..BI-6) over the reference core and both wasm
 * builds — 10⁶ seeded calls by default, good and bad mixed — printing its counts. Exits non-zero unless every
 * failure count is 0.
 */
import { CORES } from '../test/cores.ts';
import { SEED } from '../test/wasm/cores.ts';
import { fuzz } from '../test/input/fuzz.ts';

const calls = Number(process.argv[2] ?? 1_000_000);
const seed = Number(process.argv[3] ?? SEED);
const start = performance.now();
const counts = await fuzz(CORES, calls, seed, 8, 2000, (done) => console.error(`  … ${done} calls, ${((performance.now() - start) / 1000).toFixed(0)} s`));
const seconds = (performance.now() - start) / 1000;
const { failures, ...numbers } = counts;
console.log(`fuzz:input seed ${seed}, ${calls} calls over ${CORES.map((c) => c.name).join(', ')} in ${seconds.toFixed(1)} s`);
for (const [name, n] of Object.entries(numbers)) console.log(`  ${name.padEnd(18)} ${n}`);
for (const f of failures) console.log(`  ${f}`);
const bad = counts.hangs + counts.wrongErrors + counts.rowsChanged + counts.silentAcceptances + counts.nonFinite + counts.goodRefused;
process.exit(bad === 0 ? 0 : 1);
