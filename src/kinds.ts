/**
 * The kinds table: checking it (K-1, K-2), caching the check per table (K-3), and finding a row's numbers (K-4, K-5).
 * Shared by both entries: the wasm core copies the checked numbers into its memory.
 */
import type { Kinds, Numbers, Row, WalkerSettings, World } from './types.ts';

type Limit = 'positive' | 'nonNegative';

/** Every number of a kind, whether it is required, and its limit (SPEC section 1). */
const FIELDS: ReadonlyArray<readonly [keyof Numbers, boolean, Limit]> = [
  ['radius', true, 'positive'],
  ['height', true, 'positive'],
  ['accel', true, 'nonNegative'],
  ['airAccel', false, 'nonNegative'],
  ['turnRate', true, 'nonNegative'],
  ['turnMax', false, 'positive'],
  ['gravity', true, 'positive'],
  ['jumpH', true, 'nonNegative'],
  ['step', true, 'nonNegative'],
  ['maxSlope', true, 'positive'],
  ['slopeBand', true, 'nonNegative'],
  ['wade', true, 'nonNegative'],
  ['span', true, 'nonNegative'],
  ['probe', true, 'positive'],
  ['slide', true, 'nonNegative'],
  ['seekSpeed', true, 'nonNegative'],
];
const KNOWN = new Set<string>([...FIELDS.map(([name]) => name), 'bodies']);

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return JSON.stringify(value);
  return String(value);
}

function fail(kind: string, message: string): never {
  throw new Error(`walker: kind "${kind}" ${message}.`);
}

function checkNumber(kind: string, entry: Record<string, unknown>, name: string, required: boolean, limit: Limit): number | undefined {
  const value = entry[name];
  const expected = limit === 'positive' ? 'a finite number > 0' : 'a finite number ≥ 0';
  if (value === undefined) {
    if (required) fail(kind, `has no ${name}; expected ${expected}`);
    return undefined;
  }
  if (typeof value !== 'number' || !Number.isFinite(value) || (limit === 'positive' ? !(value > 0) : !(value >= 0))) {
    fail(kind, `has ${name} = ${show(value)}; expected ${expected}`);
  }
  return value;
}

function checkKind(kinds: Kinds, kind: string): Numbers {
  const entry = kinds[kind];
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) fail(kind, `is ${show(entry)}; expected an object of numbers`);
  for (const field of Object.keys(entry)) {
    if (!KNOWN.has(field)) fail(kind, `has an unknown field ${field} = ${show(entry[field])}; expected only the fields of a kind (radius, height, accel, …)`);
  }
  const got: Record<string, number | undefined> = {};
  for (const [name, required, limit] of FIELDS) got[name] = checkNumber(kind, entry, name, required, limit);
  const n = got as Record<keyof Numbers, number>;
  if (!(n.slopeBand < n.maxSlope)) fail(kind, `has slopeBand = ${n.slopeBand}; expected less than maxSlope = ${n.maxSlope}`);
  const spread = n.maxSlope * n.span * Math.SQRT2;
  if (spread > n.step) fail(kind, `has a footprint that spreads past step: maxSlope · span · √2 = ${spread} > step = ${n.step}`);
  const bodies = entry.bodies;
  if (bodies !== undefined && (!Array.isArray(bodies) || !bodies.every((b) => typeof b === 'string' && Object.hasOwn(kinds, b)))) {
    fail(kind, `has bodies = ${show(bodies)}; expected a list of this table's kind names`);
  }
  return {
    radius: n.radius,
    height: n.height,
    accel: n.accel,
    airAccel: got.airAccel ?? n.accel,
    turnRate: n.turnRate,
    turnMax: got.turnMax ?? 0,
    gravity: n.gravity,
    jumpH: n.jumpH,
    step: n.step,
    maxSlope: n.maxSlope,
    slopeBand: n.slopeBand,
    wade: n.wade,
    span: n.span,
    probe: n.probe,
    slide: n.slide,
    seekSpeed: n.seekSpeed,
    bodies: Object.freeze([...((bodies as string[] | undefined) ?? [])]),
  };
}

/** A checked table: kind name → its filled, frozen numbers. */
export type CheckedKinds = ReadonlyMap<string, Readonly<Numbers>>;

/**
 * Checks a kinds table against the limits of SPEC section 1 and returns its filled numbers (K-1, K-2).
 * Throws an Error whose one-sentence message names the kind, the field and the value.
 */
export function check(kinds: Kinds): CheckedKinds {
  if (kinds === null || typeof kinds !== 'object' || Array.isArray(kinds)) {
    throw new Error(`walker: world.walker.kinds is ${show(kinds)}; expected an object of kinds.`);
  }
  const checked = new Map<string, Readonly<Numbers>>();
  for (const kind of Object.keys(kinds)) checked.set(kind, Object.freeze(checkKind(kinds, kind)));
  return checked;
}

const checkedTables = new WeakMap<object, CheckedKinds>();

/** The checked table, checked once per table object the first time walker reads it (K-3). */
export function checkedKinds(kinds: Kinds): CheckedKinds {
  let checked = checkedTables.get(kinds);
  if (checked === undefined) {
    checked = check(kinds);
    checkedTables.set(kinds, checked);
  }
  return checked;
}

/** The walker settings of a world, inherited from `parent` when the world has none (K-5). */
export function walkerOf(w: World): WalkerSettings {
  for (let world: World | undefined = w; world !== undefined && world !== null; world = world.parent) {
    if (world.walker !== undefined) return world.walker;
  }
  throw new Error('walker: world has no walker settings (world.walker), nor does any parent.');
}

/** The kind a row walks by: its `as`, else its `kind` (K-4). */
export function kindOf(me: Pick<Row, 'kind' | 'as'>): string {
  return me.as ?? me.kind;
}

/** The checked numbers of the kind a row walks by (K-4); throws for a kind the table does not name. */
export function numbers(me: Pick<Row, 'kind' | 'as'>, w: World): Readonly<Numbers> {
  const kind = kindOf(me);
  const found = checkedKinds(walkerOf(w).kinds).get(kind);
  if (found === undefined) throw new Error(`walker: no kind "${kind}" in world.walker.kinds`);
  return found;
}
