/**
 * The per-row calls on the wasm core (WX-1): each reads and checks the row as the reference does (src/rows.ts,
 * before anything is written), crosses into wasm once through the scratch, and writes the row — the same checks,
 * errors and numbers (WX-3). A ground the wasm entry did not upload (JS callbacks) runs on the reference (WX-4).
 */
import { newBody } from '../body.ts';
import { checkNumbers, numbers } from '../kinds.ts';
import { checkDelta, checkDt, checkFinite, checkInWorld, checkNumber, checkPoint, checkSeekOptions, checkWalkMove, readBody, writeCarried, writePos, writeSought, writeWalked } from '../rows.ts';
import { blockingBodies } from '../reference/bodies.ts';
import { carry as carryOnReference } from '../reference/carry.ts';
import { SEEK_ARRIVED, SEEK_UNREACHABLE } from '../reference/seek.ts';
import { fieldKey, seek as seekOnReference, type FieldKey } from '../reference/seekCalls.ts';
import { slide as slideOnReference } from '../reference/slide.ts';
import { stand as standOnReference } from '../reference/stand.ts';
import { walk as walkOnReference } from '../reference/walk.ts';
import type { Ground, Numbers, Row, SeekOptions, World } from '../types.ts';
import type { CoreExports } from './exports.ts';
import type { GroundEntry, WasmGrounds } from './grounds.ts';
import type { Scratch } from './scratch.ts';

export interface PerRowCalls {
  walk(me: Row, w: World, dt: number, ground: Ground): void;
  slide(me: Row, w: World, delta: readonly number[], ground: Ground): [number, number];
  carry(me: Row, w: World, delta: readonly number[], ground: Ground): [number, number];
  seek(me: Row, w: World, target: readonly number[], stop: number, ground: Ground, options?: SeekOptions): boolean;
  stand(n: Numbers, ground: Ground, x: number, z: number): number;
}

/** The per-row calls on one core, through its scratch. */
export function perRowCalls(core: CoreExports, grounds: WasmGrounds, scratch: Scratch): PerRowCalls {
  const body = newBody();
  /** The keys of this core's per-row fields (RT-7), each keeping its ground's upload alive. */
  const fieldKeys: FieldKey[] = [];

  /** Writes the row read into `body`, its kind's numbers and its blocking bodies; returns how many bodies. */
  function enter(n: Numbers, w: World, me: Row, ground: Ground, entry: GroundEntry): number {
    return scratch.enter(n, body, blockingBodies(n, w, me, ground), entry.solids);
  }

  function walk(me: Row, w: World, dt: number, ground: Ground): void {
    const entry = grounds.entry(ground);
    if (entry === undefined) return walkOnReference(me, w, dt, ground);
    const n = numbers(me, w);
    checkDt(dt);
    readBody(me, body);
    checkWalkMove(n, body, dt);
    scratch.leave(core.walk(entry.ptr, enter(n, w, me, ground, entry), dt), body);
    checkFinite(body, 'walk');
    writeWalked(me, body);
  }

  function slide(me: Row, w: World, delta: readonly number[], ground: Ground): [number, number] {
    const entry = grounds.entry(ground);
    if (entry === undefined) return slideOnReference(me, w, delta, ground);
    const n = numbers(me, w);
    const d = checkDelta(delta);
    readBody(me, body);
    scratch.leave(core.slide(entry.ptr, enter(n, w, me, ground, entry), d[0], d[1]), body);
    checkFinite(body, 'slide');
    writePos(me, body);
    return [scratch.result(0), scratch.result(1)];
  }

  function carry(me: Row, w: World, delta: readonly number[], ground: Ground): [number, number] {
    const entry = grounds.entry(ground);
    if (entry === undefined) return carryOnReference(me, w, delta, ground);
    const n = numbers(me, w);
    const d = checkDelta(delta);
    readBody(me, body);
    scratch.leave(core.carry(entry.ptr, enter(n, w, me, ground, entry), d[0], d[1]), body);
    checkFinite(body, 'carry');
    writeCarried(me, body);
    return [scratch.result(0), scratch.result(1)];
  }

  function seek(me: Row, w: World, target: readonly number[], stop: number, ground: Ground, options?: SeekOptions): boolean {
    const entry = grounds.entry(ground);
    if (entry === undefined) return seekOnReference(me, w, target, stop, ground, options);
    const n = numbers(me, w);
    const t = checkPoint('target', target);
    checkNumber('stop', stop, 0);
    const route = checkSeekOptions(options);
    readBody(me, body);
    const bodies = enter(n, w, me, ground, entry);
    const status = route
      ? core.seekRoute(entry.ptr, bodies, fieldKey(fieldKeys, entry, [entry.ptr], n), t[0], t[1], stop)
      : core.seek(entry.ptr, bodies, t[0], t[1], stop);
    scratch.leave(status, body);
    checkFinite(body, 'seek');
    const answer = scratch.result(0);
    writeSought(me, body, answer === SEEK_UNREACHABLE);
    return answer === SEEK_ARRIVED;
  }

  function stand(n: Numbers, ground: Ground, x: number, z: number): number {
    const entry = grounds.entry(ground);
    if (entry === undefined) return standOnReference(n, ground, x, z);
    checkNumbers(n);
    checkNumber('x', x);
    checkNumber('z', z);
    checkInWorld('stand point', x, z);
    scratch.writeNumbers(n);
    core.stand(entry.ptr, x, z);
    return scratch.result(0);
  }

  return { walk, slide, carry, seek, stand };
}
