/**
 * Unknown keys (BI-5): every settings section and options object walker reads refuses a key it does not know, with
 * a sentence naming where, the key, and the known key nearest it — a typo such as `nosie` must not quietly give flat
 * ground. One helper for the kinds table, the world's sections and every options object.
 */
import { show } from './limits.ts';

/** How far (edits) a key may be from a known one to be suggested: two catches a swap plus a slip, and little else. */
const NEAR = 2;

/**
 * The optimal-string-alignment distance between a and b (insertions, deletions, substitutions, and swaps of two
 * neighbours each count one), compared case-blind so `Capacity` finds capacity; Infinity once it must exceed `most`.
 */
export function editDistance(a: string, b: string, most = Infinity): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  if (Math.abs(s.length - t.length) > most) return Infinity;
  // Three rows of the table: the one two back (for swaps), the last, and the one being filled.
  let before = new Array<number>(t.length + 1).fill(0);
  let last = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = new Array<number>(t.length + 1);
    row[0] = i;
    let least = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(last[j] + 1, row[j - 1] + 1, last[j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row[j] = d;
      least = Math.min(least, d);
    }
    if (least > most) return Infinity;
    before = last;
    last = row;
  }
  const d = last[t.length];
  return d > most ? Infinity : d;
}

/** The known key nearest `key` (at most NEAR edits; the first listed of the nearest), or undefined when none is. */
export function nearestKey(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = NEAR + 1;
  for (const name of known) {
    const d = editDistance(key, name, NEAR);
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  return best;
}

/** A key as a sentence names it: bare when it reads as a name, quoted (and cut, as show cuts) otherwise. */
function keyName(key: string): string {
  return /^[A-Za-z_$][\w$]{0,59}$/.test(key) ? key : show(key);
}

/**
 * Throws unless every own enumerable key of `value` is one of `known`: `walker: <where> has an unknown field <key> —
 * did you mean <nearest>? (<key> = <value>; expected only <known>)`, or without the question when no known key is
 * near. `where` names the object (`world.terrain3d`, `Herd options`). Call it before reading anything of `value`, so a
 * refused object changes nothing. Reads keys only (never a getter's value: show gets the value of a data property).
 */
export function checkKnownKeys(where: string, value: object, known: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const d = Object.getOwnPropertyDescriptor(value, key);
    const shown = d !== undefined && 'value' in d ? show(d.value) : 'a getter';
    const expected = `expected only ${known.join(', ')}`;
    const near = nearestKey(key, known);
    throw new Error(near === undefined
      ? `walker: ${where} has an unknown field ${keyName(key)} = ${shown}; ${expected}.`
      : `walker: ${where} has an unknown field ${keyName(key)} — did you mean ${near}? (${keyName(key)} = ${shown}; ${expected}).`);
  }
}
