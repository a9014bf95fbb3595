/**
 * Per-row seek that routes (RT-7, RT-8, SE-7): `seek(me, w, target, stop, ground, { route: true })` on every core,
 * on heightmap grounds that run in wasm — round a lake it cannot wade, up a cliff band's one ramp, and a closed pocket
 * it rests short of, unreachable; a herd of routing bodies steps as the per-row calls do (HD-2); and bad options are
 * refused with a sentence. Expected places come from each ground's geometry, never from the code under test.
 */
import { describe, expect, it } from 'vitest';
import type { Ground, Row, World } from '../../src/types.ts';
import { CORES, type Api } from '../cores.ts';
import { expectSame } from '../wasm/worlds.ts';
import { XBOT, mapWorld, rowAt } from './worlds.ts';

/** Water at 0 over a lake 3 m deep from x = 20 to 44 and z = 10 to 54; dry land at 0.5 elsewhere. */
const lake = mapWorld(64, (i, j) => (i >= 20 && i <= 44 && j >= 10 && j <= 54 ? -3 : 0.5), { water: 0 });

/** A 3 m cliff along z = 30–31, and one ramp up it over x = 40–44, rising 3 m from z = 20 to z = 31 (slope 0.27). */
const cliff = mapWorld(64, (i, j) => (i >= 40 && i <= 44 ? (j <= 20 ? 0 : j >= 31 ? 3 : (3 * (j - 20)) / 11) : j >= 31 ? 3 : 0));

/** A square ring of 3 m walls, two samples thick, round (50, 50): nothing gets in or out. */
const pocket = mapWorld(64, (i, j) => {
  const m = Math.max(Math.abs(i - 50), Math.abs(j - 50));
  return m === 6 || m === 7 ? 3 : 0;
});

/**
 * A channel 0.8 m deep from x = 28 to 36, its banks sloping over 3 m, running along z past the heightmap's edges (and
 * so past any field's ends): too deep for the xbot (wade 0.5), not for the wader (wade 1).
 */
const channel = mapWorld(64, (i) => {
  const inside = Math.min(i - 28, 36 - i);
  return inside < 0 ? 0 : -0.8 * Math.min(1, inside / 3);
}, { water: 0 });
channel.walker!.kinds = { xbot: XBOT, wader: { ...XBOT, wade: 1 } };

const DT = 1 / 30;

interface Run {
  /** The frame seek answered arrived, or -1. */
  arrived: number;
  /** The frame seek first wrote unreachable = true, or -1. */
  signalled: number;
  /** Whether the last second's positions were all the same. */
  still: boolean;
  /** Every position walked through, [x, y, z]. */
  path: (readonly number[])[];
  me: Row;
}

/** Seeks and walks a row from (x, z) toward `target` for up to `frames` frames at 30 Hz (stopping on arrival). */
function run(api: Api, w: World, ground: Ground, from: readonly number[], target: readonly number[], stop: number, route: boolean, frames: number): Run {
  const me = rowAt(api, w, ground, from[0], from[1]);
  const out: Run = { arrived: -1, signalled: -1, still: false, path: [], me };
  const lastSecond: string[] = [];
  for (let f = 0; f < frames; f++) {
    if (api.seek(me, w, target, stop, ground, { route })) {
      out.arrived = f;
      return out;
    }
    if (me.unreachable === true && out.signalled < 0) out.signalled = f;
    api.walk(me, w, DT, ground);
    out.path.push(me.pos);
    if (f >= frames - 30) lastSecond.push(me.pos.join(','));
  }
  out.still = new Set(lastSecond).size === 1;
  return out;
}

