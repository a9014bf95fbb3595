/**
 * SPEC section "Avoidance (AV)" on every core: seeking bodies part by each other's motion — the locked pair of
 * issue 31 arrives, a head-on pair passes by the fixed rule, crowds (an antipodal circle, crossing streams, the
 * bench:crowds two-way gap and hills) arrive without overlaps or pairs walking off together, still bodies round a
 * target are walked into — and the avoidance is the same bits on every core, per-row and in herds; with
 * avoidNeighbours 0 bodies are still solids for seek (SE-6) exactly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as reference from '../../src/reference.ts';
import { XBOT } from '../../src/presets.ts';
import type { Circle, Ground, Kind, Row, World } from '../../src/types.ts';
import { CORES, type Api } from '../cores.ts';
import { SEED } from '../wasm/cores.ts';
import { noCounts, playScene, type Edit, type Scene as CampaignScene } from '../herd/campaign.ts';
import { antipodal, crossing, crowdWorld, herdOf, run, type Scene } from './scenes.ts';
import { runScene } from '../../bench/crowds/run.ts';
import { jitterScene } from '../../bench/crowds/jitter.ts';
import { crossingStreams, hills, oneWayGap, twoWayGap } from '../../bench/crowds/scenes.ts';
import { crowdWorld as benchWorld, walkerContender } from '../../bench/crowds/walker.ts';
import { bodiesIn } from '../../bench/crowds/scene.ts';

const DT = 1 / 60;

/** Per-row calls for one step (HD-2): each row seeks its target, then walks, ground.bodies holding start-of-step snapshots. */
function stepRows(api: Api, w: World, ground: Ground, rows: Row[], targets: readonly (readonly [number, number])[], stop: number, arrived: boolean[]): void {
  const snapshot: Row[] = rows.map((r) => ({ kind: r.kind, pos: r.pos, vel: r.vel }));
  rows.forEach((row, i) => {
    ground.bodies = snapshot.filter((_, j) => j !== i);
    if (api.seek(row, w, targets[i] as [number, number], stop, ground)) arrived[i] = true;
    api.walk(row, w, DT, ground);
  });
  ground.bodies = undefined;
}

/** Steps rows as stepRows does for up to `seconds`; answers when each arrived (seconds, or null) and the closest approach. */
function playRows(api: Api, w: World, starts: readonly (readonly [number, number])[], targets: readonly (readonly [number, number])[], seconds: number) {
  const ground = api.groundOf(w);
  const rows: Row[] = starts.map(([x, z]) => ({ kind: 'xbot', pos: [x, 0, z] }));
  const arrived = rows.map(() => false);
  const when: (number | null)[] = rows.map(() => null);
  let closest = Infinity;
  const paths: number[][] = rows.map(() => []);
  for (let s = 1; s <= seconds * 60; s++) {
    stepRows(api, w, ground, rows, targets, 0.3, arrived);
    arrived.forEach((a, i) => { if (a && when[i] === null) when[i] = s * DT; });
    rows.forEach((r, i) => paths[i]!.push(r.pos[0], r.pos[2]));
    for (let i = 0; i < rows.length; i++) {
      for (let j = i + 1; j < rows.length; j++) closest = Math.min(closest, Math.hypot(rows[i]!.pos[0] - rows[j]!.pos[0], rows[i]!.pos[2] - rows[j]!.pos[2]));
    }
    if (when.every((t) => t !== null)) break;
  }
  return { when, closest, paths, rows };
}

const PAIR_STARTS = [[-4.27, -4.01], [-5.94, -5.01]] as const;
const PAIR_TARGETS = [[-15.65, -0.33], [0, 24]] as const;

for (const { name, api } of CORES) {
  describe(`AV: pairs part by their motion (${name})`, () => {
    it(`AV-1, AV-4, SE-6: the locked pair of issue 31 (XBOT, bodies ['xbot']) both arrive within 15 s, never overlapping (${name})`, () => {
      const { when, closest } = playRows(api, crowdWorld(), PAIR_STARTS, PAIR_TARGETS, 15);
      expect(when[0]).not.toBeNull();
      expect(when[1]).not.toBeNull();
      expect(closest).toBeGreaterThanOrEqual(0.8 * 0.95);
    });

    it(`AV-2, SE-6: with avoidNeighbours 0 the same pair locks as still solids did, walking off: neither arrives in 15 s (${name})`, () => {
      const { when, rows } = playRows(api, crowdWorld({ avoidNeighbours: 0 }), PAIR_STARTS, PAIR_TARGETS, 15);
      expect(when).toEqual([null, null]);
      // Side by side, far from both targets.
      expect(Math.hypot(rows[0]!.pos[0] - rows[1]!.pos[0], rows[0]!.pos[2] - rows[1]!.pos[2])).toBeLessThan(1.2);
      expect(Math.hypot(rows[0]!.pos[0] - PAIR_TARGETS[0][0], rows[0]!.pos[2] - PAIR_TARGETS[0][1])).toBeGreaterThan(10);
    });

    it(`AV-5: an exactly head-on pair parts by the fixed rule — mirror images at every step, no randomness — and both arrive (${name})`, () => {
      const { when, closest, paths } = playRows(api, crowdWorld(), [[-8, 0], [8, 0]], [[8, 0], [-8, 0]], 20);
      expect(when[0]).not.toBeNull();
      expect(when[1]).not.toBeNull();
      expect(closest).toBeGreaterThanOrEqual(0.8 * 0.95);
      // The pair is symmetric under a half turn, and so is every step: B's path is A's, negated, bit for bit (but
      // for the sign of zero).
      const [a, b] = paths as [number[], number[]];
      expect(b.map((v) => -v + 0)).toEqual(a.map((v) => v + 0));
      // They passed: A left the line z = 0 to go by.
      expect(Math.max(...a.filter((_, k) => k % 2 === 1).map(Math.abs))).toBeGreaterThan(0.3);
    });
  });
}

