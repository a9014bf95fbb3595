/**
 * A herd body that a step leaves as it was is left whole, on every core: its `arrived` too, though it seeks a
 * target it stands on. The reference herd once wrote `arrived` before finding the body's numbers non-finite.
 */
import { describe, expect, it } from 'vitest';
import type { Row, World } from '../../src/types.ts';
import { CORES } from '../cores.ts';

const KIND = {
  radius: 0.4, height: 1.8, accel: 12, turnRate: 10, gravity: 20, jumpH: 0.9, step: 0.6, maxSlope: 0.7,
  slopeBand: 0.1, wade: 0.5, span: 0.5, probe: 2, slide: 4, seekSpeed: 3,
};

/** A flat heightmap world: its ground runs in wasm on the wasm cores. */
function flatWorld(): World {
  return {
    walker: { kinds: { xbot: KIND }, mods: { height: 'terrain3d', cell: 'terrain3d' } },
    terrain3d: { rings: [{ reach: 16, seg: 32 }], heightmap: { origin: [-16, -16], spacing: 1, nx: 33, nz: 33, data: new Array(33 * 33).fill(0) } },
  };
}

describe.each(CORES)('HD-2, R-3: a herd body left as it was ($name)', ({ name, api }) => {
  it(`HD-2: a body whose height would overflow keeps every field and its arrived flag, the others step (${name})`, () => {
    const w = flatWorld();
    const herd = new api.Herd(w, api.groundOf(w));
    // Rising from near the largest double, its height overflows to Infinity this step.
    const runaway: Row = { kind: 'xbot', pos: [0, 1.79e308, 0], vel: [0, 1e308, 0], air: true };
    herd.add(runaway);
    herd.add({ kind: 'xbot', pos: [4, 0, 0], want: [1, 0] });
    // Body 0 stands on its target, so seek answers "arrived" — but the step gives it a non-finite height.
    herd.seek(0, [0, 0], 0.5);
    const before = herd.get(0);
    expect(() => herd.step(1 / 60)).toThrow(/herd body 0 would be given a non-finite number/);
    expect(herd.get(0)).toEqual(before);
    expect(herd.arrived[0]).toBe(0);
    expect(herd.x[1]).toBeGreaterThan(4);
  });
});
