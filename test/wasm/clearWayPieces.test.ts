/**
 * The wasm herd keeps proofs of a clear way and its lone-solid shortcut on a ground with pieces of boxes and walls
 * (LV-1): a proof's margin measures the pieces' grown outlines too and its blocker may be a piece (assembly/seek.ts
 * proveClearWay); a solid is an obstacle by itself only where no piece is near (standsAlone). The answers must be the
 * searches' still (HD-2): bodies grazing a tree with a box or a wall laid along their way on either side — about as far off as
 * a proof looks (0.5 m) or touching it — and, partway, a wall put across the way, the piece moved toward or off the
 * way, or removed (LV-4: the proofs it reaches dropped). Every frame equals the reference's per-row loop.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import type { Ground, Row } from '../../src/types.ts';
import type { SolidInput } from '../../src/shapes.ts';
import { solidsOf } from '../../src/ground/level.ts';
import { BUILDS, SEED, coreOf, reference } from './cores.ts';
import { crowd, expectHerdIs, herdOf, referenceFrame, type Target } from './herds.ts';

const even = (min: number, max: number) => fc.integer({ min: 0, max: 1 << 20 }).map((k) => min + ((max - min) * k) / (1 << 20));

const passArb = fc.record({
  solid: fc.nat(),
  kind: fc.constantFrom('xbot', 'ox', 'kid'),
  bearing: even(-Math.PI, Math.PI),
  side: fc.constantFrom(-1, 1),
  gap: fc.oneof(even(-0.05, 0.05), even(0, 0.8)),
  before: even(0.5, 10),
  after: even(0.3, 10),
  shape: fc.constantFrom('box', 'wall'),
  // The piece's side of the way, and how far its grown outline stays off it: about a proof's look, or anywhere.
  pieceSide: fc.constantFrom(-1, 1),
  pieceGap: fc.oneof(even(0.45, 0.55), even(-0.05, 1.2)),
  change: fc.constantFrom('none', 'across', 'toward', 'away', 'remove'),
  at: fc.integer({ min: 1, max: 50 }),
  by: even(0.05, 0.8),
});
type Pass = typeof passArb extends fc.Arbitrary<infer T> ? T : never;

const { w } = crowd(1, 1, 1, false);
const trees = reference.groundOf(w).solids(0, 0, 1e9);

/** A body of `kind` standing at rest at (x, z). */
function atRest(ground: Ground, kind: string, x: number, z: number): Row {
  const y = reference.stand(reference.numbers({ kind }, w), ground, x, z);
  return { kind, pos: [x, y, z], vel: [0, 0, 0], want: [0, 0], face: null, yaw: 0, jump: false, air: false, steep: false, floor: y, speed: 0, side: 0, turned: 0 };
}

/** The way of a pass: from `from` along (ux, uz) for `length` m, its nearest approach `gap` off the tree's grown disc. */
function wayOf(p: Pass): { from: [number, number]; ux: number; uz: number; length: number; radius: number } {
  const c = trees[p.solid % trees.length];
  const radius = reference.numbers({ kind: p.kind }, w).radius;
  const ux = Math.sin(p.bearing);
  const uz = Math.cos(p.bearing);
  const off = (c.radius + radius + p.gap) * p.side;
  const x = c.x - uz * off;
  const z = c.z + ux * off;
  return { from: [x - ux * p.before, z - uz * p.before], ux, uz, length: p.before + p.after, radius };
}

/** The piece laid along a pass's way, `pieceGap` off it beyond the body's radius, on `pieceSide`. */
function pieceOf(p: Pass): Extract<SolidInput, { shape: 'box' | 'wall' }> {
  const { from, ux, uz, length, radius } = wayOf(p);
  const half = 0.4;
  const off = (radius + half + p.pieceGap) * p.pieceSide;
  const sx = from[0] - uz * off;
  const sz = from[1] + ux * off;
  if (p.shape === 'wall') return { shape: 'wall', points: [[sx, sz], [sx + ux * length, sz + uz * length]], thickness: half * 2 };
  // A box's x axis is (cos yaw, −sin yaw): along the way.
  return { shape: 'box', x: sx + ux * length * 0.5, z: sz + uz * length * 0.5, halfX: length * 0.5, halfZ: half, yaw: Math.atan2(-uz, ux) };
}

describe.each(BUILDS)('the %s build', (build) => {
  it('HD-2, LV-1, LV-4: bodies passing trees beside boxes and walls along their ways, then a wall put across, the piece moved or removed: the herd with its kept proofs equals the per-row loop every frame', async () => {
    const core = await coreOf(build);
    fc.assert(
      fc.property(fc.array(passArb, { minLength: 1, maxLength: 8 }), even(1 / 240, 1 / 20), (passes, dt) => {
        // A world of its own: an edit is of the world's solids, made in every core's copy at once (LV-2).
        const world = crowd(1, 1, 1, false).w;
        const referenceGround = reference.groundOf(world);
        const wasmGround = core.groundOf(world);
        const level = solidsOf(referenceGround);
        const ids = passes.map((p) => level.add(pieceOf(p)));
        const rows: Row[] = [];
        const targets: Target[] = [];
        for (const p of passes) {
          const { from, ux, uz, length } = wayOf(p);
          rows.push(atRest(referenceGround, p.kind, from[0], from[1]));
          targets.push({ at: [from[0] + ux * length, from[1] + uz * length], stop: 0.1 });
        }
        const herd = herdOf(core, world, wasmGround, rows, targets);
        const arrived = rows.map(() => false);
        for (let frame = 0; frame < 60; frame++) {
          passes.forEach((p, i) => {
            if (p.at !== frame || p.change === 'none') return;
            const { from, ux, uz, length, radius } = wayOf(p);
            if (p.change === 'remove') {
              level.remove(ids[i]);
            } else if (p.change === 'across') {
              const mx = from[0] + ux * length * 0.6;
              const mz = from[1] + uz * length * 0.6;
              const reach = radius + 1;
              level.add({ shape: 'wall', points: [[mx - uz * reach, mz + ux * reach], [mx + uz * reach, mz - ux * reach]], thickness: 0.3 });
            } else {
              const piece = pieceOf(p);
              const toward = (p.change === 'toward' ? -p.by : p.by) * p.pieceSide;
              const [x, z] = piece.shape === 'wall' ? piece.points[0] : [piece.x, piece.z];
              level.move(ids[i], x - uz * toward, z + ux * toward);
            }
          });
          herd.step(dt);
          referenceFrame(rows, world, referenceGround, targets, dt, arrived);
          expectHerdIs(herd, rows, arrived, `frame ${frame}`);
        }
        herd.dispose();
      }),
      { seed: SEED, numRuns: 40 },
    );
  });
});
