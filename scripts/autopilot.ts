/**
 * `npm run autopilot`: the companion's autopilot probe (CO-11) on the reference core. Prints the report, writes the
 * SVG timeline (default `autopilot.svg` in the working directory; `--svg PATH` to choose), exits 1 on any FAIL.
 * Options: `--seed N` (world seed, default 7), `--fault` (inject the run-in-place regression to see the oracle fire).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { autopilotSvg, formatReport, runAutopilot } from '../src/autopilot/index.ts';
import { groundOf } from '../src/ground/index.ts';
import { numbers, route, seek, stand, walk } from '../src/reference.ts';

function argValue(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`autopilot: ${name} needs a value.`);
  return value;
}

const args = process.argv.slice(2);
const svgPath = resolve(argValue(args, '--svg') ?? 'autopilot.svg');
const seedArg = argValue(args, '--seed');
const seed = seedArg === undefined ? undefined : Number(seedArg);
if (seed !== undefined && !Number.isInteger(seed)) throw new Error(`autopilot: --seed must be a whole number, got ${seedArg}.`);

const report = runAutopilot({ core: { walk, seek, stand, numbers, route }, groundOf, seed, fault: args.includes('--fault') });
console.log(formatReport(report));
writeFileSync(svgPath, autopilotSvg(report));
console.log(`timeline: ${svgPath}`);
process.exitCode = report.pass ? 0 : 1;
