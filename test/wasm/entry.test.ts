/**
 * The package entry and its loader (WX-1, WX-2, WX-4): the entry is wasm-backed and ready once imported, exports
 * the names of walker/reference, the loader refuses bytes that are not walker's core with a sentence, and grounds
 * of JS callbacks run on the reference with the same results.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as entry from '../../src/index.ts';
import { load } from '../../src/load.ts';
import { createCore } from '../../src/wasm/core.ts';
import { sampleWorld } from '../../src/sampleWorld.ts';
import type { Ground, Row } from '../../src/types.ts';
import { buildBytes, reference } from './cores.ts';
import { expectSame } from './worlds.ts';

describe('the package entry', () => {
  it('WX-2: exports exactly the names walker/reference exports, the companion included', async () => {
    expect(Object.keys(entry).sort()).toEqual(Object.keys(reference).sort());
    expect(Object.keys(await load()).sort()).toEqual(Object.keys(reference).sort());
    for (const name of ['Herd', 'followSpeed', 'locomotionClip', 'playAnim', 'Trail', 'Tripwire', 'Companion', 'RouteFollower', 'TRAIL_DELAY']) expect(Object.keys(reference)).toContain(name);
  });

  it('WX-2: the reference entry\'s Companion drives its row on the reference core without a core argument', () => {
    const w = sampleWorld({ half: 32, trees: 0, boulders: 0 });
    const ground = reference.groundOf(w);
    const row: Row = { kind: 'xbot', pos: [0, reference.stand(reference.numbers({ kind: 'xbot' }, w), ground, 0, 0), 0] };
    const companion = new reference.Companion({ row, world: w, ground });
    const player: Row = { kind: 'xbot', pos: [10, row.pos[1], 0] };
    for (let frame = 0; frame < 60; frame++) companion.step(1 / 60, player);
    expect(row.pos[0]).toBeGreaterThan(1);
  });

  it('WX-2: is ready once imported — walk, seek and stand run in wasm on the ground its groundOf builds', () => {
    const w = sampleWorld({ half: 32, trees: 40, boulders: 5 });
    const ground = entry.groundOf(w);
    const row: Row = { kind: 'xbot', pos: [2, 0, 3] };
    const copy: Row = { kind: 'xbot', pos: [2, 0, 3] };
    row.pos = [2, entry.stand(entry.numbers(row, w), ground, 2, 3), 3];
    copy.pos = [...row.pos];
    for (let frame = 0; frame < 120; frame++) {
      entry.seek(row, w, [20, -10], 0.5, ground);
      entry.walk(row, w, 1 / 60, ground);
      reference.seek(copy, w, [20, -10], 0.5, ground);
      reference.walk(copy, w, 1 / 60, ground);
    }
    expectSame(row, copy, 'row');
  });

  it('WX-2: load() gives the same API on a fresh instance, and runs the debug build when handed its bytes', async () => {
    const walker = await load();
    const debug = await load(buildBytes('debug'));
    expect(Object.keys(walker).sort()).toEqual(Object.keys(debug).sort());
    const w = sampleWorld({ half: 32, trees: 40 });
    const a: Row = { kind: 'xbot', pos: [0, 5, 0], vel: [2, 0, 1] };
    const b: Row = { kind: 'xbot', pos: [0, 5, 0], vel: [2, 0, 1] };
    const ga = walker.groundOf(w);
    const gb = debug.groundOf(w);
    for (let frame = 0; frame < 60; frame++) {
      walker.walk(a, w, 1 / 60, ga);
      debug.walk(b, w, 1 / 60, gb);
    }
    expectSame(a, b, 'row');
  });

  it('WX-2: the loader refuses bytes that are not WebAssembly, of another version, or not walker\'s core, with a sentence', async () => {
    await expect(load(new TextEncoder().encode('<!doctype html><title>404</title>'))).rejects.toThrow(
      'walker: the wasm core is not WebAssembly: its first bytes are [3c 21 64 6f], expected 00 61 73 6d (\\0asm); rebuild it with npm run asbuild.',
    );
    await expect(createCore(new Uint8Array([0, 0x61, 0x73, 0x6d, 2, 0, 0, 0]))).rejects.toThrow('walker: the wasm core is WebAssembly of binary version 2; expected version 1.');
    await expect(createCore(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0]))).rejects.toThrow('walker: the wasm core is WebAssembly of binary version none (the file is cut short); expected version 1.');
    const empty = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
    await expect(createCore(empty)).rejects.toThrow('walker: the wasm module has no export "memory"; it is not walker\'s core, or is out of date (npm run asbuild).');
  });

  it('WX-1, HD-5: the core is self-contained wasm: it imports only its memory, and it exports the calls the facade crosses into', () => {
    for (const build of ['release', 'debug'] as const) {
      const module = new WebAssembly.Module(buildBytes(build) as Uint8Array<ArrayBuffer>);
      expect(WebAssembly.Module.imports(module)).toEqual([{ module: 'env', name: 'memory', kind: 'memory' }]);
      const exports = WebAssembly.Module.exports(module).map((e) => e.name);
      for (const name of ['walk', 'slide', 'carry', 'seek', 'stand', 'herdStep', 'memory']) expect(exports).toContain(name);
    }
  });

  it('WX-4: a ground of JS callbacks runs on the reference and gives the same numbers as the same ground in wasm', async () => {
    const w = sampleWorld({ half: 32, trees: 60, boulders: 10 });
    const inWasm = entry.groundOf(w);
    const callbacks: Ground = { height: inWasm.height, depth: inWasm.depth, solids: inWasm.solids, cell: inWasm.cell };
    const core = await createCore(buildBytes('release'));
    expect(core.runsInWasm(core.groundOf(w))).toBe(true);
    expect(core.runsInWasm(callbacks)).toBe(false);
    const a: Row = { kind: 'xbot', pos: [1, 0, 1] };
    const b: Row = { kind: 'xbot', pos: [1, 0, 1] };
    for (let frame = 0; frame < 200; frame++) {
      entry.seek(a, w, [25, 25], 1, inWasm);
      entry.walk(a, w, 1 / 60, inWasm);
      entry.seek(b, w, [25, 25], 1, callbacks);
      entry.walk(b, w, 1 / 60, callbacks);
    }
    expectSame(a, b, 'row');
    expect(entry.slide({ ...a }, w, [3, -2], inWasm)).toEqual(entry.slide({ ...b }, w, [3, -2], callbacks));
  });

  it('WX-4: a ground whose parts were edited after groundOf, or whose mods are not built-ins, runs on the reference', () => {
    const w = sampleWorld({ half: 16, trees: 10 });
    const edited = entry.groundOf(w);
    edited.height = (x, z) => x + z;
    const row: Row = { kind: 'xbot', pos: [0, 0, 0], vel: [1, 0, 0] };
    const copy: Row = { ...row };
    entry.walk(row, w, 0.1, edited);
    reference.walk(copy, w, 0.1, edited);
    expectSame(row, copy, 'row');
    entry.registerMod('flat', () => ({ height: () => 0, cell: 1 }));
    const mine = { ...w, walker: { ...w.walker!, mods: { height: 'flat', cell: 'flat' } } };
    const g = entry.groundOf(mine);
    const r: Row = { kind: 'xbot', pos: [0, 1, 0] };
    entry.walk(r, mine, 0.1, g);
    expect(r.air).toBe(true);
  });
});

/** The simulated path: every file whose numbers a body's motion is made of, in both cores and the companion. */
function simulatedFiles(): string[] {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const dir = (d: string, only?: RegExp): string[] =>
    readdirSync(`${root}${d}`).filter((f) => f.endsWith('.ts') && (only === undefined || only.test(f))).map((f) => `${d}/${f}`);
  return [
    ...dir('assembly'),
    ...dir('src/reference', /^(math|lattice|stand|slide|carry|walk|seek|terrain|scatter|relative|bodies|route)\.ts$/),
    ...dir('src/wasm'),
    'src/herd.ts',
    'src/routeFollower.ts',
    ...dir('src/companion', /^(followSpeed|locomotionClip|playAnim|trail|planar|companion)\.ts$/),
  ];
}

describe('WX-3: only IEEE-exact operations in the simulated path', () => {
  it('WX-3: no Math.sin, cos, atan2, hypot, pow or exp in assembly/, the reference core and its routes, the herd, RouteFollower or the companion', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const files = simulatedFiles();
    expect(files.length).toBeGreaterThan(20);
    const hits: string[] = [];
    for (const file of files) {
      readFileSync(`${root}${file}`, 'utf8').split('\n').forEach((text, i) => {
        // Code only: comments may name what the code must not use.
        const line = text.replace(/\/\/.*$/, '').replace(/^\s*(\/\*\*?|\*).*$/, '');
        if (/Math\.(sin|cos|tan|asin|acos|atan|atan2|hypot|pow|exp|expm1|log|log1p|log2|log10|cbrt|sinh|cosh|tanh)\b/.test(line) || /\*\*/.test(line)) {
          hits.push(`${file}:${i + 1}: ${text.trim()}`);
        }
      });
    }
    expect(hits).toEqual([]);
  });
});