/**
 * A wall of trunks (radius 0.45, 1 m apart along x = 0) with a 2 m gap at z = 0 and a body standing still in the
 * gap; a body 3 m before it seeks the point 3 m past it. Answers its want after one seek.
 */
function wantBeforeGap(api: Api, extra: Partial<Kind>): readonly number[] {
  const trunks: { x: number; z: number; radius: number }[] = [];
  for (let k = 0; k < 20; k++) for (const side of [1, -1]) trunks.push({ x: 0, z: side * (1.45 + k), radius: 0.45 });
  const w: World = {
    walker: { kinds: { xbot: { ...XBOT, bodies: ['xbot'], ...extra } }, mods: { height: 'terrain3d', solids: 'scatter3d' } },
    terrain3d: { rings: [{ reach: 64, seg: 128 }] },
    scatter3d: { instances: trunks },
  };
  const ground = api.groundOf(w);
  ground.bodies = [{ kind: 'xbot', pos: [0, 0, 0] }];
  const row: Row = { kind: 'xbot', pos: [-3, 0, 0] };
  api.seek(row, w, [3, 0], 0.3, ground);
  return row.want ?? [];
}

for (const { name, api } of CORES) {
  it(`AV-4, G-4: a body standing still in a gap is gone round alone, not as one wall with the trunks either side (${name})`, () => {
    const want = wantBeforeGap(api, {});
    // The tangent to the still body's grown circle (radius 0.8, 3 m off) leaves the straight way by asin(0.8 / 3).
    expect(want[0]!).toBeGreaterThan(0.9 * XBOT.seekSpeed);
  });
  it(`SE-6, G-4: with avoidNeighbours 0 the still body closes the gap, and the body heads for the wall's far end (${name})`, () => {
    const want = wantBeforeGap(api, { avoidNeighbours: 0 });
    expect(Math.abs(want[1]!)).toBeGreaterThan(0.9 * XBOT.seekSpeed);
  });
}

/**
 * The wall of wantBeforeGap (its nearest trunks' centres `edge` m either side of the gap's middle) with its body
 * standing still `bodyZ` above the gap's middle — a jam against solids (AV-4) — and a body 3 m before it, keeping
 * `side`, seeking the point 3 m past it. Answers its row after one seek.
 */
function seekRoundJam(api: Api, side: -1 | 1, edge = 1.45, bodyZ = 0.2): Row {
  const trunks: { x: number; z: number; radius: number }[] = [];
  for (let k = 0; k < 20; k++) for (const s of [1, -1]) trunks.push({ x: 0, z: s * (edge + k), radius: 0.45 });
  const w: World = {
    walker: { kinds: { xbot: { ...XBOT, bodies: ['xbot'] } }, mods: { height: 'terrain3d', solids: 'scatter3d' } },
    terrain3d: { rings: [{ reach: 64, seg: 128 }] },
    scatter3d: { instances: trunks },
  };
  const ground = api.groundOf(w);
  ground.bodies = [{ kind: 'xbot', pos: [0, 0, bodyZ] }];
  const row: Row = { kind: 'xbot', pos: [-3, 0, 0], side };
  api.seek(row, w, [3, 0], 0.3, ground);
  return row;
}

/**
 * Seven bodies standing still on flat ground in a touching line from (0, 0) to (0, 4.8), and a body at (−3, 0.5)
 * keeping `side` and walking at `speed` (3, seekSpeed, unless given), seeking (3, 0.5): the way round below is about
 * 6.6 m, above about 11.8 m. Answers its row after one seek.
 */
function seekRoundLine(api: Api, side: -1 | 0 | 1, speed: number = XBOT.seekSpeed): Row {
  const w: World = {
    walker: { kinds: { xbot: { ...XBOT, bodies: ['xbot'] } }, mods: { height: 'terrain3d' } },
    terrain3d: { rings: [{ reach: 64, seg: 128 }] },
  };
  const ground = api.groundOf(w);
  ground.bodies = Array.from({ length: 7 }, (_, k) => ({ kind: 'xbot', pos: [0, 0, 0.8 * k] as [number, number, number] }));
  const row: Row = { kind: 'xbot', pos: [-3, 0, 0.5], side, turned: 1, speed };
  api.seek(row, w, [3, 0.5], 0.3, ground);
  return row;
}

