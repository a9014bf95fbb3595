/**
 * The sizes walker accepts (SPEC section 15, BI-1..BI-4): the world's extent, the longest move one call makes, and the
 * least and greatest of every size an input controls, so that every accepted call ends in bounded time and both cores
 * give the same bits. One place, shared by the checks of both entries; and `show`, how a message quotes a value.
 */

/** The world: every horizontal coordinate walker reads or writes (positions, targets, circles) lies within ±WORLD m (BI-2). */
export const WORLD = 1e6;
/** The largest angle in radians a row or call may hold (yaw, face, turned, a stick's yaw): wrapping stays exact to 1e-10 (BI-2). */
export const MAX_ANGLE = 1e6;
/** The longest horizontal move one call may make, m: a slide's or carry's delta, a walk's speed × dt (BI-3). */
export const MAX_MOVE = 100;
/**
 * The least lattice side, m (ground.cell, terrain3d's 2·reach/seg): the way is sampled at most cell/2 apart (BI-3).
 * 1/128 m, a power of two, so a heightmap with that spacing reads its samples as lattice corners exactly.
 */
export const MIN_CELL = 1 / 128;
/** The least span other than 0, m: the way is sampled at most span/2 apart (K-2, BI-3). */
export const MIN_SPAN = 0.02;
/** The longest probe, m: each steep feature met is measured over probe/spacing samples (K-2, BI-3). */
export const MAX_PROBE = 4;
/** The largest number of a kind (radius, accel, gravity, …): arithmetic on world coordinates stays finite (K-2). */
export const MAX_KIND_NUMBER = 1e6;
/** The most kinds in one table, and the longest `bodies` list (K-2): a herd keeps a kinds × kinds mask. */
export const MAX_KINDS = 1024;
/** The most solid circles scatter3d files, instances and layers together (M-2, BI-4). */
export const MAX_SOLIDS = 1_000_000;
/** The largest solid circle's radius, m (M-2). */
export const MAX_SOLID_RADIUS = 1000;
/** The largest terrain3d height sample, noise amplitude or water level, in magnitude, m (M-1). */
export const MAX_HEIGHT = 1e6;
/** The most bodies a herd holds (HD-4): ~150 bytes each in wasm memory. */
export const MAX_HERD = 1 << 20;
/** The most threads a herd steps on (HD-5): each is a worker with its own copies of the step's statics. */
export const MAX_THREADS = 64;
/** The longest chain of `world.parent` links walker follows (K-5): a longer one, or a cycle, is refused. */
export const MAX_PARENTS = 64;

/**
 * A value as a message quotes it: strings quoted, numbers as JS prints them (−0 as -0), arrays element by element
 * (holes as <hole>), Symbols and BigInts by their description, objects by their kind — never by calling the
 * value's own methods, so a Proxy, a cycle or a throwing toString cannot break the message.
 */
export function show(value: unknown, depth = 0): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return `${value}n (a BigInt)`;
    case 'symbol':
      return `${value.description === undefined ? 'Symbol()' : `Symbol(${value.description})`} (a Symbol)`;
    case 'undefined':
    case 'boolean':
      return String(value);
    case 'function':
      return 'a function';
  }
  if (value === null) return 'null';
  try {
    if (Array.isArray(value)) {
      if (depth > 0) return `a list of ${value.length}`;
      const shown: string[] = [];
      for (let i = 0; i < Math.min(value.length, 8); i++) shown.push(i in value ? show(value[i], depth + 1) : '<hole>');
      if (value.length > 8) shown.push(`… ${value.length} in all`);
      return `[${shown.join(', ')}]`;
    }
    if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  } catch {
    // A revoked Proxy throws on every look; it is still some object.
  }
  return 'an object';
}

/**
 * Fixes the fields `names` of a settings object as walker read them (K-3, M-1, M-2): each becomes read-only (an
 * absent one read-only undefined) and its value, if an object or plain array, is frozen — `deep` lists how many
 * levels below that are frozen too. After this an edit throws a TypeError in strict code and does nothing in sloppy
 * code, so the settings always hold what walker uses. A typed array cannot be frozen: it is left as it is (walker
 * keeps the copy it read).
 */
export function fixSettings(settings: object, names: readonly string[], deep: number): void {
  for (const name of names) {
    const value = (settings as Record<string, unknown>)[name];
    freezeDeep(value, deep);
    const own = Object.getOwnPropertyDescriptor(settings, name);
    if (own !== undefined && !own.configurable) continue;
    Object.defineProperty(settings, name, { value, writable: false, configurable: false, enumerable: own?.enumerable ?? false });
  }
}

function freezeDeep(value: unknown, deep: number): void {
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || Object.isFrozen(value)) return;
  if (deep > 0) for (const v of Object.values(value)) freezeDeep(v, deep - 1);
  Object.freeze(value);
}
