/**
 * BI-5 on every core: every settings section and options object refuses an unknown key with a sentence naming where,
 * the key and the nearest known key — the two typos issue 26 found passing in silence first (a misspelt terrain3d
 * `noise` gave flat ground, a misspelt Herd `capacity` gave 64) — and nothing is frozen, fixed, added or written by
 * the refused call. Then K-4's kinds listed, the "dt is in seconds" hint, and a property: a random one-edit typo of
 * any known key of any section is refused with a known key one edit away asked after (the key itself when it is the
 * only one that near). Seeded (FC_SEED overrides, FC_RUNS the runs).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance, nearestKey } from '../../src/known.ts';
import { XBOT } from '../../src/presets.ts';
import type { Row, World } from '../../src/types.ts';
import { CORES, type Api } from '../cores.ts';

const SEED = Number(process.env.FC_SEED ?? 20261201);
const RUNS = Number(process.env.FC_RUNS ?? 150);

/** The message a call throws (fails the test when it does not throw); the error is a plain Error. */
function thrown(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(Error);
    expect((e as Error).constructor).toBe(Error);
    return (e as Error).message;
  }
  throw new Error('expected the call to throw');
}

const RINGS = [{ reach: 32, seg: 64 }];
const NOISE = { seed: 7, amplitude: 3, wavelength: 16, octaves: 4 };
const HEIGHTMAP = { origin: [0, 0], spacing: 1, nx: 2, nz: 2, data: [0, 0, 0, 0] };
const LAYER = { seed: 8, count: 5, extent: [-10, -10, 10, 10], radius: [0.3, 0.6], solid: true };
const INSTANCE = { x: 3, z: 4, radius: 0.5 };

/**
 * A world as a JavaScript caller hands it over: the types would refuse these typos at compile time (the point of
 * test/package/types.ts); here the runtime must.
 */
type JsWorld = any;

/** A fresh world on the built-in mods (terrain3d with noise and water, scatter3d), every object its own. */
function freshWorld(): JsWorld {
  return {
    walker: {
      kinds: { xbot: { ...XBOT, bodies: ['xbot'] }, deer: { ...XBOT, radius: 0.3 } },
      mods: { height: 'terrain3d', depth: 'terrain3d', cell: 'terrain3d', solids: 'scatter3d' },
    },
    terrain3d: { rings: RINGS.map((r) => ({ ...r })), noise: { ...NOISE }, water: -2 },
    scatter3d: { instances: [{ ...INSTANCE }], layers: [{ ...LAYER }] },
  };
}

/**
 * Nothing the refused read reached was frozen or fixed: the kinds table, and the sections named (a section read
 * whole before the refusal, such as terrain3d when scatter3d is refused, is fixed as any good read fixes it).
 */
function expectUntouched(w: JsWorld, sections: readonly string[] = ['terrain3d', 'scatter3d']): void {
  expect(Object.isFrozen(w.walker.kinds)).toBe(false);
  for (const name of sections) {
    const section = w[name] as Record<string, unknown>;
    for (const field of Object.keys(section)) {
      expect(Object.getOwnPropertyDescriptor(section, field)?.writable, `${name}.${field}`).toBe(true);
      const value = section[field];
      if (value !== null && typeof value === 'object') expect(Object.isFrozen(value), `${name}.${field}`).toBe(false);
    }
  }
}

