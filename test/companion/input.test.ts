/**
 * Bad input to every companion name (R-3's rule for the companion, CO-1..CO-10): for null, undefined, wrong types,
 * Symbol, BigInt, NaN, ±Infinity, ±1e300, −0, sparse and short arrays, each argument gets either its documented
 * result (never NaN) or an Error — not a TypeError or RangeError — whose message is one sentence naming the argument
 * or field and showing the value; a Companion.step that throws leaves the companion and its row exactly as they were.
 */
import { describe, expect, it } from 'vitest';
import {
  Companion, Trail, Tripwire, followSpeed, isGait, locomotionClip, locomotionViolations, planarDistance, planarSpeed,
  playAnim, stationaryMessage, type LocomotionFrame, type WalkerCore,
} from '../../src/companion/index.ts';
import type { Row, World } from '../../src/types.ts';
import { CORES } from '../cores.ts';
import { callbackGround, callbackWorld, ledge } from '../scenes.ts';

/**
 * Bad values, each with how a message must show it (written out here, not taken from the code under test); made
 * afresh for each use, since an accepted array may be written into.
 */
const bad = (): ReadonlyArray<readonly [string, unknown, string]> => [
  ['null', null, 'null'],
  ['undefined', undefined, 'undefined'],
  ['a string', 'x', '"x"'],
  ['true', true, 'true'],
  ['an object', {}, '[object Object]'],
  ['a Symbol', Symbol('s'), 'Symbol(s)'],
  ['a BigInt', 10n, '10n'],
  ['NaN', Number.NaN, 'NaN'],
  ['Infinity', Infinity, 'Infinity'],
  ['-Infinity', -Infinity, '-Infinity'],
  ['1e300', 1e300, '1e+300'],
  ['-1e300', -1e300, '-1e+300'],
  ['-0', -0, '0'],
  ['a sparse array', [1, , 3], '[1, empty, 3]'],
  ['a short array', [1, 2], '[1, 2]'],
  ['an array holding NaN', [0, Number.NaN, 0], '[0, NaN, 0]'],
];

const finite = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
const atLeast0 = (v: unknown): boolean => finite(v) && (v as number) >= 0;
const positive = (v: unknown): boolean => finite(v) && (v as number) > 0;
const boolean = (v: unknown): boolean => typeof v === 'boolean';
const never = (): boolean => false;

/**
 * Expects `call` to throw an Error (exactly Error) whose message is one sentence naming `field` and showing `shown` —
 * or, for an object or array, naming the missing field or the bad element it holds.
 */
function expectSentence(call: () => unknown, field: string, shown: string): void {
  let error: unknown;
  try {
    call();
  } catch (e) {
    error = e;
  }
  expect(error, `no error for ${field} = ${shown}`).toBeInstanceOf(Error);
  const e = error as Error;
  expect(e.constructor, e.message).toBe(Error);
  expect(e.message).toMatch(/^walker: [^\n]+\.$/);
  expect(e.message.split('; ').length, e.message).toBeLessThanOrEqual(3);
  expect(e.message).toContain(field);
  if (e.message.includes(`is ${shown}`)) return;
  if (shown === '[object Object]') expect(e.message).toMatch(/ is undefined; expected/);
  else if (shown.startsWith('[')) expect(e.message).toMatch(/\[\d\] is [^;]+; expected /);
  else expect(e.message).toContain(`is ${shown}`);
}

/** One argument of a pure companion name: how to call with a value in its place, its name in messages, what it accepts. */
interface Arg {
  name: string;
  field: string;
  call: (v: unknown) => unknown;
  accepts: (v: unknown) => boolean;
}

const valid: LocomotionFrame = { state: 'FOLLOW', clip: 'walk', commanded: 1, measured: 1, intent: true };
const withField = (field: string, v: unknown): unknown => ({ ...valid, [field]: v });

