/**
 * LV-2, LV-4, RT-1 with pieces (LV-1): a square pen of walls whose gate is a wall piece of its own, removed and added
 * again through solidsOf on a running herd. Twenty bodies seek by route a point behind the pen's back wall, which only
 * a way out through the gate reaches, and stay in for 30 s while it is closed; the gate removed, all twenty walk out
 * (the field made while it was closed is dropped, RT-7, LV-4); the gate put back and the bodies sent back in, none
 * crosses. On every core; the release core on 1 and 3 threads. Routing seeks only: a plain seek that went round the
 * closed pen from inside (SE-5) rests in a back corner, inside the hull of the pen's corners, and reads unreachable
 * there once the gate opens (SPEC SE-5 says so).
 */
import { describe, expect, it } from 'vitest';
import type { Herd } from '../../src/herd.ts';
import { XBOT } from '../../src/presets.ts';
import type { World } from '../../src/types.ts';
import { CORES, type Api } from '../cores.ts';

const DT = 0.1;
/** 30 s of steps. */
const STEPS = 300;
/** Half the pen's side, m, and its walls' thickness. */
const HALF = 8;
const THICKNESS = 0.3;
/** The gate: a wall of its own across the gap of the pen's +z side, from x = −2 to 2. */
const GATE = { shape: 'wall' as const, points: [[-2, HALF], [2, HALF]], thickness: THICKNESS };
const BEHIND: [number, number] = [0, -14];

function penWorld(): World {
  return {
    walker: { kinds: { xbot: { ...XBOT } }, mods: { height: 'terrain3d', cell: 'terrain3d', solids: 'scatter3d' } },
    terrain3d: { rings: [{ reach: 64, seg: 256 }] },
    scatter3d: {
      solids: [
        { shape: 'wall', points: [[2, HALF], [HALF, HALF], [HALF, -HALF], [-HALF, -HALF], [-HALF, HALF], [-2, HALF]], thickness: THICKNESS },
        GATE,
      ],
    },
  };
}

const insidePen = (x: number, z: number): boolean => Math.abs(x) < HALF - THICKNESS && Math.abs(z) < HALF - THICKNESS;
const outsidePen = (x: number, z: number): boolean => Math.abs(x) > HALF + THICKNESS || Math.abs(z) > HALF + THICKNESS;

function runFor(herd: Herd, steps: number): void {
  for (let k = 0; k < steps; k++) herd.step(DT);
}

function places(herd: Herd): [number, number][] {
  return Array.from({ length: herd.count }, (_, i) => [herd.x[i]!, herd.z[i]!]);
}

async function playGate(api: Api, threads: number): Promise<{ closed: number; opened: number; closedAgain: number }> {
  const world = penWorld();
  const ground = api.groundOf(world);
  const herd = new api.Herd(world, ground, { capacity: 20, threads });
  await herd.ready();
  try {
    for (let k = 0; k < 20; k++) {
      herd.add({ kind: 'xbot', pos: [((k % 5) - 2) * 1.2, 0, (Math.floor(k / 5) - 1.5) * 1.2] });
      herd.seek(k, BEHIND, 0.5, { route: true });
    }
    runFor(herd, STEPS);
    const closed = places(herd).filter(([x, z]) => insidePen(x, z)).length;
    const level = api.solidsOf(ground);
    level.remove(1);
    runFor(herd, STEPS);
    const opened = places(herd).filter(([x, z]) => outsidePen(x, z)).length;
    level.add(GATE);
    for (let k = 0; k < 20; k++) herd.seek(k, [0, 0], 0.5, { route: true });
    runFor(herd, STEPS);
    const closedAgain = places(herd).filter(([x, z]) => outsidePen(x, z)).length;
    return { closed, opened, closedAgain };
  } finally {
    herd.dispose();
  }
}

for (const { name, api } of CORES) {
  const threadCounts = name === 'release' ? [1, 3] : [1];
  describe(`LV-2, LV-4: a wall gate opened and closed on a running herd (${name})`, () => {
    for (const threads of threadCounts) {
      it(`LV-2: 20 bodies stay behind the closed wall gate 30 s, 20 of 20 walk out once it is removed, none crosses back once it is added again — routing seeks, ${threads} thread(s) (${name})`, async () => {
        expect(await playGate(api, threads)).toEqual({ closed: 20, opened: 20, closedAgain: 20 });
      }, 120_000);
    }
  });
}
