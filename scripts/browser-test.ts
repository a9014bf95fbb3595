// npm run test:browser: builds the demo (vite build demo → demo/dist), serves it on 127.0.0.1, drives it in Debian's
// headless Chromium through playwright-core (test/browser/demo.ts) and saves a screenshot — in the system's temporary
// folder, or where `--screenshot PATH` says (`-- --screenshot demo/screenshot.png` refreshes the README's); then packs
// the package, installs it into a new app and runs that app's page in Chromium against Node (test/browser/consumer.ts).
// Prints a summary line.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { runConsumerPage } from '../test/browser/consumer.ts';
import { CHROMIUM, runDemoTest } from '../test/browser/demo.ts';
import { packAndInstall, packedKb, runNode } from '../test/package/consumer.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const dist = fileURLToPath(new URL('../demo/dist', import.meta.url));
const asked = process.argv.indexOf('--screenshot');
const screenshot = asked === -1 ? join(tmpdir(), 'heightfield-walker-demo.png') : resolve(process.argv[asked + 1] ?? '');
/** The README's three.js example, as the packed package's page draws it. */
const threeShot = join(tmpdir(), 'heightfield-walker-three.png');

async function main(): Promise<number> {
  if (!existsSync(CHROMIUM)) {
    console.error(`test:browser: no browser at ${CHROMIUM}; install Debian's chromium (apt-get install -y chromium).`);
    return 1;
  }
  console.log('test:browser: building the demo (vite build demo)…');
  await build({ root: fileURLToPath(new URL('../demo', import.meta.url)), configFile: `${repo}demo/vite.config.ts`, logLevel: 'warn' });
  const log = (line: string): void => console.log(`  ${line}`);
  const demo = await runDemoTest({ dist, screenshot, log });
  console.log('test:browser: the packed package (npm pack, installed into a new app, its page built by Vite)…');
  const consumer = packAndInstall();
  let checks = demo.checks;
  try {
    log(`heightfield-walker tarball: ${packedKb(consumer)}`);
    checks = [...checks, ...(await runConsumerPage(consumer, runNode(consumer), threeShot, log))];
  } finally {
    consumer.remove();
  }
  const failed = checks.filter((c) => !c.ok);
  for (const c of failed) console.error(`FAILED: ${c.name}: ${c.detail}`);
  console.log(`${checks.length - failed.length} passed, ${failed.length} failed`);
  return failed.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`test:browser: could not run: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
