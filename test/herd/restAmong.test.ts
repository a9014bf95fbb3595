/**
 * HD-2, AV-1, AV-2: a wasm herd does not step a body at rest (assembly/rest.ts) — among bodies that block it too, an
 * idle or arrived body rests while no body changes within its reach: those its slide may meet and the neighbours it
 * yields to. A formation of blocking bodies settles at its targets; then a body comes at it (added with a velocity,
 * walking past, or one of them pushed through the views), or the last body is removed — and every step equals the
 * reference herd, which steps every body, bit for bit, on one thread and on two. FC_SEED sets the seed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { XBOT } from '../../src/presets.ts';
import * as reference from '../../src/reference.ts';
import type { Herd } from '../../src/herd.ts';
import type { World } from '../../src/types.ts';
import { CORES } from '../cores.ts';
import { SEED } from '../wasm/cores.ts';

function flatWorld(): World {
  return {
    walker: { kinds: { xbot: { ...XBOT, bodies: ['xbot'] }, kid: { ...XBOT, radius: 0.25, bodies: ['xbot', 'kid'] } }, mods: { height: 'terrain3d', cell: 'terrain3d' } },
    terrain3d: { rings: [{ reach: 64, seg: 128 }] },
  };
}

const FIELDS = ['x', 'y', 'z', 'vx', 'vy', 'vz', 'wantX', 'wantZ', 'yaw', 'floor', 'speed', 'side', 'turned'] as const;

/** Every field and flag of every body of `herd` equal to the reference herd's, bit for bit. */
function expectSameHerd(herd: Herd, oracle: Herd, label: string): void {
  expect(herd.count, `${label}: count`).toBe(oracle.count);
  for (const f of FIELDS) {
    const a = herd[f];
    const b = oracle[f];
    for (let i = 0; i < oracle.count; i++) if (!Object.is(a[i], b[i])) expect.fail(`${label}, body ${i}, ${f}: wasm ${a[i]}, reference ${b[i]}`);
  }
  for (const f of ['arrived', 'unreachable', 'air'] as const) expect(Array.from(herd[f]), `${label}: ${f}`).toEqual(Array.from(oracle[f]));
}

const sceneArb = fc.record({
  // A formation: columns × rows of bodies 0.9–2 m apart, each sent to where it stands.
  columns: fc.integer({ min: 1, max: 4 }),
  rows: fc.integer({ min: 1, max: 3 }),
  spacing: fc.double({ min: 0.9, max: 2, noNaN: true }),
  kid: fc.nat(),
  settle: fc.integer({ min: 60, max: 150 }),
  what: fc.constantFrom('add', 'walker', 'push', 'remove last'),
  // Where the newcomer starts off the formation, and how fast it comes.
  off: fc.double({ min: 0.6, max: 8, noNaN: true }),
  bearing: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
  speed: fc.double({ min: 0.2, max: 3, noNaN: true }),
  pick: fc.nat(),
});

for (const { name, api } of CORES.filter((c) => c.name !== 'reference')) {
  describe(`HD-2: bodies resting among bodies that block them (${name})`, () => {
    it(`HD-2, AV-1, AV-2: a formation at rest, then a body added coming at it, one walking past, one pushed through the views, or the last removed — every step equals the reference herd on 1 and 2 threads (${name})`, async () => {
      await fc.assert(
        fc.asyncProperty(sceneArb, async (s) => {
          const w = flatWorld();
          const herds = [new api.Herd(w, api.groundOf(w), { capacity: 4, threads: 1 }), new api.Herd(w, api.groundOf(w), { capacity: 4, threads: 2 })];
          const oracle = new reference.Herd(w, reference.groundOf(w), { capacity: 4 });
          const all = [...herds, oracle];
          await Promise.all(herds.map((h) => h.ready()));
          try {
            let k = 0;
            for (let i = 0; i < s.columns; i++) {
              for (let j = 0; j < s.rows; j++, k++) {
                const x = i * s.spacing;
                const z = j * s.spacing;
                for (const h of all) {
                  h.add({ kind: k === s.kid % (s.columns * s.rows) ? 'kid' : 'xbot', pos: [x, 0, z] });
                  h.seek(k, [x, z], 0.3);
                }
              }
            }
            const stepAll = (steps: number, label: string): void => {
              for (let f = 0; f < steps; f++) {
                for (const h of all) h.step(1 / 60);
                for (const h of herds) expectSameHerd(h, oracle, `${label}, step ${f}`);
              }
            };
            stepAll(s.settle, 'settling');
            const member = s.pick % k;
            const mx = oracle.x[member]!;
            const mz = oracle.z[member]!;
            const ux = Math.sin(s.bearing);
            const uz = Math.cos(s.bearing);
            if (s.what === 'add' || s.what === 'walker' || s.what === 'remove last') {
              // From `off` beyond the member's radius and its own, coming at it (add) or across the formation's side (walker).
              const d = 0.8 + s.off;
              const x = mx + ux * d;
              const z = mz + uz * d;
              const vel = s.what === 'add' ? [-ux * s.speed, 0, -uz * s.speed] : [0, 0, 0];
              const target: [number, number] = s.what === 'walker' ? [mx + uz * 12, mz - ux * 12] : [mx - ux * d, mz - uz * d];
              for (const h of all) {
                const i = h.add({ kind: 'xbot', pos: [x, 0, z], vel, want: [vel[0]!, vel[2]!] });
                h.seek(i, target, 0.3);
              }
              if (s.what === 'remove last') {
                stepAll(20, 'newcomer');
                for (const h of all) h.remove(h.count - 1);
              }
            } else {
              for (const h of all) {
                h.vx[member] = -ux * s.speed;
                h.vz[member] = -uz * s.speed;
              }
            }
            stepAll(90, s.what);
          } finally {
            for (const h of all) h.dispose();
          }
        }),
        { seed: SEED, numRuns: name === 'release' ? 60 : 20, endOnFailure: true },
      );
    }, 300_000);
  });
}
