/**
 * bench:crowds — the crowd scenes of issue 31 (locked and head-on pairs, antipodal circle, Blocks, crossing streams,
 * two-way gap, the hills with 2,000 trees), walker's Herd and Detour's crowd side by side: arrivals, through counts,
 * overlaps, stuck bodies, locked pairs and µs per body-step. Prints the table and writes bench/CROWDS.md.
 *
 *   npm run bench:crowds                                  about 3 minutes
 *   npm run bench:crowds -- --kind '{"someKnob": 2}'     with fields laid over walker's crowd kind
 *   npm run bench:crowds -- --only gap                   only the scenes whose name holds "gap"
 * With --kind or --only the table is printed, and bench/CROWDS.md is left as it was.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { progress } from './peers/measure.ts';
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

/** One line on the machine and the run, for the report. */
function machineLine(): string {
  const load = os.loadavg().map((v) => v.toFixed(2)).join(' / ');
  return `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus()[0]?.model.trim() ?? 'an unknown CPU'} (${os.cpus().length} logical cores, load average ${load} at the end), Node ${process.version}.`;
}

const args = process.argv.slice(2);
const walkerKind = kindArgument(args);
const only = onlyArgument(args);
const started = performance.now();
const results = await runCrowdSuite({ walkerKind, only, progress });
const minutes = (performance.now() - started) / 60000;
process.stdout.write(`\n${crowdTable(results)}\n`);
if (walkerKind === undefined && only === undefined) {
  writeFileSync(join(here, 'CROWDS.md'), crowdReport(results, machineLine(), minutes));
  progress(`[done] wrote bench/CROWDS.md in ${minutes.toFixed(1)} min`, true);
} else {
  progress(`[done] in ${minutes.toFixed(1)} min; with --kind or --only the table is printed, not written`, true);
}
