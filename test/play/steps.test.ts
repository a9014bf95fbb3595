/**
 * SL-3, ST-3, WA-1 in ordinary play: one step rule for every speed, dt, approach angle and sample phase. The README's
 * xbot (step 0.6, maxSlope 0.7, span 0.5) walks at sheer risers on grounds of callbacks (at any angle to the axes)
 * and on terrain3d heightmaps with 0.05 m cells (axis-aligned, so they run in wasm), on every core.
 */
import { describe, expect, test } from 'vitest';
import { CORES, type Api } from '../cores.ts';
import type { Ground, Row, World } from '../../src/types.ts';

const XBOT = { radius: 0.4, height: 1.8, accel: 12, airAccel: 2, turnRate: 10, turnMax: 12, gravity: 20, jumpH: 0.9, step: 0.6, maxSlope: 0.7, slopeBand: 0.1, wade: 0.5, span: 0.5, probe: 2, slide: 4, seekSpeed: 3 };
const CLIMBED = [0.3, 0.55, 0.59, 0.6];
const REFUSED = [0.66, 0.7, 0.8, 1.2];
const SPEEDS = [0.4, 1, 3, 6, 9];
const ANGLES = [0, 30, 55];
/** How far the edge is ahead of the body's centre at the start: a few phases against the samples and the lattice. */
const EDGES = [1.0, 1.07, 1.13, 1.21];
const DT = 1 / 60;

/** A profile across the way, as a function of d, the distance along the feature's normal from its foot. */
type Profile = (d: number) => number;

interface Place {
  name: string;
  world: World;
  ground: Ground;
  /** The feature's normal (x, z). */
  nx: number;
  nz: number;
}

/** A ground of callbacks with the profile across a normal `psi` radians off +x (runs on the reference core). */
function callbacks(profile: Profile, psi: number): Place {
  const nx = Math.cos(psi);
  const nz = Math.sin(psi);
  return { name: `callbacks at ${psi} rad`, world: { walker: { kinds: { xbot: XBOT } } }, ground: { height: (x, z) => profile(x * nx + z * nz), solids: () => [] }, nx, nz };
}

/** A terrain3d heightmap (cell 0.05 m, the face steep over one cell) with the profile along +x; runs in wasm. */
function heightmap(api: Api, profile: Profile): Place {
  const cell = 0.05;
  const first = -400;
  const data: number[] = [];
  for (let i = 0; i < 1000; i++) data.push(profile((first + i) * cell));
  const world = {
    walker: { kinds: { xbot: XBOT }, mods: { height: 'terrain3d', cell: 'terrain3d' } },
    terrain3d: { rings: [{ reach: 64 * cell, seg: 128 }], heightmap: { origin: [first * cell, 0], spacing: cell, nx: 1000, nz: 2, data: [...data, ...data] } },
  } as unknown as World;
  return { name: 'a 0.05 m heightmap', world, ground: api.groundOf(world), nx: 1, nz: 0 };
}

/**
 * Walks a body at `speed` toward the foot (`edge` metres ahead along the normal, `angle` degrees off it) long enough
 * to reach it and go 1.5 m on; returns the highest it stood and where it ended along the normal.
 */
function walkAt(api: Api, place: Place, speed: number, angle: number, edge: number): { top: number; d: number } {
  const a = (angle * Math.PI) / 180;
  const ux = place.nx * Math.cos(a) - place.nz * Math.sin(a);
  const uz = place.nz * Math.cos(a) + place.nx * Math.sin(a);
  const me: Row = { kind: 'xbot', pos: [-edge * place.nx, 0, -edge * place.nz], want: [ux * speed, uz * speed] };
  const steps = Math.ceil(((edge + 1.5) / (speed * Math.cos(a)) + 1) / DT);
  let top = 0;
  for (let i = 0; i < steps; i++) {
    api.walk(me, place.world, DT, place.ground);
    if (me.air !== true) top = Math.max(top, me.pos[1]);
  }
  return { top, d: me.pos[0] * place.nx + me.pos[2] * place.nz };
}

const riser = (h: number): Profile => (d) => (d >= 0 ? h : 0);

