/**
 * LV-1, LV-5, SL-2, CA-1: boxes, walls and polygons as solids — records and bad input, the grid's answer (each piece
 * once, the same order however the edits came), and slide, carry and walk against them on every core with the same
 * bits, a body never ending inside a shape nor crossing a wall at any speed, angle or move length.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { XBOT } from '../../src/presets.ts';
import * as reference from '../../src/reference.ts';
import type { Ground, Piece, Row, World } from '../../src/types.ts';
import { CORES } from '../cores.ts';

const SEED = Number(process.env.FC_SEED ?? 2929);

function levelWorld(solids: object[] = []): World {
  return {
    walker: { kinds: { xbot: { ...XBOT } }, mods: { height: 'terrain3d', cell: 'terrain3d', solids: 'scatter3d' } },
    terrain3d: { rings: [{ reach: 64, seg: 128 }] },
    scatter3d: { instances: [{ x: 30, z: 30, radius: 0.5 }], solids },
  };
}

/** The signed distance from (x, z) to a piece grown by its radius, written plainly (negative: inside). */
function distanceToPiece(p: Piece, x: number, z: number): number {
  const n = p.points.length / 2;
  let best = Infinity;
  let inside = n > 2;
  for (let e = 0; e < (n > 2 ? n : 1); e++) {
    const ax = p.points[e * 2];
    const az = p.points[e * 2 + 1];
    const bx = p.points[((e + 1) % n) * 2];
    const bz = p.points[((e + 1) % n) * 2 + 1];
    const ex = bx - ax;
    const ez = bz - az;
    const s = Math.min(Math.max(((x - ax) * ex + (z - az) * ez) / (ex * ex + ez * ez), 0), 1);
    best = Math.min(best, Math.hypot(x - ax - ex * s, z - az - ez * s));
    if (ex * (z - az) - ez * (x - ax) < 0) inside = false;
  }
  return (inside ? -best : best) - p.radius;
}

