/**
 * CO-8: a companion never runs in place, and rejoins when stuck. The player goes where the companion cannot follow
 * on foot — up a 1.2 m ledge (a jump gets it up), up a 4 m cliff, across a lake deeper than wade, up a steep slope,
 * onto a sheer plateau — and stays out of reach for 12 s. On every core, on a ground of callbacks and on a terrain3d
 * heightmap that runs in wasm: walk/run never plays over a still body for longer than ANIM_HOLD_TIME and one frame,
 * `wait` never plays over a moving body, the tripwire stays silent, and within 12 s the companion is back within
 * ring + ramp + 0.5 m of the player and stays there.
 */
import { describe, expect, it } from 'vitest';
import {
  ANIM_HOLD_TIME, FOLLOW_DISTANCE, FOLLOW_SLOW_RADIUS, GAP_MARGIN, IDLE_EPS, STUCK_TIME, isGait, locomotionViolations,
} from '../../src/companion/index.ts';
import type { Ground, Row, World } from '../../src/types.ts';
import { CORES, type Api } from '../cores.ts';
import { TRIPS, cliff, groundsOf, ledge, steep, type Trip } from '../scenes.ts';
import { playTrip, tripPlayer } from '../../src/autopilot/playTrip.ts';

const DT = 1 / 60;
const BOUND = FOLLOW_DISTANCE + FOLLOW_SLOW_RADIUS + GAP_MARGIN;
/** How long the player stays out of reach once it got there, seconds. */
const OUT_OF_REACH = 12;

interface Run {
  longestGaitAtRest: number;
  waitWhileMoving: number;
  violations: string[];
  messages: string[];
  /** Seconds from the player's arrival until the gap came within BOUND for good, or Infinity. */
  rejoinedAfter: number;
  jumps: number;
  teleports: number;
}

function play(api: Api, w: World, ground: Ground, trip: Trip, companionAt: [number, number, number] | null = null): Run {
  const player = tripPlayer(trip);
  const [cx, cz] = trip.companion;
  const row: Row = { kind: 'ally', pos: companionAt ?? [cx, api.stand(api.numbers({ kind: 'ally' }, w), ground, cx, cz), cz] };
  const messages: string[] = [];
  const companion = new api.Companion({ row, world: w, ground, id: 'ally', tripwire: (m) => messages.push(m) });
  let gaitAtRest = 0;
  let longest = 0;
  let waitWhileMoving = 0;
  const violations: string[] = [];
  const rejoinedAfter = playTrip(trip, player, companion, DT, OUT_OF_REACH, BOUND, (t) => {
    gaitAtRest = isGait(companion.clip) && companion.measured < IDLE_EPS ? gaitAtRest + DT : 0;
    longest = Math.max(longest, gaitAtRest);
    if (companion.clip === 'wait' && companion.measured >= IDLE_EPS) waitWhileMoving += DT;
    for (const v of locomotionViolations(companion)) violations.push(`t=${t.toFixed(2)}: ${v}`);
  });
  return { longestGaitAtRest: longest, waitWhileMoving, violations, messages, rejoinedAfter, jumps: companion.jumps, teleports: companion.teleports };
}

for (const { name, api } of CORES) {
  describe(`CO-8: the companion never runs in place and rejoins a player out of reach (${name})`, () => {
    for (const trip of TRIPS) {
      for (const [label, w, ground] of groundsOf(api, trip.scene)) {
        it(`CO-8, CO-9: the player goes up ${trip.scene.name} and stays 12 s, on ${label}: no gait at rest, no wait in motion, silent tripwire, back within ${BOUND} m in 12 s (${name})`, () => {
          const run = play(api, w, ground, trip);
          expect(run.longestGaitAtRest).toBeLessThanOrEqual(ANIM_HOLD_TIME + DT + 1e-9);
          expect(run.waitWhileMoving, 'seconds of wait over a body moving at IDLE_EPS or more').toBe(0);
          expect(run.violations).toEqual([]);
          expect(run.messages).toEqual([]);
          expect(run.rejoinedAfter).toBeLessThanOrEqual(OUT_OF_REACH);
          expect(run.jumps + run.teleports, 'it rejoined by a jump or a teleport').toBeGreaterThan(0);
        });
      }
    }

    it(`CO-8: a 1.2 m ledge is jumped (floor + jumpH + step = 1.5 m), a 4 m cliff is not: the companion is placed beside the player (${name})`, () => {
      const [, w, ground] = groundsOf(api, ledge)[1];
      const up = play(api, w, ground, TRIPS[0]);
      expect(up.jumps).toBe(1);
      expect(up.teleports).toBe(0);
      const [, cw, cground] = groundsOf(api, cliff)[1];
      const high = play(api, cw, cground, TRIPS[1]);
      expect(high.jumps).toBe(0);
      expect(high.teleports).toBe(1);
    });

    it(`CO-8: a 1.2 m ledge the player went up is jumped in stride — on top within 1.5 s of the player, before any route is planned (${name})`, () => {
      for (const [label, w, ground] of groundsOf(api, ledge)) {
        const trip = TRIPS[0];
        const player = tripPlayer(trip);
        const [cx, cz] = trip.companion;
        const row: Row = { kind: 'ally', pos: [cx, api.stand(api.numbers({ kind: 'ally' }, w), ground, cx, cz), cz] };
        const companion = new api.Companion({ row, world: w, ground });
        let playerUp = -1;
        let companionUp = -1;
        playTrip(trip, player, companion, DT, 2, BOUND, (t) => {
          if (playerUp < 0 && player.pos[1] > 1.2 - 0.05) playerUp = t;
          if (companionUp < 0 && row.pos[1] > 1.2 - 0.05 && row.air !== true && row.steep !== true) companionUp = t;
        });
        expect(companionUp, `${label}: on top`).toBeGreaterThan(0);
        // And it stays there (WA-7): a landing on the face's top edge walks on over it rather than sliding back.
        expect(row.pos[1] > 1.2 - 0.05 && row.air !== true && row.steep !== true, `${label}: on top at the end, at [${row.pos.join(', ')}]`).toBe(true);
        expect(companionUp - playerUp, `${label}: seconds after the player`).toBeLessThanOrEqual(1.5);
        expect(companion.plans, label).toBe(0);
        expect(companion.jumps, label).toBe(1);
      }
    });

    it(`CO-8: on steep ground inside the ring the slide shows as a walk, never under wait, and the companion rejoins (${name})`, () => {
      for (const [label, w, ground] of groundsOf(api, steep)) {
        // The player stands on the shelf's edge; the companion starts on the slope 2 m below it, inside the ring.
        const trip: Trip = { scene: steep, start: [0, 10], waypoints: [], speed: 0, companion: [0, 8] };
        const y = api.stand(api.numbers({ kind: 'ally' }, w), ground, 0, 8);
        const run = play(api, w, ground, trip, [0, y, 8]);
        expect(run.waitWhileMoving, `${label}: seconds of wait over the slide`).toBe(0);
        expect(run.longestGaitAtRest, label).toBeLessThanOrEqual(ANIM_HOLD_TIME + DT + 1e-9);
        expect(run.violations, label).toEqual([]);
        expect(run.rejoinedAfter, label).toBeLessThanOrEqual(OUT_OF_REACH);
      }
    });

    it(`CO-8: STUCK_TIME is at most 2 s (${name})`, () => {
      expect(STUCK_TIME).toBeGreaterThan(0);
      expect(STUCK_TIME).toBeLessThanOrEqual(2);
    });
  });
}
