/**
 * The herd step on the plain-TypeScript core (HD-1, HD-2): twin of assembly/herd.ts's step. For every body in turn it
 * loads the body from the herd's arrays, seeks its target (when it has one), walks it, and stores it back — the same
 * seekBody and walkBody a per-row call runs, each body blocked by the start-of-step circles of the bodies its kind
 * lists, so a herd step equals N per-row calls whose ground.bodies hold those snapshots (HD-2).
 * The arrays' storage and the herd's API are src/herd.ts; the wasm twin keeps the same arrays in linear memory.
 */
import { BODY_FLAGS, BODY_NUMBERS, FINITE_NUMBERS, finiteBody, newBody, type Body } from '../body.ts';
import { MAX_MOVE, WORLD } from '../limits.ts';
import { secondsHint } from '../rows.ts';
import type { BodyCircle, Ground, Numbers } from '../types.ts';
import { Sampler, forget } from './lattice.ts';
import { type FieldSet, dropFieldsIn, fieldFor, seekAlong } from './fields.ts';
import { LOG_SIZE, type ScatterGrid } from './scatter.ts';
import { SEEK_ARRIVED, SEEK_UNREACHABLE, seekBody } from './seek.ts';
import { Move, clearRefusedMove, wasMoveRefused } from './slide.ts';
import { walkBody } from './walk.ts';

/** A herd's f64 arrays: a body's numbers, then its seek target (`stop` is the arrival distance). */
export const HERD_NUMBERS = [...BODY_NUMBERS, 'targetX', 'targetZ', 'stop'] as const;
/**
 * A herd's flag arrays (0 or 1): a body's flags, then `seeking` (it seeks its target each step), seek's answer —
 * `arrived`, or `unreachable` (SE-7) — and `routing` (it seeks along its kind's flow field to the target, RT-8).
 */
export const HERD_FLAGS = [...BODY_FLAGS, 'seeking', 'arrived', 'unreachable', 'routing'] as const;

export type HerdNumberField = (typeof HERD_NUMBERS)[number];
export type HerdFlagField = (typeof HERD_FLAGS)[number];

/** The arrays a herd step reads and writes, each at least `count` long; `kinds` indexes the herd's kinds table. */
export interface HerdArrays {
  readonly count: number;
  numbers(field: HerdNumberField): Float64Array;
  flags(field: HerdFlagField): Uint8Array;
  kinds(): Int32Array;
}

/**
 * A herd as its step sees it: its arrays, its kinds (checked numbers, and blocks[k][j]: kind k lists kind j), its
 * ground, and the flow fields its routing bodies follow (RT-7), kept from step to step.
 */
export interface Herd {
  readonly arrays: HerdArrays;
  readonly table: readonly Readonly<Numbers>[];
  readonly blocks: readonly (readonly boolean[])[];
  readonly ground: Ground;
  readonly fields: FieldSet;
  /** The grid the ground's solids answer from, when they can change (LV-1), else null. */
  readonly solids: ScatterGrid | null;
}

/** What a step returns when every body stepped (else see herdStep). */
export const STEPPED = -1;

/** Copies body i out of the herd's arrays. */
export function loadBody(h: HerdArrays, i: number, body: Body): void {
  for (const f of BODY_NUMBERS) body[f] = h.numbers(f)[i];
  for (const f of BODY_FLAGS) body[f] = h.flags(f)[i] !== 0;
}

/** Copies a stepped body back into the herd's arrays. */
export function storeBody(h: HerdArrays, i: number, body: Body): void {
  for (const f of BODY_NUMBERS) h.numbers(f)[i] = body[f];
  for (const f of BODY_FLAGS) h.flags(f)[i] = body[f] ? 1 : 0;
}

/**
 * Why body i's inputs are ones a per-row call refuses (src/rows.ts readBody, seek's target and stop), as the rest of a
 * sentence naming the field, the value and what was expected; null when they are not. Both entries' herds phrase a
 * refused body with it.
 */
