/**
 * walker on a crowd scene: one wasm Herd on one thread, every body of one kind that lists itself in `bodies` (SE-6,
 * HD-1), `herd.seek` to its target once, one `herd.step(DT)` a frame.
 */
import { Herd, XBOT, groundOf, numbers, stand } from '../../src/index.ts';
import type { Row, World } from '../../src/index.ts';
import { walkerWorld } from '../peers/walker.ts';
import type { CrowdContender, CrowdSim } from './contender.ts';
import { DT, RADIUS, SPEED, STOP, bodiesIn, type CrowdScene } from './scene.ts';

/** The crowd's kind: XBOT's numbers with radius 0.4 and seekSpeed 3, blocking its own kind. */
export const CROWD_KIND = 'xbot';

/** How far the flat worlds reach from the origin, and their lattice cell, metres: a body that walks off stays on ground. */
const FLAT = { reach: 512, cell: 1 };

/** The scene as a walker world whose one kind is XBOT's numbers with `extra` over them (say, avoidance knobs). */
export function crowdWorld(scene: CrowdScene, extra: Readonly<Record<string, unknown>> = {}): World {
  const kind = { ...XBOT, radius: RADIUS, seekSpeed: SPEED, bodies: [CROWD_KIND], ...extra };
  if (scene.ground.kind === 'hills') {
    const world = walkerWorld(scene.ground.hills);
    return { ...world, walker: { ...world.walker, kinds: { [CROWD_KIND]: kind } } };
  }
  const mods: Record<string, string> = { height: 'terrain3d', cell: 'terrain3d' };
  if (scene.trunks.length > 0) mods.solids = 'scatter3d';
  return {
    walker: { kinds: { [CROWD_KIND]: kind }, mods },
    terrain3d: { rings: [{ reach: FLAT.reach, seg: Math.round((2 * FLAT.reach) / FLAT.cell) }] },
    scatter3d: { instances: scene.trunks.map((t) => ({ x: t.x, z: t.z, radius: t.radius })) },
  };
}

/** The scene's herd: one wasm Herd on one thread, each body standing at its start and seeking its target once. */
export function crowdHerd(scene: CrowdScene, extra: Readonly<Record<string, unknown>> = {}): Herd {
  const world = crowdWorld(scene, extra);
  const ground = groundOf(world);
  const n = bodiesIn(scene);
  const herd = new Herd(world, ground, { capacity: n, threads: 1 });
  const kind = numbers({ kind: CROWD_KIND }, world);
  for (let i = 0; i < n; i++) {
    const x = scene.startX[i];
    const z = scene.startZ[i];
    const row: Row = { kind: CROWD_KIND, pos: [x, stand(kind, ground, x, z), z] };
    herd.add(row);
    herd.seek(i, [scene.targetX[i], scene.targetZ[i]], STOP);
  }
  return herd;
}

/**
 * The walker contender; `extra` fields go into the kind as given (only when given: the kinds check refuses a field
 * it does not know), so the same scenes run with kind knobs the core learns later.
 */
export function walkerContender(extra: Readonly<Record<string, unknown>> = {}, label = 'walker Herd'): CrowdContender {
  return {
    id: 'walker',
    label,
    build(scene: CrowdScene): CrowdSim {
      const herd = crowdHerd(scene, extra);
      const n = bodiesIn(scene);
      return {
        n,
        step: () => herd.step(DT),
        positions(xs, zs): void {
          xs.set(herd.x);
          zs.set(herd.z);
        },
        unreachable(out): void {
          out.set(herd.unreachable);
        },
        free: () => herd.dispose(),
      };
    },
  };
}
