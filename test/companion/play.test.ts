/**
 * CO-13: the play-test. A player driven by a WASD stick for 120 s in each play world — noise hills with 300 trees, the
 * same with a lake it wades into, a heightmap with a 0.8 m ledge, a 3 m cliff band and a ramp — and a companion
 * following it, on every core: every teleport and rejoin lands on a standable, dry spot clear of solids and of the
 * player (CO-5), the gait shown is the body's (no walk plainly above RUN_ENTER, no run plainly below RUN_EXIT: CO-7),
 * no gait over a still body and no `wait` over a moving one (CO-8), the companion never runs toward the spot a
 * warping player left, and it is on top of a ledge the player jumped within 1.5 s of it. The wasm cores give the
 * reference core's bits.
 */
import { describe, expect, it } from 'vitest';
import type { WalkerCore } from '../../src/companion/index.ts';
import { playWorlds } from '../../src/autopilot/playWorlds.ts';
import { playWorld, type PlayFigures } from '../../src/autopilot/playTest.ts';
import { CORES } from '../cores.ts';

const DT = 1 / 60;
const SECONDS = 120;
const SEEDS = [7, 11];

/** The figures of every play world and seed on one core. */
function plays(core: WalkerCore, groundOf: (typeof CORES)[number]['api']['groundOf']): PlayFigures[] {
  return SEEDS.flatMap((seed) => playWorlds(seed).map((play) => playWorld(core, groundOf, play, seed, SECONDS, DT)));
}

const reference = plays(CORES[0].api, CORES[0].api.groundOf);

for (const { name, api } of CORES) {
  describe(`CO-13: the play-test, 120 s per world under a WASD stick (${name})`, () => {
    const figures = name === 'reference' ? reference : plays(api, api.groundOf);

    it(`CO-5, CO-13: no teleport or rejoin lands in water deeper than wade, on steep ground, inside a solid or within the sum of the radii of the player (${name})`, () => {
      for (const f of figures) {
        expect(f.badPlacements, f.world).toEqual([]);
        // It may graze the wade line on foot; it never stays in deep water.
        expect(f.deepSeconds, `${f.world}: seconds in water deeper than wade`).toBeLessThan(0.25);
      }
      expect(figures.reduce((n, f) => n + f.placements, 0), 'placements made').toBeGreaterThan(5);
    });

    it(`CO-7, CO-13: no walk above RUN_ENTER + GAIT_SLACK, no run below RUN_EXIT − GAIT_SLACK (${name})`, () => {
      for (const f of figures) {
        expect(f.walkFast, `${f.world}: seconds of walk plainly at a run`).toBe(0);
        expect(f.runSlow, `${f.world}: seconds of run plainly at a walk`).toBe(0);
      }
    });

    it(`CO-8, CO-13: no gait over a still body, no wait over a moving one, no chase of a spot a warping player left (${name})`, () => {
      for (const f of figures) {
        expect(f.inPlace, `${f.world}: seconds running in place`).toBe(0);
        expect(f.sliding, `${f.world}: seconds sliding under wait`).toBe(0);
        expect(f.chasedWarp, `${f.world}: seconds moving while beyond TELEPORT_DISTANCE`).toBe(0);
      }
    });

    it(`CO-8, CO-13: on top of a 0.8 m ledge the player jumped within 1.5 s of the player, every time (${name})`, () => {
      const delays = figures.flatMap((f) => f.ledgeDelays);
      expect(delays.length, 'ledge climbs played').toBeGreaterThan(3);
      for (const d of delays) expect(d, 'seconds after the player').toBeLessThanOrEqual(1.5);
    });

    if (name !== 'reference') {
      it(`CO-13: the companion's path is the reference core's, bit for bit (${name})`, () => {
        for (let i = 0; i < figures.length; i++) expect(figures[i].trace, figures[i].world).toEqual(reference[i].trace);
      });
    }
  });
}
