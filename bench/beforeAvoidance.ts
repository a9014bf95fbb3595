/**
 * bench:before-avoidance — issue 31's "rows without avoidance no slower than before avoidance landed (≤ 1.05×)": the
 * bench:peers Herd rows whose bodies do not block each other (kind `bodies: []`), stepped by the core of the commit
 * before assembly/avoid.ts first appeared and by this tree's, side by side in one process, in interleaved rounds.
 * The old commit's src/, assembly/, scripts/ and asconfig.json are taken with `git archive` into a temporary
 * directory and its wasm built there (its own scripts/asbuild.mjs, this tree's node_modules); nothing is written in
 * the repository. Figures only; nothing is asserted.
 *
 *   npm run bench:before-avoidance                  about 2 minutes
 *   npm run bench:before-avoidance -- --commit <c>  against another commit's core
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Sim } from './peers/contender.ts';
import { herdContender, type HerdEntry } from './peers/herd.ts';
import { progress, timeFrames } from './peers/measure.ts';
import { Scene } from './peers/scene.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The rows compared, and the timing: more and shorter rounds than bench:peers' (the two cores differ by a few per cent
 * at most, and the median of more rounds is steadier on a shared machine).
 */
const TREES = [0, 2000];
const NS = [1000, 10000];
const THREADS = [1, 2] as const;
const TIMING = { rounds: 15, sliceMs: 100, warmMs: 400, warmFrames: 3 };
/** The most a row may cost now over before (issue 31). */
const GOAL = 1.05;

const git = (...args: string[]): string => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/** The commit asked for with `--commit`, else the parent of the first commit that touched assembly/avoid.ts. */
function beforeCommit(args: readonly string[]): string {
  const k = args.indexOf('--commit');
  if (k >= 0) {
    const given = args[k + 1];
    if (given === undefined || given.startsWith('--')) throw new Error('bench:before-avoidance: --commit needs a commit after it.');
    return git('rev-parse', '--verify', `${given}^{commit}`);
  }
  const first = git('log', '--format=%H', '--reverse', '--', 'assembly/avoid.ts').split('\n')[0];
  if (first === '') throw new Error('bench:before-avoidance: no commit touches assembly/avoid.ts; give one with --commit.');
  return git('rev-parse', `${first}^`);
}

/** The old commit's entry (src/index.ts over its own wasm build) from a temporary directory, and that directory. */
async function oldEntry(commit: string): Promise<{ entry: HerdEntry; dir: string }> {
  const dir = mkdtempSync(join(os.tmpdir(), 'walker-before-avoidance-'));
  progress(`[setup] ${commit.slice(0, 7)}: git archive into ${dir}`, true);
  const tar = execFileSync('git', ['archive', commit, 'src', 'assembly', 'scripts', 'asconfig.json', 'package.json'], { cwd: root, maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  progress(`[setup] ${commit.slice(0, 7)}: building its wasm`, true);
  execFileSync(process.execPath, ['scripts/asbuild.mjs'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  const entry = (await import(pathToFileURL(join(dir, 'src', 'index.ts')).href)) as HerdEntry;
  return { entry, dir };
}

const args = process.argv.slice(2);
const commit = beforeCommit(args);
const { entry: before, dir } = await oldEntry(commit);
const now = (await import('../src/index.ts')) as unknown as HerdEntry;
const rows: string[] = [
  `| trees | N | threads | before (${commit.slice(0, 7)}), µs / body-step | now, µs / body-step | now ÷ before | ≤ ${GOAL}× |`,
  '|---:|---:|---:|---:|---:|---:|---|',
];
let worst = 0;
for (const trees of TREES) {
  const scene = new Scene({ trees });
  for (const n of NS) {
    for (const threads of THREADS) {
      const tag = `[${trees} trees · N = ${n} · ${threads} thread(s)]`;
      const sims = new Map<string, Sim>([
        ['before', herdContender(before, threads).build(scene, n)],
        ['now', herdContender(now, threads).build(scene, n)],
      ]);
      // This tree's core steps exactly the frames the old one stepped, straight after it: the two are timed at the
      // same ages, as a scene's cost changes while it runs.
      const timing = timeFrames(sims, { ...TIMING, paced: new Map([['now', 'before']]) }, (what) => progress(`${tag} · ${what}`));
      for (const sim of sims.values()) sim.free();
      const b = timing.get('before')!.usPerBodyStep;
      const a = timing.get('now')!.usPerBodyStep;
      worst = Math.max(worst, a / b);
      rows.push(`| ${trees.toLocaleString('en-US')} | ${n.toLocaleString('en-US')} | ${threads} | ${b.toFixed(3)} | ${a.toFixed(3)} | ${(a / b).toFixed(3)}× | ${a / b <= GOAL ? 'met' : 'not met'} |`);
      progress(`${tag} · before ${b.toFixed(3)} µs · now ${a.toFixed(3)} µs · ${(a / b).toFixed(3)}×`, true);
    }
  }
}
rmSync(dir, { recursive: true, force: true });
const load = os.loadavg().map((v) => v.toFixed(2)).join(' / ');
process.stdout.write(`\n${rows.join('\n')}\n\nThe Herd rows without blocking bodies, this tree's core against ${commit.slice(0, 7)}'s: the worst row costs ${worst.toFixed(3)}× (the goal is ≤ ${GOAL}×: ${worst <= GOAL ? 'met' : 'not met'}). ${os.cpus().length} logical cores, load average ${load} at the end, Node ${process.version}.\n`);
