// npm run build: the package as it is published — dist/src/*.js + .d.ts from tsc (no
// declaration maps: they would point into src/, which is not shipped)
// (tsconfig.build.json; `.ts` import paths rewritten to `.js`), and beside them dist/build/ with the release core as
// a base64 module (what dist/src/load.js imports) and both .wasm files, for hosts that fetch or read the bytes; and
// dist/require.cjs, the sentence `require('heightfield-walker')` throws.
// Run by `prepare` after asbuild, so `npm install` on a fresh clone and `npm pack` both produce it.
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const built = ['walker.wasm', 'walker.wasm.base64.js', 'walker.wasm.base64.d.ts'];
for (const file of built) {
  if (!existsSync(`build/${file}`)) {
    console.error(`build: build/${file} is missing; run npm run asbuild first.`);
    process.exit(1);
  }
}
rmSync('dist', { recursive: true, force: true });
const tsc = (...args) => execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', ...args], { stdio: 'inherit' });
// Two passes: declarations keep the doc comments editors show; the JavaScript drops comments, which are most of
// its size (the sources, with their comments, are the repository).
tsc('--emitDeclarationOnly');
tsc('--declaration', 'false', '--removeComments');
mkdirSync('dist/build', { recursive: true });
for (const file of built) copyFileSync(`build/${file}`, `dist/build/${file}`);
copyFileSync('src/require.cjs', 'dist/require.cjs');
