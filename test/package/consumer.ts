/**
 * The package as a stranger gets it: `npm pack`, the tarball installed into a new app (offline: it has no
 * dependencies), and the README's snippets run there — under plain Node, type-checked by tsc under three configs,
 * bundled by Vite (with the README's vite.config.ts) into a page for headless Chromium, and bundled by esbuild for
 * Node and for a page. Used by test/package/consumer.test.ts (Node, tsc, esbuild) and by scripts/browser-test.ts
 * (the pages).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import ts from 'typescript';
import { DRIVERS, onReference, readmeSnippetsOf } from './readme.ts';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** The dev dependencies the app borrows from this repository (typescript and vite run from here). */
const BORROWED = ['three', '@types/three', '@types/node', 'vite'];

/** A packed and installed app. */
export interface Consumer {
  dir: string;
  /** The tarball's size, bytes, and its unpacked size. */
  packed: number;
  unpacked: number;
  /** The paths the tarball holds. */
  files: string[];
  /** The package.json the tarball holds, as installed. */
  manifest: Record<string, unknown>;
  /** What `npm install` of the tarball printed (stdout and stderr). */
  installed: string;
  /** Removes the app. */
  remove(): void;
}

/**
 * Turns a result into plain data whose numbers are the hex of their float64 bits, so two results are equal exactly
 * when their numbers are bit for bit the same (JSON would hide −0 and NaN). Shared by the Node app and the page.
 */
export const BITS_JS = `
const view = new DataView(new ArrayBuffer(8));
export function bits(value) {
  if (typeof value === 'number') {
    view.setFloat64(0, value);
    return view.getBigUint64(0).toString(16);
  }
  if (Array.isArray(value) || ArrayBuffer.isView(value)) return Array.from(value, bits);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bits(v)]));
  return value;
}
`;

/** The names of the snippets that run under Node and are compared with the reference entry. */
export const COMPARED = Object.entries(DRIVERS).filter(([, d]) => d.reference).map(([file]) => file.replace(/\.ts$/, ''));

/** app.mjs: runs the README's snippets on both entries, the core loaded from its .wasm file and the require() refusal; prints JSON. */
const APP = `
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load } from 'heightfield-walker/load';
import { bits } from './bits.js';

const out = {};
for (const name of ${JSON.stringify(COMPARED)}) {
  out[name] = { wasm: bits((await import('./' + name + '.js')).result), reference: bits((await import('./' + name + '.reference.js')).result) };
}
out.loader = (await import('./loader.js')).result;
const fromFile = await load(readFileSync(fileURLToPath(import.meta.resolve('heightfield-walker/walker.wasm'))));
out.fileNames = Object.keys(fromFile).sort().join(' ');
try {
  createRequire(import.meta.url)('heightfield-walker');
  out.requireError = '';
} catch (error) {
  out.requireError = error.message;
}
console.log(JSON.stringify(out));
`;

/** The page: the same scenes as app.mjs on the wasm entry, and the three.js loop drawing. */
const PAGE = `
import { bits } from './bits.js';
${COMPARED.map((name) => `import { result as ${name} } from './src/${name}.ts';`).join('\n')}
import './src/three.ts';
window.__results = JSON.stringify({ ${COMPARED.map((name) => `${name}: bits(${name})`).join(', ')} });
`;

/**
 * esbuild.mjs: app.mjs's scenes on the wasm entry, imported statically so that esbuild bundles them, for Node
 * (prints the JSON) and for a page (sets window.__results).
 */
const ESBUILD_APP = `
import { bits } from './bits.js';
${COMPARED.map((name) => `import { result as ${name} } from './${name}.js';`).join('\n')}
const out = JSON.stringify({ ${COMPARED.map((name) => `${name}: bits(${name})`).join(', ')} });
if (typeof window === 'undefined') console.log(out);
else window.__results = out;
`;

const HTML = `<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>heightfield-walker consumer</title>
<style>html, body { margin: 0; height: 100%; overflow: hidden; }</style></head>
<body><script type="module" src="./page.js"></script></body></html>
`;

/**
 * The tsconfigs a user might have: bundler and nodenext (both with noUncheckedIndexedAccess, the strictest common
 * setting), and create-vite's vanilla-ts app config — all without skipLibCheck.
 */
