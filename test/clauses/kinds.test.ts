/**
 * SPEC section 1 (K-1..K-5) and H-2 on every entry: checking the kinds table, caching it, finding a row's numbers —
 * the calls that read a table on callback and heightmap grounds.
 */
import { describe, expect, test } from 'vitest';
import type { Kinds, World } from '../../src/types.ts';
import { eachCore, eachGround } from './harness.ts';
import { XBOT, flat, kind, row, wall, world } from './grounds.ts';

/** The message a call throws (fails the test when it does not throw). */
function thrown(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(Error);
    return (e as Error).message;
  }
  throw new Error('expected the call to throw');
}

/** One sentence: starts with "walker:", ends with a full stop, no sentence break inside, one line. */
function expectOneSentence(message: string): void {
  expect(message.startsWith('walker: ')).toBe(true);
  expect(message.endsWith('.')).toBe(true);
  expect(message).not.toMatch(/\.\s+\S/);
  expect(message).not.toContain('\n');
}

const POSITIVE = ['radius', 'height', 'gravity', 'maxSlope', 'probe'] as const;
const NON_NEGATIVE = ['accel', 'turnRate', 'jumpH', 'step', 'slopeBand', 'wade', 'span', 'slide', 'seekSpeed'] as const;
const REQUIRED = [...POSITIVE, ...NON_NEGATIVE];

eachCore('kinds: check', ({ api }) => {
  const { check } = api;

  describe('K-2 check: one-sentence errors naming kind, field and value', () => {
    test.each(REQUIRED.map((f) => [f]))('K-2: a missing %s is refused, naming the kind and the field', (field) => {
      const message = thrown(() => check({ xbot: kind({ [field]: undefined }) }));
      expectOneSentence(message);
      expect(message).toContain('kind "xbot"');
      expect(message).toContain(field);
    });

    const nonFinite: Array<[string, unknown, string]> = [];
    for (const field of [...REQUIRED, 'airAccel', 'turnMax']) {
      nonFinite.push([field, Number.NaN, 'NaN'], [field, Infinity, 'Infinity'], [field, -Infinity, '-Infinity'], [field, '0.4', '"0.4"']);
    }
    test.each(nonFinite)('K-2: a non-finite or non-number %s = %s is refused, naming kind, field and value', (field, value, shown) => {
      const message = thrown(() => check({ xbot: kind({ [field]: value }) }));
      expectOneSentence(message);
      expect(message).toContain('kind "xbot"');
      expect(message).toContain(`${field} = ${shown}`);
    });

    const outOfRange: Array<[string, number]> = [];
    for (const field of POSITIVE) outOfRange.push([field, 0], [field, -1]);
    for (const field of NON_NEGATIVE) outOfRange.push([field, -0.001]);
    outOfRange.push(['airAccel', -1], ['turnMax', 0], ['turnMax', -2]);
    test.each(outOfRange)('K-2: %s = %s is out of range and refused, naming kind, field and value', (field, value) => {
      const message = thrown(() => check({ xbot: kind({ [field]: value }) }));
      expectOneSentence(message);
      expect(message).toContain('kind "xbot"');
      expect(message).toContain(`${field} = ${value}`);
    });

    test('K-2: the limits themselves pass (0 where ≥ 0 is allowed; optional fields absent)', () => {
      const zeros: Record<string, unknown> = {};
      for (const field of NON_NEGATIVE) zeros[field] = 0;
      // span 0 keeps the footprint within step 0; slopeBand 0 < maxSlope.
      const checked = check({ z: kind({ ...zeros, airAccel: undefined, turnMax: undefined }) });
      expect(checked.get('z')!.step).toBe(0);
      expect(checked.get('z')!.airAccel).toBe(0);
    });

    test('K-2: slopeBand ≥ maxSlope is refused, naming slopeBand and its value', () => {
      for (const slopeBand of [0.7, 0.8]) {
        const message = thrown(() => check({ xbot: kind({ slopeBand }) }));
        expectOneSentence(message);
        expect(message).toContain('kind "xbot"');
        expect(message).toContain(`slopeBand = ${slopeBand}`);
      }
      // Just under maxSlope passes.
      expect(() => check({ xbot: kind({ slopeBand: 0.69 }) })).not.toThrow();
    });

    test('K-2: a footprint that spreads past step (maxSlope · span · √2 > step) is refused, naming the numbers', () => {
      // 0.7 · 0.7 · √2 = 0.6930 > 0.6.
      const message = thrown(() => check({ xbot: kind({ span: 0.7 }) }));
      expectOneSentence(message);
      expect(message).toContain('kind "xbot"');
      expect(message).toContain('step = 0.6');
      expect(message).toMatch(/span/);
      expect(message).toContain(String(0.7 * 0.7 * Math.SQRT2).slice(0, 6));
      // 0.7 · 0.6 · √2 = 0.5940 ≤ 0.6 passes; so does the default 0.4950.
      expect(() => check({ xbot: kind({ span: 0.6 }) })).not.toThrow();
      // step lowered under the default footprint 0.4950.
      expect(thrown(() => check({ xbot: kind({ step: 0.49 }) }))).toContain('step = 0.49');
    });

    test('K-2: bodies that is not a list of this table\'s kind names is refused, naming bodies and its value', () => {
      const table = (bodies: unknown): Kinds => ({ xbot: kind({ bodies }), rock: kind() });
      for (const [bodies, shown] of [
        ['rock', '"rock"'],
        [['ghost'], '["ghost"]'],
        [[1], '[1]'],
        [{ rock: true }, 'bodies = '],
      ] as const) {
        const message = thrown(() => check(table(bodies)));
        expectOneSentence(message);
        expect(message).toContain('kind "xbot"');
        expect(message).toContain('bodies');
        expect(message).toContain(shown);
      }
      expect(check(table(['rock', 'xbot'])).get('xbot')!.bodies).toEqual(['rock', 'xbot']);
      expect(check(table([])).get('xbot')!.bodies).toEqual([]);
    });

    test('K-2: an unknown extra field (a typo) is refused, naming it and its value', () => {
      const message = thrown(() => check({ xbot: kind({ radus: 0.5 }) }));
      expectOneSentence(message);
      expect(message).toContain('kind "xbot"');
      expect(message).toContain('radus = 0.5');
      expect(message).toContain('has an unknown field radus — did you mean radius?');
    });

    test('K-2: the error names the offending kind among several', () => {
      const message = thrown(() => check({ xbot: kind(), ogre: kind({ height: -2 }) }));
      expect(message).toContain('kind "ogre"');
      expect(message).toContain('height = -2');
    });
  });
});

