/**
 * The random-herd campaign (HD-2, HD-5, WX-3): a seeded scene is a random world and a list of edits and steps —
 * bodies added, removed, set (to another kind, too), sent to targets (routed or not) and called back, wants, jumps and
 * positions written through the views, steps of random dt. One scene is played on wasm herds of 1, 2 and 3 threads,
 * on the reference herd and as per-row reference calls (seek then walk, each row's ground.bodies holding the
 * start-of-step rows), and every body's every number is compared bit for bit after every step. The herd keeps memos
 * across steps that per-row calls have not (proofs of clear ways and gentle cells, blocked probes, stand heights); a
 * memo that answers otherwise than the computation it stands for shows here first. `npm run fuzz` plays many scenes
 * (scripts/fuzz.ts); test/herd/bits.test.ts plays a seeded slice and replays the scene that once differed.
 */
import fc from 'fast-check';
import type { LevelSolids, SolidInput } from '../../src/ground/level.ts';
import type { Herd } from '../../src/herd.ts';
import type { Walker } from '../../src/load.ts';
import type { Ground, Kinds, Piece, Row, World } from '../../src/types.ts';
import { dtArb, kindArb, placeRow, rowArb, worldArb, type RowSpec } from '../wasm/worlds.ts';

/** What a scene is played on: a wasm entry (its Herd) and the reference entry (its Herd and per-row calls). */
export interface CampaignCores {
  wasm: Pick<Walker, 'groundOf' | 'Herd'>;
  reference: Pick<Walker, 'groundOf' | 'Herd' | 'seek' | 'walk' | 'stand' | 'numbers' | 'solidsOf'>;
}

/**
 * One edit or step. Bodies are picked by `pick` modulo the herd's count at the time (an edit of an empty herd is
 * skipped), so any list of edits is a valid scene.
 */
export type Edit =
  | { op: 'add'; row: RowSpec }
  | { op: 'crowd'; rows: RowSpec[] }
  | { op: 'put'; row: Row }
  | { op: 'remove'; pick: number }
  | { op: 'set'; pick: number; row: RowSpec }
  | { op: 'seek'; pick: number; at: [number, number]; stop: number; route: boolean; past: number | null }
  | { op: 'unseek'; pick: number }
  | { op: 'want'; pick: number; want: [number, number] }
  | { op: 'jump'; pick: number }
  | { op: 'place'; pick: number; x: number; z: number }
  /**
   * With `onto`, (x, z) is an offset from where body `onto` (modulo the bodies) stands when the edit is made, or with
   * `atTarget` from its target (where it seeks one).
   */
  | { op: 'solid'; action: number; which: number; x: number; z: number; radius: number; onto?: number; atTarget?: boolean }
  | { op: 'nudge'; pick: number; field: NudgeField; big: boolean }
  | { op: 'step'; dt: number; count: number };

/**
 * A body's field a 'nudge' writes through the views: one ulp up, or by a step a body would feel (`big`: 0.5 up, a
 * whole turn more turned); a side turned on; a velocity of 0 made −0; a target 3 m on.
 */
export type NudgeField = 'x' | 'y' | 'z' | 'yaw' | 'floor' | 'side' | 'turned' | 'vx' | 'targetX';
const NUDGE_FIELDS: readonly NudgeField[] = ['x', 'y', 'z', 'yaw', 'floor', 'side', 'turned', 'vx', 'targetX'];

export interface Scene {
  world: World;
  capacity: number;
  /**
   * Where routed seeks go (RT-7), in a scene that routes (one in twenty: a field costs the reference core seconds on
   * ground this rough), and null in the others: a game routes a crowd to a place, and its field is made once.
   */
  spot: [number, number] | null;
  edits: Edit[];
}

