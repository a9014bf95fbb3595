/**
 * The kinds table: checking it (K-1, K-2), checking and freezing it on first read (K-3), and finding a row's numbers
 * (K-4, K-5). Shared by both entries: the wasm core copies the checked numbers into its memory.
 */
import { checkKnownKeys, nearestKey } from './known.ts';
import { MAX_KINDS, MAX_KIND_NUMBER, MAX_PARENTS, MAX_PROBE, MIN_SPAN, show } from './limits.ts';
import type { Kind, Kinds, Numbers, Row, WalkerSettings, World } from './types.ts';

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
/** The avoidance knobs (AV-2): optional, filled by checkAvoidance. */
const AVOID_FIELDS = ['avoidReach', 'avoidHorizon', 'avoidNeighbours'] as const;
const KNOWN: readonly (keyof Kind)[] = [...FIELDS.map(([name]) => name), ...AVOID_FIELDS, 'bodies'];

/** Default avoidHorizon, seconds (AV-1): two seconds of look-ahead, as crowds at walking pace need to part early. */
export const AVOID_HORIZON = 2;
/** Default avoidNeighbours (AV-2). */
export const AVOID_NEIGHBOURS = 10;
/** Most neighbours a body avoids (AV-2): bounds the linear program's size. */
export const MAX_AVOID_NEIGHBOURS = 64;
/** The fields of `world.walker` (BI-5). */
const WALKER_FIELDS: readonly (keyof WalkerSettings)[] = ['kinds', 'mods'];

function fail(kind: string, message: string): never {
  throw new Error(`walker: kind "${kind}" ${message}.`);
}

function checkNumber(kind: string, entry: Record<string, unknown>, name: string, required: boolean, limit: Limit): number | undefined {
  const value = entry[name];
  const most = name === 'probe' ? MAX_PROBE : MAX_KIND_NUMBER;
  const expected = name === 'span'
    ? `0 or a number from ${MIN_SPAN} to ${most}`
    : `a finite number ${limit === 'positive' ? '> 0' : '≥ 0'} and ≤ ${most}`;
  if (value === undefined) {
    if (required) fail(kind, `has no ${name}; expected ${expected}`);
    return undefined;
  }
  const ok = typeof value === 'number' && (limit === 'positive' ? value > 0 : value >= 0) && value <= most;
  if (!ok || (name === 'span' && value !== 0 && !(value >= MIN_SPAN))) {
    fail(kind, `has ${name} = ${show(value)}; expected ${expected}`);
  }
  return value;
}

function checkKind(kinds: Kinds, kind: string): Numbers {
  // Read as what any caller may hand over: the Kind type is a promise only TypeScript callers keep.
  const entry = kinds[kind] as unknown as Record<string, unknown>;
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) fail(kind, `is ${show(entry)}; expected an object of numbers`);
  checkKnownKeys(`kind ${show(kind)}`, entry, KNOWN);
  for (const field of Object.keys(entry)) {
    // A getter could answer differently after the check; the table is frozen as data (K-3).
    if (Object.getOwnPropertyDescriptor(entry, field)?.get !== undefined) fail(kind, `has ${field} as a getter; expected a plain value`);
  }
  const got: Record<string, number | undefined> = {};
  for (const [name, required, limit] of FIELDS) got[name] = checkNumber(kind, entry, name, required, limit);
  const n = got as Record<keyof Numbers, number>;
  if (!(n.slopeBand < n.maxSlope)) fail(kind, `has slopeBand = ${n.slopeBand}; expected less than maxSlope = ${n.maxSlope}`);
  const spread = n.maxSlope * n.span * Math.SQRT2;
  if (spread > n.step) fail(kind, `has a footprint that spreads past step: maxSlope · span · √2 = ${spread} > step = ${n.step}`);
  const bodies = entry.bodies;
  let listed = bodies === undefined || (Array.isArray(bodies) && bodies.length <= MAX_KINDS);
  for (let i = 0; listed && bodies !== undefined && i < (bodies as unknown[]).length; i++) {
    const b = (bodies as unknown[])[i];
    listed = typeof b === 'string' && Object.hasOwn(kinds, b);
  }
  if (!listed) fail(kind, `has bodies = ${show(bodies)}; expected a list of this table's kind names (at most ${MAX_KINDS})`);
  const avoid = checkAvoidance(kind, entry, n);
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
    ...avoid,
    bodies: Object.freeze([...((bodies as string[] | undefined) ?? [])]),
  };
}