for (const { name, api } of CORES) {
  it(`AV-4: a still body in a gap (a jam against solids) is gone round on its shorter side whichever side is kept, and the kept side is left to the solids (${name})`, () => {
    for (const side of [1, -1] as const) {
      const row = seekRoundJam(api, side);
      // Below the body (0.2 m above the middle) is the shorter way: the tangent leaves the straight way downward.
      expect(row.want![1]!).toBeLessThan(-0.5);
      expect(row.side).toBe(side);
      expect(row.unreachable).toBe(false);
    }
  });
  // Both tangent points lie in a trunk's grown circle (the body 0.05 m above the middle of a gap 1.6 m clear leaves
  // 0.35 and 0.45 m beside it): neither side has room, so the shorter is kept.
  it(`AV-4: a jam closed on both sides — a still body filling a gap 1.6 m clear — is gone round on its shorter side all the same, whichever side is kept, never read unreachable (${name})`, () => {
    for (const side of [1, -1] as const) {
      const row = seekRoundJam(api, side, 1.25, 0.05);
      expect(row.want![1]!).toBeLessThan(-0.5);
      expect(row.side).toBe(side);
      expect(row.unreachable).toBe(false);
    }
  });
  it(`AV-4, SE-4: round still bodies a kept side whose way is more than SIDE_SWITCH (1.5) times the other's is given up: both kept sides leave on the short side, turned restarting (${name})`, () => {
    const rows = ([1, -1] as const).map((side) => ({ side, row: seekRoundLine(api, side) }));
    expect(rows[0]!.row.side).toBe(rows[1]!.row.side);
    for (const { side, row } of rows) {
      expect(row.want![1]!).toBeLessThan(-0.5);
      // The side given up restarts its count; the one kept has nothing to add to it (no want before).
      expect(row.turned).toBe(row.side === side ? 1 : 0);
    }
  });
  // A body standing still itself waits in a crowd (the formation it sets out from, a queue): the side it takes round
  // still bodies then would carry it the long way round the solids beyond once the crowd moves.
  it(`AV-4: a body itself standing still goes round still bodies afresh on the shorter side, whichever side it keeps, and writes no side or turn (${name})`, () => {
    for (const side of [1, -1, 0] as const) {
      const row = seekRoundLine(api, side, 0);
      expect(row.want![1]!).toBeLessThan(-0.5);
      expect(row.side).toBe(side);
      expect(row.turned).toBe(1);
    }
  });
}

/**
 * A body resting (no vel: still, AV-4) on the x axis at `restX`, and a body at (−6, 0) walking at `speed` (0 unless
 * given) seeking the origin, flat ground, XBOT (radius 0.4: the resting body's grown circle is 0.8). Answers the
 * seeker's row after one seek.
 */
function seekPastResting(api: Api, restX: number, speed = 0): Row {
  const w: World = {
    walker: { kinds: { xbot: { ...XBOT, bodies: ['xbot'] } }, mods: { height: 'terrain3d' } },
    terrain3d: { rings: [{ reach: 64, seg: 128 }] },
  };
  const ground = api.groundOf(w);
  ground.bodies = [{ kind: 'xbot', pos: [restX, 0, 0] }];
  const row: Row = { kind: 'xbot', pos: [-6, 0, 0], speed };
  api.seek(row, w, [0, 0], 0.3, ground);
  return row;
}

for (const { name, api } of CORES) {
  it(`SE-7, AV-4: a still body whose grown circle reaches within 3·radius of the target (1.2 m off it) is walked into, not gone round: want straight at the target, side 0 (${name})`, () => {
    const row = seekPastResting(api, -1.2);
    expect(row.side).toBe(0);
    expect(row.want![0]).toBeCloseTo(XBOT.seekSpeed, 9);
    expect(row.want![1]).toBe(0);
  });
  it(`SE-4, SE-7, AV-4: a still body whose grown circle ends further than 3·radius from the target (3.5 m off it) is gone round — with a side by a body on its way, afresh with none by one that stands still itself (${name})`, () => {
    const walking = seekPastResting(api, -3.5, XBOT.seekSpeed);
    expect(walking.side).not.toBe(0);
    expect(Math.abs(walking.want![1]!)).toBeGreaterThan(0.5);
    const standing = seekPastResting(api, -3.5);
    expect(standing.side).toBe(0);
    expect(standing.want).toEqual(walking.want);
  });
}

/**
 * A formation of arrived bodies `rows` deep (5 across, `spacing` m apart, each at its own target) and one late body
 * that starts at rest at (`startX`, `startZ`) before it and is sent through it, to `spacing` + 0.3 m past its far row
 * at z `targetZ`: SE-7 walks it in, since the formation stands round its target.
 */
function lateToFormation(rows: number, startX: number, spacing = 0.85, startZ = 0.1, targetZ = 0): Scene {
  const starts: [number, number][] = [];
  const targets: [number, number][] = [];
  for (let r = 0; r < rows; r++) {
    for (let k = -2; k <= 2; k++) {
      starts.push([r * spacing, k * spacing]);
      targets.push([r * spacing, k * spacing]);
    }
  }
  starts.push([startX, startZ]);
  targets.push([spacing * rows + 0.3, targetZ]);
  return { starts, targets };
}

