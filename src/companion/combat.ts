/**
 * The combat states (CO-10): FOLLOW engages the nearest standing enemy in AGGRO_RANGE while leashed, ENGAGE seeks it
 * into ATTACK_REACH, ATTACK swings a rooted `atk1` for ATTACK_TIME and lands the hit when the swing completes, and
 * REGROUP seeks back to the player once a fight ends or the leash breaks. The companion's state machine takes these
 * transitions at the start of a frame (`decide`) and its swing's frame (`strike`).
 */
import type { Ground, Row, World } from '../types.ts';
import type { WalkerCore } from './core.ts';
import { AGGRO_RANGE, ATTACK_REACH, ATTACK_TIME, FOLLOW_DISTANCE, FOLLOW_SLOW_RADIUS, LEASH_DISTANCE } from './constants.ts';
import { planarDistance } from './planar.ts';

/** The companion's FSM states; FOLLOW is the trail-follow of CO-4, the others are CO-10's. */
export type CompanionState = 'FOLLOW' | 'ENGAGE' | 'ATTACK' | 'REGROUP';

/** Every state, for the checks that refuse any other. */
export const COMPANION_STATES: readonly CompanionState[] = ['FOLLOW', 'ENGAGE', 'ATTACK', 'REGROUP'];

/** What the combat states read and write of the companion: its state, the enemy it fights, and its swing's time. */
export interface Fight {
  state: CompanionState;
  target: Row | null;
  swing: number;
}

/** An enemy row counts until its `hp` is a number ≤ 0. */
export function isStanding(enemy: Row): boolean {
  const hp = enemy.hp;
  return typeof hp !== 'number' || hp > 0;
}

/** The FSM transitions of CO-10, taken at the start of a frame by a companion at `pos`, `gap` metres from the player. */
export function decide(f: Fight, pos: readonly number[], gap: number, enemies: readonly Row[]): void {
  const leashed = gap <= LEASH_DISTANCE;
  switch (f.state) {
    case 'FOLLOW':
      if (leashed) engage(f, nearestEnemy(pos, enemies));
      break;
    case 'ENGAGE':
      if (!leashed || f.target === null || !isStanding(f.target)) engageNextOrRegroup(f, pos, leashed, enemies);
      else if (planarDistance(pos, f.target.pos) <= ATTACK_REACH) attack(f);
      break;
    case 'ATTACK':
      if (f.swing < ATTACK_TIME) break;
      if (!leashed || f.target === null || !isStanding(f.target)) engageNextOrRegroup(f, pos, leashed, enemies);
      else if (planarDistance(pos, f.target.pos) <= ATTACK_REACH) attack(f);
      else f.state = 'ENGAGE';
      break;
    case 'REGROUP':
      if (gap <= FOLLOW_DISTANCE + FOLLOW_SLOW_RADIUS) f.state = 'FOLLOW';
      break;
  }
}

/** The standing enemy nearest `pos` within AGGRO_RANGE, or null (CO-10). */
export function nearestEnemy(pos: readonly number[], enemies: readonly Row[]): Row | null {
  let best: Row | null = null;
  let bestDistance = AGGRO_RANGE;
  for (const enemy of enemies) {
    if (!isStanding(enemy)) continue;
    const d = planarDistance(pos, enemy.pos);
    if (d <= bestDistance) {
      best = enemy;
      bestDistance = d;
    }
  }
  return best;
}

/** Goes into ENGAGE against `enemy` when there is one. */
function engage(f: Fight, enemy: Row | null): void {
  if (enemy === null) return;
  f.state = 'ENGAGE';
  f.target = enemy;
}

/** After a fight ends: the next enemy in range while leashed, else REGROUP to the player. */
function engageNextOrRegroup(f: Fight, pos: readonly number[], leashed: boolean, enemies: readonly Row[]): void {
  const next = leashed ? nearestEnemy(pos, enemies) : null;
  if (next !== null) {
    engage(f, next);
    return;
  }
  f.state = 'REGROUP';
  f.target = null;
}

/** Starts a rooted `atk1` swing at the target. */
function attack(f: Fight): void {
  f.state = 'ATTACK';
  f.swing = 0;
}

/** One frame of the rooted swing (CO-10): no horizontal motion; the hit lands when the swing completes. */
export function strike(f: Fight, core: WalkerCore, row: Row, world: World, ground: Ground, dt: number, onHit: ((enemy: Row) => void) | undefined): void {
  row.vel = [0, row.vel?.[1] ?? 0, 0];
  row.want = [0, 0];
  core.walk(row, world, dt, ground);
  // `decide` ends or restarts a finished swing before this runs, so the swing completes here exactly once.
  f.swing += dt;
  const target = f.target;
  if (f.swing >= ATTACK_TIME && target !== null && isStanding(target) && planarDistance(row.pos, target.pos) <= ATTACK_REACH) {
    onHit?.(target);
  }
}
