/**
 * Bodies at rest (AS only; HD-2). A herd body's step is a function of the body's fields, its target, its kind, the dt,
 * the ground and — where bodies block it or it routes — of the other bodies and the flow fields. For a body that does
 * not route, a step that changed nothing (a fixed point: it ends exactly as it began) would change nothing again while
 * all of those stay the same. So the herd keeps such a body's state as a Rest and, while the herd's rest epoch (bumped
 * when the dt changes) is the one it was kept in, no change of the solids reached it (assembly/herd.ts forgetMemosIn:
 * any change drops the rest of a body resting short of its target, whose seek reads the solids along its way and round
 * a whole cluster, however far; a change within reach of its slide drops an arrived or idle one's), and the body's
 * fields are still bit for bit those kept, does not step it; a rest among bodies that block is dropped where a body
 * changes near it (assembly/herd.ts wakeRestsNear). Why: idle bodies, bodies waiting at their targets and bodies
 * resting short of one they cannot reach (SE-7) are most of a game's crowd, and each cost a full step — a resting
 * unreachable body several times a walking one, its seek working out the way round again every step.
 */
import { Body } from './memory';

/**
 * What a body at rest was kept as: the fields a rest leaves free, bit for bit (a rest's velocity, want and speed are
 * 0 and it is not jumping nor in the air: atRest), its kind, its flags and the signs of those zeros, and the epoch it
 * was kept in (0: none).
 */
@unmanaged export class Rest {
  x: f64;
  y: f64;
  z: f64;
  face: f64;
  yaw: f64;
  floor: f64;
  side: f64;
  turned: f64;
  targetX: f64;
  targetZ: f64;
  stop: f64;
  epoch: u32;
  kind: u16;
  /** hasFace, steep, seeking, arrived, unreachable: bits 0 to 4; the signs of vx, vy, vz, wantX, wantZ, speed: bits 5 to 10. */
  flags: u16;
}

/** A Rest's flags for a body seeking and for one arrived (restFlags). */
export const REST_SEEKING: u16 = 4;
export const REST_ARRIVED: u16 = 8;

/** Numbers of a Rest (a herd keeps one per body). */
export const REST_NUMBERS: i32 = <i32>(offsetof<Rest>() >> 3);

/** Whether a and b are the same bits. */
@inline export function same(a: f64, b: f64): bool {
  return reinterpret<u64>(a) == reinterpret<u64>(b);
}

/** f's sign bit (1 for −0), at bit `at`. */
@inline function signAt(f: f64, at: i32): i32 {
  return <i32>(reinterpret<u64>(f) >>> 63) << at;
}

/** Whether `b` has the parts of a rest that a Rest keeps only the signs of: no velocity, want or speed; not jumping nor in the air. */
@inline export function atRest(b: Body): bool {
  return b.vx == 0.0 && b.vy == 0.0 && b.vz == 0.0 && b.wantX == 0.0 && b.wantZ == 0.0 && b.speed == 0.0 && !b.jump && !b.air;
}

/** The flags a Rest keeps, packed, with the signs of the zeros of a body at rest (a step may answer differently for −0). */
@inline export function restFlags(b: Body, seeking: bool, arrived: bool, unreachable: bool): u16 {
  return <u16>((b.hasFace ? 1 : 0) | (b.steep ? 2 : 0) | (seeking ? REST_SEEKING : 0) | (arrived ? REST_ARRIVED : 0) | (unreachable ? 16 : 0)
    | signAt(b.vx, 5) | signAt(b.vy, 6) | signAt(b.vz, 7) | signAt(b.wantX, 8) | signAt(b.wantZ, 9) | signAt(b.speed, 10));
}

/** Whether body `b` (at rest: atRest), with its target, kind and flags, is bit for bit the one `r` keeps. */
@inline export function keptAsIs(r: Rest, b: Body, tx: f64, tz: f64, stop: f64, kind: i32, flags: u16): bool {
  return same(r.x, b.x) && same(r.z, b.z) && same(r.y, b.y) && same(r.face, b.face) && same(r.yaw, b.yaw) && same(r.floor, b.floor)
    && same(r.side, b.side) && same(r.turned, b.turned) && same(r.targetX, tx) && same(r.targetZ, tz) && same(r.stop, stop)
    && <i32>r.kind == kind && r.flags == flags;
}

/** Keeps body `b` at rest in `r` for `epoch`. */
@inline export function keepRest(r: Rest, b: Body, tx: f64, tz: f64, stop: f64, kind: i32, flags: u16, epoch: u32): void {
  r.x = b.x;
  r.y = b.y;
  r.z = b.z;
  r.face = b.face;
  r.yaw = b.yaw;
  r.floor = b.floor;
  r.side = b.side;
  r.turned = b.turned;
  r.targetX = tx;
  r.targetZ = tz;
  r.stop = stop;
  r.kind = <u16>kind;
  r.flags = flags;
  r.epoch = epoch;
}
