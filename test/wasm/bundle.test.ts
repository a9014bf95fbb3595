/**
 * WX-2: the package entry is ready once imported in a bundle too. Vite bundles a module that imports `src/index.ts`
 * (top-level await, the base64 wasm module, no fs or fetch) into one file; the bundle is imported in Node, and — when
 * Debian's Chromium is installed — run in a headless page, where both must walk a row to the reference's numbers.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reference } from './cores.ts';
import { sampleWorld } from '../../src/sampleWorld.ts';
import type { Row } from '../../src/types.ts';

const CHROMIUM = '/usr/bin/chromium';
const root = fileURLToPath(new URL('../../', import.meta.url));

/** The bundled module: it walks a row over the sample world on the wasm entry and exports the row it ends with. */
const ENTRY = `
import { groundOf, walk, seek, Herd } from ${JSON.stringify(join(root, 'src/index.ts'))};
import { sampleWorld } from ${JSON.stringify(join(root, 'src/sampleWorld.ts'))};
const w = sampleWorld({ half: 24, trees: 30, boulders: 4 });
const ground = groundOf(w);
const row = { kind: 'xbot', pos: [1, 0, 2] };
for (let frame = 0; frame < 90; frame++) {
  seek(row, w, [15, -8], 0.5, ground);
  walk(row, w, 1 / 60, ground);
}
const herd = new Herd(w, ground, 4);
herd.add({ kind: 'xbot', pos: [1, 0, 2] });
export const result = { row, herdSteps: (herd.step(1 / 60), herd.count) };
`;

/** The same run on the reference core. */
function expected(): Row {
  const w = sampleWorld({ half: 24, trees: 30, boulders: 4 });
  const ground = reference.groundOf(w);
  const row: Row = { kind: 'xbot', pos: [1, 0, 2] };
  for (let frame = 0; frame < 90; frame++) {
    reference.seek(row, w, [15, -8], 0.5, ground);
    reference.walk(row, w, 1 / 60, ground);
  }
  return row;
}

describe('the entry in a bundle', () => {
  let dir = '';
  let bundle = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'walker-bundle-'));
    await writeFile(join(dir, 'entry.js'), ENTRY);
    await build({
      configFile: false,
      logLevel: 'silent',
      root: dir,
      build: {
        outDir: join(dir, 'dist'),
        target: 'es2022',
        minify: false,
        lib: { entry: join(dir, 'entry.js'), formats: ['es'], fileName: () => 'bundle.js' },
      },
    });
    bundle = join(dir, 'dist', 'bundle.js');
  }, 120_000);

  afterAll(async () => {
    if (dir !== '') await rm(dir, { recursive: true, force: true });
  });

  it('WX-2: a Vite bundle of the entry is one self-contained file that runs in Node and walks to the reference numbers', async () => {
    const text = await readFile(bundle, 'utf8');
    expect(text).not.toMatch(/from\s+["']node:|require\(|fetch\(/);
    const { result } = (await import(pathToFileURL(bundle).href)) as { result: { row: Row; herdSteps: number } };
    expect(result.row).toEqual(expected());
    expect(result.herdSteps).toBe(1);
  });

  it.runIf(existsSync(CHROMIUM))('WX-2: the same bundle runs in headless Chromium and walks to the reference numbers', async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const code = await readFile(bundle, 'utf8');
      await page.setContent(`<!doctype html><script type="module">${code.replace(/<\/script/g, '<\\/script')}\nwindow.__result = JSON.stringify(result);</script>`);
      await page.waitForFunction(() => (window as unknown as { __result?: string }).__result !== undefined || document.readyState === 'complete', null, { timeout: 30_000 });
      const json = await page.waitForFunction(() => (window as unknown as { __result?: string }).__result, null, { timeout: 30_000 });
      const result = JSON.parse((await json.jsonValue()) as string) as { row: Row; herdSteps: number };
      expect(errors).toEqual([]);
      expect(result.row).toEqual(JSON.parse(JSON.stringify(expected())));
      expect(result.herdSteps).toBe(1);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
