/**
 * The packed package in a browser (WX-2, WX-3): Vite builds the consumer app's page (test/package/consumer.ts) — it
 * imports the installed tarball, runs the README's Node scenes on the wasm entry and the three.js loop — and Debian's
 * headless Chromium loads it. Checks: no console error, the loop draws its herd, and the scenes' numbers are Node's,
 * bit for bit (the first check that Chromium and Node agree); then the same scenes bundled by esbuild, on a page of
 * their own, must give those numbers too. Not a vitest file: `npm run test:browser` runs it.
 */
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM } from './demo.ts';
import { serveFolder } from './serve.ts';
import { bundleWithEsbuild, COMPARED, type Bundles, type Consumer, type NodeRun } from '../package/consumer.ts';

/** Headless, and nothing that phones home; SwiftShader gives the page WebGL without a GPU. */
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
];

/** One assertion's outcome. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

interface Drawn {
  frames: number;
  bodies: number;
  instances: number;
  firstBody: number[];
  herdFirst: number[];
}

/** Builds the consumer app's page, runs it in Chromium and checks it against `node` (what app.mjs printed). */
export async function runConsumerPage(consumer: Consumer, node: NodeRun, log: (line: string) => void): Promise<Check[]> {
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string): void => {
    checks.push({ name, ok, detail });
    log(`${ok ? 'ok  ' : 'FAIL'} ${name} — ${detail}`);
  };
  const dist = join(consumer.dir, 'dist');
  await build({ root: consumer.dir, configFile: false, logLevel: 'warn', base: './', build: { outDir: dist, target: 'es2022', chunkSizeWarningLimit: 2000 } });
  const served = await serveFolder(dist);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS, timeout: 60_000 });
  try {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    await page.goto(served.url);
    const results = JSON.parse((await (await page.waitForFunction(() => (window as unknown as { __results?: string }).__results, null, { timeout: 120_000 })).jsonValue()) as string) as Record<string, unknown>;
    await page.waitForFunction(() => ((window as unknown as { __three?: () => Drawn }).__three?.().frames ?? 0) >= 10, null, { timeout: 120_000 });
    const drawn = await page.evaluate(() => (window as unknown as { __three: () => Drawn }).__three());
    for (const scene of COMPARED) {
      const same = JSON.stringify(results[scene]) === JSON.stringify((node[scene] as { wasm: unknown }).wasm);
      check(`WX-3: the README's ${scene}.ts in Chromium gives Node's numbers, bit for bit`, same, same ? 'identical' : `Chromium ${JSON.stringify(results[scene]).slice(0, 200)}…`);
    }
    const [x, y, z] = drawn.herdFirst;
    const placed = drawn.firstBody.every((v, k) => Math.abs(v - [x, y, z][k]) < 0.2);
    check('the README\'s three.js loop steps its herd and draws it into the InstancedMesh', drawn.frames >= 10 && drawn.bodies === 1000 && drawn.instances === 1000 && placed,
      `${drawn.frames} frames, ${drawn.bodies} bodies, first drawn at [${drawn.firstBody.map((v) => v.toFixed(2))}] for the body at [${[x, y, z].map((v) => v.toFixed(2))}]`);
    check('the packed package\'s page logs no error', errors.length === 0, errors.length === 0 ? 'none' : errors.join(' | '));
    checks.push(...(await runEsbuildPage(browser, await bundleWithEsbuild(consumer), node, log)));
  } finally {
    await browser.close();
    await served.close();
  }
  return checks;
}

/** The esbuild bundle of the README's scenes (test/package/consumer.ts) in Chromium: Node's numbers, no error. */
async function runEsbuildPage(browser: Browser, bundles: Bundles, node: NodeRun, log: (line: string) => void): Promise<Check[]> {
  const served = await serveFolder(bundles.page);
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    await page.goto(served.url);
    const found = await page.waitForFunction(() => (window as unknown as { __results?: string }).__results, null, { timeout: 120_000 }).catch(() => null);
    const results = found === null ? {} : JSON.parse((await found.jsonValue()) as string) as Record<string, unknown>;
    const differ = COMPARED.filter((scene) => JSON.stringify(results[scene]) !== JSON.stringify((node[scene] as { wasm: unknown }).wasm));
    const checks = [
      { name: 'WX-2: the esbuild bundle of the README\'s scenes in Chromium gives Node\'s numbers, bit for bit', ok: found !== null && differ.length === 0, detail: found === null ? `no results: ${errors.join(' | ')}` : differ.length === 0 ? `${COMPARED.join(', ')} identical` : `differ: ${differ.join(', ')}` },
      { name: 'the esbuild bundle\'s page logs no error', ok: errors.length === 0, detail: errors.length === 0 ? 'none' : errors.join(' | ') },
    ];
    for (const c of checks) log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name} — ${c.detail}`);
    await page.close();
    return checks;
  } finally {
    await served.close();
  }
}
