/**
 * What the herd tests share: a crowd of bodies on the sample world, a herd of them, the reference per-row loop a herd
 * step must equal (HD-2), and the bit-for-bit comparison of a herd with the rows.
 */
import { expect } from 'vitest';
import type { Herd, HerdOptions } from '../../src/herd.ts';
import type { Ground, Row, World } from '../../src/types.ts';
import type { WasmCore } from '../../src/wasm/core.ts';
import { sampleWorld } from '../../src/sampleWorld.ts';
import { reference } from './cores.ts';
import { expectSame } from './worlds.ts';
import { perRowStep } from '../herd/campaign.ts';

/** A seek target per body (or none): where and within what distance it arrives. */
export type Target = { at: [number, number]; stop: number } | null;

/**
 * One frame of the reference per-row loop (HD-2): every row seeks (when it has a target) then walks, its
 * ground.bodies holding the start-of-step rows (test/herd/campaign.ts perRowStep).
 */
export function referenceFrame(rows: Row[], w: World, ground: Ground, targets: readonly Target[], dt: number, arrived: boolean[]): void {
  perRowStep(reference, w, ground, rows, targets, arrived, dt);
}

/** Throws unless the herd's bodies are the rows, every number bit for bit, and its arrivals the reference's. */
export function expectHerdIs(herd: Herd, rows: readonly Row[], arrived: readonly boolean[], what: string): void {
  expect(herd.count).toBe(rows.length);
  const flags = herd.arrived;
  rows.forEach((row, i) => {
    const body = herd.get(i);
    for (const field of ['pos', 'vel', 'want', 'yaw', 'jump', 'air', 'steep', 'floor', 'speed', 'side', 'turned'] as const) {
      expectSame(body[field], row[field], `${what}: body ${i}.${field}`);
    }
    expect(flags[i] !== 0, `${what}: body ${i} arrived`).toBe(arrived[i]);
  });
}

export function herdOf(core: WasmCore, w: World, ground: Ground, rows: readonly Row[], targets: readonly Target[], options: number | HerdOptions = 16): Herd {
  const herd = new core.Herd(w, ground, options);
  rows.forEach((row, i) => {
    expect(herd.add(row)).toBe(i);
    const t = targets[i];
    if (t !== null) herd.seek(i, t.at, t.stop);
  });
  return herd;
}

/** A crowd on the sample world: bodies of three kinds, some of which block each other, most seeking. */
export function crowd(count: number, seed: number, spread: number, blocking: boolean): { w: World; rows: Row[]; targets: Target[] } {
  const w = sampleWorld({ half: 48, trees: 300, boulders: 40, seed: 3 });
  const base = w.walker!.kinds.xbot;
  w.walker!.kinds = {
    xbot: { ...base, bodies: blocking ? ['xbot', 'ox'] : [] },
    ox: { ...base, radius: 0.7, span: 0.6, step: 0.7, seekSpeed: 2, bodies: blocking ? ['ox'] : [] },
    kid: { ...base, radius: 0.25, span: 0.04, step: 0.3, seekSpeed: 4 },
  };
  let s = seed | 0;
  const random = (): number => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t = (t + Math.imul(t ^ (t >>> 7), t | 61)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const ground = reference.groundOf(w);
  const rows: Row[] = [];
  const targets: Target[] = [];
  const kinds = ['xbot', 'xbot', 'xbot', 'ox', 'kid'];
  for (let i = 0; i < count; i++) {
    const kind = kinds[Math.floor(random() * kinds.length)];
    const x = (random() - 0.5) * spread;
    const z = (random() - 0.5) * spread;
    const y = reference.stand(reference.numbers({ kind }, w), ground, x, z) + (random() < 0.1 ? 1.5 : 0);
    const air = y > reference.stand(reference.numbers({ kind }, w), ground, x, z);
    rows.push({
      kind, pos: [x, y, z], vel: [0, 0, 0], want: [(random() - 0.5) * 4, (random() - 0.5) * 4], face: null,
      yaw: (random() - 0.5) * 6, jump: random() < 0.05, air, steep: false, floor: y, speed: 0, side: 0, turned: 0,
    });
    targets.push(random() < 0.85 ? { at: [(random() - 0.5) * 80, (random() - 0.5) * 80], stop: random() * 2 } : null);
  }
  return { w, rows, targets };
}
