/**
 * LV-1, LV-2, LV-5: the handle on a ground's solids — ids, edits every per-row call sees on every core at once, the
 * same bits on each, and bad input refused with a sentence naming the field and its value.
 */
import { describe, expect, it } from 'vitest';
import { XBOT } from '../../src/presets.ts';
import * as reference from '../../src/reference.ts';
import type { Row, World } from '../../src/types.ts';
import { CORES } from '../cores.ts';

function treeWorld(): World {
  return {
    walker: { kinds: { xbot: { ...XBOT } }, mods: { height: 'terrain3d', cell: 'terrain3d', solids: 'scatter3d' } },
    terrain3d: { rings: [{ reach: 32, seg: 64 }] },
    scatter3d: { instances: [{ x: 5, z: 5, radius: 0.5 }, { x: -5, z: 3, radius: 0.8 }] },
  };
}

describe('LV-1: ids', () => {
  it('LV-1: built-in solids are ids 0, 1, … in scatter3d order; added ones take the next id; a removed id is never given again', () => {
    const ground = reference.groundOf(treeWorld());
    const level = reference.solidsOf(ground);
    expect(level.get(0)).toEqual({ id: 0, shape: 'circle', x: 5, z: 5, radius: 0.5 });
    expect(level.get(1)).toEqual({ id: 1, shape: 'circle', x: -5, z: 3, radius: 0.8 });
    expect(level.add({ x: 1, z: 2, radius: 0.3 })).toBe(2);
    level.remove(2);
    expect(level.has(2)).toBe(false);
    expect(level.add({ shape: 'circle', x: 1, z: 2, radius: 0.3 })).toBe(3);
    level.move(0, 7, 8);
    expect(level.get(0)).toEqual({ id: 0, shape: 'circle', x: 7, z: 8, radius: 0.5 });
    expect(level.ids).toBe(4);
  });

  it('LV-1: every ground over one world.scatter3d shares one handle, on both entries', () => {
    const w = treeWorld();
    const wasm = CORES.find((c) => c.name === 'release')!.api;
    expect(wasm.solidsOf(wasm.groundOf(w))).toBe(reference.solidsOf(reference.groundOf(w)));
  });

  it('LV-2: ground.solids answers as the solids are now: a moved circle where it went, a removed one nowhere', () => {
    const ground = reference.groundOf(treeWorld());
    const level = reference.solidsOf(ground);
    level.move(0, 20, 20);
    expect(ground.solids(5, 5, 1)).toEqual([]);
    expect(ground.solids(20, 20, 0)).toEqual([{ x: 20, z: 20, radius: 0.5 }]);
    level.remove(1);
    expect(ground.solids(-5, 3, 1)).toEqual([]);
  });
});

