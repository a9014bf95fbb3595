/**
 * A herd body in wasm that its last step found blocked (SE-7: the probe along its want made less than a quarter of its
 * length) keeps that probe, and while it stands where it was blocked, as the same kind, with the same floor, and probes
 * the same way, it skips the probe's slide (assembly/seek.ts BlockedProbe). The answer must be the slide's, so a herd
 * step still equals the reference's per-row calls bit for bit (HD-2), the unreachable flag too, where the kept probe is
 * at its edge: bodies at rest against a cliff, a ledge, a curb and a wade line, then given through the views another
 * floor, kind, target, steepness or push, or moved with their target.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Row, World } from '../../src/types.ts';
import { XBOT, cliff, heightmapWorld, lake, ledge, ramp, type Scene } from '../../src/autopilot/scenes.ts';
import { BUILDS, SEED, coreOf, reference } from './cores.ts';
import { expectHerdIs, herdOf, referenceFrame, type Target } from './herds.ts';

/** A 0.3 m curb along z ≥ 6: a walker steps it, but not from a floor written 0.6 m or more below it. */
const curb: Scene = { name: 'a 0.3 m curb', height: (_x, z) => (z >= 6 ? 0.3 : 0), trees: [] };

/** The scene's world with a second kind that steps the 1.2 m ledge (its feature is within step) but not the cliff. */
function worldOf(scene: Scene): World {
  const w = heightmapWorld(scene);
  const walker = w.walker as { kinds: Record<string, unknown> };
  walker.kinds = { xbot: { ...XBOT }, climber: { ...XBOT, step: 1.3 } };
  return w;
}

/**
 * Each scene, and where bodies start: x from x0 to x0 + width, z from z0 to z0 + depth — short of the face (z = 6), the
 * lake's edge, or at the foot of the ramp (a gentle rise a body walks up unless told it is sliding with its floor far
 * below: SL-3).
 */
const SCENES = [
  { scene: cliff, x0: -10, width: 20, z0: 2, depth: 3.75 },
  { scene: ledge, x0: -10, width: 20, z0: 2, depth: 3.75 },
  { scene: curb, x0: -10, width: 20, z0: 2, depth: 3.75 },
  { scene: lake, x0: -10, width: 20, z0: 2, depth: 3.75 },
  { scene: ramp, x0: 4.6, width: 1.8, z0: -3, depth: 3 },
].map((s) => ({ ...s, w: worldOf(s.scene) }));

/**
 * What happens to a body at a frame, through the views (and the same to its row). `floor` writes the same floor in two
 * frames running (the walk puts it back after each); `steep` too, the body told it is sliding in the first only.
 * `close` puts the target straight ahead of a body, a few centimetres past its stop: the probe is cut short (SE-7).
 */
const CHANGES = ['none', 'floor', 'kind', 'retarget', 'shift', 'push', 'steep', 'close'] as const;

const bodyArb = fc.record({
  // Where in its scene's box it starts, in sixteenths.
  x: fc.integer({ min: 0, max: 16 }),
  z: fc.integer({ min: 0, max: 16 }),
  kind: fc.constantFrom('xbot', 'climber'),
  // A target straight ahead (its probe's direction the same bits from anywhere on the line) or off to a side.
  off: fc.oneof(fc.constant(0), fc.double({ min: -8, max: 8, noNaN: true })),
  change: fc.constantFrom(...CHANGES),
  // In the first frame a body is at rest where it starts, so it probes its way; later it has come to rest against what
  // blocks it.
  at: fc.oneof(fc.constant(0), fc.integer({ min: 20, max: 110 })),
  by: fc.double({ min: 0.6, max: 4, noNaN: true }),
});

