/**
 * BI-1..BI-6 over every public name of both entries (the companion's aside) and all three cores: each hostile input
 * gets an Error — never a TypeError, RangeError or trap — whose message is one sentence naming the argument or field
 * and showing the value; the row or herd is left exactly as it was; and the call returns within a generous bound.
 */
import { describe, expect, it } from 'vitest';
import { CORES } from '../cores.ts';
import { show } from '../../src/limits.ts';
import { cases, last } from './cases.ts';

/** A bound far above any accepted call's worst case here (milliseconds), so it fails only on a hang. */
const BOUND_MS = 2000;

describe.each(CORES)('BI: bad input ($name)', ({ name, api }) => {
  const all = cases();
  it.each(all.map((c, i) => [`${c.call} ${c.field} = ${show(c.value)}`, i] as const))(`BI-1: %s (${name})`, (_title, i) => {
    const c = all[i];
    const start = performance.now();
    let thrown: unknown;
    let got: ReturnType<typeof c.run> | undefined;
    try {
      got = c.run(api);
    } catch (e) {
      thrown = e;
    }
    expect(performance.now() - start).toBeLessThan(BOUND_MS);
    if (c.accepts) {
      expect(thrown).toBeUndefined();
      return;
    }
    expect(thrown).toBeInstanceOf(Error);
    const error = thrown as Error;
    expect(error.constructor).toBe(Error);
    expect(error.message).toMatch(/^walker: /);
    expect(error.message).not.toMatch(/\n/);
    expect(error.message).toContain(c.field);
    expect(error.message).toContain(c.shown ?? show(c.value));
    expect(got).toBeUndefined();
    // the row (or herd body) the call was given is exactly as it was.
    if (last.now !== undefined) expect(last.now()).toEqual(last.before);
  });
});

