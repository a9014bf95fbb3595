/**
 * The test hook the demo puts on `window.__walkerDemo`: what the browser test (test/browser/demo.ts) reads to assert
 * without scraping pixels.
 */

/** Live figures of the running demo. */
export interface DemoHook {
  /** True once a frame has stepped and drawn everything. */
  ready: boolean;
  /** Which walker core the page runs on: 'wasm' (src/index.ts) or 'reference'. */
  core: string;
  /** Frames drawn. */
  frames: number;
  /** Herd steps taken (one per frame). */
  herdSteps: number;
  /** Bodies in the crowd. */
  bodies: number;
  /** Milliseconds per herd step, smoothed. */
  stepMs: number;
  /** The companion's FSM state (CO-10). */
  companionState: string;
  /** The clip the companion plays (CO-6). */
  companionClip: string;
  /** The largest companion–player gap seen while the companion has been in FOLLOW for over a second (CO-8). */
  followGapMax: number;
  /** Errors the page caught: thrown in a frame, unhandled, or tripwire failures (CO-9). */
  errors: string[];
  /** The crowd's mean planar displacement from where it started, in metres. */
  crowdMoved(): number;
  /** The companion's planar distance to the player now, in metres. */
  companionGap(): number;
  /** The player's feet [x, y, z]. */
  playerPosition(): number[];
  /** Jumps the player has taken (Space). */
  playerJumps(): number;
  /** Swings the player has started (F); the row's state is 'ATTACKING' during each. */
  playerSwings(): number;
  /** Restarts `followGapMax`. */
  resetFollowGapMax(): void;
  /** While true the demo neither steps nor draws (so a measurement has the machine to itself). */
  paused: boolean;
  /** Whether the page is cross-origin isolated (shared memory, so herds step on worker threads: HD-5). */
  isolated: boolean;
  /** The herd's µs per body-step on demo/measure.ts's scene on `threads` threads, and the threads it ran on. */
  measureHerd(threads: number): Promise<{ micros: number; threads: number }>;
}

declare global {
  interface Window {
    __walkerDemo: DemoHook;
  }
}
