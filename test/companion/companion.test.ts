import { describe, expect, test } from 'vitest';
import {
  ANIM_HOLD_TIME, ATTACK_TIME, Companion, FOLLOW_DISTANCE, FOLLOW_SLOW_RADIUS, IDLE_EPS, MOVE_SPEED, TELEPORT_DISTANCE,
  type Clip, type WalkerCore,
} from '../../src/companion/index.ts';
import { circleWant } from '../../src/autopilot/index.ts';
import { numbers, stand, walk } from '../../src/reference.ts';
import type { Row } from '../../src/types.ts';
import { collapse, core, dt, flatGround, frame, makePair, makeWorld, violations, walkRunHolds, type Frame } from './harness.ts';

const settledBound = FOLLOW_DISTANCE + FOLLOW_SLOW_RADIUS + 0.25;

describe('CO-4..CO-8 Companion controller (reference core)', () => {
  test('CO-4/CO-8: a rooted attacking player leaves the companion at the ring playing wait', () => {
    const w = makeWorld();
    const g = flatGround();
    const { player, companion, messages } = makePair(w, g);
    const frames: Frame[] = [];
    let t = 0;
    player.state = 'MOVING';
    for (let i = 0; i < 180; i++) frames.push(frame(companion, player, w, g, (t += dt), 0, MOVE_SPEED));
    player.state = 'ATTACKING'; // rooted: no wanted motion
    const attackFrom = frames.length;
    for (let i = 0; i < 240; i++) frames.push(frame(companion, player, w, g, (t += dt), 0, 0));
    const rooted = frames.slice(attackFrom);
    // It arrives at the ring and its commanded speed falls to 0; no gait while the signal is below IDLE_EPS.
    const last = rooted[rooted.length - 1];
    expect(last.clip).toBe('wait');
    expect(last.commanded).toBeLessThan(IDLE_EPS);
    expect(last.gap).toBeGreaterThan(FOLLOW_DISTANCE - 0.01);
    expect(last.gap).toBeLessThan(FOLLOW_DISTANCE + 0.05);
    // Once the companion's speed fell below IDLE_EPS it stays in wait for the rest of the attack (no run in place).
    const still = rooted.findIndex((f) => f.measured < IDLE_EPS);
    expect(still).toBeGreaterThan(0);
    expect(rooted.slice(still).every((f) => f.clip === 'wait')).toBe(true);
    expect(collapse(rooted)).toEqual(['run', 'walk', 'wait']);
    expect(violations(frames)).toEqual([]);
    expect(messages).toEqual([]);
  });

  test('CO-4: on open ground the body moves exactly as commanded (vel and want set to the commanded velocity, then walk)', () => {
    const w = makeWorld();
    const g = flatGround();
    const { player, companion } = makePair(w, g);
    let t = 0;
    let checked = 0;
    for (let i = 0; i < 300; i++) {
      const f = frame(companion, player, w, g, (t += dt), i < 200 ? 2 : 0, i < 200 ? 5 : 0);
      expect(f.state).toBe('FOLLOW');
      expect(Math.abs(f.measured - f.commanded)).toBeLessThan(1e-9);
      if (f.commanded > 0) checked += 1;
    }
    expect(checked).toBeGreaterThan(150);
  });

  test('CO-4: the companion never overshoots the trail point', () => {
    const w = makeWorld();
    const g = flatGround();
    // The companion starts just outside the ring, 0.02 m short of the trail point the player left behind.
    const { player, row, companion } = makePair(w, g, 2.6);
    companion.step(dt, player);
    player.pos = [0, 0, 2.62 - 2.6];
    const target = [0, 0];
    for (let i = 0; i < 30; i++) {
      companion.step(dt, player);
      companion.trail.target(target);
      expect(row.pos[2]).toBeLessThanOrEqual(target[1] + 1e-12);
    }
  });

  test('CO-4/CO-8: a player running at MOVE_SPEED in a straight line keeps the gap bounded; the companion plays run and never flaps', () => {
    const w = makeWorld();
    const g = flatGround();
    const { player, companion, messages } = makePair(w, g);
    const frames: Frame[] = [];
    let t = 0;
    player.state = 'MOVING';
    for (let i = 0; i < 600; i++) frames.push(frame(companion, player, w, g, (t += dt), MOVE_SPEED * 0.6, MOVE_SPEED * 0.8));
    const settled = frames.filter((f) => f.t > 3);
    expect(Math.max(...settled.map((f) => f.gap))).toBeLessThanOrEqual(settledBound);
    expect(settled.every((f) => f.clip === 'run')).toBe(true);
    expect(collapse(frames)).toEqual(['wait', 'walk', 'run']);
    expect(violations(frames)).toEqual([]);
    expect(messages).toEqual([]);
  });

  test('CO-4/CO-8: a player running at MOVE_SPEED in circles keeps the gap bounded; the companion plays run and never flaps', () => {
    const w = makeWorld();
    const g = flatGround();
    const { player, companion, messages } = makePair(w, g);
    const frames: Frame[] = [];
    let t = 0;
    player.state = 'MOVING';
    // Circles of radius 8 m about (8, 0): the player starts on the circle.
    for (let i = 0; i < 1200; i++) {
      const [wx, wz] = circleWant(player, 8, 0, 8, MOVE_SPEED);
      frames.push(frame(companion, player, w, g, (t += dt), wx, wz));
    }
    const settled = frames.filter((f) => f.t > 3);
    expect(Math.max(...settled.map((f) => f.gap))).toBeLessThanOrEqual(settledBound);
    expect(Math.min(...settled.map((f) => f.playerSpeed))).toBeGreaterThan(MOVE_SPEED * 0.95);
    expect(settled.every((f) => f.clip === 'run')).toBe(true);
    expect(collapse(frames)).toEqual(['wait', 'walk', 'run']);
    expect(violations(frames)).toEqual([]);
    expect(messages).toEqual([]);
  });

  test('CO-6/CO-7: stop-and-go goes wait → walk → run → walk → wait with no walk↔run switch faster than ANIM_HOLD_TIME', () => {
    const w = makeWorld();
    const g = flatGround();
    const { player, companion, messages } = makePair(w, g);
    const frames: Frame[] = [];
    let t = 0;
    const phases: Array<[seconds: number, speed: number]> = [[1, 0], [2, 2], [3, MOVE_SPEED], [2, 2], [3, 0]];
    for (const [seconds, speed] of phases) {
      for (let i = 0; i < Math.round(seconds / dt); i++) frames.push(frame(companion, player, w, g, (t += dt), 0, speed));
    }
    expect(collapse(frames)).toEqual(['wait', 'walk', 'run', 'walk', 'wait']);
    for (const hold of walkRunHolds(frames)) expect(hold).toBeGreaterThanOrEqual(ANIM_HOLD_TIME - 1e-9);
    // The wait switch follows the commanded speed the same frame, in both directions (CO-7: never held).
    for (const f of frames) expect(f.clip === 'wait').toBe(f.commanded < IDLE_EPS);
    expect(violations(frames)).toEqual([]);
    expect(messages).toEqual([]);
  });

  test('CO-7: the controller debounce holds only walk↔run — a walk↔run switch waits ANIM_HOLD_TIME, wait and out-of-wait apply at once', () => {
    const w = makeWorld();
    const g = flatGround();
    const { player, companion } = makePair(w, g);
    const frames: Frame[] = [];
    let t = 0;
    // Each frame the player is put where the commanded speed is `speed` (the trail restarted, so its target is the player).
    const place = (speed: number) => {
      const d = FOLLOW_DISTANCE + (FOLLOW_SLOW_RADIUS * speed) / 6.5;
      player.pos = [0, 0, companion.row.pos[2] + d];
      companion.trail.clear();
      companion.step(dt, player);
      frames.push({ t: (t += dt), state: companion.state, clip: companion.clip, commanded: companion.commanded, measured: companion.measured, intent: companion.intent, gap: companion.gap, teleported: false, playerSpeed: 0 });
    };
    const script = [1, ...Array(25).fill(4.5), ...Array(25).fill(2.9), 0, 4.5, 0, 2, 2, 0];
    for (const s of script) place(s);
    const clips = frames.map((f) => f.clip);
    // Out of wait straight to walk; walk → run and run → walk each wait for the playing clip to hold ANIM_HOLD_TIME…
    expect(clips[0]).toBe('walk');
    expect(collapse(frames)).toEqual(['walk', 'run', 'walk', 'wait', 'run', 'wait', 'walk', 'wait']);
    const holds = walkRunHolds(frames);
    expect(holds.length).toBe(2);
    // …and switch as soon as they may.
    for (const hold of holds) {
      expect(hold).toBeGreaterThanOrEqual(ANIM_HOLD_TIME - 1e-9);
      expect(hold).toBeLessThanOrEqual(ANIM_HOLD_TIME + dt + 1e-9);
    }
    // The drop to 0 is wait that same frame, over any hold; out of wait 4.5 m/s is run at once and 2 m/s walk at once.
    const n = script.length;
    expect(clips.slice(n - 6)).toEqual(['wait', 'run', 'wait', 'walk', 'walk', 'wait']);
  });

  test('CO-5: a companion beyond TELEPORT_DISTANCE is placed at the trail point, on the ground, at rest — once per separation', () => {
    const w = makeWorld();
    // Gently rolling ground: the teleport must land on it.
    const g = flatGround([], (x, z) => 0.05 * x + 0.02 * z);
    const { player, row, companion, messages } = makePair(w, g);
    const frames: Frame[] = [];
    let t = 0;
    for (let i = 0; i < 60; i++) frames.push(frame(companion, player, w, g, (t += dt), 0, 0));
    // The player warps 50 m away.
    player.pos = [30, g.height(30, 40), 40];
    const warpedAt = frames.length;
    for (let i = 0; i < 120; i++) frames.push(frame(companion, player, w, g, (t += dt), 0, 0));
    expect(companion.teleports).toBe(1);
    const at = frames.findIndex((f) => f.teleported);
    expect(at).toBeGreaterThan(warpedAt);
    expect((at - warpedAt) * dt).toBeLessThanOrEqual(0.3 + 2 * dt);
    const landed = frames[at];
    expect(landed.clip).toBe('wait');
    expect(landed.measured).toBe(0);
    expect(landed.gap).toBeLessThanOrEqual(TELEPORT_DISTANCE);
    expect(frames.slice(at + 1).every((f) => !f.teleported)).toBe(true);
    // It stands at the player's spot's ring afterwards, on the ground.
    const n = numbers(row, w);
    expect(row.pos[1]).toBeCloseTo(stand(n, g, row.pos[0], row.pos[2]), 9);
    expect(row.air).toBe(false);
    expect(companion.gap).toBeLessThanOrEqual(FOLLOW_DISTANCE + 0.05);
    expect(violations(frames)).toEqual([]);
    expect(messages).toEqual([]);
  });

  test('CO-5: a player sprinting away faster than the companion forces a teleport beyond 20 m, and the companion lands behind it at rest', () => {
    const w = makeWorld();
    w.walker!.kinds.xbot.accel = 40;
    const g = flatGround();
    const { player, row, companion, messages } = makePair(w, g);
    const frames: Frame[] = [];
    let t = 0;
    let gapBefore = 0;
    for (let i = 0; i < 600 && companion.teleports === 0; i++) {
      gapBefore = companion.gap;
      frames.push(frame(companion, player, w, g, (t += dt), 0, 14));
    }
    expect(companion.teleports).toBe(1);
    expect(gapBefore).toBeGreaterThan(TELEPORT_DISTANCE - 14 * dt);
    const last = frames[frames.length - 1];
    expect(last.teleported).toBe(true);
    expect(last.clip).toBe('wait');
    expect(row.vel).toEqual([0, 0, 0]);
    expect(row.want).toEqual([0, 0]);
    // Placed on the trail point: 0.3 s behind the sprinting player.
    expect(companion.gap).toBeCloseTo(14 * 0.3, 1);
    expect(violations(frames)).toEqual([]);
    expect(messages).toEqual([]);
  });

  test('CO-4: the companion slides round trees and steps up a ledge like any walker body', () => {
    const w = makeWorld();
    // A row of trees across the way and a 0.3 m ledge at z = 20.
    const trees = [-3, -1.5, 1.5, 3].map((x) => ({ x, z: 10, radius: 0.5 }));
    const g = flatGround(trees, (_x, z) => (z >= 20 ? 0.3 : 0));
    const { player, row, companion, messages } = makePair(w, g);
    const frames: Frame[] = [];
    let t = 0;
    // The player threads the gap between the trees at x = 0 and runs on over the ledge.
    for (let i = 0; i < 480; i++) frames.push(frame(companion, player, w, g, (t += dt), 0, MOVE_SPEED));
    expect(row.pos[2]).toBeGreaterThan(25);
    expect(row.pos[1]).toBeCloseTo(0.3, 6);
    expect(Math.max(...frames.filter((f) => f.t > 2).map((f) => f.gap))).toBeLessThanOrEqual(settledBound);
    expect(violations(frames)).toEqual([]);
    expect(messages).toEqual([]);
  });

  test('CO-6: vertical-only motion is never locomotion — a companion dropping onto the ground plays wait', () => {
    const w = makeWorld();
    const g = flatGround();
    const { player, row, companion } = makePair(w, g);
    row.pos = [0, 3, -2.5];
    row.air = true;
    const frames: Frame[] = [];
    let t = 0;
    for (let i = 0; i < 90; i++) frames.push(frame(companion, player, w, g, (t += dt), 0, 0));
    expect(row.pos[1]).toBe(0);
    expect(frames.every((f) => f.clip === 'wait' && f.measured === 0)).toBe(true);
  });

  test('CO-6/CO-8: the clip follows the measured planar speed in every state — in FOLLOW the lesser of commanded and measured', () => {
    // A core whose walk makes only 40% of each horizontal move (as if sliding along a wall at a steep angle).
    const mud: WalkerCore = {
      ...core,
      walk(me, w, step, g) {
        const [x0, , z0] = me.pos;
        core.walk(me, w, step, g);
        me.pos = [x0 + (me.pos[0] - x0) * 0.4, me.pos[1], z0 + (me.pos[2] - z0) * 0.4];
      },
    };
    const w = makeWorld();
    const g = flatGround();
    const player: Row = { kind: 'player', as: 'xbot', pos: [0, 0, 0] };
    const companion = new Companion(mud, { row: { kind: 'ally', pos: [0, 0, -2.5] }, world: w, ground: g });
    // FOLLOW behind a player running away: commanded 6.5 m/s, measured 2.6 m/s — the clip is walk, as the body moves.
    for (let i = 0; i < 120; i++) {
      player.want = [0, MOVE_SPEED];
      walk(player, w, dt, g);
      companion.step(dt, player);
    }
    expect(companion.state).toBe('FOLLOW');
    expect(companion.commanded).toBe(6.5);
    expect(companion.measured).toBeCloseTo(2.6, 9);
    expect(companion.clip).toBe('walk');
    // ENGAGE toward an enemy: seeking at 6.5 m/s but measured 2.6 m/s — the clip is walk.
    const still: Row = { kind: 'player', as: 'xbot', pos: [0, 0, 0] };
    const fighter = new Companion(mud, { row: { kind: 'ally', pos: [0, 0, -2.5] }, world: w, ground: g });
    const enemy: Row = { kind: 'grunt', pos: [0, 0, -10], hp: 1 };
    for (let i = 0; i < 30; i++) fighter.step(dt, still, [enemy]);
    expect(fighter.state).toBe('ENGAGE');
    expect(fighter.measured).toBeCloseTo(2.6, 9);
    expect(fighter.clip).toBe('walk');
  });

  test('CO-2/CO-6: no clip decision reads the player state — the companion never touches player.state', () => {
    const w = makeWorld();
    const g = flatGround();
    const { player: row, companion } = makePair(w, g);
    const reads = new Set<string | symbol>();
    const player = new Proxy(row, {
      get(target, key, receiver) {
        reads.add(key);
        return Reflect.get(target, key, receiver);
      },
    });
    for (const state of ['MOVING', 'ATTACKING', 'DAMAGED', 'DOWN', 'IDLE']) {
      row.state = state;
      for (let i = 0; i < 60; i++) {
        row.want = state === 'MOVING' ? [0, MOVE_SPEED] : [0, 0];
        walk(row, w, dt, g);
        companion.step(dt, player);
      }
    }
    expect(reads.has('pos')).toBe(true);
    expect(reads.has('state')).toBe(false);
  });
});

