/**
 * The crowd contenders build what they say: walker's world gives every body one kind that blocks itself (SE-6) and
 * takes fields laid over it, refused with a sentence when the kinds check does not know them (K-2); Detour's navmesh
 * has the trunks cut out, a radius round each.
 */
import { NavMeshQuery, init } from '@recast-navigation/core';
import { describe, expect, it } from 'vitest';
import { sceneNavMesh } from '../../bench/crowds/navmesh.ts';
import { RADIUS } from '../../bench/crowds/scene.ts';
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
