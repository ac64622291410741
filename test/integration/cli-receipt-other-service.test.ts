import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCli, runCli, sandboxExplorerArgs } from '../support/cli.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

/**
 * A pending receipt made with another service (here a second sandbox on another port)
 * imported into a library whose Sandbox profile is a different instance. The receipt keeps its own
 * service: nothing asks the library's Sandbox about it; `receipt upgrade` says that no profile
 * reaches its service and how to add one, and once one does, completes it when that service has
 * mined it. The services mine only when the test says so. The API key goes to the keychain
 * (scripts/test.sh runs the tests in a private D-Bus session).
 */

const root = mkdtempSync(join(tmpdir(), 'notarium-other-service-'));
const theirs = join(root, 'theirs');
const mine = join(root, 'mine');
let local: TestSandbox; // the library's Sandbox profile reaches this one
let other: TestSandbox; // the receipt was made with this one
/** The maker's library: its profile is the other sandbox. */
const maker = (...args: string[]) =>
  runCli(args, { env: { NOTARIUM_HOME: join(root, 'maker'), NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: other.apiKey }, cwd: theirs });
/** The importing library: its built-in Sandbox profile is the local sandbox (NOTARIUM_BASE_URL overrides it). */
const cli = (args: string[], input?: string) =>
  runCli(args, { env: { NOTARIUM_HOME: join(root, 'library'), NOTARIUM_BASE_URL: local.baseUrl, NOTARIUM_API_KEY: local.apiKey }, cwd: mine, input });
const json = jsonCli((...args) => cli(args));

beforeAll(async () => {
  [local, other] = await Promise.all([startTestSandbox(), startTestSandbox()]);
  mkdirSync(theirs);
  mkdirSync(mine);
  const added = await maker('profile', 'add', 'Theirs', '--base-url', other.baseUrl, '--network', 'sandbox', ...sandboxExplorerArgs(other.baseUrl));
  expect(added.code, added.stderr).toBe(0);
  expect((await maker('profile', 'use', 'Theirs')).code).toBe(0);
});
afterAll(async () => {
  await Promise.all([local?.stop(), other?.stop()]);
  rmSync(root, { recursive: true, force: true });
});

describe('a pending receipt made with another service', () => {
  it('is imported with its own service; upgrade says no profile reaches it, then, with one, completes it once that service has mined it', async () => {
    writeFileSync(join(theirs, 'lease.pdf'), 'the lease\n');
    expect((await maker('notarise', 'lease.pdf')).code).toBe(0);
    expect((await maker('receipt', 'export', 'lease.pdf', '-o', join(mine, 'lease.pdf.receipt.json'))).code).toBe(0);
    copyFileSync(join(theirs, 'lease.pdf'), join(mine, 'lease.pdf'));
    const pending = readFileSync(join(mine, 'lease.pdf.receipt.json'), 'utf8');
    const { registration } = JSON.parse(pending) as { registration: { txId: string; serviceUrl: string } };
    expect(registration.serviceUrl).toBe(other.baseUrl);

    const imported = await cli(['receipt', 'import', 'lease.pdf.receipt.json']);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(`no profile reaches the service that made it (${other.baseUrl}), so nothing here asks it`);
    const record = await json('status', registration.txId, '--offline');
    expect(record.value).toMatchObject({
      state: 'imported',
      receiptClaims: { state: 'published', confirmations: 0 },
      proofOutcome: 'pending',
      nextCheckAt: null,
    });
    // Its service is the receipt's, which no profile reaches: not "profile: Sandbox", the profile it was filed under.
    expect(record.value.service).toEqual({ url: other.baseUrl, profile: null });
    const said = await cli(['status', registration.txId, '--offline']);
    expect(said.stdout).toContain(`  service:      ${other.baseUrl} (no profile reaches it)\n`);
    expect(said.stdout).not.toMatch(/^ {2}profile:/m);
    expect(said.stdout).toMatch(/^ {2}imported: {5}\d{4}-\d\d-\d\dT[^ ]+ \(when it was registered is not in the receipt\)$/m);

    const unreachable = await cli(['receipt', 'upgrade', 'lease.pdf.receipt.json']);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toContain(`No profile reaches the service that made this receipt (${other.baseUrl}), so its block cannot be asked for`);
    expect(unreachable.stderr).toContain(`notarium profile add <name> --base-url ${other.baseUrl}`);
    expect(unreachable.stderr).toMatch(/\[PROFILE_NOT_FOUND\]$/m);
    expect(readFileSync(join(mine, 'lease.pdf.receipt.json'), 'utf8')).toBe(pending);

    // A profile for that service (not the one in use): the receipt is asked of it.
    const added = await cli(['profile', 'add', 'Theirs', '--base-url', other.baseUrl, '--network', 'sandbox', ...sandboxExplorerArgs(other.baseUrl)]);
    expect(added.code, added.stderr).toBe(0);
    expect((await cli(['key', 'set', '--profile', 'Theirs'], `${other.apiKey}\n`)).code).toBe(0);
    expect((await json('status', registration.txId, '--offline')).value.service).toEqual({ url: other.baseUrl, profile: 'Theirs' });
    const early = await cli(['receipt', 'upgrade', 'lease.pdf.receipt.json']);
    expect(early.code, early.stderr).toBe(3);
    expect(early.stdout).toMatch(new RegExp(`^pending {3}.*lease\\.pdf\\.receipt\\.json\\n {2}Transaction ${registration.txId} is not in a block yet`));

    await local.mine(1); // the library's own sandbox mining says nothing about this receipt
    expect((await cli(['receipt', 'upgrade', 'lease.pdf.receipt.json'])).code).toBe(3);
    await other.mine(1);
    const upgraded = await cli(['receipt', 'upgrade', 'lease.pdf.receipt.json']);
    expect(upgraded.code, upgraded.stderr).toBe(0);
    expect(upgraded.stdout).toMatch(
      /^upgraded {2}.*lease\.pdf\.receipt\.json\n {2}completed with block [0-9a-f]{64} \(1 confirmation\); it verifies offline now/,
    );
    const verified = await cli(['receipt', 'verify', 'lease.pdf.receipt.json', 'lease.pdf']);
    expect(verified.code, verified.stdout).toBe(0);
    // The library's record, never followed here, now holds the block the receipt names.
    const done = await json('status', registration.txId, '--offline');
    expect(done.value).toMatchObject({ state: expect.stringMatching(/^(confirmed|settled)$/), confirmations: 1, proofOutcome: 'verified' });
    expect(done.value.blockHash).toBe(JSON.parse(readFileSync(join(mine, 'lease.pdf.receipt.json'), 'utf8')).confirmation.blockHash);
  });
});