for (const { name, api } of CORES) {
  // Before arrived bodies took still ones as neighbours, the late body stood at the formation's first row for ever
  // (bench:crowds' crossing streams, with starts jittered by a centimetre, left one body 4.6 m short so).
  it(`AV-1, AV-2, SE-7: arrived bodies yield to a body stopped against them though it stands still — a late body walking in through a formation 1 or 2 rows deep arrives within 5 s, from 0.85 m or 3 m off, overlaps ≤ 5 % of the radius (${name} herd)`, () => {
    for (const rows of [1, 2]) {
      for (const startX of [-0.85, -3]) {
        const scene = lateToFormation(rows, startX);
        const herd = herdOf(api, crowdWorld(), scene, 0.3);
        const o = run(herd, scene, 8, 0.4, 3);
        herd.dispose();
        expect(o.allArrived, `rows ${rows}, from x ${startX}`).not.toBeNull();
        expect(o.allArrived!).toBeLessThanOrEqual(5);
        expect(o.deepestOverlap).toBeLessThanOrEqual(0.05 * 0.4);
        expect(o.mostUnreachable).toBe(0);
      }
    }
  }, 120_000);

  // The members the late body pushes more than `stop` off their targets are no longer arrived, so they yield to it
  // only while it moves. Rerun with stop 0.3 (measured, not pinned: SPEC AV-1's known limit), 13 of these 72 walks on
  // every core left it wedged among two to four of them, all still and none arrived, for the 30 s watched. With stop
  // 0.5 every walk arrives, the slowest in 9.3 s.
  it(`AV-1, AV-2, SE-7: a late body walking through a formation 3 or 5 rows deep, 0.85 or 0.9 m apart, from 0.85, 2 or 3.3 m off and three lanes, to two places past it, with stop 0.5 — all 72 arrive within 12 s, overlaps ≤ 5 % of the radius, none unreachable (${name} herd)`, () => {
    for (const spacing of [0.85, 0.9]) {
      for (const rows of [3, 5]) {
        for (const startX of [-0.85, -2, -3.3]) {
          for (const startZ of [-0.4, 0.1, 0.43]) {
            for (const targetZ of [0, 0.6]) {
              const scene = lateToFormation(rows, startX, spacing, startZ, targetZ);
              const herd = herdOf(api, crowdWorld(), scene, 0.5);
              const o = run(herd, scene, 14, 0.4, 3);
              herd.dispose();
              const where = `${rows} rows ${spacing} m apart, from (${startX}, ${startZ}) to z ${targetZ}`;
              expect(o.allArrived, where).not.toBeNull();
              expect(o.allArrived!, where).toBeLessThanOrEqual(12);
              expect(o.deepestOverlap, where).toBeLessThanOrEqual(0.05 * 0.4);
              expect(o.mostUnreachable, where).toBe(0);
            }
          }
        }
      }
    }
  }, 120_000);
}

for (const { name, api } of CORES) {
  // 15.9 s keeping right; 24.2 s with KEEP_RIGHT_TURN 0, the ring packing into its middle and waiting there.
  it(`AV-5: an antipodal circle of 80 on a 13 m ring (starts 1.02 m apart) keeps right and goes round its middle — all arrive within 20 s, overlaps ≤ 5 % of the radius, no pair walking off together for 5 s, none unreachable (${name} herd)`, () => {
    const scene = antipodal(80, 13);
    const o = run(herdOf(api, crowdWorld(), scene, 0.3), scene, 30, 0.4, 3);
    expect(o.arrived).toBe(80);
    expect(o.allArrived).not.toBeNull();
    expect(o.allArrived!).toBeLessThanOrEqual(20);
    expect(o.deepestOverlap).toBeLessThanOrEqual(0.05 * 0.4);
    expect(o.longestPairAway).toBeLessThanOrEqual(5);
    expect(o.mostUnreachable).toBe(0);
  }, 120_000);
}

/**
 * A wall along z = −1 from x = −8 to 8 — trunks 0.5 m apart (radius 0.45) or one wall piece 0.9 m thick — an idle
 * body (it seeks nothing) standing against it at (0, `idleZ`), and a body sent along the wall from (−5, `startZ`) to
 * (5, `startZ`). Answers when the walker arrived (s, or null within 20 s) and whether it was ever told unreachable.
 */
function pastIdleAtWall(api: Api, piece: boolean, idleZ: number, startZ: number): { arrived: number | null; unreachable: boolean } {
  const trunks: { x: number; z: number; radius: number }[] = [];
  if (!piece) for (let x = -8; x <= 8; x += 0.5) trunks.push({ x, z: -1, radius: 0.45 });
  const w: World = {
    walker: { kinds: { xbot: { ...XBOT, bodies: ['xbot'] } }, mods: { height: 'terrain3d', solids: 'scatter3d' } },
    terrain3d: { rings: [{ reach: 64, seg: 128 }] },
    scatter3d: { instances: trunks, ...(piece ? { solids: [{ shape: 'wall' as const, points: [[-8, -1], [8, -1]] as [number, number][], thickness: 0.9 }] } : {}) },
  };
  const herd = new api.Herd(w, api.groundOf(w), { capacity: 2, threads: 1 });
  herd.add({ kind: 'xbot', pos: [0, 0, idleZ] });
  herd.add({ kind: 'xbot', pos: [-5, 0, startZ] });
  herd.seek(1, [5, startZ], 0.3);
  let arrived: number | null = null;
  let unreachable = false;
  for (let s = 1; s <= 20 * 60 && arrived === null; s++) {
    herd.step(DT);
    if (herd.flags('unreachable')[1] === 1) unreachable = true;
    if (herd.flags('arrived')[1] === 1) arrived = s * DT;
  }
  herd.dispose();
  return { arrived, unreachable };
}

