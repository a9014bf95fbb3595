/**
 * LV-2, LV-4: gates opened and closed on a running herd (test/herd/gateScene.ts). Twenty bodies seek a point beyond
 * a pen's closed gate and stay in for 30 s; the gate's circles removed through solidsOf on the running herd, all
 * twenty walk out; the circles added again and the bodies sent back in, none crosses. Plain seeks (to a point beyond
 * the gate) and routing seeks (to a point behind the pen's back wall, which only a way out through the gate reaches:
 * the field the herd made while the gate was closed leads nowhere, and must be dropped when it opens, RT-7), on
 * every core; the release core on 1 and 3 threads.
 */
import { describe, expect, it } from 'vitest';
import type { Herd } from '../../src/herd.ts';
import { CORES, type Api } from '../cores.ts';
import { BEHIND, OUTSIDE, gateWorld, insidePen, outsidePen, startOf } from './gateScene.ts';

const DT = 0.1;
/** 30 s of steps. */
const STEPS = 300;

function runFor(herd: Herd, steps: number): void {
  for (let k = 0; k < steps; k++) herd.step(DT);
}

function places(herd: Herd): [number, number][] {
  return Array.from({ length: herd.count }, (_, i) => [herd.x[i]!, herd.z[i]!]);
}

async function playGate(api: Api, threads: number, route: boolean): Promise<{ closed: number; opened: number; closedAgain: number }> {
  const { world, gate, gateIds } = gateWorld();
  const ground = api.groundOf(world);
  const herd = new api.Herd(world, ground, { capacity: 20, threads });
  await herd.ready();
  try {
    for (let k = 0; k < 20; k++) {
      const [x, z] = startOf(k);
      herd.add({ kind: 'xbot', pos: [x, 0, z] });
      herd.seek(k, route ? BEHIND : OUTSIDE, 0.5, { route });
    }
    runFor(herd, STEPS);
    const closed = places(herd).filter(([x, z]) => insidePen(x, z)).length;
    const level = api.solidsOf(ground);
    for (const id of gateIds) level.remove(id);
    runFor(herd, STEPS);
    const opened = places(herd).filter(([x, z]) => outsidePen(x, z)).length;
    for (const post of gate) level.add(post);
    for (let k = 0; k < 20; k++) herd.seek(k, [0, 0], 0.5, { route });
    runFor(herd, STEPS);
    const closedAgain = places(herd).filter(([x, z]) => outsidePen(x, z)).length;
    return { closed, opened, closedAgain };
  } finally {
    herd.dispose();
  }
}

for (const { name, api } of CORES) {
  const threadCounts = name === 'release' ? [1, 3] : [1];
  describe(`LV-2, LV-4: a gate opened and closed on a running herd (${name})`, () => {
    for (const threads of threadCounts) {
      for (const route of [false, true]) {
        it(`LV-2: 20 bodies stay behind the closed gate 30 s, 20 of 20 walk out once it opens, none crosses back once it closes — ${route ? 'routing' : 'plain'} seeks, ${threads} thread(s) (${name})`, async () => {
          expect(await playGate(api, threads, route)).toEqual({ closed: 20, opened: 20, closedAgain: 20 });
        }, 120_000);
      }
    }
  });
}
