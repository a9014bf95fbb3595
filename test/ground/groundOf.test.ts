import { describe, expect, it } from 'vitest';
import { groundOf, registerMod } from '../../src/ground/index.ts';
import type { World } from '../../src/types.ts';

const XBOT = {
  radius: 0.4, height: 1.8, accel: 12, airAccel: 2, turnRate: 10, turnMax: 12, gravity: 20, jumpH: 0.9, step: 0.6,
  maxSlope: 0.7, slopeBand: 0.1, wade: 0.5, span: 0.5, probe: 2, slide: 4, seekSpeed: 3,
};
const ALL_MODS = { height: 'terrain3d', depth: 'terrain3d', cell: 'terrain3d', solids: 'scatter3d' };
// Ground 0 at x = 0 rising 1 per metre along x; water at 0.5.
const TERRAIN = { rings: [{ reach: 32, seg: 16 }], heightmap: { origin: [0, 0], spacing: 10, nx: 2, nz: 1, data: [0, 10] }, water: 0.5 };
const SCATTER = { instances: [{ x: 3, z: 4, radius: 1 }] };

function world(mods: unknown, sections: Record<string, unknown> = { terrain3d: TERRAIN, scatter3d: SCATTER }): World {
  return { walker: { kinds: { xbot: XBOT }, mods: mods as never }, ...sections };
}

describe('G-5: groundOf', () => {
  it('G-5: builds height, depth and cell from terrain3d and solids from scatter3d', () => {
    const g = groundOf(world(ALL_MODS));
    expect(g.height(2, 7)).toBe(2);
    expect(g.depth!(0.25, 0)).toBe(0.25);
    expect(g.depth!(3, 0)).toBe(0);
    expect(g.cell).toBe(4);
    expect(g.solids(0, 0, 4)).toEqual([{ x: 3, z: 4, radius: 1 }]);
    expect(g.solids(0, 0, 3.9)).toEqual([]);
  });

  it('G-5: depth, cell and solids are absent (solids: none) when mods name none', () => {
    const g = groundOf(world({ height: 'terrain3d' }));
    expect(g.height(5, 0)).toBe(5);
    expect(g.depth).toBeUndefined();
    expect(g.cell).toBeUndefined();
    expect(g.solids(3, 4, 100)).toEqual([]);
  });

  it('G-5: groundOf throws without a height mod', () => {
    expect(() => groundOf(world({ solids: 'scatter3d' }))).toThrow(new Error('walker: world.walker.mods names no height mod'));
    expect(() => groundOf(world(undefined))).toThrow(new Error('walker: world.walker.mods names no height mod'));
  });

  it('G-5: groundOf throws without walker settings', () => {
    expect(() => groundOf({ terrain3d: TERRAIN })).toThrow(/^walker: world has no walker settings \(world\.walker\)/);
  });

  it('G-5: an unknown mod name throws a sentence naming the field and the name', () => {
    expect(() => groundOf(world({ height: 'terrain4d' }))).toThrow(/^walker: world\.walker\.mods\.height is "terrain4d"; expected the name of a registered mod\.$/);
    expect(() => groundOf(world({ height: 'terrain3d', solids: 'rocks' }))).toThrow(/world\.walker\.mods\.solids is "rocks"/);
  });

  it('G-5, BI-5: an unknown field of mods throws, the nearest part asked after (a typo must not drop the trees)', () => {
    expect(() => groundOf(world({ height: 'terrain3d', solid: 'scatter3d' }))).toThrow('walker: world.walker.mods has an unknown field solid — did you mean solids?');
  });

  it('G-5: a mod name that is not a string, or mods that are not an object, throw', () => {
    expect(() => groundOf(world({ height: 3 }))).toThrow(/world\.walker\.mods\.height is 3; expected a mod name/);
    expect(() => groundOf(world('terrain3d'))).toThrow(/world\.walker\.mods is "terrain3d"; expected an object/);
  });

  it('G-5: a depth mod that gives no depth (terrain3d without water) leaves the ground without water', () => {
    const g = groundOf(world(ALL_MODS, { terrain3d: { ...TERRAIN, water: undefined }, scatter3d: SCATTER }));
    expect(g.depth).toBeUndefined();
    expect('depth' in g).toBe(false);
    expect(g.height(2, 0)).toBe(2);
  });

  it('G-5: a mod named for a part it does not give throws naming the part', () => {
    expect(() => groundOf(world({ height: 'terrain3d', solids: 'terrain3d' }))).toThrow(
      /mod "terrain3d" named by world\.walker\.mods\.solids gives solids = undefined; expected a function solids\(x, z, r\)/,
    );
    expect(() => groundOf(world({ height: 'scatter3d' }))).toThrow(/world\.walker\.mods\.height gives height = undefined/);
  });

  it('G-5: a named mod whose section is missing throws naming the section', () => {
    expect(() => groundOf(world({ height: 'terrain3d' }, {}))).toThrow(/world has no terrain3d settings \(world\.terrain3d\)/);
    expect(() => groundOf(world({ height: 'terrain3d', solids: 'scatter3d' }, { terrain3d: TERRAIN }))).toThrow(/world\.scatter3d/);
  });

  it('G-5: a child world inherits walker settings and mod data from its parent (K-5)', () => {
    const parent = world(ALL_MODS);
    const child: World = { parent: { parent } };
    const g = groundOf(child);
    expect(g.height(2, 0)).toBe(2);
    expect(g.cell).toBe(4);
    expect(g.solids(3, 4, 0)).toHaveLength(1);
  });

  it('G-5: mod data is read from the nearest world that holds it', () => {
    const parent = world(ALL_MODS);
    const child: World = { parent, terrain3d: { rings: [{ reach: 1, seg: 1 }], water: 2 } };
    const g = groundOf(child);
    expect(g.height(5, 0)).toBe(0);
    expect(g.depth!(5, 0)).toBe(2);
    expect(g.cell).toBe(2);
    expect(g.solids(3, 4, 0)).toHaveLength(1);
  });
});