for (const { name, api } of CORES) {
  // Before a closed side gave way, a body walking along the wall line pressed into the wall beside the idle body for
  // ever: the tangents round still bodies read no solids, and SE-7's check is not made round a jam.
  it(`AV-4: a body walking along a wall past a body standing idle against it goes round the open side — trunks or a wall piece, the idle body 0, 0.15 or 0.35 m off the wall, the walker on the wall line or 0.45 m off it: it arrives within 5 s, never told unreachable (${name} herd)`, () => {
    for (const piece of [false, true]) {
      for (const idleZ of [-0.15, 0, 0.2]) {
        for (const startZ of [-0.15, 0.3]) {
          const { arrived, unreachable } = pastIdleAtWall(api, piece, idleZ, startZ);
          const where = `${piece ? 'wall piece' : 'trunks'}, idle at z ${idleZ}, from z ${startZ}`;
          expect(arrived, where).not.toBeNull();
          expect(arrived!, where).toBeLessThanOrEqual(5);
          expect(unreachable, where).toBe(false);
        }
      }
    }
  }, 120_000);

  // 17 of the 25 arrived before arrived bodies yielded to still ones: the rest stood at the formation's edge for ever.
  it(`AV-1, AV-2, SE-7: 25 bodies sent from one side to a formation of targets 0.9 m apart (5 × 5) all arrive within 30 s and then stand still (${name} herd)`, () => {
    const starts: [number, number][] = [];
    const targets: [number, number][] = [];
    for (let i = 0; i < 5; i++) {
      for (let j = 0; j < 5; j++) {
        starts.push([-10 - i, j * 2 - 4]);
        targets.push([i * 0.9, j * 0.9]);
      }
    }
    const scene = { starts, targets };
    const herd = herdOf(api, crowdWorld(), scene, 0.3);
    const o = run(herd, scene, 30, 0.4, 3);
    expect(o.allArrived).not.toBeNull();
    expect(o.deepestOverlap).toBeLessThanOrEqual(0.05 * 0.4);
    for (let s = 0; s < 120; s++) herd.step(DT);
    for (let i = 0; i < 25; i++) expect(Math.hypot(herd.vx[i]!, herd.vz[i]!), `body ${i}`).toBe(0);
    herd.dispose();
  }, 120_000);
}

describe('AV: crowds part and arrive (herds)', () => {
  const release = CORES.find((c) => c.name === 'release')!;

  // Keeping right (AV-5) took this from 48.8 s to 36.2 s.
  it('AV-1..AV-6: an antipodal circle of 250 (radius 0.4, 3 m/s) on a 40 m ring — all arrive within 42 s, overlaps ≤ 5 % of the radius, no pair walking off together for 5 s, none unreachable (release herd)', () => {
    const scene = antipodal(250, 40);
    const o = run(herdOf(release.api, crowdWorld(), scene, 0.3), scene, 70, 0.4, 3);
    expect(o.arrived).toBe(250);
    expect(o.allArrived).not.toBeNull();
    expect(o.allArrived!).toBeLessThanOrEqual(42);
    expect(o.deepestOverlap).toBeLessThanOrEqual(0.05 * 0.4);
    expect(o.longestPairAway).toBeLessThanOrEqual(5);
    expect(o.mostUnreachable).toBe(0);
  }, 120_000);

  it('AV-1..AV-6: an antipodal circle of 24 on a 16 m ring arrives the same on the reference herd', () => {
    const scene = antipodal(24, 8);
    const o = run(herdOf(reference, crowdWorld(), scene, 0.3), scene, 30, 0.4, 3);
    expect(o.arrived).toBe(24);
    expect(o.deepestOverlap).toBeLessThanOrEqual(0.05 * 0.4);
    expect(o.longestPairAway).toBeLessThanOrEqual(5);
    expect(o.mostUnreachable).toBe(0);
  }, 120_000);

  it('AV-1..AV-6: two streams of 100 crossing at right angles all arrive within 40 s, overlaps ≤ 5 % of the radius, none unreachable (release herd)', () => {
    const scene = crossing(100, 2, 10);
    const o = run(herdOf(release.api, crowdWorld(), scene, 0.3), scene, 40, 0.4, 3);
    expect(o.arrived).toBe(200);
    expect(o.deepestOverlap).toBeLessThanOrEqual(0.05 * 0.4);
    expect(o.longestPairAway).toBeLessThanOrEqual(5);
    expect(o.mostUnreachable).toBe(0);
  }, 120_000);
});