describe('CO-10 Companion combat states (reference core)', () => {
  test('CO-10: ENGAGE seeks an enemy in aggro range, ATTACK is rooted and plays atk1, REGROUP seeks back, then FOLLOW', () => {
    const w = makeWorld();
    const g = flatGround();
    const hits: Row[] = [];
    const { player, companion, messages } = makePair(w, g, 2.5, { onHit: (e) => { hits.push(e); e.hp = (e.hp as number) - 1; } });
    const enemy: Row = { kind: 'grunt', pos: [6, 0, -3], hp: 3 };
    const frames: Frame[] = [];
    let t = 0;
    for (let i = 0; i < 30; i++) frames.push(frame(companion, player, w, g, (t += dt), 0, 0));
    expect(companion.state).toBe('FOLLOW');
    const states: string[] = [];
    for (let i = 0; i < 900; i++) {
      const f = frame(companion, player, w, g, (t += dt), 0, 0, [enemy]);
      frames.push(f);
      if (states[states.length - 1] !== f.state) states.push(f.state);
      // ATTACK is rooted and plays atk1 that same frame; no other state plays it.
      expect(f.state === 'ATTACK').toBe(f.clip === 'atk1');
      if (f.state === 'ATTACK') expect(f.measured).toBe(0);
    }
    expect(states).toEqual(['ENGAGE', 'ATTACK', 'REGROUP', 'FOLLOW']);
    expect(hits.length).toBe(3);
    expect(enemy.hp).toBe(0);
    const attackTime = frames.filter((f) => f.state === 'ATTACK').length * dt;
    expect(attackTime).toBeGreaterThanOrEqual(3 * ATTACK_TIME - 1e-9);
    // ENGAGE moves under intent and shows it: a gait from the measured speed.
    expect(frames.some((f) => f.state === 'ENGAGE' && (f.clip === 'run' || f.clip === 'walk'))).toBe(true);
    expect(violations(frames)).toEqual([]);
    expect(messages).toEqual([]);
    expect(companion.gap).toBeLessThanOrEqual(FOLLOW_DISTANCE + FOLLOW_SLOW_RADIUS);
  });

  test('CO-10: the companion engages only while the player is within leash, and regroups when the player runs off', () => {
    const w = makeWorld();
    const g = flatGround();
    const { player, companion, messages } = makePair(w, g);
    const enemy: Row = { kind: 'grunt', pos: [-7, 0, -2.5], hp: 100 };
    const frames: Frame[] = [];
    let t = 0;
    for (let i = 0; i < 120; i++) frames.push(frame(companion, player, w, g, (t += dt), 0, 0, [enemy]));
    expect(['ENGAGE', 'ATTACK']).toContain(companion.state);
    // The player runs off for 3 s, then waits: past the leash the fight is dropped.
    const seen = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const f = frame(companion, player, w, g, (t += dt), 0, i < 180 ? MOVE_SPEED : 0, [enemy]);
      frames.push(f);
      seen.add(f.state);
    }
    expect(seen.has('REGROUP')).toBe(true);
    expect(companion.state).toBe('FOLLOW');
    expect(companion.gap).toBeLessThanOrEqual(FOLLOW_DISTANCE + FOLLOW_SLOW_RADIUS + 0.25);
    expect(violations(frames)).toEqual([]);
    expect(messages).toEqual([]);
  });
});

