// npm run test:browser: builds the demo (vite build demo → demo/dist), serves it on 127.0.0.1, drives it in Debian's
// headless Chromium through playwright-core (test/browser/demo.ts), saves demo/screenshot.png and prints a summary.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { CHROMIUM, runDemoTest } from '../test/browser/demo.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const dist = fileURLToPath(new URL('../demo/dist', import.meta.url));
const screenshot = fileURLToPath(new URL('../demo/screenshot.png', import.meta.url));

async function main(): Promise<number> {
  if (!existsSync(CHROMIUM)) {
    console.error(`test:browser: no browser at ${CHROMIUM}; install Debian's chromium (apt-get install -y chromium).`);
    return 1;
  }
  console.log('test:browser: building the demo (vite build demo)…');
  await build({ root: fileURLToPath(new URL('../demo', import.meta.url)), configFile: `${repo}demo/vite.config.ts`, logLevel: 'warn' });
  const result = await runDemoTest({ dist, screenshot, log: (line) => console.log(`  ${line}`) });
  for (const c of result.checks.filter((c) => !c.ok)) console.error(`FAILED: ${c.name}: ${c.detail}`);
  console.log(`${result.passed} passed, ${result.failed} failed`);
  return result.failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`test:browser: could not run: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
