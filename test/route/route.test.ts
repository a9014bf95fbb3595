/**
 * Routes (RT-1..RT-5) on every core, on heightmap grounds that plan in wasm: the grid against slide's own verdicts,
 * a maze with a known shortest way, a lake with a way round, a cliff band with one ramp, a closed pocket, and the
 * limits. Expected values come from the geometry of each ground or from oracles over the passability grid
 * (test/route/worlds.ts), never from the search under test.
 */
import { describe, expect, it } from 'vitest';
import { CORES } from '../cores.ts';
import { XBOT, cellOf, dijkstra, follow, mapWorld, neighbour, polylineLength, rowAt } from './worlds.ts';

/** A 24 m square: a curb (0.4 m, under step) at x ≥ 6, a ledge (3 m, past step + maxSlope·probe) at z ≥ 16, a deep pond, a tree. */
const features = mapWorld(
  24,
  (i, j) => (i >= 14 && i <= 17 && j >= 3 && j <= 6 ? -2 : 0) + (j >= 16 ? 3 : 0) + (i >= 6 && j < 16 ? 0.4 : 0),
  { water: -0.3, trees: [{ x: 9.3, z: 10.6, radius: 0.5 }] },
);

/** Two walls 2 m thick and 3 m high across x = 20–21 and x = 40–41, each with one gap: z = 48–52 and z = 10–14. */
const maze = mapWorld(64, (i, j) => ((i === 20 || i === 21) && !(j >= 48 && j <= 52)) || ((i === 40 || i === 41) && !(j >= 10 && j <= 14)) ? 3 : 0);

/** Water at 0 over a lake 3 m deep from x = 20 to 44 and z = 10 to 54; dry land at 0.5 elsewhere. */
const lake = mapWorld(64, (i, j) => (i >= 20 && i <= 44 && j >= 10 && j <= 54 ? -3 : 0.5), { water: 0 });

/** A 3 m cliff along z = 30–31, and one ramp up it over x = 40–44, rising 3 m from z = 20 to z = 31 (slope 0.27). */
const cliff = mapWorld(64, (i, j) => (i >= 40 && i <= 44 ? (j <= 20 ? 0 : j >= 31 ? 3 : (3 * (j - 20)) / 11) : j >= 31 ? 3 : 0));

/** A square ring of 3 m walls, two samples thick, round (50, 50): nothing gets in or out. */
const pocket = mapWorld(64, (i, j) => {
  const m = Math.max(Math.abs(i - 50), Math.abs(j - 50));
  return m === 6 || m === 7 ? 3 : 0;
});

