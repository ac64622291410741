import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OWNER_ONLY_MODES } from '../../main/core/fs/private-files.ts';
import { Library } from '../../main/core/store/library.ts';
import { BIN, type CliResult } from '../support/cli.ts';

// The data directory (library, embedded sandbox with its API key and identity
// signing key) is the user's alone: 0700 folders and 0600 files, even under a permissive umask.

const root = mkdtempSync(join(tmpdir(), 'notarium-private-'));
const home = join(root, 'home');
const work = join(root, 'work');
mkdirSync(work);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** `notarium` under `umask 000`, so every mode comes from Notarium itself. */
function cliUnderOpenUmask(...args: string[]): Promise<CliResult> & { child: ChildProcess; output: Promise<void> } {
  const child = spawn('/bin/sh', ['-c', 'umask 000 && exec "$0" "$@"', process.execPath, BIN, ...args], {
    cwd: work,
    env: { ...process.env, NOTARIUM_HOME: home, NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' },
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const output = new Promise<void>((resolve) => child.stdout.on('data', (d) => ((stdout += d), resolve())));
  const done = new Promise<CliResult>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return Object.assign(done, { child, output });
}

/** Every entry of the tree whose mode gives anything to group or others. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (path: string): void => {
    const st = lstatSync(path);
    if (st.mode & 0o077) found.push(`${path.slice(root.length)} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return found;
}

describe('the data directory is private', () => {
  it('after a notarise on the embedded sandbox, no folder or file of it is open to group or others (POSIX; Windows keeps its ACLs)', async () => {
    if (process.platform === 'win32') {
      expect(OWNER_ONLY_MODES).toBe(false);
      return;
    }
    expect(OWNER_ONLY_MODES).toBe(true);
    // `start` hosts the embedded sandbox; its files (the SQLite WAL and shared memory among them) are looked at while it runs.
    const host = cliUnderOpenUmask('start', '--json', '--block-interval', '0.2');
    try {
      await host.output;
      writeFileSync(join(work, 'a.txt'), 'alpha\n');
      const run = await cliUnderOpenUmask('notarise', 'a.txt', '--wait');
      expect(run.code, run.stderr).toBe(0);
      expect(readdirSync(home)).toEqual(expect.arrayContaining(['library.sqlite', 'sandbox']));
      expect(readdirSync(join(home, 'sandbox'))).toEqual(
        expect.arrayContaining(['sandbox.sqlite', 'sandbox.sqlite-wal', 'sandbox.sqlite-shm', 'port', 'host.json', 'host.lock']),
      );
      expect(openToOthers(home)).toEqual([]);
    } finally {
      host.child.kill('SIGTERM');
      await host;
    }
    expect(openToOthers(home)).toEqual([]);
    expect(lstatSync(home).mode & 0o777).toBe(0o700);
    // The receipt beside the file is the user's document, with the usual modes.
    expect(lstatSync(join(work, 'a.txt.receipt.json')).mode & 0o044).toBe(0o044);
  });

  it("the library's own WAL and shared-memory files, while it is open, are the user's alone", async () => {
    if (process.platform === 'win32') {
      expect(OWNER_ONLY_MODES).toBe(false);
      return;
    }
    const dir = join(root, 'library-open');
    const library = Library.open(dir);
    try {
      await library.profiles.save({ name: 'Work', baseUrl: 'https://records.example.com' });
      expect(readdirSync(dir).sort()).toEqual(['library.sqlite', 'library.sqlite-shm', 'library.sqlite-wal']);
      expect(openToOthers(dir)).toEqual([]);
    } finally {
      library.close();
    }
  });

  it('an existing data directory readable by others (an earlier version) is tightened when it is opened', async () => {
    if (process.platform === 'win32') {
      expect(OWNER_ONLY_MODES).toBe(false);
      return;
    }
    for (const path of [home, join(home, 'sandbox')]) chmodSync(path, 0o755);
    for (const name of ['library.sqlite', 'sandbox/sandbox.sqlite', 'sandbox/port']) chmodSync(join(home, name), 0o644);
    expect(openToOthers(home).length).toBeGreaterThanOrEqual(5);
    writeFileSync(join(work, 'b.txt'), 'beta\n');
    const run = await cliUnderOpenUmask('notarise', 'b.txt', '--wait');
    expect(run.code, run.stderr).toBe(0);
    expect(openToOthers(home)).toEqual([]);
  });
});
