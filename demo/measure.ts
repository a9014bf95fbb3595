/**
 * The herd's µs per body-step on one fixed scene (HD-5), the same code in Chromium (the demo's test hook) and in Node
 * (test/browser/demo.ts), so the two figures compare: 1,000 bodies seeking targets 10–30 m away among 2,000 trees on
 * a 256 m noise world with a lake, stepped from one start state on `threads` threads.
 */
import { sampleWorld } from '../src/sampleWorld.ts';
import type { Ground, HerdOptions, Row, World } from '../src/index.ts';

/** The part of a walker entry the measurement uses. */
export interface MeasuredApi {
  groundOf(w: World): Ground;
  Herd: new (w: World, ground: Ground, options?: number | HerdOptions) => {
    add(row: Row): number;
    seek(index: number, target: readonly number[], stop: number): void;
    step(dt: number): void;
    ready(): Promise<void>;
    dispose(): void;
    readonly lastStepThreads: number;
  };
}

const BODIES = 1000;
const WARM = 20;
const TIMED = 60;

/** µs per body-step of the herd on `threads` threads (the median of three timed runs), and the threads its steps ran on. */
export async function herdMicros(api: MeasuredApi, threads: number): Promise<{ micros: number; threads: number }> {
  const w = sampleWorld({ half: 128, cell: 1, trees: 2000, boulders: 0, seed: 11 });
  const ground = api.groundOf(w);
  const herd = new api.Herd(w, ground, { capacity: BODIES, threads });
  let s = 12345;
  const random = (): number => {
    s = (Math.imul(s, 1103515245) + 12345) | 0;
    return (s >>> 8) / 16777216;
  };
  for (let i = 0; i < BODIES; i++) {
    const x = (random() - 0.5) * 200;
    const z = (random() - 0.5) * 200;
    const a = random() * 6.283185307179586;
    const d = 10 + random() * 20;
    herd.add({ kind: 'xbot', pos: [x, 0, z], air: true });
    herd.seek(i, [x + d * Math.sin(a), z + d * Math.cos(a)], 0.5);
  }
  await herd.ready();
  for (let k = 0; k < WARM; k++) herd.step(1 / 60);
  const runs: number[] = [];
  for (let r = 0; r < 3; r++) {
    const t0 = performance.now();
    for (let k = 0; k < TIMED; k++) herd.step(1 / 60);
    runs.push(((performance.now() - t0) * 1000) / (TIMED * BODIES));
  }
  const ran = herd.lastStepThreads;
  herd.dispose();
  return { micros: runs.sort((a, b) => a - b)[1], threads: ran };
}