describe.each(CORES)('BI-5: unknown keys ($name)', ({ name, api }) => {
  it(`BI-5: terrain3d { rings, nosie } is refused naming nosie and noise, not read as flat ground; nothing is fixed (${name})`, () => {
    const w = freshWorld();
    const { noise, ...rest } = w.terrain3d as { noise: unknown };
    w.terrain3d = { ...rest, nosie: noise };
    const message = thrown(() => api.groundOf(w));
    expect(message).toBe('walker: world.terrain3d has an unknown field nosie — did you mean noise? (nosie = an object; expected only rings, heightmap, noise, water).');
    expectUntouched(w);
    // Spelt right, the same settings give the hills the typo would have hidden.
    w.terrain3d = { ...rest, noise };
    const ground = api.groundOf(w);
    expect([1, 2, 3].some((x) => ground.height(x * 3.1, x * 1.7) !== 0)).toBe(true);
  });

  it(`BI-5: new Herd(w, g, { capacty: 10 }) is refused naming capacty and capacity, not given 64; the kinds table is not yet frozen (${name})`, () => {
    const w = freshWorld();
    const ground = api.groundOf(w);
    const message = thrown(() => new api.Herd(w, ground, { capacty: 10 } as never));
    expect(message).toBe('walker: Herd options has an unknown field capacty — did you mean capacity? (capacty = 10; expected only capacity, threads).');
    expect(Object.isFrozen(w.walker.kinds)).toBe(false);
    expect(thrown(() => new api.Herd(w, ground, { flavour: 'mint' } as never))).toBe('walker: Herd options has an unknown field flavour = "mint"; expected only capacity, threads.');
  });

  /** Each section and options object with one misspelt key: the call, the sentence's start, and the suggestion. */
  const SECTIONS: ReadonlyArray<readonly [string, (w: JsWorld) => void, string, (readonly string[])?]> = [
    ['world.walker', (w) => { w.walker.kind = {}; api.numbers({ kind: 'xbot' }, w); }, 'world.walker has an unknown field kind — did you mean kinds?'],
    ['world.walker.mods', (w) => { w.walker.mods = { height: 'terrain3d', solid: 'scatter3d' } as never; api.groundOf(w); }, 'world.walker.mods has an unknown field solid — did you mean solids?'],
    ['a kind', (w) => { w.walker.kinds.deer = { ...XBOT, radious: 1 }; api.numbers({ kind: 'xbot' }, w); }, 'kind "deer" has an unknown field radious — did you mean radius?'],
    ['world.terrain3d', (w) => { w.terrain3d = { rings: RINGS, watr: -2 }; api.groundOf(w); }, 'world.terrain3d has an unknown field watr — did you mean water?'],
    ['world.terrain3d.rings[i]', (w) => { w.terrain3d = { rings: [{ reach: 32, seg: 64 }, { reach: 64, segs: 32 }] }; api.groundOf(w); }, 'world.terrain3d.rings[1] has an unknown field segs — did you mean seg?'],
    ['world.terrain3d.heightmap', (w) => { w.terrain3d = { rings: RINGS, heightmap: { ...HEIGHTMAP, spacng: 1 } }; api.groundOf(w); }, 'world.terrain3d.heightmap has an unknown field spacng — did you mean spacing?'],
    ['world.terrain3d.noise', (w) => { w.terrain3d = { rings: RINGS, noise: { ...NOISE, ocatves: 4 } }; api.groundOf(w); }, 'world.terrain3d.noise has an unknown field ocatves — did you mean octaves?'],
    ['world.scatter3d', (w) => { w.scatter3d = { layer: [LAYER] }; api.groundOf(w); }, 'world.scatter3d has an unknown field layer — did you mean layers?', ['scatter3d']],
    ['world.scatter3d.instances[i]', (w) => { w.scatter3d = { instances: [INSTANCE, { x: 1, z: 1, radus: 2 }] }; api.groundOf(w); }, 'world.scatter3d.instances[1] has an unknown field radus — did you mean radius?', ['scatter3d']],
    ['world.scatter3d.layers[i]', (w) => { w.scatter3d = { layers: [{ ...LAYER, Solid: true }] }; api.groundOf(w); }, 'world.scatter3d.layers[0] has an unknown field Solid — did you mean solid?', ['scatter3d']],
    ['Herd options', (w) => { new api.Herd(w, api.groundOf(w), { thread: 2 } as never); }, 'Herd options has an unknown field thread — did you mean threads?', []],
  ];
  for (const [section, call, sentence, sections] of SECTIONS) {
    it(`BI-5: ${section} refuses a misspelt key with the nearest known key asked after, nothing frozen or fixed (${name})`, () => {
      const w = freshWorld();
      const message = thrown(() => call(w));
      expect(message).toMatch(/^walker: .*\)\.$/);
      expect(message).toContain(sentence);
      expectUntouched(w, sections);
    });
  }

  /** A world whose ground is read, a row on it, and a herd of one body seeking. */
  function scene(): { w: World; row: Row; herd: InstanceType<Api['Herd']> } {
    const w = freshWorld();
    const ground = api.groundOf(w);
    const herd = new api.Herd(w, ground, { capacity: 4, threads: 1 });
    herd.add({ kind: 'xbot', pos: [0, 0, 0] });
    herd.seek(0, [5, 5], 0.5);
    return { w, row: { kind: 'xbot', pos: [0, 0, 0], want: [1, 0] }, herd };
  }

  /** A herd's bodies as rows, to compare before and after. */
  const bodies = (herd: InstanceType<Api['Herd']>): unknown => Array.from({ length: herd.count }, (_, i) => [herd.get(i), herd.targetX[i], herd.stop[i], herd.seeking[i], herd.routing[i]]);

  it(`BI-5: seek options { rout: true } is refused naming route, the row unwritten (${name})`, () => {
    const { w, row } = scene();
    const before = structuredClone(row);
    expect(thrown(() => api.seek(row, w, [5, 5], 0.5, api.groundOf(w), { rout: true } as never))).toContain('walker: seek options has an unknown field rout — did you mean route?');
    expect(row).toEqual(before);
  });

  it(`BI-5: herd.seek options { routes: true } is refused naming route, the body's target unchanged (${name})`, () => {
    const { herd } = scene();
    const before = bodies(herd);
    expect(thrown(() => herd.seek(0, [9, 9], 1, { routes: true } as never))).toContain('walker: herd.seek options has an unknown field routes — did you mean route?');
    expect(bodies(herd)).toEqual(before);
  });

  it(`BI-5: route options { slopCost: 1 } is refused naming slopeCost (${name})`, () => {
    const { w, row } = scene();
    const before = structuredClone(row);
    expect(thrown(() => api.route(row, w, [5, 5], api.groundOf(w), { slopCost: 1 } as never))).toContain('walker: route options has an unknown field slopCost — did you mean slopeCost?');
    expect(row).toEqual(before);
  });

  it(`BI-5: Companion options { trailCapcity } is refused naming trailCapacity, the row unwritten (${name})`, () => {
    const { w, row } = scene();
    const before = structuredClone(row);
    const ground = api.groundOf(w);
    expect(thrown(() => new api.Companion({ row, world: w, ground, trailCapcity: 64 } as never))).toContain('walker: Companion options has an unknown field trailCapcity — did you mean trailCapacity?');
    expect(row).toEqual(before);
  });

  it(`BI-5, K-4: a kind the table does not name lists its kinds, the nearest asked after; row and herd unchanged (${name})`, () => {
    const { w, herd } = scene();
    const row: Row = { kind: 'xobt', pos: [0, 0, 0] };
    const before = structuredClone(row);
    expect(thrown(() => api.walk(row, w, 1 / 60, api.groundOf(w)))).toBe('walker: no kind "xobt" in world.walker.kinds — did you mean xbot? kinds: xbot, deer.');
    expect(row).toEqual(before);
    const count = herd.count;
    expect(thrown(() => herd.add({ kind: 'moose', pos: [0, 0, 0] }))).toBe('walker: no kind "moose" in world.walker.kinds — kinds: xbot, deer.');
    expect(herd.count).toBe(count);
  });

  it(`BI-5, BI-3: a walk or herd step too long for dt 16 says dt is in seconds; row and bodies unchanged (${name})`, () => {
    const { w, row, herd } = scene();
    const ground = api.groundOf(w);
    row.want = [6, 0];
    const before = structuredClone(row);
    const walked = thrown(() => api.walk(row, w, 16, ground));
    expect(walked).toContain('so lower the speed or dt — dt is in seconds (a 60 Hz frame is 1/60 s; dt 16 looks like milliseconds).');
    expect(row).toEqual(before);
    const was = bodies(herd);
    expect(thrown(() => herd.step(16))).toContain('— dt is in seconds (a 60 Hz frame is 1/60 s; dt 16 looks like milliseconds); nothing was stepped.');
    expect(bodies(herd)).toEqual(was);
    // A short dt that moves too far is the speed's doing: no word of milliseconds.
    row.want = [1e4, 0];
    expect(thrown(() => api.walk(row, w, 0.5, ground))).not.toContain('seconds');
  });
});

