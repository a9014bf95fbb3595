/**
 * The README is a promise: every code block it shows is run by a test (test/package/consumer.test.ts under Node and
 * tsc, npm run test:browser in Chromium), and every `npm run` command it names exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, snippetFiles } from './consumer.ts';
import { DRIVERS, readmeSnippetsOf } from './readme.ts';

const snippets = readmeSnippetsOf(join(REPO, 'README.md'));

describe('the README', () => {
  it('WX-2: every TypeScript and JavaScript block names its file and has a driver that runs it', () => {
    const code = snippets.filter((s) => ['ts', 'js'].includes(s.lang));
    expect(code.length).toBeGreaterThanOrEqual(7);
    for (const s of code) expect(s.file, s.code.slice(0, 60)).not.toBe('');
    expect(snippetFiles().filter((f) => DRIVERS[f] === undefined)).toEqual([]);
    expect(Object.keys(DRIVERS).filter((f) => !snippetFiles().includes(f))).toEqual([]);
  });

  it('WX-2: every code block imports the package by its name, and what it uses from it', () => {
    for (const s of snippets.filter((b) => b.lang === 'ts')) {
      if (s.file === 'world.ts' || DRIVERS[s.file]?.where === 'config') continue;
      expect(s.code, s.file).toMatch(/from 'heightfield-walker(\/load)?'/);
      if (s.code.includes('world')) expect(s.code, s.file).toContain("import { world } from './world.js';");
    }
  });

  it('every npm run command it shows is a script of package.json', () => {
    // While the consumer test packs, package.json is the packed one, without scripts, and scripts/pack.mjs keeps the
    // repository's aside.
    const kept = join(REPO, '.package.json.repo');
    const manifest = readFileSync(existsSync(kept) ? kept : join(REPO, 'package.json'), 'utf8');
    const scripts = Object.keys((JSON.parse(manifest) as { scripts: Record<string, string> }).scripts);
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    const named = [...readme.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((n) => !scripts.includes(n))).toEqual([]);
  });
});
