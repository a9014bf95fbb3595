/**
 * SE-4, SE-5, SE-7 with pieces (LV-1): seek goes round a box, an L of walls, a U-shaped pocket and a ring of walls with
 * one gap as one obstacle each — the hull of the pieces' corner discs grown by the body's radius — and every run ends:
 * it arrives or reads unreachable, it does not circle; on every core, the wasm ones with the reference's bits.
 */
import { describe, expect, it } from 'vitest';
import { XBOT } from '../../src/presets.ts';
import * as reference from '../../src/reference.ts';
import type { Row, World } from '../../src/types.ts';
import { CORES } from '../cores.ts';

function world(solids: object[]): World {
  return {
    walker: { kinds: { xbot: { ...XBOT } }, mods: { height: 'terrain3d', cell: 'terrain3d', solids: 'scatter3d' } },
    terrain3d: { rings: [{ reach: 64, seg: 128 }] },
    scatter3d: { solids },
  };
}

const wall = (points: number[][]) => ({ shape: 'wall', points, thickness: 0.3 });

const SCENES: { name: string; solids: object[]; from: [number, number]; to: [number, number] }[] = [
  { name: 'a box', solids: [{ shape: 'box', x: 0, z: 0, halfX: 4, halfZ: 1.5, yaw: 0.2 }], from: [0.5, -8], to: [0, 8] },
  { name: 'an L of walls', solids: [wall([[-6, 2], [6, 2], [6, -6]])], from: [1, -4], to: [1, 8] },
  { name: 'a U-shaped pocket', solids: [wall([[-4, -6], [-4, 4], [4, 4], [4, -6]])], from: [0, -2], to: [0, 10] },
  {
    name: 'a ring of walls with one gap',
    solids: [wall([[1, -6], [6, -6], [6, 6], [-6, 6], [-6, -6], [-1, -6]])],
    from: [0, 12],
    to: [0, 0],
  },
];

/** Seeks from `from` to `to` for up to 60 s at 60 Hz; answers how it ended and the row. */
function run(api: (typeof CORES)[number]['api'], w: World, from: [number, number], to: [number, number]) {
  const ground = api.groundOf(w);
  const me: Row = { kind: 'xbot', pos: [from[0], 0, from[1]] };
  const trace: number[][] = [];
  for (let f = 0; f < 3600; f++) {
    if (api.seek(me, w, to, 0.3, ground)) return { end: 'arrived', me, trace, frames: f };
    trace.push([...me.pos]);
    if (me.unreachable) return { end: 'unreachable', me, trace, frames: f };
    api.walk(me, w, 1 / 60, ground);
  }
  return { end: 'going', me, trace, frames: 3600 };
}

for (const { name, api } of CORES) {
  describe(`SE-4, SE-5: seek round pieces (${name})`, () => {
    for (const scene of SCENES) {
      it(`SE-4, SE-5: seek round ${scene.name} ends — arrives or reads unreachable, no circling — the same bits as the reference (${name})`, () => {
        const w = world(scene.solids);
        const got = run(api, w, scene.from, scene.to);
        expect(got.end).not.toBe('going');
        if (name !== 'reference') {
          const ref = run(reference, world(scene.solids), scene.from, scene.to);
          expect(got.me.pos).toEqual(ref.me.pos);
          expect(got.frames).toBe(ref.frames);
        }
      });
    }

    it(`SE-4: a body goes round a box standing across its way and arrives (${name})`, () => {
      const got = run(api, world(SCENES[0].solids), SCENES[0].from, SCENES[0].to);
      expect(got.end).toBe('arrived');
    });

    it(`SE-4: a body reaches a target inside a ring of walls through its gap (${name})`, () => {
      const got = run(api, world(SCENES[3].solids), SCENES[3].from, SCENES[3].to);
      expect(got.end).toBe('arrived');
    });
  });
}
