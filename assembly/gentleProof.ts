/**
 * A herd body's proof of gentle ground (AS only): lattice cells whose bounds (assembly/ground.ts boundCells) are so
 * gentle for the body's kind that both of a step's slope proofs — the stand height's (assembly/stand.ts gentleSlope,
 * for a body not sliding) and the way's (assembly/slide.ts gentleWay) — hold on any cells within them. A proof
 * depends on nothing but the terrain under its cells and the kind's numbers, so it holds wherever the body goes;
 * a body walking a metre or two of gentle ground keeps answering both from it instead of bounding its cells again.
 * A herd loads a body's proof before its step and keeps it after, and drops it when the body's kind changes.
 * In its place a body may keep the opposite: the cells its last step found too steep for their bounds to prove the
 * stand height's slope gentle (keepUnproved), so while it stands over those very cells it measures its slope at once.
 */
import { Numbers } from './memory';
import { boundAlongX, boundAlongZ, boundDry, boundMost } from './ground';
import { underI0, underI1, underJ0, underJ1 } from './lattice';

/** No proof (a herd's records start zero-filled). */
export const NO_CELLS: i32 = 0;

/**
 * The body's proof: its cells on x and on z (packCells), NO_CELLS for none; on a ground with water, they are dry
 * (every corner at or above the water). Globals: each thread's instance has its own. `keepGentle` is set while a
 * herd steps its bodies.
 */
export let gentleCellsX: i32 = NO_CELLS;
export let gentleCellsZ: i32 = NO_CELLS;
export let keepGentle = false;

/** The low bits of a packed axis: the count of cells less one (at most 4 cells), and the UNPROVED mark. */
const COUNT_MASK: i32 = 3;
/** On the x axis of a body's cells: they are not a proof but cells found too steep to prove (keepUnproved). */
const UNPROVED: i32 = 4;
const LOW_BITS: i32 = 3;

/**
 * Lattice cells i0 … i1 on one axis (corners, i1 > i0) packed in an i32: i0 three bits up, `mark` (0 or UNPROVED) and
 * the count of cells less one below, the top bit flipped so no cells pack to NO_CELLS; NO_CELLS where they do not
 * fit (|i0| ≥ 2²⁸, over 4 cells).
 */
@inline function packCells(i0: f64, i1: f64, mark: i32): i32 {
  const count = i1 - i0;
  if (!(Math.abs(i0) < 268435456.0 && count <= 4.0)) return NO_CELLS;
  return ((<i32>i0 << LOW_BITS) | mark | (<i32>count - 1)) ^ i32.MIN_VALUE;
}

/** The first cell of a packed axis. */
@inline function firstCell(packed: i32): f64 {
  return <f64>((packed ^ i32.MIN_VALUE) >> LOW_BITS);
}

/** The last corner of a packed axis (its first cell plus its count). */
@inline function lastCorner(packed: i32): f64 {
  return firstCell(packed) + <f64>((packed & COUNT_MASK) + 1);
}

/** Whether the body's proof holds on the cells Sampler.cellsUnder last found: they are within its cells. */
export function proofCovers(): bool {
  const x = gentleCellsX;
  const z = gentleCellsZ;
  if (x == NO_CELLS || z == NO_CELLS || (x & UNPROVED) != 0) return false;
  return firstCell(x) <= underI0 && underI1 <= lastCorner(x) && firstCell(z) <= underJ0 && underJ1 <= lastCorner(z);
}

/**
 * Makes the bounds boundCells last found (on the cells cellsUnder last found) the body's proof when they prove both
 * slope proofs for kind n on any cells within them and for any way, and are dry where the ground has water (gentleWay
 * asks it). The conditions are gentleSlope's (threshold maxSlope) and gentleWay's, with the rounding divided by the
 * least either divides it by (`divisor`, assembly/stand.ts proofDivisor); bounds on fewer cells of the same tile are
 * no larger, and every condition grows with them, so they hold there too.
 */
export function keepProof(n: Numbers, divisor: f64, hasDepth: bool): void {
  if (hasDepth && !boundDry) return;
  const ax = boundAlongX;
  const az = boundAlongZ;
  const h = n.span * 0.5;
  const rounding = 1e-9 * (1.0 + boundMost);
  const across = (ax + az) * (1.0 + 1e-6);
  const proved = Math.sqrt(ax * ax + az * az) * (1.0 + 1e-6) + rounding / divisor < n.maxSlope
    && (ax + az) * n.span * (1.0 + 1e-6) + rounding < n.step
    && 2.0 * (across * h + rounding) < n.maxSlope * n.span
    && across * n.span + rounding < n.step;
  if (!proved) return;
  keepCells(packCells(underI0, underI1, 0), packCells(underJ0, underJ1, 0));
}

/** Makes packed cells the body's (its proof, or its unproved cells), when both axes fit. */
@inline function keepCells(x: i32, z: i32): void {
  if (x == NO_CELLS || z == NO_CELLS) return;
  gentleCellsX = x;
  gentleCellsZ = z;
}

/**
 * Keeps the cells Sampler.cellsUnder last found as the body's unproved cells: their bounds, boundCells' for these very
 * cells, did not prove the stand height's slope gentle for its kind (assembly/stand.ts gentleSlope). boundCells may
 * bound the same cells more tightly another time (by a rectangle of its own, not the tile), so they might prove
 * then; the slope the body then measures is the slope the proof would have shown below the threshold, so only the
 * work differs, never the answer.
 */
export function keepUnproved(): void {
  keepCells(packCells(underI0, underI1, UNPROVED), packCells(underJ0, underJ1, 0));
}

/** Whether the cells Sampler.cellsUnder last found are the body's unproved cells (keepUnproved), these very cells. */
export function knownUnproved(): bool {
  const x = gentleCellsX;
  return x != NO_CELLS && x == packCells(underI0, underI1, UNPROVED) && gentleCellsZ == packCells(underJ0, underJ1, 0);
}
