/**
 * LV-4, RT-1: a kept route grid sees its solids change. A route out of the gate scene's pen (test/herd/gateScene.ts)
 * to a point behind its back wall is not reached while the gate is closed; with the gate's circles removed the same
 * route, asked again on the grid the first one kept, is reached through the gate; with them added again it is not.
 */
import { describe, expect, it } from 'vitest';
import type { Row } from '../../src/types.ts';
import { CORES } from '../cores.ts';
import { BEHIND, gateWorld } from '../herd/gateScene.ts';

for (const { name, api } of CORES) {
  describe(`LV-4: kept route grids see a gate open and close (${name})`, () => {
    it(`LV-4, RT-1: the route out of the pen is reached only while the gate is open (${name})`, () => {
      const { world, gate, gateIds } = gateWorld();
      const ground = api.groundOf(world);
      const me: Row = { kind: 'xbot', pos: [0, 0, 0] };
      expect(api.route(me, world, BEHIND, ground).reached).toBe(false);
      const level = api.solidsOf(ground);
      for (const id of gateIds) level.remove(id);
      const open = api.route(me, world, BEHIND, ground);
      expect(open.reached).toBe(true);
      // The way leaves through the gate, at +z.
      expect(open.waypoints.some(([, z]) => z > 7)).toBe(true);
      for (const post of gate) level.add(post);
      expect(api.route(me, world, BEHIND, ground).reached).toBe(false);
    });
  });
}
