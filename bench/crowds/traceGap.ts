/**
 * The two-way gap, traced: one wasm Herd as bench:crowds runs it (walker.ts's world and kind), printing each
 * `--every` seconds how many bodies are through by the gap and round a grove's far end, then every body within
 * `--band` metres of the gap's middle — its heading (> toward +x, < toward −x), place, velocity, want, SE-4's side
 * and SE-5's turned. Why: the gap's figures in bench/CROWDS.md say that it jams, not how; this shows who holds the
 * gap and which way each is pressing.
 *
 *   npx tsx bench/crowds/traceGap.ts                        20 s, every second, a 3 m band
 *   npx tsx bench/crowds/traceGap.ts --seconds 40 --every 5 --band 1.6
 */
import { DT, bodiesIn } from './scene.ts';
import { GAP, twoWayGap } from './scenes.ts';
import { crowdHerd } from './walker.ts';

/** The number after `name` in the arguments, or `fallback`; an error naming it when it is no positive number. */
function numberArgument(args: readonly string[], name: string, fallback: number): number {
  const k = args.indexOf(name);
  if (k < 0) return fallback;
  const value = Number(args[k + 1]);
  if (!(value > 0) || !Number.isFinite(value)) throw new Error(`traceGap: ${name} is ${JSON.stringify(args[k + 1])}; expected a positive number.`);
  return value;
}

/** A number in a fixed width, so the columns line up. */
function cell(v: number): string {
  return v.toFixed(2).padStart(6);
}

const args = process.argv.slice(2);
const seconds = numberArgument(args, '--seconds', 20);
const every = numberArgument(args, '--every', 1);
const band = numberArgument(args, '--band', 3);

const scene = twoWayGap();
const n = bodiesIn(scene);
const herd = crowdHerd(scene);
// 0 not yet through; 1 through by the gap; 2 round a grove's far end (through first at |z| beyond the groves' half).
const through = new Uint8Array(n);
const framesPerLine = Math.max(1, Math.round(every / DT));
const frames = Math.round(seconds / DT);
for (let frame = 1; frame <= frames; frame++) {
  herd.step(DT);
  const x = herd.x;
  const z = herd.z;
  for (let i = 0; i < n; i++) {
    const heading = Math.sign(scene.targetX[i]);
    if (through[i] === 0 && heading * x[i] > 1) through[i] = Math.abs(z[i]) <= GAP.length / 2 ? 1 : 2;
  }
  if (frame % framesPerLine !== 0) continue;
  const byGap = through.filter((v) => v === 1).length;
  const round = through.filter((v) => v === 2).length;
  const lines = [`t = ${(frame * DT).toFixed(1)} s: ${byGap} through by the gap, ${round} round a grove's end`];
  for (let i = 0; i < n; i++) {
    if (Math.abs(x[i]) > band || Math.abs(z[i]) > band) continue;
    const heading = scene.targetX[i] > 0 ? '>' : '<';
    lines.push(
      `  ${String(i).padStart(3)}${heading} at (${cell(x[i])},${cell(z[i])}) v (${cell(herd.vx[i])},${cell(herd.vz[i])})` +
        ` want (${cell(herd.wantX[i])},${cell(herd.wantZ[i])}) side ${herd.side[i]} turned ${herd.turned[i].toFixed(2)}` +
        (herd.unreachable[i] === 1 ? ' unreachable' : ''),
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
herd.dispose();