/**
 * The avoidance knobs of a kind (AV-2), checked as K-2 checks every number and filled: avoidHorizon > 0 (absent 2 s),
 * avoidReach ≥ 0 (absent: seekSpeed · avoidHorizon / 2 + 4 · radius, from where a body at full speed reaches one
 * standing within half the horizon; a crowd's nearest neighbours are nearer, and a wider reach only costs queries),
 * avoidNeighbours a whole number from 0 to 64 (absent 10).
 */
function checkAvoidance(kind: string, entry: Record<string, unknown>, n: Record<keyof Numbers, number>): Pick<Numbers, typeof AVOID_FIELDS[number]> {
  const avoidHorizon = checkNumber(kind, entry, 'avoidHorizon', false, 'positive') ?? AVOID_HORIZON;
  const reach = checkNumber(kind, entry, 'avoidReach', false, 'nonNegative');
  const count = entry.avoidNeighbours;
  if (count !== undefined && !(typeof count === 'number' && Number.isInteger(count) && count >= 0 && count <= MAX_AVOID_NEIGHBOURS)) {
    fail(kind, `has avoidNeighbours = ${show(count)}; expected a whole number from 0 to ${MAX_AVOID_NEIGHBOURS}`);
  }
  return {
    avoidReach: reach ?? (n.seekSpeed * avoidHorizon) / 2 + 4 * n.radius,
    avoidHorizon,
    avoidNeighbours: (count as number | undefined) ?? AVOID_NEIGHBOURS,
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
  const names = Object.keys(kinds);
  if (names.length > MAX_KINDS) throw new Error(`walker: world.walker.kinds has ${names.length} kinds; expected at most ${MAX_KINDS}.`);
  const checked = new Map<string, Readonly<Numbers>>();
  for (const kind of names) {
    const n = Object.freeze(checkKind(kinds, kind));
    produced.add(n);
    checked.set(kind, n);
  }
  return checked;
}

/** Every Numbers object check() made: stand() takes them without checking again. */
const produced = new WeakSet<object>();

/**
 * Throws unless `n` is a kind's checked numbers (what numbers() returns) or an object of the same numbers within
 * K-2's limits (turnMax 0 meaning no cap); `name` is how the message calls it.
 */
export function checkNumbers(n: unknown, name = 'numbers'): Readonly<Numbers> {
  if (n !== null && typeof n === 'object' && produced.has(n)) return n as Numbers;
  if (n === null || typeof n !== 'object') throw new Error(`walker: ${name} is ${show(n)}; expected a kind's numbers, as numbers(row, world) returns them.`);
  const entry = n as Record<string, unknown>;
  for (const [field, , limit] of FIELDS) {
    const v = entry[field];
    const most = field === 'probe' ? MAX_PROBE : MAX_KIND_NUMBER;
    const ok = typeof v === 'number' && (field === 'turnMax' || limit === 'nonNegative' ? v >= 0 : v > 0) && v <= most;
    if (!ok || (field === 'span' && v !== 0 && !(v >= MIN_SPAN))) {
      throw new Error(`walker: ${name}.${field} is ${show(v)}; expected a number within K-2's limits, as numbers(row, world) returns it.`);
    }
  }
  return n as Numbers;
}

const checkedTables = new WeakMap<object, CheckedKinds>();

/**
 * The checked table, checked once per table object the first time walker reads it and then frozen with its kinds
 * and their `bodies` lists (K-3): an edit after that throws a TypeError in strict code and does nothing in sloppy
 * code, so the table always holds exactly the numbers walker uses.
 */
export function checkedKinds(kinds: Kinds): CheckedKinds {
  let checked = checkedTables.get(kinds);
  if (checked === undefined) {
    checked = check(kinds);
    for (const kind of checked.keys()) {
      const entry = kinds[kind];
      if (Array.isArray(entry.bodies)) Object.freeze(entry.bodies);
      Object.freeze(entry);
    }
    Object.freeze(kinds);
    checkedTables.set(kinds, checked);
  }
  return checked;
}

/** Throws unless `w` is an object (a world). */
export function checkWorld(w: unknown, name = 'world'): World {
  if (w === null || typeof w !== 'object') throw new Error(`walker: ${name} is ${show(w)}; expected an object such as { walker: { kinds } }.`);
  return w as World;
}

/**
 * The world itself and its parents in turn, at most MAX_PARENTS links (K-5): a longer chain, or a cycle, is refused
 * with a sentence rather than followed forever.
 */
export function* worldChain(w: World): Generator<World> {
  let world: unknown = checkWorld(w);
  for (let links = 0; world !== undefined && world !== null; links++) {
    if (links > MAX_PARENTS) throw new Error(`walker: world.parent is more than ${MAX_PARENTS} links deep (a cycle?); expected a chain of at most ${MAX_PARENTS} parents.`);
    if (typeof world !== 'object') throw new Error(`walker: a world.parent is ${show(world)}; expected a world object.`);
    yield world as World;
    world = (world as World).parent;
  }
}

/** Every `world.walker` object whose keys were checked (BI-5). */
const checkedWalkers = new WeakSet<object>();

/** The walker settings of a world, inherited from `parent` when the world has none (K-5). */
export function walkerOf(w: World): WalkerSettings {
  for (const world of worldChain(w)) {
    const settings = world.walker as unknown;
    if (settings === undefined) continue;
    if (settings === null || typeof settings !== 'object') throw new Error(`walker: world.walker is ${show(settings)}; expected an object such as { kinds: { … } }.`);
    // Once per settings object, as the kinds table is checked once (K-3): walkerOf is on every call's path.
    if (!checkedWalkers.has(settings)) {
      checkKnownKeys('world.walker', settings, WALKER_FIELDS);
      checkedWalkers.add(settings);
    }
    return settings as WalkerSettings;
  }
  throw new Error('walker: world has no walker settings (world.walker), nor does any parent.');
}

/** The kind a row walks by: its `as`, else its `kind` (K-4); throws a sentence unless that is a string. */
export function kindOf(me: Pick<Row, 'kind' | 'as'>): string {
  if (me === null || typeof me !== 'object') throw new Error(`walker: row is ${show(me)}; expected an object such as { kind: "xbot", pos: [0, 0, 0] }.`);
  const as = me.as as unknown;
  if (as !== undefined && as !== null) {
    if (typeof as !== 'string') throw new Error(`walker: row.as is ${show(as)}; expected a kind name (a string).`);
    return as;
  }
  const kind = me.kind as unknown;
  if (typeof kind !== 'string') throw new Error(`walker: row.kind is ${show(kind)}; expected a kind name (a string).`);
  return kind;
}

/** How many of the table's kind names K-4's error lists before it says how many there are in all. */
const LISTED_KINDS = 12;

/**
 * K-4's error for a kind the table does not name: the nearest name the table has when one is near (a typo), and the
 * names it has, so the sentence says what would have worked.
 */
export function noKind(kind: string, names: readonly string[]): Error {
  const listed = names.length === 0
    ? 'the table has no kinds'
    : `kinds: ${names.slice(0, LISTED_KINDS).join(', ')}${names.length > LISTED_KINDS ? `, … ${names.length} in all` : ''}`;
  const near = nearestKey(kind, names);
  return new Error(`walker: no kind ${show(kind)} in world.walker.kinds — ${near === undefined ? '' : `did you mean ${near}? `}${listed}.`);
}

/** The checked numbers of the kind a row walks by (K-4); throws for a kind the table does not name. */
export function numbers(me: Pick<Row, 'kind' | 'as'>, w: World): Readonly<Numbers> {
  const kind = kindOf(me);
  const table = checkedKinds(walkerOf(w).kinds);
  const found = table.get(kind);
  if (found === undefined) throw noKind(kind, [...table.keys()]);
  return found;
}