describe('LV-1, LV-5: shapes as records', () => {
  it('LV-1: a box, a wall and a polygon take ids after the built-in ones; get gives the record, move moves its reference point', () => {
    const ground = reference.groundOf(levelWorld([{ shape: 'box', x: 0, z: 5, halfX: 2, halfZ: 1 }]));
    const level = reference.solidsOf(ground);
    expect(level.get(1)).toEqual({ id: 1, shape: 'box', x: 0, z: 5, halfX: 2, halfZ: 1, yaw: 0 });
    const wall = level.add({ shape: 'wall', points: [[0, 0], [10, 0], [10, 10]], thickness: 0.2 });
    const poly = level.add({ shape: 'polygon', points: [[0, 0], [0, 2], [2, 0]] });
    expect([wall, poly]).toEqual([2, 3]);
    // Clockwise as given: turned counter-clockwise, its first point kept first.
    expect(level.get(poly)).toEqual({ id: 3, shape: 'polygon', points: [[0, 0], [2, 0], [0, 2]] });
    level.move(wall, 1, 1);
    expect(level.get(wall)).toEqual({ id: 2, shape: 'wall', points: [[1, 1], [11, 1], [11, 11]], thickness: 0.2 });
    level.move(1, 20, 20);
    expect((level.get(1) as { x: number }).x).toBe(20);
    level.remove(poly);
    expect(level.has(poly)).toBe(false);
    expect(() => level.get(poly)).toThrow(/id is 3, a solid removed/);
  });

  it('LV-1: a wall of 40 m is answered by a query of small reach at its middle, once for each segment it reaches', () => {
    const ground = reference.groundOf(levelWorld([{ shape: 'wall', points: [[-20, 0], [20, 0]], thickness: 0.2 }]));
    const near = ground.solids(0, 1, 1) as Piece[];
    expect(near.length).toBe(1);
    expect(Array.from(near[0].points)).toEqual([-20, 0, 20, 0]);
    expect(near[0].radius).toBeCloseTo(0.1, 12);
    expect(ground.solids(0, 3, 1)).toEqual([]);
  });

  it('LV-2: the shape grid answers the same pieces in the same order however the edits came', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.double({ min: -40, max: 40, noNaN: true }), fc.double({ min: -40, max: 40, noNaN: true })), { minLength: 2, maxLength: 12 }), (spots) => {
        const make = (order: number[]) => {
          const ground = reference.groundOf(levelWorld());
          const level = reference.solidsOf(ground);
          const ids = spots.map(() => level.add({ shape: 'box', x: 100, z: 100, halfX: 3, halfZ: 0.5 }));
          for (const k of order) level.move(ids[k], spots[k][0], spots[k][1]);
          return ground.solids(0, 0, 60).map((p) => Array.from((p as Piece).points ?? []));
        };
        const forward = spots.map((_, k) => k);
        expect(make([...forward].reverse())).toEqual(make(forward));
      }),
      { seed: SEED, numRuns: 40 },
    );
  });

  const level = reference.solidsOf(reference.groundOf(levelWorld()));
  const cases: [string, unknown, RegExp][] = [
    ['a zero-size box', { shape: 'box', x: 0, z: 0, halfX: 0, halfZ: 1 }, /solid\.halfX is 0; expected a number of metres from 0\.001 to 1000/],
    ['a box with a NaN yaw', { shape: 'box', x: 0, z: 0, halfX: 1, halfZ: 1, yaw: NaN }, /solid\.yaw is NaN/],
    ['a box with a radius', { shape: 'box', x: 0, z: 0, halfX: 1, halfZ: 1, radius: 1 }, /solid has an unknown field radius/],
    ['a zero-length wall segment', { shape: 'wall', points: [[0, 0], [0, 0]], thickness: 0.2 }, /solid\.points\[1\] is \[0, 0\]; expected a point at least 0\.001 m from the one before/],
    ['a wall too thin', { shape: 'wall', points: [[0, 0], [1, 0]], thickness: 0.001 }, /solid\.thickness is 0\.001; expected a number of metres from 0\.01/],
    ['a wall of one point', { shape: 'wall', points: [[0, 0]], thickness: 0.2 }, /solid\.points is .*; expected a list of 2 to 256/],
    ['a wall point outside the world', { shape: 'wall', points: [[0, 0], [2e6, 0]], thickness: 0.2 }, /solid\.points\[1\]\[0\] is 2000000/],
    ['a polygon not convex', { shape: 'polygon', points: [[0, 0], [4, 0], [1, 1], [0, 4]] }, /solid\.points is .*; expected a convex polygon with no crossing/],
    ['a polygon crossing itself', { shape: 'polygon', points: [[0, 0], [4, 4], [4, 0], [0, 4]] }, /expected a convex polygon with no crossing/],
    ['a polygon of too many corners', { shape: 'polygon', points: Array.from({ length: 9 }, (_, k) => [Math.cos(k), Math.sin(k)]) }, /expected a list of 3 to 8 \[x, z\] points/],
    ['a polygon with a repeated corner', { shape: 'polygon', points: [[0, 0], [1, 0], [1, 0], [0, 1]] }, /expected a convex polygon with no crossing/],
    ['a polygon point that is no pair', { shape: 'polygon', points: [[0, 0], [1, 0], [0]] }, /solid\.points\[2\] is \[0\]; expected an \[x, z\] point/],
  ];
  for (const [what, input, sentence] of cases) {
    it(`LV-5: refuses ${what} with a sentence naming the field and its value, nothing changed`, () => {
      const ids = level.ids;
      expect(() => level.add(input as never)).toThrow(sentence);
      expect(level.ids).toBe(ids);
    });
  }

  it('LV-5: world.scatter3d.solids is checked as add is, its sentence naming the entry', () => {
    expect(() => reference.groundOf(levelWorld([{ shape: 'box', x: 0, z: 0, halfX: -1, halfZ: 1 }]))).toThrow(/world\.scatter3d\.solids\[0\]\.halfX is -1/);
  });

  it('G-3: a JS ground may answer pieces; a piece not convex is refused with a sentence', () => {
    const flat = { height: () => 0, solids: () => [{ x: 0, z: 0, radius: 0, points: [0, 0, 1, 1, 2, 0, 1, -1] }] };
    const me: Row = { kind: 'xbot', pos: [-3, 0, 0] };
    const w = levelWorld();
    expect(() => reference.slide(me, w, [1, 0], flat as Ground)).toThrow(/ground\.solids\(.*\) gave .*convex and counter-clockwise/);
  });
});

