/**
 * SPEC section 8 (SE-1..SE-6) and G-4 on every core, on callback and heightmap grounds: steering toward a target round
 * trees, clusters and pockets.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Circle, Ground, Row } from '../../src/types.ts';
import { atan2 } from '../../src/reference/math.ts';
import { check, eachGround, runsOn } from './harness.ts';
import { angleDiff, bearingOf, cluster, distTo, flat, kind, pocket, row, supportTangent, world } from './grounds.ts';

eachGround('seek', (bench) => {
  const { api, on } = bench;
  const { carry, seek, slide, walk } = api;

  const w = world({ rock: kind({ radius: 1.0, span: 0.2 }) }, kind({ bodies: ['rock', 'xbot'] }));
  const plain = world();
  const R = 0.4;

  function want(me: Row): [number, number] {
    return [me.want![0], me.want![1]];
  }

  /** Expects want to have length seekSpeed (3) and the given bearing. */
  function expectWantBearing(me: Row, bearing: number, digits = 9): void {
    const [x, z] = want(me);
    expect(Math.hypot(x, z)).toBeCloseTo(3, 12);
    expect(angleDiff(bearingOf(x, z), bearing)).toBeCloseTo(0, digits);
  }

  /** Grown discs of circles. */
  function grown(trees: readonly Circle[]): Array<{ x: number; z: number; r: number }> {
    return trees.map((c) => ({ x: c.x, z: c.z, r: c.radius + R }));
  }

  interface Run {
    arrived: boolean;
    steps: number;
    sides: number[];
    path: Array<[number, number]>;
  }

  /**
   * Seeks and walks until arrival (or `max` steps), checking every step that the body never enters a grown circle and
   * that `turned`/`side` follow SE-5: while the side holds, turned grows by the signed change of want's bearing; when
   * the side flips, turned had reached a whole turn and restarts at 0; a clear line or a new obstacle restarts it at 0.
   */
  function run(me: Row, g: Ground, trees: readonly Circle[], target: [number, number], max: number, oneObstacle = false): Run {
    const sides: number[] = [];
    const path: Array<[number, number]> = [];
    for (let i = 0; i < max; i++) {
      const sidePrev = (me.side as number | undefined) ?? 0;
      const turnedPrev = (me.turned as number | undefined) ?? 0;
      const wantPrev = me.want === undefined ? [0, 0] : [me.want[0], me.want[1]];
      const arrived = seek(me, plain, target, 0.3, g);
      const side = me.side as number;
      const turned = me.turned as number;
      if (arrived) return { arrived, steps: i, sides, path };
      expect(Math.abs(turned)).toBeLessThan(2 * Math.PI);
      if (side === 0) {
        expect(turned).toBe(0);
      } else if (sidePrev === 0) {
        expect(turned).toBe(0);
      } else {
        const change = wantPrev[0] === 0 && wantPrev[1] === 0 ? 0 : angleDiff(bearingOf(me.want![0], me.want![1]), bearingOf(wantPrev[0], wantPrev[1]));
        if (side === sidePrev) {
          expect(turned).toBeCloseTo(turnedPrev + change, 9);
        } else {
          // A flip: the new want aims at the other side, so the turn that completed 2π is the one toward the old
          // side's tangent — computed by hand over the obstacle's grown discs (all the trees, when they are one obstacle).
          expect(oneObstacle).toBe(true);
          expect(side).toBe(-sidePrev);
          expect(turned).toBe(0);
          const toward = bearingOf(target[0] - me.pos[0], target[1] - me.pos[2]);
          const aimPrev = supportTangent(grown(trees), me.pos[0], me.pos[2], toward, sidePrev);
          const turn = angleDiff(aimPrev, bearingOf(wantPrev[0], wantPrev[1]));
          expect(Math.abs(turnedPrev + turn)).toBeGreaterThanOrEqual(2 * Math.PI - 1e-9);
          expectWantBearing(me, supportTangent(grown(trees), me.pos[0], me.pos[2], toward, side));
        }
      }
      sides.push(side);
      walk(me, plain, 1 / 60, g);
      path.push([me.pos[0], me.pos[2]]);
      for (const c of trees) expect(distTo(c, me.pos[0], me.pos[2])).toBeGreaterThanOrEqual(c.radius + R);
    }
    return { arrived: false, steps: max, sides, path };
  }

  describe('SE-1, SE-2 want toward the target, arrival', () => {
    test('SE-1: seek sets want toward the target at seekSpeed and returns false while not arrived', () => {
      const me = row([1, 0, 1]);
      expect(seek(me, plain, [4, 5], 0.5, on(flat()))).toBe(false);
      // (3, 4) away: want = 3 · (0.6, 0.8).
      expect(me.want![0]).toBeCloseTo(1.8, 14);
      expect(me.want![1]).toBeCloseTo(2.4, 14);
      // seek writes nothing but want, side and turned.
      expect(me.pos).toEqual([1, 0, 1]);
      expect(me.vel).toBeUndefined();
    });

    test('SE-2: within stop metres: want [0, 0], side 0, turned 0, returns true', () => {
      const me = row([0, 0, 0], { want: [1, 1], side: 1, turned: 2.5 });
      expect(seek(me, plain, [0.3, 0.4], 0.6, on(flat()))).toBe(true);
      expect(me.want).toEqual([0, 0]);
      expect(me.side).toBe(0);
      expect(me.turned).toBe(0);
      // Exactly at stop (0.5) counts as within; just outside does not.
      expect(seek(row([0, 0, 0]), plain, [0.3, 0.4], 0.5, on(flat()))).toBe(true);
      expect(seek(row([0, 0, 0]), plain, [0.3, 0.4], 0.49, on(flat()))).toBe(false);
      // Stop 0 at the target itself.
      expect(seek(row([2, 0, 2]), plain, [2, 2], 0, on(flat()))).toBe(true);
      // Even inside a cluster of trees, arrival wins.
      const crowded = on(flat(0, { trees: [{ x: 0.2, z: 0.2, radius: 0.3 }] }));
      expect(seek(row([0, 0, 0], { side: -1, turned: 1 }), plain, [0.1, 0.1], 0.2, crowded)).toBe(true);
    });
  });

  describe('SE-3 a clear line', () => {
    test('SE-3: when the straight way passes through no grown solid, want points at the target; side and turned reset', () => {
      // A tree 0.95 off the line (grown 0.9) and one beyond the target: the line is clear.
      const g = on(flat(0, { trees: [{ x: 0.95, z: 3, radius: 0.5 }, { x: 0, z: 12, radius: 0.5 }] }));
      const me = row([0, 0, 0], { side: 1, turned: 3, want: [3, 0] });
      expect(seek(me, plain, [0, 10], 0.3, g)).toBe(false);
      expect(me.want).toEqual([0, 3]);
      expect(me.side).toBe(0);
      expect(me.turned).toBe(0);
    });

    test('SE-3: a tree 0.85 off the line (inside the grown 0.9) blocks it', () => {
      const me = row([0, 0, 0]);
      seek(me, plain, [0, 10], 0.3, on(flat(0, { trees: [{ x: 0.85, z: 3, radius: 0.5 }] })));
      expect(me.side).not.toBe(0);
      expect(want(me)[0]).not.toBe(0);
    });
  });

  describe('SE-4 going round an obstacle', () => {
    const tree: Circle = { x: 0, z: 3, radius: 0.5 };
    const g = on(flat(0, { trees: [tree] }));

    test('SE-4: aims at the tangent of the grown edge on the side whose way round is shorter', () => {
      for (const [x0, side] of [[0.2, 1], [-0.2, -1]] as const) {
        const me = row([x0, 0, 0]);
        seek(me, plain, [0, 8], 0.3, g);
        expect(me.side).toBe(side);
        expect(me.turned).toBe(0);
        const toward = bearingOf(0 - x0, 8);
        expectWantBearing(me, supportTangent(grown([tree]), x0, 0, toward, side));
      }
    });

    test('SE-4: the shorter way round decides the side even against the body\'s offset (target far to one side)', () => {
      // Body a little right of the tree's line, target far left and ahead: going round the left is shorter.
      const me = row([0.1, 0, 0]);
      const target: [number, number] = [-1.5, 6.5];
      seek(me, plain, target, 0.3, g);
      // Way round on each side, by hand: body → tangent point → target.
      const d = Math.hypot(0 - 0.1, 3);
      const L = Math.sqrt(d * d - 0.81);
      const toward = bearingOf(target[0] - 0.1, target[1]);
      const way = (s: number): number => {
        const b = supportTangent(grown([tree]), 0.1, 0, toward, s);
        const tx = 0.1 + L * Math.sin(b);
        const tz = L * Math.cos(b);
        return L + Math.hypot(target[0] - tx, target[1] - tz);
      };
      const expected = way(-1) < way(1) ? -1 : 1;
      expect(expected).toBe(-1);
      expect(me.side).toBe(expected);
    });

    test('SE-4: seeking round a tree it keeps its side, never enters the grown circle, and arrives', () => {
      const me = row([0.2, 0, 0]);
      const r = run(me, g, [tree], [0, 8], 1200);
      expect(r.arrived).toBe(true);
      const going = r.sides.filter((s) => s !== 0);
      expect(going.length).toBeGreaterThan(5);
      expect(new Set(going)).toEqual(new Set([1]));
      // Once the line came clear it stays clear: side 0 for the rest of the way.
      const firstClear = r.sides.indexOf(0);
      expect(firstClear).toBeGreaterThan(0);
      expect(r.sides.slice(firstClear).every((s) => s === 0)).toBe(true);
      // It went round the right side.
      expect(Math.max(...r.path.filter(([, z]) => Math.abs(z - 3) < 0.5).map(([x]) => x))).toBeGreaterThan(0.85);
    });
  });

  describe('G-4 clusters are one obstacle', () => {
    test('G-4: seek goes round the whole cluster of touching trees, not between them', () => {
      const trees = cluster(0, 5, 6, 0.4, 0.8); // x = −2 … 2, touching
      const g = on(flat(0, { trees }));
      const me = row([0.3, 0, 0]);
      seek(me, plain, [0.3, 10], 0.3, g);
      expect(me.side).toBe(1);
      expectWantBearing(me, supportTangent(grown(trees), 0.3, 0, 0, 1));
      // The tangent is the outermost tree's (x = 2), not the blocking one's.
      const r = run(row([0.3, 0, 0]), g, trees, [0.3, 10], 2000);
      expect(r.arrived).toBe(true);
      // Wherever the path crosses the cluster's line z = 5, it is outside the cluster's ends.
      // (Between two trees it would cross at |x| < 2; round the end tree, 0.8 from (±2, 5).)
      let crossed = 0;
      for (const [x, z] of r.path) {
        if (Math.abs(z - 5) < 0.05) {
          crossed++;
          expect(Math.abs(x)).toBeGreaterThan(2.79);
        }
      }
      expect(crossed).toBeGreaterThan(0);
    });

    test('G-4, SE-4: a grove of 80 touching trees, more than an obstacle keeps (MAX_CLUSTER, 32), is gone round at its real end, its hull\'s, not at a false end partway along', () => {
      // Two columns of trunks (radius 0.45, 1 m apart) at x = ±0.5 from z = 1 to z = 40, the body 10 m short of its end.
      const trees: Circle[] = [];
      for (let k = 0; k < 40; k++) for (const x of [-0.5, 0.5]) trees.push({ x, z: 1 + k, radius: 0.45 });
      const me = row([-3, 0, 30]);
      seek(me, plain, [3, 30], 0.3, on(flat(0, { trees })));
      expect(Math.abs(me.side as number)).toBe(1);
      // Round the end at z = 40 (the shorter way), on the tangent to the end trunk over every trunk of the grove.
      expect(me.want![1]!).toBeGreaterThan(0);
      expectWantBearing(me, supportTangent(grown(trees), -3, 30, bearingOf(6, 0), me.side as number));
    });
    test('G-4: trees that only overlap once grown by the body\'s radius are one obstacle; farther apart they are not', () => {
      // Trees of 0.3 at x = ±0.7: 0.8 apart at the edge, exactly touching once grown by 0.4 each.
      const pair = [{ x: -0.7, z: 4, radius: 0.3 }, { x: 0.7, z: 4, radius: 0.3 }];
      const me = row([-0.1, 0, 0]);
      seek(me, plain, [-0.1, 8], 0.3, on(flat(0, { trees: pair })));
      // The left tree blocks; alone, its right tangent (through the gap) would be the shorter way. As one obstacle the
      // way round the right is round both trees — longer — so it goes left round the pair.
      expect(me.side).toBe(-1);
      expectWantBearing(me, supportTangent(grown(pair), -0.1, 0, 0, -1));
      // Trees at ±0.9: 1.0 apart once grown, a gap the body passes: the line is clear.
      const apart = [{ x: -0.9, z: 4, radius: 0.3 }, { x: 0.9, z: 4, radius: 0.3 }];
      const you = row([-0.1, 0, 0]);
      seek(you, plain, [-0.1, 8], 0.3, on(flat(0, { trees: apart })));
      expect(you.side).toBe(0);
      expect(you.want).toEqual([0, 3]);
    });
    test('G-4: two trees a body\'s diameter apart, give or take a hair, are one obstacle exactly when their grown discs touch', () => {
      // A hair far above rounding at these coordinates, either way: exactly touching is left to the rounding of the query.
      const hair = fc.constantFrom(1e-9, 1e-7, 1e-6, 1e-4, 1e-2).chain((h) => fc.constantFrom(h, -h));
      check(
        fc.property(fc.double({ min: 0.2, max: 0.6, noNaN: true }), fc.double({ min: 0.2, max: 0.6, noNaN: true }), hair, fc.double({ min: 0, max: 0.9, noNaN: true }), (r1, r2, h, off) => {
          // Discs' edges at ∓(R + h/2): 2R + h apart, so grown by R they overlap when h < 0.
          const pair = [{ x: -(R + h / 2) - r1, z: 4, radius: r1 }, { x: R + h / 2 + r2, z: 4, radius: r2 }];
          const [a] = pair;
          const joined = h < 0;
          // The body walks straight at the left tree, into its grown disc.
          const x0 = a.x + off * (a.radius + R);
          const me = row([x0, 0, 0]);
          seek(me, plain, [x0, 8], 0.3, on(flat(0, { trees: pair })));
          expect(Math.abs(me.side as number)).toBe(1);
          expectWantBearing(me, supportTangent(grown(joined ? pair : [a]), x0, 0, 0, me.side as number));
        }),
        runsOn(bench, 400),
      );
    });

    test('SE-4, SE-5: round one tree, want is seekSpeed times the tangent\'s vector (o·L ± o⊥·r)/d² and turned grows by atan2 of the cross and dot of aim and want before — folded into a quarter turn for a kind that avoids — to the bit', () => {
      const still = world({}, kind({ avoidNeighbours: 0 }));
      check(
        fc.property(
          fc.boolean(),
          fc.double({ min: -0.95, max: 0.95, noNaN: true }),
          fc.double({ min: 0.05, max: 6, noNaN: true }),
          fc.double({ min: 0.2, max: 0.8, noNaN: true }),
          fc.constantFrom(-1, 0, 1),
          fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
          (avoids, across, oz, radius, side, before) => {
            // The tree stands across the way to a target straight ahead (a body inside its grown disc when oz is small).
            const r = radius + R;
            const ox = across * r;
            const g = on(flat(0, { trees: [{ x: ox, z: oz, radius }] }));
            const wantBefore: [number, number] = side === 0 ? [0, 0] : [3 * Math.sin(before), 3 * Math.cos(before)];
            // At seekSpeed: no stall check (SE-7) to stop it.
            const me = row([0, 0, 0], { side, turned: 0.5 * side, want: wantBefore, speed: 3 });
            seek(me, avoids ? plain : still, [0, 10], 0.3, g);
            const s = me.side as number;
            expect(Math.abs(s)).toBe(1);
            if (side !== 0) expect(s).toBe(side);
            const d2 = ox * ox + oz * oz;
            let aim: [number, number];
            if (d2 > r * r) {
              const L = Math.sqrt(d2 - r * r);
              aim = [(ox * L + oz * (s * r)) / d2, (oz * L - ox * (s * r)) / d2];
            } else {
              const d = Math.sqrt(d2);
              aim = [s * (oz / d), -s * (ox / d)];
            }
            expect(me.want).toEqual([3 * aim[0], 3 * aim[1]]);
            const turn = side === 0 ? 0 : atan2(aim[0] * wantBefore[1] - aim[1] * wantBefore[0], aim[0] * wantBefore[0] + aim[1] * wantBefore[1]);
            // A want before pointing back from the aim reads as its mirror about the quarter turn (SE-5).
            const counted = !avoids ? turn : turn > Math.PI / 2 ? Math.PI - turn : turn < -Math.PI / 2 ? -Math.PI - turn : turn;
            expect(me.turned).toBe(side === 0 ? 0 : 0.5 * side + counted);
          },
        ),
        runsOn(bench, 400),
      );
    });
  });

  describe('SE-5 pockets', () => {
    // A tree of 0.5 at (0, 3) seen from the origin with the target at (0, 10): tangents at ±asin(0.9/3).
    const tree = on(flat(0, { trees: [{ x: 0, z: 3, radius: 0.5 }] }));
    const half = Math.asin(0.9 / 3);

    test('SE-5: turned adds up the signed change of want\'s bearing while going round', () => {
      const me = row([0, 0, 0], { side: 1, turned: 1, want: [0, 3] });
      seek(me, plain, [0, 10], 0.3, tree);
      expect(me.side).toBe(1);
      expect(me.turned).toBeCloseTo(1 + half, 12);
      expectWantBearing(me, half, 12);
      // The change is taken the short way round: from bearing 2.9 to the tangent at π + half (≡ −π + half) is +0.546.
      const back = on(flat(0, { trees: [{ x: 0, z: -3, radius: 0.5 }] }));
      const you = row([0, 0, 0], { side: 1, turned: 0, want: [3 * Math.sin(2.9), 3 * Math.cos(2.9)] });
      seek(you, plain, [0, -10], 0.3, back);
      expect(you.turned).toBeCloseTo(angleDiff(Math.PI + half, 2.9), 9);
      expect(you.turned).toBeCloseTo(Math.PI + half - 2.9, 9);
      // With no want yet there is no bearing to change from: turned stays.
      const still = row([0, 0, 0], { side: 1, turned: 1, want: [0, 0] });
      seek(still, plain, [0, 10], 0.3, tree);
      expect(still.turned).toBe(1);
      expect(still.side).toBe(1);
    });

    test('SE-5: once turned reaches a whole turn (2π) the other side is taken and turned restarts', () => {
      const me = row([0, 0, 0], { side: 1, turned: 2 * Math.PI - 0.1, want: [0, 3] });
      seek(me, plain, [0, 10], 0.3, tree);
      expect(me.side).toBe(-1);
      expect(me.turned).toBe(0);
      expectWantBearing(me, -half, 12);
      const you = row([0, 0, 0], { side: -1, turned: -(2 * Math.PI - 0.1), want: [0, 3] });
      seek(you, plain, [0, 10], 0.3, tree);
      expect(you.side).toBe(1);
      expect(you.turned).toBe(0);
      expectWantBearing(you, half, 12);
      // Short of a whole turn, the side holds.
      const near = row([0, 0, 0], { side: 1, turned: 2 * Math.PI - 0.4, want: [0, 3] });
      seek(near, plain, [0, 10], 0.3, tree);
      expect(near.side).toBe(1);
      expect(near.turned).toBeCloseTo(2 * Math.PI - 0.4 + half, 12);
    });

    test('SE-5: seek gets out of a U-shaped pocket of overlapping trees and arrives, keeping turned/side per SE-5', () => {
      const trees = pocket(0, 3, 1.2, 4, 0.4, 0.6); // closed toward +z at z ≈ 3.4, open toward −z; body inside
      const g = on(flat(0, { trees }));
      const r = run(row([0, 0, 0]), g, trees, [0, 10], 3000, true);
      expect(r.arrived).toBe(true);
      // It had to go round the pocket: out of the mouth (z < −0.6) at some point before arriving.
      expect(Math.min(...r.path.map(([, z]) => z))).toBeLessThan(-0.6);
    });

    test('SE-5: in the pocket, a body that has already turned nearly 2π flips side, restarts turned, and still escapes', () => {
      const trees = pocket(0, 3, 1.2, 4, 0.4, 0.6);
      const g = on(flat(0, { trees }));
      for (const side of [1, -1]) {
        const me = row([0, 0, 0], { side, turned: side * (2 * Math.PI - 0.3), want: [0, 3] });
        const r = run(me, g, trees, [0, 10], 3000, true);
        expect(r.arrived).toBe(true);
        // run() checked every flip against the rule; here there was one, to the other side.
        expect(r.sides).toContain(-side);
      }
    });
  });

  describe('SE-6 blocking bodies', () => {
    const rock: Row = { kind: 'rock', pos: [0, 0, 3] };

    test('SE-6: rows of a kind listed in bodies block slide (and walk, carry) as circles of their radius', () => {
      const g = on(flat(0, { bodies: [rock] }));
      const me = row([0, 0, 0]);
      slide(me, w, [0, 5], g);
      expect(me.pos[2]).toBeCloseTo(3 - 1.4, 5);
      expect(me.pos[2]).toBeLessThanOrEqual(1.6);
      const lunger = row([0, 0, 0]);
      carry(lunger, w, [0, 5], g);
      expect(lunger.pos[2]).toBeCloseTo(1.6, 5);
      const runner = row([0, 0, 0], { want: [0, 3], vel: [0, 0, 3] });
      for (let i = 0; i < 60; i++) walk(runner, w, 1 / 60, g);
      expect(runner.pos[2]).toBeCloseTo(1.6, 5);
      // In a world whose xbot lists no bodies, the rock is no obstacle.
      expect(slide(row([0, 0, 0]), world({ rock: kind({ radius: 1.0, span: 0.2 }) }), [0, 5], g)).toEqual([0, 5]);
    });

    test('SE-6: blocking bodies count as solids for seek too; a body never blocks itself', () => {
      // Walking: a body standing still itself goes round still bodies afresh and keeps no side (AV-4).
      const me = row([0, 0, 0], { speed: 3 });
      const g = on(flat(0, { bodies: [rock, me] }));
      seek(me, w, [0, 8], 0.3, g);
      expect(me.side).not.toBe(0);
      const side = me.side as number;
      expectWantBearing(me, side * Math.asin(1.4 / 3));
      // xbot lists itself: another xbot blocks, but the row itself (also in ground.bodies) does not.
      const other: Row = { kind: 'xbot', pos: [5, 0, 0] };
      const you = row([0, 0, 0]);
      const crowd = on(flat(0, { bodies: [you, other] }));
      expect(slide(you, w, [0, 2], crowd)).toEqual([0, 2]);
      const them = row([0, 0, 0]);
      slide(them, w, [8, 0], on(flat(0, { bodies: [them, other] })));
      expect(them.pos[0]).toBeCloseTo(5 - 0.8, 5);
    });
  });
});
