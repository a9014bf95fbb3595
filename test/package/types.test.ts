/**
 * The types catch what the runtime refuses, checked against the sources in seconds (the packed package gets the
 * same checks in test/package/consumer.test.ts): the README's TypeScript snippets and test/package/types.ts
 * type-check under strict and noUncheckedIndexedAccess with nothing reported — so every `@ts-expect-error` in
 * types.ts still marks an error (an unused one is TS2578) — and without the directives each marked line is an error.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO } from './consumer.ts';
import { readmeSnippetsOf } from './readme.ts';

/** Where the snippets seem to lie: inside the repository, so `three` resolves from its node_modules. */
const DIR = join(REPO, 'test/package/.snippets');

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [], strict: true, noUncheckedIndexedAccess: true, noEmit: true,
  skipLibCheck: true, allowImportingTsExtensions: true, baseUrl: REPO,
  paths: { 'heightfield-walker': ['src/index.ts'], 'heightfield-walker/reference': ['src/reference.ts'], 'heightfield-walker/load': ['src/load.ts'] },
};

/** tsc's messages for the given files only (the sources they import are the repository's own tsconfig's business). */
function diagnostics(files: ReadonlyMap<string, string>): string[] {
  const host = ts.createCompilerHost(OPTIONS);
  const { fileExists, readFile, getSourceFile, directoryExists } = host;
  host.directoryExists = (d) => d === DIR || (directoryExists?.call(host, d) ?? true);
  host.fileExists = (f) => files.has(f) || fileExists.call(host, f);
  host.readFile = (f) => files.get(f) ?? readFile.call(host, f);
  host.getSourceFile = (f, language, ...rest) => {
    const text = files.get(f);
    return text === undefined ? getSourceFile.call(host, f, language, ...rest) : ts.createSourceFile(f, text, language);
  };
  const program = ts.createProgram([...files.keys()], OPTIONS, host);
  return [...files.keys()].flatMap((f) => ts.getPreEmitDiagnostics(program, program.getSourceFile(f)).map((d) => {
    const at = d.file !== undefined && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    return `${d.file?.fileName.slice(DIR.length + 1)}:${at}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  }));
}

const MISTAKES = readFileSync(join(REPO, 'test/package/types.ts'), 'utf8');

describe('the types', () => {
  it('WX-2, BI-5: the README snippets and test/package/types.ts type-check under strict and noUncheckedIndexedAccess, every @ts-expect-error used', () => {
    const files = new Map<string, string>();
    for (const s of readmeSnippetsOf(join(REPO, 'README.md'))) if (s.lang === 'ts') files.set(join(DIR, s.file), s.code);
    files.set(join(DIR, 'mistakes.ts'), MISTAKES);
    expect(files.size).toBeGreaterThanOrEqual(8);
    expect(diagnostics(files)).toEqual([]);
  }, 120_000);

  it('K-2, BI-5: without its directives each line types.ts marks is an error — a kind\'s numbers, the sections, every options object', () => {
    const lines = MISTAKES.split('\n');
    const marked = lines.flatMap((line, i) => (line.includes('// @ts-expect-error') ? [i + 2] : []));
    expect(marked.length).toBeGreaterThanOrEqual(14);
    const bare = lines.map((line) => (line.includes('// @ts-expect-error') ? '' : line)).join('\n');
    const errors = diagnostics(new Map([[join(DIR, 'mistakes.ts'), bare]]));
    const lineOf = (message: string): number => Number(/^mistakes\.ts:(\d+):/.exec(message)?.[1]);
    expect([...new Set(errors.map(lineOf))].sort((a, b) => a - b)).toEqual(marked);
  }, 120_000);
});