for (const { name, api, runsInWasm } of CORES) {
  describe(`seek with { route: true } (${name})`, () => {
    it('RT-7, RT-8: a row sent across a lake it cannot wade goes round and reaches the far shore; seeking plainly it rests at the wade line, unreachable', () => {
      const ground = api.groundOf(lake);
      expect(runsInWasm(ground)).toBe(name !== 'reference');
      const routed = run(api, lake, ground, [10, 30], [54, 32], 0.5, true, 1800);
      expect(routed.arrived, 'arrived within 60 s').toBeGreaterThan(0);
      const [x, , z] = routed.me.pos;
      expect(Math.hypot(x - 54, z - 32)).toBeLessThanOrEqual(0.5);
      // It went round, not through: never in water deeper than wade (0.5 m below the level 0).
      for (const p of routed.path) expect(ground.depth!(p[0], p[2]), `at ${p}`).toBeLessThanOrEqual(XBOT.wade);
      expect(routed.signalled).toBe(-1);
      const plain = run(api, lake, ground, [10, 30], [54, 32], 0.5, false, 1800);
      expect(plain.arrived).toBe(-1);
      expect(plain.me.unreachable).toBe(true);
      expect(plain.me.pos[0], 'at rest on the west shore').toBeLessThan(20);
      expect(plain.still).toBe(true);
    });

    it('RT-7, RT-8: a cliff band with one ramp: the row climbs by the ramp and arrives on top; seeking plainly it rests at the cliff foot, unreachable', () => {
      const ground = api.groundOf(cliff);
      const routed = run(api, cliff, ground, [10, 10], [10, 50], 0.5, true, 2400);
      expect(routed.arrived, 'arrived within 80 s').toBeGreaterThan(0);
      expect(routed.me.pos[1]).toBeCloseTo(3, 6);
      // The only way up is the ramp over x = 40–44: the body crossed z = 25 (half way up) there.
      const crossing = routed.path.find((p) => p[2] >= 25)!;
      expect(crossing[0]).toBeGreaterThanOrEqual(39.5);
      expect(crossing[0]).toBeLessThanOrEqual(45.5);
      const plain = run(api, cliff, ground, [10, 10], [10, 50], 0.5, false, 2400);
      expect(plain.arrived).toBe(-1);
      expect(plain.me.unreachable).toBe(true);
      expect(plain.me.pos[2], 'at rest below the cliff').toBeLessThan(31);
      expect(plain.me.pos[1]).toBeLessThan(0.5);
    });

    it.each([
      ['into a closed pocket from outside', [20, 20], [50.2, 50.3]],
      ['out of a closed pocket from inside', [50.2, 50.3], [20, 20]],
    ] as const)('RT-8, SE-7: routing %s, the row reads unreachable from the first call and is at rest within 20 s where plain seek rests it', (_, from, target) => {
      const ground = api.groundOf(pocket);
      const routed = run(api, pocket, ground, from, target, 0.5, true, 600);
      expect(routed.arrived).toBe(-1);
      expect(routed.signalled).toBe(0);
      expect(routed.still, 'at rest in the last second of 20 s').toBe(true);
      expect(routed.me.unreachable).toBe(true);
      expect(routed.me.want).toEqual([0, 0]);
      // Outside the walls (Chebyshev distance from (50, 50) over 8) or inside them (under 6), never on them.
      const [x, , z] = routed.me.pos;
      const m = Math.max(Math.abs(x - 50), Math.abs(z - 50));
      expect(from[0] === 20 ? m > 8 : m < 6).toBe(true);
      const plain = run(api, pocket, ground, from, target, 0.5, false, 600);
      expectSame(routed.me.pos, plain.me.pos, 'rest place');
    });

    it('RT-8: a target further than 64 cells is sought plainly until the body comes within the field', () => {
      const w = mapWorld(64, () => 0);
      const ground = api.groundOf(w);
      const a = rowAt(api, w, ground, 0.5, 0.5);
      const b = rowAt(api, w, ground, 0.5, 0.5);
      // 100 m away along x: outside the 128 × 128 field centred on the target, so both set the same want.
      api.seek(a, w, [100.5, 0.5], 0.5, ground, { route: true });
      api.seek(b, w, [100.5, 0.5], 0.5, ground);
      expectSame(a, b, 'row');
      expect(a.want).toEqual([XBOT.seekSpeed, 0]);
    });

    it('RT-7: a kept field serves only its kind, kinds table and ground parts: another kind, a new table or a replaced part gets its own', () => {
      const ground = api.groundOf(channel);
      const stranded = (w: World, g: Ground, kind: string): boolean => {
        const me: Row = { ...rowAt(api, w, g, 10, 30), kind };
        api.seek(me, w, [54, 32], 0.5, g, { route: true });
        return me.unreachable === true;
      };
      // The xbot cannot wade the channel, which runs past the field's ends: no way leads across.
      expect(stranded(channel, ground, 'xbot')).toBe(true);
      // The wader can, on the same ground right after: its own field.
      expect(stranded(channel, ground, 'wader')).toBe(false);
      // A new kinds table in which the xbot wades 1 m: a new field.
      const deeper: World = { ...channel, walker: { ...channel.walker!, kinds: { ...channel.walker!.kinds, xbot: { ...XBOT, wade: 1 } } } };
      expect(stranded(deeper, ground, 'xbot')).toBe(false);
      // The first table on a ground whose depth part is replaced by dry land: a new field.
      expect(stranded(channel, { ...ground, depth: () => 0 }, 'xbot')).toBe(false);
      // And the first field again.
      expect(stranded(channel, ground, 'xbot')).toBe(true);
    });

    it('RT-7, BI-1: bad options are refused with a sentence naming the field and value, the row unchanged', () => {
      const ground = api.groundOf(lake);
      const me = rowAt(api, lake, ground, 10, 30);
      const before = structuredClone(me);
      expect(() => api.seek(me, lake, [54, 32], 0.5, ground, { route: 1 as unknown as boolean })).toThrow('walker: options.route is 1; expected true or false.');
      expect(() => api.seek(me, lake, [54, 32], 0.5, ground, 'route' as unknown as { route: boolean })).toThrow('walker: options is "route"; expected an object such as { route: true }.');
      expect(() => api.seek(me, lake, [54, 32], 0.5, ground, null as unknown as { route: boolean })).toThrow('walker: options is null; expected an object such as { route: true }.');
      expect(me).toEqual(before);
      const herd = new api.Herd(lake, ground, 4);
      herd.add(me);
      expect(() => herd.seek(0, [54, 32], 0.5, { route: 'yes' as unknown as boolean })).toThrow('walker: options.route is "yes"; expected true or false.');
    });
  });
}

