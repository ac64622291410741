import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * verifier/ stands alone (verifier/README.md): no Node module, nothing from outside verifier/, and
 * of npm only what its package.json names. Read here from the sources themselves, and checked to be
 * what the lint says to every file of the folder.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const VERIFIER = join(ROOT, 'verifier');
const PACKAGES = Object.keys((JSON.parse(readFileSync(join(VERIFIER, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies);

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

/** Every module a source names: static imports and re-exports, `import type`, and import(). */
function specifiers(text: string): string[] {
  const found = [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm), ...text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)];
  return [...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm), ...found].map((m) => m[1]!);
}

/** Why a module named by `file` is not the verifier's to import, or null. */
function outside(file: string, specifier: string): string | null {
  if (specifier.startsWith('node:') || builtinModules.includes(specifier)) return 'a Node module';
  if (specifier.startsWith('.')) {
    const target = relative(VERIFIER, resolve(dirname(file), specifier));
    return target.startsWith('..') ? `outside verifier/ (${relative(ROOT, resolve(dirname(file), specifier))})` : null;
  }
  return PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`)) ? null : 'a package verifier/package.json does not name';
}

describe('verifier/ imports', () => {
  const files = sources(VERIFIER);

  it('reads a violation as one (the reading of the sources below is not blind)', () => {
    const file = join(VERIFIER, 'chain', 'x.ts');
    expect(
      specifiers("import { a } from '../../preload/a.ts';\nexport { b } from 'zod';\nconst c = await import('node:fs');\nimport type { D } from './d.ts';"),
    ).toEqual(['../../preload/a.ts', 'zod', './d.ts', 'node:fs']);
    expect(outside(file, '../../preload/a.ts')).toMatch(/outside verifier/);
    expect(outside(file, '../said.ts')).toBeNull();
    expect(outside(file, 'fs')).toBe('a Node module');
    expect(outside(file, 'zod')).toMatch(/package/);
    expect(outside(file, '@noble/hashes/sha2.js')).toBeNull();
  });

  it('nothing in verifier/ imports a Node module, a module outside it or a package it does not declare', () => {
    expect(files.length).toBeGreaterThan(10);
    const wrong = files.flatMap((file) =>
      specifiers(readFileSync(file, 'utf8')).flatMap((specifier) => {
        const why = outside(file, specifier);
        return why ? [`${relative(ROOT, file)}: ${specifier} (${why})`] : [];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('the lint refuses the same to every file of verifier/', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const bad = [
      ['node:fs', 'Node'],
      ['fs/promises', 'Node'],
      ['zod', 'npm package'],
    ];
    for (const file of files) {
      const where = relative(ROOT, file).split(sep).join('/');
      const config = (await eslint.calculateConfigForFile(file)) as { rules: Linter.RulesRecord };
      const rule = config.rules['no-restricted-imports'];
      expect(rule, `${where}: its import rule`).toBeDefined();
      const depth = where.split('/').length - 2;
      const [toRoot, toVerifier] = ['../'.repeat(depth + 1), '../'.repeat(depth) || './'];
      const lint = (specifier: string) =>
        new Linter({ configType: 'flat' }).verify(
          `import { x } from '${specifier}';\nexport { x };\n`,
          [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, rules: { 'no-restricted-imports': rule! } }],
          where,
        );
      for (const [specifier] of [...bad, [`${toRoot}preload/contract.ts`], [`${toRoot}main/core/errors/notarium-error.ts`]]) {
        expect([...new Set(lint(specifier!).map((m) => m.ruleId))], `${where} importing ${specifier}`).toEqual(['no-restricted-imports']);
      }
      for (const specifier of ['./a.ts', `${toVerifier}verifier-error.ts`, '@noble/hashes/sha2.js', '@scure/base']) {
        expect(lint(specifier), `${where} importing ${specifier}`).toEqual([]);
      }
    }
  });
});