describe('G-6, G-7: shapes for a renderer', () => {
  const w = levelWorld([{ shape: 'box', x: 2, z: 3, halfX: 1, halfZ: 0.5, yaw: 0.7 }, { shape: 'wall', points: [[-5, -5], [-1, -5], [-1, -1]], thickness: 0.4 }]);
  const ground = reference.groundOf(w);

  it('G-6: solidsIn gives the pieces whose first corner lies in the box, with their corners as a plain list', () => {
    const found = reference.solidsIn(ground, [-10, -10, 10, 10]) as Piece[];
    expect(found.map((p) => p.points.length)).toEqual([8, 4, 4]);
    expect(found[1]).toEqual({ x: -5, z: -5, radius: 0.2, points: [-5, -5, -1, -5] });
    expect(Array.isArray(found[0].points)).toBe(true);
  });

  it('G-7: solidsGeometry draws each piece as the prism of its outline — a box its 4 faces and cap, a wall segment round at its ends — every triangle facing out or up', () => {
    const mesh = reference.solidsGeometry(ground, [-10, -10, 10, 10], { sides: 8, height: 2 });
    expect(mesh.solids).toEqual([]);
    expect(mesh.pieces.length).toBe(3);
    // The box: 4 outline points, 5 vertices each, 4 quads and a cap of 2 triangles.
    const boxRing = 4;
    // A segment grown by 0.2: two half-turn arcs of 4 steps at 2π/8, 5 points each.
    const wallRing = 10;
    expect(mesh.positions.length / 3).toBe(5 * (boxRing + 2 * wallRing));
    expect(mesh.indices.length).toBe(9 * boxRing - 6 + 2 * (9 * wallRing - 6));
    for (let t = 0; t < mesh.indices.length; t += 3) {
      const [a, b, c] = [0, 1, 2].map((k) => [0, 1, 2].map((d) => mesh.positions[mesh.indices[t + k] * 3 + d]));
      const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
      const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
      const normal = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
      const mid = [(a[0] + b[0] + c[0]) / 3, (a[2] + b[2] + c[2]) / 3];
      // Out of the piece it belongs to (the box round (2, 3), the wall's segments round their middles) or up.
      const centre = t < (9 * boxRing - 6) ? [2, 3] : t < 9 * boxRing - 6 + 9 * wallRing - 6 ? [-3, -5] : [-1, -3];
      const out = normal[0] * (mid[0] - centre[0]) + normal[2] * (mid[1] - centre[1]);
      expect(out > 1e-9 || normal[1] > 1e-9).toBe(true);
    }
  });
});

const BOX = { shape: 'box', x: 0, z: 0, halfX: 2, halfZ: 1, yaw: 0.3 };
const WALL = { shape: 'wall', points: [[-6, 4], [6, 4], [6, 12]], thickness: 0.05 };
const POLY = { shape: 'polygon', points: [[-8, -6], [-4, -7], [-3, -3], [-7, -2]] };