for (const { name, api } of CORES) {
  describe(`routes (${name})`, () => {
    it('RT-1, RT-2: the grid is what stand and slide say — standable cells, and an edge exactly where slide makes the whole move', () => {
      const ground = api.groundOf(features);
      const me = { kind: 'xbot', pos: [0, 0, 0] };
      const p = api.passability(me, features, ground, [0, 0, 23.9, 23.9]);
      expect([p.x0, p.z0, p.cell, p.columns, p.rows]).toEqual([0, 0, 1, 24, 24]);
      const n = api.numbers(me, features);
      let passable = 0;
      let refused = 0;
      for (let k = 0; k < p.columns * p.rows; k++) {
        const x = (k % p.columns) + 0.5;
        const z = Math.floor(k / p.columns) + 0.5;
        for (let d = 0; d < 8; d++) {
          const m = neighbour(p, k, d);
          if (m < 0) {
            expect(p.edges[k] & (1 << d)).toBe(0);
            continue;
          }
          const delta = [(m % p.columns) + 0.5 - x, Math.floor(m / p.columns) + 0.5 - z];
          const y = api.stand(n, ground, x, z);
          const row = { kind: 'xbot', pos: [x, y, z], floor: y };
          const made = api.slide(row, features, delta, ground);
          const whole = made[0] === delta[0] && made[1] === delta[1];
          const expected = p.stand[m] === 1 && whole;
          expect((p.edges[k] >> d) & 1, `edge ${d} of cell (${x}, ${z})`).toBe(expected ? 1 : 0);
          if (expected) passable++;
          else refused++;
        }
      }
      expect(passable).toBeGreaterThan(2000);
      expect(refused).toBeGreaterThan(100);
      // Standing, from the ground's geometry: the pond is 2.3 m deep, the tree grown by the radius holds (9.5, 10.5),
      // open flat ground is standable on both sides of the curb and on top of the ledge.
      expect(p.stand[cellOf(p, 15.5, 4.5)]).toBe(0);
      expect(p.stand[cellOf(p, 9.5, 10.5)]).toBe(0);
      for (const [x, z] of [[2.5, 2.5], [10.5, 2.5], [20.5, 12.5], [10.5, 20.5]]) expect(p.stand[cellOf(p, x, z)]).toBe(1);
      // The curb (0.4 m) is stepped up and down; the ledge's face (2.6 m over a metre) is steep, and not walked onto.
      expect(p.edges[cellOf(p, 5.5, 2.5)] & 1).toBe(1);
      expect(p.edges[cellOf(p, 6.5, 2.5)] & (1 << 4)).toBe(1 << 4);
      expect(p.stand[cellOf(p, 10.5, 15.5)]).toBe(0);
      expect(p.edges[cellOf(p, 10.5, 14.5)] & (1 << 2)).toBe(0);
    });

    it('RT-3, RT-4: through a maze the route is within 2 % of the known shortest way, and no longer than the least grid path', () => {
      const ground = api.groundOf(maze);
      const me = rowAt(api, maze, ground, 5.3, 30.2);
      const r = api.route(me, maze, [55.7, 30.4], ground);
      expect(r.reached).toBe(true);
      // The shortest way for the body's centre wraps round the gaps' corners, half a metre off the foot of each wall
      // (the feet and the slope's reach, span/2 + 0.25 m, must stay off it): through the lower corners of the first
      // gap and the upper corners of the second.
      const known = polylineLength([[5.3, 30.2], [18.5, 48.5], [22.5, 48.5], [38.5, 13.5], [42.5, 13.5], [55.7, 30.4]]);
      expect(Math.abs(r.length - known) / known).toBeLessThan(0.02);
      expect(r.length).toBeCloseTo(polylineLength([[5.3, 30.2], ...r.waypoints]), 9);
      expect(r.waypoints.at(-1)).toEqual([55.7, 30.4]);
      // An independent Dijkstra over the same grid: smoothing never makes the way longer than the least grid path.
      const p = api.passability(me, maze, ground, [0, 0, 63.9, 63.9]);
      const least = dijkstra(p, cellOf(p, 5.3, 30.2))[cellOf(p, 55.7, 30.4)];
      expect(r.length).toBeLessThanOrEqual(least + Math.hypot(0.5, 0.5) * 2);
      expect(follow(api, maze, ground, me, r.waypoints, 0.3, 3000)).toBeGreaterThan(0);
    });

    it('RT-3: a lake between body and target is walked round on dry ground, and the body following the waypoints arrives', () => {
      const ground = api.groundOf(lake);
      const me = rowAt(api, lake, ground, 10, 32);
      const r = api.route(me, lake, [54, 32], ground);
      expect(r.reached).toBe(true);
      const n = api.numbers(me, lake);
      // Every leg keeps out of water deeper than wade: sampled every 0.25 m, the depth there is at most wade.
      let from = [10, 32];
      for (const wp of r.waypoints) {
        const steps = Math.ceil(Math.hypot(wp[0] - from[0], wp[1] - from[1]) / 0.25);
        for (let s = 0; s <= steps; s++) {
          const x = from[0] + ((wp[0] - from[0]) * s) / steps;
          const z = from[1] + ((wp[1] - from[1]) * s) / steps;
          expect(ground.depth!(x, z), `depth at (${x}, ${z})`).toBeLessThanOrEqual(n.wade);
        }
        from = wp;
      }
      // Round either end of the lake (its wade line at z ≈ 9.3 or 54.7) is at least 74.5 m; the grid's cells add a little.
      const round = polylineLength([[10, 32], [19.3, 54.7], [44.7, 54.7], [54, 32]]);
      expect(r.length).toBeGreaterThanOrEqual(round);
      expect(r.length).toBeLessThan(round * 1.06);
      const copy = { ...me, pos: [...me.pos] };
      expect(follow(api, lake, ground, copy, r.waypoints, 0.3, 3000)).toBeGreaterThan(0);
      expect(Math.hypot(copy.pos[0] - 54, copy.pos[2] - 32)).toBeLessThanOrEqual(0.3);
    });

    it('RT-2, RT-3: a cliff band is climbed by its one ramp, and the body following the route gets on top', () => {
      const ground = api.groundOf(cliff);
      const me = rowAt(api, cliff, ground, 10, 10);
      const r = api.route(me, cliff, [10, 50], ground);
      expect(r.reached).toBe(true);
      // The only way up is the ramp (x 40–44, z 20–31): some leg starts on it, and the way is at least the way via its top.
      expect(r.waypoints.some(([x, z]) => x >= 39.5 && x <= 45 && z >= 20 && z <= 31)).toBe(true);
      expect(r.length).toBeGreaterThanOrEqual(polylineLength([[10, 10], [40, 20], [40, 31], [10, 50]]) - 1);
      const copy = { ...me, pos: [...me.pos] };
      expect(follow(api, cliff, ground, copy, r.waypoints, 0.3, 3000)).toBeGreaterThan(0);
      expect(copy.pos[1]).toBeCloseTo(3, 6);
    });

    it('RT-4: a target in a closed pocket is not reached; the route ends at the reachable cell nearest it', () => {
      const ground = api.groundOf(pocket);
      const me = rowAt(api, pocket, ground, 20, 20);
      const r = api.route(me, pocket, [50.2, 50.3], ground);
      expect(r.reached).toBe(false);
      // Oracle: every cell the start reaches over passable edges (plain Dijkstra), and the least squared distance in
      // cells from those to the target's cell. The route's end is one of the nearest.
      const p = api.passability(me, pocket, ground, [0, 0, 63.9, 63.9]);
      const costs = dijkstra(p, cellOf(p, 20, 20));
      const target = cellOf(p, 50.2, 50.3);
      const d2 = (k: number): number => ((k % 64) - (target % 64)) ** 2 + (Math.floor(k / 64) - Math.floor(target / 64)) ** 2;
      let nearest = Infinity;
      for (let k = 0; k < costs.length; k++) if (costs[k] < Infinity) nearest = Math.min(nearest, d2(k));
      const end = r.waypoints.at(-1)!;
      expect(d2(cellOf(p, end[0], end[1]))).toBe(nearest);
      expect(end[0] % 1).toBe(0.5);
      expect(costs[target]).toBe(Infinity);
      // From inside, nothing outside is reached either.
      const inside = rowAt(api, pocket, ground, 50.2, 50.3);
      const out = api.route(inside, pocket, [20, 20], ground);
      expect(out.reached).toBe(false);
      expect(Math.max(Math.abs(out.waypoints.at(-1)![0] - 50), Math.abs(out.waypoints.at(-1)![1] - 50))).toBeLessThan(6);
    });

    it('RT-3: a target in the body\'s own cell is one waypoint, the target', () => {
      const ground = api.groundOf(lake);
      const me = rowAt(api, lake, ground, 5.2, 5.3);
      const r = api.route(me, lake, [5.7, 5.9], ground);
      expect([r.waypoints, r.reached]).toEqual([[[5.7, 5.9]], true]);
      expect(r.length).toBeCloseTo(Math.hypot(0.5, 0.6), 12);
    });

    it('RT-3: slopeCost steers the route off steep ground onto a longer flat way', () => {
      // A hill of slope 0.5 (walkable) between body and target, flat ground round it.
      const hill = mapWorld(64, (i, j) => Math.max(0, 6 - 0.5 * Math.max(Math.abs(i - 32), Math.abs(j - 32))));
      const ground = api.groundOf(hill);
      const me = rowAt(api, hill, ground, 10, 32);
      const straight = api.route(me, hill, [54, 32], ground);
      const costly = api.route(me, hill, [54, 32], ground, { slopeCost: 4 });
      expect(straight.length).toBeLessThan(45);
      expect(costly.length).toBeGreaterThan(straight.length + 5);
      expect(costly.waypoints.every(([x, z]) => Math.max(Math.abs(x - 32), Math.abs(z - 32)) >= 11)).toBe(true);
    });

    it('RT-5: too large a region, or malformed options, throw a sentence naming the field and the value', () => {
      const ground = api.groundOf(lake);
      const me = rowAt(api, lake, ground, 10, 32);
      expect(() => api.route(me, lake, [3000, 3000], ground)).toThrow('walker: target is [3000, 3000], a region of 2991 × 2969 cells; expected at most 1048576 cells (RT-5).');
      expect(() => api.route(me, lake, [20, 32], ground, { region: [0, 0, 2000, 2000] })).toThrow(/^walker: options\.region is \[0, 0, 2000, 2000\], a region of 2001 × 2001 cells; expected at most 1048576 cells \(RT-5\)\.$/);
      expect(() => api.route(me, lake, [20, 32], ground, { region: [15, 0, 30, 40] })).toThrow('walker: options.region is [15, 0, 30, 40]; expected a box [x0, z0, x1, z1] holding the body\'s pos and the target (RT-5).');
      expect(() => api.route(me, lake, [20, 32], ground, { slopeCost: -1 })).toThrow('walker: options.slopeCost is -1; expected a finite number ≥ 0.');
      expect(() => api.route(me, lake, [20, 32], ground, { waterCost: NaN })).toThrow('walker: options.waterCost is NaN; expected a finite number ≥ 0.');
      expect(() => api.route(me, lake, [20, Infinity], ground)).toThrow('walker: target is [20, Infinity]; expected 2 finite numbers.');
      expect(() => api.passability(me, lake, ground, [0, 0, 1500, 1500])).toThrow(/^walker: region is \[0, 0, 1500, 1500\], a region of 1501 × 1501 cells/);
      expect(() => api.passability(me, lake, ground, [5, 0, 0, 5])).toThrow('walker: region is [5, 0, 0, 5]; expected [x0, z0, x1, z1] with x0 ≤ x1 and z0 ≤ z1 (RT-5).');
    });

    it('RT-1: on a grid kept from earlier routes, its edges worked out one by one, each route is the one a fresh grid gives', () => {
      const ground = api.groundOf(maze);
      const region = [0, 0, 63.9, 63.9];
      // Back and forth, then across: each search asks for edges the ones before it left unworked (those into cells
      // already closed, and the reverse of those it slid).
      const trips = [[5.3, 30.2, 55.7, 30.4], [55.7, 30.4, 5.3, 30.2], [30.5, 60.5, 30.5, 3.5], [58.5, 3.5, 10.5, 58.5], [5.3, 30.2, 55.7, 30.4]];
      for (const [sx, sz, tx, tz] of trips) {
        const kept = api.route(rowAt(api, maze, ground, sx, sz), maze, [tx, tz], ground, { region });
        const fresh = structuredClone(maze);
        const alone = api.route(rowAt(api, fresh, api.groundOf(fresh), sx, sz), fresh, [tx, tz], api.groundOf(fresh), { region });
        expect(alone.reached).toBe(true);
        expect(kept).toEqual(alone);
      }
    });

    it('RT-1: a grid is not used again once the ground it was made on has a part replaced', () => {
      const w = mapWorld(32, () => 0);
      const ground = { ...api.groundOf(w) };
      const me = rowAt(api, w, ground, 4, 16);
      expect(api.route(me, w, [28, 16], ground).length).toBeCloseTo(24, 12);
      // A row of trees across the way, 0.3 m apart: the ground's solids replaced on the same ground object.
      const wall = Array.from({ length: 40 }, (_, k) => ({ x: 16, z: -4 + k * 0.6, radius: 0.3 }));
      ground.solids = (x, z, r) => wall.filter((c) => Math.hypot(c.x - x, c.z - z) <= r + c.radius);
      const r = api.route(me, w, [28, 16], ground);
      expect(r.length).toBeGreaterThan(24.5);
      expect(r.waypoints.some(([, z]) => z < -4 || z > 19.4)).toBe(true);
    });
  });
}

describe('routes: the kinds a route plans for', () => {
  it('RT-1: a wider body finds a gap too narrow and goes round', () => {
    // Trees in a line across z = 16 with one gap of 1.4 m between edges (a 0.4 m body passes, a 0.9 m one does not).
    const trees = [...Array.from({ length: 20 }, (_, k) => ({ x: 16, z: 15.2 - k * 0.8, radius: 0.45 })), ...Array.from({ length: 20 }, (_, k) => ({ x: 16, z: 17.5 + k * 0.8, radius: 0.45 }))];
    const w = mapWorld(32, () => 0, { trees });
    (w.walker!.kinds as Record<string, unknown>).big = { ...XBOT, radius: 0.9 };
    for (const { api } of CORES) {
      const ground = api.groundOf(w);
      const small = api.route({ kind: 'xbot', pos: [4, 0, 16] }, w, [28, 16], ground);
      const big = api.route({ kind: 'big', pos: [4, 0, 16] }, w, [28, 16], ground);
      expect(small.length).toBeLessThan(24.5);
      expect(big.length).toBeGreaterThan(30);
    }
  });
});
