/**
 * Rows in and out: defaults, checks that leave a bad row untouched (R-3, BI-1), and writes as new arrays
 * that are all made or none. Shared by both entries; the cores work on a Body, the row's numbers unpacked.
 */
import { finiteBody, FINITE_NUMBERS, type Body } from './body.ts';
import { checkKnownKeys } from './known.ts';
import { MAX_ANGLE, MAX_MOVE, WORLD, show } from './limits.ts';
import type { Numbers, Row, SeekOptions } from './types.ts';

export { show };

/** Throws unless `value` is an array of `length` finite numbers (no holes); `name` is how the message calls it. */
export function checkVector(name: string, value: unknown, length: number): readonly number[] {
  let ok = Array.isArray(value) && value.length === length;
  for (let i = 0; ok && i < length; i++) {
    const v = (value as unknown[])[i];
    ok = typeof v === 'number' && v - v === 0;
  }
  if (!ok) throw new Error(`walker: ${name} is ${show(value)}; expected ${length} finite numbers.`);
  return value as readonly number[];
}

/** Throws unless `value` is a finite number within [min, max]. */
export function checkNumber(name: string, value: unknown, min = -Infinity, max = Infinity): number {
  if (typeof value !== 'number' || !(value - value === 0) || value < min || value > max) {
    const expected =
      min === -Infinity && max === Infinity ? 'a finite number'
        : max === Infinity ? `a finite number ≥ ${min}`
          : min === -Infinity ? `a finite number ≤ ${max}` : `a finite number from ${min} to ${max}`;
    throw new Error(`walker: ${name} is ${show(value)}; expected ${expected}.`);
  }
  return value;
}

/** Throws unless (x, z) lies in the world, |x|, |z| ≤ WORLD (BI-2); `name` is how the message calls the point. */
export function checkInWorld(name: string, x: number, z: number, value: unknown = [x, z]): void {
  if (!(Math.abs(x) <= WORLD && Math.abs(z) <= WORLD)) {
    throw new Error(`walker: ${name} is ${show(value)}; expected a point within the world, |x| and |z| ≤ ${WORLD} m.`);
  }
}

/** A horizontal point [x, z] in the world (a seek target, BI-2). */
export function checkPoint(name: string, value: unknown): readonly number[] {
  const p = checkVector(name, value, 2);
  checkInWorld(name, p[0], p[1]);
  return p;
}

const SEEK_OPTIONS: readonly (keyof SeekOptions)[] = ['route'];

/**
 * seek's options (RT-7): none, or an object whose `route` is absent or true or false, and no other key (BI-5);
 * returns whether the body routes. Throws a sentence naming the field and value otherwise (BI-1); `where` names the
 * options in the unknown-key sentence (`seek options`, `herd.seek options`).
 */
export function checkSeekOptions(options: unknown, where = 'seek options'): boolean {
  if (options === undefined) return false;
  if (options === null || typeof options !== 'object') throw new Error(`walker: options is ${show(options)}; expected an object such as { route: true }.`);
  checkKnownKeys(where, options, SEEK_OPTIONS);
  const route = (options as SeekOptions).route as unknown;
  if (route === undefined) return false;
  if (typeof route !== 'boolean') throw new Error(`walker: options.route is ${show(route)}; expected true or false.`);
  return route;
}

/**
 * A horizontal move [x, z] no longer than MAX_MOVE (a slide's or carry's delta, BI-3), give or take the last bits, so
 * a 100 m move made from an angle (100·cos a, 100·sin a) is taken.
 */
export function checkDelta(value: unknown): readonly number[] {
  const d = checkVector('delta', value, 2);
  if (!(Math.sqrt(d[0] * d[0] + d[1] * d[1]) <= MAX_MOVE * (1 + 1e-12))) {
    throw new Error(`walker: delta is ${show(value)}; expected a move no longer than ${MAX_MOVE} m (split a longer one).`);
  }
  return d;
}

/** Throws unless dt is finite and > 0. */
export function checkDt(dt: unknown): number {
  if (typeof dt !== 'number' || !(dt - dt === 0) || !(dt > 0)) {
    throw new Error(`walker: dt is ${show(dt)}; expected a finite number > 0.`);
  }
  return dt;
}

/**
 * Throws unless one walk of `body` by `dt` moves at most MAX_MOVE (BI-3): its horizontal velocity eases toward a want
 * no longer than |want| + slide (WA-1), so the move is at most max(|vel|, |want| + slide)·dt.
 */
export function checkWalkMove(n: Numbers, body: Body, dt: number): void {
  // A huge vel or want overflows to Infinity here, which is refused too; the message shows the row's numbers.
  const v = Math.sqrt(body.vx * body.vx + body.vz * body.vz);
  const w = Math.sqrt(body.wantX * body.wantX + body.wantZ * body.wantZ) + n.slide;
  const most = Math.max(v, w) * dt;
  if (!(most <= MAX_MOVE)) {
    throw new Error(`walker: walk would move the body up to ${most} m in one step (row.vel ${show([body.vx, body.vy, body.vz])}, row.want ${show([body.wantX, body.wantZ])}, slide ${n.slide}, dt ${dt}); expected at most ${MAX_MOVE} m, so lower the speed or dt${secondsHint(dt)}.`);
  }
}

/** A step this long is no game's frame: it is a frame in milliseconds (16 for 60 Hz) given where seconds are meant. */
const MILLISECONDS_LIKE = 1;

/**
 * The end of a too-long-move sentence for a dt that looks like milliseconds: ` — dt is in seconds (…)`, else ''.
 * Why: `walk(me, w, 16, ground)` is the usual slip, and "lower the speed or dt" alone does not say which.
 */
