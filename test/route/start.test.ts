/**
 * Where a route sets off (RT-3, RT-4): from the body itself, not its cell's centre. On bench:peers' lake-and-cliffs
 * scene a body can stand where it cannot walk to its own cell's centre (across a ramp's side face), or where a short
 * move toward the next cell is refused though the whole leg slides; a route that set off from the cell's centre sent
 * such a body along a first leg it could not walk, and seek read unreachable at once. Here a body at rest follows the
 * first leg with seek and walk, and must get to the first waypoint without the signal.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Ground, Row } from '../../src/types.ts';
import { CLIFFS, RAMP, Scene } from '../../bench/peers/scene.ts';
import { walkerWorld } from '../../bench/peers/walker.ts';
import { CORES, type Api } from '../cores.ts';
import { SEED } from '../wasm/cores.ts';
import { rowAt, walkLeg } from './worlds.ts';

const DT = 1 / 60;
/** How close to a waypoint counts as there (the bench's follower's radius). */
const REACH = 0.1;

const scene = new Scene({ trees: 2000, lakeAndCliffs: true });
const world = walkerWorld(scene);

/** Metres in [min, max] to the millimetre, spread evenly (no bias toward 0: the scene has nothing special there). */
const metres = (min: number, max: number) => fc.noBias(fc.integer({ min: min * 1000, max: max * 1000 })).map((v) => v / 1000);

/** A body of the bench's kind at rest on (x, z), standing on the ground. */
const restingAt = (api: Api, ground: Ground, x: number, z: number): Row => rowAt(api, world, ground, x, z, 'body');


/** The first leg of `me`'s route to `target`, walked from rest. */
function firstLeg(api: Api, ground: Ground, me: Row, target: readonly number[]): { reached: boolean; there: boolean; signalled: boolean; to: readonly number[] } {
  const route = api.route(me, world, target, ground);
  const to = route.waypoints[0];
  const length = Math.hypot(to[0] - me.pos[0], to[1] - me.pos[2]);
  return { reached: route.reached, to, ...walkLeg(api, world, ground, me, to, REACH, 2 + (2 * length) / 3) };
}

/** Starts the bench's crowd had, where the old rule's first leg could not be walked (bench bodies 486 and 891). */
const SPOTS: readonly (readonly [number, number, number, number, string])[] = [
  [64.44, 71.9, 80.35, 37.66, 'where moves shorter than 0.1 m toward the next cell are refused'],
];

/**
 * Bench body 486: on a ramp's side edge, its cell's centre up the face. Its first leg runs down the side face to a
 * waypoint on the face (RT judges cells by the slope alone, ST-3, and ST-2's stand height reads a patch of the face
 * walkable). It sets off without the unreachable signal; on the face it slides (WA-1) on the ground (WA-6) to the
 * foot, past the waypoint, which it cannot then walk back up to — so here the leg ends at the foot, not the waypoint.
 */
const FACE_SPOT = [100.07434315979481, 42.031255811452866, 94.1, 58.3] as const;

for (const { name, api } of CORES) {
  describe(`routes set off from the body (${name})`, () => {
    const ground = api.groundOf(world);

    for (const [x, z, tx, tz, why] of SPOTS) {
      it(`RT-3, RT-4: at (${x.toFixed(2)}, ${z.toFixed(2)}), ${why}, a body at rest walks its first leg without the unreachable signal`, () => {
        const leg = firstLeg(api, ground, restingAt(api, ground, x, z), [tx, tz]);
        expect(leg.reached).toBe(true);
        expect(leg).toMatchObject({ there: true, signalled: false });
      });
    }

    it(`RT-3, RT-4, WA-6: below a ramp's side face, a first leg to a waypoint on the face sets off without the unreachable signal and slides to the face's foot (${name})`, () => {
      const [x, z, tx, tz] = FACE_SPOT;
      const me = restingAt(api, ground, x, z);
      const route = api.route(me, world, [tx, tz], ground);
      expect(route.reached).toBe(true);
      const to = route.waypoints[0];
      expect({ arrived: api.seek(me, world, to, REACH, ground), unreachable: me.unreachable }).toMatchObject({ arrived: false, unreachable: false });
      walkLeg(api, world, ground, me, to, REACH, 4);
      const n = api.numbers(me, world) as never;
      expect(me.air === true || me.steep === true, `ended at [${me.pos.join(', ')}]`).toBe(false);
      expect(me.pos[1], 'below the waypoint on the face').toBeLessThan(api.stand(n, ground, to[0], to[1]) - 0.3);
    });

    it('RT-3, RT-4, SE-7: from random starts by the cliff bands and ramps, a body at rest sets off on its first leg and on every later one from its waypoint — never told unreachable at the start — and walks the first leg through to its waypoint in at least 97 % of starts (seeded)', () => {
      const [band] = CLIFFS;
      const norm = Math.sqrt(1 + band.slope * band.slope);
      let legs = 0;
      let walked = 0;
      const stalls: string[] = [];
      fc.assert(
        fc.property(metres(-100, 100), metres(-RAMP.run, 0), metres(-30, 30), metres(-30, 30), (along, across, ox, oz) => {
          // A point `across` metres from the band's line toward its raised side, `along` metres along it: at the foot
          // of the band or on a ramp's run, beside its side faces (not on the band's face, where no body stands).
          const x = along / norm - (across * band.slope) / norm;
          const z = band.z0 + band.slope * (along / norm) + across / norm;
          // A target in the body's own cell is the route itself (RT-4): no leg is planned there.
          if (scene.insideTrunk(x, z) || Math.hypot(ox, oz) < 2) return;
          // At rest: a body put down on ground too steep to stand on slides off it first (WA), then plans.
          const me = restingAt(api, ground, x, z);
          for (let f = 0; f < 60; f++) api.walk(me, world, DT, ground);
          const route = api.route(me, world, [x + ox, z + oz], ground);
          const to = route.waypoints[0];
          const length = Math.hypot(to[0] - me.pos[0], to[1] - me.pos[2]);
          if (!route.reached || length <= REACH) return;
          legs++;
          // Every later leg sets off from a waypoint: a body at rest there is not told unreachable toward the next.
          for (let k = 0; k + 1 < route.waypoints.length; k++) {
            const [wx, wz] = route.waypoints[k];
            const next = route.waypoints[k + 1];
            const there = restingAt(api, ground, wx, wz);
            expect({ leg: [route.waypoints[k], next], arrived: api.seek(there, world, next, REACH, ground), unreachable: there.unreachable }).toMatchObject({ arrived: false, unreachable: false });
          }
          const from = [me.pos[0], me.pos[2]];
          expect({ from, to, arrived: api.seek(me, world, to, REACH, ground), unreachable: me.unreachable }).toMatchObject({ arrived: false, unreachable: false });
          const leg = walkLeg(api, world, ground, me, to, REACH, 2 + (2 * length) / 3);
          if (leg.there && !leg.signalled) walked++;
          else stalls.push(`from (${from[0].toFixed(2)}, ${from[1].toFixed(2)}) to (${to[0]}, ${to[1]}) stalled at (${me.pos[0].toFixed(2)}, ${me.pos[2].toFixed(2)})`);
        }),
        { seed: SEED, numRuns: 300 },
      );
      // Most starts have a route to their target: the property is about first legs that lead there.
      expect(legs).toBeGreaterThan(150);
      // The rest stall on the way where frame-long moves are refused though the whole leg slides (SL-3's residual).
      expect(walked / legs, stalls.join('; ')).toBeGreaterThanOrEqual(0.97);
    });
  });
}
