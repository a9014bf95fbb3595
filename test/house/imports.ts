/**
 * The import graph of the house's folders, read from the import and re-export statements of every file, and the
 * circles in it. Shared by the layer test, so a new file or import is checked without being listed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Each file and the files it imports, by absolute path. */
export type ImportGraph = Map<string, string[]>;

/** Every .ts file under `dir`, at any depth. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * Every relative import and re-export of a file, resolved to the file it names: TypeScript's own imports name the
 * file, AssemblyScript's leave `.ts` out.
 */
export function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => {
    const target = resolve(dirname(file), m[1]);
    return /\.[cm]?[jt]s$/.test(target) ? target : `${target}.ts`;
  });
}

/** The graph of the files under `dirs`, with the imports that stay among them. */
export function importGraph(dirs: readonly string[]): ImportGraph {
  const files = dirs.flatMap(filesUnder);
  const known = new Set(files);
  return new Map(files.map((f) => [f, importsOf(f).filter((t) => known.has(t))]));
}

/**
 * The circles of a graph: each set of two or more nodes that reach one another through their edges, or one node
 * that imports itself (Tarjan's strongly connected components). Each circle is listed in the order its nodes were
 * met, from the node the search entered it by; the circles in the order the search closed them.
 */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      part.unshift(w);
    } while (w !== v);
    if (part.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(part);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}
