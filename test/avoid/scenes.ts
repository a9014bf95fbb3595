/**
 * Crowd scenes for the avoidance tests (AV, issue 31) and their measures: a herd of bodies that block each other on
 * flat ground, each sent to a target, stepped at 60 Hz until all arrive or time runs out, watched for how long it took,
 * the deepest overlap between bodies, and pairs that walk off together away from both their targets.
 */
import type { Api } from '../cores.ts';
import { XBOT } from '../../src/presets.ts';
import type { Herd } from '../../src/herd.ts';
import type { Kind, World } from '../../src/types.ts';

/** Where a scene's bodies start and where each is sent. */
export interface Scene {
  readonly starts: readonly (readonly [number, number])[];
  readonly targets: readonly (readonly [number, number])[];
}

/** A flat world of XBOTs that block each other (and avoid: the defaults), with `extra` on the kind. */
export function crowdWorld(extra: Partial<Kind> = {}): World {
  return {
    walker: { kinds: { xbot: { ...XBOT, bodies: ['xbot'], ...extra } }, mods: { height: 'terrain3d' } },
    terrain3d: { rings: [{ reach: 256, seg: 512 }] },
  };
}

/** `count` bodies evenly round a circle of `radius` m, each sent to the point opposite (RVO2's Circle example). */
export function antipodal(count: number, radius: number): Scene {
  const starts: [number, number][] = [];
  const targets: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const a = (2 * Math.PI * i) / count;
    starts.push([radius * Math.sin(a), radius * Math.cos(a)]);
    targets.push([-radius * Math.sin(a), -radius * Math.cos(a)]);
  }
  return { starts, targets };
}

/**
 * Two streams of `perStream` bodies crossing at right angles through the origin: one along +x, one along +z, each in
 * a block 5 lanes wide of rows `spacing` m apart starting `lead` m before the crossing, sent to a block as far past
 * it in the same lanes, the front row to the far row (so no body's place is in the way of one behind it).
 */
export function crossing(perStream: number, spacing: number, lead: number): Scene {
  const starts: [number, number][] = [];
  const targets: [number, number][] = [];
  const across = 5;
  const depth = (Math.ceil(perStream / across) - 1) * spacing;
  for (let i = 0; i < perStream; i++) {
    const lane = (i % across - (across - 1) / 2) * spacing;
    const back = lead + Math.floor(i / across) * spacing;
    const ahead = 2 * lead + depth - back;
    starts.push([-back, lane]);
    targets.push([ahead, lane]);
    starts.push([lane, -back]);
    targets.push([lane, ahead]);
  }
  return { starts, targets };
}

/** What a run of a scene showed. */
export interface Outcome {
  /** Seconds until every body had arrived, or null when some had not by the end. */
  allArrived: number | null;
  arrived: number;
  /** Deepest overlap between two bodies' circles seen at any step, metres. */
  deepestOverlap: number;
  /** Longest time a pair stayed close, both moving away from their own targets, seconds. */
  longestPairAway: number;
  /** Most bodies flagged unreachable at once. */
  mostUnreachable: number;
  /** Largest |want| seen, over seekSpeed. */
  mostWant: number;
}

/** Adds the scene's bodies to a new herd on `api` and sends each to its target (stop `stop`). */
export function herdOf(api: Api, w: World, scene: Scene, stop: number, threads = 1): Herd {
  const ground = api.groundOf(w);
  const herd = new api.Herd(w, ground, { capacity: scene.starts.length, threads });
  scene.starts.forEach(([x, z], i) => {
    herd.add({ kind: 'xbot', pos: [x, 0, z] });
    herd.seek(i, scene.targets[i] as [number, number], stop);
  });
  return herd;
}

/**
 * Steps `herd` at 60 Hz for up to `seconds`, measuring as it goes (pairs are checked every `every` steps). Two bodies
 * walk off together when within 3 radii of each other, both moving (≥ 0.1 m/s) and both getting further from their
 * targets.
 */
export function run(herd: Herd, scene: Scene, seconds: number, radius: number, seekSpeed: number, every = 6): Outcome {
  const n = scene.starts.length;
  const dt = 1 / 60;
  const together = new Map<number, number>();
  const out: Outcome = { allArrived: null, arrived: 0, deepestOverlap: 0, longestPairAway: 0, mostUnreachable: 0, mostWant: 0 };
  for (let s = 1; s <= Math.round(seconds * 60); s++) {
    herd.step(dt);
    const { x, z, vx, vz, wantX, wantZ } = herd;
    const arrived = herd.flags('arrived');
    const unreachable = herd.flags('unreachable');
    let count = 0;
    let stuck = 0;
    for (let i = 0; i < n; i++) {
      count += arrived[i]!;
      stuck += unreachable[i]!;
      out.mostWant = Math.max(out.mostWant, Math.sqrt(wantX[i]! ** 2 + wantZ[i]! ** 2) / seekSpeed);
    }
    out.arrived = count;
    out.mostUnreachable = Math.max(out.mostUnreachable, stuck);
    if (s % every === 0) {
      const away = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        const tx = scene.targets[i]![0] - x[i]!;
        const tz = scene.targets[i]![1] - z[i]!;
        away[i] = vx[i]! ** 2 + vz[i]! ** 2 >= 0.01 && vx[i]! * tx + vz[i]! * tz < 0 ? 1 : 0;
      }
      for (let i = 0; i < n; i++) {
        for (let j = i + 1; j < n; j++) {
          const d = Math.sqrt((x[i]! - x[j]!) ** 2 + (z[i]! - z[j]!) ** 2);
          out.deepestOverlap = Math.max(out.deepestOverlap, 2 * radius - d);
          const key = i * n + j;
          if (away[i] && away[j] && d < 3 * radius) {
            const t = (together.get(key) ?? 0) + every * dt;
            together.set(key, t);
            out.longestPairAway = Math.max(out.longestPairAway, t);
          } else together.delete(key);
        }
      }
    }
    if (count === n) {
      out.allArrived = s * dt;
      break;
    }
  }
  return out;
}
