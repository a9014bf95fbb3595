/**
 * walker Herd on the shared scene: every body in one Herd, one `step` per frame with per-body seek targets (SPEC HD),
 * on one thread, or on two (HD-5: the same bodies, bit for bit, stepped by the main thread and a worker).
 */
import type { Ground, Row, World } from '../../src/reference.ts';
import type { Contender, Sim } from './contender.ts';
import { DT, STOP, Targets, type Scene } from './scene.ts';
import { startRow, walkerWorld, type WalkerEntry } from './walker.ts';

/** The part of the Herd API (src/herd.ts) the bench uses. */
export interface HerdLike {
  add(row: Row): number;
  seek(index: number, target: readonly number[], stop: number): void;
  step(dt: number): void;
  dispose(): void;
  /** Fresh views, valid until the next add, remove or step (HD-3). */
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly z: Float64Array;
}

export interface HerdEntry extends WalkerEntry {
  Herd?: new (world: World, ground: Ground, options?: number | { capacity?: number; threads?: number }) => HerdLike;
}

/** The Herd contender on `threads` threads: id `herd` on one, `herd2` on two. */
export function herdContender(entry: HerdEntry | undefined, threads: 1 | 2, missing?: string): Contender {
  const Herd = entry?.Herd;
  return {
    id: threads === 1 ? 'herd' : 'herd2',
    label: threads === 1 ? 'walker Herd (wasm)' : 'walker Herd (wasm, 2 threads)',
    missing: Herd === undefined ? (missing ?? 'the wasm entry exports no Herd') : undefined,
    build(scene: Scene, n: number): Sim {
      if (entry === undefined || Herd === undefined) throw new Error('bench: walker Herd is not available.');
      const world = walkerWorld(scene);
      const ground = entry.groundOf(world);
      const targets = new Targets(scene, n);
      // Threads given, so the one-thread row stays on one thread (a herd's default is every core from 256 bodies).
      const herd = new Herd(world, ground, { capacity: n, threads });
      for (let i = 0; i < n; i++) {
        const index = herd.add(startRow(entry, world, ground, scene, i));
        if (index !== i) throw new Error(`bench: Herd.add gave index ${index} to body ${i}.`);
        herd.seek(i, [targets.x[i], targets.z[i]], STOP);
      }
      return {
        n,
        targets,
        step(): void {
          // Views are taken once a frame: a step may grow the memory, after which they would be stale (HD-3).
          const xs = herd.x;
          const zs = herd.z;
          for (let i = 0; i < n; i++) {
            if (targets.arrive(i, xs[i], zs[i])) herd.seek(i, [targets.x[i], targets.z[i]], STOP);
          }
          herd.step(DT);
        },
        feet(out: Float64Array): void {
          const xs = herd.x;
          const ys = herd.y;
          const zs = herd.z;
          for (let i = 0; i < n; i++) {
            out[3 * i] = xs[i];
            out[3 * i + 1] = ys[i];
            out[3 * i + 2] = zs[i];
          }
        },
        free(): void {
          herd.dispose();
        },
      };
    },
  };
}