const coordArb = fc.double({ min: -16, max: 16, noNaN: true });

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 4, arbitrary: rowArb.map((row): Edit => ({ op: 'add', row })) },
  // Enough bodies at once that a step is cut into chunks for every thread (HD-5).
  { weight: 1, arbitrary: fc.array(rowArb, { minLength: 10, maxLength: 60 }).map((rows): Edit => ({ op: 'crowd', rows })) },
  { weight: 1, arbitrary: fc.nat().map((pick): Edit => ({ op: 'remove', pick })) },
  { weight: 1, arbitrary: fc.tuple(fc.nat(), rowArb).map(([pick, row]): Edit => ({ op: 'set', pick, row })) },
  {
    weight: 3,
    arbitrary: fc
      .record({
        pick: fc.nat(),
        x: coordArb,
        z: coordArb,
        stop: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 3, noNaN: true })),
        route: fc.double({ min: 0, max: 1, noNaN: true }),
        past: fc.option(fc.nat(), { nil: null }),
      })
      .map((s): Edit => ({ op: 'seek', pick: s.pick, at: [s.x, s.z], stop: s.stop, route: s.route < 0.1, past: s.past })),
  },
  { weight: 1, arbitrary: fc.nat().map((pick): Edit => ({ op: 'unseek', pick })) },
  { weight: 1, arbitrary: fc.tuple(fc.nat(), fc.double({ min: -9, max: 9, noNaN: true }), fc.double({ min: -9, max: 9, noNaN: true })).map(([pick, x, z]): Edit => ({ op: 'want', pick, want: [x, z] })) },
  { weight: 1, arbitrary: fc.nat().map((pick): Edit => ({ op: 'jump', pick })) },
  { weight: 1, arbitrary: fc.tuple(fc.nat(), coordArb, coordArb).map(([pick, x, z]): Edit => ({ op: 'place', pick, x, z })) },
  // The level's solids added, moved and removed between steps (LV-1..LV-4), onto bodies too (LV-3).
  {
    weight: 2,
    arbitrary: fc
      // `action` even over [0, 1) (a double leans to its ends, and so to one shape): what is added, moved or removed.
      .record({ action: fc.integer({ min: 0, max: 999 }).map((v) => v / 1000), which: fc.nat(), x: coordArb, z: coordArb, radius: fc.double({ min: 0, max: 1.6, noNaN: true }) })
      .map((e): Edit => ({ op: 'solid', ...e })),
  },
  // Runs of steps, so bodies walk far enough to press against trees and slide along them.
  { weight: 4, arbitrary: fc.tuple(dtArb, fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 30 }))).map(([dt, count]): Edit => ({ op: 'step', dt, count })) },
);

/**
 * A scene of bodies brought to rest and then disturbed (HD-2: a wasm herd does not step a body whose last step
 * changed nothing, assembly/rest.ts): bodies idle with no want, sent behind a solid (resting short of it, SE-7) or to
 * a target near them; a run of steps at one dt so they settle; then one field of a body written through the views
 * (one ulp, −0 for 0, a side turned on), the solids edited, the dt changed, wants, seeks and places, bodies removed
 * and added — each followed by steps at the scene's dt.
 */
