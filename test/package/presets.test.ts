/**
 * The exported kind preset (K-1, K-2): XBOT passes check as it is and spread with changes, cannot be edited in place,
 * and a body of it walks the same on every core.
 */
import { describe, expect, it } from 'vitest';
import { CORES } from '../cores.ts';
import { XBOT } from '../../src/presets.ts';
import type { Kind, Row, World } from '../../src/types.ts';

const world = (kind: Record<string, unknown>): World => ({
  walker: { kinds: { hero: kind as unknown as Kind }, mods: { height: 'terrain3d', depth: 'terrain3d', cell: 'terrain3d' } },
  terrain3d: { rings: [{ reach: 16, seg: 32 }], noise: { seed: 3, amplitude: 2, wavelength: 16, octaves: 2 } },
});

for (const { name, api } of CORES) {
  describe(`the XBOT preset (${name})`, () => {
    it(`K-2: XBOT passes check, spread as it is and with changed numbers (${name})`, () => {
      expect(() => api.check({ hero: { ...XBOT } })).not.toThrow();
      expect(() => api.check({ hero: { ...XBOT, seekSpeed: 5, bodies: ['hero'] } })).not.toThrow();
      expect(api.numbers({ kind: 'hero' }, world({ ...XBOT })).radius).toBe(0.4);
    });

    it(`K-2: a preset spread with a number out of range is still refused with a sentence (${name})`, () => {
      expect(() => api.check({ hero: { ...XBOT, span: 2 } })).toThrow(/hero.*span|span.*hero/);
    });

    it(`K-1: a body of XBOT walks on the ground, the same numbers on every core (${name})`, () => {
      const w = world({ ...XBOT });
      const ground = api.groundOf(w);
      const row: Row = { kind: 'hero', pos: [0, 5, 0], want: [2, 1] };
      for (let frame = 0; frame < 60; frame++) api.walk(row, w, 1 / 60, ground);
      const ref = CORES[0].api;
      const copy: Row = { kind: 'hero', pos: [0, 5, 0], want: [2, 1] };
      const g = ref.groundOf(w);
      for (let frame = 0; frame < 60; frame++) ref.walk(copy, w, 1 / 60, g);
      expect(row.air).toBe(false);
      expect(row).toEqual(copy);
    });
  });
}

describe('the XBOT preset, shared', () => {
  it('K-1: XBOT is frozen, so one world tuning it cannot change another', () => {
    expect(Object.isFrozen(XBOT)).toBe(true);
    expect(() => {
      (XBOT as { radius: number }).radius = 1;
    }).toThrow(TypeError);
  });
});
