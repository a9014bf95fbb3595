/**
 * seek's per-row calls (SE-1..SE-7, RT-7): plain seek, and seek along the kind's flow field, kept for per-row calls
 * under a key of the ground and the kind. Above seek and the fields, which they call.
 * Twin of assembly/seekCalls.ts: same functions, same operations, same order.
 */
import { numbers } from '../kinds.ts';
import { checkFinite, checkNumber, checkPoint, checkSeekOptions, readBody, writeSought } from '../rows.ts';
import { newBody, type Body } from '../body.ts';
import { Sampler } from './lattice.ts';
import { SEEK_ARRIVED, SEEK_UNREACHABLE, seekBody } from './seek.ts';
import { callGround } from './bodies.ts';
import { partsOf } from './route.ts';
import { FIELDS_KEPT, dropFieldsIn, fieldFor, newFieldSet, seekAlong } from './fields.ts';
import type { Ground, Numbers, Row, SeekOptions, World } from '../types.ts';

/** A key of the per-row fields (RT-7): the parts of a ground and the kind's numbers it was given for. */
export interface FieldKey {
  /** Kept alive with the key (a wasm ground's upload, whose address is one of the parts). */
  owner: object;
  parts: readonly unknown[];
  n: Numbers;
  key: number;
}

/** Keys given so far, on every core: a key is never given twice. */
let keysGiven = 0;

/** The reference core's per-row field keys, the FIELDS_KEPT used last. */
const rowKeys: FieldKey[] = [];

/**
 * The key a per-row routing seek files a kind's fields on a ground under (RT-7): the same while every part and the
 * kind's numbers (so its kinds table) are the same, else a new key, never given before — so a field made on a part
 * since replaced is never found again. The FIELDS_KEPT keys used last are remembered: no older key names a kept field.
 */
export function fieldKey(keys: FieldKey[], owner: object, parts: readonly unknown[], n: Numbers): number {
  for (let i = 0; i < keys.length; i++) {
    const e = keys[i];
    if (e.n === n && e.parts.length === parts.length && e.parts.every((p, j) => p === parts[j])) {
      keys.splice(i, 1);
      keys.unshift(e);
      return e.key;
    }
  }
  keysGiven++;
  keys.unshift({ owner, parts, n, key: keysGiven });
  if (keys.length > FIELDS_KEPT) keys.pop();
  return keysGiven;
}

/** The fields per-row routing seeks follow on this core (RT-7): the FIELDS_KEPT used last, of any ground and kind, filed under fieldKey's key. */
const rowFields = newFieldSet();

/**
 * Sets the body's want along its kind's flow field to (tx, tz) on `ground` (RT-7, RT-8): the field made first when
 * the core does not keep it, with no blocking bodies, then seekAlong with `g`, the call's sampler (its blocking
 * bodies). Answers as seekBody does; `seek` with `{ route: true }` checks the row and writes it back.
 */
export function seekRoute(ground: Ground, n: Numbers, g: Sampler, body: Body, tx: number, tz: number, stop: number): number {
  const key = fieldKey(rowKeys, ground, [ground, ...partsOf(ground)], n);
  rowFields.clock++;
  fieldFor(rowFields, key, n, new Sampler(ground), tx, tz);
  return seekAlong(rowFields, key, n, g, body, tx, tz, stop);
}

/**
 * Sets a row's want toward `target` [x, z] at its kind's seekSpeed, going round obstacles, and returns whether it is
 * within `stop` metres (SE-1..SE-7). Writes want, side, turned and `unreachable` (SE-7). With `{ route: true }` the
 * body follows its kind's flow field to the target instead, round lakes, cliffs and trees (RT-7, RT-8: seekRoute).
 */
export function seek(me: Row, w: World, target: readonly number[], stop: number, ground: Ground, options?: SeekOptions): boolean {
  const n = numbers(me, w);
  const t = checkPoint('target', target);
  checkNumber('stop', stop, 0);
  const route = checkSeekOptions(options);
  const body = readBody(me, newBody());
  const g = callGround(n, w, me, ground);
  const answer = route ? seekRoute(ground, n, g, body, t[0], t[1], stop) : seekBody(n, g, body, t[0], t[1], stop);
  checkFinite(body, 'seek');
  writeSought(me, body, answer === SEEK_UNREACHABLE);
  return answer === SEEK_ARRIVED;
}

/**
 * Drops the per-row fields a change of the solids in the box [x0, z0, x1, z1] reaches (LV-4; dropFieldsIn), of any
 * ground: a field dropped that needed not be is only made again.
 */
export function dropRowFieldsIn(x0: number, z0: number, x1: number, z1: number): void {
  dropFieldsIn(rowFields, x0, z0, x1, z1);
}
