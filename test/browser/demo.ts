/**
 * The demo, checked in a real browser: Debian's Chromium, headless, driven by playwright-core over the built page.
 * It presses keys like a player (W, Shift, Space, F), lets the page run, and asserts through `window.__walkerDemo`:
 * no console errors, the herd stepped and its bodies moved, the player moved, the companion stayed within the follow
 * ring plus ramp once settled (CO-8), and the HUD shows a step time. It saves a screenshot of the page.
 * Not a vitest file: `npm run test:browser` runs it (scripts/browser-test.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { FOLLOW_DISTANCE, FOLLOW_SLOW_RADIUS } from '../../src/companion/constants.ts';
import { herdMicros, type MeasuredApi } from '../../demo/measure.ts';
import type { DemoHook } from '../../demo/hook.ts';
import { serveFolder } from './serve.ts';

/** Where Debian's chromium package puts the browser. */
export const CHROMIUM = '/usr/bin/chromium';

/** Slack over ring + ramp for one frame's motion at the capped frame step (0.05 s at 6.5 m/s is 0.33 m). */
const GAP_MARGIN = 0.5;

/** The browser's flags: headless, software WebGL (SwiftShader), and nothing that phones home. */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

/** What the page's hook answers (demo/main.ts `DemoHook`), as plain data. */
interface Snapshot {
  ready: boolean;
  core: string;
  frames: number;
  herdSteps: number;
  bodies: number;
  stepMs: number;
  companionState: string;
  companionClip: string;
  followGapMax: number;
  errors: string[];
  crowdMoved: number;
  companionGap: number;
  player: number[];
  jumps: number;
  swings: number;
}

/** One assertion's outcome. */
interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface DemoTestOptions {
  /** The built demo folder (demo/dist). */
  dist: string;
  /** Where to save the screenshot. */
  screenshot: string;
  /** Logs progress lines. */
  log?: (line: string) => void;
}

export interface DemoTestResult {
  checks: Check[];
  passed: number;
  failed: number;
}

function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(() => {
    const d: DemoHook = window.__walkerDemo;
    return {
      ready: d.ready,
      core: d.core,
      frames: d.frames,
      herdSteps: d.herdSteps,
      bodies: d.bodies,
      stepMs: d.stepMs,
      companionState: d.companionState,
      companionClip: d.companionClip,
      followGapMax: d.followGapMax,
      errors: [...d.errors],
      crowdMoved: d.crowdMoved(),
      companionGap: d.companionGap(),
      player: d.playerPosition(),
      jumps: d.playerJumps(),
      swings: d.playerSwings(),
    };
  });
}

/** Holds `keys` down for `ms` milliseconds of page time, then lets them go (last pressed first). */
async function hold(page: Page, keys: string[], ms: number): Promise<void> {
  for (const key of keys) await page.keyboard.down(key);
  await page.waitForTimeout(ms);
  for (const key of [...keys].reverse()) await page.keyboard.up(key);
}