const ARGS: Arg[] = [
  ...(['d', 'ring', 'ramp', 'cap'] as const).map((field, i): Arg => ({
    name: 'followSpeed', field: `followSpeed ${field}`, accepts: finite,
    call: (v) => { const a: unknown[] = [3, 2.5, 1.5, 6.5]; a[i] = v; return (followSpeed as (...x: unknown[]) => number)(...a); },
  })),
  { name: 'locomotionClip', field: 'locomotionClip intentMoving', accepts: boolean, call: (v) => locomotionClip(v as boolean, 1, 'walk') },
  { name: 'locomotionClip', field: 'locomotionClip speed', accepts: atLeast0, call: (v) => locomotionClip(true, v as number, 'walk') },
  { name: 'locomotionClip', field: 'locomotionClip currentClip', accepts: never, call: (v) => locomotionClip(true, 1, v as 'walk') },
  { name: 'playAnim', field: 'playAnim current', accepts: never, call: (v) => playAnim(v as 'walk', 1, 'run') },
  { name: 'playAnim', field: 'playAnim held', accepts: atLeast0, call: (v) => playAnim('walk', v as number, 'run') },
  { name: 'playAnim', field: 'playAnim wanted', accepts: never, call: (v) => playAnim('walk', 1, v as 'run') },
  { name: 'playAnim', field: 'playAnim speed', accepts: (v) => v === undefined || atLeast0(v), call: (v) => playAnim('walk', 1, 'run', v as number) },
  { name: 'isGait', field: 'isGait clip', accepts: never, call: (v) => isGait(v as 'walk') },
  { name: 'planarDistance', field: 'planarDistance a', accepts: never, call: (v) => planarDistance(v as number[], [0, 0, 0]) },
  { name: 'planarDistance', field: 'planarDistance b', accepts: never, call: (v) => planarDistance([0, 0, 0], v as number[]) },
  { name: 'planarSpeed', field: 'planarSpeed dx', accepts: finite, call: (v) => planarSpeed(v as number, 0, 1) },
  { name: 'planarSpeed', field: 'planarSpeed dz', accepts: finite, call: (v) => planarSpeed(0, v as number, 1) },
  { name: 'planarSpeed', field: 'planarSpeed dt', accepts: positive, call: (v) => planarSpeed(1, 1, v as number) },
  { name: 'locomotionViolations', field: 'locomotionViolations frame', accepts: never, call: (v) => locomotionViolations(v as LocomotionFrame) },
  ...(['commanded', 'measured'] as const).map((f): Arg => ({
    name: 'locomotionViolations', field: `locomotionViolations frame.${f}`, accepts: atLeast0, call: (v) => locomotionViolations(withField(f, v) as LocomotionFrame),
  })),
  { name: 'locomotionViolations', field: 'locomotionViolations frame.intent', accepts: boolean, call: (v) => locomotionViolations(withField('intent', v) as LocomotionFrame) },
  { name: 'locomotionViolations', field: 'locomotionViolations frame.state', accepts: never, call: (v) => locomotionViolations(withField('state', v) as LocomotionFrame) },
  { name: 'locomotionViolations', field: 'locomotionViolations frame.clip', accepts: never, call: (v) => locomotionViolations(withField('clip', v) as LocomotionFrame) },
  { name: 'stationaryMessage', field: 'stationaryMessage id', accepts: (v) => typeof v === 'string', call: (v) => stationaryMessage(v as string, 'run', 1, 0) },
  { name: 'stationaryMessage', field: 'stationaryMessage clip', accepts: never, call: (v) => stationaryMessage('a', v as 'run', 1, 0) },
  { name: 'stationaryMessage', field: 'stationaryMessage seconds', accepts: atLeast0, call: (v) => stationaryMessage('a', 'run', v as number, 0) },
  { name: 'stationaryMessage', field: 'stationaryMessage speed', accepts: atLeast0, call: (v) => stationaryMessage('a', 'run', 1, v as number) },
  { name: 'Trail', field: 'Trail delay', accepts: (v) => v === undefined || atLeast0(v), call: (v) => new Trail(v as number) },
  { name: 'Trail', field: 'Trail capacity', accepts: (v) => v === undefined, call: (v) => new Trail(0.3, v as number) },
  ...(['x', 'z', 'dt'] as const).map((f, i): Arg => ({
    name: 'Trail.record', field: `Trail.record ${f}`, accepts: i < 2 ? finite : atLeast0,
    call: (v) => { const a: unknown[] = [0, 0, 0.1]; a[i] = v; return (new Trail().record as (...x: unknown[]) => void)(...a); },
  })),
  { name: 'Trail.target', field: 'Trail.target out', accepts: (v) => v === undefined || Array.isArray(v), call: (v) => { const t = new Trail(); t.record(1, 2, 0); return t.target(v as number[]); } },
  { name: 'Trail.at', field: 'Trail.at seconds', accepts: atLeast0, call: (v) => { const t = new Trail(); t.record(1, 2, 0); return t.at(v as number); } },
  { name: 'Trail.at', field: 'Trail.at out', accepts: (v) => v === undefined || Array.isArray(v), call: (v) => { const t = new Trail(); t.record(1, 2, 0); return t.at(0.3, v as number[]); } },
  { name: 'Tripwire', field: 'Tripwire id', accepts: (v) => typeof v === 'string', call: (v) => new Tripwire(v as string, () => {}) },
  { name: 'Tripwire', field: 'Tripwire report', accepts: never, call: (v) => new Tripwire('a', v as () => void) },
  { name: 'Tripwire.watch', field: 'Tripwire.watch clip', accepts: never, call: (v) => new Tripwire('a', () => {}).watch(v as 'run', 0, 0.1) },
  { name: 'Tripwire.watch', field: 'Tripwire.watch speed', accepts: atLeast0, call: (v) => new Tripwire('a', () => {}).watch('run', v as number, 0.1) },
  { name: 'Tripwire.watch', field: 'Tripwire.watch dt', accepts: positive, call: (v) => new Tripwire('a', () => {}).watch('run', 0, v as number) },
];

