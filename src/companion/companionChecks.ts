/**
 * What a Companion is built from and stepped with, and their checks: its walker calls, its options, its
 * row — readable as a body and writable in every field a frame writes — and each frame's dt, player and enemies.
 * Each refuses with one sentence naming the argument, before anything is written.
 */
import type { Ground, Row, World } from '../types.ts';
import { newBody } from '../body.ts';
import { readBody } from '../rows.ts';
import { checkGround } from '../reference/lattice.ts';
import type { WalkerCore } from './core.ts';
import { badInput, checkFiniteArg, checkFunctionArg, checkObjectArg, checkPositionArg } from './checks.ts';
import { checkClipArg, type Clip } from './clips.ts';
import { COMPANION_STATES as STATES, type CompanionState } from './combat.ts';
import { checkKnownKeys } from '../known.ts';

/** What a Companion is built from. */
export interface CompanionOptions {
  /** The companion's walker row, owned by the caller; the companion writes it each frame. */
  row: Row;
  /** The world whose `walker.kinds` names the row's kind. */
  world: World;
  /** The ground the row walks on (e.g. `groundOf(world)`). */
  ground: Ground;
  /** The companion's name in tripwire messages; default `'companion'`. */
  id?: string;
  /** Turns the CO-9 tripwire on: each failure sentence is handed to this function. Absent: no tripwire. */
  tripwire?: (message: string) => void;
  /** Called when a swing lands on an enemy (CO-10); the caller applies the damage (e.g. lowers `enemy.hp`). */
  onHit?: (enemy: Row) => void;
  /** Samples the trail keeps (CO-3); default 128, enough for TRAIL_DELAY at frame rates up to ~420 Hz. */
  trailCapacity?: number;
}

/** The keys a Companion's options may hold (BI-5): a misspelt `trailCapacity` or `onHit` is refused, not ignored. */
const COMPANION_OPTIONS: readonly (keyof CompanionOptions)[] = ['row', 'world', 'ground', 'id', 'tripwire', 'onHit', 'trailCapacity'];

/** Throws, naming the option, unless `core` has the walker calls and `options` are what a Companion is built from. */
export function checkOptions(core: WalkerCore, options: CompanionOptions): CompanionOptions {
  checkCore(core);
  const o = checkObjectArg('Companion', 'options', options);
  checkKnownKeys('Companion options', o, COMPANION_OPTIONS);
  if (o.row === undefined) throw badInput('Companion', 'options.row', o.row, "the companion's walker row (an object with pos)");
  const row = checkObjectArg('Companion', 'options.row', o.row) as Row;
  checkCompanionRow(row);
  checkObjectArg('Companion', 'options.world', o.world);
  core.numbers(row, o.world as World);
  checkGround(o.ground as Ground);
  if (o.id !== undefined && typeof o.id !== 'string') throw badInput('Companion', 'options.id', o.id, 'a string or nothing');
  checkFunctionArg('Companion', 'options.tripwire', o.tripwire, true);
  checkFunctionArg('Companion', 'options.onHit', o.onHit, true);
  return options;
}

/** A body to check rows into (readBody), reused every frame. */
const scratch = newBody();

/** The fields of a row the companion (and the walk and seek it calls) may write in a frame. */
const WRITTEN = ['pos', 'vel', 'want', 'yaw', 'jump', 'air', 'steep', 'floor', 'speed', 'side', 'turned', 'unreachable'] as const;

/** Throws unless `row` reads as a body and every field the companion writes can be written on it (R-3: a call that throws writes nothing). */
export function checkCompanionRow(row: Row): void {
  readBody(row, scratch);
  if (!Object.isExtensible(row)) throw badInput('Companion', 'row', row, 'a row that can be written (not frozen, sealed or non-extensible)');
  for (const field of WRITTEN) {
    const d = Object.getOwnPropertyDescriptor(row, field);
    if (d !== undefined && d.set === undefined && d.writable !== true) throw badInput('Companion', `row.${field}`, row[field], 'a writable field');
  }
}

/** Throws unless `core` has the five walker calls (WalkerCore). */
export function checkCore(core: unknown): WalkerCore {
  const c = checkObjectArg('Companion', 'core', core);
  for (const name of ['walk', 'seek', 'stand', 'numbers', 'route'] as const) checkFunctionArg('Companion', `core.${name}`, c[name]);
  return core as WalkerCore;
}

/** The companion's own fields a caller may set between frames, as `step` reads them. */
export interface CompanionFields {
  state: CompanionState;
  clip: Clip;
  clipTime: number;
  swing: number;
}

/**
 * Throws, naming the field as the caller wrote it (`Companion clip`), unless the companion's own state, clip, clip
 * time and swing are ones a frame can use: a `companion.clip = 'dance'` is refused as the clip it is, not by the
 * selector it would reach.
 */
export function checkCompanionFields(c: CompanionFields): void {
  if (!STATES.includes(c.state)) throw badInput('Companion', 'state', c.state, `one of ${STATES.join(', ')}`);
  checkClipArg('Companion', 'clip', c.clip);
  checkFiniteArg('Companion', 'clipTime', c.clipTime, 0);
  checkFiniteArg('Companion', 'swing', c.swing, 0);
}

/** Throws, naming the argument, unless dt, the player and the enemies are ones a frame can use; nothing is written. */
export function checkStep(dt: unknown, player: unknown, enemies: unknown): void {
  if (typeof dt !== 'number' || !Number.isFinite(dt) || !(dt > 0)) throw badInput('Companion.step', 'dt', dt, 'a finite number > 0');
  const p = checkObjectArg('Companion.step', 'player', player);
  checkPositionArg('Companion.step', 'player.pos', p.pos);
  if (!Array.isArray(enemies)) throw badInput('Companion.step', 'enemies', enemies, 'an array of rows');
  for (let i = 0; i < enemies.length; i++) {
    const e = checkObjectArg('Companion.step', `enemies[${i}]`, i in enemies ? enemies[i] : undefined);
    checkPositionArg('Companion.step', `enemies[${i}].pos`, e.pos);
    if (e.hp !== undefined && (typeof e.hp !== 'number' || Number.isNaN(e.hp))) throw badInput('Companion.step', `enemies[${i}].hp`, e.hp, 'a number or nothing');
  }
}
