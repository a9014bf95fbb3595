/**
 * The crowd table's measures (bench/crowds/) on hand-made tracks whose answers are known: the deepest overlap, the
 * pairs that walk off together, the bodies through a gate, arrivals and stuck bodies with and without the SE-7
 * signal; the neighbour search against every pair; and the table's rows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCK, LockedPairs } from '../../bench/crowds/lockedPairs.ts';
import { deepestOverlap } from '../../bench/crowds/overlap.ts';
import { closePairs } from '../../bench/crowds/pairs.ts';
import type { CrowdScene } from '../../bench/crowds/scene.ts';
import { crowdTable } from '../../bench/crowds/table.ts';
import { Through } from '../../bench/crowds/through.ts';
import { CrowdWatch } from '../../bench/crowds/watch.ts';
import { SEED } from '../wasm/cores.ts';

const R = 0.4;
const DT = 1 / 60;

/** Samples every LOCK.sample s for `seconds` of bodies at place(i, t), fed to a LockedPairs over these targets. */
function track(targets: [number, number][], seconds: number, place: (i: number, t: number) => [number, number]): LockedPairs {
  const locked = new LockedPairs(targets.map((t) => t[0]), targets.map((t) => t[1]), R);
  const xs = new Float64Array(targets.length);
  const zs = new Float64Array(targets.length);
  for (let k = 0; k * LOCK.sample <= seconds + 1e-9; k++) {
    const t = k * LOCK.sample;
    targets.forEach((_, i) => ([xs[i], zs[i]] = place(i, t)));
    locked.sample(t, xs, zs);
  }
  return locked;
}

