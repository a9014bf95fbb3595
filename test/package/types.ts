/**
 * What the package's types refuse, as an app would write it: each line under a `@ts-expect-error` is a mistake tsc
 * must report (the runtime refuses each too: K-2, BI-5), so a directive whose line stops being an error fails the
 * compile (TS2578). The good world above them must compile: its numbers typed, its sections typed, a section of the
 * world's own (a user mod's) allowed. Type-checked in the consumer app (test/package/consumer.test.ts, every
 * tsconfig there, noUncheckedIndexedAccess included) and against the sources (test/package/types.test.ts).
 */
import {
  Companion, Herd, XBOT, groundOf, route, seek, solidsGeometry,
  type HerdField, type HerdOptions, type Kind, type Kinds, type Row, type Scatter3dSettings, type Terrain3dSettings, type World,
} from 'heightfield-walker';

export const world: World = {
  walker: { kinds: { xbot: { ...XBOT }, deer: { ...XBOT, radius: 0.3, bodies: ['xbot'] } }, mods: { height: 'terrain3d', solids: 'scatter3d' } },
  terrain3d: { rings: [{ reach: 64, seg: 128 }], noise: { seed: 7, amplitude: 6, wavelength: 64, octaves: 4 }, water: -2 },
  scatter3d: { instances: [{ x: 3, z: 4, radius: 0.5 }], layers: [{ seed: 8, count: 30, extent: [-64, -64, 64, 64], radius: [0.3, 0.6], solid: true }] },
  weather: { rain: true },
};
export const options: HerdOptions = { capacity: 1000, threads: 2 };
export const views: HerdField[] = ['x', 'wantZ', 'arrived', 'unreachable', 'kind'];

/** Never called: the mistakes need only compile into errors. */
export function mistakes(row: Row): unknown[] {
  const ground = groundOf(world);
  return [
    // @ts-expect-error a kind's radius is a number
    { xbot: { ...XBOT, radius: 'big' } } satisfies Kinds,
    // @ts-expect-error a misspelt kind number (radious)
    { ...XBOT, radious: 1 } satisfies Kind,
    // @ts-expect-error a kind without its numbers
    { radius: 0.4 } satisfies Kind,
    // @ts-expect-error bodies lists kind names, not one name
    { ...XBOT, bodies: 'xbot' } satisfies Kind,
    // @ts-expect-error terrain3d has rings, not ring
    { terrain3d: { ring: 5 } } satisfies World,
    // @ts-expect-error a misspelt terrain3d noise (nosie)
    { rings: [{ reach: 64, seg: 128 }], nosie: { seed: 7, amplitude: 6, wavelength: 64, octaves: 4 } } satisfies Terrain3dSettings,
    // @ts-expect-error a ring's seg is a number
    { rings: [{ reach: 64, seg: '128' }] } satisfies Terrain3dSettings,
    // @ts-expect-error a layer's count is a number
    { layers: [{ seed: 1, count: '3', extent: [0, 0, 1, 1], radius: [0.1, 0.2], solid: true }] } satisfies Scatter3dSettings,
    // @ts-expect-error mods name a mod by its name
    { walker: { kinds: {}, mods: { height: 3 } } } satisfies World,
    // @ts-expect-error a misspelt Herd option (capacty)
    new Herd(world, ground, { capacty: 10 }),
    // @ts-expect-error seek's route is true or false
    seek(row, world, [0, 0], 0.5, ground, { route: 'yes' }),
    // @ts-expect-error a misspelt route option (slopCost)
    route(row, world, [1, 1], ground, { slopCost: 1 }),
    // @ts-expect-error a misspelt Companion option (trailCapcity)
    new Companion({ row, world, ground, trailCapcity: 64 }),
    // @ts-expect-error a misspelt solidsGeometry option (side)
    solidsGeometry(ground, [0, 0, 1, 1], { side: 8 }),
    // @ts-expect-error a herd has no view posX
    'posX' satisfies HerdField,
  ];
}