describe.each(BUILDS)('the %s build', (build) => {
  it('HD-2, SE-7: bodies at rest against a cliff, a ledge, a curb, a wade line or at a ramp\'s foot, then given another floor, kind, target (a near one too), steepness, push or place through the views, equal the per-row loop every frame, unreachable included', async () => {
    const core = await coreOf(build);
    const grounds = SCENES.map(({ w }) => ({ wasm: core.groundOf(w), reference: reference.groundOf(w) }));
    let stuck = 0;
    fc.assert(
      fc.property(fc.nat({ max: SCENES.length - 1 }), fc.array(bodyArb, { minLength: 1, maxLength: 8 }), fc.constantFrom(1 / 60, 1 / 30, 1 / 144), (s, bodies, dt) => {
        const { w, scene, x0, width, z0, depth } = SCENES[s];
        const ground = grounds[s];
        const across = scene === lake ? 40 : 16;
        const rows: Row[] = bodies.map((b) => {
          const x = x0 + (width * b.x) / 16;
          const z = z0 + (depth * b.z) / 16;
          const y = reference.stand(reference.numbers({ kind: b.kind }, w), ground.reference, x, z);
          return { kind: b.kind, pos: [x, y, z], vel: [0, 0, 0], want: [0, 0], face: null, yaw: 0, jump: false, air: false, steep: false, floor: y, speed: 0, side: 0, turned: 0 };
        });
        const targets: Target[] = rows.map((row, i) => ({ at: [row.pos[0] + bodies[i].off, across], stop: 0.5 }));
        const floors = rows.map((row, i) => row.pos[1] - bodies[i].by);
        const herd = herdOf(core, w, ground.wasm, rows, targets);
        const arrived = rows.map(() => false);
        for (let frame = 0; frame < 130; frame++) {
          bodies.forEach((b, i) => {
            const row = rows[i];
            if ((b.change === 'floor' || b.change === 'steep') && (frame === b.at || frame === b.at + 1)) {
              row.floor = floors[i];
              herd.floor[i] = floors[i];
              if (b.change === 'steep' && frame === b.at) {
                row.steep = true;
                herd.steep[i] = 1;
              }
            }
            if (b.at !== frame || b.change === 'none' || b.change === 'floor' || b.change === 'steep') return;
            if (b.change === 'kind') {
              row.kind = row.kind === 'xbot' ? 'climber' : 'xbot';
              herd.kind[i] = herd.kinds.indexOf(row.kind);
            } else if (b.change === 'retarget' || b.change === 'shift') {
              // Shifted by whole quarter metres, so a straight way's probe keeps its bits.
              const back = b.change === 'shift' ? -Math.round(b.by * 4) / 4 : 0;
              const t = targets[i]!;
              // A retarget swings the way by 4–58°: into the face still, or along it enough to slide.
              targets[i] = { at: b.change === 'retarget' ? [t.at[0] + b.by * 4, t.at[1]] : [t.at[0], t.at[1] + back], stop: t.stop };
              herd.seek(i, targets[i]!.at, t.stop);
              if (b.change === 'shift') {
                const z = row.pos[2] + back;
                const y = reference.stand(reference.numbers({ kind: row.kind }, w), ground.reference, row.pos[0], z);
                row.pos = [row.pos[0], y, z];
                herd.y[i] = y;
                herd.z[i] = z;
              }
            } else if (b.change === 'close') {
              const t = targets[i]!;
              targets[i] = { at: [row.pos[0], row.pos[2] + t.stop + b.by / 40], stop: t.stop };
              herd.seek(i, targets[i]!.at, t.stop);
            } else if (b.change === 'push') {
              // Back from the face, slower than the stall speed: it drifts off where its probe was blocked.
              const speed = Math.min(b.by * 0.35, 1.4);
              row.vel = [row.vel![0], row.vel![1], -speed];
              row.speed = speed;
              herd.vz[i] = -speed;
              herd.speed[i] = speed;
            }
          });
          herd.step(dt);
          referenceFrame(rows, w, ground.reference, targets, dt, arrived);
          expectHerdIs(herd, rows, arrived, `frame ${frame}`);
          const unreachable = herd.unreachable;
          rows.forEach((row, i) => {
            expect(unreachable[i] !== 0, `frame ${frame}: body ${i} unreachable`).toBe(row.unreachable === true);
            if (row.unreachable === true) stuck++;
          });
        }
        herd.dispose();
      }),
      { seed: SEED, numRuns: 150 },
    );
    // The runs put bodies at rest against what blocks them, frame after frame: the kept probe is what they use.
    expect(stuck).toBeGreaterThan(1000);
  });
});