export function secondsHint(dt: number): string {
  return dt >= MILLISECONDS_LIKE ? ` — dt is in seconds (a 60 Hz frame is 1/60 s; dt ${dt} looks like milliseconds)` : '';
}

/** A row as an object, or a sentence saying what it is. */
export function checkRow(me: unknown): Row {
  if (me === null || typeof me !== 'object') throw new Error(`walker: row is ${show(me)}; expected an object such as { kind: "xbot", pos: [0, 0, 0] }.`);
  return me as Row;
}

function optionalNumber(me: Row, field: string, fallback: number, limit = Infinity): number {
  const value = me[field];
  return value === undefined ? fallback : checkNumber(`row.${field}`, value, -limit, limit);
}

function optionalBoolean(me: Row, field: string): boolean {
  const value = me[field];
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw new Error(`walker: row.${field} is ${show(value)}; expected true or false.`);
  return value;
}

/** Reads a row into `out`, filling defaults; throws on a bad field before anything is written (R-3, BI-1, BI-2). */
export function readBody(row: unknown, out: Body): Body {
  const me = checkRow(row);
  const pos = checkVector('row.pos', me.pos, 3);
  checkInWorld('row.pos', pos[0], pos[2], pos);
  const vel = me.vel === undefined ? undefined : checkVector('row.vel', me.vel, 3);
  const want = me.want === undefined ? undefined : checkVector('row.want', me.want, 2);
  const face = me.face;
  if (face !== undefined && face !== null) checkNumber('row.face', face, -MAX_ANGLE, MAX_ANGLE);
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
  out.yaw = optionalNumber(me, 'yaw', 0, MAX_ANGLE);
  out.jump = optionalBoolean(me, 'jump');
  out.air = optionalBoolean(me, 'air');
  out.steep = optionalBoolean(me, 'steep');
  out.floor = optionalNumber(me, 'floor', pos[1]);
  out.speed = optionalNumber(me, 'speed', 0);
  out.side = side;
  out.turned = optionalNumber(me, 'turned', 0, MAX_ANGLE);
  return out;
}

/**
 * Throws if any number a call is about to write is NaN or ±Infinity, or the body would leave the world, so neither
 * ever reaches a row (R-3, BI-2); the message names the field and its value.
 */
export function checkFinite(body: Body, call: string): void {
  if (!finiteBody(body)) {
    const field = FINITE_NUMBERS.find((f) => !Number.isFinite(body[f]));
    throw new Error(`walker: ${call} would write ${field} = ${body[field!]} (the row's numbers are too large); expected finite numbers, and the row is unchanged.`);
  }
  if (!(Math.abs(body.x) <= WORLD && Math.abs(body.z) <= WORLD)) {
    throw new Error(`walker: ${call} would move the body to [${body.x}, ${body.z}]; expected within the world, |x| and |z| ≤ ${WORLD} m, and the row is unchanged.`);
  }
}

/** The error of a call whose move (dx, dz) was too long to sample (SL-3's sampling would not end); nothing was written (R-3). */
export function moveTooLongError(dx: number, dz: number): Error {
  return new Error(`walker: a move of [${dx}, ${dz}] is too long to sample; expected a finite length (the inputs are too large), and the row is unchanged.`);
}

const had: boolean[] = [];
const old: unknown[] = [];

/**
 * Writes `values` into the row's `fields`, all or none: a field that cannot be written (a frozen or sealed row,
 * a read-only field, a Proxy that refuses) puts back every field written before it and throws a sentence naming it.
 */
function commit(me: Row, fields: readonly string[], values: readonly unknown[]): void {
  let k = 0;
  try {
    for (; k < fields.length; k++) {
      const f = fields[k];
      had[k] = Object.hasOwn(me, f);
      old[k] = me[f];
      me[f] = values[k];
    }
  } catch {
    for (let j = k - 1; j >= 0; j--) {
      try {
        if (had[j]) me[fields[j]] = old[j];
        else delete me[fields[j]];
      } catch {
        // A field written a moment ago can be written again; only a hostile Proxy lands here, and it keeps its value.
      }
    }
    throw new Error(`walker: row.${fields[k]} cannot be written (the row is frozen or sealed, or the field is read-only); expected a writable row, and the row is unchanged.`);
  }
}

const POS = ['pos'];
/** Writes the body's position, as a new array. */
export function writePos(me: Row, body: Body): void {
  commit(me, POS, [[body.x, body.y, body.z]]);
}

const WALKED = ['pos', 'vel', 'yaw', 'jump', 'air', 'steep', 'floor', 'speed'];
/** Writes everything walk changes (WA), arrays as new arrays. */
export function writeWalked(me: Row, body: Body): void {
  commit(me, WALKED, [[body.x, body.y, body.z], [body.vx, body.vy, body.vz], body.yaw, false, body.air, body.steep, body.floor, body.speed]);
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

const CARRIED = ['pos', 'vel', 'air'];
/** Writes what carry changes (CA-3): pos, vel (its y when landing) and air. */
export function writeCarried(me: Row, body: Body): void {
  commit(me, CARRIED, [[body.x, body.y, body.z], [body.vx, body.vy, body.vz], body.air]);
}

const SOUGHT = ['want', 'side', 'turned', 'unreachable'];
/** Writes what seek changes (SE), `unreachable` its SE-7 answer. */
export function writeSought(me: Row, body: Body, unreachable: boolean): void {
  commit(me, SOUGHT, [[body.wantX, body.wantZ], body.side, body.turned, unreachable]);
}
