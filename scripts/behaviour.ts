/**
 * bench:peers' behaviour scene alone, on walker Herd, in seconds: for each body that does not reach its first target,
 * why — no path (route from the start), at rest with the unreachable signal, at rest without it, or still moving.
 *
 *   npx tsx scripts/behaviour.ts [--trees 0,2000] [--features 0,1] [--route 0,1,2,3] [--n 1000] [--seconds 20] [--list 5]
 *
 * --features 1: the lake and cliffs. --route: 0 plain seek; 1 `{ route: true }` (a herd holds 8 flow fields, RT-7);
 * 2 the same in herds of 8, so every body has its field (slow: a field per target); 3 `route()`'s waypoints.
 */
import { Herd, route, groundOf } from '../src/index.ts';
import { DT, STOP, Scene, Targets } from '../bench/peers/scene.ts';
import { startRow, walkerWorld, type WalkerEntry } from '../bench/peers/walker.ts';
import * as walker from '../src/index.ts';
import type { Row } from '../src/types.ts';

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
      const targets = new Targets(scene, n);
      // Mode 2: herds of FIELDS_KEPT bodies, so that every body holds a flow field (a herd keeps 8; RT-7).
      const size = routing === 2 ? 8 : n;
      const herds: InstanceType<typeof Herd>[] = [];
      for (let h = 0; h * size < n; h++) herds.push(new Herd(world, ground, { capacity: size, threads: 1 }));
      const herdOf = (i: number) => herds[Math.floor(i / size)];
      const at = (i: number) => i % size;
      // Mode 3: a route (RT-3) per target, its waypoints sought one after another by plain seek.
      const ways: [number, number][][] = [];
      const leg = new Int32Array(n);
      const aim = (i: number): void => {
        if (routing === 3) {
          const h = herdOf(i);
          const row: Row = { kind: 'body', pos: [h.x[at(i)], h.y[at(i)], h.z[at(i)]] };
          ways[i] = route(row, world, [targets.x[i], targets.z[i]], ground).waypoints;
          leg[i] = 0;
          const [wx, wz] = ways[i][0];
          const last = ways[i].length === 1;
          h.seek(at(i), [wx, wz], last ? STOP : 0.3);
          return;
        }
        herdOf(i).seek(at(i), [targets.x[i], targets.z[i]], STOP, { route: routing === 1 || routing === 2 });
      };
      for (let i = 0; i < n; i++) {
        herdOf(i).add(starts[i]);
        aim(i);
      }
      const frames = Math.round(seconds / DT);
      const late = new Float64Array(2 * n);
      for (let f = 1; f <= frames; f++) {
        for (const h of herds) h.step(DT);
        for (let i = 0; i < n; i++) {
          const h = herdOf(i);
          const x = h.x[at(i)], z = h.z[at(i)];
          if (targets.arrive(i, x, z)) aim(i);
          else if (routing === 3 && leg[i] < ways[i].length - 1 && h.arrived[at(i)] === 1) {
            const [wx, wz] = ways[i][++leg[i]];
            h.seek(at(i), [wx, wz], leg[i] === ways[i].length - 1 ? STOP : 0.3);
          }
          if (f === frames - Math.round(5 / DT)) {
            late[2 * i] = x;
            late[2 * i + 1] = z;
          }
        }
      }
      const xs = new Float64Array(n), zs = new Float64Array(n), un = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        const h = herdOf(i);
        xs[i] = h.x[at(i)];
        zs[i] = h.z[at(i)];
        un[i] = h.unreachable[at(i)];
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
          if (routing === 3 && counts.signal <= show) console.log(`  signal ${where}`);
        }
        else if (stuck) {
          counts.silent++;
          silent.push(where);
        } else {
          counts.moving++;
          moving.push(where);
        }
      }
      for (const h of herds) h.dispose();
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