for (const { name, api, runsInWasm } of CORES) {
  describe(`SL-2, CA-1: slide, carry and walk against pieces (${name})`, () => {
    const w = levelWorld([BOX, WALL, POLY]);
    const ground = api.groundOf(w);
    const refGround = reference.groundOf(w);
    const pieces = (): Piece[] => refGround.solids(0, 0, 60).filter((s) => (s as Piece).points !== undefined) as Piece[];
    const radius = api.numbers({ kind: 'xbot' }, w).radius;

    it(`WX-4: the level's ground runs in wasm on the wasm cores (${name})`, () => {
      expect(runsInWasm(ground)).toBe(name !== 'reference');
    });

    it(`SL-2: a slide of any length and angle never ends inside a box, a wall or a polygon, nor crosses the wall, the same bits as the reference (${name})`, () => {
      fc.assert(
        fc.property(
          fc.double({ min: -14, max: 14, noNaN: true }),
          fc.double({ min: -14, max: 14, noNaN: true }),
          fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
          fc.double({ min: 0.01, max: 100, noNaN: true }),
          (x, z, angle, length) => {
            if (pieces().some((p) => distanceToPiece(p, x, z) <= radius)) return;
            const delta = [Math.sin(angle) * length, Math.cos(angle) * length];
            const me: Row = { kind: 'xbot', pos: [x, 0, z] };
            const twin: Row = { kind: 'xbot', pos: [x, 0, z] };
            let moved: number[];
            try {
              moved = api.slide(me, w, delta, ground);
            } catch (e) {
              expect(() => reference.slide(twin, w, delta, refGround)).toThrow((e as Error).message);
              return;
            }
            expect(moved).toEqual(reference.slide(twin, w, delta, refGround));
            const [ex, ez] = [x + moved[0], z + moved[1]];
            for (const p of pieces()) expect(distanceToPiece(p, ex, ez)).toBeGreaterThan(radius - 1e-6);
            // The wall's first segment runs along z = 4 for x in [−6, 6]: no slide crosses that line there.
            const t = (4 - z) / (ez - z);
            if (t > 0 && t < 1) expect(Math.abs(x + (ex - x) * t)).toBeGreaterThan(6 - 0.5);
          },
        ),
        { seed: SEED, numRuns: 300 },
      );
    });

    it(`SL-2: a slide into the wedge between a turned box and a tree, its rounds pressed from one onto the other, never ends inside either, the same bits as the reference (${name})`, () => {
      fc.assert(
        fc.property(
          fc.record({
            yaw: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
            along: fc.double({ min: -0.9, max: 0.9, noNaN: true }),
            tree: fc.double({ min: 0.1, max: 1, noNaN: true }),
            gap: fc.double({ min: 0.05, max: 1.2, noNaN: true }),
            angle: fc.double({ min: -1.2, max: 1.2, noNaN: true }),
            length: fc.double({ min: 0.001, max: 3, noNaN: true }),
            back: fc.double({ min: 0, max: 0.5, noNaN: true }),
          }),
          (c) => {
            // The box's +x face (local) at x = 1, its normal (cos yaw, −sin yaw); the tree stands off that face by
            // `gap` (closer than a body's width: a wedge), `along` its length; the body starts above both.
            const [cos, sin] = [Math.cos(c.yaw), Math.sin(c.yaw)];
            const local = (x: number, z: number): [number, number] => [x * cos + z * sin, -x * sin + z * cos];
            const [tx, tz] = local(1 + c.gap + c.tree, c.along);
            const [bx, bz] = local(1 + c.back + radius + 0.01, c.along + c.tree + radius + 0.3);
            const [dx, dz] = local(Math.sin(c.angle) * c.length, -Math.cos(c.angle) * c.length);
            const level = levelWorld([{ shape: 'box', x: 0, z: 0, halfX: 1, halfZ: 1, yaw: c.yaw }]);
            const wedge: World = { ...level, scatter3d: { ...level.scatter3d, instances: [{ x: tx, z: tz, radius: c.tree }] } };
            const refWedge = reference.groundOf(wedge);
            const box = refWedge.solids(0, 0, 3).find((p) => (p as Piece).points !== undefined) as Piece;
            if (distanceToPiece(box, bx, bz) <= radius || Math.hypot(bx - tx, bz - tz) <= c.tree + radius) return;
            const me: Row = { kind: 'xbot', pos: [bx, 0, bz] };
            const twin: Row = { kind: 'xbot', pos: [bx, 0, bz] };
            const moved = api.slide(me, wedge, [dx, dz], api.groundOf(wedge));
            expect(moved).toEqual(reference.slide(twin, wedge, [dx, dz], refWedge));
            expect(distanceToPiece(box, me.pos[0], me.pos[2])).toBeGreaterThan(radius - 1e-7);
            expect(Math.hypot(me.pos[0] - tx, me.pos[2] - tz)).toBeGreaterThan(c.tree + radius - 1e-7);
          },
        ),
        { seed: SEED, numRuns: 500 },
      );
    });

    it(`SL-2: a body on a turned box's outline grown by its radius and the skin, a few ulps either side, never slides into it, the same bits as the reference (${name})`, () => {
      const skin = 1e-6;
      fc.assert(
        fc.property(
          fc.record({
            yaw: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
            edge: fc.integer({ min: 0, max: 3 }),
            along: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
            ulps: fc.integer({ min: -4, max: 4 }),
            angle: fc.double({ min: -1.4, max: 1.4, noNaN: true }),
            length: fc.double({ min: 0.001, max: 1, noNaN: true }),
          }),
          (c) => {
            const turned = levelWorld([{ shape: 'box', x: 0.3, z: -0.2, halfX: 1.5, halfZ: 0.7, yaw: c.yaw }]);
            const refTurned = reference.groundOf(turned);
            const box = refTurned.solids(0, 0, 3).find((p) => (p as Piece).points !== undefined) as Piece;
            const [ax, az] = [box.points[c.edge * 2]!, box.points[c.edge * 2 + 1]!];
            const [ex, ez] = [box.points[((c.edge + 1) % 4) * 2]! - ax, box.points[((c.edge + 1) % 4) * 2 + 1]! - az];
            const l = Math.hypot(ex, ez);
            // The outward normal of a counter-clockwise outline's edge; the body stands off it by its radius and the skin.
            const [nx, nz] = [ez / l, -ex / l];
            const off = (radius + skin) * (1 + c.ulps * Number.EPSILON);
            const [x, z] = [ax + ex * c.along + nx * off, az + ez * c.along + nz * off];
            const [ux, uz] = [-nx * Math.cos(c.angle) - nz * Math.sin(c.angle), -nz * Math.cos(c.angle) + nx * Math.sin(c.angle)];
            const delta = [ux * c.length, uz * c.length];
            const me: Row = { kind: 'xbot', pos: [x, 0, z] };
            const twin: Row = { kind: 'xbot', pos: [x, 0, z] };
            expect(api.slide(me, turned, delta, api.groundOf(turned))).toEqual(reference.slide(twin, turned, delta, refTurned));
            expect(distanceToPiece(box, me.pos[0], me.pos[2])).toBeGreaterThan(radius + skin * 0.5);
          },
        ),
        { seed: SEED, numRuns: 1000 },
      );
    });

    it(`SL-1: a slide along a box face keeps the motion along it (${name})`, () => {
      // Against the axis-aligned box of an own world: pressed into its +z face at a shallow angle.
      const wBox = levelWorld([{ shape: 'box', x: 0, z: 0, halfX: 5, halfZ: 1 }]);
      const g = api.groundOf(wBox);
      const me: Row = { kind: 'xbot', pos: [-3, 0, 1 + radius + 0.01] };
      const moved = api.slide(me, wBox, [2, -0.5], g);
      expect(moved[0]).toBeCloseTo(2, 6);
      expect(1 + radius + 0.01 + moved[1]).toBeGreaterThan(1 + radius);
      expect(moved[1]).toBeLessThan(0);
    });

    it(`CA-1: carry stops at the first face (${name})`, () => {
      const wBox = levelWorld([{ shape: 'box', x: 0, z: 0, halfX: 5, halfZ: 1 }]);
      const g = api.groundOf(wBox);
      const me: Row = { kind: 'xbot', pos: [0, 0, 6] };
      const moved = api.carry(me, wBox, [0, -10], g);
      expect(moved[0]).toBe(0);
      expect(6 + moved[1]).toBeCloseTo(1 + radius, 5);
    });

    it(`WA-5: bodies walking at any speed and dt never cross a thin wall, the same bits as the reference (${name})`, () => {
      const wWall = levelWorld([{ shape: 'wall', points: [[-900, 0], [900, 0]], thickness: 0.01 }]);
      const g = api.groundOf(wWall);
      const rg = reference.groundOf(wWall);
      fc.assert(
        fc.property(fc.double({ min: -40, max: 40, noNaN: true }), fc.double({ min: 0.5, max: 10, noNaN: true }), fc.double({ min: -1.2, max: 1.2, noNaN: true }), fc.double({ min: 0.005, max: 0.5, noNaN: true }), (x, z, angle, dt) => {
          const speed = 60;
          const me: Row = { kind: 'xbot', pos: [x, 0, z], vel: [-Math.sin(angle) * speed, 0, -Math.cos(angle) * speed], want: [-Math.sin(angle) * speed, -Math.cos(angle) * speed] };
          const twin: Row = structuredClone(me);
          for (let k = 0; k < 5; k++) {
            api.walk(me, wWall, dt, g);
            reference.walk(twin, wWall, dt, rg);
          }
          expect(me.pos).toEqual(twin.pos);
          // SL-2's INWARD lets a move graze a face by a billionth of its length: far below the skin.
          expect(me.pos[2]).toBeGreaterThan(0.005 + radius - 1e-6);
        }),
        { seed: SEED, numRuns: 60 },
      );
    });

    it(`LV-3: a box, a wall or a polygon added onto standing rows pushes each out at its next walk, along the line from the nearest point of its outline, the same bits as the reference (${name})`, () => {
      fc.assert(
        fc.property(fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }), fc.integer({ min: 0, max: 2 }), (x, z, which) => {
          const shape = [
            { shape: 'box', x: 0, z: 0, halfX: 2.5, halfZ: 1.5, yaw: 0.4 },
            { shape: 'wall', points: [[-4, -1], [0, 1], [4, -1]], thickness: 0.3 },
            { shape: 'polygon', points: [[-3, -3], [3, -2], [2, 3], [-2, 2]] },
          ][which];
          const wPush = levelWorld();
          const g = api.groundOf(wPush);
          const rg = reference.groundOf(wPush);
          const id = api.solidsOf(g).add(shape as never);
          const me: Row = { kind: 'xbot', pos: [x, 0, z] };
          const twin: Row = { kind: 'xbot', pos: [x, 0, z] };
          api.walk(me, wPush, 1 / 60, g);
          reference.walk(twin, wPush, 1 / 60, rg);
          expect(me.pos).toEqual(twin.pos);
          for (const p of rg.solids(0, 0, 20).filter((s) => (s as Piece).points !== undefined) as Piece[]) {
            expect(distanceToPiece(p, me.pos[0], me.pos[2])).toBeGreaterThan(radius - 1e-6);
          }
          api.solidsOf(g).remove(id);
        }),
        { seed: SEED, numRuns: 60 },
      );
    });

    it(`LV-2: a box added across the way stops the next slide; removed, the way is open, the same bits as the reference (${name})`, () => {
      const wEdit = levelWorld();
      const g = api.groundOf(wEdit);
      const level = api.solidsOf(g);
      const id = level.add({ shape: 'box', x: 0, z: 3, halfX: 4, halfZ: 0.5, yaw: 0.1 });
      const me: Row = { kind: 'xbot', pos: [0, 0, 0] };
      const twin: Row = { kind: 'xbot', pos: [0, 0, 0] };
      const moved = api.slide(me, wEdit, [0, 6], g);
      expect(moved).toEqual(reference.slide(twin, wEdit, [0, 6], reference.groundOf(wEdit)));
      // Stopped at the tilted face and slid along it, short of the box's far side.
      expect(moved[1]).toBeLessThan(2.6 - radius);
      level.remove(id);
      expect(api.slide(me, wEdit, [0, 6], g)).toEqual([0, 6]);
    });
  });
}
