/**
 * The layers of the house (docs/ARCHITECTURE.md): every import in src/ runs from a layer to the same layer or a lower
 * one — types → checks → kernel → ground, herd, companion → facade → entries → tools — never back up. Built from
 * the import statements of every file, so a new file or import is checked without being listed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../src/', import.meta.url));

/** The layer of each file or folder of src/ (a folder's files share its layer), lowest first. */
const LAYERS: ReadonlyArray<readonly [number, readonly string[]]> = [
  [0, ['types.ts', 'body.ts', 'limits.ts', 'known.ts']],
  [1, ['kinds.ts', 'rows.ts']],
  [2, ['reference']],
  [3, ['ground', 'herd.ts', 'routeFollower.ts', 'relative.ts', 'companion', 'presets.ts', 'terrainGeometry.ts', 'sampleWorld.ts']],
  [4, ['wasm']],
  [5, ['index.ts', 'reference.ts', 'load.ts']],
  [6, ['autopilot']],
];

function layerOf(file: string): number {
  const top = relative(src, file).split('/')[0];
  const found = LAYERS.find(([, names]) => names.includes(top));
  if (found === undefined) throw new Error(`src/${relative(src, file)} has no layer; add it to LAYERS`);
  return found[0];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : name.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative import and re-export of a file, resolved to the file it names. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => resolve(dirname(file), m[1]));
}

describe('the house', () => {
  it('every import in src/ runs to the same layer or a lower one (types → checks → kernel → ground/herd → facade → entries)', () => {
    const upward: string[] = [];
    for (const file of filesUnder(src)) {
      for (const target of importsOf(file)) {
        if (!target.startsWith(src)) continue;
        if (layerOf(target) > layerOf(file)) upward.push(`src/${relative(src, file)} → src/${relative(src, target)}`);
      }
    }
    expect(upward).toEqual([]);
  });
});
