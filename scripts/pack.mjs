// npm pack and npm publish pack the repository's package.json without its scripts: they name files under scripts/
// that the tarball does not hold, and npm lists a packed `prepare` as an install script in every app that installs
// the package. Nor its `allowScripts`, which speaks of this repository's dev dependencies. `prepack` runs
// `node scripts/pack.mjs strip` after building dist/: it keeps package.json as it is in .package.json.repo and writes
// it without those two; `postpack` runs `node scripts/pack.mjs restore`. npm takes postpack from the manifest it read
// before prepack, so the restore still runs.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const KEPT = '.package.json.repo';
const [what] = process.argv.slice(2);

if (what === 'strip') {
  // A kept copy means a pack stopped between the two steps, so package.json is already the stripped one.
  if (existsSync(KEPT)) renameSync(KEPT, 'package.json');
  const text = readFileSync('package.json', 'utf8');
  const { scripts, allowScripts, ...packed } = JSON.parse(text);
  writeFileSync(KEPT, text);
  writeFileSync('package.json', `${JSON.stringify(packed, null, 2)}\n`);
} else if (what === 'restore') {
  if (existsSync(KEPT)) renameSync(KEPT, 'package.json');
} else {
  console.error('pack: usage: node scripts/pack.mjs strip | restore');
  process.exit(1);
}
