/**
 * The README's code blocks, as the consumer test runs them. Each TypeScript or JavaScript block starts with a comment
 * naming its file (`// use.ts`); the drivers below are appended to a snippet to run it — they call what the snippet
 * defines and export what it ended with as `result` — so the snippet itself runs exactly as printed.
 */
import { readFileSync } from 'node:fs';

/** One fenced block of README.md. */
export interface Snippet {
  /** The file its first line names (`use.ts`), or '' for a shell block. */
  file: string;
  lang: string;
  code: string;
}

/** Every fenced block of the README, in order. */
export function readmeSnippets(readme: string): Snippet[] {
  const blocks: Snippet[] = [];
  const fence = /^```(\w*)\n([\s\S]*?)^```$/gm;
  for (let m = fence.exec(readme); m !== null; m = fence.exec(readme)) {
    const code = m[2];
    const named = /^\/\/ ([\w.-]+\.(?:ts|js|cjs|mjs))\n/.exec(code);
    blocks.push({ lang: m[1], code, file: named === null ? '' : named[1] });
  }
  return blocks;
}

/** The README's snippets, read from a file. */
export function readmeSnippetsOf(path: string): Snippet[] {
  return readmeSnippets(readFileSync(path, 'utf8'));
}

/**
 * Where a snippet runs: under Node (and in the page), in the page only (it draws), it is only imported by others, or
 * it is the app's Vite config (the page is built and served with it).
 */
export type Where = 'node' | 'page' | 'imported' | 'config';

export interface Driver {
  where: Where;
  /** Appended to the snippet: runs it and exports `result`. */
  code: string;
  /** Whether it also runs on heightfield-walker/reference, to be compared bit for bit with the wasm entry. */
  reference: boolean;
}

/** How each named snippet of the README is run. A snippet without a driver fails the README test. */
export const DRIVERS: Record<string, Driver> = {
  'world.ts': { where: 'imported', reference: false, code: '' },
  'use.ts': {
    where: 'node',
    reference: true,
    code: `
for (let f = 0; f < 240; f++) frame(1 / 60, [0.3, 1], 0.4);
export const result = { npc, player };
`,
  },
  'loader.ts': {
    where: 'node',
    reference: false,
    code: `
export const result = { names: Object.keys(walker).sort().join(' ') };
`,
  },
  'main.cjs': { where: 'node', reference: false, code: '' },
  'posts.ts': {
    where: 'node',
    reference: true,
    code: `
export const result = { nearShelter, everySolid: ground.solids(12, 11, 20) };
`,
  },
  'route.ts': {
    where: 'node',
    reference: true,
    code: `
let frames = 0;
while (frames < 1500 && !frame(1 / 60)) frames++;
export const result = { scout, frames };
`,
  },
  'follow.ts': {
    where: 'node',
    reference: true,
    code: `
let frames = 0;
while (frames < 3600 && !frame(1 / 60)) frames++;
export const result = {
  frames,
  feet: trips.map((_, i) => [herd.x[i], herd.y[i], herd.z[i]]),
  arrived: trips.map((_, i) => follower.arrived(i)),
  unreachable: trips.map((_, i) => follower.unreachable(i)),
};
`,
  },
  'herd.ts': {
    where: 'node',
    reference: true,
    code: `
const drawn: number[] = [];
for (let f = 0; f < 120; f++) {
  frame(1 / 60, (i, x, y, z, yaw) => {
    if (i % 97 === 0) drawn.push(x, y, z, yaw);
  });
}
export const result = { bodies: herd.count, drawn: drawn.slice(-44), first: herd.get(0), last: herd.get(herd.count - 1) };
`,
  },
  'gate.ts': {
    where: 'node',
    reference: true,
    code: `
const places = (): number[][] => Array.from({ length: herd.count }, (_, i) => [herd.x[i]!, herd.z[i]!]);
for (let f = 0; f < 300; f++) frame(1 / 30);
const closed = places();
openGate();
for (let f = 0; f < 450; f++) frame(1 / 30);
export const result = { closed, opened: places() };
`,
  },
  'vite.config.ts': { where: 'config', reference: false, code: '' },
  'three.ts': {
    where: 'page',
    reference: false,
    code: `
(window as unknown as { __three: () => unknown }).__three = () => ({
  frames: renderer.info.render.frame,
  bodies: herd.count,
  instances: bodies.count,
  firstBody: Array.from(bodies.instanceMatrix.array.subarray(12, 15)),
  herdFirst: [herd.x[0], herd.y[0], herd.z[0]],
  trees: prisms.solids.length,
  trunkVertices: trunks.geometry.getAttribute('position').count,
  sides: prisms.sides,
  solids: ground.solids(0, 0, 100).filter((c) => c.radius > 0 && Math.abs(c.x) <= 64 && Math.abs(c.z) <= 64).length,
  wetTriangles: wet === null ? 0 : wet.indices.length / 3,
  threads: herd.lastStepThreads,
  isolated: crossOriginIsolated,
});
const parts: Record<string, THREE.Object3D> = { trunks, crowns, water };
(window as unknown as { __show: (part: string, shown: boolean) => void }).__show = (part, shown) => {
  parts[part]!.visible = shown;
};
`,
  },
  'companion.ts': {
    where: 'node',
    reference: true,
    code: `
const clips: Clip[] = [];
for (let f = 0; f < 240; f++) {
  player.want = [f < 150 ? 5 : 0, 3];
  physicsFrame(1 / 60, [], (row, clip) => {
    if (row === ally) clips.push(clip);
  });
}
export const result = { ally, player, clips: clips.join(' '), state: companion.state };
`,
  },
};

/** The snippet with its imports of the wasm entry turned into imports of the reference entry. */
export function onReference(code: string): string {
  return code.replace(/from 'heightfield-walker';/g, "from 'heightfield-walker/reference';");
}
