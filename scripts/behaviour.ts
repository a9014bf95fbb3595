/**
 * bench:peers' behaviour scene alone, on walker Herd, in seconds: for each body that does not reach its first target,
 * why — no path (route from the start), at rest with the unreachable signal, at rest without it, or still moving.
 *
 *   npx tsx scripts/behaviour.ts [--trees 0,2000] [--features 0,1] [--route 0,1,3] [--n 1000] [--seconds 20] [--list 5]
 *
 * --features 1: the lake and cliffs. --route: the bench's rows — 0 plain seek; 1 `{ route: true }` (a herd holds 8 flow
 * fields, RT-7); 3 `RouteFollower` (each body its own route, RT-9).
 */
import { route, groundOf } from '../src/index.ts';
import { DT, Scene, Targets } from '../bench/peers/scene.ts';
import { herdContender, waypointContender, type HerdEntry } from '../bench/peers/herd.ts';
import { startRow, walkerWorld, type WalkerEntry } from '../bench/peers/walker.ts';
import * as walker from '../src/index.ts';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const k = args.indexOf(`--${name}`);
  return k >= 0 ? args[k + 1] : fallback;
};
const list = (name: string, fallback: string): number[] => opt(name, fallback).split(',').map(Number);

const n = Number(opt('n', '1000'));
const seconds = Number(opt('seconds', '20'));
const show = Number(opt('list', '5'));

for (const features of list('features', '0,1')) {
  for (const trees of list('trees', '0,2000')) {
    const scene = new Scene({ trees, lakeAndCliffs: features === 1 });
    const world = walkerWorld(scene);
    const ground = groundOf(world);
    const starts = Array.from({ length: n }, (_, i) => startRow(walker as unknown as WalkerEntry, world, ground, scene, i));
    const t0 = new Targets(scene, n);
    const path = starts.map((row, i) => route(row, world, [t0.x[i], t0.z[i]], ground).reached);
    for (const routing of list('route', '0,1')) {
      const started = performance.now();
      const entry = walker as unknown as HerdEntry;
      const contender = routing === 3 ? waypointContender(entry) : herdContender(entry, 1, undefined, routing === 1);
      const sim = contender.build(scene, n);
      const targets = sim.targets;
      const frames = Math.round(seconds / DT);
      const feet = new Float64Array(3 * n);
      const late = new Float64Array(2 * n);
      for (let f = 1; f <= frames; f++) {
        sim.step();
        if (f === frames - Math.round(5 / DT)) {
          sim.feet(feet);
          for (let i = 0; i < n; i++) {
            late[2 * i] = feet[3 * i];
            late[2 * i + 1] = feet[3 * i + 2];
          }
        }
      }
      sim.feet(feet);
      const xs = new Float64Array(n), zs = new Float64Array(n), un = new Uint8Array(n);
      sim.unreachable?.(un);
      for (let i = 0; i < n; i++) {
        xs[i] = feet[3 * i];
        zs[i] = feet[3 * i + 2];
      }
      const counts = { reached: 0, noPath: 0, noPathReached: 0, signal: 0, silent: 0, moving: 0, stuckAll: 0, stuckSignal: 0, inside: 0 };
      const silent: string[] = [];
      const moving: string[] = [];
      for (let i = 0; i < n; i++) {
        const stuck = Math.hypot(xs[i] - late[2 * i], zs[i] - late[2 * i + 1]) < 1;
        if (stuck) counts.stuckAll++;
        if (stuck && un[i] === 1) counts.stuckSignal++;
        if (scene.insideTrunk(xs[i], zs[i])) counts.inside++;
        if (!path[i]) {
          counts.noPath++;
          if (targets.reached[i] > 0) counts.noPathReached++;
          continue;
        }
        if (targets.reached[i] > 0) {
          counts.reached++;
          continue;
        }
        const where = `body ${i} at (${xs[i].toFixed(2)}, ${zs[i].toFixed(2)}) start (${starts[i].pos[0].toFixed(2)}, ${starts[i].pos[2].toFixed(2)}) target (${targets.x[i].toFixed(2)}, ${targets.z[i].toFixed(2)}) unreachable ${un[i]}`;
        if (stuck && un[i] === 1) {
          counts.signal++;
          if (counts.signal <= show) console.log(`  signal ${where}`);
        }
        else if (stuck) {
          counts.silent++;
          silent.push(where);
        } else {
          counts.moving++;
          moving.push(where);
        }
      }
      sim.free();
      const withPath = n - counts.noPath;
      console.log(
        `features ${features} trees ${trees} route ${routing}: reached ${counts.reached}/${withPath} with a path (${((100 * counts.reached) / withPath).toFixed(1)} %), ` +
          `no path ${counts.noPath} (of which reached ${counts.noPathReached}); not reached with a path: signal ${counts.signal}, silent ${counts.silent}, moving ${counts.moving}; ` +
          `stuck at end ${counts.stuckAll} (${counts.stuckSignal} with signal); inside ${counts.inside} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
      for (const s of silent.slice(0, show)) console.log(`  silent ${s}`);
      for (const s of moving.slice(0, show)) console.log(`  moving ${s}`);
    }
  }
}
