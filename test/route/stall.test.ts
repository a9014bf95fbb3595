/**
 * A routing seek that stalls short of its look-ahead point (RT-8). On bench:peers' lake-and-cliffs scene, grid sight
 * sees past the foot of a ramp that the body's own slide cannot pass: the look-ahead point lies up the ramp round a
 * corner of cells. A body that stalled there used to make for its own cell's centre, look ahead again a few
 * centimetres back, walk into the same corner and turn back again — for ever, never slow for long enough to read
 * unreachable (7 of bench:peers' 1,000 routing bodies stood so at one spot). It now makes for the way's first point.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Ground, Row } from '../../src/types.ts';
import { Scene } from '../../bench/peers/scene.ts';
import { walkerWorld } from '../../bench/peers/walker.ts';
import { CORES, type Api } from '../cores.ts';
import { SEED } from '../wasm/cores.ts';
import { rowAt } from './worlds.ts';

const DT = 1 / 60;
const STOP = 0.5;

const scene = new Scene({ trees: 2000, lakeAndCliffs: true });
const world = walkerWorld(scene);

/** Where bench:peers' routing bodies stood turning back and forth, and the target the first of them sought. */
const SPOT = [33.59, 67.55] as const;
const TARGET = [11.467, 72.454] as const;

/** The foot of that ramp: the 2 m cell the spot lies in, less a margin. */
const FOOT = { x0: 32.2, z0: 66.2, x1: 33.95, z1: 67.95 };

/** A body of the bench's kind at rest on (x, z), standing on the ground. */
const restingAt = (api: Api, ground: Ground, x: number, z: number): Row => rowAt(api, world, ground, x, z, 'body');

/** Seeks by route and walks at 60 Hz for at most `seconds`: arrived, or the signal at the end, and where it ended. */
function routeFrom(api: Api, ground: Ground, me: Row, seconds: number): { arrived: boolean; unreachable: boolean; at: string } {
  let arrived = false;
  for (let f = 0; f < seconds / DT && !arrived; f++) {
    arrived = api.seek(me, world, TARGET, STOP, ground, { route: true });
    if (!arrived) api.walk(me, world, DT, ground);
  }
  return { arrived, unreachable: me.unreachable === true, at: `(${me.pos[0].toFixed(2)}, ${me.pos[2].toFixed(2)})` };
}

/** Metres in [min, max] to the centimetre. */
const metres = (min: number, max: number) => fc.integer({ min: Math.round(min * 100), max: Math.round(max * 100) }).map((v) => v / 100);

for (const { name, api } of CORES) {
  describe(`a routing seek stalled short of its look-ahead point (${name})`, () => {
    const ground = api.groundOf(world);

    it(`RT-8: at the foot of a ramp where bench bodies turned back and forth without the signal, a routing body at rest arrives within 20 s (${name})`, () => {
      expect(routeFrom(api, ground, restingAt(api, ground, SPOT[0], SPOT[1]), 20)).toMatchObject({ arrived: true });
    });

    it(`RT-8, SE-7: from random starts at the foot of that ramp, a routing body at rest arrives or reads unreachable within 30 s — never turns back and forth without the signal — and most arrive (seeded) (${name})`, () => {
      let arrived = 0;
      let runs = 0;
      fc.assert(
        fc.property(metres(FOOT.x0, FOOT.x1), metres(FOOT.z0, FOOT.z1), (x, z) => {
          runs++;
          const end = routeFrom(api, ground, restingAt(api, ground, x, z), 30);
          expect(end.arrived || end.unreachable, `from (${x}, ${z}): neither arrived nor unreachable at ${end.at}`).toBe(true);
          if (end.arrived) arrived++;
        }),
        { seed: SEED, numRuns: name === 'reference' ? 40 : 60 },
      );
      expect(arrived / runs).toBeGreaterThan(0.75);
    });
  });
}
