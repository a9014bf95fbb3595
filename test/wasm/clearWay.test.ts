/**
 * A herd body in wasm keeps a proof that its straight way to its target is clear and skips seek's search for a blocker,
 * and slide's search for a solid to meet, while it walks down that way (assembly/clearWay.ts ClearWay). The answer must be
 * the one the search gives, so a herd step still equals the reference's per-row calls bit for bit (HD-2) where the
 * proof is at its edge: ways that graze a solid, targets moved, bodies put back off the way, kinds of another radius
 * swapped in. A blocked way's proof leaves its blocker out, so it is tested where another solid sits beside the way
 * just before the blocker.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import type { Row } from '../../src/types.ts';
import { BUILDS, SEED, coreOf, reference } from './cores.ts';
import { crowd, expectHerdIs, herdOf, referenceFrame, type Target } from './herds.ts';

/** A body set to pass a solid: its way's nearest approach is `gap` metres off the solid's disc grown by its radius. */
const passArb = fc.record({
  solid: fc.nat(),
  kind: fc.constantFrom('xbot', 'ox', 'kid'),
  bearing: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
  side: fc.constantFrom(-1, 1),
  gap: fc.oneof(fc.double({ min: -0.05, max: 0.05, noNaN: true }), fc.double({ min: 0, max: 0.8, noNaN: true })),
  before: fc.double({ min: 0.5, max: 12, noNaN: true }),
  after: fc.double({ min: 0.3, max: 12, noNaN: true }),
  // What happens to the body partway: nothing, its target moves a little, or behind the solid it passes (or is given
  // again), it is put back off its way, or it becomes a body of another kind (another radius).
  change: fc.constantFrom('none', 'retarget', 'behind', 'same target', 'nudge', 'kind'),
  at: fc.integer({ min: 1, max: 60 }),
  by: fc.double({ min: -0.6, max: 0.6, noNaN: true }),
});

/** A point 2 m beyond the solid's edge on the line from the body through its centre: a target the solid hides. */
function behind(c: { x: number; z: number; radius: number }, row: Row): [number, number] {
  const dx = c.x - row.pos[0];
  const dz = c.z - row.pos[2];
  const d = Math.sqrt(dx * dx + dz * dz);
  return [c.x + (dx / d) * (c.radius + 2), c.z + (dz / d) * (c.radius + 2)];
}

const { w } = crowd(1, 1, 1, false);
const ground = reference.groundOf(w);
const solids = ground.solids(0, 0, 1e9);

/**
 * Where a way along `bearing` (its unit ux, uz) passes solid c nearest, `gap` metres off its disc grown by a body's
 * `radius`, on `side` of it.
 */
function passing(c: { x: number; z: number; radius: number }, radius: number, bearing: number, side: number, gap: number): { x: number; z: number; ux: number; uz: number } {
  const ux = Math.sin(bearing);
  const uz = Math.cos(bearing);
  const off = (c.radius + radius + gap) * side;
  return { x: c.x - uz * off, z: c.z + ux * off, ux, uz };
}

/** A body of `kind` standing at rest at (x, z). */
function atRest(kind: string, x: number, z: number): Row {
  const y = reference.stand(reference.numbers({ kind }, w), ground, x, z);
  return { kind, pos: [x, y, z], vel: [0, 0, 0], want: [0, 0], face: null, yaw: 0, jump: false, air: false, steep: false, floor: y, speed: 0, side: 0, turned: 0 };
}

/**
 * Steps the herd and the reference's per-row loop `frames` times from the same rows, `change` called before each
 * frame, and expects them equal after every frame.
 */
function stepBoth(herd: ReturnType<typeof herdOf>, rows: Row[], targets: Target[], dt: number, frames: number, change: (frame: number) => void = () => {}): void {
  const arrived = rows.map(() => false);
  for (let frame = 0; frame < frames; frame++) {
    change(frame);
    herd.step(dt);
    referenceFrame(rows, w, ground, targets, dt, arrived);
    expectHerdIs(herd, rows, arrived, `frame ${frame}`);
  }
}