export const restSceneArb: fc.Arbitrary<Scene> = fc
  .record({
    world: worldArb,
    solids: fc.array(fc.record({ x: fc.double({ min: -12, max: 12, noNaN: true }), z: fc.double({ min: -12, max: 12, noNaN: true }), radius: fc.double({ min: 0.2, max: 1.6, noNaN: true }) }), { minLength: 2, maxLength: 6 }),
    rows: fc.array(rowArb, { minLength: 4, maxLength: 40 }),
    aims: fc.array(fc.record({ how: fc.integer({ min: 0, max: 3 }), x: coordArb, z: coordArb, pick: fc.nat(), stop: fc.double({ min: 0, max: 3, noNaN: true }) }), { minLength: 40, maxLength: 40 }),
    // A game's dt, and seconds enough for most bodies to come to rest first.
    dt: fc.constantFrom(1 / 60, 1 / 30, 0.05, 0.1),
    settle: fc.integer({ min: 4, max: 12 }),
    blocking: fc.boolean(),
    later: fc.array(
      fc.oneof(
        { weight: 4, arbitrary: fc.tuple(fc.nat(), fc.constantFrom(...NUDGE_FIELDS), fc.boolean()).map(([pick, field, big]): Edit => ({ op: 'nudge', pick, field, big })) },
        { weight: 2, arbitrary: fc.record({ action: fc.integer({ min: 0, max: 999 }).map((v) => v / 1000), which: fc.nat(), x: coordArb, z: coordArb, radius: fc.double({ min: 0, max: 1.6, noNaN: true }) }).map((e): Edit => ({ op: 'solid', ...e })) },
        // Onto or beside a resting body, or beside its target (LV-3, HD-2: the edit must wake the rests it reaches —
        // a body resting short of its target reads the solids along its way — and only the step tells).
        {
          weight: 3,
          arbitrary: fc
            .record({ action: fc.integer({ min: 0, max: 999 }).map((v) => v / 1000), which: fc.nat(), x: fc.double({ min: -1.5, max: 1.5, noNaN: true }), z: fc.double({ min: -1.5, max: 1.5, noNaN: true }), radius: fc.double({ min: 0, max: 1.6, noNaN: true }), onto: fc.nat(), atTarget: fc.boolean() })
            .map((e): Edit => ({ op: 'solid', ...e })),
        },
        // NaN: the scene's dt.
        { weight: 4, arbitrary: fc.integer({ min: 1, max: 10 }).map((count): Edit => ({ op: 'step', dt: NaN, count })) },
        { weight: 1, arbitrary: dtArb.map((dt): Edit => ({ op: 'step', dt, count: 2 })) },
        { weight: 1, arbitrary: fc.nat().map((pick): Edit => ({ op: 'want', pick, want: [0, 0] })) },
        { weight: 1, arbitrary: fc.tuple(fc.nat(), coordArb, coordArb).map(([pick, x, z]): Edit => ({ op: 'seek', pick, at: [x, z], stop: 0.5, route: false, past: null })) },
        { weight: 1, arbitrary: fc.nat().map((pick): Edit => ({ op: 'unseek', pick })) },
        { weight: 1, arbitrary: fc.tuple(fc.nat(), coordArb, coordArb).map(([pick, x, z]): Edit => ({ op: 'place', pick, x, z })) },
        // A body gone or come among resting ones (HD-2: those it blocked rest no more).
        { weight: 1, arbitrary: fc.nat().map((pick): Edit => ({ op: 'remove', pick })) },
        { weight: 1, arbitrary: rowArb.map((row): Edit => ({ op: 'add', row })) },
      ),
      { minLength: 5, maxLength: 30 },
    ),
  })
  .map((r): Scene => {
    const walker = r.world.walker!;
    // Half the scenes' kinds list none in `bodies`: such bodies rest whatever the others do; among bodies that block,
    // a body rests idle or arrived while no body changes near it. And each kind seeks and speeds up briskly enough to
    // settle (a kind of any numbers may seek for ever).
    const kinds = Object.fromEntries(Object.entries(walker.kinds!).map(([name, { bodies, ...kind }]) => [name, { ...kind, accel: 4 + kind.accel, seekSpeed: 1 + kind.seekSpeed, ...(r.blocking && bodies !== undefined ? { bodies } : {}) }]));
    const world: World = { ...r.world, walker: { ...walker, kinds, mods: { ...walker.mods, solids: 'scatter3d' } }, scatter3d: { instances: r.solids } };
    const edits: Edit[] = [{ op: 'crowd', rows: r.rows }];
    r.rows.forEach((_, i) => {
      const aim = r.aims[i]!;
      const solid = r.solids[aim.pick % r.solids.length]!;
      // 0: idle; 1: to a solid's centre (walks up to it and rests there, SE-7); 2: to a target near it; 3: behind a solid.
      if (aim.how === 0) edits.push({ op: 'unseek', pick: i }, { op: 'want', pick: i, want: [0, 0] });
      else if (aim.how === 1) edits.push({ op: 'seek', pick: i, at: [solid.x, solid.z], stop: 0, route: false, past: null });
      else edits.push({ op: 'seek', pick: i, at: [aim.x, aim.z], stop: aim.stop, route: false, past: aim.how === 3 ? aim.pick : null });
    });
    edits.push({ op: 'step', dt: r.dt, count: Math.ceil(r.settle / r.dt) });
    for (const e of r.later) edits.push(e.op === 'step' && Number.isNaN(e.dt) ? { ...e, dt: r.dt } : e);
    return { world, capacity: r.rows.length, spot: null, edits };
  });

/** The next double above v (the least step a write can make). */
function nextUp(v: number): number {
  if (v === 0) return Number.MIN_VALUE;
  const bits = new Float64Array([v]);
  const word = new BigInt64Array(bits.buffer);
  word[0] = word[0]! + (v > 0 ? 1n : -1n);
  return bits[0]!;
}

/** What a 'nudge' writes over `old`. */
function nudged(field: NudgeField, big: boolean, old: number): number {
  if (field === 'side') return old === 1 ? -1 : old + 1;
  if (field === 'vx' && Object.is(old, 0)) return -0;
  if (field === 'targetX') return old + 3;
  if (!big) return nextUp(old);
  return old + (field === 'turned' ? 2 * Math.PI : 0.5);
}

