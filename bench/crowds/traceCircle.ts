/**
 * The antipodal circle, traced: one wasm Herd as bench:crowds runs it (walker.ts's world and kind, `--kind` fields
 * laid over it), printing each `--every` seconds how many bodies have arrived and, of those still on their way, how
 * many go round still bodies (SE-4's side ≠ 0, AV-4), how many are slower than STILL_FRACTION of their speed (still
 * for the others), their mean speed, the mean of their speed toward their targets, and how far the nearest is from the
 * centre; at the end, when the last arrived and the arrival times' deciles. Why: the circle's figure in
 * bench/CROWDS.md says how long it takes, not where the time goes.
 *
 *   npx tsx bench/crowds/traceCircle.ts                               until all arrive, every second
 *   npx tsx bench/crowds/traceCircle.ts --every 2 --kind '{"avoidHorizon": 1}'
 */
import { STILL_FRACTION } from '../../src/reference/still.ts';
import { ARRIVED, CAP_SECONDS, DT, SPEED, bodiesIn } from './scene.ts';
import { antipodalCircle } from './scenes.ts';
import { crowdHerd } from './walker.ts';

/** The number after `--every`, or 1; an error naming it when it is no positive number. */
function everyArgument(args: readonly string[]): number {
  const k = args.indexOf('--every');
  if (k < 0) return 1;
  const value = Number(args[k + 1]);
  if (!(value > 0) || !Number.isFinite(value)) throw new Error(`traceCircle: --every is ${JSON.stringify(args[k + 1])}; expected a positive number of seconds.`);
  return value;
}

/** The `--kind` argument as an object of kind fields (none without it), or an error naming it. */
function kindArgument(args: readonly string[]): Record<string, unknown> {
  const k = args.indexOf('--kind');
  if (k < 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(args[k + 1] ?? '');
  } catch {
    value = undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`traceCircle: --kind is ${JSON.stringify(args[k + 1])}; expected a JSON object of kind fields.`);
  return value as Record<string, unknown>;
}

const args = process.argv.slice(2);
const every = everyArgument(args);
const scene = antipodalCircle();
const n = bodiesIn(scene);
const herd = crowdHerd(scene, kindArgument(args));
const arrivedAt = new Float64Array(n).fill(-1);
const still = STILL_FRACTION * SPEED;
const framesPerLine = Math.max(1, Math.round(every / DT));
let left = n;
for (let frame = 1; frame <= Math.round(CAP_SECONDS / DT) && left > 0; frame++) {
  herd.step(DT);
  const t = frame * DT;
  const x = herd.x;
  const z = herd.z;
  for (let i = 0; i < n; i++) {
    if (arrivedAt[i] < 0 && Math.hypot(scene.targetX[i] - x[i], scene.targetZ[i] - z[i]) <= ARRIVED) {
      arrivedAt[i] = t;
      left--;
    }
  }
  if (frame % framesPerLine !== 0 || left === 0) continue;
  let goingRound = 0;
  let slow = 0;
  let speed = 0;
  let toward = 0;
  let nearest = Infinity;
  for (let i = 0; i < n; i++) {
    if (arrivedAt[i] >= 0) continue;
    const vx = herd.vx[i];
    const vz = herd.vz[i];
    const s = Math.hypot(vx, vz);
    const dx = scene.targetX[i] - x[i];
    const dz = scene.targetZ[i] - z[i];
    if (herd.side[i] !== 0) goingRound++;
    if (s < still) slow++;
    speed += s;
    toward += (vx * dx + vz * dz) / Math.hypot(dx, dz);
    nearest = Math.min(nearest, Math.hypot(x[i], z[i]));
  }
  process.stdout.write(
    `t = ${t.toFixed(1)} s: ${n - left} arrived; of the ${left} on their way ${goingRound} go round still bodies, ${slow} are still;` +
      ` speed ${(speed / left).toFixed(2)} m/s, toward the target ${(toward / left).toFixed(2)} m/s; nearest the centre ${nearest.toFixed(1)} m\n`,
  );
}
const times = [...arrivedAt].filter((t) => t >= 0).sort((a, b) => a - b);
const deciles = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => times[Math.floor((d / 10) * (times.length - 1))]?.toFixed(1) ?? '—');
process.stdout.write(
  `${left === 0 ? `all ${n} arrived in ${times[n - 1].toFixed(1)} s` : `${n - left} of ${n} arrived by ${CAP_SECONDS} s`}; arrival deciles ${deciles.join(' / ')} s\n`,
);
herd.dispose();