describe('LV-5: bad input', () => {
  const level = reference.solidsOf(reference.groundOf(treeWorld()));
  const cases: [string, () => unknown, RegExp][] = [
    ['a radius below 0', () => level.add({ x: 0, z: 0, radius: -1 }), /solid\.radius is -1; expected a finite number from 0 to 1000/],
    ['a radius over the limit', () => level.add({ x: 0, z: 0, radius: 1001 }), /solid\.radius is 1001/],
    ['a centre that is not finite', () => level.add({ x: NaN, z: 0, radius: 1 }), /solid\.x is NaN/],
    ['a centre outside the world', () => level.add({ x: 2e6, z: 0, radius: 1 }), /solid is \[2000000, 0\]; expected a point within the world/],
    ['an unknown key', () => level.add({ x: 0, z: 0, radius: 1, radus: 2 } as never), /solid has an unknown field radus/],
    ['a shape not known', () => level.add({ shape: 'cube', x: 0, z: 0, radius: 1 } as never), /solid\.shape is "cube"; expected "circle", "box", "wall" or "polygon"/],
    ['not an object', () => level.add(null as never), /solid is null; expected an object/],
    ['an id never given', () => level.move(99, 0, 0), /solids\.move\(id\): id is 99; expected the id of a solid/],
    ['an id that is not whole', () => level.get(0.5), /solids\.get\(id\): id is 0\.5/],
    ['a move off the world', () => level.move(0, 0, -3e6), /\(x, z\) is \[0, -3000000\]/],
    ['a move to a number that is not finite', () => level.move(0, Infinity, 0), /x is Infinity/],
  ];
  for (const [what, call, message] of cases) {
    it(`LV-5: refuses ${what} with a sentence naming the field and its value, nothing changed`, () => {
      const ids = level.ids;
      const first = level.get(0);
      expect(call).toThrow(message);
      expect(level.ids).toBe(ids);
      expect(level.get(0)).toEqual(first);
    });
  }

  it('LV-5: refuses a removed id on move, remove and get', () => {
    const id = level.add({ x: 1, z: 1, radius: 0.2 });
    level.remove(id);
    for (const call of [() => level.move(id, 0, 0), () => level.remove(id), () => level.get(id)]) {
      expect(call).toThrow(new RegExp(`id is ${id}, a solid removed`));
    }
  });

  it('LV-5: refuses a ground whose solids are not scatter3d\'s', () => {
    const ground = { height: () => 0, solids: () => [] };
    expect(() => reference.solidsOf(ground)).toThrow(/whose solids are not scatter3d's/);
  });
});

for (const { name, api } of CORES) {
  describe(`LV-2: per-row calls see an edit from the next call (${name})`, () => {
    it(`LV-2: slide, carry and walk meet a circle added across the way, pass once it is removed, the same bits as the reference (${name})`, () => {
      const w = treeWorld();
      const ground = api.groundOf(w);
      const refGround = reference.groundOf(w);
      const level = api.solidsOf(ground);
      const row = (): Row => ({ kind: 'xbot', pos: [0, 0, 0] });
      expect(api.slide(row(), w, [0, 4], ground)).toEqual([0, 4]);
      const id = level.add({ x: 0, z: 3, radius: 0.5 });
      const slid = api.slide(row(), w, [0, 4], ground);
      expect(slid[1]).toBeLessThan(3 - 0.5 - XBOT.radius + 1e-6);
      expect(slid).toEqual(reference.slide(row(), w, [0, 4], refGround));
      const carried = api.carry(row(), w, [0, 4], ground);
      expect(carried).toEqual(reference.carry(row(), w, [0, 4], refGround));
      expect(carried[1]).toBeLessThan(2.2);
      const walker: Row = { kind: 'xbot', pos: [0, 0, 1.5], vel: [0, 0, 3], want: [0, 3] };
      const refWalker = structuredClone(walker);
      for (let k = 0; k < 10; k++) {
        api.walk(walker, w, 0.1, ground);
        reference.walk(refWalker, w, 0.1, refGround);
      }
      expect(walker).toEqual(refWalker);
      expect(Math.hypot(walker.pos[0], walker.pos[2] - 3)).toBeGreaterThanOrEqual(0.5 + XBOT.radius);
      level.remove(id);
      expect(api.slide(row(), w, [0, 4], ground)).toEqual([0, 4]);
    });

    it(`LV-3: a circle added onto a standing row pushes it out at its next walk, along the line from the circle's centre, the same bits as the reference (${name})`, () => {
      const w = treeWorld();
      const ground = api.groundOf(w);
      const level = api.solidsOf(ground);
      level.add({ x: 0.3, z: 0, radius: 0.5 });
      const me: Row = { kind: 'xbot', pos: [0, 0, 0] };
      const same = structuredClone(me);
      api.walk(me, w, 0.1, ground);
      reference.walk(same, w, 0.1, reference.groundOf(w));
      expect(me).toEqual(same);
      // Pushed along −x, the line from the circle's centre through the body's, to just outside its grown circle.
      expect(me.pos[2]).toBe(0);
      expect(me.pos[0]).toBeCloseTo(0.3 - (0.5 + XBOT.radius + 0.001), 9);
    });
  });
}