/** A scene: a world, a small first capacity (so the arrays grow), and up to 120 edits and steps. */
export const sceneArb: fc.Arbitrary<Scene> = fc.record({
  world: worldArb,
  capacity: fc.integer({ min: 1, max: 8 }),
  spot: fc.oneof({ weight: 19, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.tuple(coordArb, coordArb) }),
  edits: fc.array(editArb, { minLength: 20, maxLength: 120, size: 'max' }),
});

/**
 * A scene of bodies walking head-on into solids (SL-2): each body starts 0.3–3 m off a solid's grown edge, moving
 * and seeking straight at it to a target behind it, within a hair of its centre, so that it meets the edge nearly
 * square and what is left of its move after the contact is a few ulps long — a move that only grazes the edge, where
 * a query and an exact test can round apart. Some bodies accelerate not at all (accel 0) and keep on pressing.
 */
export const grazingSceneArb: fc.Arbitrary<Scene> = fc
  .record({
    kinds: fc.array(kindArb, { minLength: 1, maxLength: 2 }),
    lattice: fc.boolean(),
    solids: fc.array(fc.record({ x: fc.double({ min: -8, max: 8, noNaN: true }), z: fc.double({ min: -8, max: 8, noNaN: true }), radius: fc.double({ min: 0.05, max: 1.6, noNaN: true }) }), { minLength: 1, maxLength: 4 }),
    bodies: fc.array(
      fc.record({
        solid: fc.nat(),
        kind: fc.nat(),
        bearing: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        off: fc.double({ min: 0.3, max: 3, noNaN: true }),
        miss: fc.oneof(fc.constant(0), fc.double({ min: -1e-6, max: 1e-6, noNaN: true }), fc.double({ min: -1e-12, max: 1e-12, noNaN: true })),
        speed: fc.double({ min: 0.5, max: 9, noNaN: true }),
        still: fc.boolean(),
      }),
      { minLength: 1, maxLength: 12 },
    ),
    dt: dtArb,
    count: fc.integer({ min: 5, max: 40 }),
  })
  .map((r): Scene => {
    const names = r.kinds.map((_, i) => ['elk', 'deer'][i]!);
    const kinds: Kinds = {};
    r.kinds.forEach((k, i) => {
      kinds[names[i]!] = r.bodies[i] !== undefined && r.bodies[i]!.still ? { ...k, accel: 0 } : k;
    });
    const mods: Record<string, string> = { height: 'terrain3d', solids: 'scatter3d' };
    if (r.lattice) mods.cell = 'terrain3d';
    const world: World = { walker: { kinds, mods }, terrain3d: { rings: [{ reach: 64, seg: 128 }] }, scatter3d: { instances: r.solids.map((c) => ({ ...c, solid: true })) } };
    const edits: Edit[] = [];
    r.bodies.forEach((b, i) => {
      const c = r.solids[b.solid % r.solids.length]!;
      const kindPick = b.kind % names.length;
      const grown = c.radius + kinds[names[kindPick]!]!.radius;
      const ux = Math.sin(b.bearing);
      const uz = Math.cos(b.bearing);
      const d = grown + b.off;
      // Aimed at the centre, missing it by `miss` across the way.
      const vx = -ux * b.speed - uz * b.miss;
      const vz = -uz * b.speed + ux * b.miss;
      const row: RowSpec = {
        kindPick, x: c.x + ux * d, z: c.z + uz * d, lift: 0, vel: [vx, 0, vz], want: [vx, vz], face: null, yaw: b.bearing + Math.PI,
        jump: false, air: false, steep: false, floorLift: 0, side: 0, turned: 0,
      };
      edits.push({ op: 'add', row });
      edits.push({ op: 'seek', pick: i, at: [c.x - ux * (grown + 2), c.z - uz * (grown + 2)], stop: 0, route: false, past: null });
    });
    edits.push({ op: 'step', dt: r.dt, count: r.count });
    return { world, capacity: r.bodies.length, spot: null, edits };
  });

export interface CampaignCounts {
  scenes: number;
  steps: number;
  /** Per-row seek and walk calls, and body-steps of every herd compared. */
  calls: number;
  /** Numbers (or flags) that differed between a herd and the per-row calls. */
  differences: number;
  /** Steps refused (a body would have left the world or gone non-finite): the herds must refuse alike. */
  refusals: number;
  /** The first differences, as sentences. */
  failures: string[];
  /** The level's edits made, by shape and what was done ("polygon moved"). */
  solidEdits: Record<string, number>;
}

