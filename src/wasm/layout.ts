/**
 * Where things are in the core's memory, as assembly/memory.ts and assembly/herdLayout.ts (the only files that know
 * offsets) export them: the byte offset of each field of a kind's Numbers, a Body, a Circle, a Circles list and a
 * Herd, and the call statuses.
 * Read once per core; the field names are src/body.ts's and src/types.ts's, so a field is described in one place.
 */
import { BODY_FLAGS, BODY_NUMBERS, type BodyNumber } from '../body.ts';
import { HERD_FLAGS, HERD_NUMBERS, type HerdFlagField, type HerdNumberField } from '../reference/herd.ts';
import type { Numbers } from '../types.ts';
import type { CoreExports } from './exports.ts';

export type NumberField = Exclude<keyof Numbers, 'bodies'>;

const NUMBER_NAMES: readonly NumberField[] = [
  'radius', 'height', 'accel', 'airAccel', 'turnRate', 'turnMax', 'gravity', 'jumpH', 'step', 'maxSlope',
  'slopeBand', 'wade', 'span', 'probe', 'slide', 'seekSpeed', 'avoidReach', 'avoidHorizon', 'avoidNeighbours',
];

export interface Layout {
  /** A kind's numbers: [field, byte offset], and the struct's size. */
  readonly numbers: ReadonlyArray<readonly [NumberField, number]>;
  readonly numbersSize: number;
  /** Where a body's flags start (its numbers start at 0; both in src/body.ts's order, as writeBodyTo lays them). */
  readonly bodyFlagsAt: number;
  /** A circle: its size and the byte offsets of x, z and radius. */
  readonly circle: { readonly size: number; readonly x: number; readonly z: number; readonly radius: number };
  /** A list of circles: where its capacity (i32) and data address (u32) are. */
  readonly circles: { readonly capacity: number; readonly data: number };
  /**
   * A herd: where it keeps the addresses of its number arrays, its flag arrays and its kinds; the index of each
   * field's array among them; and the bytes of one blocking-mask word.
   */
  readonly herd: { readonly numbers: number; readonly flags: number; readonly kind: number };
  readonly herdNumbers: ReadonlyArray<readonly [HerdNumberField, number]>;
  readonly herdFlags: ReadonlyArray<readonly [HerdFlagField, number]>;
  readonly maskWordSize: number;
  /** Per-row call statuses. */
  readonly done: number;
  readonly moveRefused: number;
}

/** A layout constant the core exports (assembly/memory.ts). */
function constant(core: CoreExports, name: string): number {
  const g = core[name];
  if (!(g instanceof WebAssembly.Global)) throw new Error(`walker: the wasm core has no layout constant ${name}; it is not walker's core, or is out of date (npm run asbuild).`);
  return g.value as number;
}

const upper = (field: string): string => field.toUpperCase();

/**
 * The index of a herd field's array (assembly/herdLayout.ts Herd): a body field's place in Body, else the core's
 * HERD_<FIELD> constant. Throws if the core and src/body.ts disagree on how many fields a body has.
 */
function herdIndex(c: (name: string) => number, field: string, inBody: number | undefined): number {
  const index = inBody ?? c(`HERD_${upper(field)}`);
  if (inBody !== undefined && !(inBody < c(BODY_NUMBERS.includes(field as BodyNumber) ? 'BODY_NUMBER_COUNT' : 'BODY_FLAG_COUNT'))) {
    throw new Error(`walker: the wasm core's Body has no field ${field} where src/body.ts puts it; the core is out of date (npm run asbuild).`);
  }
  return index;
}

/**
 * Where the core's Body keeps its flags, after checking that it lays out a body as src/body.ts writeBodyTo does: the
 * numbers from 0 an f64 each, then the flags a byte each, both in src/body.ts's order.
 */
function bodyLayout(c: (name: string) => number): number {
  const flagsAt = c('BODY_FLAGS_AT');
  const misplaced = [
    ...BODY_NUMBERS.filter((f, k) => c(`BODY_${upper(f)}`) !== k * 8),
    ...BODY_FLAGS.filter((f, k) => c(`BODY_${upper(f)}`) !== flagsAt + k),
  ];
  if (misplaced.length > 0 || c('BODY_NUMBER_COUNT') !== BODY_NUMBERS.length || c('BODY_FLAG_COUNT') !== BODY_FLAGS.length) {
    throw new Error(`walker: the wasm core lays out a body's ${misplaced.join(', ') || 'fields'} other than src/body.ts does; the core is out of date (npm run asbuild).`);
  }
  return flagsAt;
}

const layouts = new WeakMap<CoreExports, Layout>();

/** The core's layout, read from its exports once. */
export function layoutOf(core: CoreExports): Layout {
  let layout = layouts.get(core);
  if (layout === undefined) {
    const c = (name: string): number => constant(core, name);
    layout = {
      numbers: NUMBER_NAMES.map((f) => [f, c(`NUMBERS_${upper(f)}`)] as const),
      numbersSize: c('NUMBERS_SIZE'),
      bodyFlagsAt: bodyLayout(c),
      circle: { size: c('CIRCLE_SIZE'), x: c('CIRCLE_X'), z: c('CIRCLE_Z'), radius: c('CIRCLE_RADIUS') },
      circles: { capacity: c('CIRCLES_CAPACITY'), data: c('CIRCLES_DATA') },
      herd: { numbers: c('HERD_NUMBERS_AT'), flags: c('HERD_FLAGS_AT'), kind: c('HERD_KIND_AT') },
      herdNumbers: HERD_NUMBERS.map((f, k) => [f, herdIndex(c, f, k < BODY_NUMBERS.length ? c(`BODY_${upper(f)}`) / 8 : undefined)] as const),
      herdFlags: HERD_FLAGS.map((f, k) => [f, herdIndex(c, f, k < BODY_FLAGS.length ? c(`BODY_${upper(f)}`) - c('BODY_FLAGS_AT') : undefined)] as const),
      maskWordSize: c('MASK_WORD_SIZE'),
      done: c('CALL_DONE'),
      moveRefused: c('CALL_MOVE_REFUSED'),
    };
    layouts.set(core, layout);
  }
  return layout;
}