export function refusedField(h: HerdArrays, i: number, table: readonly Readonly<Numbers>[], dt: number): string | null {
  const kindCount = table.length;
  for (const f of FINITE_NUMBERS) {
    const v = h.numbers(f)[i];
    if (!Number.isFinite(v)) return `${f} = ${v}; expected a finite number`;
  }
  const face = h.numbers('face')[i];
  if (h.flags('hasFace')[i] !== 0 && !Number.isFinite(face)) return `face = ${face}; expected a finite number`;
  const side = h.numbers('side')[i];
  if (side !== -1 && side !== 0 && side !== 1) return `side = ${side}; expected -1, 0 or 1`;
  const kind = h.kinds()[i];
  if (!(kind >= 0 && kind < kindCount)) return `kind = ${kind}; expected an index into herd.kinds (0 to ${kindCount - 1})`;
  const x = h.numbers('x')[i];
  const z = h.numbers('z')[i];
  if (!(Math.abs(x) <= WORLD && Math.abs(z) <= WORLD)) return `x, z = ${x}, ${z}; expected within the world, |x| and |z| ≤ ${WORLD} m`;
  const seeking = h.flags('seeking')[i] !== 0;
  if (seeking) {
    const tx = h.numbers('targetX')[i];
    const tz = h.numbers('targetZ')[i];
    if (!(Math.abs(tx) <= WORLD && Math.abs(tz) <= WORLD)) return `targetX, targetZ = ${tx}, ${tz}; expected finite numbers within the world, |x| and |z| ≤ ${WORLD} m`;
    const stop = h.numbers('stop')[i];
    if (!(stop >= 0 && stop < Infinity)) return `stop = ${stop}; expected a finite number ≥ 0`;
  }
  const speed = mostSpeed(h, i, table[kind], seeking);
  return speed * dt <= MAX_MOVE ? null : `a speed of ${speed} m/s, a move of ${speed * dt} m in a step of ${dt} s; expected a move of at most ${MAX_MOVE} m${secondsHint(dt)}`;
}

/**
 * The fastest body i may move this step (BI-3): its velocity eases toward a want no longer than |want| (or seekSpeed,
 * when it seeks) + slide (WA-1), so its speed stays within the larger of |vel| and that.
 */
export function mostSpeed(h: HerdArrays, i: number, n: Readonly<Numbers>, seeking: boolean): number {
  const vx = h.numbers('vx')[i];
  const vz = h.numbers('vz')[i];
  const wx = h.numbers('wantX')[i];
  const wz = h.numbers('wantZ')[i];
  const want = Math.max(Math.sqrt(wx * wx + wz * wz), seeking ? n.seekSpeed : 0.0) + n.slide;
  return Math.max(Math.sqrt(vx * vx + vz * vz), want);
}

/** Whether body i's inputs are ones a per-row call accepts, for a step of dt. */
export function validBody(h: Herd, i: number, dt: number): boolean {
  return refusedField(h.arrays, i, h.table, dt) === null;
}

/** Whether a stepped body may be stored: every number finite, and in the world (R-3, BI-2). */
function storable(b: Body): boolean {
  return finiteBody(b) && Math.abs(b.x) <= WORLD && Math.abs(b.z) <= WORLD;
}

const body = newBody();
const move = new Move();
const blockers: BodyCircle[] = [];

/**
 * Steps every body once (HD-1, HD-2): seek toward its target when it has one, then walk, each body blocked by the
 * start-of-step positions of the bodies its kind lists. Returns STEPPED when every body stepped. A body whose inputs
 * a per-row call would refuse stops the step before anything moves: the answer is its index. A body whose step
 * would write a non-finite number, or whose move was refused, is left as it was (its `arrived` and `unreachable` too) and the others
 * step: the answer is −2 − its index (the first). A blocking herd costs O(N²) here (the wasm twin files a grid).
 */