describe('bad input to the companion\'s pure names', () => {
  for (const arg of ARGS) {
    it(`CO-1..CO-9: ${arg.field}: every bad value gets its documented result or a sentence naming it`, () => {
      for (const [label, value, shown] of bad()) {
        if (arg.accepts(value)) {
          const out = arg.call(value);
          if (typeof out === 'number') expect(out, `${arg.field} = ${label}`).not.toBeNaN();
        } else {
          expectSentence(() => arg.call(value), arg.field, shown);
        }
      }
    });
  }

  it('CO-4: Trail capacity past MAX_TRAIL_CAPACITY, fractional or below 2 is refused with a sentence', () => {
    for (const [v, s] of [[1, '1'], [2.5, '2.5'], [1e7, '10000000']] as const) expectSentence(() => new Trail(0.3, v), 'Trail capacity', s);
  });
});

const world = callbackWorld();
const ground = callbackGround(ledge);

/** A companion's state and its row, as a deep copy, to compare before and after a call that throws. */
function stateOf(c: Companion, row: Row): unknown {
  const { state, target, clip, clipTime, commanded, measured, intent, gap, teleported, teleports, jumps, stuck, swing } = c;
  const trail = c.trail.size > 0 ? c.trail.target([0, 0]) : null;
  return structuredClone({ row, state, target, clip, clipTime, commanded, measured, intent, gap, teleported, teleports, jumps, stuck, swing, size: c.trail.size, trail });
}

