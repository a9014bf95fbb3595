/**
 * src/body.ts is the one list of a body's fields; the few functions written out field by field for speed (newBody,
 * finiteBody, writeBodyTo, readBodyFrom) are checked against that list here, so a field added to the list and not
 * to them fails. R-1 (a body's fields), R-3 (finite writes), WX-1 (the wasm layout of a body).
 */
import { describe, expect, it } from 'vitest';
import { BODY_FLAGS, BODY_NUMBERS, FINITE_NUMBERS, finiteBody, newBody, readBodyFrom, writeBodyTo, type Body } from '../../src/body.ts';

/** A body whose every number is different (k + 0.5) and whose flags alternate. */
function distinctBody(): Body {
  const b = newBody();
  BODY_NUMBERS.forEach((f, k) => (b[f] = k + 0.5));
  BODY_FLAGS.forEach((f, k) => (b[f] = k % 2 === 0));
  return b;
}

describe('a body', () => {
  it('R-1: newBody holds every field of the lists, in their order, numbers 0 and flags false', () => {
    const b = newBody();
    expect(Object.keys(b)).toEqual([...BODY_NUMBERS, ...BODY_FLAGS]);
    for (const f of BODY_NUMBERS) expect(b[f]).toBe(0);
    for (const f of BODY_FLAGS) expect(b[f]).toBe(false);
  });

  it('WX-1: writeBodyTo lays out every number at its place in the list and every flag after them; readBodyFrom reads them back', () => {
    const b = distinctBody();
    const f64 = new Float64Array(BODY_NUMBERS.length + 3).fill(-1);
    const u8 = new Uint8Array(BODY_FLAGS.length + 7).fill(9);
    writeBodyTo(b, f64, 2, u8, 5);
    BODY_NUMBERS.forEach((f, k) => expect(f64[2 + k], f).toBe(b[f]));
    BODY_FLAGS.forEach((f, k) => expect(u8[5 + k], f).toBe(b[f] ? 1 : 0));
    expect([f64[0], f64[1], f64[BODY_NUMBERS.length + 2]]).toEqual([-1, -1, -1]);
    const back = newBody();
    readBodyFrom(back, f64, 2, u8, 5);
    expect(back).toEqual(b);
  });

  it('R-3: finiteBody refuses NaN or ±Infinity in each number a call writes, and only in those', () => {
    expect(finiteBody(distinctBody())).toBe(true);
    for (const f of BODY_NUMBERS) {
      for (const bad of [NaN, Infinity, -Infinity]) {
        const b = distinctBody();
        b[f] = bad;
        expect(finiteBody(b), `${f} = ${bad}`).toBe(!(FINITE_NUMBERS as readonly string[]).includes(f));
      }
    }
  });
});