/**
 * The two-way gap of bench:crowds on `api`'s herd for `seconds`: the largest change of `turned` in one step over the
 * bodies whose side was kept (the same side, not 0, before and after the step).
 */
function largestKeptTurn(api: Api, seconds: number): number {
  const scene = twoWayGap();
  const w = benchWorld(scene);
  const n = bodiesIn(scene);
  const herd = new api.Herd(w, api.groundOf(w), { capacity: n, threads: 1 });
  for (let i = 0; i < n; i++) {
    herd.add({ kind: 'xbot', pos: [scene.startX[i]!, 0, scene.startZ[i]!] });
    herd.seek(i, [scene.targetX[i]!, scene.targetZ[i]!], 0.5);
  }
  const side = new Float64Array(n);
  const turned = new Float64Array(n);
  let largest = 0;
  for (let s = 0; s < seconds * 60; s++) {
    herd.step(DT);
    for (let i = 0; i < n; i++) {
      if (herd.side[i] !== 0 && herd.side[i] === side[i]) largest = Math.max(largest, Math.abs(herd.turned[i]! - turned[i]!));
      side[i] = herd.side[i]!;
      turned[i] = herd.turned[i]!;
    }
  }
  herd.dispose();
  return largest;
}

for (const { name, api } of CORES) {
  // When the step's two terms were summed as they came, bodies of the gap's back rows, pushed back by those ahead,
  // counted nearly a whole turn in one step (5.3 rad) and flipped their side falsely.
  it(`SE-5, AV-1: turned adds each step's signed turn, at most a half turn — the two-way gap's first half second, the aim's turn and avoidance's each folded into a quarter turn (${name} herd)`, () => {
    expect(largestKeptTurn(api, 0.5)).toBeLessThanOrEqual(Math.PI);
  }, 120_000);
}

describe('AV: the bench:crowds scenes drain (release herd)', () => {
  // Pins of what a user wants and what holds. The through-by-60-s count is left unpinned: a factor of 1.0001 on the
  // combined radius moved it by 8. Crowds are chaotic (bench:crowds --jitter): with starts a centimetre off, 197–200
  // of the gap's 200 arrived by 120 s before arrived bodies yielded to still ones (AV-2), all 200 in 78–100 s after it
  // (starts as laid and jittered by seeds 1 to 6). Through by the gap by 60 s, starts as laid and jittered by seeds 1
  // and 2: 57 / 57 / 60 before keeping right (AV-5), 48 / 60 / 42 with it. Pairs walking off together (round the
  // groves' far ends), the same seven runs: 126-188 before a jam's side closed by a solid gave way (AV-4), 99-201 after.
  // SE-5's folded turns (test/avoid/doorway.test.ts), as laid and jittered by seeds 1 to 12: by the gap by 60 s 61
  // and 47-78 before, 25 and 28-49 after (false side flips had turned bodies bound round a grove's end back to the
  // gap, as they sent bodies of small groups round it); pairs walking off together 99-191 before, 109-146 after. A body
  // standing still itself taking no side round still bodies (AV-4), the same five runs: through by 60 s 193-199 before,
  // 153-176 after; by the gap 25-49, then 24-37; pairs walking off together 111-146, then 44-62.
  it('AV-1, AV-2, AV-3, AV-4, SE-5, SE-7: the two-way gap — all 200 (100 each way through a 2 m gap between two groves) arrive within 120 s, at least 20 through by 60 s by the gap itself, at most 210 pairs walking off together, none unreachable, overlaps ≤ 5 % of the radius', () => {
    const [result] = runScene([walkerContender()], twoWayGap());
    expect(result!.arrived).toBe(200);
    expect(result!.through!.openingBy60).toBeGreaterThanOrEqual(20);
    expect(result!.lockedPairs).toBeLessThanOrEqual(210);
    expect(result!.unreachable).toBe(0);
    expect(result!.deepestOverlap).toBeLessThanOrEqual(0.05);
  }, 300_000);

  // Before a body standing still itself took no side round still bodies (AV-4): 43 by the gap, 74 pairs walking off
  // together round a grove's far end (the side taken round the block they set out from). After, as laid and jittered
  // by seeds 1 to 4: 74-81 by the gap, 4-10 pairs.
  it('AV-4, SE-4: the one-way gap (100 bodies from one side through the two-way gap\'s 2 m gap: a crowd at a bottleneck) — all 100 through within 60 s, at least 70 by the gap itself, at most 20 pairs walking off together, none unreachable', () => {
    const [result] = runScene([walkerContender()], oneWayGap());
    expect(result!.through!.by60).toBe(100);
    expect(result!.through!.openingBy60).toBeGreaterThanOrEqual(70);
    expect(result!.lockedPairs).toBeLessThanOrEqual(20);
    expect(result!.unreachable).toBe(0);
    expect(result!.deepestOverlap).toBeLessThanOrEqual(0.05);
  }, 300_000);

  it('AV-1, AV-3, AV-4, AV-6: two crossing streams of 100 (5 lanes, 1.2 m apart, meeting at right angles) — all 200 arrive within 36 s, no pair walking off together for 5 s, none unreachable', () => {
    const [result] = runScene([walkerContender()], crossingStreams());
    expect(result!.arrived).toBe(200);
    expect(result!.allArrivedAt!).toBeLessThanOrEqual(36);
    expect(result!.lockedPairs).toBe(0);
    expect(result!.unreachable).toBe(0);
    expect(result!.deepestOverlap).toBeLessThanOrEqual(0.05);
  }, 300_000);

  // Seed 2 left one body standing 4.6 m short of its target at a formation of arrived bodies, until they yielded to
  // still bodies too (AV-2).
  it('AV-1, AV-2, SE-7: two crossing streams with every start moved by up to a centimetre (bench:crowds --jitter, seeds 1 to 3) — all 200 arrive within 120 s, none unreachable', () => {
    for (const seed of [1, 2, 3]) {
      const [result] = runScene([walkerContender()], jitterScene(crossingStreams(), seed));
      expect(result!.arrived, `seed ${seed}`).toBe(200);
      expect(result!.unreachable).toBe(0);
    }
  }, 300_000);

  it('AV-3, AV-7: the hills (1,000 bodies blocking each other among 2,000 trees) — no two bodies ever overlap deeper than 5 % of the radius, the margin leaving room for both moves of a step, and no pair walks off together for 5 s', () => {
    const [result] = runScene([walkerContender()], hills());
    expect(result!.deepestOverlap).toBeLessThanOrEqual(0.05);
    expect(result!.lockedPairs).toBe(0);
  }, 300_000);
});

