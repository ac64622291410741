import { execFileSync, type ChildProcess } from 'node:child_process';
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';

/**
 * Receipts that are devices, links or huge: whatever is named `x.pdf.receipt.json` beside
 * `x.pdf` (a FIFO no one writes to, a link to /dev/zero, a folder, a 1.5 GiB sparse file), `verify`
 * of the folder ends with a sentence for each file, and never reads more than a receipt can be.
 * Before the fix the FIFO hung the command forever and /dev/zero grew it without bound.
 */

const root = mkdtempSync(join(tmpdir(), 'notarium-hostile-'));
const env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
const children: ChildProcess[] = [];
const cli = (...args: string[]) => {
  const run = runCli(args, { env, cwd: root });
  children.push(run.child);
  return run;
};
// A command that hangs (the defect) must not outlive the test.
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

const HUGE = 1.5 * 2 ** 30;
type Hostile = 'fifo' | 'zero' | 'folder' | 'huge';
const PLANT: Record<Hostile, (at: string) => void> = {
  fifo: (at) => execFileSync('mkfifo', [at]),
  zero: (at) => symlinkSync('/dev/zero', at),
  folder: (at) => mkdirSync(at),
  // Sparse: 1.5 GiB long, no block on disk; reading it whole would allocate it all.
  huge: (at) => {
    const fd = openSync(at, 'w');
    ftruncateSync(fd, HUGE);
    closeSync(fd);
  },
};
const EXPECTED: Record<Hostile, { status: string; code: string; message: RegExp }> = {
  fifo: { status: 'unreadable', code: 'FILE_UNREADABLE', message: /fifo\.pdf\.receipt\.json" could not be read: it is a pipe \(FIFO\), not a regular file/ },
  zero: { status: 'unreadable', code: 'FILE_UNREADABLE', message: /zero\.pdf\.receipt\.json" could not be read: it is a device, not a regular file/ },
  folder: { status: 'unreadable', code: 'FILE_UNREADABLE', message: /folder\.pdf\.receipt\.json" could not be read: it is a folder, not a file/ },
  huge: {
    status: 'unreadable',
    code: 'RECEIPT_INVALID',
    message: new RegExp(`huge\\.pdf\\.receipt\\.json: the file is ${HUGE} bytes long; a receipt is at most 4194304 bytes \\(4 MiB\\), so it was not read`),
  },
};

/** A folder holding `<kind>.pdf` and, beside it, the hostile thing named as its receipt. */
function plant(folder: string, kind: Hostile): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `${kind}.pdf`), `the ${kind} document\n`);
  PLANT[kind](join(folder, `${kind}.pdf.receipt.json`));
}

interface Result {
  path: string;
  status: string;
  message: string;
  error: { code: string; message: string } | null;
}

async function verifyFolder(folder: string): Promise<{ code: number | null; results: Result[] }> {
  const r = await cli('verify', folder, '--offline', '--json');
  return { code: r.code, results: JSON.parse(r.stdout) as Result[] };
}

describe('a hostile receipt beside a file', () => {
  it.each(['fifo', 'zero', 'folder', 'huge'] as Hostile[])('%s: verify of the folder ends with a sentence for the file', async (kind) => {
    const folder = join(root, kind);
    plant(folder, kind);
    const { code, results } = await verifyFolder(folder);
    const expected = EXPECTED[kind];
    expect(results).toEqual([
      {
        ...results[0],
        path: join(folder, `${kind}.pdf`),
        status: expected.status,
        error: { code: expected.code, message: expect.stringMatching(expected.message) },
      },
    ]);
    expect(results[0]!.message).toBe(results[0]!.error!.message);
    // Unreadable, or too large to be a receipt: nothing was compared, never a mismatch; exit 2.
    expect(code).toBe(2);
  });

  it('all of them in one folder, with a file that has no receipt: one result each', async () => {
    const folder = join(root, 'all');
    for (const kind of Object.keys(PLANT) as Hostile[]) plant(folder, kind);
    writeFileSync(join(folder, 'plain.pdf'), 'no receipt here\n');
    const { code, results } = await verifyFolder(folder);
    expect(Object.fromEntries(results.map((r) => [r.path.slice(folder.length + 1), r.error?.code ?? r.status]))).toEqual({
      'fifo.pdf': 'FILE_UNREADABLE',
      'folder.pdf': 'FILE_UNREADABLE',
      'huge.pdf': 'RECEIPT_INVALID',
      'plain.pdf': 'unknown',
      'zero.pdf': 'FILE_UNREADABLE',
    });
    expect(code).toBe(2);
  });

  it('named on their own, to receipt verify and receipt import, they are refused the same way', async () => {
    const folder = join(root, 'named');
    for (const kind of Object.keys(PLANT) as Hostile[]) plant(folder, kind);
    for (const kind of Object.keys(PLANT) as Hostile[]) {
      const receipt = join(folder, `${kind}.pdf.receipt.json`);
      const verified = await cli('receipt', 'verify', receipt, '--json');
      expect(JSON.parse(verified.stdout), kind).toMatchObject({
        status: EXPECTED[kind].status,
        error: { code: EXPECTED[kind].code, message: expect.stringMatching(EXPECTED[kind].message) },
      });
    }
    const receipts = (Object.keys(PLANT) as Hostile[]).map((kind) => join(folder, `${kind}.pdf.receipt.json`));
    const imported = await cli('receipt', 'import', ...receipts);
    expect(imported.code).toBe(2);
    const refusals = imported.stderr.trim().split('\n');
    expect(refusals).toHaveLength(4);
    for (const [i, kind] of (Object.keys(PLANT) as Hostile[]).entries()) expect(refusals[i]).toMatch(EXPECTED[kind].message);
  });
});