export function noCounts(): CampaignCounts {
  return { scenes: 0, steps: 0, calls: 0, differences: 0, refusals: 0, failures: [], solidEdits: {} };
}

type Field = 'x' | 'y' | 'z' | 'vx' | 'vy' | 'vz' | 'wantX' | 'wantZ' | 'yaw' | 'floor' | 'speed' | 'side' | 'turned';
const FIELDS: readonly Field[] = ['x', 'y', 'z', 'vx', 'vy', 'vz', 'wantX', 'wantZ', 'yaw', 'floor', 'speed', 'side', 'turned'];

function rowField(row: Row, f: Field): number {
  switch (f) {
    case 'x': return row.pos[0];
    case 'y': return row.pos[1];
    case 'z': return row.pos[2];
    case 'vx': return row.vel![0];
    case 'vy': return row.vel![1];
    case 'vz': return row.vel![2];
    case 'wantX': return row.want![0];
    case 'wantZ': return row.want![1];
    default: return row[f]!;
  }
}

/** A body's seek target: where, within what distance it arrives, and whether it routes (RT-7). */
export interface Target {
  at: readonly number[];
  stop: number;
  route?: boolean;
}

/**
 * Plays one scene on every herd and the per-row calls, comparing after every step, and adds what it found to
 * `counts`. `threads` lists the wasm herds' thread counts (each a herd of its own).
 */
export async function playScene(cores: CampaignCores, scene: Scene, threads: readonly number[], counts: CampaignCounts, label: string): Promise<void> {
  const { world: w } = scene;
  const { wasm, reference: R } = cores;
  const wasmGround = wasm.groundOf(w);
  const refGround = R.groundOf(w);
  const herds: Array<[string, Herd]> = [
    ...threads.map((t): [string, Herd] => [`wasm herd on ${t} thread${t === 1 ? '' : 's'}`, new wasm.Herd(w, wasmGround, { capacity: scene.capacity, threads: t })]),
    ['reference herd', new R.Herd(w, refGround, { capacity: scene.capacity })],
  ];
  await Promise.all(herds.map(([, h]) => h.ready()));
  const rows: Row[] = [];
  const targets: (Target | null)[] = [];
  const arrived: boolean[] = [];
  const standAt = (kind: string, x: number, z: number): number => R.stand(R.numbers({ kind }, w), refGround, x, z);
  const fail = (what: string): void => {
    counts.differences++;
    if (counts.failures.length < 10) counts.failures.push(`${label}: ${what}`);
  };
  let step = 0;
  try {
    for (const edit of scene.edits) {
      const i = rows.length === 0 || !('pick' in edit) ? -1 : edit.pick % rows.length;
      if ('pick' in edit && i < 0) continue;
      switch (edit.op) {
        case 'add':
        case 'crowd':
        case 'put':
          for (const row of addedRows(edit, w, standAt)) {
            for (const [, h] of herds) h.add(row);
            rows.push(structuredClone(row));
            targets.push(null);
            arrived.push(false);
          }
          break;
        case 'remove': {
          for (const [, h] of herds) h.remove(i);
          const last = rows.length - 1;
          rows[i] = rows[last]!;
          targets[i] = targets[last]!;
          arrived[i] = arrived[last]!;
          rows.pop();
          targets.pop();
          arrived.pop();
          break;
        }
        case 'set': {
          const row = placeRow(edit.row, w, standAt);
          for (const [, h] of herds) h.set(i, row);
          rows[i] = structuredClone(row);
          break;
        }
        case 'seek': {
          const route = edit.route && scene.spot !== null;
          const at = route ? scene.spot! : edit.past !== null ? pastSolid(w, rows[i]!, edit.past, edit.at) : edit.at;
          for (const [, h] of herds) h.seek(i, at, edit.stop, { route });
          targets[i] = { at, stop: edit.stop, route };
          arrived[i] = false;
          break;
        }
        case 'unseek':
          for (const [, h] of herds) h.unseek(i);
          targets[i] = null;
          arrived[i] = false;
          break;
        case 'want':
          for (const [, h] of herds) {
            h.wantX[i] = edit.want[0];
            h.wantZ[i] = edit.want[1];
          }
          rows[i]!.want = [...edit.want];
          break;
        case 'jump':
          for (const [, h] of herds) h.jump[i] = 1;
          rows[i]!.jump = true;
          break;
        case 'place':
          for (const [, h] of herds) {
            h.x[i] = edit.x;
            h.z[i] = edit.z;
          }
          rows[i]!.pos = [edit.x, rows[i]!.pos[1], edit.z];
          break;
        case 'nudge': {
          const row = rows[i]!;
          const v = nudged(edit.field, edit.big, herds[0]![1][edit.field][i]!);
          for (const [, h] of herds) h[edit.field][i] = v;
          if (edit.field === 'x' || edit.field === 'y' || edit.field === 'z') {
            const pos = [...row.pos];
            pos['xyz'.indexOf(edit.field)] = v;
            row.pos = pos;
          } else if (edit.field === 'vx') {
            row.vel = [v, row.vel![1]!, row.vel![2]!];
          } else if (edit.field === 'targetX') {
            const t = targets[i];
            if (t !== null && t !== undefined) targets[i] = { ...t, at: [v, t.at[1]!] };
          } else {
            row[edit.field] = v;
          }
          break;
        }
        case 'solid':
          // Not in a scene that routes: each edit drops the fields round it, and a field made again costs the
          // reference core seconds on this ground (test/herd/gates.test.ts edits routing herds).
          if (w.walker?.mods?.solids === 'scatter3d' && scene.spot === null) {
            const made = editSolids(R.solidsOf(refGround), ontoBody(edit, rows, targets));
            counts.solidEdits[made] = (counts.solidEdits[made] ?? 0) + 1;
          }
          break;
        case 'step':
          for (let k = 0; k < edit.count; k++) {
            step++;
            counts.steps++;
            if (!stepAll(herds, edit.dt, step, counts, fail)) return;
            perRowStep(R, w, refGround, rows, targets, arrived, edit.dt);
            counts.calls += rows.length * herds.length + rows.reduce((n, _, j) => n + (targets[j] !== null ? 2 : 1), 0);
            compare(herds, rows, targets, arrived, step, edit.dt, fail);
            outsideSolids(R, w, refGround, rows, step, fail);
          }
          break;
      }
    }
  } finally {
    counts.scenes++;
    for (const [, h] of herds) h.dispose();
  }
}

