/**
 * Where the facade writes a kind's numbers and a body in the core's scratch: the byte offsets assembly/memory.ts
 * exports for each field of its Numbers and Body structs.
 */
import type { Body } from '../rows.ts';
import type { Numbers } from '../types.ts';
import { layout, type CoreExports } from './exports.ts';

type NumberField = Exclude<keyof Numbers, 'bodies'>;

const NUMBER_NAMES: readonly NumberField[] = [
  'radius', 'height', 'accel', 'airAccel', 'turnRate', 'turnMax', 'gravity', 'jumpH', 'step', 'maxSlope',
  'slopeBand', 'wade', 'span', 'probe', 'slide', 'seekSpeed',
];

const numberOffsets = new WeakMap<CoreExports, ReadonlyArray<readonly [NumberField, number]>>();

/** [field, byte offset] of each number of a kind in the core's Numbers struct. */
export function numberFields(core: CoreExports): ReadonlyArray<readonly [NumberField, number]> {
  let offsets = numberOffsets.get(core);
  if (offsets === undefined) {
    offsets = NUMBER_NAMES.map((f) => [f, layout(core, `NUMBERS_${f.toUpperCase()}`)] as const);
    numberOffsets.set(core, offsets);
  }
  return offsets;
}

/** The byte offset of a field of the core's Body struct (assembly/memory.ts; `side` is an f64 there, flags a byte). */
export function bodyOffset(core: CoreExports, field: keyof Body): number {
  return layout(core, `BODY_${field.toUpperCase()}`);
}
