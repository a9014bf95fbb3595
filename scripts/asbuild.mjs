// Builds the wasm core (release and debug) when its sources exist; run by `npm install` through `prepare`.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

if (!existsSync('assembly/index.ts')) {
  console.log('asbuild: no assembly/index.ts yet, nothing to build');
  process.exit(0);
}
for (const target of ['release', 'debug']) {
  execFileSync('npx', ['asc', 'assembly/index.ts', '--config', 'asconfig.json', '--target', target], { stdio: 'inherit' });
}
