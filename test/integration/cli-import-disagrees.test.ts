import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCli, runCli } from '../support/cli.ts';
import { forgeFromNothing } from '../support/forged-from-nothing.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

/**
 * Nothing imported overrules the chain: a pending receipt forged for a file, naming another
 * registration's real txId on the library's own service, is followed as imported evidence; once
 * that txId is in a block, its evidence does not hold the file's fingerprint, so the import
 * becomes imported evidence that disagrees (rejected, exit 1), never the library's settled
 * registration, and the receipt file beside the user's file is never rewritten with it.
 */

const root = mkdtempSync(join(tmpdir(), 'notarium-import-disagrees-'));
const work = join(root, 'work');
let sb: TestSandbox;
let env: Record<string, string>;
const cli = (...args: string[]) => runCli(args, { env, cwd: work });
const json = jsonCli(cli);

beforeAll(async () => {
  // The match endpoint off: the import cannot ask whether the txId holds the receipt's fingerprint.
  sb = await startTestSandbox({ disable: ['match'] });
  env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_BASE_URL: sb.baseUrl, NOTARIUM_API_KEY: sb.apiKey };
  mkdirSync(work, { recursive: true });
});
afterAll(async () => {
  await sb.stop();
  rmSync(root, { recursive: true, force: true });
});

/** A pending receipt forged for `name`, naming `txId` (someone else's registration) on the sandbox's service. */
function forgedNaming(name: string, content: string, txId: string): string {
  const path = forgeFromNothing(work, name, content, { network: 'sandbox', evidence: 'pending', serviceUrl: sb.baseUrl });
  const receipt = JSON.parse(readFileSync(path, 'utf8'));
  receipt.registration.txId = txId;
  writeFileSync(path, JSON.stringify(receipt, null, 2));
  return path;
}

describe('a pending import naming another registration’s txId', () => {
  it('becomes imported evidence that disagrees once that txId is in a block: never settled, its receipt file left as it was', async () => {
    const { txId } = await sb.write(randomBytes(32));
    const forged = forgedNaming('victim.txt', 'the victim’s own file\n', txId);
    const before = readFileSync(forged);
    const imported = await json('receipt', 'import', forged);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.value[0]).toMatchObject({ imported: true, outcome: 'pending' });

    await sb.mine(6);
    const status = await json('status', 'victim.txt');
    expect(status.code, status.stderr).toBe(1);
    expect(status.value).toMatchObject({ txId, state: 'imported', confirmations: null, proofOutcome: 'pending', blockHash: null });
    expect(status.value.lastError).toMatch(/^Its receipt disagrees with the chain: .* fingerprint/);
    const words = await cli('status', 'victim.txt', '--offline');
    expect(words.code).toBe(1);
    expect(words.stdout).toMatch(/^"victim\.txt": imported evidence, rejected \(not registered by this library\)$/m);
    expect(words.stdout).toMatch(/^ {2}note: {9}Its receipt disagrees with the chain/m);
    expect(words.stdout).not.toMatch(/settled|confirmed|in a block \(/);
    // Nothing of the other registration's evidence was written beside the user's file.
    expect(readFileSync(forged)).toEqual(before);
    // A wait ends on it as a rejection, and still says imported.
    const waited = await json('wait', 'victim.txt');
    expect(waited.code).toBe(1);
    expect(waited.value).toMatchObject({ state: 'imported', confirmations: null });
    expect(readFileSync(forged)).toEqual(before);
  });
});
