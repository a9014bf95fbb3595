/**
 * The crowd scenes of bench:crowds (bench/crowds/scenes.ts) give what they say: their counts, the circle's geometry,
 * the gap's and the passages' widths, walls a body cannot pass, gates that hold at the target and not at the start,
 * and no body starting inside a trunk or another body.
 */
import { describe, expect, it } from 'vitest';
import { RADIUS, bodiesIn, type CrowdScene } from '../../bench/crowds/scene.ts';
import { antipodalCircle, blocks, CIRCLE_RADIUS, crossingStreams, CROWD_SCENES, GAP, headOnPair, hills, lockedPair, oneWayGap, twoWayGap } from '../../bench/crowds/scenes.ts';
import type { Trunk } from '../../bench/peers/scene.ts';
import { Through } from '../../bench/crowds/through.ts';

const built = new Map<string, CrowdScene>();
/** Each scene once (the hills take a second to draw). */
function scene(make: () => CrowdScene): CrowdScene {
  const name = make.name;
  if (!built.has(name)) built.set(name, make());
  return built.get(name)!;
}

/** The least clearance between two trunks' circles, over pairs that `pick` accepts. */
function leastClearance(trunks: readonly Trunk[], pick: (a: Trunk, b: Trunk) => boolean): number {
  let least = Infinity;
  for (let i = 0; i < trunks.length; i++) {
    for (let j = i + 1; j < trunks.length; j++) {
      const a = trunks[i];
      const b = trunks[j];
      if (pick(a, b)) least = Math.min(least, Math.hypot(a.x - b.x, a.z - b.z) - a.radius - b.radius);
    }
  }
  return least;
}

/** The most a trunk's circle leaves between it and its nearest neighbour, over the trunks. */
function widestNeighbourGap(trunks: readonly Trunk[]): number {
  return Math.max(...trunks.map((a, i) => Math.min(...trunks.filter((_, j) => j !== i).map((b) => Math.hypot(a.x - b.x, a.z - b.z) - a.radius - b.radius))));
}