describe.each(BUILDS)('the %s build', (build) => {
  it('HD-2: bodies grazing solids on ways proved clear, retargeted, nudged off their ways or given another kind, equal the per-row loop every frame', async () => {
    const core = await coreOf(build);
    const wasmGround = core.groundOf(w);
    fc.assert(
      fc.property(fc.array(passArb, { minLength: 1, maxLength: 10 }), fc.double({ min: 1 / 240, max: 1 / 20, noNaN: true }), (passes, dt) => {
        const rows: Row[] = [];
        const targets: Target[] = [];
        for (const p of passes) {
          const at = passing(solids[p.solid % solids.length], reference.numbers({ kind: p.kind }, w).radius, p.bearing, p.side, p.gap);
          rows.push(atRest(p.kind, at.x - at.ux * p.before, at.z - at.uz * p.before));
          targets.push({ at: [at.x + at.ux * p.after, at.z + at.uz * p.after], stop: 0.1 });
        }
        const herd = herdOf(core, w, wasmGround, rows, targets);
        stepBoth(herd, rows, targets, dt, 70, (frame) => {
          passes.forEach((p, i) => {
            if (p.at !== frame || p.change === 'none') return;
            const t = targets[i]!;
            if (p.change === 'retarget' || p.change === 'behind' || p.change === 'same target') {
              const at: [number, number] = p.change === 'retarget' ? [t.at[0] + p.by, t.at[1] - p.by] : p.change === 'behind' ? behind(solids[p.solid % solids.length], rows[i]) : [t.at[0], t.at[1]];
              targets[i] = { at, stop: t.stop };
              herd.seek(i, at, t.stop);
              return;
            }
            const row = rows[i];
            rows[i] = p.change === 'nudge'
              ? { ...row, pos: [row.pos[0] + p.by, row.pos[1], row.pos[2] - p.by * 0.5] }
              : { ...row, kind: row.kind === 'ox' ? 'kid' : 'ox' };
            herd.set(i, rows[i]);
          });
        });
        herd.dispose();
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
  it('LV-3, HD-2: a body walking its proved way at a solid, put through the views inside that solid (its proof\'s blocker) near the way, is pushed out as the per-row loop pushes it', async () => {
    const core = await coreOf(build);
    const wasmGround = core.groundOf(w);
    const intoArb = fc.record({
      solid: fc.nat(),
      kind: fc.constantFrom('xbot', 'ox', 'kid'),
      bearing: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
      before: fc.double({ min: 1, max: 8, noNaN: true }),
      at: fc.integer({ min: 1, max: 20 }),
      // How deep into the grown disc, as a share of its radius from the centre, and how far round from the body.
      depth: fc.double({ min: 0.3, max: 0.999, noNaN: true }),
      turn: fc.double({ min: -0.3, max: 0.3, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(intoArb, { minLength: 1, maxLength: 8 }), fc.double({ min: 1 / 240, max: 1 / 30, noNaN: true }), (bodies, dt) => {
        const rows: Row[] = [];
        const targets: Target[] = [];
        for (const b of bodies) {
          const c = solids[b.solid % solids.length]!;
          const grown = c.radius + reference.numbers({ kind: b.kind }, w).radius;
          rows.push(atRest(b.kind, c.x - Math.sin(b.bearing) * (grown + b.before), c.z - Math.cos(b.bearing) * (grown + b.before)));
          targets.push({ at: behind(c, rows[rows.length - 1]!), stop: 0.1 });
        }
        const herd = herdOf(core, w, wasmGround, rows, targets);
        stepBoth(herd, rows, targets, dt, 40, (frame) => {
          bodies.forEach((b, i) => {
            if (b.at !== frame) return;
            const c = solids[b.solid % solids.length]!;
            const grown = c.radius + reference.numbers({ kind: b.kind }, w).radius;
            const row = rows[i]!;
            const a = Math.atan2(row.pos[0] - c.x, row.pos[2] - c.z) + b.turn;
            const x = c.x + Math.sin(a) * grown * b.depth;
            const z = c.z + Math.cos(a) * grown * b.depth;
            // Through the views: a write the herd sees only in the body's fields (its proof is kept).
            herd.x[i] = x;
            herd.z[i] = z;
            rows[i] = { ...row, pos: [x, row.pos[1], z] };
          });
        });
        herd.dispose();
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('LV-3, HD-2: a body that stops seeking and is given a wider kind through the kind view keeps no proof made for the narrower: put where the wider overlaps the solid its old way passed, it is pushed out as the per-row loop pushes it', async () => {
    const core = await coreOf(build);
    const wasmGround = core.groundOf(w);
    const kid = reference.numbers({ kind: 'kid' }, w).radius;
    const ox = reference.numbers({ kind: 'ox' }, w).radius;
    const wideArb = fc.record({
      solid: fc.nat(),
      bearing: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
      side: fc.constantFrom(-1, 1),
      // The kid's way passes the solid this far off its grown disc: its proof's margin, about.
      gap: fc.double({ min: 0.25, max: 0.4, noNaN: true }),
      at: fc.integer({ min: 5, max: 30 }),
      // How far into the ox's grown disc it is put, beside the way.
      into: fc.double({ min: 0.05, max: 0.3, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(wideArb, { minLength: 1, maxLength: 6 }), (ways) => {
        const rows: Row[] = [];
        const targets: Target[] = [];
        for (const v of ways) {
          const at = passing(solids[v.solid % solids.length]!, kid, v.bearing, v.side, v.gap);
          rows.push(atRest('kid', at.x - at.ux * 4, at.z - at.uz * 4));
          targets.push({ at: [at.x + at.ux * 4, at.z + at.uz * 4], stop: 0.1 });
        }
        const herd = herdOf(core, w, wasmGround, rows, targets);
        const oxIndex = herd.kinds.indexOf('ox');
        stepBoth(herd, rows, targets, 1 / 60, 40, (frame) => {
          ways.forEach((v, i) => {
            const row = rows[i]!;
            if (frame === v.at) {
              herd.unseek(i);
              herd.wantX[i] = 0;
              herd.wantZ[i] = 0;
              herd.kind[i] = oxIndex;
              targets[i] = null;
              rows[i] = { ...row, kind: 'ox', want: [0, 0] };
            } else if (frame === v.at + 2) {
              const p = passing(solids[v.solid % solids.length]!, ox, v.bearing, v.side, -v.into);
              herd.x[i] = p.x;
              herd.z[i] = p.z;
              rows[i] = { ...row, pos: [p.x, row.pos[1], p.z] };
            }
          });
        });
        herd.dispose();
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('HD-2: a short way beside a solid, proved clear, then the body and its target moved into the solid\'s reach: the herd finds the solid as the per-row loop does', async () => {
    const core = await coreOf(build);
    const wasmGround = core.groundOf(w);
    // A way shorter than twice its clearance: a proof must look beyond the pieces' own reach to see the solid.
    const shortArb = fc.record({
      solid: fc.nat(),
      kind: fc.constantFrom('xbot', 'ox', 'kid'),
      bearing: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
      side: fc.constantFrom(-1, 1),
      gap: fc.double({ min: 0.28, max: 0.34, noNaN: true }),
      length: fc.double({ min: 0.2, max: 0.5, noNaN: true }),
      inside: fc.double({ min: 0.02, max: 0.1, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(shortArb, { minLength: 1, maxLength: 8 }), (ways) => {
        const rows: Row[] = [];
        const targets: Target[] = [];
        for (const v of ways) {
          const at = passing(solids[v.solid % solids.length], reference.numbers({ kind: v.kind }, w).radius, v.bearing, v.side, v.gap);
          rows.push(atRest(v.kind, at.x - at.ux * v.length * 0.5, at.z - at.uz * v.length * 0.5));
          // Stops short of its target, so the next step seeks the same target again from wherever it is put.
          targets.push({ at: [at.x + at.ux * v.length * 0.5, at.z + at.uz * v.length * 0.5], stop: 0.01 });
        }
        const herd = herdOf(core, w, wasmGround, rows, targets);
        const arrived = rows.map(() => false);
        herd.step(1 / 240);
        referenceFrame(rows, w, ground, targets, 1 / 240, arrived);
        expectHerdIs(herd, rows, arrived, 'proved');
        // Each body and its target moved across the way's clearance, into the solid's reach (the new way runs through
        // the solid's grown disc), by less than the 0.5 m a proof looks beyond.
        ways.forEach((v, i) => {
          const ux = Math.sin(v.bearing);
          const uz = Math.cos(v.bearing);
          const by = (v.gap + v.inside) * v.side;
          const row = rows[i];
          rows[i] = { ...row, pos: [row.pos[0] + uz * by, row.pos[1], row.pos[2] - ux * by] };
          herd.set(i, rows[i]);
          const t = targets[i]!;
          targets[i] = { at: [t.at[0] + uz * by, t.at[1] - ux * by], stop: t.stop };
          herd.seek(i, targets[i]!.at, t.stop);
        });
        for (let frame = 0; frame < 3; frame++) {
          herd.step(1 / 240);
          referenceFrame(rows, w, ground, targets, 1 / 240, arrived);
          expectHerdIs(herd, rows, arrived, `frame ${frame}`);
        }
        herd.dispose();
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
  it('HD-2: ways into a solid that graze its nearest neighbour first, proved up to the blocker, then nudged and retargeted so the neighbour or another side comes first: the herd equals the per-row loop every frame', async () => {
    const core = await coreOf(build);
    const wasmGround = core.groundOf(w);
    // Each solid and its nearest neighbour, where they stand close enough for one way to graze one and enter the other.
    const pairs = solids.flatMap((a) => {
      let best: (typeof solids)[number] | undefined;
      let bestGap = Infinity;
      for (const b of solids) {
        const gap = Math.sqrt((a.x - b.x) ** 2 + (a.z - b.z) ** 2) - a.radius - b.radius;
        if (b !== a && gap < bestGap) [best, bestGap] = [b, gap];
      }
      return best !== undefined && bestGap > 0.2 && bestGap < 3 ? [{ a, b: best }] : [];
    });
    // Spread evenly over [min, max] (fc.double leans to the ends and to tiny numbers, which swing no way at all).
    const even = (min: number, max: number) => fc.integer({ min: 0, max: 1 << 20 }).map((k) => min + ((max - min) * k) / (1 << 20));
    const intoArb = fc.record({
      pair: fc.nat(),
      kind: fc.constantFrom('xbot', 'ox', 'kid'),
      side: fc.constantFrom(-1, 1),
      gap: fc.oneof(even(-0.05, 0.05), even(0, 0.6)),
      // Where in the blocker the way aims, as a fraction of its grown radius across the line between the two.
      aim: even(-0.95, 0.95),
      before: even(0.3, 10),
      beyond: even(0.5, 20),
      // Partway: nothing; the body put back off its way; its target moved a little; or, in the first frames while the
      // body still stands on its proof, its target moved sideways so the way swings by `by` where it passes the
      // neighbour (toward it when `by` > 0).
      change: fc.constantFrom('none', 'nudge', 'retarget', 'swing'),
      at: fc.integer({ min: 1, max: 40 }),
      by: even(-0.6, 0.6),
    });
    fc.assert(
      fc.property(fc.array(intoArb, { minLength: 1, maxLength: 10 }), fc.double({ min: 1 / 240, max: 1 / 20, noNaN: true }), (ways, dt) => {
        const rows: Row[] = [];
        const targets: Target[] = [];
        const swings: [number, number][] = [];
        const placed = ways.filter((v) => {
          const { a, b } = pairs[v.pair % pairs.length];
          const radius = reference.numbers({ kind: v.kind }, w).radius;
          // A point inside the blocker's grown disc the way aims at, and the way to it that passes the neighbour
          // `gap` off its grown disc, on `side` of it.
          const along = Math.sqrt((a.x - b.x) ** 2 + (a.z - b.z) ** 2);
          const ax = a.x - ((a.z - b.z) / along) * (a.radius + radius) * v.aim;
          const az = a.z + ((a.x - b.x) / along) * (a.radius + radius) * v.aim;
          const pass = b.radius + radius + v.gap;
          const d = Math.sqrt((b.x - ax) ** 2 + (b.z - az) ** 2);
          if (d <= pass * 1.01) return false;
          const turn = Math.asin(pass / d) * v.side;
          const bx = (b.x - ax) / d;
          const bz = (b.z - az) / d;
          // The way runs from the body to the aim, along (ux, uz); the body stands `before` metres short of the
          // neighbour's tangent point.
          const ux = -(bx * Math.cos(turn) - bz * Math.sin(turn));
          const uz = -(bx * Math.sin(turn) + bz * Math.cos(turn));
          const from = Math.sqrt(d * d - pass * pass) + v.before;
          const px = ax - ux * from;
          const pz = az - uz * from;
          rows.push(atRest(v.kind, px, pz));
          const past = 2 * (a.radius + radius) + v.beyond;
          targets.push({ at: [ax + ux * past, az + uz * past], stop: 0.1 });
          // The target's move that swings the way by `by` where it passes the neighbour, toward it when `by` > 0.
          const ox = b.x - px;
          const oz = b.z - pz;
          const reach = ox * ux + oz * uz;
          const sx = ox - ux * reach;
          const sz = oz - uz * reach;
          const s = Math.sqrt(sx * sx + sz * sz);
          const scale = (v.by * (from + past)) / reach / s;
          swings.push([sx * scale, sz * scale]);
          return true;
        });
        if (placed.length === 0) return;
        const herd = herdOf(core, w, wasmGround, rows, targets);
        stepBoth(herd, rows, targets, dt, 60, (frame) => {
          placed.forEach((v, i) => {
            if ((v.change === 'swing' ? 1 + (v.at % 3) : v.at) !== frame || v.change === 'none') return;
            if (v.change === 'retarget' || v.change === 'swing') {
              const t = targets[i]!;
              const [mx, mz] = v.change === 'swing' ? swings[i] : [v.by, -v.by];
              targets[i] = { at: [t.at[0] + mx, t.at[1] + mz], stop: t.stop };
              herd.seek(i, targets[i]!.at, t.stop);
              return;
            }
            const row = rows[i];
            rows[i] = { ...row, pos: [row.pos[0] - v.by * 0.5, row.pos[1], row.pos[2] + v.by] };
            herd.set(i, rows[i]);
          });
        });
        herd.dispose();
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
  it('HD-2: a body that does not seek, walking by its want down another kind\'s proved way past a solid it is too wide to pass, meets the solid as the per-row loop does', async () => {
    const core = await coreOf(build);
    const wasmGround = core.groundOf(w);
    const besideArb = fc.record({
      solid: fc.nat(),
      bearing: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
      side: fc.constantFrom(-1, 1),
      // Clear for a kid (radius 0.25) by `gap`, not for an ox (radius 0.7) beside it.
      gap: fc.double({ min: 0.05, max: 0.4, noNaN: true }),
      before: fc.double({ min: 0.3, max: 1.5, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(besideArb, { minLength: 1, maxLength: 6 }), (ways) => {
        const rows: Row[] = [];
        const targets: Target[] = [];
        for (const v of ways) {
          const at = passing(solids[v.solid % solids.length], reference.numbers({ kind: 'kid' }, w).radius, v.bearing, v.side, v.gap);
          const x = at.x - at.ux * v.before;
          const z = at.z - at.uz * v.before;
          // The kid seeks past the solid and proves its way clear; the ox after it stands at the same place and walks
          // the same way by its want alone.
          rows.push(atRest('kid', x, z));
          targets.push({ at: [at.x + at.ux * 6, at.z + at.uz * 6], stop: 0.1 });
          rows.push({ ...atRest('ox', x, z), want: [at.ux * 2, at.uz * 2] });
          targets.push(null);
        }
        const herd = herdOf(core, w, wasmGround, rows, targets);
        stepBoth(herd, rows, targets, 1 / 60, 60);
        herd.dispose();
      }),
      { seed: SEED, numRuns: 40 },
    );
  });
});
