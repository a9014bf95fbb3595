/**
 * bench:crowds --jitter (bench/crowds/jitter.ts): a jittered scene moves each start by at most JITTER along each axis,
 * the same for the same seed, and keeps the targets, trunks and gates; the scene it was made from is left as it was.
 */
import { describe, expect, it } from 'vitest';
import { JITTER, jitterScene } from '../../bench/crowds/jitter.ts';
import { bodiesIn } from '../../bench/crowds/scene.ts';
import { antipodalCircle, twoWayGap } from '../../bench/crowds/scenes.ts';

describe('bench:crowds jittered scenes', () => {
  it('move every start by at most JITTER along x and z, most of them by some of it, and nothing else', () => {
    const scene = twoWayGap();
    const before = Float64Array.from(scene.startX);
    const moved = jitterScene(scene, 1);
    const n = bodiesIn(scene);
    let most = 0;
    let still = 0;
    for (let i = 0; i < n; i++) {
      const dx = Math.abs(moved.startX[i] - scene.startX[i]);
      const dz = Math.abs(moved.startZ[i] - scene.startZ[i]);
      most = Math.max(most, dx, dz);
      if (dx === 0 && dz === 0) still++;
    }
    expect(most).toBeLessThanOrEqual(JITTER);
    expect(most).toBeGreaterThan(JITTER / 2);
    expect(still).toBe(0);
    expect([moved.targetX, moved.targetZ, moved.trunks, moved.gates]).toEqual([scene.targetX, scene.targetZ, scene.trunks, scene.gates]);
    expect(scene.startX).toEqual(before);
  });

  it('are the same for the same seed and differ for another', () => {
    const a = jitterScene(antipodalCircle(), 2);
    const b = jitterScene(antipodalCircle(), 2);
    const c = jitterScene(antipodalCircle(), 3);
    expect(a.startX).toEqual(b.startX);
    expect(a.startZ).toEqual(b.startZ);
    expect(a.startX).not.toEqual(c.startX);
  });
});