/** The solid edit with an `onto` offset made a place: from the body's place, or its target's where `atTarget` and it seeks one. */
function ontoBody(edit: Extract<Edit, { op: 'solid' }>, rows: readonly Row[], targets: readonly (Target | null)[]): Extract<Edit, { op: 'solid' }> {
  if (edit.onto === undefined || rows.length === 0) return edit;
  const i = edit.onto % rows.length;
  const target = targets[i];
  const [x, z] = edit.atTarget === true && target !== null && target !== undefined ? target.at : [rows[i]!.pos[0], rows[i]!.pos[2]];
  return { ...edit, x: x! + edit.x, z: z! + edit.z };
}

/**
 * One edit of the level's solids (LV-1, LV-2): a circle, a box, a wall or a convex polygon added (LV-1's pieces, sized
 * and turned from the edit's numbers), or the first live id from `which` (modulo the ids given) moved or removed —
 * added when none is live; a third of the moves and removals take the first live polygon from `which` instead, so
 * polygons are moved and removed, not only added, among the many circles of a scene.
 */
function editSolids(level: LevelSolids, edit: Extract<Edit, { op: 'solid' }>): string {
  const firstLive = (wanted: (id: number) => boolean): number => {
    for (let k = 0; k < level.ids; k++) {
      const id = (edit.which + k) % level.ids;
      if (level.has(id) && wanted(id)) return id;
    }
    return -1;
  };
  let live = firstLive(() => true);
  if (live >= 0 && edit.action >= 0.4 && Math.floor(edit.action * 30) % 3 === 0) {
    const polygon = firstLive((id) => level.get(id).shape === 'polygon');
    if (polygon >= 0) live = polygon;
  }
  const { x, z, radius } = edit;
  const add = (solid: SolidInput): string => `${level.get(level.add(solid)).shape} added`;
  if (edit.action < 0.15 && live >= 0) return add({ shape: 'box', x, z, halfX: radius + 0.05, halfZ: radius / 2 + 0.05, yaw: x });
  if (edit.action < 0.25 && live >= 0) return add({ shape: 'wall', points: [[x, z], [x + 2 * radius + 0.5, z - radius], [x + 2 * radius + 0.5, z + 2]], thickness: 0.02 + radius / 4 });
  if (edit.action < 0.35 && live >= 0) return add({ shape: 'polygon', points: polygonAt(x, z, radius + 0.1, edit.which) });
  if (edit.action < 0.4 || live < 0) return add({ x, z, radius });
  const shape = level.get(live).shape;
  if (edit.action < 0.8) level.move(live, edit.x, edit.z);
  else level.remove(live);
  return `${shape} ${edit.action < 0.8 ? 'moved' : 'removed'}`;
}

