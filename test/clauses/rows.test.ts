/** SPEC section 2 (R-1..R-3) on every core, on callback and heightmap grounds: defaults, new arrays, bad rows left untouched. */
import { describe, expect, test } from 'vitest';
import type { Row } from '../../src/types.ts';
import { eachGround } from './harness.ts';
import { flat, row, rowNumbers, wall, world } from './grounds.ts';

const w = world();

eachGround('rows', ({ api, on }) => {
  const { carry, seek, slide, walk } = api;
  const level = on(flat());

  describe('R-1 defaults', () => {
    test('R-1: a row of only kind and pos walks as vel 0, want 0, face null, yaw 0, grounded, not steep, floor = pos[1]', () => {
      const me: Row = { kind: 'xbot', pos: [1, 2, 3] };
      walk(me, w, 0.1, on(flat(2)));
      expect(me.pos).toEqual([1, 2, 3]);
      expect(me.vel).toEqual([0, 0, 0]);
      expect(me.yaw).toBe(0);
      expect(me.jump).toBe(false);
      expect(me.air).toBe(false);
      expect(me.steep).toBe(false);
      expect(me.floor).toBe(2);
      expect(me.speed).toBe(0);
      // walk does not write want, face, side or turned.
      expect(me.want).toBeUndefined();
      expect(me.face).toBeUndefined();
    });

    test('R-1: face absent (null) turns toward want; want absent is zero, so yaw stays', () => {
      const me: Row = { kind: 'xbot', pos: [0, 0, 0], yaw: 1 };
      walk(me, w, 0.1, level);
      expect(me.yaw).toBe(1);
      const you: Row = { kind: 'xbot', pos: [0, 0, 0], yaw: 0, want: [1, 0], face: null };
      walk(you, w, 0.05, level);
      // k = 10 · 0.05 = 0.5: turns (π/2) · 0.5/1.5 = π/6 toward the bearing of +x.
      expect(you.yaw).toBeCloseTo(Math.PI / 6, 12);
    });

    test('R-1: floor defaults to pos[1] (it sets the SL-4 ceiling floor + jumpH + step)', () => {
      // In the air at 5.9 over ground 0, moving onto a 6 m plateau: its ceiling is 5.9 + 0.9 + 0.6 = 7.4 ≥ 6, so it gets on.
      const plateau = on(wall(1, 6));
      const free = row([0, 5.9, 0], { air: true });
      expect(slide(free, w, [2, 0], plateau)).toEqual([2, 0]);
      // The same body whose last walkable ground was 0 has ceiling 1.5 < 6: refused before the plateau.
      const held = row([0, 5.9, 0], { air: true, floor: 0 });
      slide(held, w, [2, 0], plateau);
      expect(held.pos[0]).toBeLessThan(0.75 + 1e-9);
    });

    test('R-1: seek defaults side and turned to 0 and writes them', () => {
      const me: Row = { kind: 'xbot', pos: [0, 0, 0] };
      expect(seek(me, w, [0, 5], 0.1, level)).toBe(false);
      expect(me.side).toBe(0);
      expect(me.turned).toBe(0);
      expect(me.want).toEqual([0, 3]);
    });
  });

  describe('R-2 arrays are written as new arrays', () => {
    test('R-2: walk, slide, carry and seek replace pos/vel/want with new arrays and never touch the old ones', () => {
      const calls: Array<[string, (me: Row) => unknown]> = [
        ['walk', (me) => walk(me, w, 0.1, level)],
        ['slide', (me) => slide(me, w, [0.5, 0.25], level)],
        ['carry', (me) => carry(me, w, [0.5, 0.25], level)],
        ['seek', (me) => seek(me, w, [4, 4], 0.1, level)],
      ];
      for (const [name, call] of calls) {
        // Frozen arrays: writing one element by element would throw (module code is strict).
        const pos = Object.freeze([0, 0, 0]);
        const vel = Object.freeze([1, 0, 2]);
        const want = Object.freeze([1, 2]);
        const me: Row = { kind: 'xbot', pos, vel, want };
        call(me);
        expect(pos, name).toEqual([0, 0, 0]);
        expect(vel, name).toEqual([1, 0, 2]);
        expect(want, name).toEqual([1, 2]);
        if (name !== 'seek') expect(me.pos, name).not.toBe(pos);
        if (name === 'walk' || name === 'carry') expect(me.vel, name).not.toBe(vel);
        if (name === 'seek') expect(me.want, name).not.toBe(want);
      }
      // A shared array (a loaded scene's) stays as it was for the other row holding it.
      const shared = [0, 0, 0];
      const a: Row = { kind: 'xbot', pos: shared, want: [3, 0] };
      const b: Row = { kind: 'xbot', pos: shared };
      walk(a, w, 0.1, level);
      expect(a.pos[0]).toBeGreaterThan(0);
      expect(b.pos).toBe(shared);
      expect(shared).toEqual([0, 0, 0]);
    });
  });

  describe('R-3 bad rows and dts throw and leave the row unchanged', () => {
    const bads: Array<[string, Partial<Row>]> = [];
    for (const v of [Number.NaN, Infinity, -Infinity]) {
      bads.push([`pos[0] = ${v}`, { pos: [v, 0, 0] }], [`pos[1] = ${v}`, { pos: [0, v, 0] }], [`pos[2] = ${v}`, { pos: [0, 0, v] }]);
      bads.push([`vel[0] = ${v}`, { vel: [v, 0, 0] }], [`vel[1] = ${v}`, { vel: [0, v, 0] }], [`vel[2] = ${v}`, { vel: [0, 0, v] }]);
      bads.push([`want[0] = ${v}`, { want: [v, 0] }], [`want[1] = ${v}`, { want: [0, v] }]);
    }
    const calls: Array<[string, (me: Row) => unknown]> = [
      ['walk', (me) => walk(me, w, 0.1, level)],
      ['slide', (me) => slide(me, w, [1, 0], level)],
      ['carry', (me) => carry(me, w, [1, 0], level)],
      ['seek', (me) => seek(me, w, [4, 4], 0.1, level)],
    ];
    test.each(bads)('R-3: a row with %s throws a clear error from every call and is left deep-equal', (_label, fields) => {
      const field = Object.keys(fields)[0];
      for (const [name, call] of calls) {
        const me: Row = { kind: 'xbot', pos: [0, 0, 0], vel: [0, 0, 0], want: [1, 0], yaw: 0.5, ...fields };
        const before = structuredClone(me);
        expect(() => call(me), name).toThrow(new RegExp(`^walker: row\\.${field} is \\[.*(NaN|Infinity).*\\]; expected`));
        expect(me, name).toEqual(before);
      }
    });

    test.each([[0], [-1], [Number.NaN], [Infinity], [-Infinity]])('R-3: walk with dt = %s throws a clear error and leaves the row deep-equal', (dt) => {
      const me: Row = { kind: 'xbot', pos: [0, 0, 0], vel: [1, 0, 0], want: [1, 0], jump: true };
      const before = structuredClone(me);
      expect(() => walk(me, w, dt, level)).toThrow(new RegExp(`^walker: dt is ${String(dt)}; expected a finite number > 0\\.$`));
      expect(me).toEqual(before);
    });

    test('R-3: a step whose numbers would overflow throws instead of writing ±Infinity, and does not hang', () => {
      const calls: Array<[string, Row, (me: Row) => unknown]> = [
        ['walk', row([0, 0, 0], { vel: [1e308, 0, 1e308], want: [1e308, 1e308] }), (me) => walk(me, w, 10, level)],
        ['walk far', row([1.7e308, 0, 0], { vel: [1e308, 0, 0], want: [1e308, 0] }), (me) => walk(me, w, 1, level)],
        ['slide', row([0, 0, 0]), (me) => slide(me, w, [1e308, 1e308], level)],
        ['carry', row([0, 0, 0]), (me) => carry(me, w, [1e308, -1e308], level)],
      ];
      for (const [name, me, call] of calls) {
        const before = structuredClone(me);
        let threw = false;
        try {
          call(me);
        } catch (e) {
          threw = true;
          expect((e as Error).message, name).toMatch(/^walker: /);
        }
        if (threw) expect(me, name).toEqual(before);
        expect(rowNumbers(me).every(Number.isFinite), name).toBe(true);
      }
    });

    test('R-3: other malformed fields are refused before anything is written', () => {
      const cases: Array<Partial<Row>> = [{ pos: [0, 0] }, { want: [1, 2, 3] }, { side: 2 }, { yaw: Number.NaN }, { floor: Infinity }, { air: 'yes' as unknown as boolean }];
      for (const fields of cases) {
        const me: Row = { kind: 'xbot', pos: [0, 0, 0], want: [1, 0], ...fields };
        const before = structuredClone(me);
        expect(() => walk(me, w, 0.1, level)).toThrow(/^walker: row\./);
        expect(me).toEqual(before);
      }
    });
  });
});
