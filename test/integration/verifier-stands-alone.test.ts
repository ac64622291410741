import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { INNER_WAIT_MS } from '../support/hang-limit.ts';

/**
 * verifier/ builds and passes its tests with nothing else of the tree: copied alone into a folder
 * of its own, with its tests (test/unit/verifier/) and the installed packages, it type-checks and
 * its tests pass. A module it took from elsewhere in the tree would be missing there.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tree = mkdtempSync(join(tmpdir(), 'notarium-verifier-alone-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

cpSync(join(ROOT, 'verifier'), join(tree, 'verifier'), { recursive: true });
cpSync(join(ROOT, 'test', 'unit', 'verifier'), join(tree, 'test', 'unit', 'verifier'), { recursive: true });
symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));

const { FORCE_COLOR: _colour, ...env } = process.env;
const { scripts } = JSON.parse(readFileSync(join(ROOT, 'verifier', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
/**
 * One of verifier/package.json's scripts, run in the copy as `npm run` would (a shell, the
 * packages' commands and this Node first on the PATH), without depending on npm itself.
 */
const script = (name: string) =>
  spawnSync('sh', ['-c', scripts[name]!], {
    cwd: join(tree, 'verifier'),
    encoding: 'utf8',
    timeout: INNER_WAIT_MS,
    env: { ...env, NO_COLOR: '1', PATH: [join(tree, 'node_modules', '.bin'), dirname(process.execPath), env.PATH].join(delimiter) },
  });
const said = (r: ReturnType<typeof script>) => `${r.stdout}${r.stderr}`;

describe('verifier/ alone', () => {
  it('type-checks, its sources and its tests (its typecheck script)', () => {
    const r = script('typecheck');
    expect(r.status, said(r)).toBe(0);
  });

  it('passes its tests (its test script)', () => {
    const r = script('test');
    expect(r.status, said(r)).toBe(0);
    // Each test file of test/unit/verifier/ ran there and passed, none skipped.
    const files = readdirSync(join(ROOT, 'test', 'unit', 'verifier'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(0);
    expect(said(r)).toMatch(new RegExp(`Test Files\\s+${files.length} passed \\(${files.length}\\)`));
    expect(said(r)).not.toMatch(/skipped/i);
  });
});