/** A key one edit from `key`: a letter inserted, deleted, replaced, or two neighbours swapped. */
function oneEdit(): fc.Arbitrary<(key: string) => string> {
  const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzXYZ_0'.split(''));
  return fc.tuple(fc.constantFrom('insert', 'delete', 'replace', 'swap'), fc.nat(), letter).map(([edit, at, c]) => (key: string) => {
    const i = at % (key.length + (edit === 'insert' ? 1 : 0));
    if (edit === 'insert') return key.slice(0, i) + c + key.slice(i);
    if (edit === 'delete') return key.slice(0, i) + key.slice(i + 1);
    if (edit === 'replace') return key.slice(0, i) + c + key.slice(i + 1);
    const j = Math.min(i, key.length - 2);
    return j < 0 ? key : key.slice(0, j) + key[j + 1] + key[j] + key.slice(j + 2);
  });
}

/**
 * Each section with its known keys and a call that reads it holding one extra key: where the sentence says the key
 * was. The extra key sits beside a good object, so only the key can be refused.
 */
const READERS: ReadonlyArray<{ where: string; known: readonly string[]; read: (api: Api, key: string) => unknown }> = [
  { where: 'world.walker', known: ['kinds', 'mods'], read: (api, key) => api.numbers({ kind: 'xbot' }, { walker: { kinds: { xbot: { ...XBOT } }, [key]: 1 } }) },
  { where: 'kind "xbot"', known: [...Object.keys(XBOT), 'airAccel', 'turnMax', 'bodies'], read: (api, key) => api.check({ xbot: { ...XBOT, [key]: 1 } }) },
  { where: 'world.walker.mods', known: ['height', 'depth', 'cell', 'solids'], read: (api, key) => api.groundOf({ ...freshWorld(), walker: { kinds: { xbot: { ...XBOT } }, mods: { height: 'terrain3d', [key]: 'terrain3d' } } }) },
  { where: 'world.terrain3d', known: ['rings', 'heightmap', 'noise', 'water'], read: (api, key) => api.groundOf({ ...freshWorld(), terrain3d: { rings: RINGS, [key]: 1 } }) },
  { where: 'world.terrain3d.rings[0]', known: ['reach', 'seg'], read: (api, key) => api.groundOf({ ...freshWorld(), terrain3d: { rings: [{ ...RINGS[0], [key]: 1 }] } }) },
  { where: 'world.terrain3d.heightmap', known: ['origin', 'spacing', 'nx', 'nz', 'data'], read: (api, key) => api.groundOf({ ...freshWorld(), terrain3d: { rings: RINGS, heightmap: { ...HEIGHTMAP, [key]: 1 } } }) },
  { where: 'world.terrain3d.noise', known: ['seed', 'amplitude', 'wavelength', 'octaves'], read: (api, key) => api.groundOf({ ...freshWorld(), terrain3d: { rings: RINGS, noise: { ...NOISE, [key]: 1 } } }) },
  { where: 'world.scatter3d', known: ['instances', 'layers'], read: (api, key) => api.groundOf({ ...freshWorld(), scatter3d: { [key]: 1 } }) },
  { where: 'world.scatter3d.instances[0]', known: ['x', 'z', 'radius', 'solid'], read: (api, key) => api.groundOf({ ...freshWorld(), scatter3d: { instances: [{ ...INSTANCE, [key]: 1 }] } }) },
  { where: 'world.scatter3d.layers[0]', known: ['seed', 'count', 'extent', 'radius', 'solid'], read: (api, key) => api.groundOf({ ...freshWorld(), scatter3d: { layers: [{ ...LAYER, [key]: 1 }] } }) },
  { where: 'Herd options', known: ['capacity', 'threads'], read: (api, key) => { const w = freshWorld(); return new api.Herd(w, api.groundOf(w), { [key]: 1 } as never); } },
  { where: 'seek options', known: ['route'], read: (api, key) => { const w = freshWorld(); return api.seek({ kind: 'xbot', pos: [0, 0, 0] }, w, [1, 1], 0.5, api.groundOf(w), { [key]: true } as never); } },
  { where: 'route options', known: ['slopeCost', 'waterCost', 'budget', 'region'], read: (api, key) => { const w = freshWorld(); return api.route({ kind: 'xbot', pos: [0, 0, 0] }, w, [1, 1], api.groundOf(w), { [key]: 1 } as never); } },
  {
    where: 'Companion options',
    known: ['row', 'world', 'ground', 'id', 'tripwire', 'onHit', 'trailCapacity'],
    read: (api, key) => { const w = freshWorld(); return new api.Companion({ row: { kind: 'xbot', pos: [0, 0, 0] }, world: w, ground: api.groundOf(w), [key]: 1 } as never); },
  },
];

