/**
 * The per-row calls' scratch in the core's memory (as yoga passes struct results through one static buffer): a
 * kind's numbers, the body, its blocking circles in; the body and the call's results out. A call is
 * enter → one wasm call → leave, and the wasm call's return value is its status, so nothing else crosses.
 */
import { readBodyFrom, writeBodyTo, type Body } from '../body.ts';
import { moveTooLongError } from '../rows.ts';
import type { BodyCircle, Numbers } from '../types.ts';
import type { CoreExports } from './exports.ts';
import { layoutOf, type Layout } from './layout.ts';
import type { Views } from './views.ts';

export class Scratch {
  private readonly core: CoreExports;
  private readonly views: Views;
  private readonly layout: Layout;
  private readonly bodyAt: number;
  private readonly numbersAt: number;
  private readonly resultAt: number;
  private readonly circlesAt: number;
  private readonly motionsAt: number;
  /** The numbers written last, when they are a frozen (checked) kind: writing them again is skipped. */
  private numbersWritten: Numbers | null = null;
  /** How many circles one query may gather (the ground's solids and the call's bodies) without the core growing its list. */
  private nearCapacity = 0;

  constructor(core: CoreExports, views: Views) {
    this.core = core;
    this.views = views;
    this.layout = layoutOf(core);
    this.bodyAt = core.callBodyAddress();
    this.numbersAt = core.callNumbersAddress();
    this.resultAt = core.callResultAddress();
    this.circlesAt = core.callBodiesAddress();
    this.motionsAt = core.callMotionsAddress();
  }

  /** Writes a kind's numbers (skipped when they are the frozen numbers written last). */
  writeNumbers(n: Numbers): void {
    if (n === this.numbersWritten) return;
    const f64 = this.views.fresh().f64;
    // A caller's own numbers object (stand's) may lack the avoidance knobs, which stand does not read: 0, never NaN.
    for (const [field, offset] of this.layout.numbers) f64[(this.numbersAt + offset) / 8] = n[field] ?? 0;
    this.numbersWritten = Object.isFrozen(n) ? n : null;
  }

  /**
   * Writes the numbers, the body and its blocking circles with their motion for a call on a ground of `solids` circles;
   * returns how many circles.
   */
  enter(n: Numbers, body: Body, circles: readonly BodyCircle[], solids: number): number {
    this.reserve(circles.length, solids);
    this.writeCircles(circles);
    this.writeNumbers(n);
    const { f64, u8 } = this.views.fresh();
    writeBodyTo(body, f64, this.bodyAt / 8, u8, this.bodyAt + this.layout.bodyFlagsAt);
    return circles.length;
  }

  /** After the call: throws as the reference does when the call refused its move, else reads the body back. */
  leave(status: number, body: Body): void {
    if (status === this.layout.moveRefused) throw moveTooLongError(this.result(0), this.result(1));
    const { f64, u8 } = this.views.fresh();
    readBodyFrom(body, f64, this.bodyAt / 8, u8, this.bodyAt + this.layout.bodyFlagsAt);
  }

  /** Result k of the last call: a move made [0, 1], a stand height [0], seek's arrival [0]. */
  result(k: number): number {
    return this.views.fresh().f64[this.resultAt / 8 + k];
  }

  /** Makes the core's lists long enough, crossing only when they must grow. */
  private reserve(count: number, solids: number): void {
    const capacity = this.views.fresh().u32[(this.circlesAt + this.layout.circles.capacity) / 4];
    if (count > capacity) this.core.reserveCallBodies(count);
    if (solids + count > this.nearCapacity) {
      this.nearCapacity = Math.max(solids + count, this.nearCapacity * 2);
      this.core.reserveNear(this.nearCapacity);
    }
  }

  /** The circles into the core's callBodies, their motion beside them into callMotions (velocity as x, z; share as radius). */
  private writeCircles(circles: readonly BodyCircle[]): void {
    if (circles.length === 0) return;
    const { f64, u32 } = this.views.fresh();
    const { size, x, z, radius } = this.layout.circle;
    const data = u32[(this.circlesAt + this.layout.circles.data) / 4];
    const motions = u32[(this.motionsAt + this.layout.circles.data) / 4];
    circles.forEach((c, k) => {
      const at = data + k * size;
      f64[(at + x) / 8] = c.x;
      f64[(at + z) / 8] = c.z;
      f64[(at + radius) / 8] = c.radius;
      const m = motions + k * size;
      f64[(m + x) / 8] = c.vx;
      f64[(m + z) / 8] = c.vz;
      f64[(m + radius) / 8] = c.share;
    });
  }
}