for (const { name, api } of CORES) {
  describe(`bad input to the Companion (${name})`, () => {
    const make = (): { c: Companion; row: Row; player: Row } => {
      const row: Row = { kind: 'ally', pos: [0, 0, 0] };
      const player: Row = { kind: 'player', as: 'xbot', pos: [0, 0, 3] };
      const c = new api.Companion({ row, world, ground });
      for (let i = 0; i < 30; i++) {
        player.pos = [0, 0, 3 + i * 0.05];
        c.step(1 / 60, player);
      }
      return { c, row, player };
    };

    it(`CO-4: options, options.row and every option field are checked at construction, naming the field (${name})`, () => {
      const row = (): Row => ({ kind: 'ally', pos: [0, 0, 0] });
      for (const [, value, shown] of bad()) expectSentence(() => new api.Companion(value as never), 'options', shown);
      expectSentence(() => new api.Companion({ world, ground } as never), 'options.row', 'undefined');
      for (const [label, value, shown] of bad()) {
        if (label === 'undefined') continue;
        expectSentence(() => new api.Companion({ row: value as Row, world, ground }), label === 'an object' ? 'row.pos' : 'options.row', label === 'an object' ? 'undefined' : shown);
      }
      expectSentence(() => new api.Companion({ row: { kind: 'ally', pos: [0, Number.NaN, 0] }, world, ground }), 'row.pos', '[0, NaN, 0]');
      expectSentence(() => new api.Companion({ row: Object.freeze(row()), world, ground }), 'row', '[object Object]');
      for (const [, value, shown] of bad().filter(([l]) => l !== 'an object')) expectSentence(() => new api.Companion({ row: row(), world: value as World, ground }), 'options.world', shown);
      expect(() => new api.Companion({ row: row(), world, ground: null as never })).toThrow(/^walker: ground is null, not a ground/);
      for (const field of ['tripwire', 'onHit'] as const) {
        for (const [label, value, shown] of bad()) {
          if (label === 'undefined') continue;
          expectSentence(() => new api.Companion({ row: row(), world, ground, [field]: value }), `options.${field}`, shown);
        }
      }
      for (const [label, value, shown] of bad()) {
        if (label === 'undefined' || label === 'a string') continue;
        expectSentence(() => new api.Companion({ row: row(), world, ground, id: value as string }), 'options.id', shown);
      }
      for (const [label, value, shown] of bad()) {
        if (label === 'undefined') continue;
        expectSentence(() => new api.Companion({ row: row(), world, ground, trailCapacity: value as number }), 'Trail capacity', shown);
      }
      const core = { walk: api.walk, seek: api.seek, stand: api.stand, numbers: api.numbers, route: api.route };
      expectSentence(() => new Companion({ ...core, walk: 5 } as unknown as WalkerCore, { row: row(), world, ground }), 'core.walk', '5');
      expectSentence(() => new Companion({ ...core, route: undefined } as unknown as WalkerCore, { row: row(), world, ground }), 'core.route', 'undefined');
    });

    it(`CO-4, R-3: Companion.step refuses a bad dt, player, player.pos or enemy naming it, and leaves companion and row as they were (${name})`, () => {
      const { c, row, player } = make();
      const before = stateOf(c, row);
      for (const [label, value, shown] of bad()) {
        if (!(typeof value === 'number' && value > 0 && Number.isFinite(value))) expectSentence(() => c.step(value as number, player), 'Companion.step dt', shown);
        expectSentence(() => c.step(1 / 60, value as Row), 'Companion.step player', shown);
        if (label !== 'an array holding NaN') expectSentence(() => c.step(1 / 60, { ...player, pos: value as number[] }), 'Companion.step player.pos', shown);
        if (label !== 'undefined') expectSentence(() => c.step(1 / 60, player, value as Row[]), 'Companion.step enemies', shown);
        expectSentence(() => c.step(1 / 60, player, [{ kind: 'grunt', pos: [0, 0, 1] }, value as Row]), 'Companion.step enemies[1]', shown);
        expect(stateOf(c, row), `after ${label}`).toEqual(before);
      }
      // A NaN anywhere in the player's position is refused at once, naming that element.
      for (let i = 0; i < 3; i++) {
        const pos = [0, 0, 3];
        pos[i] = Number.NaN;
        expectSentence(() => c.step(1 / 60, { ...player, pos }), `Companion.step player.pos[${i}]`, 'NaN');
      }
      expectSentence(() => c.step(1 / 60, { ...player, pos: [1, , 3] as number[] }), 'Companion.step player.pos[1]', 'undefined');
      expectSentence(() => c.step(1 / 60, player, [{ kind: 'grunt', pos: [0, 0, 1], hp: Number.NaN }]), 'Companion.step enemies[0].hp', 'NaN');
      expect(stateOf(c, row)).toEqual(before);
      // The row itself going bad between frames is refused before anything is written.
      row.vel = [Number.NaN, 0, 0];
      const spoilt = stateOf(c, row);
      expectSentence(() => c.step(1 / 60, player), 'row.vel', '[NaN, 0, 0]');
      expect(stateOf(c, row)).toEqual(spoilt);
    });

    it(`CO-8: a companion field set to what a frame cannot use is refused naming that field — companion.clip = 'dance' is 'Companion clip' (${name})`, () => {
      const { c, row, player } = make();
      const before = stateOf(c, row);
      const fields: Array<[string, unknown, string]> = [['clip', 'dance', '"dance"'], ['state', 'SLEEP', '"SLEEP"'], ['clipTime', -1, '-1'], ['swing', Number.NaN, 'NaN']];
      for (const [field, value, shown] of fields) {
        const good = (c as unknown as Record<string, unknown>)[field];
        (c as unknown as Record<string, unknown>)[field] = value;
        expectSentence(() => c.step(1 / 60, player), `Companion ${field}`, shown);
        (c as unknown as Record<string, unknown>)[field] = good;
        expect(stateOf(c, row), `after ${field}`).toEqual(before);
      }
    });

    it(`CO-4, R-3: a step whose walk throws midway leaves the companion, its trail and its row exactly as they were (${name})`, () => {
      const { c, row, player } = make();
      const core: WalkerCore = {
        walk: () => { throw new Error('walker: the ground broke.'); },
        seek: api.seek, stand: api.stand, numbers: api.numbers, route: api.route,
      };
      const broken = new Companion(core, { row, world, ground });
      Object.assign(broken, { state: c.state, clip: c.clip });
      const trail = broken.trail;
      trail.record(0, 3, 0);
      const before = stateOf(broken, row);
      player.pos = [0, 0, 9];
      expect(() => broken.step(1 / 60, player)).toThrow('walker: the ground broke.');
      expect(stateOf(broken, row)).toEqual(before);
      expect(Object.keys(row).sort()).toEqual(Object.keys((before as { row: Row }).row).sort());
    });

    it(`CO-4: a player at ±1e300 is either followed or refused with a sentence, never NaN in the row (${name})`, () => {
      const { c, row, player } = make();
      const before = stateOf(c, row);
      let error: unknown;
      try {
        c.step(1 / 60, { ...player, pos: [1e300, 0, -1e300] });
      } catch (e) {
        error = e;
      }
      if (error !== undefined) {
        expect((error as Error).constructor).toBe(Error);
        expect((error as Error).message).toMatch(/^walker: [^\n]+\.$/);
        expect(stateOf(c, row)).toEqual(before);
      }
      for (const v of [...row.pos, ...(row.vel ?? []), ...(row.want ?? [])]) expect(Number.isFinite(v)).toBe(true);
    });
  });
}
