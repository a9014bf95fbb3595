/**
 * Detour's crowd (recast-navigation-js) on a crowd scene: the scene's navmesh, one `Crowd` holding every body as an
 * agent of radius 0.4, maxSpeed 3 and maxAcceleration 12 (walker's accel), each sent to its target once, one
 * `crowd.update(DT)` a frame. The agent settings are those of Recast's own demo for a crowd that avoids: turns
 * anticipated, velocity-obstacle avoidance, separation (weight 2), visibility and topology path optimisation,
 * neighbours looked for within 12 radii, paths optimised over 30; the avoidance samples velocities as Detour does
 * by default (type 0 keeps dtCrowd's defaults: adaptive, 7 divisions, 2 rings, depth 5).
 */
import { Crowd, init, type CrowdAgent, type NavMesh } from '@recast-navigation/core';
import { BODY_HEIGHT } from '../peers/scene.ts';
import type { CrowdContender, CrowdSim } from './contender.ts';
import { sceneNavMesh } from './navmesh.ts';
import { DT, RADIUS, SPEED, bodiesIn, type CrowdScene } from './scene.ts';

/** Detour's crowd update flags: anticipate turns 1, obstacle avoidance 2, separation 4, optimise visibility 8, topology 16. */
const ALL_FLAGS = 1 | 2 | 4 | 8 | 16;
/**
 * How far from a point the navmesh is searched for the polygon under it, metres: wide, since on the hills a start or
 * target on a narrow ridge top can have no polygon under it (Recast drops tiny regions), and the agent then starts
 * at the nearest point the navmesh has — counted in the sim's notes when it is over OFF_MESH away.
 */
const HALF_EXTENTS = { x: 4, y: 8, z: 4 };
const OFF_MESH = 0.5;

export const AGENT = {
  radius: RADIUS,
  height: BODY_HEIGHT,
  maxAcceleration: 12,
  maxSpeed: SPEED,
  collisionQueryRange: 12 * RADIUS,
  pathOptimizationRange: 30 * RADIUS,
  separationWeight: 2,
  updateFlags: ALL_FLAGS,
  obstacleAvoidanceType: 0,
};

/** The Detour contender, once recast-navigation's wasm has loaded. */
export async function detourContender(): Promise<CrowdContender> {
  await init();
  return {
    id: 'detour',
    label: 'Detour crowd',
    build(scene: CrowdScene): CrowdSim {
      const navMesh: NavMesh = sceneNavMesh(scene);
      const n = bodiesIn(scene);
      const crowd = new Crowd(navMesh, { maxAgents: n, maxAgentRadius: RADIUS });
      const query = crowd.navMeshQuery;
      let moved = 0;
      const onMesh = (x: number, z: number): { x: number; y: number; z: number } => {
        const y = scene.ground.kind === 'flat' ? 0 : scene.ground.hills.heightAt(x, z);
        const found = query.findClosestPoint({ x, y, z }, { halfExtents: HALF_EXTENTS });
        if (!found.success || found.polyRef === 0) throw new Error(`bench: no navmesh polygon near (${x.toFixed(2)}, ${z.toFixed(2)}) in ${scene.name}.`);
        if ((found.point.x - x) ** 2 + (found.point.z - z) ** 2 > OFF_MESH * OFF_MESH) moved++;
        return found.point;
      };
      const agents: CrowdAgent[] = [];
      for (let i = 0; i < n; i++) {
        const agent = crowd.addAgent(onMesh(scene.startX[i], scene.startZ[i]), AGENT);
        agent.requestMoveTarget(onMesh(scene.targetX[i], scene.targetZ[i]));
        agents.push(agent);
      }
      return {
        n,
        notes: moved === 0 ? [] : [`Detour: ${moved} start${moved === 1 ? '' : 's'} or target${moved === 1 ? '' : 's'} in ${scene.name} had no navmesh within ${OFF_MESH} m and moved to the nearest point it has.`],
        step: () => crowd.update(DT),
        positions(xs, zs): void {
          for (let i = 0; i < n; i++) {
            xs[i] = agents[i].raw.get_npos(0);
            zs[i] = agents[i].raw.get_npos(2);
          }
        },
        free(): void {
          crowd.destroy();
          navMesh.destroy();
        },
      };
    },
  };
}