describe('CO-9 the tripwire on the controller', () => {
  test('CO-9: fires on an injected fault — run forced on a still body — with the exact message', () => {
    class RunsInPlace extends Companion {
      protected override resolveClip(): Clip {
        return 'run';
      }
    }
    const w = makeWorld();
    const g = flatGround();
    const messages: string[] = [];
    const player: Row = { kind: 'player', as: 'xbot', state: 'IDLE', pos: [0, 0, 0] };
    const row: Row = { kind: 'ally', pos: [0, 0, -2.5] };
    const companion = new RunsInPlace(core, { row, world: w, ground: g, id: 'ally', tripwire: (m) => messages.push(m) });
    for (let i = 0; i < 60; i++) companion.step(dt, player);
    expect(companion.clip).toBe('run');
    expect(messages).toEqual([
      "[sanity] FAIL: companion 'ally' holds 'run' while stationary for 0.32 s at 0.000 m/s (below IDLE_EPS 0.1 m/s for longer than ANIM_HOLD_TIME 0.3 s)",
    ]);
  });

  test('CO-9: off unless asked for — a companion built without a tripwire reports nothing', () => {
    class RunsInPlace extends Companion {
      protected override resolveClip(): Clip {
        return 'run';
      }
    }
    const w = makeWorld();
    const g = flatGround();
    const player: Row = { kind: 'player', as: 'xbot', pos: [0, 0, 0] };
    const companion = new RunsInPlace(core, { row: { kind: 'ally', pos: [0, 0, -2.5] }, world: w, ground: g });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => { errors.push(args); };
    try {
      for (let i = 0; i < 60; i++) companion.step(dt, player);
    } finally {
      console.error = original;
    }
    expect(errors).toEqual([]);
  });
});
