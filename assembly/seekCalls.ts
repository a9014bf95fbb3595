/**
 * seek's per-row calls (SE-1..SE-7, RT-7): plain seek, and seek along the kind's flow field, kept for per-row calls
 * under a key of the ground and the kind. Above seek and the fields, which they call.
 * Twin of src/reference/seekCalls.ts: same functions, same operations, same order.
 */
import { CALL_DONE, callBody, callNumbers, callResult } from './memory';
import { GroundData } from './ground';
import { callGround } from './bodies';
import { seekBody } from './seek';
import { FieldSet, dropFieldsIn, fieldFor, newFieldSet, seekAlong } from './fields';
import { LOG_SIZE, ScatterGrid } from './scatter';

/**
 * The fields per-row routing seeks follow (RT-7): the FIELDS_KEPT used last, of any ground and kind, filed under the
 * facade's key for the pair. Made on the first such seek (a worker thread's instance never allocates).
 */
let rowFields = changetype<FieldSet>(0);

/**
 * Sets the scratch body's want along the flow field of `key` (a ground and a kind, src/reference/seekCalls.ts fieldKey)
 * to (tx, tz) (RT-7, RT-8): the field made first when the set does not hold it, with no blocking bodies, then
 * seekAlong with the call's `bodies`. One crossing; result[0] is seek's answer.
 */
export function seekRoute(ground: GroundData, bodies: i32, key: i32, tx: f64, tz: f64, stop: f64): i32 {
  if (changetype<usize>(rowFields) == 0) rowFields = newFieldSet();
  rowFields.clock++;
  fieldFor(rowFields, key, callNumbers, callGround(ground, 0), tx, tz);
  callResult[0] = <f64>seekAlong(rowFields, key, callNumbers, callGround(ground, bodies), callBody, tx, tz, stop);
  return CALL_DONE;
}

/**
 * Sets the scratch body's want toward (tx, tz) at its kind's seekSpeed (SE-1..SE-7); result[0] is seek's answer
 * (SEEK_GOING, SEEK_ARRIVED or SEEK_UNREACHABLE).
 */
export function seek(ground: GroundData, bodies: i32, tx: f64, tz: f64, stop: f64): i32 {
  callResult[0] = <f64>seekBody(callNumbers, callGround(ground, bodies), callBody, tx, tz, stop);
  return CALL_DONE;
}

/**
 * Drops the per-row fields a change of the solids in the box [x0, z0, x1, z1] reaches (LV-4; dropFieldsIn), of any
 * ground: a field dropped that needed not be is only made again.
 */
export function dropRowFieldsIn(x0: f64, z0: f64, x1: f64, z1: f64): void {
  if (changetype<usize>(rowFields) != 0) dropFieldsIn(rowFields, x0, z0, x1, z1);
}

/**
 * Drops the per-row fields the last `count` changes logged in a grid's solids reach, at most LOG_SIZE of them (LV-4;
 * dropRowFieldsIn on each): one crossing per edit, the boxes read where the edit logged them (AS only).
 */
export function dropRowFieldsOfEdit(grid: ScatterGrid, count: i32): void {
  if (changetype<usize>(rowFields) == 0) return;
  for (let c = grid.changes - count; c < grid.changes; c++) {
    const at = (c % LOG_SIZE) * 4;
    dropFieldsIn(rowFields, grid.log[at], grid.log[at + 1], grid.log[at + 2], grid.log[at + 3]);
  }
}
