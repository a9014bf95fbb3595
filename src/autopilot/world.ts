/**
 * The autopilot's generated world (CO-11): seeded noise terrain over a carved lake basin, a water level, a dense
 * grove to weave through and trees scattered everywhere — real ground for a deterministic headless run.
 */
import type { World } from '../types.ts';

/** Where the autopilot's lake lies: centre (x, z), radius of its basin and the basin's depth, in metres. */
export const LAKE = { x: 40, z: 0, radius: 16, depth: 3.5 } as const;

/** The grove the scripted player weaves through: [x0, z0, x1, z1]. */
export const GROVE = [-24, 52, 24, 92] as const;

const body = {
  radius: 0.4, height: 1.8, airAccel: 2, turnRate: 10, turnMax: 12, gravity: 20, jumpH: 0.9, step: 0.6,
  maxSlope: 0.7, slopeBand: 0.1, wade: 0.5, span: 0.5, probe: 2, slide: 4, bodies: [],
};

/** A coarse heightmap holding only the lake basin (a smooth bowl); terrain3d adds the noise on top (M-1). */
function lakeBasin(): { origin: number[]; spacing: number; nx: number; nz: number; data: number[] } {
  const spacing = 4;
  const n = 41; // −80 … +80 m
  const origin = [-80, -80];
  const data: number[] = [];
  for (let iz = 0; iz < n; iz++) {
    for (let ix = 0; ix < n; ix++) {
      const dx = origin[0] + ix * spacing - LAKE.x;
      const dz = origin[1] + iz * spacing - LAKE.z;
      const q = Math.max(0, 1 - (dx * dx + dz * dz) / (LAKE.radius * LAKE.radius));
      data.push(-LAKE.depth * q * q * (3 - 2 * q));
    }
  }
  return { origin, spacing, nx: n, nz: n, data };
}

/**
 * The world of seed `seed`: kinds `xbot` (the player), `ally` (the companion: quick to ease, so its body tracks
 * the commanded speed; seekSpeed at FOLLOW_MAX_SPEED so REGROUP keeps pace) and `grunt` (enemies); terrain3d noise
 * of ±1.2 m over 40 m plus the lake basin, water at −1 m; scatter3d trees (CO-11).
 */
export function autopilotWorld(seed: number): World {
  return {
    walker: {
      kinds: {
        xbot: { ...body, accel: 12, seekSpeed: 3 },
        ally: { ...body, accel: 40, seekSpeed: 6.5 },
        grunt: { ...body, accel: 12, seekSpeed: 2 },
      },
      mods: { height: 'terrain3d', depth: 'terrain3d', cell: 'terrain3d', solids: 'scatter3d' },
    },
    terrain3d: {
      rings: [{ reach: 64, seg: 128 }],
      heightmap: lakeBasin(),
      noise: { seed, amplitude: 1.2, wavelength: 40, octaves: 3 },
      water: -1,
    },
    scatter3d: {
      layers: [
        { seed: seed + 1, count: 70, extent: [...GROVE], radius: [0.25, 0.5], solid: true },
        { seed: seed + 2, count: 90, extent: [-80, -80, 80, 80], radius: [0.3, 0.6], solid: true },
      ],
    },
  };
}
