/**
 * The play-test's worlds (CO-13): noise hills with 300 trees; the same hills with a lake the player wades into; and a
 * heightmap with a 0.8 m ledge (within a jump), a 3 m cliff band (beyond one) and a ramp up the band. Each runs in
 * wasm (terrain3d and scatter3d), so the bench can time the companion on the wasm core.
 */
import type { World } from '../types.ts';
import { XBOT, heightmapWorld, type Scene } from './scenes.ts';

/** A play-test world: the world, where the player and the companion start, and how far the player may roam. */
export interface PlayWorld {
  readonly name: string;
  readonly world: World;
  /** The half side of the square the player keeps to, centred on the origin, metres. */
  readonly roam: number;
  /** The top of the ledge a jump reaches, where the world has one: the player on it over `x < ledgeX`. */
  readonly ledge?: { readonly top: number; readonly x: number };
  /** Points the player heads for now and then: the lake, the foot of the ledge, the ramp. */
  readonly goals: ReadonlyArray<readonly [number, number]>;
}

/** The player: the scenes' xbot, wading to 1.8 m so it walks into the lake where the companion (wade 0.5) cannot. */
const player = { ...XBOT, wade: 1.8, seekSpeed: 6 };
/** The companion: quick to ease, so its body tracks the commanded speed (as the autopilot's ally). */
const ally = { ...XBOT, accel: 40, seekSpeed: 6.5 };

/** Noise hills over ±64 m, with a lake basin of radius 16 m at (20, 0) under water at −1 m when `lake`, and 300 trees. */
function hills(seed: number, lake: boolean): World {
  const spacing = 4;
  const n = 33; // −64 … +64 m
  const data: number[] = [];
  for (let iz = 0; iz < n; iz++) {
    for (let ix = 0; ix < n; ix++) {
      const dx = -64 + ix * spacing - 20;
      const dz = -64 + iz * spacing;
      const q = lake ? Math.max(0, 1 - (dx * dx + dz * dz) / 256) : 0;
      data.push(-3.5 * q * q * (3 - 2 * q));
    }
  }
  return {
    walker: {
      kinds: { player, ally },
      mods: { height: 'terrain3d', depth: 'terrain3d', cell: 'terrain3d', solids: 'scatter3d' },
    },
    terrain3d: {
      rings: [{ reach: 64, seg: 128 }],
      heightmap: { origin: [-64, -64], spacing, nx: n, nz: n, data },
      noise: { seed, amplitude: 1.2, wavelength: 40, octaves: 3 },
      water: -1,
    },
    scatter3d: { layers: [{ seed: seed + 1, count: 300, extent: [-60, -60, 60, 60], radius: [0.25, 0.6], solid: true }] },
  };
}

/**
 * West of x = −4 a 0.8 m ledge north of z = 4 — over step, under a jump's apex, so a jump's arc clears its face from
 * any run-up (a 1.2 m ledge on these 0.25 m samples is met by the arc on its face, below the top: WA-7); east of x = 4 a 3 m cliff band north of z = 4 with a ramp up it
 * (x in [10, 13], rising 0.5 per metre from z = −2); flat ground between and south; a few trees.
 */
export const ledges: Scene = {
  name: 'a 0.8 m ledge, a 3 m cliff band and a ramp',
  height: (x, z) => {
    if (x < -4) return z >= 4 ? 0.8 : 0;
    if (x <= 4) return 0;
    if (z >= 4) return 3;
    return x >= 10 && x <= 13 ? Math.min(3, Math.max(0, 0.5 * (z + 2))) : 0;
  },
  trees: [{ x: -12, z: -8, radius: 0.5 }, { x: 0, z: -14, radius: 0.6 }, { x: 14, z: -10, radius: 0.4 }, { x: -2, z: 12, radius: 0.5 }],
};

/** The three play-test worlds of seed `seed`. */
export function playWorlds(seed: number): PlayWorld[] {
  const ledgeWorld = heightmapWorld(ledges);
  ledgeWorld.walker = { ...ledgeWorld.walker, kinds: { player, ally } };
  return [
    { name: 'hills with 300 trees', world: hills(seed, false), roam: 50, goals: [[-30, 20], [30, -20], [0, 40]] },
    { name: 'hills with a lake', world: hills(seed, true), roam: 50, goals: [[20, 0], [14, 6], [26, -4]] },
    { name: ledges.name, world: ledgeWorld, roam: 20, ledge: { top: 0.8, x: -4 }, goals: [[-12, 10], [-10, -6], [11.5, 10], [-8, 14], [0, 0], [-16, 8], [6, -8]] },
  ];
}
