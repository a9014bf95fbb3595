/**
 * HD-3: a view kept past a herd's growth or dispose never reaches another body's memory. On wasm the herd's old
 * arrays are retired, not reused, until the memory grows — and growing an ordinary memory detaches every view taken
 * before it; a shared one (Node's, HD-5) detaches nothing, so there they are never reused. On the reference they are
 * plain arrays the herd no longer holds. So a stale view reads old numbers or nothing, and a write through it lands
 * in no live body.
 */
import { describe, expect, it } from 'vitest';
import { CORES } from '../cores.ts';
import { row, world } from './cases.ts';

/** Every body of a herd as rows, to compare. */
function rowsOf(h: { count: number; get(i: number): unknown }): unknown[] {
  return Array.from({ length: h.count }, (_, i) => h.get(i));
}

describe.each(CORES)('HD-3: stale views ($name)', ({ name, api }) => {
  it(`HD-3: writes through views taken before a herd grew never touch the herd's bodies (${name})`, () => {
    const w = world();
    const h = new api.Herd(w, api.groundOf(w), 1);
    h.add(row({ pos: [1, 0, 1] }));
    const stale = [h.x, h.z, h.vx, h.yaw, h.kind, h.air] as const;
    for (let i = 0; i < 300; i++) h.add(row({ pos: [i % 10, 0, Math.floor(i / 10) % 10] }));
    expect(h.capacity).toBeGreaterThan(1);
    const before = rowsOf(h);
    for (const v of stale) for (let i = 0; i < v.length; i++) v[i] = 77;
    expect(rowsOf(h)).toEqual(before);
  });

  it(`HD-3: views of a disposed herd never touch a herd made after it, nor another body's memory (${name})`, () => {
    const w = world();
    const g = api.groundOf(w);
    const old = new api.Herd(w, g, 64);
    for (let i = 0; i < 64; i++) old.add(row({ pos: [i % 8, 0, Math.floor(i / 8)] }));
    const stale = [old.x, old.y, old.z, old.vx, old.vz, old.wantX, old.yaw, old.kind, old.air, old.steep];
    old.dispose();
    const fresh = new api.Herd(w, g, 64);
    for (let i = 0; i < 64; i++) fresh.add(row({ pos: [-i % 8, 0, -Math.floor(i / 8)] }));
    const other = new api.Herd(w, g, 8);
    other.add(row({ pos: [2, 0, 2] }));
    const before = [rowsOf(fresh), rowsOf(other)];
    for (const v of stale) for (let i = 0; i < v.length; i++) v[i] = 55;
    expect([rowsOf(fresh), rowsOf(other)]).toEqual(before);
    fresh.step(1 / 60);
    other.step(1 / 60);
    for (let i = 0; i < fresh.count; i++) expect(fresh.x[i]).not.toBe(55);
    expect(() => old.x).toThrow(/walker: this herd was disposed/);
    expect(() => old.step(0.1)).toThrow(/walker: this herd was disposed/);
  });

  it(`HD-3, HD-5: views of a disposed herd kept past a growth of the memory (which detaches nothing when shared) still reach no live body (${name})`, () => {
    const w = world();
    const g = api.groundOf(w);
    const old = new api.Herd(w, g, 64);
    for (let i = 0; i < 64; i++) old.add(row({ pos: [i % 8, 0, Math.floor(i / 8)] }));
    const stale = [old.x, old.z, old.vx, old.yaw, old.kind, old.air];
    old.dispose();
    // Room for 60,000 bodies grows the memory past what it held; the herds made after it fill the arena from its start.
    const big = new api.Herd(w, g, 60_000);
    const herds = Array.from({ length: 4 }, (_, k) => {
      const h = new api.Herd(w, g, 64);
      for (let i = 0; i < 64; i++) h.add(row({ pos: [k - (i % 8), 0, -Math.floor(i / 8)] }));
      return h;
    });
    const before = herds.map(rowsOf);
    for (const v of stale) {
      expect(v.length).toBeGreaterThan(0);
      for (let i = 0; i < v.length; i++) v[i] = 55;
    }
    expect(herds.map(rowsOf)).toEqual(before);
    big.dispose();
  });

  it(`HD-4: a capacity beyond the limit is refused before anything is allocated, and the core stays usable (${name})`, () => {
    const w = world();
    const g = api.groundOf(w);
    for (const capacity of [2 ** 29, 1e8, 3e8]) expect(() => new api.Herd(w, g, capacity)).toThrow(/herd capacity is \d+; expected a finite number from 0 to 1048576/);
    const h = new api.Herd(w, g, 4);
    h.add(row());
    h.step(1 / 60);
    expect(h.count).toBe(1);
  });
});
