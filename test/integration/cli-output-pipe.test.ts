import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../support/cli.ts';

describe('a reader that goes away', () => {
  it('`notarium hash … | head` ends the command quietly: no EPIPE stack, every file still read', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'notarium-pipe-'));
    const files = Array.from({ length: 40 }, (_, i) => join(folder, `f${i}.txt`));
    for (const f of files) writeFileSync(f, `file ${f}\n`);
    const child = spawn(process.execPath, [BIN, 'hash', ...files], {
      env: { ...process.env, NOTARIUM_HOME: join(folder, 'home') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The reader is gone before the command prints anything (Node has not even loaded it yet).
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|Error/);
    expect(code).toBe(0);
  });
});
