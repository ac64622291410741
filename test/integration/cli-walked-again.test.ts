import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';

// The CLI as a demanding newcomer met it: a txId cut short is said to be one, not read as a file
// name; a receipt exported elsewhere is a copy, and the library keeps the one beside the file.

const root = mkdtempSync(join(tmpdir(), 'notarium-cli-walked-'));
const env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
const cli = (...args: string[]) => runCli(args, { env, cwd: root });

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the CLI, walked again', () => {
  it('status of a short hex string says that a txId is 64 hexadecimal digits', async () => {
    const r = await cli('status', 'deadbeef');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /deadbeef is no file here, and not a transaction id either: a txId is 64 hexadecimal digits, and this has 8\..*\[TX_ID_PARAM_INVALID\]$/m,
    );
    // A file of that name is a file.
    writeFileSync(join(root, 'cafe'), 'a file named in hex\n');
    expect((await cli('status', 'cafe')).stderr).toMatch(/is not registered in the library/);
  });

  it('receipt export -o elsewhere writes a copy: the library keeps the receipt beside the file', async () => {
    const deed = join(root, 'deed.txt');
    writeFileSync(deed, 'the deed\n');
    const notarised = await cli('notarise', deed, '--wait');
    expect(notarised.code, notarised.stderr).toBe(0);
    const beside = `${deed}.receipt.json`;
    expect(existsSync(beside)).toBe(true);
    mkdirSync(join(root, 'elsewhere'));
    const copy = join(root, 'elsewhere', 'x.json');
    const exported = await cli('receipt', 'export', deed, '-o', copy);
    expect(exported.code, exported.stderr).toBe(0);
    expect(existsSync(copy)).toBe(true);
    const status = JSON.parse((await cli('status', deed, '--json')).stdout) as { receiptPath: string };
    expect(status.receiptPath).toBe(beside);
  });
});
