/**
 * The companion's argument checks (issue-free input, R-3's rule for its names): every public companion name refuses
 * a bad argument with one sentence naming the argument or field, showing the value and saying what was expected,
 * before anything is written.
 */

/** A value as a message shows it: arrays with their holes, strings quoted, symbols and bigints spelled out. */
export function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol' || typeof value === 'function') return String(value);
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (let i = 0; i < Math.min(value.length, 8); i++) items.push(i in value ? shown(value[i]) : 'empty');
    if (value.length > 8) items.push(`… ${value.length} items`);
    return `[${items.join(', ')}]`;
  }
  if (value !== null && typeof value === 'object') return Object.prototype.toString.call(value);
  return String(value);
}

/** The Error a companion name throws: `where`'s `what` is `value`; expected `expected`. */
export function badInput(where: string, what: string, value: unknown, expected: string): Error {
  return new Error(`walker: ${where} ${what} is ${shown(value)}; expected ${expected}.`);
}

/** Throws unless `value` is a finite number (≥ `min` when given). */
export function checkFiniteArg(where: string, what: string, value: unknown, min = -Infinity): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw badInput(where, what, value, min === -Infinity ? 'a finite number' : `a finite number ≥ ${min}`);
  }
  return value;
}

/** Throws unless `value` is a finite number > 0 (a frame length). */
export function checkPositiveArg(where: string, what: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || !(value > 0)) throw badInput(where, what, value, 'a finite number > 0');
  return value;
}

/** Throws unless `value` is true or false. */
export function checkBooleanArg(where: string, what: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw badInput(where, what, value, 'true or false');
  return value;
}

/** Throws unless `value` is a function (or, with `optional`, undefined). */
export function checkFunctionArg(where: string, what: string, value: unknown, optional = false): void {
  if (optional && value === undefined) return;
  if (typeof value !== 'function') throw badInput(where, what, value, optional ? 'a function or nothing' : 'a function');
}

/** Throws unless `value` is an object (not null, not an array). */
export function checkObjectArg(where: string, what: string, value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw badInput(where, what, value, 'an object');
  return value as Record<string, unknown>;
}

/** Throws unless `value` is an [x, y, z] position: an array of exactly three finite numbers, each element named when bad. */
export function checkPositionArg(where: string, what: string, value: unknown): readonly number[] {
  if (!Array.isArray(value) || value.length !== 3) throw badInput(where, what, value, 'an array of 3 finite numbers [x, y, z]');
  for (let i = 0; i < 3; i++) {
    const v: unknown = i in value ? value[i] : undefined;
    if (typeof v !== 'number' || !Number.isFinite(v)) throw badInput(where, `${what}[${i}]`, v, 'a finite number');
  }
  return value as readonly number[];
}
