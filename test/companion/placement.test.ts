/**
 * CO-5: where the companion is placed. A player standing deep in a lake gets no companion in the water: it waits on
 * the shore, the nearest dry spot toward it. A player that warps and stands gets the companion beside it, never on
 * it, and until then the companion stands instead of running toward the spot the player left. On every core, on a
 * terrain3d heightmap that runs in wasm.
 */
import { describe, expect, it } from 'vitest';
import { FOLLOW_DISTANCE, IDLE_EPS, TELEPORT_DISTANCE } from '../../src/companion/index.ts';
import { heightmapWorld } from '../../src/autopilot/scenes.ts';
import type { Row } from '../../src/types.ts';
import { CORES } from '../cores.ts';
import { lake, type Trip } from '../scenes.ts';
import { playTrip, tripPlayer } from '../../src/autopilot/playTrip.ts';

const DT = 1 / 60;

for (const { name, api } of CORES) {
  describe(`CO-5: the companion is placed on dry ground clear of the player (${name})`, () => {
    it(`CO-5: a player standing in 3 m of water gets the companion waiting on the shore, never in the water (${name})`, () => {
      const w = heightmapWorld(lake);
      const ground = api.groundOf(w);
      const trip: Trip = { scene: lake, start: [0, 2], waypoints: [[0, 14]], speed: 4, companion: [0, -0.5] };
      const row: Row = { kind: 'ally', pos: [0, 0, -0.5] };
      const companion = new api.Companion({ row, world: w, ground });
      const n = api.numbers(row, w);
      let deepest = 0;
      let movedAtEnd = 0;
      playTrip(trip, tripPlayer(trip), companion, DT, 12, FOLLOW_DISTANCE, (t) => {
        deepest = Math.max(deepest, ground.depth!(row.pos[0], row.pos[2]));
        if (t > 8) movedAtEnd = Math.max(movedAtEnd, companion.measured);
      });
      expect(deepest, 'the deepest water it stood in').toBeLessThanOrEqual(n.wade);
      // The wade line is at z = 7: it waits within a step of it on the player's side, still, at wait.
      expect(row.pos[2]).toBeGreaterThan(5.5);
      expect(row.pos[2]).toBeLessThanOrEqual(7);
      expect(movedAtEnd).toBeLessThan(IDLE_EPS);
      expect(companion.clip).toBe('wait');
    });

    it(`CO-5: a player that warps 30 m and stands gets the companion beside it, not on it, and no run toward where it was (${name})`, () => {
      const w = heightmapWorld({ name: 'flat', height: () => 0, trees: [] });
      const ground = api.groundOf(w);
      const player: Row = { kind: 'player', as: 'xbot', pos: [0, 0, 0] };
      const row: Row = { kind: 'ally', pos: [0, 0, -FOLLOW_DISTANCE] };
      const companion = new api.Companion({ row, world: w, ground });
      for (let i = 0; i < 30; i++) companion.step(DT, player);
      player.pos = [0, 0, 30];
      let moved = 0;
      for (let i = 0; i < 60 && companion.teleports === 0; i++) {
        companion.step(DT, player);
        if (!companion.teleported) moved = Math.max(moved, companion.measured);
      }
      expect(companion.teleports).toBe(1);
      expect(moved, 'its speed while the trail still spanned the warp').toBe(0);
      const radii = api.numbers(row, w).radius + api.numbers(player, w).radius;
      expect(companion.gap).toBeGreaterThanOrEqual(radii);
      expect(companion.gap).toBeLessThan(TELEPORT_DISTANCE);
    });
  });
}
