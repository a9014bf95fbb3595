/**
 * The crowd scenes of issue 31, each built the same way every time (no random draw except the hills', which are
 * bench:peers' seeded scene): start points, targets, trunks and gates for walker and Detour alike.
 */
import { Scene as Hills, type Trunk } from '../peers/scene.ts';
import { cos, sin, TWO_PI } from '../../src/reference/math.ts';
import { RADIUS, type CrowdScene, type Gate } from './scene.ts';

/** A scene from lists of [startX, startZ, targetX, targetZ]. */
function sceneOf(name: string, half: number, bodies: readonly (readonly number[])[], trunks: Trunk[] = [], gates?: Gate[]): CrowdScene {
  const column = (k: number): Float64Array => Float64Array.from(bodies, (b) => b[k]);
  return { name, ground: { kind: 'flat', half }, trunks, startX: column(0), startZ: column(1), targetX: column(2), targetZ: column(3), gates };
}

/**
 * The locked pair: body A at (−4.27, −4.01) seeks (−15.65, −0.33), body B at (−5.94, −5.01) seeks (0, 24).
 * With SE-6 alone they hold opposite sides and walk off together.
 */
export function lockedPair(): CrowdScene {
  return sceneOf('locked pair', 30, [
    [-4.27, -4.01, -15.65, -0.33],
    [-5.94, -5.01, 0, 24],
  ]);
}

/** Two bodies 20 m apart on one line, each seeking the other's start: an exactly symmetric meeting. */
export function headOnPair(): CrowdScene {
  return sceneOf('head-on pair', 20, [
    [-10, 0, 10, 0],
    [10, 0, -10, 0],
  ]);
}

/** Radius of the antipodal circle, metres, and its bodies. */
export const CIRCLE_RADIUS = 40;
export const CIRCLE_BODIES = 250;

/**
 * The antipodal circle (RVO2's Circle example, scaled by its agents' radius, 2 → 0.4): 250 bodies evenly on a circle
 * of radius 40 m (the "40 m ring"; at radius 20 the starts would lie 0.50 m apart, inside each other), each
 * seeking the opposite point. Starts are 1.005 m apart centre to centre.
 */
export function antipodalCircle(): CrowdScene {
  const bodies = Array.from({ length: CIRCLE_BODIES }, (_, i) => {
    const a = (TWO_PI * i) / CIRCLE_BODIES;
    const x = CIRCLE_RADIUS * cos(a);
    const z = CIRCLE_RADIUS * sin(a);
    return [x, z, -x, -z];
  });
  return sceneOf('antipodal circle', CIRCLE_RADIUS + 10, bodies);
}

/** Trunk radius and spacing of the blocks' and the groves' trees, metres: touching trunks make a wall. */
export const BLOCK_TREE = { radius: 0.5, spacing: 1 };

/**
 * Blocks (the layout of RVO2's Blocks example, scaled by 0.2 as its agents' radius 2 is 0.4 here): four square blocks
 * of trees covering 2–8 m from both axes in each quadrant, leaving a cross of passages 4 m wide, and four groups of
 * 5 × 5 bodies 2 m apart at 11–19 m in each corner, each body seeking the point opposite it through the origin.
 */
export function blocks(): CrowdScene {
  const trunks: Trunk[] = [];
  for (const sx of [1, -1]) {
    for (const sz of [1, -1]) {
      for (let i = 0; i < 6; i++) {
        for (let j = 0; j < 6; j++) trunks.push({ x: sx * (2.5 + i * BLOCK_TREE.spacing), z: sz * (2.5 + j * BLOCK_TREE.spacing), radius: BLOCK_TREE.radius });
      }
    }
  }
  const bodies: number[][] = [];
  for (const sx of [1, -1]) {
    for (const sz of [1, -1]) {
      for (let i = 0; i < 5; i++) {
        for (let j = 0; j < 5; j++) {
          const x = sx * (11 + 2 * i);
          const z = sz * (11 + 2 * j);
          bodies.push([x, z, -x, -z]);
        }
      }
    }
  }
  return sceneOf('Blocks', 30, bodies, trunks);
}

/** Lanes, ranks and spacing of each crossing stream, and how far each body goes, metres. */
export const STREAM = { lanes: 5, ranks: 20, spacing: 1.2, front: 8, travel: 40, gate: 3 };

/**
 * Two crossing streams of 100 at right angles: one heading +x, one heading +z, each 5 lanes × 20 ranks 1.2 m apart
 * with its front rank 8 m from the origin, each body seeking the point 40 m on along its lane; they meet at the
 * origin at the same time, a meeting symmetric about the line x = z. A body is through once 3 m past the origin.
 */
