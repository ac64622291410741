import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCli, runCli, sandboxExplorerArgs } from '../support/cli.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// The network of a service profile against a service whose chain is regtest: a standalone sandbox
// (its headers have bits 0x207fffff, as the real documentation's own sample headers do). A profile
// left to detect reads regtest from its first confirmed block; one labelled mainnet gets no receipt
// that would fail its own check, says why, and gets it once the label is set right.

const root = mkdtempSync(join(tmpdir(), 'notarium-network-'));
const home = join(root, 'home');
let sb: TestSandbox;
/** The key comes in NOTARIUM_API_KEY (for the profile in use): no keychain needed here. */
const cli = (...args: string[]) => runCli(args, { env: { NOTARIUM_HOME: home, NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: sb.apiKey }, cwd: root });
const json = jsonCli(cli);

beforeAll(async () => {
  sb = await startTestSandbox({ blockInterval: 0.2 });
  mkdirSync(home, { recursive: true });
});
afterAll(async () => {
  await sb.stop();
  rmSync(root, { recursive: true, force: true });
});

// The explorer gives the raw transactions (receipts verify whole); the block headers come in the proofs.
const add = (name: string, ...options: string[]) =>
  cli('profile', 'add', name, '--base-url', sb.baseUrl, ...sandboxExplorerArgs(sb.baseUrl), '--confirmations', '2', '--block-seconds', '0.5', ...options);

describe('a service profile left to detect its network', () => {
  it('says "detect" until its first block, then reads regtest from it; its receipts carry regtest and verify', async () => {
    const added = await add('Detecting');
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^Network: detect, from the first confirmed block header of its service\.$/m);
    expect((await cli('profile', 'use', 'Detecting')).code).toBe(0);
    expect((await cli('profile', 'list')).stdout).toMatch(/^\*\s+Detecting\s+\S+\s+detect\s+2$/m);

    writeFileSync(join(root, 'minutes.txt'), 'minutes of the meeting\n');
    const done = await json('notarise', 'minutes.txt', '--wait');
    expect(done.code).toBe(0);
    // Only the wait's own lines: no background error (those start "notarium:").
    expect(done.stderr).not.toMatch(/notarium:/);
    expect(done.stderr).toMatch(/^Waiting until the registration is in a block with /);
    const receipt = JSON.parse(readFileSync(join(root, 'minutes.txt.receipt.json'), 'utf8'));
    expect(receipt.network).toBe('regtest');
    expect(receipt.confirmation.merkleProof.target.slice(144, 152)).toBe('ffff7f20'); // bits 0x207fffff, little-endian

    const profile = (await json('profile', 'list')).value.find((p: { name: string }) => p.name === 'Detecting');
    expect(profile).toMatchObject({ network: 'regtest', networkSource: 'detect', networkDetectedFrom: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await cli('profile', 'list')).stdout).toMatch(/Detecting\s+\S+\s+detected: regtest\s+2$/m);
    expect((await json('status', 'minutes.txt', '--offline')).value).toMatchObject({ state: 'settled', receiptHeld: null });
    const verified = await cli('verify', 'minutes.txt');
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(/^VERIFIED \(TEST CHAIN\) {2}minutes\.txt$/m);

    // Saved again without --network, it keeps what it read.
    expect((await add('Detecting')).stdout).toMatch(new RegExp(`^Network: regtest, detected from block ${profile.networkDetectedFrom}\\.$`, 'm'));
  });
});

describe('a service profile whose label its chain disproves', () => {
  it('mainnet on a regtest chain: no receipt, the record says why with the fix, and the receipt comes once the label is right', async () => {
    expect((await add('Wrong label', '--network', 'mainnet')).code).toBe(0);
    expect((await cli('profile', 'use', 'Wrong label')).code).toBe(0);
    writeFileSync(join(root, 'contract.txt'), 'the contract\n');
    const done = await json('notarise', 'contract.txt', '--wait');
    expect(done.code).toBe(0);
    expect(done.value[0].record.state).toBe('settled');
    const why =
      /No receipt was written for contract\.txt: the profile "Wrong label" names the network mainnet, but its block [0-9a-f]{64} has bits 0x207fffff, easier than mainnet allows \(the chain reads as regtest\); set the network with "notarium profile add 'Wrong label' --network regtest" \(or in Settings\), and the receipt is written then\./;
    expect(done.stderr).toMatch(why); // the background error, as it happened (its wording names the fix)
    expect(done.stderr).toMatch(/^notarium: contract\.txt: No receipt was written.* \[NETWORK_MISMATCH\]$/m);
    expect(existsSync(join(root, 'contract.txt.receipt.json'))).toBe(false);
    expect((await json('status', 'contract.txt', '--offline')).value.receiptHeld).toMatch(why);
    expect((await cli('status', 'contract.txt', '--offline')).stdout).toMatch(/^ {2}receipt held: No receipt was written for contract\.txt/m);
    const exported = await cli('receipt', 'export', 'contract.txt');
    expect(exported.code).not.toBe(0);
    expect(exported.stderr + exported.stdout).toMatch(why);

    // The fix the sentence names.
    const fixed = await cli('profile', 'add', 'Wrong label', '--network', 'regtest');
    expect(fixed.code).toBe(0);
    expect(fixed.stderr).toMatch(/^Receipt written: .*contract\.txt\.receipt\.json$/m);
    const receipt = JSON.parse(readFileSync(join(root, 'contract.txt.receipt.json'), 'utf8'));
    expect(receipt.network).toBe('regtest');
    expect((await json('status', 'contract.txt', '--offline')).value).toMatchObject({
      receiptHeld: null,
      receiptPath: join(root, 'contract.txt.receipt.json'),
    });
    expect((await cli('verify', 'contract.txt')).stdout).toMatch(/^VERIFIED \(TEST CHAIN\) {2}contract\.txt$/m);
  });
});
