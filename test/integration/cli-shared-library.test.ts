import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';

// Several processes on one data directory, as a user runs them: commands that write the same
// library at the same moment wait their turn (immediate transactions), none crashes or hangs.

const root = mkdtempSync(join(tmpdir(), 'notarium-cli-shared-'));
const work = join(root, 'work');
const env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
const cli = (...args: string[]) => runCli(args, { env, cwd: work });

beforeAll(() => mkdirSync(work, { recursive: true }));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('one data directory, several processes', () => {
  it('six "notarise --wait" at once, beside other commands, all end settled, each file with its receipt', async () => {
    const files = ['f1.txt', 'f2.txt', 'f3.txt', 'f4.txt', 'f5.txt', 'f6.txt'];
    for (const f of files) writeFileSync(join(work, f), `${f}\n`);
    for (const f of ['g1.txt', 'g2.txt']) writeFileSync(join(work, f), `${f}\n`);
    // Meanwhile other commands write the same library: registrations, and status checks stored.
    const [runs, others] = await Promise.all([
      Promise.all(files.map((f) => cli('notarise', f, '--wait'))),
      Promise.all([cli('notarise', 'g1.txt'), cli('notarise', 'g2.txt')]).then(async (sent) => [
        ...sent,
        await cli('status', 'g1.txt'),
        await cli('status', 'g2.txt'),
      ]),
    ]);
    // notarise: registered (0); status: in a block (0) or waiting for one (3); none locked out.
    expect(others.map((r) => [r.code, /locked|SQLITE_BUSY/.test(r.stderr), r.stderr + r.stdout])).toEqual([
      [0, false, expect.any(String)],
      [0, false, expect.any(String)],
      [expect.toBeOneOf([0, 3]), false, expect.any(String)],
      [expect.toBeOneOf([0, 3]), false, expect.any(String)],
    ]);
    // The process hosting the embedded sandbox may end first: the others say so and connect again.
    for (const r of runs)
      expect({ code: r.code, locked: /locked|SQLITE_BUSY/.test(r.stderr), stderr: r.stderr, stdout: r.stdout }).toEqual({
        code: 0,
        locked: false,
        stderr: expect.any(String),
        stdout: expect.any(String),
      });
    for (const f of files) expect(existsSync(join(work, `${f}.receipt.json`))).toBe(true);
  });
});
