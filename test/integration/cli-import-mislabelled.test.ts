import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandboxProfileArgs } from '../support/cli.ts';
import { makerAndReceiver } from '../support/maker-and-receiver.ts';

/**
 * A genuine receipt whose network label was changed is not that service's receipt as issued: the
 * profile that reaches its service writes to another chain than the label names. It is kept as
 * evidence (partially verified, or pending), never followed there, never completed under the
 * service's label, and never stands for its file: the library, `status` and `notarise` agree.
 */

// The receiver reaches that service through a profile of its own (on the sandbox network), in use so the key is its.
const parties = makerAndReceiver('import-mislabelled', {
  receiver: (env) => ({ NOTARIUM_HOME: env.NOTARIUM_HOME, NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: env.NOTARIUM_API_KEY }),
});
const { root, made, loose, make, receive, receiveJson } = parties;

/** The maker's receipt of `name`, with its network label changed, written beside a copy of the file for the receiver. */
function relabelled(name: string, network: string): string {
  const receipt = JSON.parse(readFileSync(join(made, `${name}.receipt.json`), 'utf8'));
  receipt.network = network;
  writeFileSync(join(loose, name), readFileSync(join(made, name)));
  const path = join(loose, `${name}.receipt.json`);
  writeFileSync(path, JSON.stringify(receipt, null, 2));
  return path;
}

beforeAll(async () => {
  for (const home of ['receiver-home', 'other-home', 'third-home']) {
    const env = { ...parties.receiver, NOTARIUM_HOME: join(root, home) };
    expect((await runCli(['profile', 'add', 'Records', ...sandboxProfileArgs(parties.sb.baseUrl)], { env })).code).toBe(0);
    expect((await runCli(['profile', 'use', 'Records'], { env })).code).toBe(0);
  }
  writeFileSync(join(made, 'settled.txt'), 'a settled deed\n');
  writeFileSync(join(made, 'pending.txt'), 'a deed not in a block yet\n');
  expect((await make('notarise', 'settled.txt')).code).toBe(0);
  await parties.sb.mine(6);
  const done = await make('wait', 'settled.txt');
  expect(done.code, done.stderr).toBe(0);
  // Sent after those blocks, and in none yet: its receipt is pending.
  expect((await make('notarise', 'pending.txt')).code).toBe(0);
  const exported = await make('receipt', 'export', 'pending.txt');
  expect(exported.code, exported.stderr).toBe(0);
  expect(JSON.parse(readFileSync(join(made, 'pending.txt.receipt.json'), 'utf8')).confirmation ?? null).toBeNull();
});

describe('a genuine receipt relabelled', () => {
  it('as regtest, in a block: partially verified, naming the network its service writes to; notarise registers the file', async () => {
    const path = relabelled('settled.txt', 'regtest');
    const imported = await receiveJson('receipt', 'import', path);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.value[0]).toMatchObject({ imported: true, outcome: 'partially-verified', network: 'regtest', mislabelled: 'sandbox' });
    const words = await receive('receipt', 'import', path);
    expect(words.stdout).toMatch(/^not imported|^already/m);
    const fresh = await runCli(['receipt', 'import', path], { env: { ...parties.receiver, NOTARIUM_HOME: join(root, 'other-home') }, cwd: loose });
    expect(fresh.stdout).toContain(
      'partially verified on regtest, a test chain whose proof of work proves nothing: its network label (regtest) is not the network of the profile that reaches its service ("Records", sandbox)',
    );
    const status = await receiveJson('status', 'settled.txt', '--offline');
    expect(status.value).toMatchObject({ state: 'imported', proofOutcome: 'partially-verified' });
    // Nothing stands for the file: notarising it registers it, naming the imported receipt.
    const notarised = await receiveJson('notarise', 'settled.txt');
    expect(notarised.code, notarised.stderr).toBe(0);
    expect(notarised.value[0]).toMatchObject({ status: 'registered', importedEvidence: { proofOutcome: 'partially-verified' } });
  });

  it('as mainnet, pending: kept pending and not followed; once its registration is in a block, its file is left as it was', async () => {
    const path = relabelled('pending.txt', 'mainnet');
    const before = readFileSync(path, 'utf8');
    const imported = await receiveJson('receipt', 'import', path);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.value[0]).toMatchObject({ imported: true, outcome: 'pending', network: 'mainnet', mislabelled: 'sandbox' });
    expect(imported.value[0].record).toMatchObject({ nextCheckAt: null });
    const fresh = await runCli(['receipt', 'import', path], { env: { ...parties.receiver, NOTARIUM_HOME: join(root, 'third-home') }, cwd: loose });
    expect(fresh.stdout).toMatch(
      /pending on mainnet: not in a block yet, and its network label \(mainnet\) is not the network of the profile that reaches its service \("Records", sandbox\), so the library does not follow it there: it stays imported evidence\./,
    );
    await parties.sb.mine(6);
    // Asked about online, it is not completed from its service's answer either.
    const asked = await receive('status', 'pending.txt');
    expect(asked.code, asked.stdout + asked.stderr).toBe(3);
    expect(readFileSync(path, 'utf8')).toBe(before);
    const status = await receiveJson('status', 'pending.txt', '--offline');
    expect(status.value).toMatchObject({ state: 'imported', proofOutcome: 'pending', blockHash: null });
  });
});
