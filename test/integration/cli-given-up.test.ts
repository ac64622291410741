import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';
import { startStrictService, type StrictService } from '../support/strict-service.ts';

// A service that never mines (a strict sandbox, --never-mine-rate 1), sending again every second:
// a registration is given up after six periods. The command line says why, and lists it once.

const root = mkdtempSync(join(tmpdir(), 'notarium-cli-given-up-'));
const work = join(root, 'work');
let strict: StrictService;
const cli = (...args: string[]) => runCli(args, { env: strict.env, cwd: work });

beforeAll(async () => {
  mkdirSync(work, { recursive: true });
  strict = await startStrictService(join(root, 'home'), { blockInterval: 0.2, resubmitAfterSeconds: 1, sandbox: { faults: { neverMineRate: 1 } } });
});
afterAll(async () => {
  await strict.stop();
  rmSync(root, { recursive: true, force: true });
});

const NOT_MINED =
  /^never\.txt: Not mined: the service accepted "never\.txt" but did not get it into a block in 6 seconds, sent again every 1 second, so it is no longer followed\./m;

describe('a registration never mined', () => {
  it('"notarise --wait" ends with exit 1 and the sentence "status" gives', async () => {
    writeFileSync(join(work, 'never.txt'), 'never\n');
    const waited = await cli('notarise', 'never.txt', '--wait');
    expect(waited.code).toBe(1);
    expect(waited.stdout).toMatch(/registered +never\.txt +[0-9a-f]{12}… +failed/);
    expect(waited.stdout).toMatch(NOT_MINED);
    const status = await cli('status', 'never.txt', '--offline');
    expect(status.stdout).toContain(NOT_MINED.exec(waited.stdout)![0].slice('never.txt: '.length));
  });

  it('"versions" lists the given-up version once (the newest submission), and the queued version that failed with it', async () => {
    writeFileSync(join(work, 'gv.txt'), 'gv 1\n');
    writeFileSync(join(work, 'gv-2.txt'), 'gv 2\n');
    expect((await cli('notarise', 'gv.txt', '--document')).code).toBe(0);
    expect((await cli('version', 'add', 'gv-2.txt', '--of', 'gv.txt')).stdout).toMatch(/^Version 2 queued/);
    const ended = await cli('wait', 'gv.txt');
    expect(ended.code).toBe(1);
    const versions = await cli('versions', 'gv.txt');
    expect(versions.stdout).toMatch(/^gv\.txt: 2 versions, from the library \(1 never sent\)$/m);
    const rows = versions.stdout.split('\n').filter((l) => /^\d+ /.test(l));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^1 +gv\.txt +[0-9a-f]{12}… +failed$/);
    expect(rows[1]).toMatch(/^2 +gv-2\.txt +- +failed$/);
    const status = await cli('status', 'gv-2.txt', '--offline');
    expect(status.stdout).toContain(
      'note:         Not sent: it waited for version 1 of "gv.txt", which was never mined, and it would have followed the output that version may still hold.',
    );
  });
});
