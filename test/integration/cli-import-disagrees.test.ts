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
// Two services: one whose match endpoint is off (the import cannot ask whether the txId holds the
// receipt's fingerprint), one with it on but down while the receipt is imported. A library each.
let noMatch: TestSandbox;
let withMatch: TestSandbox;
const envOf = (sb: TestSandbox, home: string) => ({ NOTARIUM_HOME: join(root, home), NOTARIUM_BASE_URL: sb.baseUrl, NOTARIUM_API_KEY: sb.apiKey });
const commands = (sb: () => TestSandbox, home: string) => {
  const cli = (...args: string[]) => runCli(args, { env: envOf(sb(), home), cwd: work });
  return { cli, json: jsonCli(cli) };
};

beforeAll(async () => {
  noMatch = await startTestSandbox({ disable: ['match'] });
  withMatch = await startTestSandbox();
  mkdirSync(work, { recursive: true });
});
afterAll(async () => {
  await noMatch.stop();
  await withMatch.stop();
  rmSync(root, { recursive: true, force: true });
});

/** Fault injection on a sandbox: every API request answered 503 while `down`. */
const serviceDown = (sb: TestSandbox, down: boolean) =>
  sb.json('/__sandbox/faults', { method: 'POST', body: JSON.stringify({ errorRate: down ? 1 : 0, errorStatus: 503 }) });

/** A pending receipt forged for `name`, naming `txId` (someone else's registration) on the sandbox's service. */
function forgedNaming(sb: TestSandbox, name: string, content: string, txId: string): string {
  const path = forgeFromNothing(work, name, content, { network: 'sandbox', evidence: 'pending', serviceUrl: sb.baseUrl });
  const receipt = JSON.parse(readFileSync(path, 'utf8'));
  receipt.registration.txId = txId;
  writeFileSync(path, JSON.stringify(receipt, null, 2));
  return path;
}

describe('a pending import naming another registration’s txId', () => {
  it('becomes imported evidence that disagrees once that txId is in a block: never settled, its receipt file left as it was', async () => {
    const sb = noMatch;
    const { cli, json } = commands(() => noMatch, 'home-no-match');
    const { txId } = await sb.write(randomBytes(32));
    const forged = forgedNaming(sb, 'victim.txt', 'the victim’s own file\n', txId);
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
    // Verified with its receipt beside it, the receipt file reads what the library knows of it, not "pending".
    const checked = await cli('verify', 'victim.txt');
    expect(checked.code).toBe(1);
    expect(checked.stdout).toMatch(/its service has since disproved/);
    // What the library hands on says what it knows: disproved, not "pending" nor "partially verified at best".
    const out = join(root, 'victim-bundle');
    const bundled = await cli('receipt', 'export', 'victim.txt', '--bundle', '-o', out);
    expect(bundled.code, bundled.stderr).toBe(0);
    const readme = readFileSync(join(out, 'README.txt'), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toMatch(
      /Its service has since disproved it, so it does not verify, whatever the page or its claims say\. +Its receipt disagrees with the chain/,
    );
    expect(readme).not.toMatch(/partially verified at best/);
    // Notarising the file registers it, and names the rejected import it registered it beside.
    const words2 = await cli('notarise', 'victim.txt');
    expect(words2.code, words2.stderr).toBe(0);
    expect(words2.stdout).toMatch(
      new RegExp(`an imported receipt of this content exists \\(txId ${txId}, rejected on sandbox\\); it never stood for a registration`),
    );
    const again = await json('notarise', 'victim.txt', '--again', '--json');
    expect(again.value[0]).toMatchObject({ status: 'registered', importedEvidence: { txId, proofOutcome: 'pending' } });
  });

  it('the same with the match endpoint on, when the service was down at the import: the follow-up finds the disagreement', async () => {
    const sb = withMatch;
    const { json } = commands(() => withMatch, 'home-with-match');
    const { txId } = await sb.write(randomBytes(32));
    const forged = forgedNaming(sb, 'other-victim.txt', 'another victim’s file\n', txId);
    const before = readFileSync(forged);
    await serviceDown(sb, true);
    const imported = await json('receipt', 'import', forged);
    await serviceDown(sb, false);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.value[0]).toMatchObject({ imported: true, outcome: 'pending' });
    await sb.mine(6);
    const status = await json('status', 'other-victim.txt');
    expect(status.code, status.stderr).toBe(1);
    expect(status.value).toMatchObject({ txId, state: 'imported', confirmations: null, blockHash: null });
    expect(status.value.lastError).toMatch(/^Its receipt disagrees with the chain/);
    expect(readFileSync(forged)).toEqual(before);
  });
});
