/**
 * The layers of the house (docs/ARCHITECTURE.md): every import in src/ runs from a layer to the same layer or a lower
 * one — types → checks → kernel → ground, herd, companion → facade → entries → tools — never back up; every import in
 * assembly/ likewise — memory → ground → lattice → motion → routes → herd → exports — and stays in assembly/; no
 * file of either reaches itself through its imports; and bench/ imports no sibling tool folder (scripts/, the
 * runners, may drive bench/ and test/). Built from the import statements of every file, so a new file or import is checked without being listed.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { circles, filesUnder, importGraph, importsOf } from './imports.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const src = `${root}src/`;
const assembly = `${root}assembly/`;

type Layers = ReadonlyArray<readonly [number, readonly string[]]>;

/** The layer of each file or folder of src/ (a folder's files share its layer), lowest first. */
const LAYERS: Layers = [
  [0, ['types.ts', 'body.ts', 'limits.ts', 'known.ts']],
  [1, ['kinds.ts', 'rows.ts']],
  [2, ['reference', 'shapes.ts']],
  [3, ['ground', 'herd.ts', 'routeFollower.ts', 'relative.ts', 'companion', 'presets.ts', 'terrainGeometry.ts', 'scenery.ts', 'sceneryGeometry.ts', 'sampleWorld.ts', 'random.ts']],
  [4, ['wasm']],
  [5, ['index.ts', 'reference.ts', 'load.ts']],
  [6, ['autopilot']],
];

/** The layer of each file of assembly/, lowest first (the same order as docs/ARCHITECTURE.md's table). */
const ASSEMBLY_LAYERS: Layers = [
  [0, ['memory.ts', 'math.ts']],
  [1, ['terrain.ts', 'scatter.ts', 'pieces.ts', 'shapeGrid.ts', 'ground.ts', 'still.ts', 'neighbours.ts', 'crowd.ts', 'clusterMemo.ts', 'changeBins.ts', 'pieceFree.ts', 'rest.ts']],
  [2, ['feet.ts', 'lattice.ts', 'gentleProof.ts', 'bodies.ts']],
  [3, ['stand.ts', 'clearWay.ts', 'slide.ts', 'carry.ts', 'walk.ts', 'avoid.ts', 'seek.ts']],
  [4, ['passability.ts', 'search.ts', 'waypoints.ts', 'fields.ts', 'seekCalls.ts', 'route.ts']],
  [5, ['herdLayout.ts', 'threadContexts.ts', 'herd.ts', 'threads.ts']],
  [6, ['index.ts']],
];

function layerOf(layers: Layers, dir: string, file: string): number {
  const top = relative(dir, file).split('/')[0];
  const found = layers.find(([, names]) => names.includes(top));
  if (found === undefined) throw new Error(`${relative(root, file)} has no layer; add it to the layers of ${relative(root, dir)}/`);
  return found[0];
}

/** Each import of a file under `dir` that runs to a higher layer, as "from → to". */
function upward(layers: Layers, dir: string): string[] {
  const found: string[] = [];
  for (const file of filesUnder(dir)) {
    for (const target of importsOf(file)) {
      if (!target.startsWith(dir)) continue;
      if (layerOf(layers, dir, target) > layerOf(layers, dir, file)) found.push(`${relative(root, file)} → ${relative(root, target)}`);
    }
  }
  return found;
}

describe('the house', () => {
  it('every import in src/ runs to the same layer or a lower one (types → checks → kernel → ground/herd → facade → entries)', () => {
    expect(upward(LAYERS, src)).toEqual([]);
  });

  it('every import in assembly/ runs to the same layer or a lower one (memory → ground → lattice → motion → routes → herd → exports), and none leaves assembly/', () => {
    expect(upward(ASSEMBLY_LAYERS, assembly)).toEqual([]);
    const outside = filesUnder(assembly).flatMap((f) => importsOf(f).filter((t) => !t.startsWith(assembly)).map((t) => `${relative(root, f)} → ${relative(root, t)}`));
    expect(outside).toEqual([]);
  });

  it('no file of assembly/ or src/ reaches itself through its imports (every arrow points one way)', () => {
    const found = circles(importGraph([assembly, src])).map((c) => c.map((f) => relative(root, f)).join(' → '));
    expect(found).toEqual([]);
  });

  it('bench/ imports no sibling tool folder (scripts/, demo/, test/): what a benchmark shares with them lives in src/', () => {
    const siblings = ['scripts', 'demo', 'test'];
    const reaching = filesUnder(`${root}bench/`).flatMap((f) =>
      importsOf(f).filter((t) => siblings.includes(relative(root, t).split('/')[0])).map((t) => `${relative(root, f)} → ${relative(root, t)}`),
    );
    expect(reaching).toEqual([]);
  });
});

describe('the circle finder', () => {
  it('finds each circle of a made-up graph once, with every node on it, and nothing on a graph without one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', ['e']],
      ['e', ['d']],
      ['f', ['f']],
      ['g', ['a', 'f']],
    ]);
    expect(circles(graph)).toEqual([['d', 'e'], ['a', 'b', 'c'], ['f']]);
    expect(circles(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]]))).toEqual([]);
  });
});
