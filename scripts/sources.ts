/**
 * The package's entries mapped to their sources, for the tools that run this repository from sources (Vite for the
 * demo, vitest); tsc and tsx read the same mapping from tsconfig.json `paths`. Published, the names resolve to dist/
 * through package.json `exports`.
 */
import { fileURLToPath } from 'node:url';

const src = (file: string): string => fileURLToPath(new URL(`../src/${file}`, import.meta.url));

/** Vite `resolve.alias` entries: exact package names → source files. */
export const packageSources = [
  { find: /^heightfield-walker$/, replacement: src('index.ts') },
  { find: /^heightfield-walker\/reference$/, replacement: src('reference.ts') },
  { find: /^heightfield-walker\/load$/, replacement: src('load.ts') },
];