/**
 * A convex, simple polygon of 3 … 8 corners on the circle of `size` round (x, z), counter-clockwise from angle x: gaps
 * between corners from 0.3 rad, each under π (so every corner is strictly left of every edge), drawn from `seed`.
 */
function polygonAt(x: number, z: number, size: number, seed: number): [number, number][] {
  const count = 3 + (seed % 6);
  let state = seed | 1;
  const weights = Array.from({ length: count }, () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return 1 + (state >>> 16) / 65536;
  });
  const total = weights.reduce((a, b) => a + b, 0);
  let angle = x;
  return weights.map((weight) => {
    const corner: [number, number] = [x + size * Math.cos(angle), z + size * Math.sin(angle)];
    angle += (weight / total) * 2 * Math.PI;
    return corner;
  });
}

/** LV-3: after a step no row's circle overlaps a solid's (a hair allowed for rounding at the grown edge). */
function outsideSolids(R: Pick<Walker, 'numbers'>, w: World, ground: Ground, rows: readonly Row[], step: number, fail: (what: string) => void): void {
  rows.forEach((row, i) => {
    const reach = R.numbers(row, w).radius;
    for (const c of ground.solids(row.pos[0], row.pos[2], reach)) {
      const d = (c as Piece).points === undefined ? Math.hypot(c.x - row.pos[0], c.z - row.pos[2]) : outlineDistance((c as Piece).points, row.pos[0], row.pos[2]);
      if (d < c.radius + reach - 1e-7) fail(`step ${step}, body ${i}: its centre ${d} m from a solid's of radius ${c.radius}, inside it grown by ${reach} (LV-3)`);
    }
  });
}

/** The distance from (x, z) to the convex polygon (or segment) of corners `p`, negative inside, written plainly. */
function outlineDistance(p: ArrayLike<number>, x: number, z: number): number {
  const n = p.length / 2;
  let best = Infinity;
  let inside = n > 2;
  for (let e = 0; e < (n > 2 ? n : 1); e++) {
    const [ax, az, bx, bz] = [p[e * 2], p[e * 2 + 1], p[((e + 1) % n) * 2], p[((e + 1) % n) * 2 + 1]];
    const s = Math.min(Math.max(((x - ax) * (bx - ax) + (z - az) * (bz - az)) / ((bx - ax) ** 2 + (bz - az) ** 2), 0), 1);
    best = Math.min(best, Math.hypot(x - ax - (bx - ax) * s, z - az - (bz - az) * s));
    if ((bx - ax) * (z - az) - (bz - az) * (x - ax) < 0) inside = false;
  }
  return inside ? -best : best;
}

/** The rows an edit adds: as given, or placed on the ground from their specs. */
function addedRows(edit: Extract<Edit, { op: 'add' | 'crowd' | 'put' }>, w: World, standAt: (kind: string, x: number, z: number) => number): Row[] {
  if (edit.op === 'put') return [edit.row];
  return (edit.op === 'add' ? [edit.row] : edit.rows).map((spec) => placeRow(spec, w, standAt));
}

/**
 * A target just behind one of the world's listed solids as the body sees it, so that the body walks into the solid,
 * presses on it and slides round it (SL-2, SE-3); `fallback` when the world lists none.
 */
function pastSolid(w: World, row: Row, pick: number, fallback: [number, number]): [number, number] {
  const listed = w.scatter3d?.instances ?? [];
  const c = listed[pick % Math.max(1, listed.length)];
  if (c === undefined) return fallback;
  const dx = c.x - row.pos[0];
  const dz = c.z - row.pos[2];
  const d = Math.sqrt(dx * dx + dz * dz);
  if (!(d > 0)) return fallback;
  const behind = c.radius + 1 + (pick % 5) * 0.5;
  return [c.x + (dx / d) * behind, c.z + (dz / d) * behind];
}

