/**
 * Bodies through a gate (a street crossing, a gap): when each first stood in its gate's half-plane, and from that
 * how many were through by a time and how many went through per second.
 */
import type { Gate } from './scene.ts';

export class Through {
  /** When body i first stood past its gate, seconds; NaN while it has not. */
  readonly at: Float64Array;
  /** Whether body i stood within its gate's opening when it first stood past the gate (Gate.opening). */
  readonly byOpening: Uint8Array;

  constructor(private readonly gates: readonly Gate[]) {
    this.at = new Float64Array(gates.length).fill(NaN);
    this.byOpening = new Uint8Array(gates.length);
  }

  /** Notes the bodies past their gates at time t. */
  frame(t: number, xs: ArrayLike<number>, zs: ArrayLike<number>): void {
    for (let i = 0; i < this.gates.length; i++) {
      const g = this.gates[i];
      if (!Number.isNaN(this.at[i]) || !(g.nx * xs[i] + g.nz * zs[i] > g.c)) continue;
      this.at[i] = t;
      const o = g.opening;
      if (o !== undefined && Math.abs(o.ax * xs[i] + o.az * zs[i]) <= o.half) this.byOpening[i] = 1;
    }
  }

  /** How many were through by time t. */
  by(t: number): number {
    let k = 0;
    for (const a of this.at) if (a <= t) k++;
    return k;
  }

  /** How many were through their gates' openings by time t. */
  openingBy(t: number): number {
    let k = 0;
    for (let i = 0; i < this.at.length; i++) if (this.at[i] <= t && this.byOpening[i] === 1) k++;
    return k;
  }

  /** Whether any gate has an opening. */
  get hasOpening(): boolean {
    return this.gates.some((g) => g.opening !== undefined);
  }

  /** Bodies through per second: how many went through over the seconds from the first to the last; 0 below two. */
  get perSecond(): number {
    const times = [...this.at].filter((a) => !Number.isNaN(a));
    if (times.length < 2) return 0;
    const span = Math.max(...times) - Math.min(...times);
    return span > 0 ? times.length / span : 0;
  }
}