/** A small random crowd: 2–10 bodies of two kinds within a few metres, each sent across the others. */
const crowdArb = fc.record({
  bodies: fc.array(
    fc.record({
      x: fc.double({ min: -4, max: 4, noNaN: true }),
      z: fc.double({ min: -4, max: 4, noNaN: true }),
      tx: fc.double({ min: -8, max: 8, noNaN: true }),
      tz: fc.double({ min: -8, max: 8, noNaN: true }),
      kind: fc.constantFrom('xbot', 'elk'),
    }),
    { minLength: 2, maxLength: 10 },
  ),
  elk: fc.record({
    radius: fc.double({ min: 0.2, max: 0.8, noNaN: true }),
    seekSpeed: fc.double({ min: 0.5, max: 6, noNaN: true }),
    avoidHorizon: fc.double({ min: 0.2, max: 4, noNaN: true }),
    avoidNeighbours: fc.integer({ min: 1, max: 12 }),
    // Whether elk avoid xbots back (AV-6: half the work) or leave it all to them.
    back: fc.boolean(),
  }),
  steps: fc.integer({ min: 20, max: 90 }),
});

type CrowdCase = typeof crowdArb extends fc.Arbitrary<infer T> ? T : never;

function crowdKinds(c: CrowdCase, extra: Partial<Kind> = {}): World {
  const { back, ...elk } = c.elk;
  return {
    walker: {
      kinds: {
        xbot: { ...XBOT, bodies: ['xbot', 'elk'], ...extra },
        elk: { ...XBOT, span: 0.3, ...elk, bodies: back ? ['xbot', 'elk'] : ['elk'], ...extra },
      },
      mods: { height: 'terrain3d' },
    },
    terrain3d: { rings: [{ reach: 64, seg: 128 }] },
  };
}

function crowdRows(c: CrowdCase): Row[] {
  return c.bodies.map((b) => ({ kind: b.kind, pos: [b.x, 0, b.z] }));
}