describe('G-5: registerMod', () => {
  it('G-5: a registered custom height mod gives the height, with its own world section', () => {
    registerMod('tilted', (w) => {
      const t = w.tilted as { slope: number };
      return { height: (x, z) => t.slope * x + 2 * z, cell: 0.5 };
    });
    const g = groundOf(world({ height: 'tilted', cell: 'tilted' }, { tilted: { slope: 0.5 } }));
    expect(g.height(2, 1)).toBe(3);
    expect(g.cell).toBe(0.5);
    expect(g.solids(0, 0, 1)).toEqual([]);
  });

  it('G-5: each part comes from the mod named for it, each mod made once per groundOf with the world asked', () => {
    const seen: World[] = [];
    registerMod('counted', (w) => {
      seen.push(w);
      return { height: () => 7, depth: () => 1, solids: () => [{ x: 0, z: 0, radius: 9 }] };
    });
    const w = world({ height: 'counted', depth: 'counted', cell: 'terrain3d', solids: 'scatter3d' });
    const g = groundOf(w);
    expect(seen).toEqual([w]);
    expect(g.height(0, 0)).toBe(7);
    expect(g.depth!(0, 0)).toBe(1);
    expect(g.cell).toBe(4);
    expect(g.solids(3, 4, 0)).toEqual([{ x: 3, z: 4, radius: 1 }]);
  });

  it('G-5: a custom mod may give solids', () => {
    registerMod('posts', () => ({ solids: (x, z, r) => (Math.hypot(x, z) - 1 <= r ? [{ x: 0, z: 0, radius: 1 }] : []) }));
    const g = groundOf(world({ height: 'terrain3d', solids: 'posts' }));
    expect(g.solids(2, 0, 1)).toEqual([{ x: 0, z: 0, radius: 1 }]);
    expect(g.solids(3, 0, 1)).toEqual([]);
  });

  it('G-5: a mod whose parts are malformed throws naming the mod and part', () => {
    registerMod('badcell', () => ({ height: () => 0, cell: 0 }));
    expect(() => groundOf(world({ height: 'badcell', cell: 'badcell' }))).toThrow(/mod "badcell" named by world\.walker\.mods\.cell gives cell = 0; expected a finite number ≥ 0\.0078125/);
    registerMod('nothing', () => null as never);
    expect(() => groundOf(world({ height: 'nothing' }))).toThrow(/mod "nothing" made null; expected an object of ground parts/);
  });

  it('G-5: registering an empty name or a non-function throws a sentence', () => {
    expect(() => registerMod('', () => ({}))).toThrow(/^walker: registerMod name is ""; expected a non-empty string\.$/);
    expect(() => registerMod(5 as never, () => ({}))).toThrow(/registerMod name is 5/);
    expect(() => registerMod('x', 'height' as never)).toThrow(/^walker: registerMod factory for "x" is "height"; expected a function/);
  });
});