/**
 * Steps every herd; false when a step was refused (R-3, HD-4: a body would have left the world or gone non-finite),
 * after checking every herd refused it alike — the scene ends there.
 */
function stepAll(herds: ReadonlyArray<[string, Herd]>, dt: number, step: number, counts: CampaignCounts, fail: (what: string) => void): boolean {
  const refused = herds.map(([, h]) => {
    try {
      h.step(dt);
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  });
  const first = refused[0] ?? null;
  if (refused.every((r) => r === null)) return true;
  counts.refusals++;
  const said = (r: string | null): string => (r === null ? 'stepped' : `refused: ${r}`);
  refused.forEach((r, k) => {
    if (r !== first) fail(`step ${step}: ${herds[k]![0]} ${said(r)}; ${herds[0]![0]} ${said(first)}`);
  });
  return false;
}

/**
 * One step as per-row calls (HD-2): every row seeks (when it has a target) then walks, its ground.bodies holding the
 * start-of-step rows, their positions and velocities (AV-2) — the row itself in its own place, so it is left out by
 * identity.
 */
export function perRowStep(R: Pick<Walker, 'seek' | 'walk'>, w: World, ground: Ground, rows: readonly Row[], targets: readonly (Target | null)[], arrived: boolean[], dt: number): void {
  const snapshot: Row[] = rows.map((r) => ({ kind: r.kind, pos: r.pos, vel: r.vel }));
  ground.bodies = snapshot;
  rows.forEach((row, i) => {
    const held = snapshot[i]!;
    snapshot[i] = row;
    const t = targets[i];
    if (t !== null && t !== undefined) arrived[i] = R.seek(row, w, t.at, t.stop, ground, t.route === true ? { route: true } : undefined);
    R.walk(row, w, dt, ground);
    snapshot[i] = held;
  });
  ground.bodies = undefined;
}

function compare(herds: ReadonlyArray<[string, Herd]>, rows: readonly Row[], targets: readonly (Target | null)[], arrived: readonly boolean[], step: number, dt: number, fail: (what: string) => void): void {
  for (const [name, h] of herds) {
    if (h.count !== rows.length) {
      fail(`step ${step}: ${name} holds ${h.count} bodies, the rows ${rows.length}`);
      continue;
    }
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      for (const f of FIELDS) {
        const a = h[f][i]!;
        const b = rowField(row, f);
        if (!Object.is(a, b)) fail(`step ${step} (dt ${dt}), body ${i} (kind ${row.kind}), ${f}: ${name} ${a}, per-row ${b}`);
      }
      if ((h.air[i] !== 0) !== row.air) fail(`step ${step}, body ${i}: ${name} air ${h.air[i]}, per-row ${String(row.air)}`);
      if ((h.steep[i] !== 0) !== row.steep) fail(`step ${step}, body ${i}: ${name} steep ${h.steep[i]}, per-row ${String(row.steep)}`);
      if ((h.jump[i] !== 0) !== (row.jump === true)) fail(`step ${step}, body ${i}: ${name} jump ${h.jump[i]}, per-row ${String(row.jump)}`);
      if ((h.arrived[i] !== 0) !== arrived[i]) fail(`step ${step}, body ${i}: ${name} arrived ${h.arrived[i]}, per-row ${String(arrived[i])}`);
      // A row keeps its last seek's answer; a herd body's flag is cleared when it stops seeking (HD-2).
      const unreachable = targets[i] !== null && row.unreachable === true;
      if ((h.unreachable[i] !== 0) !== unreachable) fail(`step ${step}, body ${i}: ${name} unreachable ${h.unreachable[i]}, per-row ${String(unreachable)}`);
    }
  }
}

/** Plays `scenes` scenes drawn from `seed` and returns the counts; `progress` hears after each scene. */
export async function campaign(cores: CampaignCores, seed: number, scenes: number, threads: readonly number[], progress?: (c: CampaignCounts) => void): Promise<CampaignCounts> {
  const counts = noCounts();
  // A third of the scenes walk bodies head-on into solids, a third bring them to rest and disturb them.
  const drawn = fc.sample(fc.oneof(sceneArb, grazingSceneArb, restSceneArb), { seed, numRuns: scenes });
  for (let k = 0; k < drawn.length; k++) {
    await playScene(cores, drawn[k]!, threads, counts, `seed ${seed}, scene ${k}`);
    progress?.(counts);
  }
  return counts;
}
