/**
 * Rows in and out: defaults, checks that leave a bad row untouched, and writes as new arrays.
 * Shared by both entries; the cores work on a Body, the row's numbers unpacked.
 */
import { finiteBody, type Body } from './body.ts';
import type { Row } from './types.ts';

function show(value: unknown): string {
  return Array.isArray(value) ? `[${value.map(String).join(', ')}]` : typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** Throws unless `value` is an array of `length` finite numbers; `name` is how the message calls it. */
export function checkVector(name: string, value: unknown, length: number): readonly number[] {
  if (!Array.isArray(value) || value.length !== length || !value.every((v) => typeof v === 'number' && Number.isFinite(v))) {
    throw new Error(`walker: ${name} is ${show(value)}; expected ${length} finite numbers.`);
  }
  return value as readonly number[];
}

/** Throws unless `value` is a finite number, or (with `min`) at least `min`. */
export function checkNumber(name: string, value: unknown, min = -Infinity): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    const expected = min === -Infinity ? 'a finite number' : `a finite number ≥ ${min}`;
    throw new Error(`walker: ${name} is ${show(value)}; expected ${expected}.`);
  }
  return value;
}

/** Throws unless dt is finite and > 0. */
export function checkDt(dt: unknown): number {
  if (typeof dt !== 'number' || !Number.isFinite(dt) || !(dt > 0)) {
    throw new Error(`walker: dt is ${show(dt)}; expected a finite number > 0.`);
  }
  return dt;
}

function optionalNumber(me: Row, field: string, fallback: number): number {
  const value = me[field];
  return value === undefined ? fallback : checkNumber(`row.${field}`, value);
}

function optionalBoolean(me: Row, field: string): boolean {
  const value = me[field];
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw new Error(`walker: row.${field} is ${show(value)}; expected true or false.`);
  return value;
}

/** Reads a row into `out`, filling defaults; throws on a bad field before anything is written. */
export function readBody(me: Row, out: Body): Body {
  if (me === null || typeof me !== 'object') throw new Error(`walker: row is ${show(me)}; expected an object.`);
  const pos = checkVector('row.pos', me.pos, 3);
  const vel = me.vel === undefined ? undefined : checkVector('row.vel', me.vel, 3);
  const want = me.want === undefined ? undefined : checkVector('row.want', me.want, 2);
  const face = me.face;
  if (face !== undefined && face !== null) checkNumber('row.face', face);
  const side = optionalNumber(me, 'side', 0);
  if (side !== -1 && side !== 0 && side !== 1) throw new Error(`walker: row.side is ${show(side)}; expected -1, 0 or 1.`);
  out.x = pos[0];
  out.y = pos[1];
  out.z = pos[2];
  out.vx = vel === undefined ? 0 : vel[0];
  out.vy = vel === undefined ? 0 : vel[1];
  out.vz = vel === undefined ? 0 : vel[2];
  out.wantX = want === undefined ? 0 : want[0];
  out.wantZ = want === undefined ? 0 : want[1];
  out.hasFace = face !== undefined && face !== null;
  out.face = out.hasFace ? (face as number) : 0;
  out.yaw = optionalNumber(me, 'yaw', 0);
  out.jump = optionalBoolean(me, 'jump');
  out.air = optionalBoolean(me, 'air');
  out.steep = optionalBoolean(me, 'steep');
  out.floor = optionalNumber(me, 'floor', pos[1]);
  out.speed = optionalNumber(me, 'speed', 0);
  out.side = side;
  out.turned = optionalNumber(me, 'turned', 0);
  return out;
}

/** Throws if any number a call is about to write is NaN or ±Infinity, so none ever reaches a row. */
export function checkFinite(body: Body, call: string): void {
  if (!finiteBody(body)) {
    throw new Error(`walker: ${call} would write a non-finite number (the inputs are too large); the row is unchanged.`);
  }
}

/** The error of a call whose move (dx, dz) was too long to sample (SL-3's sampling would not end); nothing was written (R-3). */
export function moveTooLongError(dx: number, dz: number): Error {
  return new Error(`walker: a move of [${dx}, ${dz}] is too long to sample; expected a finite length (the inputs are too large), and the row is unchanged.`);
}

/** Writes the body's position, as a new array. */
export function writePos(me: Row, body: Body): void {
  me.pos = [body.x, body.y, body.z];
}

/** Writes everything walk changes (WA), arrays as new arrays. */
export function writeWalked(me: Row, body: Body): void {
  me.pos = [body.x, body.y, body.z];
  me.vel = [body.vx, body.vy, body.vz];
  me.yaw = body.yaw;
  me.jump = false;
  me.air = body.air;
  me.steep = body.steep;
  me.floor = body.floor;
  me.speed = body.speed;
}

/** Body of kind `kind` as a new row with every field (R-1's fields, arrays new: R-2). */
export function rowOf(kind: string, b: Body): Row {
  return {
    kind,
    pos: [b.x, b.y, b.z],
    vel: [b.vx, b.vy, b.vz],
    want: [b.wantX, b.wantZ],
    face: b.hasFace ? b.face : null,
    yaw: b.yaw,
    jump: b.jump,
    air: b.air,
    steep: b.steep,
    floor: b.floor,
    speed: b.speed,
    side: b.side,
    turned: b.turned,
  };
}

/** Writes what carry changes (CA-3): pos, vel (its y when landing) and air. */
export function writeCarried(me: Row, body: Body): void {
  me.pos = [body.x, body.y, body.z];
  me.vel = [body.vx, body.vy, body.vz];
  me.air = body.air;
}

/** Writes what seek changes (SE), `unreachable` its SE-7 answer. */
export function writeSought(me: Row, body: Body, unreachable: boolean): void {
  me.want = [body.wantX, body.wantZ];
  me.side = body.side;
  me.turned = body.turned;
  me.unreachable = unreachable;
}
