/**
 * BI-3: the worst case an accepted call can reach, measured. The sampling of a move costs (move / spacing) samples and
 * each steep feature met costs (probe / spacing) more, so the slowest call is the longest move (MAX_MOVE) on the finest
 * lattice and span (MIN_CELL, MIN_SPAN) through ground steep at every sample yet within step, with the longest probe
 * (MAX_PROBE). It returns within a bound far above what it takes (about 1 s on the reference here): the bound fails on
 * a hang, not on a slow machine.
 */
import { describe, expect, it } from 'vitest';
import { CORES } from '../cores.ts';
import { MAX_MOVE, MAX_PROBE, MIN_CELL, MIN_SPAN } from '../../src/limits.ts';
import type { World } from '../../src/types.ts';

const BOUND_MS = 20_000;

describe.each(CORES)('BI-3: the worst case ($name)', ({ name, api }) => {
  it(`BI-3: a ${MAX_MOVE} m slide on a ${MIN_CELL} m lattice, span ${MIN_SPAN}, probe ${MAX_PROBE}, through rough ground returns in bounded time (${name})`, () => {
    const w: World = {
      walker: {
        kinds: { k: { radius: 0.4, height: 1.8, accel: 12, turnRate: 10, gravity: 20, jumpH: 0.9, step: 0.6, maxSlope: 0.7, slopeBand: 0.1, wade: 0.5, span: MIN_SPAN, probe: MAX_PROBE, slide: 4, seekSpeed: 3 } },
        mods: { height: 'terrain3d', cell: 'terrain3d' },
      },
      terrain3d: { rings: [{ reach: 16 * MIN_CELL, seg: 32 }], noise: { seed: 3, amplitude: 0.25, wavelength: 0.3, octaves: 3 } },
    };
    const me = { kind: 'k', pos: [0, 0, 0] };
    const start = performance.now();
    const made = api.slide(me, w, [MAX_MOVE, 0], api.groundOf(w));
    expect(performance.now() - start).toBeLessThan(BOUND_MS);
    expect(made[0]).toBeGreaterThan(0);
  }, 60_000);
});
