/**
 * HD-5: a herd's workers run source the package assembles from the text of its own functions (src/wasm/threads.ts
 * WORKER_SOURCE), so each such function must name nothing but globals — a bundler that minifies the package renames
 * everything else, and a worker whose source names a renamed function throws on its first step while the herd waits
 * for it. Here esbuild bundles and minifies the package entry into one file, and a herd of that bundle steps on two
 * threads in Node: it must end bit for bit as the same herd of the unbundled package. The bundled herd steps in a
 * worker thread of the test's own, so a herd left waiting fails the test instead of hanging it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as unbundled from '../../src/index.ts';
import { sampleWorld } from '../../src/sampleWorld.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const THREADS = 2;
const FRAMES = 40;
/** How long the bundled herd may take for its steps, ms, before the test calls it stuck. */
const PATIENCE = 60_000;

/** What a run ends with: the bodies (every number as its 64 bits, in hex), the arrivals, and each step's threads. */
interface Played {
  bodies: string;
  arrived: number[];
  stepped: number[];
}

/**
 * One run, as source text so that the bundled package and the unbundled one play exactly the same code: a herd of 48
 * bodies each seeking a target across the sample world, stepped `frames` times on `threads` threads.
 */
const PLAY = `async (walker, sampleWorld, threads, frames) => {
  const w = sampleWorld({ half: 24, trees: 60, boulders: 8 });
  const herd = new walker.Herd(w, walker.groundOf(w), { capacity: 64, threads });
  for (let i = 0; i < 48; i++) {
    herd.add({ kind: 'xbot', pos: [-18 + (i % 8) * 1.5, 0, -18 + Math.floor(i / 8) * 1.5] });
    herd.seek(i, [16 - (i % 5) * 2, 14 - (i % 7) * 2], 0.5);
  }
  await herd.ready();
  const stepped = [];
  for (let frame = 0; frame < frames; frame++) {
    herd.step(1 / 60);
    stepped.push(herd.lastStepThreads);
  }
  const bits = new DataView(new ArrayBuffer(8));
  const exact = (key, v) => {
    if (typeof v !== 'number') return v;
    bits.setFloat64(0, v);
    return bits.getBigUint64(0).toString(16);
  };
  const bodies = JSON.stringify(Array.from({ length: herd.count }, (_, i) => herd.get(i)), exact);
  const arrived = Array.from(herd.arrived);
  herd.dispose();
  return { bodies, arrived, stepped };
}`;

/** The worker thread the bundled herd steps in: it imports the bundle, plays PLAY and posts what it ended with. */
const PLAYER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const walker = await import(workerData.bundle);
  const play = new Function('return ' + workerData.play)();
  parentPort.postMessage(await play(walker, walker.sampleWorld, workerData.threads, workerData.frames));
})().catch((error) => parentPort.postMessage({ error: String(error?.stack ?? error) }));
`;

/** Plays PLAY on the bundle in a worker thread; rejects when it throws or takes longer than PATIENCE. */
function playBundled(bundle: string): Promise<Played> {
  const worker = new Worker(PLAYER, { eval: true, workerData: { bundle, play: PLAY, threads: THREADS, frames: FRAMES } });
  return new Promise<Played>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the bundled herd did not finish ${FRAMES} steps in ${PATIENCE} ms: its workers never answered`)), PATIENCE);
    worker.once('message', (m: Played | { error: string }) => {
      clearTimeout(timer);
      if ('error' in m) reject(new Error(m.error));
      else resolve(m);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  }).finally(() => worker.terminate());
}

describe('the worker threads in a minified bundle', () => {
  let dir = '';
  let text = '';
  let bundle = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'walker-workers-'));
    const entry = join(dir, 'entry.js');
    await writeFile(entry, `export * from ${JSON.stringify(join(root, 'src/index.ts'))};\nexport { sampleWorld } from ${JSON.stringify(join(root, 'src/sampleWorld.ts'))};\n`);
    const out = await build({ entryPoints: [entry], bundle: true, minify: true, format: 'esm', platform: 'neutral', target: 'es2022', write: false, logLevel: 'silent' });
    text = out.outputFiles[0].text;
    const file = join(dir, 'walker.min.mjs');
    await writeFile(file, text);
    bundle = pathToFileURL(file).href;
  }, 120_000);

  afterAll(async () => {
    if (dir !== '') await rm(dir, { recursive: true, force: true });
  });

  it("HD-5: a herd of an esbuild-minified bundle of the package steps on two threads in Node, its workers' source built from the bundle's own function text, and ends bit for bit as the unbundled package's", async () => {
    // The functions the worker's source is made of were renamed, and so were their parameters.
    expect(text).not.toMatch(/function claimSegments\(|function nextWatch\(/);
    const play = new Function(`return ${PLAY}`)() as (walker: typeof unbundled, world: typeof sampleWorld, threads: number, frames: number) => Promise<Played>;
    const theirs = await play(unbundled, sampleWorld, THREADS, FRAMES);
    const mine = await playBundled(bundle);
    expect(theirs.stepped).toEqual(Array.from({ length: FRAMES }, () => THREADS));
    expect(mine.stepped).toEqual(theirs.stepped);
    expect(mine.arrived).toEqual(theirs.arrived);
    expect(mine.bodies).toBe(theirs.bodies);
  }, 120_000);
});