export const TSCONFIGS: Record<string, Record<string, unknown>> = {
  bundler: {
    target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', lib: ['ES2022', 'DOM'], types: [], strict: true, noEmit: true,
    noUncheckedIndexedAccess: true,
  },
  nodenext: {
    target: 'ES2022', module: 'NodeNext', moduleResolution: 'nodenext', lib: ['ES2022', 'DOM'], types: ['node'], strict: true, noEmit: true,
    noUncheckedIndexedAccess: true,
  },
  // create-vite's template-vanilla-ts tsconfig.json, skipLibCheck removed.
  vite: {
    target: 'ES2022', useDefineForClassFields: true, module: 'ESNext', lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: ['vite/client'],
    moduleResolution: 'bundler', allowImportingTsExtensions: true, verbatimModuleSyntax: true, moduleDetection: 'force', noEmit: true,
    strict: true, noUnusedLocals: true, noUnusedParameters: true, erasableSyntaxOnly: true, noFallthroughCasesInSwitch: true,
    noUncheckedSideEffectImports: true,
  },
};

/** A module that imports every entry's names and types, so tsc reads all of the package's declarations. */
const ENTRIES_TS = `
import * as wasm from 'heightfield-walker';
import * as reference from 'heightfield-walker/reference';
import { load, type Walker } from 'heightfield-walker/load';
import type { Ground, Herd, Row, TerrainGeometry, World } from 'heightfield-walker';

export const same: (typeof wasm.walk)[] = [reference.walk];
export async function loaded(): Promise<Walker> {
  return load();
}
export function geometry(ground: Ground): TerrainGeometry {
  return wasm.terrainGeometry(ground, [0, 0, 1, 1]);
}
export function rowOf(herd: Herd, world: World): Row {
  return { ...herd.get(0), kind: Object.keys(world.walker!.kinds)[0] ?? 'xbot' };
}
`;

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Runs a command; what it printed on stdout and stderr, together. */
function runBoth(command: string, args: string[], cwd: string): string {
  const done = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${String(done.status)}: ${done.stderr}`);
  return `${done.stdout}${done.stderr}`;
}

/**
 * Packs the repository as `npm pack` does — its prepack builds dist/ and packs package.json without scripts, its
 * postpack puts them back (scripts/pack.mjs) — and installs the tarball into a new app in the system's temporary
 * folder as `npm install` does, scripts allowed, with the README's snippets written as that app's sources
 * (src/*.ts), as plain JavaScript for Node (node/), and as a page for Vite.
 */
export function packAndInstall(): Consumer {
  const dir = mkdtempSync(join(tmpdir(), 'heightfield-walker-consumer-'));
  // prepack prints build's line before npm's JSON.
  const packed = run('npm', ['pack', '--json', '--pack-destination', dir], REPO);
  const [pack] = JSON.parse(packed.slice(packed.search(/^\[/m))) as {
    filename: string; size: number; unpackedSize: number; files: { path: string }[];
  }[];
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2));
  const installed = runBoth('npm', ['install', '--offline', '--no-audit', '--no-fund', '--no-save', join(dir, pack.filename)], dir);
  for (const name of BORROWED) {
    mkdirSync(dirname(join(dir, 'node_modules', name)), { recursive: true });
    symlinkSync(join(REPO, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
  }
  writeSources(dir);
  return {
    dir, packed: pack.size, unpacked: pack.unpackedSize, files: pack.files.map((f) => f.path), installed,
    manifest: JSON.parse(readFileSync(join(dir, 'node_modules/heightfield-walker/package.json'), 'utf8')) as Record<string, unknown>,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

function writeSources(dir: string): void {
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'node'));
  const js = (code: string): string =>
    ts.transpileModule(code, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, verbatimModuleSyntax: true } }).outputText;
  for (const snippet of readmeSnippetsOf(join(REPO, 'README.md'))) {
    const driver = DRIVERS[snippet.file];
    if (driver === undefined) continue;
    if (driver.where === 'config') {
      writeFileSync(join(dir, snippet.file), snippet.code);
      continue;
    }
    if (snippet.file.endsWith('.cjs')) {
      writeFileSync(join(dir, 'node', snippet.file), snippet.code);
      continue;
    }
    const code = snippet.code + driver.code;
    writeFileSync(join(dir, 'src', snippet.file), code);
    if (driver.where === 'page') continue;
    const name = snippet.file.replace(/\.ts$/, '');
    writeFileSync(join(dir, 'node', `${name}.js`), js(code));
    if (driver.reference) writeFileSync(join(dir, 'node', `${name}.reference.js`), js(onReference(code)));
  }
  writeFileSync(join(dir, 'src', 'entries.ts'), ENTRIES_TS);
  // Mistakes the package's types must refuse, each under a @ts-expect-error (an unused one fails tsc: TS2578).
  writeFileSync(join(dir, 'src', 'mistakes.ts'), readFileSync(join(REPO, 'test/package/types.ts'), 'utf8'));
  writeFileSync(join(dir, 'node', 'bits.js'), BITS_JS);
  writeFileSync(join(dir, 'node', 'app.mjs'), APP);
  writeFileSync(join(dir, 'node', 'esbuild.mjs'), ESBUILD_APP);
  writeFileSync(join(dir, 'bits.js'), BITS_JS);
  writeFileSync(join(dir, 'page.js'), PAGE);
  writeFileSync(join(dir, 'index.html'), HTML);
  for (const [name, compilerOptions] of Object.entries(TSCONFIGS)) {
    writeFileSync(join(dir, `tsconfig.${name}.json`), JSON.stringify({ compilerOptions, include: ['src', 'vite.config.ts'] }, null, 2));
  }
}

/** What app.mjs prints. */
export interface NodeRun {
  [scene: string]: unknown;
  loader: { names: string };
  fileNames: string;
  requireError: string;
}

/** Runs `node app.mjs` in the app: the README's snippets on both entries. */
export function runNode(consumer: Consumer): NodeRun {
  return JSON.parse(run('node', ['app.mjs'], join(consumer.dir, 'node'))) as NodeRun;
}

/** Where the esbuild bundles of node/esbuild.mjs are: one for Node, and a page folder for a browser. */
export interface Bundles {
  node: string;
  page: string;
}

/** Bundles node/esbuild.mjs with esbuild, as `esbuild esbuild.mjs --bundle --format=esm` for Node and for a browser. */
export async function bundleWithEsbuild(consumer: Consumer): Promise<Bundles> {
  const out = join(consumer.dir, 'esbuild');
  const node = join(out, 'node.mjs');
  const page = join(out, 'page');
  const entryPoints = [join(consumer.dir, 'node', 'esbuild.mjs')];
  await esbuild({ entryPoints, bundle: true, format: 'esm', platform: 'node', outfile: node, logLevel: 'warning' });
  await esbuild({ entryPoints, bundle: true, format: 'esm', platform: 'browser', target: 'es2022', outfile: join(page, 'app.js'), logLevel: 'warning' });
  writeFileSync(join(page, 'index.html'), HTML.replace('./page.js', './app.js'));
  return { node, page };
}

/** Runs the Node bundle: the scenes' bits, as app.mjs gives them for the wasm entry. */
export function runBundle(bundles: Bundles): Record<string, unknown> {
  return JSON.parse(run('node', [bundles.node], dirname(bundles.node))) as Record<string, unknown>;
}

/** Runs `node main.cjs`, the README's CommonJS snippet; returns what it printed. */
export function runCommonJs(consumer: Consumer): string {
  return run('node', ['main.cjs'], join(consumer.dir, 'node'));
}

/** `tsc --noEmit -p tsconfig.<name>.json` in the app with this repository's TypeScript: its output ('' when clean). */
export function typecheck(consumer: Consumer, name: string): string {
  try {
    return run('node', [join(REPO, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', `tsconfig.${name}.json`], consumer.dir);
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    return `${e.stdout ?? ''}${e.stderr ?? ''}` || e.message;
  }
}

/** The packed size in kB, as npm reports it. */
export function packedKb(consumer: Consumer): string {
  return `${(consumer.packed / 1000).toFixed(1)} kB packed (${(consumer.unpacked / 1000).toFixed(1)} kB unpacked, ${consumer.files.length} files)`;
}

/** The README's snippets, for checking they all have drivers. */
export function snippetFiles(): string[] {
  return readmeSnippetsOf(join(REPO, 'README.md')).filter((s) => s.file !== '').map((s) => s.file);
}

