import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { cliEntry } from '../../../bin/cli-entry.js';
import { CLI_STAMP, filesAsStamped, stampFiles } from '../../../bin/cli-stamp.js';

// The CLI bundle's stamp, the one answer to "is dist/cli the build of the sources as they are?"
// that the bin asks at every start and `npm start` before building: a tree of a few files, stamped
// as the build stamps them, then changed as editors, checkouts and builds change files.

const base = mkdtempSync(join(tmpdir(), 'notarium-cli-stamp-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

let root: string;
let n = 0;
const url = (): URL => pathToFileURL(`${root}/`);
const write = (path: string, text: string): void => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
/** Moves a file's modification time by `seconds`, as a checkout or `touch` does, its content unchanged. */
const touch = (path: string, seconds: number): void => {
  const { atime, mtime } = statSync(join(root, path));
  utimesSync(join(root, path), atime, new Date(mtime.getTime() + seconds * 1000));
};
/** The build: the bundle written, then the stamp of what it read and of the recipe. */
const build = (): void => {
  write('dist/cli/main.js', 'export const main = async () => 0;');
  write(CLI_STAMP, JSON.stringify(stampFiles(url(), ['main/cli/main.ts', 'main/core/a.ts', 'tsconfig.json', 'scripts/build-cli.ts'])));
};
const runsBundle = (): boolean => cliEntry(url()).built;

beforeEach(() => {
  root = join(base, `tree-${++n}`);
  write('main/cli/main.ts', 'export async function main() { return 0; }');
  write('main/core/a.ts', 'export const a = 1;');
  write('tsconfig.json', '{}');
  // scripts/build-cli.ts left missing: a recipe file the tree does not have is stamped as missing.
});

describe('the CLI bundle is current while every file it was built from is as it was', () => {
  it('runs the sources before a build, the bundle after it', () => {
    expect(runsBundle()).toBe(false);
    build();
    expect(runsBundle()).toBe(true);
  });

  it('a file touched but not changed (a checkout, an editor saving the same text): still current, at once and after', () => {
    build();
    touch('main/core/a.ts', 5);
    touch('tsconfig.json', -3600);
    expect(runsBundle()).toBe(true);
    expect(runsBundle()).toBe(true);
  });

  it('a file edited: not current, whether its size changed or not, and whatever its time', () => {
    build();
    write('main/core/a.ts', 'export const a = 22;');
    expect(runsBundle()).toBe(false);
    build();
    write('main/core/a.ts', 'export const a = 33;'); // the same size
    expect(runsBundle()).toBe(false);
    touch('main/core/a.ts', -3600); // an older time than the build's
    expect(runsBundle()).toBe(false);
  });

  it('the recipe counts as the sources do: tsconfig.json changed, or a file missing at the build that is there now', () => {
    build();
    write('tsconfig.json', '{"compilerOptions":{}}');
    expect(runsBundle()).toBe(false);
    build();
    write('scripts/build-cli.ts', '// the build script');
    expect(runsBundle()).toBe(false);
    build();
    expect(runsBundle()).toBe(true);
  });

  it('a source removed: not current; a tree without the sources at all (an install): its bundle', () => {
    build();
    rmSync(join(root, 'main/core/a.ts'));
    expect(runsBundle()).toBe(false);
    rmSync(join(root, 'main'), { recursive: true });
    expect(runsBundle()).toBe(true);
  });

  it('a stamp cut short, or one this code cannot read: the sources', () => {
    build();
    write(CLI_STAMP, '{"main/cli/main.ts":');
    expect(runsBundle()).toBe(false);
    write(CLI_STAMP, '{"main/cli/main.ts":42}');
    expect(runsBundle()).toBe(false);
  });

  it('stamps each file once, by size, time and content, and a missing one as missing', () => {
    const stamp = stampFiles(url(), ['main/core/a.ts', 'main/core/a.ts', 'missing.ts']);
    expect(stamp).toEqual({
      'main/core/a.ts': [19, statSync(join(root, 'main/core/a.ts')).mtimeMs, expect.stringMatching(/^[0-9a-f]{64}$/)],
      'missing.ts': null,
    });
    expect(filesAsStamped(url(), stamp)).toBe(true);
  });
});
