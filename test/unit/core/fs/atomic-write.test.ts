import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomically } from '../../../../main/core/fs/atomic-write.ts';

// Writes in folders other people may share never follow a planted link.

let root: string;
let folder: string;
let outside: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'notarium-atomic-'));
  folder = join(root, 'shared');
  mkdirSync(folder);
  outside = join(root, 'victim.txt');
  writeFileSync(outside, 'precious\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('writeFileAtomically', () => {
  it('writes the content whole, and leaves nothing else in the folder', () => {
    const target = join(folder, 'a.receipt.json');
    const content = 'x'.repeat(300_000);
    writeFileAtomically(target, content);
    expect(readFileSync(target, 'utf8')).toBe(content);
    writeFileAtomically(target, 'second');
    expect(readFileSync(target, 'utf8')).toBe('second');
    expect(readdirSync(folder)).toEqual(['a.receipt.json']);
  });

  it('never writes through a link planted at a temporary name, old (<target>.<pid>.tmp) or guessed', () => {
    const target = join(folder, 'a.receipt.json');
    const planted = [
      `a.receipt.json.${process.pid}.tmp`,
      `a.receipt.json.notarium-${process.pid}.tmp`,
      '.notarium-000000000000000000000000.tmp',
      'a.receipt.json.tmp',
    ];
    for (const name of planted) symlinkSync(outside, join(folder, name));
    writeFileAtomically(target, '{"receipt":1}\n');
    expect(readFileSync(outside, 'utf8')).toBe('precious\n');
    expect(readFileSync(target, 'utf8')).toBe('{"receipt":1}\n');
    for (const name of planted) expect(lstatSync(join(folder, name)).isSymbolicLink()).toBe(true);
    expect(readdirSync(folder).sort()).toEqual([...planted, 'a.receipt.json'].sort());
  });

  it('a link planted at the exact temporary name chosen is never opened: the write steps around it, and the link and its target stay as they were', () => {
    const target = join(folder, 'a.receipt.json');
    const names = ['.notarium-planted.tmp', '.notarium-free.tmp'];
    symlinkSync(outside, join(folder, names[0]!));
    const chosen: string[] = [];
    writeFileAtomically(target, '{"receipt":2}\n', { temporaryName: () => (chosen.push(names[chosen.length]!), chosen.at(-1)!) });
    expect(chosen).toEqual(names);
    expect(readFileSync(outside, 'utf8')).toBe('precious\n');
    expect(readFileSync(target, 'utf8')).toBe('{"receipt":2}\n');
    expect(lstatSync(join(folder, names[0]!)).isSymbolicLink()).toBe(true);
    expect(readdirSync(folder).sort()).toEqual([names[0]!, 'a.receipt.json'].sort());
  });

  it('when every name tried has a link planted at it, the write is refused (EEXIST) and neither the link nor its target is touched', () => {
    const target = join(folder, 'a.receipt.json');
    symlinkSync(outside, join(folder, '.notarium-planted.tmp'));
    expect(() => writeFileAtomically(target, 'overwrite?', { temporaryName: () => '.notarium-planted.tmp' })).toThrow(/EEXIST/);
    expect(readFileSync(outside, 'utf8')).toBe('precious\n');
    expect(lstatSync(join(folder, '.notarium-planted.tmp')).isSymbolicLink()).toBe(true);
    expect(readdirSync(folder)).toEqual(['.notarium-planted.tmp']);
  });

  it('replaces a link standing at the target itself instead of following it', () => {
    const target = join(folder, 'a.receipt.json');
    symlinkSync(outside, target);
    writeFileAtomically(target, 'the receipt');
    expect(readFileSync(outside, 'utf8')).toBe('precious\n');
    expect(lstatSync(target).isFile()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('the receipt');
  });

  it('gives an exact mode when asked, whatever the umask', () => {
    const script = join(folder, 'verify.sh');
    writeFileAtomically(script, '#!/bin/sh\n', { mode: 0o755 });
    if (process.platform !== 'win32') expect(statSync(script).mode & 0o777).toBe(0o755);
    writeFileAtomically(script, '#!/bin/sh\n', { mode: 0o700 });
    if (process.platform !== 'win32') expect(statSync(script).mode & 0o777).toBe(0o700);
  });

  it('fails cleanly: the error comes through and no temporary file stays behind', () => {
    mkdirSync(join(folder, 'a-folder'));
    expect(() => writeFileAtomically(join(folder, 'a-folder'), 'x')).toThrow(/EISDIR|EEXIST|ENOTEMPTY|EPERM/);
    expect(() => writeFileAtomically(join(folder, 'missing', 'a.json'), 'x')).toThrow(/ENOENT/);
    expect(readdirSync(folder)).toEqual(['a-folder']);
  });
});