describe('BI-5: a one-edit typo of any known key', () => {
  it('BI-5: nearestKey finds a key within two edits (a swap counts one, letter case none) and nothing further', () => {
    expect(nearestKey('nosie', ['rings', 'heightmap', 'noise', 'water'])).toBe('noise');
    expect(nearestKey('capacty', ['capacity', 'threads'])).toBe('capacity');
    expect(nearestKey('Capacity', ['capacity', 'threads'])).toBe('capacity');
    expect(nearestKey('cpcty', ['capacity', 'threads'])).toBeUndefined();
    expect(nearestKey('flavour', ['capacity', 'threads'])).toBeUndefined();
    expect(editDistance('ab', 'ba')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('kitten', 'sitting', 2)).toBe(Infinity);
  });

  for (const { name, api } of CORES.filter((c) => c.name !== 'debug')) {
    it(`BI-5: is refused in every section, naming the typo and a known key one edit away — the key itself when no other is as near (seed ${SEED}, ${name})`, () => {
      fc.assert(
        fc.property(fc.nat(READERS.length - 1), fc.nat(), oneEdit(), (r, k, edit) => {
          const { where, known, read } = READERS[r];
          const key = known[k % known.length];
          const typo = edit(key);
          fc.pre(!known.includes(typo));
          const message = thrown(() => read(api, typo));
          const shown = /^[A-Za-z_$][\w$]*$/.test(typo) ? typo : JSON.stringify(typo);
          expect(message).toContain(`walker: ${where} has an unknown field ${shown} — did you mean `);
          const suggested = /did you mean (\w+)\?/.exec(message)?.[1];
          expect(suggested !== undefined && known.includes(suggested)).toBe(true);
          expect(editDistance(typo, suggested!)).toBeLessThanOrEqual(editDistance(typo, key));
          const asNear = known.filter((other) => editDistance(typo, other) <= editDistance(typo, key));
          if (asNear.length === 1) expect(suggested).toBe(key);
        }),
        { seed: SEED, numRuns: RUNS },
      );
    });
  }
});
