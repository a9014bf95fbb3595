/**
 * Kind presets: a kind's numbers (SPEC section 1), ready to spread into a kinds table and tune —
 * `kinds: { hero: { ...XBOT, seekSpeed: 5 } }` — so a first world needs no table written out. They pass `check` (K-2).
 */

/**
 * A human-sized body (0.4 m radius, 1.8 m tall) as the walker design document tunes it: 0.6 m steps, slopes up to
 * 0.7 rise per metre, wades 0.5 m of water, seeks at 3 m/s. The sample world, the demo and the benchmarks use it.
 */
export const XBOT = Object.freeze({
  radius: 0.4, height: 1.8, accel: 12, airAccel: 2, turnRate: 10, turnMax: 12,
  gravity: 20, jumpH: 0.9, step: 0.6, maxSlope: 0.7, slopeBand: 0.1,
  wade: 0.5, span: 0.5, probe: 2, slide: 4, seekSpeed: 3,
});
