/**
 * WX-2: the package works outside this repository. `npm pack`, the tarball installed offline into a new app, and
 * there: (a) plain `node` runs the README's snippets — Use for 240 frames, solids placed by hand, a route round a lake, a Herd, routes of its bodies' own, the companion — on the wasm entry
 * and on heightfield-walker/reference with bit-identical numbers, the loader, the core from its .wasm file, CommonJS; (b) tsc
 * --noEmit, strict, no skipLibCheck, under bundler and nodenext (noUncheckedIndexedAccess) and create-vite's tsconfig,
 * reports nothing — the snippets and every entry check, and each mistake test/package/types.ts marks is an error; the
 * tarball holds what the README says ships (no tests, bench, demo or screenshots) and is at most 245 kB; its
 * package.json has no scripts and npm installs it warning of none. (The page in Chromium: npm run test:browser.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWithEsbuild, COMPARED, packAndInstall, runBundle, packedKb, REPO, runCommonJs, runNode, typecheck, TSCONFIGS, type Consumer, type NodeRun } from './consumer.ts';

let consumer: Consumer;
let node: NodeRun;

beforeAll(() => {
  consumer = packAndInstall();
  node = runNode(consumer);
  console.log(`heightfield-walker tarball: ${packedKb(consumer)}`);
}, 300_000);

afterAll(() => consumer?.remove());

/** A scene's bits as numbers again, for checking the bodies moved. */
function numberOf(hex: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

type Scene = { wasm: Record<string, unknown>; reference: Record<string, unknown> };

describe('the packed package, installed in a new app', () => {
  it('WX-2: the tarball holds exactly what the README\'s "What ships" lists, every path it names among them, and no declaration map', () => {
    const ships = /\*\*What ships\.\*\*([\s\S]*?)\n\n/.exec(readFileSync(join(REPO, 'README.md'), 'utf8'))?.[1] ?? '';
    const named = [...ships.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(5);
    // `**` any folders, `*` any name within one.
    const pattern = (glob: string): RegExp => new RegExp(`^${glob.replace(/[.]/g, '\\.').replace(/\*\*\//g, '(?:.+/)?').replace(/\*/g, '[^/]+')}$`);
    expect(consumer.files.filter((file) => !named.some((glob) => pattern(glob).test(file)))).toEqual([]);
    expect(named.filter((glob) => !consumer.files.some((file) => pattern(glob).test(file)))).toEqual([]);
    expect(consumer.files.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it('WX-2: the packed package.json is the repository\'s without scripts (nor allowScripts), npm install of the tarball warns of no install script, and packing leaves package.json as it was', () => {
    const repository = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as Record<string, unknown>;
    const { scripts, allowScripts, ...packed } = repository;
    expect(Object.keys(scripts as object)).toContain('prepare');
    expect(consumer.manifest).toEqual(packed);
    expect(consumer.installed).not.toMatch(/install.scripts|heightfield-walker@/i);
    expect(existsSync(join(REPO, '.package.json.repo'))).toBe(false);
  });

  it('WX-2: the tarball holds dist, README, LICENSE and package.json only, and is at most 245 kB packed', () => {
    const tops = new Set(consumer.files.map((f) => f.split('/')[0]));
    expect([...tops].sort()).toEqual(['LICENSE', 'README.md', 'dist', 'package.json']);
    expect(consumer.files.filter((f) => /test|bench|demo|\.png$|screenshot/.test(f))).toEqual([]);
    for (const file of ['dist/src/index.js', 'dist/src/index.d.ts', 'dist/src/reference.js', 'dist/src/load.js', 'dist/build/walker.wasm.base64.js', 'dist/build/walker.wasm', 'dist/require.cjs']) {
      expect(consumer.files).toContain(file);
    }
    // 165 kB until the README, which ships, drew the whole three.js scene and said what ships, BI-5's key checks and
    // the settings' exported types came, the companion's placement and play-test (170.2 kB), and reciprocal
    // avoidance (AV: 179.3 kB), then budgeted routes and lent fields (RT-3, RT-8: 185.8 kB), then level solids that
    // change (LV: 197.3 kB, 202.4 kB before shapes), then boxes, walls and polygons (LV-1: 221.9 kB, the core 8 kB
    // larger), then kept route grids repaired cell by cell and a herd's changes filed in bins (LV-4: 227.5 kB, the
    // core 2.4 kB larger), then proofs measured to pieces, discs clear of pieces and the crowd's way test (HD-2:
    // 233.4 kB, the core 4 kB larger), then SE-4's ranking by pseudo-angles and rests woken where edits reach
    // (240.4 kB); a bound, not a target: the core ships twice (walker.wasm, 86 kB, and its base64 module, 115 kB), the
    // README is 50 kB.
    expect(consumer.packed).toBeLessThanOrEqual(245_000);
  });

  for (const scene of COMPARED) {
    it(`WX-2, WX-3: node runs the README's ${scene}.ts on the wasm entry and on /reference, bit for bit the same`, () => {
      const { wasm, reference } = node[scene] as Scene;
      expect(wasm).toEqual(reference);
      expect(JSON.stringify(wasm)).not.toMatch(/"7ff8|"fff8|"7ff0|"fff0/); // no NaN or ±Infinity
    });
  }

  it('WX-2: in the Use snippet the npc walks toward its target and the player moves with the stick', () => {
    const { npc, player } = (node.use as Scene).wasm as { npc: { pos: string[]; air: boolean }; player: { pos: string[] } };
    const [x, , z] = npc.pos.map(numberOf);
    expect(Math.hypot(x, z)).toBeGreaterThan(5);
    expect(Math.hypot(x - 20, z - 30)).toBeLessThan(Math.hypot(20, 30) - 5);
    const [px, , pz] = player.pos.map(numberOf);
    expect(Math.hypot(px - 5, pz - 5)).toBeGreaterThan(5);
  });

  it('HD-1: the Herd snippet steps its 1,000 bodies toward their target', () => {
    const herd = (node.herd as Scene).wasm as { bodies: string; first: { pos: string[] }; last: { pos: string[] } };
    expect(numberOf(herd.bodies)).toBe(1000);
    for (const body of [herd.first, herd.last]) {
      const [x, , z] = body.pos.map(numberOf);
      expect(x).toBeGreaterThan(-20);
      expect(Number.isFinite(z)).toBe(true);
    }
    expect(numberOf(herd.first.pos[0])).toBeGreaterThan(-19);
  });

  it('M-2, G-6: in the posts snippet the hand-placed posts and boulder are solids of the ground beside the seeded trees, the bush is not', () => {
    const { nearShelter, everySolid } = (node.posts as Scene).wasm as Record<string, { x: string; z: string; radius: string }[]>;
    const circles = (list: { x: string; z: string; radius: string }[]): string[] => list.map((c) => `${numberOf(c.x)} ${numberOf(c.z)} ${numberOf(c.radius)}`);
    const placed = ['10 10 0.15', '14 10 0.15', '10 13 0.15', '14 13 0.15', '12 8.6 0.7'];
    for (const post of placed) expect(circles(nearShelter)).toContain(post);
    expect(circles(everySolid)).not.toContain('11 9 0.5');
    // The seeded layer is still there: 20 m round the shelter there are trees as well as the five.
    expect(everySolid.length).toBeGreaterThan(10);
  });

  it('RT-8: in the route snippet the scout goes round the lake and arrives on the far shore', () => {
    const { scout, frames } = (node.route as Scene).wasm as { scout: { pos: string[]; unreachable: boolean }; frames: string };
    expect(numberOf(frames)).toBeLessThan(1500);
    const [x, , z] = scout.pos.map(numberOf);
    expect(Math.hypot(x + 24.3, z - 42.2)).toBeLessThanOrEqual(0.5);
    expect(scout.unreachable).toBe(false);
  });

  it('LV-1, LV-2, LV-4: in the gate snippet the five routing bodies stay in the walled pen 10 s, and walk out within 15 s once its gate, a wall, is removed', () => {
    const { closed, opened } = (node.gate as Scene).wasm as { closed: string[][]; opened: string[][] };
    // The wall's inside, its edges' middles 6·cos(π/16) from the centre less half its thickness.
    for (const [x, z] of closed.map((p) => p.map(numberOf))) expect(Math.hypot(x, z)).toBeLessThan(6 * Math.cos(Math.PI / 16) - 0.1);
    for (const [x, z] of opened.map((p) => p.map(numberOf))) expect(Math.hypot(x, z)).toBeGreaterThan(6 + 0.1);
  });

  it('RT-9: in the follow snippet two bodies go round the lake to their targets, and the one sent into deep water rests short of it, read unreachable', () => {
    const { frames, feet, arrived, unreachable } = (node.follow as Scene).wasm as { frames: string; feet: string[][]; arrived: boolean[]; unreachable: boolean[] };
    expect(numberOf(frames)).toBeLessThan(3600);
    expect(arrived).toEqual([true, true, false]);
    expect(unreachable).toEqual([false, false, true]);
    const [ends, targets] = [feet.map((p) => p.map(numberOf)), [[-24.3, 42.2], [34, 56], [0, 48]]];
    for (const k of [0, 1]) expect(Math.hypot(ends[k][0] - targets[k][0], ends[k][2] - targets[k][1])).toBeLessThanOrEqual(0.5);
    // Short of deep water, on the shore the route found nearest.
    expect(Math.hypot(ends[2][0], ends[2][2] - 48)).toBeGreaterThan(5);
  });

  it('CO-4: in the companion snippet the ally follows the player and its clip goes from wait to a gait', () => {
    const { ally, player, clips } = (node.companion as Scene).wasm as { ally: { pos: string[] }; player: { pos: string[] }; clips: string };
    const [ax, , az] = ally.pos.map(numberOf);
    const [px, , pz] = player.pos.map(numberOf);
    expect(Math.hypot(ax - 2, az)).toBeGreaterThan(5);
    expect(Math.hypot(ax - px, az - pz)).toBeLessThan(5);
    expect(clips.split(' ')[0]).toBe('wait');
    expect(clips).toMatch(/walk|run/);
  });

  it('WX-2: esbuild bundles an app of the README\'s scenes (Herd, seek, routes, the companion) and the bundle, run by node, gives the unbundled numbers, bit for bit', async () => {
    const bundled = runBundle(await bundleWithEsbuild(consumer));
    for (const scene of COMPARED) expect(bundled[scene], scene).toEqual((node[scene] as Scene).wasm);
  });

  it('WX-2: the loader snippet gives the entry\'s names; load(bytes) runs the core read from heightfield-walker/walker.wasm', () => {
    for (const name of ['walk', 'seek', 'groundOf', 'Herd', 'Companion', 'RouteFollower', 'XBOT', 'terrainGeometry']) expect(node.loader.names.split(' ')).toContain(name);
    expect(node.fileNames).toBe(node.loader.names);
  });

  it('WX-2: CommonJS — the README\'s main.cjs loads through require, and require of the entry throws a sentence', () => {
    expect(runCommonJs(consumer)).toMatch(/^walker ready: \d+ names\n$/);
    expect(node.requireError).toBe(
      "heightfield-walker: the package entry instantiates its wasm core with top-level await, so require('heightfield-walker') cannot load it; use import, or `const { load } = require('heightfield-walker/load')` then `const walker = await load()` (require of an ES module needs Node >= 20.19).",
    );
  });

  for (const config of Object.keys(TSCONFIGS)) {
    it(`WX-2, BI-5: tsc --noEmit, strict, no skipLibCheck, ${config} tsconfig: the README's snippets and every entry type-check, and each marked mistake is refused`, () => {
      expect(typecheck(consumer, config)).toBe('');
    });
  }
});