/** A world like `w` whose xbots block each other (K `bodies`, SE-6). */
function blocking(w: World): World {
  return { ...w, walker: { ...w.walker!, kinds: { xbot: { ...XBOT, bodies: ['xbot'] } } } };
}

/**
 * One frame of per-row calls a herd step must equal (HD-2): each row seeks (routing or not) then walks, its
 * ground.bodies holding the start-of-step rows, the row itself in its own place.
 */
function perRowFrame(api: Api, w: World, ground: Ground, rows: Row[], targets: readonly (readonly number[])[], routes: readonly boolean[], answers: { arrived: boolean[]; unreachable: boolean[] }): void {
  const snapshot: Row[] = rows.map((r) => ({ kind: r.kind, pos: r.pos, vel: r.vel }));
  ground.bodies = snapshot;
  rows.forEach((row, i) => {
    const held = snapshot[i];
    snapshot[i] = row;
    answers.arrived[i] = api.seek(row, w, targets[i], 0.5, ground, { route: routes[i] });
    answers.unreachable[i] = row.unreachable === true;
    api.walk(row, w, DT, ground);
    snapshot[i] = held;
  });
  ground.bodies = undefined;
}

for (const { name, api } of CORES) {
  describe(`a herd of routing bodies ≡ per-row calls (${name})`, () => {
    it.each([
      ['lake', blocking(lake), (k: number) => [4 + (k % 4) * 2.1, 20 + Math.floor(k / 4) * 3.1], [[54, 32], [14, 8], [58.5, 40.5]], 'arrived'],
      ['pocket', blocking(pocket), (k: number) => (k % 2 === 0 ? [10 + k, 12] : [49 + (k % 3), 48 + (k % 4)]), [[50.2, 50.3], [20, 20], [30.5, 55.5]], 'unreachable'],
    ] as const)('HD-2, RT-8: on the %s, a herd step of bodies that route (three targets) and some that do not equals per-row seek then walk on start-of-step snapshots, bit for bit', (_, w, start, goals, seen) => {
      const ground = api.groundOf(w);
      const rows: Row[] = [];
      const targets: (readonly number[])[] = [];
      const routes: boolean[] = [];
      const herd = new api.Herd(w, ground, { capacity: 16, threads: 1 });
      for (let k = 0; k < 12; k++) {
        const [x, z] = start(k);
        rows.push(rowAt(api, w, ground, x, z));
        targets.push(goals[k % goals.length]);
        routes.push(k % 5 !== 4);
        herd.add(rows[k]);
        herd.seek(k, targets[k], 0.5, { route: routes[k] });
      }
      const answers = { arrived: [] as boolean[], unreachable: [] as boolean[] };
      const answered = { arrived: 0, unreachable: 0 };
      let moved = 0;
      for (let s = 0; s < 300; s++) {
        herd.step(DT);
        perRowFrame(api, w, ground, rows, targets, routes, answers);
        answered.arrived += answers.arrived.filter((a) => a).length;
        answered.unreachable += answers.unreachable.filter((u) => u).length;
        if (s % 30 !== 29) continue;
        rows.forEach((row, i) => {
          const body = herd.get(i);
          for (const field of ['pos', 'vel', 'want', 'yaw', 'air', 'steep', 'floor', 'speed', 'side', 'turned'] as const) expectSame(body[field], row[field], `step ${s}: body ${i}.${field}`);
          expect(herd.arrived[i] !== 0, `step ${s}: body ${i} arrived`).toBe(answers.arrived[i]);
          expect(herd.unreachable[i] !== 0, `step ${s}: body ${i} unreachable`).toBe(answers.unreachable[i]);
        });
      }
      for (let i = 0; i < rows.length; i++) if (Math.hypot(rows[i].pos[0] - start(i)[0], rows[i].pos[2] - start(i)[1]) > 3) moved++;
      // The comparison is not of bodies standing still, and it sees the scene's answer.
      expect(moved).toBeGreaterThan(6);
      expect(answered[seen]).toBeGreaterThan(0);
    });
  });
}
