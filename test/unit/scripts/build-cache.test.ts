import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildIfChanged, type CachedBuild } from '../../../scripts/build-cache.ts';

// The skip of `npm start`'s builds: a stand-in build that "compiles" src/*.txt into out/, reading
// the files its entry names (as a bundler reports the modules it loaded), counted each time it runs.

const base = mkdtempSync(join(tmpdir(), 'notarium-build-cache-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

let root: string;
let runs: number;
let n = 0;
const write = (path: string, text: string): void => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

beforeEach(() => {
  root = join(base, `repo-${++n}`);
  runs = 0;
  write('config.json', '{"minify":true}');
  write('src/entry.txt', 'a.txt\nb.txt');
  write('src/a.txt', 'A');
  write('src/b.txt', 'B');
  write('src/unused.txt', 'never read');
});

function build(overrides: Partial<CachedBuild> = {}): CachedBuild {
  return {
    name: 'stand-in',
    root,
    fixedInputs: ['config.json'],
    outputs: ['out'],
    run: async () => {
      runs++;
      const { readFileSync } = await import('node:fs');
      const imports = readFileSync(join(root, 'src/entry.txt'), 'utf8').split('\n').filter(Boolean);
      write('out/bundle.txt', imports.map((f) => readFileSync(join(root, 'src', f), 'utf8')).join(''));
      return [join(root, 'src/entry.txt'), ...imports.map((f) => `src/${f}`)];
    },
    ...overrides,
  };
}

const stamps = (): string => join(root, 'out-stamps');

describe('a build skipped when nothing it depends on changed', () => {
  it('runs the first time, then is skipped while inputs and outputs stay as they were', async () => {
    expect(await buildIfChanged(build(), stamps())).toBe('built');
    expect(await buildIfChanged(build(), stamps())).toBe('unchanged');
    expect(runs).toBe(1);
  });

  it('runs again when a file it read changes, and only then', async () => {
    await buildIfChanged(build(), stamps());
    write('src/unused.txt', 'edited, but no build reads it');
    expect(await buildIfChanged(build(), stamps())).toBe('unchanged');
    write('src/b.txt', 'B2');
    expect(await buildIfChanged(build(), stamps())).toBe('built');
    expect(await buildIfChanged(build(), stamps())).toBe('unchanged');
    expect(runs).toBe(2);
  });

  it('a file newly read counts from then on (its import was an edit of a file read before)', async () => {
    await buildIfChanged(build(), stamps());
    write('src/entry.txt', 'a.txt\nb.txt\nunused.txt');
    expect(await buildIfChanged(build(), stamps())).toBe('built');
    write('src/unused.txt', 'now read');
    expect(await buildIfChanged(build(), stamps())).toBe('built');
    expect(runs).toBe(3);
  });

  it('runs again when a fixed input (configuration, the lock file) changes, or a file it read is gone', async () => {
    await buildIfChanged(build(), stamps());
    write('config.json', '{"minify":false}');
    expect(await buildIfChanged(build(), stamps())).toBe('built');
    rmSync(join(root, 'src/a.txt'));
    write('src/entry.txt', 'b.txt');
    expect(await buildIfChanged(build(), stamps())).toBe('built');
    expect(runs).toBe(3);
  });

  it('runs again when its output was changed or removed by anything else', async () => {
    await buildIfChanged(build(), stamps());
    write('out/bundle.txt', 'built from other sources');
    expect(await buildIfChanged(build(), stamps())).toBe('built');
    write('out/stray.txt', 'left by another build');
    expect(await buildIfChanged(build(), stamps())).toBe('built');
    rmSync(join(root, 'out'), { recursive: true });
    expect(await buildIfChanged(build(), stamps())).toBe('built');
    expect(runs).toBe(4);
  });

  it('a build that fails leaves no stamp: the next start builds again', async () => {
    await buildIfChanged(build(), stamps());
    write('src/b.txt', 'B2');
    const failing = build({ run: () => Promise.reject(new Error('syntax error')) });
    await expect(buildIfChanged(failing, stamps())).rejects.toThrow('syntax error');
    write('src/b.txt', 'B'); // back to the inputs of the last good build: its outputs are those still
    expect(await buildIfChanged(build(), stamps())).toBe('built');
    expect(runs).toBe(2);
  });

  it('two builds keep their own stamps', async () => {
    await buildIfChanged(build(), stamps());
    const other = build({ name: 'other', outputs: ['out2'], run: async () => (runs++, write('out2/x', 'x'), ['config.json']) });
    expect(await buildIfChanged(other, stamps())).toBe('built');
    expect(await buildIfChanged(build(), stamps())).toBe('unchanged');
    expect(await buildIfChanged(other, stamps())).toBe('unchanged');
  });
});
