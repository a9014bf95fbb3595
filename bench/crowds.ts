/**
 * bench:crowds — the crowd scenes of issue 31 (locked and head-on pairs, antipodal circle, Blocks, crossing streams,
 * two-way and one-way gap, the hills with 2,000 trees), walker's Herd and Detour's crowd side by side: arrivals,
 * through counts, overlaps, stuck bodies, locked pairs and µs per body-step. Prints the table and writes
 * bench/CROWDS.md.
 *
 *   npm run bench:crowds                                  about 3 minutes
 *   npm run bench:crowds -- --kind '{"someKnob": 2}'     with fields laid over walker's crowd kind
 *   npm run bench:crowds -- --only gap                   only the scenes whose name holds "gap"
 *   npm run bench:crowds -- --jitter 3                   then each scene again with its starts jittered, seeds 1 to 3
 *   npm run bench:crowds -- --walker-only --only gap     walker alone, without Detour's crowd
 * With --kind, --only, --jitter or --walker-only the tables are printed, and bench/CROWDS.md is left as it was.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { progress } from './peers/measure.ts';
import { JITTER } from './crowds/jitter.ts';
import { runCrowdSuite } from './crowds/suite.ts';
import { crowdReport, crowdTable } from './crowds/table.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** The text after `--only`, when given. */
function onlyArgument(args: readonly string[]): string | undefined {
  const k = args.indexOf('--only');
  if (k < 0) return undefined;
  const text = args[k + 1];
  if (text === undefined || text.startsWith('--')) throw new Error('bench:crowds: --only needs part of a scene name after it (say, --only circle).');
  return text;
}

/** The `--kind` argument as an object of kind fields, or an error naming it. */
function kindArgument(args: readonly string[]): Record<string, unknown> | undefined {
  const k = args.indexOf('--kind');
  if (k < 0) return undefined;
  const text = args[k + 1];
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    throw new Error(`bench:crowds: --kind is ${JSON.stringify(text)}; expected a JSON object of kind fields.`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`bench:crowds: --kind is ${text}; expected a JSON object of kind fields.`);
  return value as Record<string, unknown>;
}

/** How many jittered copies of the suite `--jitter` asks for (0 without it), or an error naming it. */
function jitterArgument(args: readonly string[]): number {
  const k = args.indexOf('--jitter');
  if (k < 0) return 0;
  const text = args[k + 1];
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1) throw new Error(`bench:crowds: --jitter is ${JSON.stringify(text)}; expected a whole number of jittered runs, 1 or more.`);
  return count;
}

/** One line on the machine and the run, for the report. */
function machineLine(): string {
  const load = os.loadavg().map((v) => v.toFixed(2)).join(' / ');
  return `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus()[0]?.model.trim() ?? 'an unknown CPU'} (${os.cpus().length} logical cores, load average ${load} at the end), Node ${process.version}.`;
}

const args = process.argv.slice(2);
const walkerKind = kindArgument(args);
const only = onlyArgument(args);
const jitters = jitterArgument(args);
const walkerOnly = args.includes('--walker-only');
const started = performance.now();
const results = await runCrowdSuite({ walkerKind, only, walkerOnly, progress });
process.stdout.write(`\n${crowdTable(results)}\n`);
// Crowds are chaotic: the same tables with every start moved by at most a centimetre show how far one run's figures hold.
for (let seed = 1; seed <= jitters; seed++) {
  const jittered = await runCrowdSuite({ walkerKind, only, walkerOnly, jitterSeed: seed, progress });
  process.stdout.write(`\nStarts jittered by up to ${100 * JITTER} cm, seed ${seed}:\n\n${crowdTable(jittered)}\n`);
}
const minutes = (performance.now() - started) / 60000;
if (walkerKind === undefined && only === undefined && jitters === 0 && !walkerOnly) {
  writeFileSync(join(here, 'CROWDS.md'), crowdReport(results, machineLine(), minutes));
  progress(`[done] wrote bench/CROWDS.md in ${minutes.toFixed(1)} min`, true);
} else {
  progress(`[done] in ${minutes.toFixed(1)} min; with --kind, --only, --jitter or --walker-only the tables are printed, not written`, true);
}
