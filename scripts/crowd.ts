/**
 * A headless crowd run on the sample world: a herd of bodies that block and avoid each other (K `bodies`, AV) seek
 * random targets for a while, and the run reports how many arrived, got stuck, ended in deep water or inside a solid,
 * and how many body-steps per second it ran.
 */
import { Herd, groundOf, numbers } from '../src/index.ts';
import type { Ground, Row, World } from '../src/index.ts';
import { Sampler } from '../src/reference/lattice.ts';
import { rngNext, rngUnit } from '../src/reference/scatter.ts';
import { waterDepth } from '../src/reference/stand.ts';
import { sampleWorld } from '../src/sampleWorld.ts';

export interface CrowdOptions {
  bodies?: number;
  seconds?: number;
  dt?: number;
  seed?: number;
  /** How far from its start a body's target lies at most, in metres. */
  reach?: number;
}

export interface CrowdReport {
  arrived: number;
  stuck: number;
  /** Stuck bodies whose seek says so (SE-7: row.unreachable). */
  unreachable: number;
  /** Stuck bodies held at the wade line: seek steers round solids, not round lakes. */
  atWaterEdge: number;
  inWater: number;
  insideSolid: number;
  bodySteps: number;
  bodyStepsPerSecond: number;
  /** Bodies that ended in deep water or inside a solid: walker promises none. */
  failures: number;
  text: string;
}

class Draw {
  private state: number;
  constructor(seed: number) {
    this.state = seed | 0;
  }
  next(lo: number, hi: number): number {
    this.state = rngNext(this.state);
    return lo + (hi - lo) * rngUnit(this.state);
  }
}

/** Whether (x, z) is dry, flat enough and clear of solids for a body of this radius to stand. */
function openSpot(ground: Ground, radius: number, x: number, z: number): boolean {
  if ((ground.depth?.(x, z) ?? 0) > 0) return false;
  if (ground.solids(x, z, radius + 0.2).length > 0) return false;
  const slope = Math.abs(ground.height(x + 1, z) - ground.height(x - 1, z)) + Math.abs(ground.height(x, z + 1) - ground.height(x, z - 1));
  return slope < 0.8;
}

function pickSpot(draw: Draw, ground: Ground, radius: number, cx: number, cz: number, reach: number, half: number): [number, number] {
  for (;;) {
    const x = Math.min(half, Math.max(-half, cx + draw.next(-reach, reach)));
    const z = Math.min(half, Math.max(-half, cz + draw.next(-reach, reach)));
    if (openSpot(ground, radius, x, z)) return [x, z];
  }
}

function insideSolid(ground: Ground, radius: number, x: number, z: number): boolean {
  return ground.solids(x, z, radius).some((c) => (c.x - x) ** 2 + (c.z - z) ** 2 < (c.radius + radius) ** 2);
}

/** Runs the crowd and returns its report. */
export function runCrowd(options: CrowdOptions = {}): CrowdReport {
  const count = options.bodies ?? 500;
  const seconds = options.seconds ?? 30;
  const dt = options.dt ?? 1 / 60;
  const reach = options.reach ?? 40;
  const half = 120;
  const world: World = sampleWorld({ half: 128, bodies: ['xbot'] });
  const ground = groundOf(world);
  const draw = new Draw(options.seed ?? 11);
  const kind = numbers({ kind: 'xbot' }, world);
  const rows: Row[] = [];
  const targets: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const [x, z] = pickSpot(draw, ground, kind.radius, 0, 0, half, half);
    rows.push({ kind: 'xbot', pos: [x, ground.height(x, z), z] });
    targets.push(pickSpot(draw, ground, kind.radius, x, z, reach, half));
  }
  const frames = Math.round(seconds / dt);
  const lateFrame = frames - Math.round(5 / dt);
  const late: number[][] = [];
  const arrived = new Array<boolean>(count).fill(false);
  const herd = new Herd(world, ground, { capacity: count, threads: 1 });
  rows.forEach((row, i) => herd.seek(herd.add(row), targets[i], 1));
  const started = performance.now();
  for (let frame = 0; frame < frames; frame++) {
    if (frame === lateFrame) for (let i = 0; i < count; i++) late.push([herd.x[i], herd.z[i]]);
    herd.step(dt);
    const flags = herd.flags('arrived');
    for (let i = 0; i < count; i++) if (flags[i] === 1) arrived[i] = true;
  }
  const elapsed = (performance.now() - started) / 1000;
  // Rows of the bodies as they ended, with seek's last answer (a herd keeps it in its flags, HD-2).
  const unreachable = herd.flags('unreachable');
  for (let i = 0; i < count; i++) rows[i] = { ...herd.get(i), unreachable: unreachable[i] === 1 };
  herd.dispose();
  let stuck = 0;
  let signalled = 0;
  let atWaterEdge = 0;
  let inWater = 0;
  let inside = 0;
  rows.forEach((row, i) => {
    const [x, , z] = row.pos;
    const moved = Math.sqrt((x - late[i][0]) ** 2 + (z - late[i][1]) ** 2);
    const depth = waterDepth(kind, new Sampler(ground), x, z);
    if (!arrived[i] && moved < 1) {
      stuck++;
      if (row.unreachable === true) signalled++;
      if (depth > kind.wade - 0.05) atWaterEdge++;
    }
    if (depth > kind.wade) inWater++;
    if (insideSolid(ground, kind.radius, x, z)) inside++;
  });
  const bodySteps = count * frames;
  const reached = arrived.filter(Boolean).length;
  const perSecond = bodySteps / elapsed;
  const text = [
    `walker crowd: ${count} bodies that block and avoid each other seeking targets up to ${reach} m away for ${seconds} s at ${Math.round(1 / dt)} Hz on the sample world (a Herd on one thread)`,
    `  arrived           ${reached} (${((100 * reached) / count).toFixed(1)}%)`,
    `  stuck             ${stuck}   (not arrived, moved < 1 m in the last 5 s; ${atWaterEdge} of them held at the wade line of a lake between them and their target)`,
    `    of them told by seek they cannot reach their target  ${signalled}   [SE-7]`,
    `  in deep water     ${inWater}   (water deeper than the kind wades, under the body) [ST-4]`,
    `  inside a solid    ${inside}`,
    `  body-steps        ${bodySteps} in ${elapsed.toFixed(2)} s = ${Math.round(perSecond).toLocaleString('en-US')} per second`,
  ].join('\n');
  return { arrived: reached, stuck, unreachable: signalled, atWaterEdge, inWater, insideSolid: inside, bodySteps, bodyStepsPerSecond: perSecond, failures: inWater + inside, text };
}