/** Loads the demo at `url` and waits until it has drawn a few frames. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await page.waitForFunction(() => window.__walkerDemo?.ready === true && window.__walkerDemo.frames >= 3, null, {
    timeout: 60_000,
  });
}

function planar(a: number[], b: number[]): number {
  return Math.hypot(a[0] - b[0], a[2] - b[2]);
}

/** Runs the browser test against the built demo in `options.dist`. Never throws for a failed check. */
export async function runDemoTest(options: DemoTestOptions): Promise<DemoTestResult> {
  const log = options.log ?? (() => {});
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string): void => {
    checks.push({ name, ok, detail });
    log(`${ok ? 'ok  ' : 'FAIL'} ${name} — ${detail}`);
  };
  const consoleErrors: string[] = [];
  const served = await serveFolder(options.dist);
  const profile = await mkdtemp(join(tmpdir(), 'walker-chromium-'));
  log(`serving ${options.dist} at ${served.url}; profile ${profile}`);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 720 },
    timeout: 60_000,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));

    // Phase 1: drive the player. Software WebGL is slow, so shadows and antialiasing are off here; the simulation
    // keeps to wall-clock time whatever the frame rate (up to 0.25 s per frame).
    await open(page, `${served.url}?shadows=0&aa=0`);
    const start = await snapshot(page);
    log(`page ready on the ${start.core} core: ${start.bodies} bodies, ${start.frames} frames`);
    await page.waitForTimeout(1500); // the companion settles
    await page.evaluate(() => window.__walkerDemo.resetFollowGapMax());
    const before = await snapshot(page);
    await hold(page, ['d'], 1500); // walk (to the camera's right, away from the enemy camp)
    await page.keyboard.down('d');
    await hold(page, ['Shift'], 1500); // run
    await page.keyboard.press('Space'); // jump while running
    await hold(page, ['Shift'], 1500); // run on
    await page.keyboard.up('d');
    await hold(page, ['w'], 800); // turn and walk on
    await page.waitForTimeout(1500); // stop: the companion arrives and waits
    await page.keyboard.press('f'); // swing, rooted
    await page.waitForTimeout(1200);
    const after = await snapshot(page);

    const hudStep = (await page.textContent('#hud-step')) ?? '';
    const moved = planar(before.player, after.player);
    const limit = FOLLOW_DISTANCE + FOLLOW_SLOW_RADIUS + GAP_MARGIN;
    log(`after driving: ${after.frames} frames, ${after.herdSteps} herd steps at ${after.stepMs.toFixed(2)} ms, `
      + `companion ${after.companionState}/${after.companionClip} at ${after.companionGap.toFixed(2)} m`);

    check('the page runs on the wasm core', after.core === 'wasm', `core "${after.core}"`);
    check('the herd stepped', after.herdSteps > before.herdSteps + 10,
      `${after.herdSteps - before.herdSteps} herd steps of ${after.bodies} bodies while driving`);
    check('the crowd moved', after.crowdMoved > 1,
      `mean displacement ${after.crowdMoved.toFixed(2)} m since the crowd started`);
    check('the keys moved the player', moved > 5, `player moved ${moved.toFixed(2)} m`);
    check('Space jumped and F swung', after.jumps >= 1 && after.swings >= 1, `${after.jumps} jumps, ${after.swings} swings`);
    check('the companion stayed within ring + ramp while following (CO-8)',
      after.followGapMax > 0 && after.followGapMax <= limit,
      `largest settled FOLLOW gap ${after.followGapMax.toFixed(2)} m, limit ${limit.toFixed(2)} m`);
    check('the HUD shows the step time', /^\d+(\.\d+)? ms$/.test(hudStep.trim()) && after.stepMs > 0,
      `HUD herd step "${hudStep.trim()}", hook stepMs ${after.stepMs.toFixed(3)}`);

    // The slider rebuilds the crowd at its new size, and the new herd steps.
    await page.evaluate(() => {
      const slider = document.querySelector<HTMLInputElement>('#hud-bodies-slider')!;
      slider.value = '500';
      slider.dispatchEvent(new Event('change'));
    });
    const resized = await page
      .waitForFunction((steps) => window.__walkerDemo.bodies === 500 && window.__walkerDemo.herdSteps > steps + 3, after.herdSteps, {
        timeout: 30_000,
      })
      .then(() => true, () => false);
    const small = await snapshot(page);
    check('the slider resizes the crowd', resized && small.crowdMoved > 0,
      `${small.bodies} bodies after setting the slider to 500, moved ${small.crowdMoved.toFixed(2)} m`);

    // The herd's speed in Chromium and in Node on one scene (demo/measure.ts), on one and two threads (HD-5): rounds
    // alternate between the two, and each side's best round counts, so load from elsewhere sways both alike.
    const isolated = await page.evaluate(() => window.__walkerDemo.isolated);
    check('the page is cross-origin isolated (shared memory for worker threads, HD-5)', isolated, `crossOriginIsolated ${isolated}`);
    const node = (await import('../../src/index.ts')) as unknown as MeasuredApi;
    // The demo stops drawing meanwhile: its software WebGL would take the cores from whichever side is measured.
    await page.evaluate(() => {
      window.__walkerDemo.paused = true;
    });
    for (const threads of [1, 2]) {
      const inNode: number[] = [];
      const inChromium: number[] = [];
      let ran = 0;
      for (let round = 0; round < 2; round++) {
        inNode.push((await herdMicros(node, threads)).micros);
        const b = await page.evaluate((t) => window.__walkerDemo.measureHerd(t), threads);
        inChromium.push(b.micros);
        ran = b.threads;
      }
      const n = Math.min(...inNode);
      const c = Math.min(...inChromium);
      log(`herd on ${threads} thread${threads === 1 ? '' : 's'}: Chromium ${c.toFixed(2)} µs per body-step (steps on ${ran}), Node ${n.toFixed(2)} µs; load average ${loadavg()[0].toFixed(1)}`);
      check(`the herd steps on ${threads} thread${threads === 1 ? '' : 's'} in Chromium (HD-5)`, ran === threads, `its last step ran on ${ran}`);
      // One-sided: the promise is that a browser game is not slower than a Node server; Chromium faster is no defect.
      check(`Chromium's herd µs per body-step is at most 1.5× Node's on ${threads} thread${threads === 1 ? '' : 's'}`, c <= 1.5 * n,
        `Chromium ${c.toFixed(2)} µs, Node ${n.toFixed(2)} µs (${(c / n).toFixed(2)}×)`);
    }

    await page.evaluate(() => {
      window.__walkerDemo.paused = false;
    });

    // Phase 2: the screenshot, at full quality (shadows, antialiasing): the player walks toward the enemy camp and the companion goes for them.
    await open(page, served.url);
    await page.waitForTimeout(1500);
    await page.keyboard.down('a');
    await page.waitForTimeout(3000);
    await page.screenshot({ path: options.screenshot });
    await page.keyboard.up('a');
    const shot = await snapshot(page);
    log(`screenshot saved to ${options.screenshot} (companion ${shot.companionState}/${shot.companionClip})`);

    const pageErrors = [...consoleErrors, ...after.errors, ...shot.errors];
    check('no console errors or page errors', pageErrors.length === 0,
      pageErrors.length === 0 ? 'none' : pageErrors.slice(0, 5).join(' | '));
  } finally {
    await context.close();
    await served.close();
    await rm(profile, { recursive: true, force: true });
  }
  const failed = checks.filter((c) => !c.ok).length;
  return { checks, passed: checks.length - failed, failed };
}