describe('bench:crowds measures', () => {
  it('the deepest overlap is 2·radius less the closest pair\'s distance, and 0 for bodies that only touch', () => {
    expect(deepestOverlap([0, 0.7, 5, 5.75], [0, 0, 0, 0], 4, R)).toBeCloseTo(0.1, 12);
    expect(deepestOverlap([0, 0.8, 1.6], [0, 0, 0], 3, R)).toBe(0);
    expect(deepestOverlap([3, 3], [-2, -2], 2, R)).toBe(2 * R);
    // Only the first n bodies count.
    expect(deepestOverlap([0, 5, 0.1], [0, 0, 0], 2, R)).toBe(0);
  });

  it(`the neighbour search finds exactly the pairs a scan of every pair finds (fast-check seed ${SEED})`, () => {
    const coordinate = fc.double({ min: -20, max: 20, noNaN: true });
    fc.assert(
      fc.property(fc.array(fc.tuple(coordinate, coordinate), { maxLength: 80 }), fc.double({ min: 0.1, max: 5, noNaN: true }), (points, reach) => {
        const xs = points.map((p) => p[0]);
        const zs = points.map((p) => p[1]);
        const found: string[] = [];
        closePairs(xs, zs, points.length, reach, (i, j) => found.push(`${i},${j}`));
        const all: string[] = [];
        for (let i = 0; i < points.length; i++) {
          for (let j = i + 1; j < points.length; j++) if ((xs[j] - xs[i]) ** 2 + (zs[j] - zs[i]) ** 2 <= reach * reach) all.push(`${i},${j}`);
        }
        expect(found.sort()).toEqual(all.sort());
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('a pair walking side by side away from both targets for 8 s is one locked pair; for 4 s, none', () => {
    // Both 0.8 m apart heading +x at 3 m/s, their targets behind them.
    const targets: [number, number][] = [[-10, 0], [-10, 0.8]];
    const walk = (until: number) => (i: number, t: number): [number, number] => [3 * Math.min(t, until), 0.8 * i];
    expect(track(targets, 8, walk(8)).count).toBe(1);
    expect(track(targets, 8, walk(4)).count).toBe(0);
  });

  it('no locked pair when the two walk too far apart, when one heads for its target, or when they stand still', () => {
    expect(track([[-10, 0], [-10, 3]], 8, (i, t) => [3 * t, 3 * i]).count).toBe(0);
    expect(track([[-10, 0], [30, 0.8]], 8, (i, t) => [3 * t, 0.8 * i]).count).toBe(0);
    expect(track([[-10, 0], [-10, 0.8]], 8, (i) => [0, 0.8 * i]).count).toBe(0);
  });

  it('a locked pair counts once however long it lasts, and a break in the run starts it again', () => {
    const targets: [number, number][] = [[-10, 0], [-10, 0.8], [-10, 10], [-10, 10.8]];
    // Bodies 0 and 1 walk off for 20 s; 2 and 3 for 4 s, stop for 1 s, then 4 s again: never 5 s on end.
    const place = (i: number, t: number): [number, number] => {
      if (i < 2) return [3 * t, 0.8 * i];
      const moving = t <= 4 ? t : t <= 5 ? 4 : t - 1;
      return [3 * Math.min(moving, 8), 10 + 0.8 * (i - 2)];
    };
    const locked = track(targets, 20, place);
    expect([...locked.locked]).toEqual([0 * 4 + 1]);
  });

  it('through: the bodies past their gates by a time, and their count over the seconds from first to last', () => {
    const through = new Through([{ nx: 1, nz: 0, c: 1 }, { nx: 1, nz: 0, c: 1 }, { nx: 0, nz: -1, c: 2 }]);
    const xs = new Float64Array(3);
    const zs = new Float64Array(3);
    for (let f = 0; f <= 600; f++) {
      const t = f / 60;
      // Body 0 passes x = 1 at 2 s, body 1 at 4 s, body 2 never gets below z = −2.
      xs[0] = t - 1;
      xs[1] = (t - 4) * 2 + 1;
      zs[2] = -t / 10;
      through.frame(t, xs, zs);
    }
    expect(through.by(3)).toBe(1);
    expect(through.by(10)).toBe(2);
    expect(through.at[0]).toBeCloseTo(2 + 1 / 60, 9);
    expect(Number.isNaN(through.at[2])).toBe(true);
    expect(through.perSecond).toBeCloseTo(2 / 2, 9);
    expect(through.hasOpening).toBe(false);
    expect(through.openingBy(10)).toBe(0);
  });

  it('through by the opening: a body counts where it stood the moment it first stood past its gate, not where it went after', () => {
    const opening = { ax: 0, az: 1, half: 2 };
    const through = new Through([0, 1, 2].map(() => ({ nx: 1, nz: 0, c: 1, opening })));
    const xs = new Float64Array(3);
    const zs = new Float64Array(3);
    for (let f = 0; f <= 600; f++) {
      const t = f / 60;
      // Body 0 goes through at z = 0.5 (at 2 s); body 1 at z = 10 (at 4 s), then walks back to z = 0 past the gate;
      // body 2 stays at z = 0 short of the gate.
      xs[0] = t - 1;
      zs[0] = 0.5;
      xs[1] = t - 3;
      zs[1] = t < 4.1 ? 10 : Math.max(0, 10 - 5 * (t - 4.1));
      zs[2] = 0;
      through.frame(t, xs, zs);
    }
    expect(through.hasOpening).toBe(true);
    expect(through.by(10)).toBe(2);
    expect(through.openingBy(10)).toBe(1);
    expect(through.openingBy(1)).toBe(0);
    expect([...through.byOpening]).toEqual([1, 0, 0]);
  });

  it('the watch: arrivals latched, all arrived when the last one is, stuck bodies told apart by the unreachable signal (SE-7)', () => {
    const scene: CrowdScene = {
      name: 'made',
      ground: { kind: 'flat', half: 20 },
      trunks: [],
      startX: Float64Array.from([0, 0, 0, 0]),
      startZ: Float64Array.from([0, 3, 6, 9]),
      targetX: Float64Array.from([5, 10, 10, 10]),
      targetZ: Float64Array.from([0, 3, 6, 9]),
    };
    const watch = new CrowdWatch(scene, R, DT);
    const xs = new Float64Array(4);
    const zs = Float64Array.from(scene.startZ);
    for (let f = 0; f <= 600; f++) {
      const t = f * DT;
      xs[0] = Math.min(5, t); // arrives at 5 s and stays
      xs[1] = Math.min(10, 2 * t); // arrives at 5 s
      xs[2] = 3; // stands 7 m short from the start
      xs[3] = Math.min(t, 9.3) * (t < 9.5 ? 1 : -1); // walks, then at 9.5 s jumps to −9.3 and stands there
      watch.frame(t, xs, zs);
    }
    expect(watch.arrivedCount).toBe(2);
    expect(watch.allArrivedAt).toBeUndefined();
    // Body 2 stood still 10 s, body 3 stood still 0.5 s after moving: only body 2 is stuck; with its flag up, signalled.
    expect(watch.stuck(xs, zs)).toEqual({ stuck: 1, signalled: 0 });
    expect(watch.stuck(xs, zs, Uint8Array.from([0, 0, 1, 0]))).toEqual({ stuck: 1, signalled: 1 });
    expect(watch.deepest).toBe(0);
  });

  it('the watch: the time the last body arrives, and the deepest overlap over every frame', () => {
    const scene: CrowdScene = {
      name: 'made',
      ground: { kind: 'flat', half: 20 },
      trunks: [],
      startX: Float64Array.from([-5, 5]),
      startZ: Float64Array.from([0, 0.5]),
      targetX: Float64Array.from([5, -5]),
      targetZ: Float64Array.from([0, 0.5]),
    };
    const watch = new CrowdWatch(scene, R, DT);
    const xs = new Float64Array(2);
    const zs = Float64Array.from(scene.startZ);
    for (let f = 0; f <= 300; f++) {
      // Body 0 at 4 m/s, body 1 at 2 m/s: they pass 0.5 m apart at 5/3 s (0.3 m inside each other); body 0 is
      // within 0.6 m of its target from 2.35 s, body 1 from 4.7 s.
      xs[0] = -5 + Math.min(10, 4 * f * DT);
      xs[1] = 5 - Math.min(10, 2 * f * DT);
      watch.frame(f * DT, xs, zs);
    }
    expect(watch.arrivedCount).toBe(2);
    expect(watch.allArrivedAt).toBeCloseTo(4.7, 1);
    expect(watch.deepest).toBeCloseTo(0.3, 9);
    expect(watch.deepestAt).toBeCloseTo(5 / 3, 9);
  });
});

describe('bench:crowds table', () => {
  it('one row per run with a cell under every heading; a contender with no signal shows —, a finished run its time', () => {
    const base = { scene: 'made', n: 2, seconds: 3.5, deepestOverlap: 0.25, deepestAt: 1.25, stuck: 0, stuckSilent: 0, lockedPairs: 1, farthest: 12.25, usPerBodyStep: 1.5, notes: [] };
    const text = crowdTable([
      { ...base, contender: 'a', allArrivedAt: 3.5, arrived: 2, unreachable: 0 },
      { ...base, contender: 'b', arrived: 1, through: { by30: 1, by60: 2, perSecond: 0.5 }, notes: ['a note'] },
      { ...base, contender: 'c', arrived: 2, through: { by30: 1, by60: 2, perSecond: 0.5, openingBy60: 1 } },
    ]);
    const lines = text.split('\n').filter((l) => l.startsWith('|'));
    const cells = (l: string): number => l.split('|').length - 2;
    expect(lines.length).toBe(5);
    for (const l of lines) expect(cells(l)).toBe(cells(lines[0]));
    expect(lines[2]).toContain('all 2 in 3.5 s');
    expect(lines[2]).toContain('25.0 % at 1.3 s');
    expect(lines[3]).toContain('1 of 2 by 120 s');
    expect(lines[3]).toContain('1 / 2 (0.5/s)');
    expect(lines[3].split('|')[8].trim()).toBe('—');
    expect(lines[3]).not.toContain('by the gap');
    expect(lines[4]).toContain('1 / 2 (0.5/s), 1 of them by the gap');
    expect(text).toContain('- a note');
  });
});
