// npm run build: the package as it is published — dist/src/*.js and the .d.ts its entries' types reach, from tsc
// (tsconfig.build.json; `.ts` import paths rewritten to `.js`; no declaration maps: they would point into src/, which
// is not shipped), and beside them dist/build/ with the release core as a base64 module (what dist/src/load.js
// imports) and as walker.wasm, for hosts that fetch or read the bytes; and dist/require.cjs, the sentence
// `require('heightfield-walker')` throws.
// Run by `prepare` after asbuild, so `npm install` on a fresh clone and `npm pack` both produce it. Prints one line:
// what it wrote, how many files, how big and how long it took.
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';

const built = ['walker.wasm', 'walker.wasm.base64.js', 'walker.wasm.base64.d.ts'];
for (const file of built) {
  if (!existsSync(`build/${file}`)) {
    console.error(`build: build/${file} is missing; run npm run asbuild first.`);
    process.exit(1);
  }
}
const started = performance.now();
rmSync('dist', { recursive: true, force: true });
const tsc = (...args) => execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', ...args], { stdio: 'inherit' });
// Two passes: declarations keep the doc comments editors show; the JavaScript drops comments, which are most of
// its size (the sources, with their comments, are the repository).
tsc('--emitDeclarationOnly');
pruneDeclarations(['dist/src/index.d.ts', 'dist/src/reference.d.ts', 'dist/src/load.d.ts']);
tsc('--declaration', 'false', '--removeComments');
mkdirSync('dist/build', { recursive: true });
for (const file of built) copyFileSync(`build/${file}`, `dist/build/${file}`);
copyFileSync('src/require.cjs', 'dist/require.cjs');
const files = filesUnder('dist');
const kB = files.reduce((sum, file) => sum + statSync(file).size, 0) / 1000;
console.log(`build: dist/ (${files.length} files, ${kB.toFixed(1)} kB, ${((performance.now() - started) / 1000).toFixed(1)} s)`);

/** Every file under a folder, at any depth. */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Deletes the declaration files no entry's declarations reach (tsc writes one for every source file, and the package
 * must stay small, WX-2): an internal module whose types no public type names needs none.
 */
function pruneDeclarations(entries) {
  const reached = new Set();
  const todo = [...entries];
  while (todo.length > 0) {
    const file = todo.pop();
    if (reached.has(file)) continue;
    reached.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from\s*|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const next = join(dirname(file), spec.replace(/\.(js|ts)$/, '.d.ts'));
      if (existsSync(next)) todo.push(next);
    }
  }
  for (const path of filesUnder('dist/src')) if (path.endsWith('.d.ts') && !reached.has(path)) rmSync(path);
}
