/**
 * A wasm herd keeps a cluster of solids across edits of the solids that do not meet its reach, and drops it at one
 * that does (assembly/clusterMemo.ts, LV-4): a crowd of bodies that avoid each other, pressed against two walls of
 * touching trunks, while trunks and boxes 30 m off are moved every step (edits no cluster of the walls reaches) and,
 * now and then, a far trunk or box is moved to within a body's diameter of a wall's trunk (into a cluster's reach,
 * its disc apart from every member's), moved back (a member gone), or a wall's trunk is removed. A kept cluster must
 * be the one gathering gives, so the herd equals the reference herd bit for bit every step (HD-2) on 1 and 2 threads
 * (HD-5).
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import * as reference from '../../src/reference.ts';
import type { World } from '../../src/types.ts';
import type { SolidInput } from '../../src/shapes.ts';
import { CORES } from '../cores.ts';
import { SEED } from './cores.ts';
import { EDGE, WALL, crowdArb, mirroredHerd, playCompared, trunkWallsWorld } from './trunkWalls.ts';

/** How far off the walls the solids moved every step stand, m: beyond the reach of any cluster of the walls. */
const FAR = 30;
/** A far box's half extents (unturned), m. */
const BOX = { halfX: 0.3, halfZ: 0.5 };

/** Trunks and boxes far to either side of the walls, which the steps' edits move. */
function farSolids(): SolidInput[] {
  const solids: SolidInput[] = [];
  for (const side of [1, -1]) {
    for (let k = 0; k < 3; k++) solids.push({ x: side * FAR, z: 4 * k - 4, radius: 0.3 + 0.1 * k });
    solids.push({ shape: 'box', x: side * FAR, z: 8, halfX: BOX.halfX, halfZ: BOX.halfZ, yaw: 0 });
  }
  return solids;
}

/**
 * An edit between steps: a far trunk or box moved into the reach of a wall's trunk — `gap` m from its disc, in the
 * direction `turn` off the wall's face — one moved in moved back, or a wall's trunk removed.
 */
const editArb = fc.record({
  at: fc.integer({ min: 1, max: 70 }),
  op: fc.constantFrom('trunk in', 'trunk in', 'box in', 'back', 'remove'),
  pick: fc.nat(),
  gap: fc.double({ min: 0.05, max: 0.7, noNaN: true }),
  turn: fc.double({ min: -1, max: 1, noNaN: true }),
});
type EditOf = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

/** The centre of the wall trunk an edit picks: side, place along the wall, column. */
function wallTrunk(pick: number): { x: number; z: number } {
  const side = pick % 2 === 0 ? 1 : -1;
  const k = Math.floor(pick / 2) % WALL.length;
  const x = Math.floor(pick / (2 * WALL.length)) % 2 === 0 ? 0.5 : -0.5;
  return { x, z: side * (EDGE + k * WALL.spacing) };
}

/** The far solids of a world's level, and where each stands when it is far (ids from its solids' handle). */
class Level {
  readonly solids: ReturnType<typeof reference.solidsOf>;
  private readonly homes = new Map<number, { x: number; z: number }>();
  private readonly near = new Set<number>();

  constructor(w: World) {
    this.solids = reference.solidsOf(reference.groundOf(w));
    for (let id = 0; id < this.solids.ids; id++) {
      const s = this.solids.get(id);
      const at = s.shape === 'circle' || s.shape === 'box' ? { x: s.x, z: s.z } : null;
      if (at !== null && Math.abs(at.x) >= FAR) this.homes.set(id, at);
    }
  }

  /** Moves every far solid 0.3 m one side of its home, then the other. */
  stir(frame: number): void {
    const side = frame % 2 === 0 ? 0.3 : -0.3;
    for (const [id, home] of this.homes) if (!this.near.has(id)) this.solids.move(id, home.x + side, home.z);
  }

  apply(e: EditOf): void {
    const s = this.solids;
    if (e.op === 'remove') {
      const t = wallTrunk(e.pick);
      const id = [...Array(s.ids).keys()].find((id) => {
        if (!s.has(id)) return false;
        const c = s.get(id);
        return c.shape === 'circle' && c.x === t.x && c.z === t.z;
      });
      if (id !== undefined) s.remove(id);
      return;
    }
    if (e.op === 'back') {
      const moved = [...this.near];
      if (moved.length === 0) return;
      const id = moved[e.pick % moved.length]!;
      this.near.delete(id);
      s.move(id, this.homes.get(id)!.x, this.homes.get(id)!.z);
      return;
    }
    const wanted = e.op === 'box in' ? 'box' : 'circle';
    const far = [...this.homes.keys()].filter((id) => !this.near.has(id) && s.get(id).shape === wanted);
    if (far.length === 0) return;
    const id = far[e.pick % far.length]!;
    const t = wallTrunk(e.pick);
    const out = Math.sign(t.x);
    this.near.add(id);
    if (wanted === 'box') {
      s.move(id, t.x + out * (WALL.radius + e.gap + BOX.halfX), t.z + e.turn * BOX.halfZ);
      return;
    }
    const solid = s.get(id);
    const reach = WALL.radius + (solid.shape === 'circle' ? solid.radius : 0) + e.gap;
    s.move(id, t.x + out * reach * Math.cos(e.turn), t.z + reach * Math.sin(e.turn));
  }
}

for (const { name, api } of CORES.filter((c) => c.name !== 'reference')) {
  describe(`HD-2, HD-5, LV-4: kept clusters of solids across edits out of their reach (${name})`, () => {
    it(`HD-2, LV-4: a crowd pressed against walls of trunks, solids 30 m off moved every step, a far trunk or box moved into a wall's reach, moved back, or a wall's trunk removed, equals the reference herd every step on 1 and 2 threads (${name})`, () => {
      fc.assert(
        fc.property(crowdArb(20), fc.array(editArb, { minLength: 1, maxLength: 6 }), (crowd, edits) => {
          const w = trunkWallsWorld(farSolids());
          const ref = mirroredHerd(reference, w, crowd, 1).herd;
          const herds = [1, 2].map((threads) => mirroredHerd(api, w, crowd, threads).herd);
          const level = new Level(w);
          playCompared(ref, herds, 80, (frame) => {
            level.stir(frame);
            for (const e of edits.filter((e) => e.at === frame)) level.apply(e);
          });
        }),
        { seed: SEED, numRuns: name === 'release' ? 24 : 6 },
      );
    }, 300_000);
  });
}
