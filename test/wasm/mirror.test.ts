/**
 * The mirror rule (STYLE.md, WX-1, WX-3): assembly/X.ts and src/reference/X.ts declare the same functions, classes
 * and constants in the same order. Each side may have helpers the other has no use for; they are listed here, so
 * a twin that drifts (a function added, renamed or moved on one side only) fails this test.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Names declared at the top level of a file, in order: functions, classes, interfaces and constants. */
function declarations(file: string): string[] {
  const names: string[] = [];
  for (const line of readFileSync(`${root}${file}`, 'utf8').split('\n')) {
    const m = /^(?:@\w+(?:\([^)]*\))?\s+)*(?:export\s+)?(?:function|class|interface|const|let)\s+([A-Za-z_$][\w$]*)/.exec(line);
    if (m !== null) names.push(m[1]);
  }
  return names;
}

/** Per twin: what only the reference declares, and what only the AssemblyScript declares (with why, in a word). */
const oneSided: Record<string, { reference: string[]; assembly: string[] }> = {
  math: { reference: [], assembly: [] },
  terrain: { reference: [], assembly: [] },
  // The grid frees its arrays in wasm.
  scatter: { reference: [], assembly: ['freeScatterGrid'] },
  // The reference asks JS callbacks through a per-call cache; wasm locates baked corners and keeps one sampler, picks
  // the triangle without a branch and multiplies by 1 / cell where that is exact.
  lattice: {
    reference: ['cornerKey', 'asked'],
    assembly: ['pick', 'perCell', 'divisions', 'inverseOf', 'sampler', 'heights', 'depths', 'near', 'forget', 'useGround', 'nearList', 'reserveNear'],
  },
  // Rows are read into circles by the facade (blockingBodies); wasm receives them as circles.
  bodies: { reference: ['blockingBodies'], assembly: [] },
  stand: { reference: [], assembly: [] },
  // The reference throws on a move too long to sample; wasm flags it for the facade to throw the same sentence.
  slide: { reference: [], assembly: ['refusedMove', 'moveRefused', 'clearRefusedMove', 'wasMoveRefused', 'refusedMoveAddress'] },
  carry: { reference: [], assembly: [] },
  walk: { reference: [], assembly: [] },
  // The cluster list's storage is a static segment in wasm.
  seek: { reference: [], assembly: ['clusterData'] },
};

describe('the mirror rule', () => {
  it.each(Object.keys(oneSided))('WX-3: assembly/%s.ts declares its twin\'s functions in the same order', (name) => {
    const ref = declarations(`src/reference/${name}.ts`);
    const asm = declarations(`assembly/${name}.ts`);
    const only = oneSided[name];
    expect(ref.filter((n) => !asm.includes(n))).toEqual(only.reference);
    expect(asm.filter((n) => !ref.includes(n))).toEqual(only.assembly);
    expect(asm.filter((n) => ref.includes(n))).toEqual(ref.filter((n) => asm.includes(n)));
  });
});
