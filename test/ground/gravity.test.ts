import { describe, expect, it } from 'vitest';
import { gravity } from '../../src/ground/index.ts';
import type { World } from '../../src/types.ts';

const BASE = {
  radius: 0.4, height: 1.8, accel: 12, turnRate: 10, jumpH: 0.9, step: 0.6, maxSlope: 0.7, slopeBand: 0.1, wade: 0.5, span: 0.5,
  probe: 2, slide: 4, seekSpeed: 3,
};
const W: World = { walker: { kinds: { xbot: { ...BASE, gravity: 20 }, ogre: { ...BASE, gravity: 9.81 } } } };

describe('M-4: gravity', () => {
  it('M-4: gravity is the listed kind’s gravity', () => {
    expect(gravity(W, 'xbot')).toBe(20);
    expect(gravity(W, 'ogre')).toBe(9.81);
  });

  it('M-4: gravity is undefined for a kind the table does not list', () => {
    expect(gravity(W, 'tree')).toBeUndefined();
    expect(gravity(W, 'toString')).toBeUndefined();
  });

  it('M-4: gravity is inherited from the parent world (K-5)', () => {
    expect(gravity({ parent: { parent: W } }, 'xbot')).toBe(20);
  });
});