for (const { name: core, api } of CORES) {
  // On a wasm core a ground of callbacks runs the reference core (WX-4): one angle there, both on the reference.
  const places = (profile: Profile): Place[] =>
    core === 'reference' ? [callbacks(profile, 0), callbacks(profile, 0.35), heightmap(api, profile)] : [callbacks(profile, 0.35), heightmap(api, profile)];

  describe(`SL-3 one step rule at every speed, angle and phase (${core})`, () => {
    test.each(CLIMBED)(`SL-3: a %s m riser is climbed at 0.4–9 m/s, 0/30/55° off its normal, from every start (${core})`, (h) => {
      for (const place of places(riser(h))) {
        for (const speed of SPEEDS) for (const angle of ANGLES) for (const edge of EDGES) {
          const { top, d } = walkAt(api, place, speed, angle, edge);
          const where = `${place.name}, ${speed} m/s, ${angle}°, edge ${edge} m ahead`;
          expect(top, where).toBeCloseTo(h, 9);
          expect(d, where).toBeGreaterThan(0.25);
        }
      }
    });

    test.each(REFUSED)(`SL-3: a %s m riser (over step) is refused at 0.4–9 m/s, 0/30/55° off its normal, from every start (${core})`, (h) => {
      for (const place of places(riser(h))) {
        for (const speed of SPEEDS) for (const angle of ANGLES) for (const edge of EDGES) {
          const { top, d } = walkAt(api, place, speed, angle, edge);
          const where = `${place.name}, ${speed} m/s, ${angle}°, edge ${edge} m ahead`;
          // Never on it: no foot's ground counted above step (so never its top), the centre short of the edge.
          expect(top, where).toBeLessThanOrEqual(XBOT.step + 1e-9);
          expect(d, where).toBeLessThan(0);
        }
      }
    });

    test(`SL-3: stacked risers of 0.4 + 0.4 m, 0.6 m apart, are refused (0.8 over probe), at every speed and angle (${core})`, () => {
      const stack: Profile = (d) => (d >= 0 ? 0.4 : 0) + (d >= 0.6 ? 0.4 : 0);
      for (const place of places(stack)) {
        for (const speed of SPEEDS) for (const angle of ANGLES) {
          const { top } = walkAt(api, place, speed, angle, 1.07);
          expect(top, `${place.name}, ${speed} m/s, ${angle}°`).toBeLessThanOrEqual(XBOT.step + 1e-9);
        }
      }
    });

    test(`SL-3: a 0.3 m curb followed by a walkable hill (0.5 per metre) is stepped over, at every speed and angle (${core})`, () => {
      const curbHill: Profile = (d) => (d < 0 ? 0 : 0.3 + Math.min(d, 3) * 0.5);
      for (const place of places(curbHill)) {
        for (const speed of SPEEDS) for (const angle of ANGLES) {
          const { top, d } = walkAt(api, place, speed, angle, 1.07);
          const where = `${place.name}, ${speed} m/s, ${angle}°`;
          // Up the curb and 1.5 m on up the hill: at least 0.3 + 0.5·1 m.
          expect(top, where).toBeGreaterThan(0.8);
          expect(d, where).toBeGreaterThan(1);
        }
      }
    });
  });

  describe(`ST-3/WA-1 a body on a riser it is stepping over is not on steep ground (${core})`, () => {
    test(`WA-1: at 0.4 m/s over a 0.59 m riser the body is never steep and never slid back (${core})`, () => {
      for (const place of places(riser(0.59))) {
        const me: Row = { kind: 'xbot', pos: [-0.6 * place.nx, 0, -0.6 * place.nz], want: [0.4 * place.nx, 0.4 * place.nz] };
        let d = -0.6;
        for (let i = 0; i < 240; i++) {
          api.walk(me, place.world, DT, place.ground);
          const now = me.pos[0] * place.nx + me.pos[2] * place.nz;
          expect(me.steep, place.name).toBe(false);
          expect(now, place.name).toBeGreaterThanOrEqual(d - 1e-12);
          d = now;
        }
        expect(me.pos[1], place.name).toBeCloseTo(0.59, 9);
      }
    });

    test(`ST-3: ground steeper than maxSlope (a 1 per metre hillside) is steep and slides the body (${core})`, () => {
      const hill: Profile = (d) => Math.max(0, d);
      for (const place of places(hill)) {
        const me: Row = { kind: 'xbot', pos: [5 * place.nx, 5, 5 * place.nz] };
        for (let i = 0; i < 60; i++) {
          api.walk(me, place.world, DT, place.ground);
          if (me.air !== true) expect(me.steep, place.name).toBe(true);
        }
        // From rest it eases (accel 12) toward the slide speed (4 m/s) downhill: half a metre and more in a second.
        expect(me.pos[0] * place.nx + me.pos[2] * place.nz, place.name).toBeLessThan(5 - 0.5);
      }
    });
  });
}
