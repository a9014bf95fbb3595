/** Shared set-up for the companion controller tests: a world, grounds, the reference core, a recorded run. */
import { numbers, route, seek, stand, walk } from '../../src/reference.ts';
import type { Circle, Ground, Row, World } from '../../src/types.ts';
import { Companion, isGait, locomotionViolations, type Clip, type CompanionState, type WalkerCore } from '../../src/companion/index.ts';

/** The reference core, as an entry will bind it. */
export const core: WalkerCore = { walk, seek, stand, numbers, route };

export const dt = 1 / 60;

const body = {
  radius: 0.4, height: 1.8, airAccel: 2, turnRate: 10, turnMax: 12, gravity: 20, jumpH: 0.9, step: 0.6,
  maxSlope: 0.7, slopeBand: 0.1, wade: 0.5, span: 0.5, probe: 2, slide: 4,
};

/** A world with the player's kind (xbot), the companion's (ally: quick to ease) and an enemy kind (grunt). */
export function makeWorld(): World {
  return {
    walker: {
      kinds: {
        xbot: { ...body, accel: 12, seekSpeed: 3, bodies: [] },
        ally: { ...body, accel: 40, seekSpeed: 6.5, bodies: [] },
        grunt: { ...body, accel: 12, seekSpeed: 2, bodies: [] },
      },
    },
  };
}

/** Flat ground at height 0 with the given solid circles. */
export function flatGround(trees: readonly Circle[] = [], height: (x: number, z: number) => number = () => 0): Ground {
  return {
    height,
    solids: (x, z, r) => trees.filter((t) => {
      const dx = t.x - x;
      const dz = t.z - z;
      const reach = t.radius + r;
      return dx * dx + dz * dz <= reach * reach;
    }),
  };
}

/** One frame of a recorded run. */
export interface Frame {
  t: number;
  state: CompanionState;
  clip: Clip;
  commanded: number;
  measured: number;
  intent: boolean;
  gap: number;
  teleported: boolean;
  playerSpeed: number;
}

/** A player row and a companion row `behind` metres behind it on −z, both on the ground. */
export function makePair(w: World, ground: Ground, behind = 2.5, options: { tripwire?: (m: string) => void; onHit?: (e: Row) => void } = {}) {
  const player: Row = { kind: 'player', as: 'xbot', state: 'IDLE', pos: [0, ground.height(0, 0), 0] };
  const row: Row = { kind: 'ally', pos: [0, ground.height(0, -behind), -behind] };
  const messages: string[] = [];
  const companion = new Companion(core, {
    row, world: w, ground, id: 'ally',
    tripwire: options.tripwire ?? ((m) => messages.push(m)),
    onHit: options.onHit,
  });
  return { player, row, companion, messages };
}

/** Walks the player one frame toward wanted velocity (wx, wz), then steps the companion; returns the frame. */
export function frame(
  c: Companion, player: Row, w: World, ground: Ground, t: number, wx: number, wz: number, enemies: readonly Row[] = [],
): Frame {
  const x0 = player.pos[0];
  const z0 = player.pos[2];
  player.want = [wx, wz];
  walk(player, w, dt, ground);
  c.step(dt, player, enemies);
  const px = player.pos[0] - x0;
  const pz = player.pos[2] - z0;
  return {
    t, state: c.state, clip: c.clip, commanded: c.commanded, measured: c.measured, intent: c.intent, gap: c.gap,
    teleported: c.teleported, playerSpeed: Math.sqrt(px * px + pz * pz) / dt,
  };
}

/** The clip sequence with repeats collapsed. */
export function collapse(frames: readonly Frame[]): Clip[] {
  const out: Clip[] = [];
  for (const f of frames) if (out[out.length - 1] !== f.clip) out.push(f.clip);
  return out;
}

/** The CO-8 per-frame invariants broken in a run (empty when none), as the autopilot checks them. */
export function violations(frames: readonly Frame[]): string[] {
  return frames.flatMap((f) => locomotionViolations(f).map((v) => `t=${f.t.toFixed(3)}: ${v}`));
}

/** Seconds between each walk↔run switch and the clip change before it. */
export function walkRunHolds(frames: readonly Frame[]): number[] {
  const holds: number[] = [];
  let since = 0;
  for (let i = 1; i < frames.length; i++) {
    const a = frames[i - 1].clip;
    const b = frames[i].clip;
    if (a === b) continue;
    if (isGait(a) && isGait(b)) holds.push(frames[i].t - since);
    since = frames[i].t;
  }
  return holds;
}