export function herdStep(h: Herd, dt: number): number {
  const a = h.arrays;
  const count = a.count;
  for (let i = 0; i < count; i++) if (!validBody(h, i, dt)) return i;
  const xs = a.numbers('x');
  const zs = a.numbers('z');
  const kinds = a.kinds();
  const vxs = a.numbers('vx');
  const vzs = a.numbers('vz');
  const snapshot: BodyCircle[] = [];
  for (let j = 0; j < count; j++) snapshot.push({ x: xs[j], z: zs[j], radius: h.table[kinds[j]].radius, vx: vxs[j], vz: vzs[j], share: 1.0 });
  const g = new Sampler(h.ground);
  prepareFields(h, g);
  let failed = -1;
  for (let i = 0; i < count; i++) {
    const kind = kinds[i];
    const n = h.table[kind];
    g.bodies = n.bodies.length > 0 ? gatherBlockers(h, i, snapshot) : [];
    loadBody(a, i, body);
    forget(g);
    clearRefusedMove();
    let arrived = a.flags('arrived')[i] !== 0;
    let unreachable = a.flags('unreachable')[i] !== 0;
    if (a.flags('seeking')[i] !== 0) {
      const tx = a.numbers('targetX')[i];
      const tz = a.numbers('targetZ')[i];
      const stop = a.numbers('stop')[i];
      const answer = a.flags('routing')[i] !== 0 ? seekAlong(h.fields, kind, n, g, body, tx, tz, stop) : seekBody(n, g, body, tx, tz, stop);
      arrived = answer === SEEK_ARRIVED;
      unreachable = answer === SEEK_UNREACHABLE;
    }
    walkBody(n, g, body, dt, move);
    if (wasMoveRefused() || !storable(body)) {
      if (failed === -1) failed = i;
      continue;
    }
    a.flags('arrived')[i] = arrived ? 1 : 0;
    a.flags('unreachable')[i] = unreachable ? 1 : 0;
    storeBody(a, i, body);
  }
  return failed === -1 ? STEPPED : -2 - failed;
}

/**
 * Makes sure the field of every routing body's kind and target is in the set before any body moves (RT-7), in body
 * order, with no blocking bodies (they move; the field is of the ground).
 */
export function prepareFields(h: Herd, g: Sampler): void {
  forgetChangedSolids(h);
  const a = h.arrays;
  h.fields.clock++;
  g.bodies = [];
  for (let i = 0; i < a.count; i++) {
    if (a.flags('seeking')[i] === 0 || a.flags('routing')[i] === 0) continue;
    const kind = a.kinds()[i];
    fieldFor(h.fields, kind, h.table[kind], g, a.numbers('targetX')[i], a.numbers('targetZ')[i]);
  }
}

/**
 * Drops what the herd keeps that the solids' changes since its last step reach (LV-4): the fields whose region a
 * changed disc's box reaches, every field once more changes came than the grid's log keeps. Before any body moves.
 */
export function forgetChangedSolids(h: Herd): void {
  const grid = h.solids;
  const set = h.fields;
  if (grid === null || grid.changes === set.seen) return;
  if (grid.changes - set.seen > LOG_SIZE) {
    dropFieldsIn(set, -Infinity, -Infinity, Infinity, Infinity);
  } else {
    for (let c = set.seen; c < grid.changes; c++) {
      const at = (c % LOG_SIZE) * 4;
      dropFieldsIn(set, grid.log[at], grid.log[at + 1], grid.log[at + 2], grid.log[at + 3]);
    }
  }
  set.seen = grid.changes;
}

/**
 * The start-of-step circles and motion of the bodies body i's kind lists, itself left out, in body order, each with
 * the share of avoiding it leaves to body i (AV-6, src/reference/bodies.ts shareOf; reuses one array).
 */
function gatherBlockers(h: Herd, i: number, snapshot: readonly BodyCircle[]): readonly BodyCircle[] {
  const kinds = h.arrays.kinds();
  const mine = kinds[i];
  const listed = h.blocks[mine];
  blockers.length = 0;
  for (let j = 0; j < snapshot.length; j++) {
    if (j === i || !listed[kinds[j]]) continue;
    const other = h.table[kinds[j]];
    const share = other.avoidNeighbours > 0 && h.blocks[kinds[j]][mine] ? 0.5 : 1.0;
    blockers.push({ ...snapshot[j], share });
  }
  return blockers;
}
