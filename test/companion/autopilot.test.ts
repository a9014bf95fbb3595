import { describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { autopilotSvg, formatReport, runAutopilot, type AutopilotReport } from '../../src/autopilot/index.ts';
import { groundOf } from '../../src/ground/index.ts';
import { core } from './harness.ts';

const root = resolve(import.meta.dirname, '../..');
let cached: AutopilotReport | undefined;
const report = () => (cached ??= runAutopilot({ core, groundOf }));

describe('CO-11 the autopilot probe (reference core)', () => {
  test('CO-11/CO-8: the autopilot run passes — no invariant violation, settled gap within ring + ramp + margin', () => {
    const r = report();
    expect(r.violations).toEqual([]);
    expect(r.settledGap).toBeLessThanOrEqual(r.settledBound);
    expect(r.settledGap).toBeGreaterThan(3.5); // it did trail a running player
    expect(r.pass).toBe(true);
  });

  test('CO-9: the tripwire stays silent on the autopilot run', () => {
    expect(report().tripwire).toEqual([]);
  });

  test('CO-11: the run exercises every behaviour — each clip and state, teleports, enemies, water, a long path', () => {
    const r = report();
    for (const clip of ['wait', 'walk', 'run', 'atk1'] as const) expect(r.clipSeconds[clip]).toBeGreaterThan(1);
    for (const state of ['FOLLOW', 'ENGAGE', 'ATTACK', 'REGROUP'] as const) expect(r.stateSeconds[state]).toBeGreaterThan(0);
    expect(r.teleports).toBe(2); // the sprint and the warp: one teleport each
    expect(r.largestGap).toBeGreaterThan(20);
    expect(r.enemies).toBe(2);
    expect(r.enemiesDefeated).toBe(2);
    expect(r.wadingSeconds).toBeGreaterThan(1);
    expect(r.playerDistance).toBeGreaterThan(300);
    expect(r.phases.map((p) => p.name)).toEqual(expect.arrayContaining(['run', 'walk', 'stop', 'attack', 'knocked', 'down', 'weave', 'sprint', 'warp', 'circles', 'enemies']));
    // No flap: few switches, and every walk↔run switch waited ANIM_HOLD_TIME.
    expect(r.switchesPerSecond).toBeLessThan(1);
    expect(r.shortestWalkRunHold).not.toBeNull();
    expect(r.shortestWalkRunHold!).toBeGreaterThanOrEqual(0.3 - 1e-9);
    const seconds = Object.values(r.clipSeconds).reduce((a, b) => a + b, 0);
    expect(seconds).toBeCloseTo(r.seconds, 6);
  });

  test('CO-11: the run is deterministic — two runs give identical reports', () => {
    const again = runAutopilot({ core, groundOf });
    expect(JSON.stringify(again)).toBe(JSON.stringify(report()));
  });

  test('CO-9/CO-11: an injected run-in-place fault trips the wire with the exact message and fails the run', () => {
    const r = runAutopilot({ core, groundOf, fault: true });
    expect(r.pass).toBe(false);
    expect(r.tripwire.length).toBeGreaterThan(0);
    expect(r.tripwire[0]).toBe(
      "[sanity] FAIL: companion 'ally' holds 'run' while stationary for 0.32 s at 0.000 m/s (below IDLE_EPS 0.1 m/s for longer than ANIM_HOLD_TIME 0.3 s)",
    );
    expect(r.violations.length).toBeGreaterThan(0);
    expect(formatReport(r)).toMatch(/\nFAIL$/);
  });

  test('CO-11: the report names its figures and the SVG timeline is a self-contained document', () => {
    const r = report();
    const text = formatReport(r);
    for (const figure of ['time in clip', 'clip switches', 'trailing gap: largest', 'settled', 'teleports: 2', 'tripwire failures (walk or run held on a still body): 0 [CO-9]', 'gait and gap violations (a gait on a still body, wait while moving, a gap past its bound): 0 [CO-8]']) {
      expect(text).toContain(figure);
    }
    expect(text.endsWith('PASS')).toBe(true);
    const svg = autopilotSvg(r);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
    expect(svg.match(/<polyline/g)?.length).toBe(4); // player, measured, commanded speeds; gap
    expect(svg).toContain('teleport at');
    expect(svg).not.toContain('NaN');
  });

  test('CO-11: the CLI prints the report, writes autopilot.svg in the cwd or --svg PATH, and exits non-zero on a FAIL', () => {
    const tsx = join(root, 'node_modules', '.bin', 'tsx');
    const script = join(root, 'scripts', 'autopilot.ts');
    const dir = mkdtempSync(join(tmpdir(), 'autopilot-'));
    const plain = spawnSync(tsx, [script], { cwd: dir, encoding: 'utf8' });
    expect(plain.status).toBe(0);
    expect(plain.stdout).toContain('PASS');
    expect(existsSync(join(dir, 'autopilot.svg'))).toBe(true);
    const chosen = join(dir, 'timeline.svg');
    const faulty = spawnSync(tsx, [script, '--fault', '--svg', chosen], { cwd: dir, encoding: 'utf8' });
    expect(faulty.status).toBe(1);
    expect(faulty.stdout).toContain("[sanity] FAIL: companion 'ally' holds 'run' while stationary");
    expect(readFileSync(chosen, 'utf8')).toContain('— FAIL</text>');
  });
});
