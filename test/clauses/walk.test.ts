/** SPEC section 7 (WA-1..WA-9) on every core, on callback and heightmap grounds: one step of a body. */
import { describe, expect, test } from 'vitest';
import type { Ground, Row } from '../../src/types.ts';
import { eachGround } from './harness.ts';
import { flat, ground, incline, kind, plane, row, slopeOracle, standOracle, wall, world } from './grounds.ts';

eachGround('walk', ({ api, on, heightOf }) => {
  const { walk } = api;

  /** `snappy` reaches any want within one step (accel 1000), so its vel shows the effective want itself. */
  const w = world({ snappy: kind({ accel: 1000, airAccel: 1000 }), spinner: kind({ turnRate: 1000 }), slow: kind({ turnRate: 4 }) });
  const K = { span: 0.5, step: 0.6 };

  function stepped(fields: Partial<Row> & { pos: readonly number[] }, dt: number, g: Ground): Row {
    const me: Row = { kind: 'xbot', ...fields };
    walk(me, w, dt, g);
    return me;
  }

  describe('WA-1 sliding on steep ground', () => {
    test('WA-1/SL-3: a body pressed against a 2 m terrain wall rests at its foot; the wall is not read as steep ground', () => {
      // Feet reach the wall at x = 1.75; refused a stand-off (0.25·√2) short of it, the body's slope (measured ±0.25
      // with feet ±0.25) never spans the wall, so it neither slides off nor jitters while it keeps pushing.
      const me = row([0, 0, 0], { want: [3, 0] });
      const g = on(wall(2, 2));
      for (let i = 0; i < 60; i++) walk(me, w, 1 / 60, g);
      const rest = me.pos[0];
      expect(rest).toBeLessThanOrEqual(1.75 - 0.25 * Math.SQRT2);
      expect(rest).toBeGreaterThan(1.0);
      for (let i = 0; i < 120; i++) {
        walk(me, w, 1 / 60, g);
        expect(me.steep).toBe(false);
        expect(me.pos[0]).toBe(rest);
        expect(me.pos[1]).toBe(0);
      }
    });

    test('WA-1: on steep ground want loses its uphill part and its downhill part is raised to at least slide', () => {
      const steep = on(plane(1)); // rises 1 per metre along +x: downhill is −x
      // Uphill 5 and across 3: the uphill part goes, the downhill part becomes slide (4): (−4, 3).
      const up = stepped({ kind: 'snappy', pos: [0, 0, 0], want: [5, 3] }, 0.1, steep);
      expect(up.steep).toBe(true);
      expect(up.vel![0]).toBeCloseTo(-4, 12);
      expect(up.vel![2]).toBeCloseTo(3, 12);
      // Downhill 6 already beats slide: kept, (−6, 3).
      const down = stepped({ kind: 'snappy', pos: [0, 0, 0], want: [-6, 3] }, 0.1, steep);
      expect(down.vel![0]).toBeCloseTo(-6, 12);
      expect(down.vel![2]).toBeCloseTo(3, 12);
      // Downhill 1 is raised to 4.
      expect(stepped({ kind: 'snappy', pos: [0, 0, 0], want: [-1, 0] }, 0.1, steep).vel![0]).toBeCloseTo(-4, 12);
      // On walkable ground the want is untouched.
      const calm = stepped({ kind: 'snappy', pos: [0, 0, 0], want: [5, 3] }, 0.1, on(plane(0.5)));
      expect(calm.steep).toBe(false);
      expect(calm.vel![0]).toBeCloseTo(5, 12);
      expect(calm.vel![2]).toBeCloseTo(3, 12);
    });

    test('WA-1: a resting body on steep ground starts sliding downhill and settles at the slide speed', () => {
      const steep = on(plane(1));
      const me = row([0, 0, 0]);
      for (let i = 0; i < 60; i++) walk(me, w, 1 / 60, steep);
      expect(me.steep).toBe(true);
      expect(me.vel![0]).toBeCloseTo(-4, 9);
      expect(me.vel![2]).toBeCloseTo(0, 12);
      expect(me.pos[0]).toBeLessThan(-2);
      // The slide does not lift the floor (WA-9): it stays where it started.
      expect(me.floor).toBe(0);
    });

    test('WA-1: the hysteresis: above maxSlope it starts, between maxSlope − slopeBand and maxSlope it keeps on, below it stops', () => {
      const sliding = stepped({ pos: [0, 0, 0], steep: true }, 1 / 60, on(plane(0.65)));
      expect(sliding.steep).toBe(true);
      expect(sliding.vel![0]).toBeCloseTo(-12 / 60, 12); // eased toward −4 by accel · dt
      const resting = stepped({ pos: [0, 0, 0], steep: false }, 1 / 60, on(plane(0.65)));
      expect(resting.steep).toBe(false);
      expect(resting.vel).toEqual([0, 0, 0]);
      const stopping = stepped({ pos: [0, 0, 0], steep: true }, 1 / 60, on(plane(0.55)));
      expect(stopping.steep).toBe(false);
      expect(stopping.vel).toEqual([0, 0, 0]);
      const starting = stepped({ pos: [0, 0, 0], steep: false }, 1 / 60, on(plane(0.75)));
      expect(starting.steep).toBe(true);
      expect(starting.vel![0]).toBeCloseTo(-12 / 60, 12);
    });

    test('WA-1: a body in the air is not slid and keeps its steep state', () => {
      const me = stepped({ kind: 'snappy', pos: [0, 5, 0], air: true, steep: true, want: [2, 0] }, 0.1, on(plane(1)));
      expect(me.steep).toBe(true);
      expect(me.vel![0]).toBeCloseTo(2, 12);
    });
  });

  describe('WA-2 easing the velocity', () => {
    test('WA-2: vel moves toward want as a vector by at most accel · dt', () => {
      // Gap (3, 4), length 5; reach 12 · 0.1 = 1.2: vel = (3, 4) · 1.2/5.
      const me = stepped({ pos: [0, 0, 0], want: [3, 4] }, 0.1, on(flat()));
      expect(me.vel![0]).toBeCloseTo(0.72, 14);
      expect(me.vel![2]).toBeCloseTo(0.96, 14);
      expect(me.vel![1]).toBe(0);
      // From (2, 0) toward (−2, 0): gap 4, moves 1.2 to (0.8, 0).
      expect(stepped({ pos: [0, 0, 0], vel: [2, 0, 0], want: [-2, 0] }, 0.1, on(flat())).vel![0]).toBeCloseTo(0.8, 14);
    });

    test('WA-2: it reaches want exactly when within reach', () => {
      const me = stepped({ pos: [0, 0, 0], vel: [2.9, 0, 4.1], want: [3, 4] }, 0.1, on(flat()));
      expect(me.vel).toEqual([3, 0, 4]);
      expect(stepped({ pos: [0, 0, 0], vel: [1, 0, 1], want: [0, 0] }, 0.5, on(flat())).vel).toEqual([0, 0, 0]);
    });

    test('WA-2: a step that starts in the air eases at airAccel; a step that jumps from the ground at accel', () => {
      expect(stepped({ pos: [0, 5, 0], air: true, want: [3, 0] }, 0.1, on(flat())).vel![0]).toBeCloseTo(0.2, 14);
      const jumper = stepped({ pos: [0, 0, 0], jump: true, want: [3, 0] }, 0.1, on(flat()));
      expect(jumper.air).toBe(true);
      expect(jumper.vel![0]).toBeCloseTo(1.2, 14);
    });
  });

  describe('WA-3 yaw', () => {
    test('WA-3: yaw turns by exactly δ·k/(1 + k) with k = turnRate · dt', () => {
      // turnRate 4, dt 0.05: k = 0.2; δ = 1: turn 1/6.
      const me = stepped({ kind: 'slow', pos: [0, 0, 0], yaw: 0.5, face: 1.5 }, 0.05, on(flat()));
      expect(me.yaw).toBeCloseTo(0.5 + 0.2 / 1.2, 14);
      // Toward want's bearing when face is null: want (1, 0) is bearing π/2; turnRate 10, dt 0.05: k = 0.5.
      expect(stepped({ pos: [0, 0, 0], yaw: 0, want: [1, 0] }, 0.05, on(flat())).yaw).toBeCloseTo(Math.PI / 2 / 3, 12);
      // Want (−1, −1) has bearing −3π/4; turnRate 4, dt 0.05: k = 0.2, turn δ/6 (under the cap 0.6).
      expect(stepped({ kind: 'slow', pos: [0, 0, 0], yaw: 0, want: [-1, -1] }, 0.05, on(flat())).yaw).toBeCloseTo((-3 * Math.PI) / 4 / 6, 12);
      // Zero want and no face: yaw stays.
      expect(stepped({ pos: [0, 0, 0], yaw: 0.7 }, 0.05, on(flat())).yaw).toBe(0.7);
      // Large dt stays stable: k = 100 → 100/101 of the way, never past.
      expect(stepped({ kind: 'slow', pos: [0, 0, 0], yaw: 0, face: 1 }, 25, on(flat())).yaw).toBeCloseTo(100 / 101, 12);
    });

    test('WA-3: yaw goes the short way round (from 3 toward −3 it turns up through π) and is wrapped', () => {
      // δ = wrap(−3 − 3) = 2π − 6 ≈ 0.283; turnRate 10, dt 0.3: k = 3, turn 0.75 δ; 3 + 0.212 > π wraps to −3.071.
      const delta = 2 * Math.PI - 6;
      const me = stepped({ pos: [0, 0, 0], yaw: 3, face: -3 }, 0.3, on(flat()));
      expect(me.yaw).toBeCloseTo(3 + 0.75 * delta - 2 * Math.PI, 12);
      expect(me.yaw).toBeGreaterThan(-Math.PI);
      expect(me.yaw).toBeLessThanOrEqual(Math.PI);
      const back = stepped({ pos: [0, 0, 0], yaw: -3, face: 3 }, 0.3, on(flat()));
      expect(back.yaw).toBeCloseTo(-3 - 0.75 * delta + 2 * Math.PI, 12);
      // A face given unwrapped (3 + 2π) is the same heading.
      expect(stepped({ pos: [0, 0, 0], yaw: 2.5, face: 3 + 2 * Math.PI }, 0.3, on(flat())).yaw).toBeCloseTo(2.5 + 0.75 * 0.5, 12);
    });

    test('WA-3: the turn is capped at turnMax · dt', () => {
      // turnRate 1000, dt 0.1: the eased turn would be 2 · 100/101 ≈ 1.98; turnMax 12 caps it at 1.2.
      expect(stepped({ kind: 'spinner', pos: [0, 0, 0], yaw: 0, face: 2 }, 0.1, on(flat())).yaw).toBeCloseTo(1.2, 14);
      expect(stepped({ kind: 'spinner', pos: [0, 0, 0], yaw: 0, face: -2 }, 0.1, on(flat())).yaw).toBeCloseTo(-1.2, 14);
      // Under the cap it is not touched.
      expect(stepped({ kind: 'spinner', pos: [0, 0, 0], yaw: 0, face: 0.5 }, 0.1, on(flat())).yaw).toBeCloseTo(0.5 * (100 / 101), 14);
    });
  });

  describe('WA-4 jumping', () => {
    test('WA-4: a jump while grounded sets vel[1] = √(2 · gravity · jumpH) = 6 and leaves the ground; jump is consumed', () => {
      // The same step then applies gravity (WA-7): vel[1] = 6 − 20 · 0.01, y = 5.8 · 0.01.
      const me = stepped({ pos: [0, 0, 0], jump: true }, 0.01, on(flat()));
      expect(me.vel![1]).toBeCloseTo(5.8, 12);
      expect(me.pos[1]).toBeCloseTo(0.058, 12);
      expect(me.air).toBe(true);
      expect(me.jump).toBe(false);
    });

    test('WA-4: a jump request in the air does nothing but is consumed', () => {
      const me = stepped({ pos: [0, 3, 0], air: true, jump: true }, 0.01, on(flat()));
      expect(me.vel![1]).toBeCloseTo(-0.2, 12);
      expect(me.jump).toBe(false);
      const idle = stepped({ pos: [0, 0, 0], jump: false }, 0.01, on(flat()));
      expect(idle.jump).toBe(false);
      expect(idle.air).toBe(false);
    });
  });

  describe('WA-5 moving through slide', () => {
    test('WA-5: the body moves by vel · dt (exactly, with nothing in the way)', () => {
      const me = stepped({ pos: [1, 0, 2], vel: [2, 0, 1], want: [2, 1] }, 0.125, on(flat()));
      expect(me.pos).toEqual([1.25, 0, 2.125]);
    });

    test('WA-5: the move goes through slide — a tree stops it on the grown circle', () => {
      const tree = { x: 2, z: 0, radius: 0.5 };
      const me = row([0, 0, 0], { want: [3, 0], vel: [3, 0, 0] });
      const g = on(flat(0, { trees: [tree] }));
      for (let i = 0; i < 60; i++) walk(me, w, 1 / 60, g);
      expect(me.pos[0]).toBeCloseTo(2 - 0.9, 5);
      expect(me.pos[0]).toBeLessThanOrEqual(1.1);
    });
  });

  describe('WA-6 following the ground', () => {
    test('WA-6: on a rise or a flat it follows, with vel[1] the vertical speed of that motion', () => {
      const up = stepped({ pos: [0, 0, 0], vel: [2, 0, 0], want: [2, 0] }, 0.1, on(plane(0.5)));
      expect(up.pos[1]).toBeCloseTo(0.1, 12);
      expect(up.vel![1]).toBeCloseTo(1, 10);
      expect(up.air).toBe(false);
      const level = stepped({ pos: [0, 0, 0], vel: [2, 0, 0], want: [2, 0] }, 0.1, on(flat()));
      expect(level.vel![1]).toBe(0);
    });

    test('WA-6: a walkable drop is followed (a crest onto a 0.3 downhill at walking pace)', () => {
      const crest = on(ground((x) => (x < 0 ? 0 : -0.3 * x)));
      const me = row([-1, 0, 0], { want: [1, 0], vel: [1, 0, 0] });
      for (let i = 0; i < 180; i++) {
        const y0 = me.pos[1];
        walk(me, w, 1 / 60, crest);
        expect(me.air).toBe(false);
        expect(me.pos[1]).toBeCloseTo(standOracle(K, heightOf(crest), me.pos[0], me.pos[2]), 12);
        expect(me.vel![1]).toBeCloseTo((me.pos[1] - y0) * 60, 9);
      }
      expect(me.pos[0]).toBeGreaterThan(1.5);
      expect(me.vel![1]).toBeCloseTo(-0.3, 9);
      // Running down a 0.5 slope already at its vertical speed (−1.5 at 3 m/s) is followed too.
      const runner = row([0, 0, 0], { want: [3, 0], vel: [3, -1.5, 0] });
      const down = on(plane(-0.5));
      for (let i = 0; i < 30; i++) walk(runner, w, 1 / 60, down);
      expect(runner.air).toBe(false);
      expect(runner.vel![1]).toBeCloseTo(-1.5, 9);
    });

    test('WA-6: a cliff is left — air becomes true with vel[1] ≤ 0, never positive, and it falls', () => {
      const cliff = on(ground((x) => (x < 2 ? 0 : -3)));
      const me = row([0, 0, 0], { want: [3, 0], vel: [3, 0, 0] });
      let left = false;
      for (let i = 0; i < 120; i++) {
        walk(me, w, 1 / 60, cliff);
        expect(me.vel![1]).toBeLessThanOrEqual(0);
        expect(me.pos[1]).toBeLessThanOrEqual(0);
        if (me.air) left = true;
      }
      expect(left).toBe(true);
      expect(me.air).toBe(false);
      expect(me.pos[1]).toBe(-3);
    });

    test('WA-6: walking over a crest never launches a body upward (climbing at +1.5 m/s, then a drop)', () => {
      // Up a 0.5 ramp to a crest at x = 2 (height 1), then a cliff down to −3.
      const crest = on(ground((x) => (x < 2 ? 0.5 * x : -3)));
      const me = row([0, 0, 0], { want: [3, 0], vel: [3, 1.5, 0] });
      let yMax = 0;
      let wasAir = false;
      for (let i = 0; i < 120; i++) {
        const y0 = me.pos[1];
        walk(me, w, 1 / 60, crest);
        if (me.air) {
          // In the air after walking off: vel[1] ≤ 0 from the first step on, so it only goes down.
          expect(me.vel![1]).toBeLessThanOrEqual(0);
          expect(me.pos[1]).toBeLessThanOrEqual(y0);
          wasAir = true;
        }
        yMax = Math.max(yMax, me.pos[1]);
      }
      expect(wasAir).toBe(true);
      expect(yMax).toBeLessThanOrEqual(1 + 1e-12);
    });
  });

  describe('WA-7 in the air', () => {
    test.each([[1 / 30], [1 / 60], [1 / 120]])('WA-7: a jump on flat ground peaks at jumpH within v0·dt/2 and lands (dt = %s)', (dt) => {
      const v0 = Math.sqrt(2 * 20 * 0.9);
      const me = row([0, 0, 0], { jump: true });
      let apex = 0;
      let steps = 0;
      let vPrev = v0;
      const g = on(flat());
      do {
        walk(me, w, dt, g);
        steps++;
        apex = Math.max(apex, me.pos[1]);
        if (me.air) {
          // Each air step loses gravity · dt of vertical speed.
          expect(me.vel![1]).toBeCloseTo(vPrev - 20 * dt, 12);
          vPrev = me.vel![1];
        }
      } while (me.air && steps < 1000);
      // Semi-implicit Euler peaks at jumpH − v0·dt/2 + g·dt²/8 between steps; the steps straddle it (1e-12: rounding
      // when the peak falls exactly between two steps, where the lowest apex is jumpH − v0·dt/2 itself).
      expect(Math.abs(apex - 0.9)).toBeLessThanOrEqual((v0 * dt) / 2 + 1e-12);
      expect(apex).toBeLessThanOrEqual(0.9);
      // Landed: on the stand height, at rest vertically, grounded.
      expect(me.air).toBe(false);
      expect(me.pos[1]).toBe(0);
      expect(me.vel![1]).toBe(0);
      // About 2 v0 / g in the air.
      expect(steps * dt).toBeCloseTo((2 * v0) / 20, 1);
    });

    test('WA-7: a falling body lands on the stand height (a 0.5 ledge edge: the mean of its feet)', () => {
      const me = row([1, 2, 0], { air: true });
      const g = on(wall(1, 0.5));
      for (let i = 0; i < 60 && me.air !== false; i++) walk(me, w, 1 / 60, g);
      expect(me.air).toBe(false);
      expect(me.pos[1]).toBeCloseTo(0.3, 12);
      expect(me.vel![1]).toBe(0);
    });
  });

  describe('WA-8 vel read back from the motion made', () => {
    test('WA-8: an unobstructed body\'s vel is the eased velocity exactly, its move vel · dt, its speed |vel|', () => {
      const dt = 0.1;
      const me = stepped({ pos: [0, 0, 0], vel: [1, 0, -1], want: [3, 4] }, dt, on(flat()));
      // Eased by hand: gap (2, 5), reach 1.2.
      const gap = Math.hypot(2, 5);
      expect(me.vel![0]).toBeCloseTo(1 + (2 * 1.2) / gap, 14);
      expect(me.vel![2]).toBeCloseTo(-1 + (5 * 1.2) / gap, 14);
      expect(me.pos[0]).toBe(me.vel![0] * dt);
      expect(me.pos[2]).toBe(me.vel![2] * dt);
      expect(me.speed).toBe(Math.sqrt(me.vel![0] ** 2 + me.vel![2] ** 2));
    });

    test('WA-8: against a wall vel shows the motion made, easing toward a want it never reaches', () => {
      const g = on(wall(2, 2));
      // A nearly straight wall of a huge tree (the largest radius scatter3d takes, M-2): its grown edge is the line x = 2 near z = 0.
      const R = 1000;
      const trees = [{ x: 2 + R, z: 0, radius: R - 0.4 }];
      const straight = on(flat(0, { trees }));
      const me = row([1, 0, 0], { want: [3, 3] });
      for (let i = 0; i < 120; i++) {
        const x0 = me.pos[0];
        const z0 = me.pos[2];
        walk(me, w, 1 / 60, straight);
        expect(me.vel![0]).toBeCloseTo((me.pos[0] - x0) * 60, 9);
        expect(me.vel![2]).toBeCloseTo((me.pos[2] - z0) * 60, 9);
        expect(me.speed).toBeCloseTo(Math.hypot(me.vel![0], me.vel![2]), 12);
      }
      // Pressed on the wall: vel across it (along the circle's normal there) is the (nil) motion made, never the
      // want's 3; along it, the want.
      const [cx, , cz] = me.pos;
      expect(cx).toBeCloseTo(2 + R - Math.sqrt(R * R - cz * cz), 5);
      const nx = 2 + R - cx;
      const nz = -cz;
      expect(Math.abs((me.vel![0] * nx + me.vel![2] * nz) / Math.hypot(nx, nz))).toBeLessThan(1e-3);
      // Along it, the want's part along the wall's tangent there: 3 turned by z/R off +z, plus 3·z/R of the want's x.
      expect(me.vel![2]).toBeCloseTo(3 + 3 * (cz / R), 2);
      expect(me.want).toEqual([3, 3]);
      // Against a terrain wall too, vel is the motion made every step (the body never gets its feet on the wall).
      const you = row([1, 0, 0], { want: [3, 3] });
      for (let i = 0; i < 120; i++) {
        const x0 = you.pos[0];
        walk(you, w, 1 / 60, g);
        expect(you.vel![0]).toBeCloseTo((you.pos[0] - x0) * 60, 9);
        expect(you.pos[0]).toBeLessThanOrEqual(1.75);
      }
    });
  });

  describe('WA-9 floor', () => {
    test('WA-9: floor tracks the stand height on walkable ground (where each step starts)', () => {
      const me = row([0, 0, 0], { want: [2, 0] });
      for (let i = 0; i < 30; i++) {
        const y0 = me.pos[1];
        walk(me, w, 1 / 30, on(plane(0.5)));
        expect(me.floor).toBe(y0);
      }
      expect(me.floor).toBeGreaterThan(0.5);
    });

    test('WA-9: a step that jumps from walkable ground records it (hopping in a pit gives no ceiling from the ledge above)', () => {
      // A 1.5 m plateau (x < 0), a pit at 0 (0 ≤ x < 4), then a steep face (1 per metre). The body walks off the
      // plateau, and once in the pit jumps every time it touches down. The pit floor is the last walkable ground it
      // stood on, so it cannot hop up the face onto ground above 0 + jumpH + step = 1.5.
      // (As a heightmap on 0.25 m cells: the face is the same ground, sampled as finely as on callbacks; the plateau's
      // edge a ramp 0.25 m wide.)
      const pit = on(ground((x) => (x < 0 ? 1.5 : x < 4 ? 0 : Math.min(5, x - 4))), { cell: 0.25 });
      const me = row([-1, 1.5, 0], { want: [3, 0] });
      let stoodInPit = false;
      let highest = 0;
      for (let i = 0; i < 900; i++) {
        if (me.air === false && me.pos[0] > 1.5) me.jump = true;
        walk(me, w, 1 / 60, pit);
        if (!me.air && me.pos[1] === 0) stoodInPit = true;
        if (!me.air && me.pos[0] > 1.5) highest = Math.max(highest, me.pos[1]);
      }
      expect(stoodInPit).toBe(true);
      expect(me.floor).toBe(0);
      expect(highest).toBeLessThanOrEqual(1.5 + 1e-9);
      // It did hop up the face, to the ceiling less the stand-off a refused rise keeps (0.25·√2 along a 1-per-metre face).
      expect(highest).toBeGreaterThan(1.5 - 0.25 * Math.SQRT2 - 0.05);
    });

    test('WA-9: a step from walkable ground onto a steep face does not record the face as floor', () => {
      // Jumping at 6.6 m/s onto a face rising 0.806 per metre (steep, 2 m high: walking, SL-3 refuses it; from the
      // air the body lands on it): the floor stays at ground whose slope (by hand, ST-3) is walkable.
      const face = on(incline(2, 0.806, 2));
      const me = row([0, 0, 0], { want: [6.6, 0], vel: [6.6, 0, 0], jump: true });
      let walkableTop = 0;
      let onFace = 0;
      for (let i = 0; i < 60; i++) {
        const [x0, y0, z0] = me.pos;
        const grounded = me.air !== true;
        walk(me, w, 1 / 60, face);
        if (grounded && slopeOracle(K, heightOf(face), x0, z0) <= 0.7) walkableTop = Math.max(walkableTop, y0);
        expect(me.floor).toBeLessThanOrEqual(walkableTop + 1e-12);
        if (me.air !== true) onFace = Math.max(onFace, me.pos[1]);
      }
      expect(onFace).toBeGreaterThan(0.5);
    });

    test('WA-9: floor does not follow steep ground, nor change in the air', () => {
      const steep = on(plane(1));
      const level = on(flat(0.0));
      const me = row([0, 0.25, 0], { floor: -7 });
      for (let i = 0; i < 30; i++) {
        walk(me, w, 1 / 30, steep);
        expect(me.steep).toBe(true);
        expect(me.floor).toBe(-7);
      }
      const flyer = row([0, 0, 0], { jump: true, floor: 0 });
      walk(flyer, w, 1 / 60, level);
      expect(flyer.air).toBe(true);
      for (let i = 0; i < 20; i++) {
        walk(flyer, w, 1 / 60, level);
        expect(flyer.floor).toBe(0);
      }
    });
  });
});