describe('AV properties', () => {
  const release = CORES.find((c) => c.name === 'release')!;

  it('AV-3, AV-6: random small crowds — per-row calls on wasm ≡ the reference bit for bit, never a NaN, no want longer than seekSpeed', () => {
    fc.assert(
      fc.property(crowdArb, (c) => {
        const w = crowdKinds(c);
        const grounds = [reference.groundOf(w), release.api.groundOf(w)];
        expect(release.runsInWasm(grounds[1]!)).toBe(true);
        const sets = [crowdRows(c), crowdRows(c)];
        const targets = c.bodies.map((b) => [b.tx, b.tz] as const);
        for (let s = 0; s < c.steps; s++) {
          [reference, release.api].forEach((api, k) => stepRows(api as Api, w, grounds[k]!, sets[k]!, targets, 0.2, []));
          expect(sets[1]).toEqual(sets[0]);
          for (const row of sets[0]!) {
            const speed = reference.numbers(row, w).seekSpeed;
            const want = row.want as number[];
            expect(Number.isFinite(want[0]) && Number.isFinite(want[1])).toBe(true);
            expect(Math.hypot(want[0]!, want[1]!)).toBeLessThanOrEqual(speed * (1 + 1e-12));
            expect(row.unreachable).toBe(false);
          }
        }
      }),
      { seed: SEED, numRuns: 40 },
    );
  });

  it('AV-2, SE-6: with avoidNeighbours 0 blocking bodies are exactly solids for seek and walk: rows step the same as with the bodies given as ground solids (reference)', () => {
    fc.assert(
      fc.property(crowdArb, (drawn) => {
        const w = crowdKinds(drawn, { avoidNeighbours: 0 });
        // LV-3 pushes a row out of a solid it starts in, not out of a blocking body: a body that starts overlapping
        // one before it is left out.
        const radius = (kind: string): number => reference.numbers({ kind }, w).radius;
        const spaced: CrowdCase['bodies'] = [];
        for (const b of drawn.bodies) if (spaced.every((a) => Math.hypot(a.x - b.x, a.z - b.z) >= radius(a.kind) + radius(b.kind))) spaced.push(b);
        const c = { ...drawn, bodies: spaced };
        const asBodies = crowdRows(c);
        const asSolids = crowdRows(c);
        const targets = c.bodies.map((b) => [b.tx, b.tz] as const);
        const height = (): number => 0;
        const overlapping = (): boolean =>
          asBodies.some((a, i) => asBodies.some((b, j) => j > i && Math.hypot(a.pos[0] - b.pos[0], a.pos[2] - b.pos[2]) < radius(a.kind) + radius(b.kind)));
        for (let s = 0; s < c.steps; s++) {
          // Two bodies stepping at once from start-of-step places may end overlapping; from there the solids would
          // push (LV-3) where the bodies do not, and the comparison ends.
          if (overlapping()) break;
          stepRows(reference, w, { height, solids: () => [] }, asBodies, targets, 0.2, []);
          const snapshot = asSolids.map((r) => ({ x: r.pos[0], z: r.pos[2], radius: reference.numbers(r, w).radius }));
          asSolids.forEach((row, i) => {
            // The circles of the bodies this row's kind lists, as solids (a body never blocks itself).
            const listed = reference.numbers(row, w).bodies;
            const circles: Circle[] = snapshot.filter((_, j) => j !== i && listed.includes(asSolids[j]!.kind));
            const ground: Ground = {
              height,
              solids: (x, z, r) => circles.filter((b) => (b.x - x) ** 2 + (b.z - z) ** 2 <= (r + b.radius) ** 2),
            };
            reference.seek(row, w, targets[i] as [number, number], 0.2, ground);
            reference.walk(row, w, DT, ground);
          });
          expect(asSolids).toEqual(asBodies);
        }
      }),
      { seed: SEED + 1, numRuns: 40 },
    );
  });

  it('AV-2, HD-2, HD-5: random small crowds — herds on 1, 2 and 3 threads and the reference herd ≡ per-row calls, bit for bit, at every step', async () => {
    await fc.assert(
      fc.asyncProperty(crowdArb, async (c) => {
        const edits: Edit[] = [];
        crowdRows(c).forEach((row) => edits.push({ op: 'put', row }));
        c.bodies.forEach((b, i) => edits.push({ op: 'seek', pick: i, at: [b.tx, b.tz], stop: 0.2, route: false, past: null }));
        edits.push({ op: 'step', dt: DT, count: c.steps });
        const scene: CampaignScene = { world: crowdKinds(c), capacity: c.bodies.length, spot: null, edits };
        const counts = noCounts();
        await playScene({ wasm: release.api, reference }, scene, [1, 2, 3], counts, 'avoiding crowd');
        expect(counts.failures).toEqual([]);
      }),
      { seed: SEED + 2, numRuns: 25 },
    );
  }, 300_000);
});

describe('AV-2, K-2: the avoidance knobs are checked like every kind number', () => {
  const bad: ReadonlyArray<readonly [string, unknown, RegExp]> = [
    ['avoidReach', -1, /kind "xbot" has avoidReach = -1; expected a finite number ≥ 0/],
    ['avoidReach', Infinity, /kind "xbot" has avoidReach = Infinity/],
    ['avoidHorizon', 0, /kind "xbot" has avoidHorizon = 0; expected a finite number > 0/],
    ['avoidHorizon', Number.NaN, /kind "xbot" has avoidHorizon = NaN/],
    ['avoidNeighbours', 2.5, /kind "xbot" has avoidNeighbours = 2\.5; expected a whole number from 0 to 64/],
    ['avoidNeighbours', 65, /kind "xbot" has avoidNeighbours = 65; expected a whole number from 0 to 64/],
    ['avoidNeighbours', '4', /kind "xbot" has avoidNeighbours = "4"; expected a whole number from 0 to 64/],
  ];
  for (const [field, value, message] of bad) {
    it(`AV-2: ${field} = ${String(value)} is refused with a sentence naming the kind, the field and the value`, () => {
      expect(() => reference.check({ xbot: { ...XBOT, [field]: value } as Kind })).toThrow(message);
    });
  }

  it('AV-2: absent knobs take their defaults — horizon 2 s, 10 neighbours, reach seekSpeed · horizon / 2 + 4 · radius', () => {
    const n = reference.check({ xbot: { ...XBOT } }).get('xbot')!;
    expect([n.avoidHorizon, n.avoidNeighbours, n.avoidReach]).toEqual([2, 10, 3 + 4 * 0.4]);
    const m = reference.check({ xbot: { ...XBOT, avoidReach: 0, avoidHorizon: 0.5, avoidNeighbours: 0 } }).get('xbot')!;
    expect([m.avoidHorizon, m.avoidNeighbours, m.avoidReach]).toEqual([0.5, 0, 0]);
  });
});
