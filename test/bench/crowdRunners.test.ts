/**
 * The crowd contenders build what they say: walker's world gives every body one kind that blocks itself (SE-6) and
 * takes fields laid over it, refused with a sentence when the kinds check does not know them (K-2); Detour's navmesh
 * has the trunks cut out, a radius round each; and the harness runs contenders by turns to the end of each run.
 */
import { NavMeshQuery, init } from '@recast-navigation/core';
import { describe, expect, it } from 'vitest';
import { sceneNavMesh } from '../../bench/crowds/navmesh.ts';
import type { CrowdContender } from '../../bench/crowds/contender.ts';
import { runScene } from '../../bench/crowds/run.ts';
import { DT, RADIUS } from '../../bench/crowds/scene.ts';
import { headOnPair, twoWayGap } from '../../bench/crowds/scenes.ts';
import { CROWD_KIND, crowdWorld, walkerContender } from '../../bench/crowds/walker.ts';

describe('bench:crowds contenders', () => {
  it('SE-6: walker\'s crowd kind is XBOT\'s numbers at radius 0.4 and 3 m/s, listing itself in bodies', () => {
    const kind = crowdWorld(headOnPair()).walker!.kinds![CROWD_KIND];
    expect([kind.radius, kind.seekSpeed, kind.bodies]).toEqual([RADIUS, 3, [CROWD_KIND]]);
  });

  it('K-2: fields laid over walker\'s kind reach the herd: a slower seekSpeed moves the bodies less, an unknown field is refused by name', () => {
    const moved = (extra: Record<string, unknown>): number => {
      const sim = walkerContender(extra).build(headOnPair());
      for (let f = 0; f < 120; f++) sim.step();
      const xs = new Float64Array(2);
      const zs = new Float64Array(2);
      sim.positions(xs, zs);
      sim.free();
      return xs[0] + 10;
    };
    expect(moved({})).toBeGreaterThan(4);
    expect(moved({ seekSpeed: 1 })).toBeLessThan(2.01);
    expect(() => walkerContender({ notAKindField: 1 }).build(headOnPair())).toThrow(/notAKindField/);
  });

  it('Detour\'s navmesh of the two-way gap has no polygon within a body radius of a trunk, and one in the gap', async () => {
    await init();
    const scene = twoWayGap();
    const navMesh = sceneNavMesh(scene);
    const query = new NavMeshQuery(navMesh);
    const halfExtents = { x: 2, y: 4, z: 2 };
    // The voxels are 0.1 m: Recast's erosion may leave a centre up to a voxel short of a full radius.
    for (const t of scene.trunks.slice(0, 10)) {
      const p = query.findClosestPoint({ x: t.x, y: 0, z: t.z }, { halfExtents }).point;
      expect(Math.hypot(p.x - t.x, p.z - t.z)).toBeGreaterThan(t.radius + RADIUS - 0.1);
    }
    const gap = query.findClosestPoint({ x: 0, y: 0, z: 0 }, { halfExtents });
    expect(gap.success && gap.isPointOverPoly).toBe(true);
    query.destroy();
    navMesh.destroy();
  });
});

describe('bench:crowds harness', () => {
  /** A contender whose bodies walk straight to their targets at `speed`, logging each step as its id. */
  function straight(id: string, speed: number, log: string[]): CrowdContender {
    return {
      id,
      label: id,
      build(scene) {
        const n = scene.startX.length;
        let t = 0;
        const at = (i: number, xs: Float64Array, zs: Float64Array): void => {
          const dx = scene.targetX[i] - scene.startX[i];
          const dz = scene.targetZ[i] - scene.startZ[i];
          const f = Math.min(1, (speed * t) / Math.hypot(dx, dz));
          xs[i] = scene.startX[i] + f * dx;
          zs[i] = scene.startZ[i] + f * dz;
        };
        return {
          n,
          step(): void {
            t += DT;
            log.push(id);
          },
          positions(xs, zs): void {
            for (let i = 0; i < n; i++) at(i, xs, zs);
          },
          free(): void {},
        };
      },
    };
  }

  it('each contender runs to its own end, the two taking turns 5 s (300 frames) at a time, the order rotated each round', () => {
    const log: string[] = [];
    // The head-on pair passes through each other: 19.4 m to within 0.6 m at 3 m/s is 6.47 s; at 1 m/s, 19.4 s.
    const [fast, slow] = runScene([straight('fast', 3, log), straight('slow', 1, log)], headOnPair());
    expect(fast.allArrivedAt).toBeCloseTo(19.4 / 3, 1);
    expect(slow.allArrivedAt).toBeCloseTo(19.4, 1);
    expect(log.filter((id) => id === 'fast').length).toBe(Math.round(fast.seconds / DT));
    expect(log.slice(0, 300).every((id) => id === 'fast')).toBe(true);
    expect(log.slice(300, 600).every((id) => id === 'slow')).toBe(true);
    expect(log.slice(600, 900).every((id) => id === 'slow')).toBe(true);
    // They pass through each other at the midpoint: the whole radius twice over.
    expect(fast.deepestOverlap).toBeCloseTo(2, 1);
    expect([fast.lockedPairs, fast.stuck, slow.stuck, fast.unreachable]).toEqual([0, 0, 0, undefined]);
  });
});