eachGround('kinds', ({ api, on }) => {
  const { carry, check, kindOf, numbers, seek, slide, stand, walk } = api;
  const level = on(flat());

  describe('K-1 required and optional numbers', () => {
    test('K-1: every number but airAccel, turnMax and bodies is required; the optional ones fill in (airAccel = accel)', () => {
      const k = kind({ airAccel: undefined, turnMax: undefined });
      const n = numbers({ kind: 'xbot' }, world({}, k));
      expect(n.airAccel).toBe(XBOT.accel);
      expect(n.bodies).toEqual([]);
      expect(n.radius).toBe(0.4);
      expect(n.seekSpeed).toBe(3);
      for (const field of REQUIRED) {
        const message = thrown(() => check({ xbot: kind({ [field]: undefined }) }));
        expect(message).toContain('"xbot"');
        expect(message).toContain(field);
      }
    });

    test('K-1: a table without turnMax does not cap the yaw speed; without airAccel the air eases at accel', () => {
      const w = world({}, kind({ turnMax: undefined, airAccel: undefined, turnRate: 1000 }));
      // k = 1000 · 0.1 = 100: the turn is δ · 100/101, far past what turnMax 12 would allow (1.2 rad).
      const me = row([0, 0, 0], { face: 2, yaw: 0 });
      walk(me, w, 0.1, level);
      expect(me.yaw).toBeCloseTo((2 * 100) / 101, 12);
      // In the air with no airAccel: reach is accel · dt = 12 · 0.1 = 1.2.
      const air = row([0, 5, 0], { air: true, want: [3, 0] });
      walk(air, w, 0.1, level);
      expect(air.vel![0]).toBeCloseTo(1.2, 12);
    });
  });

  describe('K-3 the table is checked once per table object', () => {
    test('K-3: a table is frozen on its first read: an edit after it throws and the table keeps the numbers walker uses', () => {
      const kinds: Kinds = { xbot: kind() };
      const w: World = { walker: { kinds } };
      const me = row([0, 0, 0], { want: [1, 0] });
      walk(me, w, 0.1, level);
      expect(() => { kinds.xbot.radius = -1; }).toThrow(TypeError);
      expect(() => { (kinds.xbot as unknown as Record<string, unknown>).bogus = 'x'; }).toThrow(TypeError);
      expect(() => { kinds.ghost = kind(); }).toThrow(TypeError);
      expect(() => { delete kinds.xbot; }).toThrow(TypeError);
      expect(kinds.xbot.radius).toBe(0.4);
      expect(() => walk(me, w, 0.1, level)).not.toThrow();
      expect(numbers(me, w).radius).toBe(0.4);
      // A slide into a tree still stops at the first radius: centre at 3 − (0.5 + 0.4) = 2.1.
      const r = row([0, 0, 0]);
      slide(r, w, [5, 0], on(flat(0, { trees: [{ x: 3, z: 0, radius: 0.5 }] })));
      expect(r.pos[0]).toBeCloseTo(2.1, 5);
      // A new table object is a new table: checked afresh.
      expect(() => numbers(me, { walker: { kinds: { xbot: { ...kinds.xbot, radius: -1 } } } })).toThrow(/kind "xbot" has radius = -1/);
    });

    test('K-3: a bad table fails the first call that reads it (every call), with the K-2 message, leaving the row as it was', () => {
      const bad = (): World => ({ walker: { kinds: { xbot: kind({ gravity: 0 }) } } });
      const calls: Array<[string, (me: ReturnType<typeof row>, w: World) => unknown]> = [
        ['walk', (me, w) => walk(me, w, 0.1, level)],
        ['slide', (me, w) => slide(me, w, [1, 0], level)],
        ['carry', (me, w) => carry(me, w, [1, 0], level)],
        ['seek', (me, w) => seek(me, w, [5, 5], 0.1, level)],
        ['numbers', (me, w) => numbers(me, w)],
      ];
      for (const [, call] of calls) {
        const w = bad();
        const me = row([0, 0, 0], { want: [1, 0] });
        const before = structuredClone(me);
        const message = thrown(() => call(me, w));
        expect(message).toBe('walker: kind "xbot" has gravity = 0; expected a finite number > 0 and ≤ 1000000.');
        expect(me).toEqual(before);
        // Still bad on the next call: a failed check is not cached as good.
        expect(thrown(() => call(me, w))).toBe(message);
      }
    });
  });

  describe('K-4 kindOf and numbers', () => {
    test('K-4: kindOf is as ?? kind, and numbers gives the numbers of that kind', () => {
      const w = world({ big: kind({ radius: 1.5, span: 0.2 }) });
      expect(kindOf({ kind: 'xbot' })).toBe('xbot');
      expect(kindOf({ kind: 'xbot', as: 'big' })).toBe('big');
      expect(numbers({ kind: 'xbot' }, w).radius).toBe(0.4);
      expect(numbers({ kind: 'xbot', as: 'big' }, w).radius).toBe(1.5);
      // `as` governs walking too: a row of kind xbot walking as big stops 0.5 + 1.5 = 2.0 short of a tree's centre.
      const me = row([0, 0, 0], { as: 'big' });
      slide(me, w, [5, 0], on(flat(0, { trees: [{ x: 4, z: 0, radius: 0.5 }] })));
      expect(me.pos[0]).toBeCloseTo(2.0, 5);
      expect(me.pos[0]).toBeLessThanOrEqual(2.0);
    });

    test('K-4: a kind the table does not name throws `walker: no kind "X" in world.walker.kinds — kinds: …`, the nearest asked after when one is near', () => {
      const w = world();
      expect(thrown(() => numbers({ kind: 'ghost' }, w))).toBe('walker: no kind "ghost" in world.walker.kinds — kinds: xbot.');
      expect(thrown(() => numbers({ kind: 'xbot', as: 'wisp' }, w))).toBe('walker: no kind "wisp" in world.walker.kinds — kinds: xbot.');
      expect(thrown(() => numbers({ kind: 'xobt' }, w))).toBe('walker: no kind "xobt" in world.walker.kinds — did you mean xbot? kinds: xbot.');
      const me = { kind: 'xobt', pos: [0, 0, 0] };
      const before = structuredClone(me);
      expect(thrown(() => walk(me, w, 0.1, level))).toBe('walker: no kind "xobt" in world.walker.kinds — did you mean xbot? kinds: xbot.');
      expect(me).toEqual(before);
      const many = { walker: { kinds: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, kind()])) } };
      expect(thrown(() => numbers({ kind: 'deer' }, many))).toBe('walker: no kind "deer" in world.walker.kinds — kinds: k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, … 20 in all.');
    });
  });

  describe('K-5 inheritance from parent worlds', () => {
    test('K-5: a world without walker inherits it from its parent, recursively', () => {
      const top = world({ big: kind({ radius: 1.2, span: 0.2 }) });
      const child: World = { parent: top };
      const grandchild: World = { parent: child, other: 1 };
      expect(numbers({ kind: 'big' }, grandchild).radius).toBe(1.2);
      expect(numbers({ kind: 'xbot' }, child)).toBe(numbers({ kind: 'xbot' }, top));
      // A nearer walker wins over the parent's.
      const own: World = { parent: top, walker: { kinds: { big: kind({ radius: 0.9, span: 0.2 }) } } };
      expect(numbers({ kind: 'big' }, { parent: own }).radius).toBe(0.9);
      // Walking in the grandchild uses the inherited table: a ledge of 2 m is refused as for xbot.
      const me = row([0, 0, 0]);
      slide(me, grandchild, [4, 0], on(wall(2, 2)));
      expect(me.pos[0]).toBeLessThan(1.75 + 1e-9);
      // No walker anywhere: a clear error.
      expect(thrown(() => numbers({ kind: 'xbot' }, { parent: {} }))).toMatch(/^walker: .*walker/);
    });
  });

  describe('H-2 the helpers of the reference entry', () => {
    test('H-2: stand, numbers, kindOf and check are exported and behave as their clauses say', () => {
      const w = world();
      const n = numbers({ kind: 'xbot' }, w);
      // stand on flat ground is its height; check returns every kind's filled numbers.
      expect(stand(n, on(flat(1.25)), 3, -4)).toBe(1.25);
      expect(check({ a: kind(), b: kind({ radius: 2, span: 0 }) }).get('b')!.radius).toBe(2);
      expect(kindOf({ kind: 'a', as: undefined })).toBe('a');
      expect(() => stand(n, level, Number.NaN, 0)).toThrow(/x/);
    });
  });
});
