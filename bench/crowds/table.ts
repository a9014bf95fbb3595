/** The crowd table in markdown, and the notes on how it is measured (bench/CROWDS.md, bench/RESULTS.md). */
import { LOCK } from './lockedPairs.ts';
import type { CrowdResult } from './run.ts';
import { ARRIVED, CAP_SECONDS, RADIUS, SPEED, STOP } from './scene.ts';
import { GAP } from './scenes.ts';
import { STUCK } from './watch.ts';

const fmt = (n: number): string => n.toLocaleString('en-US');

function arrivedCell(r: CrowdResult): string {
  return r.allArrivedAt === undefined ? `${fmt(r.arrived)} of ${fmt(r.n)} by ${CAP_SECONDS} s` : `all ${fmt(r.n)} in ${r.allArrivedAt.toFixed(1)} s`;
}

function throughCell(r: CrowdResult): string {
  if (r.through === undefined) return '';
  const cell = `${r.through.by30} / ${r.through.by60} (${r.through.perSecond.toFixed(1)}/s)`;
  return r.through.openingBy60 === undefined ? cell : `${cell}, ${r.through.openingBy60} of them by the gap`;
}

function overlapCell(r: CrowdResult): string {
  return r.deepestOverlap === 0 ? '0 %' : `${(100 * r.deepestOverlap).toFixed(1)} % at ${r.deepestAt.toFixed(1)} s`;
}

/** One row per scene and contender. */
export function crowdTable(results: readonly CrowdResult[]): string {
  const head = '| scene | contender | bodies | arrived | through by 30 / 60 s (per s) | deepest overlap | stuck without signal | unreachable | locked pairs | farthest from target at the end | µs per body-step |';
  const rule = '| --- | --- | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |';
  const rows = results.map((r) =>
    `| ${r.scene} | ${r.contender} | ${fmt(r.n)} | ${arrivedCell(r)} | ${throughCell(r)} | ${overlapCell(r)} | ${r.stuckSilent} | ${r.unreachable ?? '—'} | ${r.lockedPairs} | ${r.farthest.toFixed(1)} m | ${r.usPerBodyStep.toFixed(2)} |`,
  );
  const notes = results.flatMap((r) => r.notes).map((n) => `\n- ${n}`);
  return [head, rule, ...rows].join('\n') + (notes.length > 0 ? `\n${notes.join('')}` : '');
}

/** How the crowd table is measured, for the reports' method notes. */
export function crowdMethod(): string {
  return `The scenes (bench/crowds/scenes.ts), flat ground unless said, bodies of radius ${RADIUS} m at ${SPEED} m/s:
the issue's **locked pair**; an exactly **head-on pair** 20 m apart; the **antipodal circle**, 250 bodies on a circle
of radius 40 m (RVO2's Circle example scaled by its agents' radius, 2 → 0.4; at radius 20 m the starts would overlap),
each to the opposite point; **Blocks**, RVO2's Blocks layout scaled by 0.2: four 6 m blocks of touching trunks
(radius 0.5, 1 m apart) leaving a cross of 4 m passages, four corner groups of 5 × 5 bodies each to the point
opposite; **crossing streams**, two blocks of 5 lanes × 20 ranks (1.2 m apart) meeting at right angles at the
origin, each body 40 m on along its lane (through: 3 m past the origin); the **two-way gap**, two groves of two
columns of trunks (radius 0.45, 1 m apart, 40 m long) with a 2 m clear gap, 100 bodies each side each to its mirror
image (through: 1 m past the groves; by the gap: within ${GAP.length / 2} m of it when through, not round a grove's far
end); the **one-way gap**, the same groves with the 100 bodies of one side alone (a crowd at a bottleneck); and
the **hills** of bench:peers with 2,000 trunks, 1,000 bodies each to its first target (bodies whose start
or target lies within 0.9 m of an earlier body's left out).

- **walker Herd**: one wasm \`Herd\` on one thread, XBOT's numbers with \`bodies: ['xbot']\` (every body blocks every
  other, SE-6), \`herd.seek(i, target, ${STOP})\` once, \`herd.step(1/60)\` a frame; flat scenes on a terrain3d
  plane reaching 512 m, trunks as scatter3d instances.
- **Detour crowd**: @recast-navigation/core and /generators 0.43.1; a solo navmesh built by Recast from the scene's
  ground (one quad, or the hills' lattice triangles split as walker's) with every trunk a closed 16-sided prism
  through it (voxels 0.1 m on flat scenes, 0.2 m on the hills; walkable radius 0.4, height 1.8, climb 0.6, slope
  35°; the trunks are cut out by voxelising, and erosion keeps centres a radius off them); one \`Crowd\`, agents of
  radius 0.4, maxSpeed 3, maxAcceleration 12 (walker's accel), the crowd settings of Recast's demo (all five update
  flags, separation weight 2, collision query range 12 radii, path optimisation range 30 radii) with Detour's
  default velocity sampling (adaptive: 7 divisions, 2 rings, depth 5), \`requestMoveTarget\` once,
  \`crowd.update(1/60)\` a frame. Its navmesh ends at the scene's edge.
- **Arrived**: a body within ${ARRIVED} m of its target at any frame (walker's seek stops at ${STOP} m); a run ends
  when all have, or at ${CAP_SECONDS} s. **Through**: bodies past their gate by 30 s and by 60 s, and their count over
  the seconds from the first to the last through; for the gap, how many of those by 60 s came through the gap
  itself. **Deepest overlap**: 2·radius less the least centre distance between any two bodies at any frame, as a
  share of the radius, and when it first was that deep (every body blocks every other in both contenders). **Stuck without signal**: at the end more than ${ARRIVED} m from the target, having
  moved less than ${STUCK.metres} m over the last ${STUCK.seconds} s, with no \`unreachable\` flag (SE-7; Detour has
  none, so all its stuck agents count); **unreachable**: flags up at the end. **Locked pairs**: pairs of bodies within
  2·radius + ${LOCK.slack} m of each other while both move away from their own targets (the distance to it grew by
  more than ${LOCK.away * 100} cm since the last sample, every ${LOCK.sample} s) at every sample for more than
  ${LOCK.seconds} s on end. **Farthest**: the greatest distance of a body from its target when the run ends. **µs per
  body-step**: only the step call (\`herd.step\`, \`crowd.update\`) timed, summed over each 5 s round of the first
  30 s simulated (or fewer, when all arrive sooner), divided by frames × bodies; the median round. One run each, in
  one process, walker and Detour taking turns a round at a time (the order rotated each round), so load from other
  work on the machine falls on both; no timing is asserted anywhere.`;
}

/** bench/CROWDS.md: the table, when and where it was run, and the method. */
export function crowdReport(results: readonly CrowdResult[], machine: string, minutes: number): string {
  return `# Crowd scenes: walker against Detour's crowd

Written by \`npm run bench:crowds\` (${minutes.toFixed(1)} min here; bench:peers runs the same and puts the table in
bench/RESULTS.md). ${machine}

${crowdTable(results)}

## Method

${crowdMethod()}
`;
}
