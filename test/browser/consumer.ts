/**
 * The packed package in a browser (WX-2, WX-3): Vite builds the consumer app's page (test/package/consumer.ts) — it
 * imports the installed tarball, runs the README's Node scenes on the wasm entry and the three.js loop — and Debian's
 * headless Chromium loads it. Checks: no console error, the loop draws its herd, and the scenes' numbers are Node's,
 * bit for bit (the first check that Chromium and Node agree); then the same scenes bundled by esbuild, on a page of
 * their own, must give those numbers too. Not a vitest file: `npm run test:browser` runs it.
 */
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, preview } from 'vite';
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
  trees: number;
  trunkVertices: number;
  sides: number;
  solids: number;
  wetTriangles: number;
  threads: number;
  isolated: boolean;
}

/** Pixels of a screenshot in the colours of the three.js example's trunks and water, as lit. */
interface Colours {
  trunk: number;
  water: number;
}

/**
 * Counts a PNG's pixels in the trunks' brown (red over green over blue, an orange hue, darker than the lit bodies)
 * and in the water's blue (blue well over red, darker red than the sky's), decoded by the page itself.
 */
function colours(page: Page, png: Buffer): Promise<Colours> {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    const counts = { trunk: 0, water: 0 };
    for (let p = 0; p < data.length; p += 4) {
      const [r, g, b] = [data[p], data[p + 1], data[p + 2]];
      if (r > g && g > b && r - b >= 30 && r < 170 && (g - b) / (r - b) < 0.65) counts.trunk++;
      if (b - r >= 90 && r < 120 && b >= g) counts.water++;
    }
    return counts;
  }, png.toString('base64'));
}

/** Hides or shows one part of the three.js example (trunks, crowns, water) and waits for two frames drawn after. */
async function show(page: Page, part: string, shown: boolean): Promise<void> {
  const frames = await page.evaluate((args) => {
    (window as unknown as { __show: (part: string, shown: boolean) => void }).__show(args.part, args.shown);
    return (window as unknown as { __three: () => Drawn }).__three().frames;
  }, { part, shown });
  await page.waitForFunction((f) => (window as unknown as { __three: () => Drawn }).__three().frames >= f + 2, frames, { timeout: 60_000 });
}

/**
 * Builds the consumer app's page with the README's vite.config.ts and serves it with Vite's preview server (so with
 * the headers that config sets), runs it in Chromium and checks it against `node` (what app.mjs printed); saves a
 * screenshot of the three.js example at `screenshot`.
 */
export async function runConsumerPage(consumer: Consumer, node: NodeRun, screenshot: string, log: (line: string) => void): Promise<Check[]> {
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string): void => {
    checks.push({ name, ok, detail });
    log(`${ok ? 'ok  ' : 'FAIL'} ${name} — ${detail}`);
  };
  const dist = join(consumer.dir, 'dist');
  const configFile = join(consumer.dir, 'vite.config.ts');
  await build({ root: consumer.dir, configFile, logLevel: 'warn', base: './', build: { outDir: dist, chunkSizeWarningLimit: 2000 } });
  const served = await preview({ root: consumer.dir, configFile, logLevel: 'warn', base: './', build: { outDir: dist }, preview: { host: '127.0.0.1', port: 4173 } });
  const url = served.resolvedUrls?.local[0] ?? '';
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS, timeout: 60_000 });
  try {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    await page.goto(url);
    const results = JSON.parse((await (await page.waitForFunction(() => (window as unknown as { __results?: string }).__results, null, { timeout: 120_000 })).jsonValue()) as string) as Record<string, unknown>;
    await page.waitForFunction(() => ((window as unknown as { __three?: () => Drawn }).__three?.().frames ?? 0) >= 10, null, { timeout: 120_000 });
    // The workers start while the first steps run on one thread (HD-5).
    await page.waitForFunction(() => (window as unknown as { __three: () => Drawn }).__three().threads > 1, null, { timeout: 60_000 }).catch(() => undefined);
    const drawn = await page.evaluate(() => (window as unknown as { __three: () => Drawn }).__three());
    for (const scene of COMPARED) {
      const same = JSON.stringify(results[scene]) === JSON.stringify((node[scene] as { wasm: unknown }).wasm);
      check(`WX-3: the README's ${scene}.ts in Chromium gives Node's numbers, bit for bit`, same, same ? 'identical' : `Chromium ${JSON.stringify(results[scene]).slice(0, 200)}…`);
    }
    const [x, y, z] = drawn.herdFirst;
    const placed = drawn.firstBody.every((v, k) => Math.abs(v - [x, y, z][k]) < 0.2);
    check('the README\'s three.js loop steps its herd and draws it into the InstancedMesh', drawn.frames >= 10 && drawn.bodies === 1000 && drawn.instances === 1000 && placed,
      `${drawn.frames} frames, ${drawn.bodies} bodies, first drawn at [${drawn.firstBody.map((v) => v.toFixed(2))}] for the body at [${[x, y, z].map((v) => v.toFixed(2))}]`);
    check('HD-5: served with the README\'s vite.config.ts the page is cross-origin isolated and its herd steps on more than one thread', drawn.isolated && drawn.threads > 1,
      `crossOriginIsolated ${drawn.isolated}, the last step on ${drawn.threads} threads`);

    // What the example draws, in a screenshot: trunks and water in their colours, and fewer of each with that part hidden.
    const shot = await page.screenshot({ path: screenshot });
    const all = await colours(page, shot);
    await show(page, 'trunks', false);
    const noTrunks = await colours(page, await page.screenshot());
    await show(page, 'trunks', true);
    await show(page, 'water', false);
    const noWater = await colours(page, await page.screenshot());
    await show(page, 'water', true);
    log(`screenshot of the three.js example saved to ${screenshot}`);
    const prisms = drawn.trees === drawn.solids && drawn.solids >= 250 && drawn.trunkVertices === drawn.solids * 3 * drawn.sides;
    check('G-7: the three.js example draws a prism for every solid circle, in trunk brown in its screenshot', prisms && all.trunk >= 300 && noTrunks.trunk * 4 <= all.trunk,
      `${drawn.trees} prisms (${drawn.trunkVertices} vertices) of ${drawn.solids} solids; ${all.trunk} trunk-brown pixels, ${noTrunks.trunk} with the trunks hidden`);
    check('G-7: the three.js example draws the water\'s wet triangles, in water blue in its screenshot', drawn.wetTriangles > 0 && all.water >= 1000 && noWater.water * 4 <= all.water,
      `${drawn.wetTriangles} wet triangles; ${all.water} water-blue pixels, ${noWater.water} with the water hidden`);
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
