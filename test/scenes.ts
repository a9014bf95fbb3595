/**
 * The out-of-reach scenes (src/autopilot/scenes.ts) as the seek-ends (SE-7) and companion-stuck (CO-8) tests use
 * them: each built twice from one height field, as a ground of JS callbacks (the wasm entries run it on the reference
 * core, WX-4) and as a terrain3d heightmap with scatter3d trees (which runs in wasm).
 */
import type { Ground, World } from '../src/types.ts';
import { XBOT, heightmapWorld, type Scene } from '../src/autopilot/scenes.ts';
import type { Api } from './cores.ts';

export { cliff, lake, ledge, plateau, pond, ramp, steep, tree, ROUND_TRIPS, TRIPS, tripAt, tripHeight, type Scene, type Trip } from '../src/autopilot/scenes.ts';

/** The scene as a ground of JS callbacks. */
export function callbackGround(scene: Scene): Ground {
  const g: Ground = {
    height: (x, z) => scene.height(x, z),
    solids: (x, z, r) => scene.trees.filter((t) => (t.x - x) ** 2 + (t.z - z) ** 2 <= (t.radius + r) ** 2),
  };
  if (scene.water !== undefined) {
    const level = scene.water;
    g.depth = (x, z) => Math.max(0, level - scene.height(x, z));
  }
  return g;
}

/** A world with the scene's kinds for a ground of callbacks. */
export function callbackWorld(): World {
  return { walker: { kinds: { xbot: { ...XBOT }, ally: { ...XBOT, accel: 40, seekSpeed: 6.5 } } } };
}

/** Both grounds of a scene on a core: [label, world, ground], the heightmap one checked to run in wasm where it can. */
export function groundsOf(api: Api, scene: Scene): Array<[string, World, Ground]> {
  const hw = heightmapWorld(scene);
  return [
    ['callbacks', callbackWorld(), callbackGround(scene)],
    ['terrain3d heightmap', hw, api.groundOf(hw)],
  ];
}
