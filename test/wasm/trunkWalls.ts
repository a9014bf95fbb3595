/**
 * The scene the kept-cluster tests press a crowd into (assembly/clusterMemo.ts): two walls of touching trunks along
 * z with a gap at the origin, on flat terrain3d, two kinds that avoid and block each other, and bodies on both sides
 * each seeking the point mirrored across the walls — compared with the reference herd body by body every frame.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type * as reference from '../../src/reference.ts';
import type { Ground, Row, World } from '../../src/types.ts';
import { XBOT } from '../../src/presets.ts';
import type { SolidInput } from '../../src/shapes.ts';
import type { Api } from '../cores.ts';
import { expectSame } from './worlds.ts';

/** Trunks of each wall: two columns 1 m apart, radius 0.45 (touching for a body's diameter), 12 m long. */
export const WALL = { radius: 0.45, spacing: 1, length: 12, gap: 2 };
/** The z of each wall's first trunk from the gap's middle. */
export const EDGE = WALL.gap / 2 + WALL.radius;

/** The two walls, with `solids` (scatter3d's level section, LV-1) beside them when given. */
export function trunkWallsWorld(solids?: readonly SolidInput[]): World {
  const instances: { x: number; z: number; radius: number }[] = [];
  for (const side of [1, -1]) {
    for (let k = 0; k < WALL.length; k++) for (const x of [-0.5, 0.5]) instances.push({ x, z: side * (EDGE + k * WALL.spacing), radius: WALL.radius });
  }
  return {
    walker: {
      kinds: {
        xbot: { ...XBOT, radius: 0.4, seekSpeed: 3, bodies: ['xbot', 'wide'] },
        wide: { ...XBOT, radius: 0.55, seekSpeed: 2.5, bodies: ['xbot', 'wide'] },
      },
      mods: { height: 'terrain3d', cell: 'terrain3d', solids: 'scatter3d' },
    },
    terrain3d: { rings: [{ reach: 64, seg: 128 }] },
    scatter3d: solids === undefined ? { instances } : { instances, solids: [...solids] },
  };
}

export type Crowd = { x: number; z: number; side: number }[];

/** Bodies on both sides of the walls, at most `maxLength` of them. */
export function crowdArb(maxLength: number): fc.Arbitrary<Crowd> {
  return fc.array(
    fc.record({ x: fc.double({ min: 1.5, max: 8, noNaN: true }), z: fc.double({ min: -10, max: 10, noNaN: true }), side: fc.constantFrom(-1, 1) }),
    { minLength: 4, maxLength },
  );
}

type Core = Api | typeof reference;
export type CrowdHerd = InstanceType<Api['Herd']>;

/** A herd of the crowd on `core`'s ground over `w`, each body seeking its mirror, on `threads` threads; and that ground. */
export function mirroredHerd(core: Core, w: World, crowd: Crowd, threads: number): { herd: CrowdHerd; ground: Ground } {
  const ground = core.groundOf(w);
  const herd = new core.Herd(w, ground, { capacity: crowd.length, threads });
  const n = core.numbers({ kind: 'xbot' }, w);
  for (const b of crowd) {
    const x = b.side * b.x;
    const row: Row = { kind: 'xbot', pos: [x, core.stand(n, ground, x, b.z), b.z] };
    herd.seek(herd.add(row), [-x, b.z], 0.5);
  }
  return { herd, ground };
}

/** Every body of each of `herds` (on 1, 2, … threads) equals the reference herd's at `frame`, and so do the signals. */
export function expectHerdsEqual(ref: CrowdHerd, herds: readonly CrowdHerd[], count: number, frame: number): void {
  herds.forEach((h, t) => {
    for (let i = 0; i < count; i++) {
      const want = ref.get(i);
      const got = h.get(i);
      for (const field of ['pos', 'vel', 'want', 'side', 'turned'] as const) expectSame(got[field], want[field], `frame ${frame}, ${t + 1} thread(s): body ${i}.${field}`);
    }
    expect([...h.unreachable]).toEqual([...ref.unreachable]);
  });
}

/**
 * Plays `frames` steps of 1/30 s on the reference herd and `herds`, comparing every body after each (expectHerdsEqual);
 * `edit(frame)` runs before a frame's step and may return what to undo after it. Disposes every herd at the end.
 */
export function playCompared(ref: CrowdHerd, herds: readonly CrowdHerd[], frames: number, edit: (frame: number) => void | (() => void)): void {
  try {
    for (let frame = 0; frame < frames; frame++) {
      const undo = edit(frame);
      for (const h of [ref, ...herds]) h.step(1 / 30);
      expectHerdsEqual(ref, herds, ref.count, frame);
      undo?.();
    }
  } finally {
    for (const h of [ref, ...herds]) h.dispose();
  }
}

/**
 * The piece (box, wall or polygon: LV-1) an edit drawn as `pick` names among those `solids` holds, and the point a move
 * of it shifts — a box's centre, a wall's or polygon's first corner — or null when it holds none.
 */
export function pickedPiece(solids: ReturnType<typeof reference.solidsOf>, pick: number): { id: number; at: readonly number[] } | null {
  const pieces = Array.from({ length: solids.ids }, (_, id) => id).filter((id) => solids.has(id) && solids.get(id).shape !== 'circle');
  if (pieces.length === 0) return null;
  const id = pieces[pick % pieces.length]!;
  const piece = solids.get(id);
  return { id, at: piece.shape === 'box' ? [piece.x, piece.z] : piece.shape === 'wall' || piece.shape === 'polygon' ? piece.points[0]! : [0, 0] };
}
