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

describe('one data directory, several processes', { timeout: 180_000 }, () => {
  it('six "notarise --wait" at once all end settled, each file with its receipt', async () => {
    const files = ['f1.txt', 'f2.txt', 'f3.txt', 'f4.txt', 'f5.txt', 'f6.txt'];
    for (const f of files) writeFileSync(join(work, f), `${f}\n`);
    const runs = await Promise.all(files.map((f) => cli('notarise', f, '--wait')));
    // The process hosting the embedded sandbox may end first: the others say so and connect again.
    for (const r of runs) expect({ code: r.code, locked: /locked|SQLITE_BUSY/.test(r.stderr) }).toEqual({ code: 0, locked: false });
    for (const f of files) expect(existsSync(join(work, `${f}.receipt.json`))).toBe(true);
  });
});