export function crossingStreams(): CrowdScene {
  const bodies: number[][] = [];
  const gates: Gate[] = [];
  for (const along of ['x', 'z'] as const) {
    for (let k = 0; k < STREAM.ranks; k++) {
      for (let l = 0; l < STREAM.lanes; l++) {
        const a = -STREAM.front - k * STREAM.spacing;
        const b = (l - (STREAM.lanes - 1) / 2) * STREAM.spacing;
        bodies.push(along === 'x' ? [a, b, a + STREAM.travel, b] : [b, a, b, a + STREAM.travel]);
        gates.push(along === 'x' ? { nx: 1, nz: 0, c: STREAM.gate } : { nx: 0, nz: 1, c: STREAM.gate });
      }
    }
  }
  return sceneOf('crossing streams', 40, bodies, [], gates);
}

/**
 * The two-way gap: two groves, each two columns of trunks (radius 0.45, 1 m apart, at x = ±0.5) running 40 m out
 * from a gap whose clear width between the nearest trunks is 2 m; 100 bodies on each side (10 × 10, 1.2 m apart,
 * 5–15.8 m from the groves), each seeking its mirror image on the other side. Through: 1 m past the groves' line.
 */
export const GAP = { width: 2, radius: 0.45, spacing: 1, length: 40, rows: 10, spacing0: 1.2, near: 5 };

export function twoWayGap(): CrowdScene {
  return gapScene('two-way gap', [-1, 1]);
}

/** A crowd at a bottleneck (issue 31: "a crowd at a bottleneck drains"): the two-way gap's 100 bodies of x < 0 alone. */
export function oneWayGap(): CrowdScene {
  return gapScene('one-way gap', [-1]);
}

/** The groves and gap of the two-way gap, with its 10 × 10 block of bodies on each of `sides` (−1: x < 0). */
function gapScene(name: string, sides: readonly number[]): CrowdScene {
  const trunks: Trunk[] = [];
  const edge = GAP.width / 2 + GAP.radius;
  for (const side of [1, -1]) {
    for (let k = 0; k < GAP.length; k++) {
      for (const x of [-0.5, 0.5]) trunks.push({ x, z: side * (edge + k * GAP.spacing), radius: GAP.radius });
    }
  }
  const bodies: number[][] = [];
  const gates: Gate[] = [];
  for (const side of sides) {
    for (let i = 0; i < GAP.rows; i++) {
      for (let j = 0; j < GAP.rows; j++) {
        const x = side * (GAP.near + i * GAP.spacing0);
        const z = (j - (GAP.rows - 1) / 2) * GAP.spacing0;
        bodies.push([x, z, -x, z]);
        // Through the gap, not round a grove's end: a body round an end first stands past at |z| > GAP.length.
        gates.push({ nx: -side, nz: 0, c: 1, opening: { ax: 0, az: 1, half: GAP.length / 2 } });
      }
    }
  }
  return sceneOf(name, GAP.length + 5, bodies, trunks, gates);
}

/** Bodies and trees of the hills scene, and the least clearance between two starts or two targets, metres. */
export const HILLS = { bodies: 1000, trees: 2000, clear: 0.1 };

/** Whether (x, z) lies within `reach` of any of the first n points of (xs, zs). */
function near(xs: Float64Array, zs: Float64Array, n: number, x: number, z: number, reach: number): boolean {
  for (let k = 0; k < n; k++) if ((xs[k] - x) ** 2 + (zs[k] - z) ** 2 < reach * reach) return true;
  return false;
}

/**
 * bench:peers' hills (bench/peers/scene.ts) with 2,000 trunks, the bodies blocking each other: its bodies in order,
 * each seeking its first target (10–30 m away), leaving out a body whose start or target lies within 2·radius + 0.1 m
 * of an earlier one's (its random starts put ~20 pairs inside each other), until 1,000 are in.
 */
export function hills(): CrowdScene {
  const scene = new Hills({ trees: HILLS.trees });
  const startX = new Float64Array(HILLS.bodies);
  const startZ = new Float64Array(HILLS.bodies);
  const targetX = new Float64Array(HILLS.bodies);
  const targetZ = new Float64Array(HILLS.bodies);
  const reach = 2 * RADIUS + HILLS.clear;
  for (let i = 0, n = 0; n < HILLS.bodies; i++) {
    const [sx, sz] = scene.start(i);
    const [tx, tz] = scene.target(i, 0, sx, sz);
    if (near(startX, startZ, n, sx, sz, reach) || near(targetX, targetZ, n, tx, tz, reach)) continue;
    startX[n] = sx;
    startZ[n] = sz;
    targetX[n] = tx;
    targetZ[n] = tz;
    n++;
  }
  return { name: 'hills, 2,000 trees', ground: { kind: 'hills', hills: scene }, trunks: scene.trunks, startX, startZ, targetX, targetZ };
}

/** Every crowd scene, in the table's order. */
export const CROWD_SCENES: readonly (() => CrowdScene)[] = [lockedPair, headOnPair, antipodalCircle, blocks, crossingStreams, twoWayGap, oneWayGap, hills];