describe('bench:crowds scenes', () => {
  it('hold the bodies they say: 2, 2, 250, 100 in four groups of 25, 2 × 100 crossing, 2 × 100 through the gap, 100 one way through it, 1,000 on the hills', () => {
    expect(CROWD_SCENES.map((make) => bodiesIn(scene(make)))).toEqual([2, 2, 250, 100, 200, 200, 100, 1000]);
    const b = scene(blocks);
    const quadrant = (i: number): string => `${Math.sign(b.startX[i])}${Math.sign(b.startZ[i])}`;
    const groups = new Map<string, number>();
    for (let i = 0; i < bodiesIn(b); i++) groups.set(quadrant(i), (groups.get(quadrant(i)) ?? 0) + 1);
    expect([...groups.values()]).toEqual([25, 25, 25, 25]);
    const s = scene(crossingStreams);
    const eastward = [...s.startX].filter((_, i) => s.targetX[i] > s.startX[i]).length;
    const northward = [...s.startZ].filter((_, i) => s.targetZ[i] > s.startZ[i]).length;
    expect([eastward, northward]).toEqual([100, 100]);
    const g = scene(twoWayGap);
    expect([...g.startX].filter((x) => x < 0).length).toBe(100);
    // The one-way gap is the two-way gap's groves with its x < 0 block alone.
    const one = scene(oneWayGap);
    expect(one.trunks).toEqual(g.trunks);
    expect([...one.startX]).toEqual([...g.startX].filter((x) => x < 0));
  });

  it('the locked pair is the issue\'s: A (−4.27, −4.01) to (−15.65, −0.33), B (−5.94, −5.01) to (0, 24)', () => {
    const s = scene(lockedPair);
    expect([s.startX[0], s.startZ[0], s.targetX[0], s.targetZ[0]]).toEqual([-4.27, -4.01, -15.65, -0.33]);
    expect([s.startX[1], s.startZ[1], s.targetX[1], s.targetZ[1]]).toEqual([-5.94, -5.01, 0, 24]);
  });

  it('the head-on pair meets exactly head on: each seeks the other\'s start along one line', () => {
    const s = scene(headOnPair);
    expect([s.targetX[0], s.targetZ[0]]).toEqual([s.startX[1], s.startZ[1]]);
    expect([s.targetX[1], s.targetZ[1]]).toEqual([s.startX[0], s.startZ[0]]);
    expect(s.startZ[0]).toBe(s.startZ[1]);
  });

  it('the antipodal circle: every start 40 m from the centre, its target the opposite point, neighbours 1.005 m apart', () => {
    const s = scene(antipodalCircle);
    const n = bodiesIn(s);
    for (let i = 0; i < n; i++) {
      expect(Math.hypot(s.startX[i], s.startZ[i])).toBeCloseTo(CIRCLE_RADIUS, 9);
      expect(s.targetX[i]).toBe(-s.startX[i]);
      expect(s.targetZ[i]).toBe(-s.startZ[i]);
      const next = (i + 1) % n;
      expect(Math.hypot(s.startX[next] - s.startX[i], s.startZ[next] - s.startZ[i])).toBeCloseTo(2 * CIRCLE_RADIUS * Math.sin(Math.PI / n), 6);
    }
    expect(2 * CIRCLE_RADIUS * Math.sin(Math.PI / n)).toBeGreaterThan(2 * RADIUS);
  });

  it('the two-way gap is 2 m clear between the groves, and a grove is a wall no body fits through', () => {
    const s = scene(twoWayGap);
    const across = leastClearance(s.trunks, (a, b) => Math.sign(a.z) !== Math.sign(b.z));
    expect(across).toBeCloseTo(GAP.width, 9);
    expect(widestNeighbourGap(s.trunks)).toBeLessThan(2 * RADIUS);
    // Going round a grove is far longer than the gap: its trunks run 40 m out on each side.
    expect(Math.max(...s.trunks.map((t) => Math.abs(t.z)))).toBeGreaterThan(40);
    expect(Math.max(...s.startZ.map(Math.abs))).toBeLessThan(6);
  });

  it('the two-way gap\'s gates count a body by the gap when it comes through the gap, and not when it comes round a grove\'s end', () => {
    const s = scene(twoWayGap);
    const ends = Math.max(...s.trunks.map((t) => Math.abs(t.z))) + s.trunks[0].radius + RADIUS;
    for (let i = 0; i < bodiesIn(s); i++) {
      const through = new Through([s.gates![i]]);
      const round = new Through([s.gates![i]]);
      // One walks from its start straight across the line x = 0 at z = 0, the other along the grove round its end.
      const side = Math.sign(s.targetX[i]);
      through.frame(0, [s.startX[i]], [s.startZ[i]]);
      through.frame(1, [side * 1.5], [0]);
      round.frame(0, [s.startX[i]], [s.startZ[i]]);
      round.frame(1, [-side * 1.35], [ends]);
      round.frame(2, [side * 1.5], [ends]);
      round.frame(3, [s.targetX[i]], [s.targetZ[i]]);
      expect([through.by(1), through.openingBy(1)]).toEqual([1, 1]);
      expect([round.by(3), round.openingBy(3)]).toEqual([1, 0]);
    }
  });

  it('Blocks: four blocks of touching trunks leave passages 4 m wide along both axes; each body seeks the point opposite', () => {
    const s = scene(blocks);
    expect(s.trunks.length).toBe(4 * 36);
    const passage = Math.min(...s.trunks.map((t) => Math.min(Math.abs(t.x), Math.abs(t.z)) - t.radius));
    expect(passage).toBeCloseTo(2, 9);
    expect(widestNeighbourGap(s.trunks)).toBeLessThan(2 * RADIUS);
    for (let i = 0; i < bodiesIn(s); i++) expect([s.targetX[i], s.targetZ[i]]).toEqual([-s.startX[i], -s.startZ[i]]);
  });

  for (const make of CROWD_SCENES) {
    it(`${make.name}: no body starts inside a trunk or another body, nor has its target inside a trunk`, () => {
      const s = scene(make);
      const n = bodiesIn(s);
      // Least clearances, one expect each (a million expects would take the test a minute on the hills).
      let startToTrunk = Infinity;
      let targetToTrunk = Infinity;
      let startToStart = Infinity;
      for (let i = 0; i < n; i++) {
        for (const t of s.trunks) {
          startToTrunk = Math.min(startToTrunk, Math.hypot(s.startX[i] - t.x, s.startZ[i] - t.z) - t.radius - RADIUS);
          targetToTrunk = Math.min(targetToTrunk, Math.hypot(s.targetX[i] - t.x, s.targetZ[i] - t.z) - t.radius - RADIUS);
        }
        for (let j = i + 1; j < n; j++) startToStart = Math.min(startToStart, Math.hypot(s.startX[i] - s.startX[j], s.startZ[i] - s.startZ[j]) - 2 * RADIUS);
      }
      expect(startToTrunk).toBeGreaterThanOrEqual(0);
      expect(targetToTrunk).toBeGreaterThanOrEqual(0);
      expect(startToStart).toBeGreaterThanOrEqual(0);
    });
  }

  for (const make of [crossingStreams, twoWayGap, oneWayGap]) {
    it(`${make.name}: each body's gate holds at its target and not at its start`, () => {
      const s = scene(make);
      const gates = s.gates!;
      expect(gates.length).toBe(bodiesIn(s));
      gates.forEach((g, i) => {
        expect(g.nx * s.startX[i] + g.nz * s.startZ[i]).toBeLessThan(g.c);
        expect(g.nx * s.targetX[i] + g.nz * s.targetZ[i]).toBeGreaterThan(g.c);
      });
    });
  }

  it('the hills are bench:peers\' scene with 2,000 trunks, and no two targets lie inside each other', () => {
    const s = scene(hills);
    expect(s.ground.kind).toBe('hills');
    expect(s.trunks.length).toBe(2000);
    const n = bodiesIn(s);
    let least = Infinity;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) least = Math.min(least, Math.hypot(s.targetX[i] - s.targetX[j], s.targetZ[i] - s.targetZ[j]));
    expect(least).toBeGreaterThanOrEqual(2 * RADIUS);
  });
});
