/**
 * What avoidance costs (AV, issue 31): a herd's µs per body-step on one thread, not asserted (tests assert no timing).
 * - the antipodal circle of 250 (XBOT, radius 0.4, 3 m/s, a 40 m ring) over its first 30 s, bodies blocking and
 *   avoiding (the default knobs), and the same bodies blocking with avoidNeighbours 0 (SE-6's still solids);
 * - 1,000 bodies of a kind with no `bodies` seeking across the sample world's hills with 2,000 trees: rows without
 *   avoidance, for comparing a build before and after.
 * Run: npx tsx scripts/avoidCost.ts
 */
import { Herd, XBOT, groundOf } from '../src/index.ts';
import { sampleWorld } from '../src/sampleWorld.ts';
import type { Kind, World } from '../src/types.ts';

function circleWorld(extra: Partial<Kind>): World {
  return {
    walker: { kinds: { xbot: { ...XBOT, bodies: ['xbot'], ...extra } }, mods: { height: 'terrain3d' } },
    terrain3d: { rings: [{ reach: 256, seg: 512 }] },
  };
}

/** µs per body-step of `steps` herd steps at 60 Hz, after `warm` steps not counted. */
function perBodyStep(herd: Herd, steps: number, warm: number): number {
  for (let s = 0; s < warm; s++) herd.step(1 / 60);
  const t0 = performance.now();
  for (let s = 0; s < steps; s++) herd.step(1 / 60);
  return ((performance.now() - t0) * 1000) / (steps * herd.count);
}

function circle(extra: Partial<Kind>): number {
  const w = circleWorld(extra);
  const herd = new Herd(w, groundOf(w), { capacity: 250, threads: 1 });
  for (let i = 0; i < 250; i++) {
    const a = (2 * Math.PI * i) / 250;
    herd.seek(herd.add({ kind: 'xbot', pos: [40 * Math.sin(a), 0, 40 * Math.cos(a)] }), [-40 * Math.sin(a), -40 * Math.cos(a)], 0.3);
  }
  const us = perBodyStep(herd, 30 * 60, 0);
  herd.dispose();
  return us;
}

function openGround(): number {
  const w = sampleWorld({ half: 128, cell: 1, trees: 2000, boulders: 0, seed: 11 });
  const ground = groundOf(w);
  const herd = new Herd(w, ground, { capacity: 1000, threads: 1 });
  let s = 5;
  const next = (): number => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296 - 0.5) * 200;
  for (let i = 0; i < 1000; i++) herd.seek(herd.add({ kind: 'xbot', pos: [next(), 0, next()], air: true }), [next(), next()], 0.5);
  const us = perBodyStep(herd, 600, 60);
  herd.dispose();
  return us;
}

const best = (f: () => number, runs: number): number => Math.min(...Array.from({ length: runs }, f));
console.log(`antipodal circle of 250, first 30 s, one thread: ${best(() => circle({}), 2).toFixed(2)} µs per body-step avoiding; ${best(() => circle({ avoidNeighbours: 0 }), 2).toFixed(2)} µs with avoidNeighbours 0`);
console.log(`1,000 bodies without bodies on hills with 2,000 trees, one thread: ${best(openGround, 3).toFixed(3)} µs per body-step`);
