import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCli, runCli, sandboxProfileArgs } from '../support/cli.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';
import { forgeFromNothing, type ForgeOptions } from '../support/forged-from-nothing.ts';
import { closedPort } from '../support/closed-port.ts';

/**
 * A forged receipt is never "verified". Partially verified is its
 * own status (exit 3), a network label outside the vocabulary is never judged as the network it
 * looks like, an imported partial receipt stays partial in the library, and the online check that
 * was asked for either passes, fails (the service that made the receipt does not know it), or
 * leaves the file partially verified; merely tried (verify), the service's "unknown" leaves the
 * file partially verified.
 */

const root = mkdtempSync(join(tmpdir(), 'notarium-outcomes-'));
const work = join(root, 'work');
const env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
let sb: TestSandbox;
const cli = (...args: string[]) => runCli(args, { env: { ...env, NOTARIUM_API_KEY: sb.apiKey }, cwd: work });
const json = jsonCli(cli);

beforeAll(async () => {
  sb = await startTestSandbox({ blockInterval: 0.2 });
  mkdirSync(env.NOTARIUM_HOME, { recursive: true });
  mkdirSync(work, { recursive: true });
});
afterAll(async () => {
  await sb.stop();
  rmSync(root, { recursive: true, force: true });
});

const forge = (name: string, content: string, opts: ForgeOptions) => forgeFromNothing(work, name, content, opts);

describe('no transaction, no header, a self-consistent Merkle root, for a file never registered', () => {
  it('verify: PARTIALLY VERIFIED, exit 3, naming the skipped steps and what they leave unproven', async () => {
    forge('partial.pdf', 'never registered anywhere\n', { network: 'mainnet', evidence: 'none' });
    const text = await cli('verify', 'partial.pdf', '--offline');
    expect(text.code).toBe(3);
    expect(text.stdout).toMatch(/^PARTIALLY VERIFIED {2}partial\.pdf$/m);
    expect(text.stdout).toMatch(/Partially verified, not verified: no check failed, but transaction and block header could not be checked/);
    expect(text.stdout).toMatch(/unproven: That transaction [0-9a-f]{64} carries this fingerprint/);
    expect(text.stdout).toMatch(/unproven: That transaction [0-9a-f]{64} is in block [0-9a-f]{64}, and the block's time and proof of work/);
    expect(text.stdout).not.toMatch(/^VERIFIED/m);
    const batch = await cli('verify', '.', '--offline');
    expect(batch.stdout).toMatch(/^1 file: 0 verified, 1 partially verified, 0 mismatch, 0 pending, 0 unknown, 0 unreadable$/m);
    expect(batch.code).toBe(3);

    const { code, value } = await json('verify', 'partial.pdf', '--offline');
    expect(code).toBe(3);
    expect(value[0]).toMatchObject({
      status: 'partially-verified',
      outcome: 'partially-verified',
      source: 'receipt',
      network: { label: 'mainnet', known: true, testChain: false },
      unproven: [expect.stringMatching(/carries this fingerprint/), expect.stringMatching(/is in block/)],
    });
    // Each skipped step names why, as a code a program can branch on.
    const codes = Object.fromEntries(value[0].steps.map((s: { id: string; code?: string }) => [s.id, s.code ?? null]));
    expect(codes).toEqual({
      'file-digest': null,
      record: null,
      aggregation: null,
      fingerprint: null,
      transaction: 'no-raw-transaction',
      'merkle-proof': null,
      'block-header': 'no-block-header',
      chain: 'offline',
      service: 'offline',
    });
  });

  it('receipt verify: the same, with and without the file', async () => {
    const withFile = await cli('receipt', 'verify', 'partial.pdf.receipt.json', 'partial.pdf');
    expect(withFile.code).toBe(3);
    expect(withFile.stdout).toMatch(/^PARTIALLY VERIFIED {2}/);
    const alone = await json('receipt', 'verify', 'partial.pdf.receipt.json');
    expect(alone).toMatchObject({
      code: 3,
      value: { status: 'partially-verified', unproven: expect.arrayContaining([expect.stringMatching(/no file was supplied/)]) },
    });
  });
});

describe('network labels', () => {
  it('a raw transaction and a self-mined header labelled "mainnet\\u200b": partially verified, the proof of work not judged, the label shown escaped', async () => {
    forge('zero-width.pdf', 'zero width\n', { network: 'mainnet\u200b', evidence: 'mined' });
    const text = await cli('verify', 'zero-width.pdf', '--offline');
    expect(text.code).toBe(3);
    expect(text.stdout).toMatch(/^PARTIALLY VERIFIED {2}zero-width\.pdf$/m);
    expect(text.stdout).toContain('the network label "mainnet\\u{200b}" is not mainnet, testnet, stn, regtest or sandbox');
    expect(text.stdout).not.toContain('mainnet\u200b');
    const { value } = await json('verify', 'zero-width.pdf', '--offline');
    expect(value[0]).toMatchObject({ status: 'partially-verified', network: { label: 'mainnet\u200b', known: false, testChain: false } });
    expect(value[0].steps.find((s: { id: string }) => s.id === 'block-header')).toMatchObject({ status: 'skipped', code: 'network-unknown' });
  });

  it('the same block labelled mainnet: a mismatch at the block header, exit 1', async () => {
    forge('mainnet.pdf', 'claims mainnet\n', { network: 'MainNet', evidence: 'mined' });
    const { code, value } = await json('verify', 'mainnet.pdf', '--offline');
    expect(code).toBe(1);
    expect(value[0]).toMatchObject({ status: 'mismatch', failedStep: 'block-header', network: { label: 'mainnet', known: true } });
    expect(value[0].steps.find((s: { id: string }) => s.id === 'block-header')).toMatchObject({ status: 'fail', code: 'target-above-network-limit' });
  });

  it('the same block labelled sandbox: verified, but as a test chain whose proof of work proves nothing', async () => {
    forge('sandbox.pdf', 'honest label\n', { network: 'sandbox', evidence: 'mined' });
    const text = await cli('verify', 'sandbox.pdf', '--offline');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^VERIFIED \(TEST CHAIN\) {2}sandbox\.pdf$/m);
    expect(text.stdout).toMatch(
      /Verified on sandbox, a test chain: .*proof of work proves nothing \(anyone can mine a block there on an ordinary computer\), so this is not a proof on mainnet/,
    );
    const { value } = await json('verify', 'sandbox.pdf', '--offline');
    expect(value[0]).toMatchObject({
      status: 'verified',
      network: { label: 'sandbox', known: true, testChain: true },
      proves: expect.stringMatching(/proves nothing/),
    });
  });

  it('profile add takes only a vocabulary label, in its own spelling', async () => {
    const bad = await cli('profile', 'add', 'Odd', '--base-url', 'https://records.example', '--network', 'testnet-sim');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/The profile's network must be mainnet, testnet, stn, regtest or sandbox/);
    const good = await json('profile', 'add', 'Odd', '--base-url', 'https://records.example', '--network', 'TestNet');
    expect(good.value).toMatchObject({ name: 'Odd', network: 'testnet' });
    expect((await cli('profile', 'remove', 'Odd', '--yes')).code).toBe(0);
  });
});

describe('receipt import keeps the outcome the receipt had', () => {
  it('a partially verified receipt is imported as such, and the library then says partially verified, never verified', async () => {
    const forged = forge('imported.pdf', 'imported, never registered\n', { network: 'mainnet', evidence: 'none' });
    // Away from its file, so that the file is verified by the library alone.
    const elsewhere = join(root, 'forged-import.json');
    writeFileSync(elsewhere, readFileSync(forged));
    rmSync(forged);
    const imported = await json('receipt', 'import', elsewhere);
    expect(imported.code).toBe(0);
    expect(imported.value[0]).toMatchObject({
      imported: true,
      outcome: 'partially-verified',
      skipped: ['transaction', 'block-header'],
      network: 'mainnet',
      testChain: false,
    });
    const words = await cli('receipt', 'import', elsewhere);
    expect(words.stdout).toMatch(
      /already in the library .*\n {2}The library holds txId [0-9a-f]{64} as imported evidence, partially verified; it is kept, and this receipt is not imported\. This receipt: partially verified on mainnet: the receipt holds nothing to check the transaction and block header by/,
    );

    const viaLibrary = await json('verify', 'imported.pdf', '--offline');
    expect(viaLibrary.code).toBe(3);
    expect(viaLibrary.value[0]).toMatchObject({ source: 'library', status: 'partially-verified', outcome: 'partially-verified' });
    expect((await cli('verify', 'imported.pdf', '--offline')).stdout).toMatch(/^PARTIALLY VERIFIED {2}imported\.pdf$/m);

    // The record keeps that outcome: its state is the receipt's word (6 confirmations, settled), never a proof.
    const status = await json('status', imported.value[0].record.txId, '--offline');
    // Its state and confirmations are the receipt's claim, said apart, never the library's own count.
    expect(status.value).toMatchObject({
      state: 'imported',
      confirmations: null,
      receiptClaims: { state: 'settled', confirmations: 6 },
      proofOutcome: 'partially-verified',
    });
    const said = await cli('status', imported.value[0].record.txId, '--offline');
    expect(said.code).toBe(3);
    expect(said.stdout).toMatch(/^"imported\.pdf": imported evidence, not verified: its partially verified receipt claims "settled \(6 confirmations\)"$/m);
  });

  it('a receipt whose network label is not in the vocabulary is refused', async () => {
    const path = forge('refused.pdf', 'refused\n', { network: 'mainnet\u200b', evidence: 'mined' });
    const r = await cli('receipt', 'import', path);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^not imported {2}.*refused\.pdf\.receipt\.json names the network "mainnet\\u\{200b\}", which is not mainnet, testnet, stn, regtest or sandbox: its proof of work could never be judged, so it is not imported\. \[RECEIPT_INVALID\]$/m,
    );
  });
});

describe('the online check, when it is asked for', () => {
  it('the service that made the receipt does not know its confirmed registration: a failed service step, exit 1', async () => {
    const added = await cli('profile', 'add', 'Service', ...sandboxProfileArgs(sb.baseUrl));
    expect(added.code).toBe(0);
    expect((await cli('profile', 'use', 'Service')).code).toBe(0);
    const receipt = forge('unknown-to-service.pdf', 'the service never saw this\n', { network: 'sandbox', evidence: 'mined', serviceUrl: sb.baseUrl });
    // Offline, a self-mined sandbox block verifies (as a test chain): only the service can tell.
    expect((await cli('receipt', 'verify', receipt, 'unknown-to-service.pdf')).code).toBe(0);
    const { code, value } = await json('receipt', 'verify', receipt, 'unknown-to-service.pdf', '--online');
    expect(code).toBe(1);
    expect(value).toMatchObject({ status: 'mismatch', failedStep: 'service' });
    const disowned = expect.stringMatching(
      /^The service that made this receipt \(profile "Service", .*\) does not know transaction [0-9a-f]{64}, though the receipt says it is in block [0-9a-f]{64}: that service did not register it\.$/,
    );
    expect(value.steps.find((s: { id: string }) => s.id === 'service')).toMatchObject({
      status: 'fail',
      code: 'unknown-to-maker',
      detail: disowned,
      expected: 'the service knows the transaction',
      found: 'unknown (404)',
    });

    // verify only tries the check: the service's "unknown" leaves the file partially verified (exit 3), never a mismatch.
    const tried = await json('verify', 'unknown-to-service.pdf');
    expect(tried.code).toBe(3);
    expect(tried.value[0]).toMatchObject({
      status: 'partially-verified',
      unproven: [expect.stringMatching(/^That the service that made this receipt registered it: The service that made this receipt \(profile /)],
    });
    expect(tried.value[0].steps.find((s: { id: string }) => s.id === 'service')).toMatchObject({
      status: 'skipped',
      code: 'unknown-to-maker',
      detail: disowned,
      found: 'unknown (404)',
    });
    expect((await cli('verify', 'unknown-to-service.pdf')).stdout).toMatch(/^PARTIALLY VERIFIED {2}unknown-to-service\.pdf$/m);
  });

  it('the receipt names its service in another spelling (scheme case, default path): the same profile is asked', async () => {
    const spelled = `${sb.baseUrl.replace(/^http:/, 'HTTP:')}/`;
    const receipt = forge('spelled.pdf', 'its service spelled otherwise\n', { network: 'sandbox', evidence: 'mined', serviceUrl: spelled });
    const { code, value } = await json('receipt', 'verify', receipt, 'spelled.pdf', '--online');
    expect(code).toBe(1);
    expect(value).toMatchObject({ status: 'mismatch', failedStep: 'service' });
    expect(value.steps.find((s: { id: string }) => s.id === 'service')).toMatchObject({
      code: 'unknown-to-maker',
      found: 'unknown (404)',
      detail: expect.stringMatching(/^The service that made this receipt \(profile "Service"/),
    });
  });

  it('a receipt naming the embedded sandbox is asked of the built-in Sandbox profile (which has no base URL of its own)', async () => {
    writeFileSync(join(work, 'embedded.txt'), 'registered on the embedded sandbox\n');
    // The test sandbox's key applies to the profile a command names (--profile): not given here, the embedded sandbox's own is used.
    const done = await jsonCli((...args: string[]) => runCli(args, { env, cwd: work }))('notarise', 'embedded.txt', '--wait', '--profile', 'Sandbox');
    expect(done.value[0].record).toMatchObject({ state: 'settled', profile: 'Sandbox' });
    const embeddedUrl = JSON.parse(readFileSync(join(work, 'embedded.txt.receipt.json'), 'utf8')).registration.serviceUrl as string;
    const receipt = forge('claims-embedded.pdf', 'the embedded sandbox never saw this\n', { network: 'sandbox', evidence: 'mined', serviceUrl: embeddedUrl });
    // Its self-mined block is not on the embedded sandbox's chain: its block lookup says so first (the chain step), before the service is asked.
    const asked = await json('receipt', 'verify', receipt, 'claims-embedded.pdf', '--online');
    expect(asked.code).toBe(1);
    expect(asked.value).toMatchObject({ status: 'mismatch', failedStep: 'chain' });
    expect(asked.value.steps.find((s: { id: string }) => s.id === 'chain')).toMatchObject({
      status: 'fail',
      code: 'block-unknown-to-explorer',
      found: 'unknown (404)',
      detail: expect.stringMatching(
        /^According to 127\.0\.0\.1:\d+ at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ, there is no block [0-9a-f]{64}: the explorer does not know it/,
      ),
    });
    expect(asked.value.steps.find((s: { id: string }) => s.id === 'service')).toMatchObject({ status: 'not-run' });
    // verify only tries the chain step: a block unknown to the lookup (404) is skipped, and the service that made the
    // receipt, asked next, does not know it either: partially verified, never verified (exit 3).
    const tried = await json('verify', 'claims-embedded.pdf');
    expect(tried.code).toBe(3);
    expect(tried.value[0]).toMatchObject({ status: 'partially-verified', outcome: 'partially-verified' });
    expect(tried.value[0].steps.find((s: { id: string }) => s.id === 'chain')).toMatchObject({ status: 'skipped', code: 'block-unknown-to-lookup' });
    // The genuine one is confirmed by the same embedded sandbox, its block on the sandbox's best chain.
    const genuine = await json('receipt', 'verify', 'embedded.txt.receipt.json', 'embedded.txt', '--online');
    expect(genuine).toMatchObject({ code: 0, value: { status: 'verified' } });
    expect(genuine.value.steps.find((s: { id: string }) => s.id === 'service')).toMatchObject({
      status: 'pass',
      detail: expect.stringMatching(/profile "Sandbox"/),
    });
    expect(genuine.value.steps.find((s: { id: string }) => s.id === 'chain')).toMatchObject({ status: 'pass' });
  });

  it('importing a forged receipt that names the embedded sandbox asks it too: its block unknown to that chain, refused; one no profile reaches keeps the block time its checked header gives', async () => {
    writeFileSync(join(work, 'embedded-import.txt'), 'registered on the embedded sandbox, then imported elsewhere\n');
    expect((await json('notarise', 'embedded-import.txt', '--wait', '--profile', 'Sandbox')).value[0].record).toMatchObject({ state: 'settled' });
    const embeddedUrl = JSON.parse(readFileSync(join(work, 'embedded-import.txt.receipt.json'), 'utf8')).registration.serviceUrl as string;
    const receipt = forge('import-claims-embedded.pdf', 'forged to name the embedded sandbox, then imported\n', {
      network: 'sandbox',
      evidence: 'mined',
      serviceUrl: embeddedUrl,
    });
    const imported = await cli('receipt', 'import', receipt);
    expect(imported.code).toBe(2);
    expect(imported.stdout + imported.stderr).toMatch(/does not verify: .*there is no block [0-9a-f]{64}: the explorer does not know it \(it answered 404\)/);
    expect((await json('status', 'import-claims-embedded.pdf', '--offline')).code).not.toBe(0);
    // Made by a service no profile reaches: nothing asked, kept as partially verified, its time the header's.
    const elsewhere = forge('import-claims-elsewhere.pdf', 'forged to name another service, then imported\n', {
      network: 'sandbox',
      evidence: 'mined',
      serviceUrl: 'https://records.example',
    });
    expect((await cli('receipt', 'import', elsewhere)).code).toBe(0);
    const status = await json('status', 'import-claims-elsewhere.pdf', '--offline');
    expect(status.value).toMatchObject({ proofOutcome: 'partially-verified' });
    // The receipt says 2026-11-19T08:13:20Z; the header it carries, which was checked, says otherwise.
    expect(status.value.blockTime).toBe(new Date(1_795_000_000 * 1000).toISOString().replace('.000Z', 'Z'));
    // A genuine receipt of this embedded sandbox, imported into another library (whose own embedded
    // sandbox is another chain): no service of that library confirmed it, and a test chain's work
    // proves nothing, so it is kept as imported evidence, not as a registration of that library.
    const genuine = JSON.parse(readFileSync(join(work, 'embedded-import.txt.receipt.json'), 'utf8'));
    const other = { ...env, NOTARIUM_HOME: join(root, 'other-home') };
    const again = await runCli(['receipt', 'import', join(work, 'embedded-import.txt.receipt.json')], { env: other, cwd: work });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(
      /imported .*embedded-import\.txt\.receipt\.json\n {2}partially verified on sandbox, a test chain whose proof of work proves nothing: no service of this library confirmed it/,
    );
    expect(genuine.registration.txId).toMatch(/^[0-9a-f]{64}$/);
  });

  it('no profile reaches the service that made the receipt: partially verified, naming the service step, exit 3', async () => {
    const receipt = forge('no-profile.pdf', 'made elsewhere\n', { network: 'sandbox', evidence: 'mined', serviceUrl: 'https://records.example' });
    const { code, value } = await json('receipt', 'verify', receipt, 'no-profile.pdf', '--online');
    expect(code).toBe(3);
    expect(value).toMatchObject({
      status: 'partially-verified',
      // Both checks that --online asks for need a profile of that service: its block lookup and the service itself.
      unproven: [
        expect.stringMatching(
          /^That the block is on the best chain, as was asked: No profile reaches the service this receipt was made with \(https:\/\/records\.example\)/,
        ),
        expect.stringMatching(/^That the service that made this receipt still holds this registration, as was asked: No profile reaches the service/),
      ],
    });
    expect(value.message).toMatch(
      /^Partially verified, not verified: every offline check passed, but the best-chain check that was asked for could not be made\..* The service check that was asked for could not be made either\.$/,
    );
    // Not asked: the offline steps stand on their own.
    expect((await cli('receipt', 'verify', receipt, 'no-profile.pdf')).code).toBe(0);
  });

  it('the service cannot be reached: partially verified when --online asked for it (exit 3); verify, which only tries, keeps the offline verdict and says why the step was skipped', async () => {
    expect((await cli('profile', 'add', 'Gone', '--base-url', 'http://127.0.0.1:9', '--network', 'sandbox')).code).toBe(0);
    const receipt = forge('unreachable.pdf', 'its service is gone\n', { network: 'sandbox', evidence: 'mined', serviceUrl: 'http://127.0.0.1:9' });
    const skipped = {
      status: 'skipped',
      detail: expect.stringMatching(/^The service of profile "Gone" could not be asked: .* Ask again once it can be reached, or verify offline/),
    };
    const asked = await json('receipt', 'verify', receipt, 'unreachable.pdf', '--online');
    expect(asked.code).toBe(3);
    expect(asked.value).toMatchObject({ status: 'partially-verified' });
    expect(asked.value.steps.find((s: { id: string }) => s.id === 'service')).toMatchObject(skipped);
    const tried = await json('verify', 'unreachable.pdf');
    expect(tried.code).toBe(0);
    expect(tried.value[0]).toMatchObject({ status: 'verified', network: { label: 'sandbox', testChain: true } });
    expect(tried.value[0].steps.find((s: { id: string }) => s.id === 'service')).toMatchObject(skipped);
  });

  it('a genuine receipt of that service passes the online check: verified, as a test chain', async () => {
    // `--online` asks for the best-chain check too: the profile needs a block lookup for it to be made.
    const lookup = ['--explorer-block-url', `${sb.baseUrl}/explorer/block/{blockHash}`];
    expect((await cli('profile', 'add', 'Service', ...sandboxProfileArgs(sb.baseUrl), ...lookup)).code).toBe(0);
    writeFileSync(join(work, 'genuine.txt'), 'registered for real\n');
    const done = await json('notarise', 'genuine.txt', '--wait');
    expect(done.value[0].record).toMatchObject({ state: 'settled', profile: 'Service' });
    const online = await json('receipt', 'verify', 'genuine.txt.receipt.json', 'genuine.txt', '--online');
    expect(online).toMatchObject({ code: 0, value: { status: 'verified', network: { label: 'sandbox', testChain: true } } });
    expect(online.value.steps.find((s: { id: string }) => s.id === 'chain')).toMatchObject({ status: 'pass' });
    expect(online.value.steps.find((s: { id: string }) => s.id === 'service')).toMatchObject({ status: 'pass' });
    const text = await cli('verify', 'genuine.txt');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^VERIFIED \(TEST CHAIN\) {2}genuine\.txt$/m);
  });
});

describe('a receipt that is not one: unreadable, never a mismatch', () => {
  it('verify: UNREADABLE, exit 2, as receipt info says RECEIPT_INVALID; its own count in a folder', async () => {
    const folder = join(work, 'not-a-receipt');
    mkdirSync(folder);
    writeFileSync(join(folder, 'x'), 'x\n');
    writeFileSync(join(folder, 'x.receipt.json'), '{"hello":1}');
    writeFileSync(join(folder, 'edited.pdf'), 'edited\n');
    const forged = forge('edited.pdf', 'the original\n', { network: 'mainnet', evidence: 'none' });
    writeFileSync(join(folder, 'edited.pdf.receipt.json'), readFileSync(forged));
    writeFileSync(join(folder, 'edited.pdf'), 'the original, edited\n');

    const one = await cli('verify', join(folder, 'x'), '--offline');
    expect(one.code).toBe(2);
    expect(one.stdout).toMatch(/^UNREADABLE {2}/);
    expect(one.stdout).toContain('x.receipt.json: This is not a Notarium receipt (it has no format).');
    expect(one.stdout).not.toMatch(/MISMATCH|mismatch:|1 mismatch/);
    const info = await cli('receipt', 'info', join(folder, 'x.receipt.json'));
    expect(info.code).toBe(2);
    expect(info.stderr).toMatch(/\[RECEIPT_INVALID\]$/m);

    const batch = await json('verify', folder, '--offline');
    expect(batch.code).toBe(2); // an unreadable receipt outranks the mismatch beside it
    expect(
      Object.fromEntries(
        batch.value.map((r: { path: string; status: string; error: { code: string } | null }) => [
          r.path.slice(folder.length + 1),
          [r.status, r.error?.code ?? null],
        ]),
      ),
    ).toEqual({
      x: ['unreadable', 'RECEIPT_INVALID'],
      'edited.pdf': ['mismatch', null],
    });
    const text = await cli('verify', folder, '--offline');
    expect(text.stdout).toMatch(/^2 files: 0 verified, 0 partially verified, 1 mismatch, 0 pending, 0 unknown, 1 unreadable$/m);
  });

  it('receipt verify: UNREADABLE, exit 2', async () => {
    writeFileSync(join(work, 'hello.receipt.json'), '{"hello":1}');
    const r = await json('receipt', 'verify', 'hello.receipt.json');
    expect(r.code).toBe(2);
    expect(r.value).toMatchObject({ status: 'unreadable', error: { code: 'RECEIPT_INVALID' } });
  });
});

describe('a path that is not there', () => {
  it('is one sentence on stderr naming it, nothing verified, exit 2; with --json the error shape', async () => {
    writeFileSync(join(work, 'here.txt'), 'here\n');
    const r = await cli('verify', 'here.txt', 'gone.txt', 'gone-folder/');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'notarium verify: There is no file or folder at "gone.txt", "gone-folder/": check the paths. Nothing was verified. [FILE_UNREADABLE]\n',
    );
    const j = await cli('verify', 'gone.txt', '--json');
    expect(j.code).toBe(2);
    expect(JSON.parse(j.stdout)).toEqual({
      error: { code: 'FILE_UNREADABLE', message: 'There is no file or folder at "gone.txt": check the path. Nothing was verified.' },
    });
    const receipt = await cli('receipt', 'verify', 'gone.receipt.json');
    expect(receipt.stderr).toMatch(/^notarium receipt verify: There is no file or folder at "gone\.receipt\.json"/);
  });
});

describe('paths as the user gave them', () => {
  it('verify prints a file under an absolute path given as absolute, under a relative one relative to the working folder', async () => {
    const here = join(root, 'paths', 'here');
    for (const [dir, name] of [
      [join(here, 'files'), 'c1.txt'],
      [join(root, 'paths', 'elsewhere'), 'e1.txt'],
    ] as const) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, name), `${name}, never notarised\n`);
    }
    const absolute = join(here, 'files');
    const r = await runCli(['verify', absolute, 'files', '../elsewhere', '--offline'], { env, cwd: here });
    expect(r.code).toBe(3);
    const lines = r.stdout.split('\n').filter((l) => l.startsWith('UNKNOWN'));
    expect(lines).toEqual([`UNKNOWN   ${join(absolute, 'c1.txt')}`, 'UNKNOWN   files/c1.txt', 'UNKNOWN   ../elsewhere/e1.txt']);
    // --json keeps every path absolute, as before.
    const j = await runCli(['verify', 'files', '--offline', '--json'], { env, cwd: here });
    expect(JSON.parse(j.stdout)[0].path).toBe(join(absolute, 'c1.txt'));
  });

  it('receipt verify names the file (or the receipt alone) as it was given', async () => {
    forge('given.pdf', 'named as given\n', { network: 'mainnet', evidence: 'none' });
    const relative = await cli('receipt', 'verify', 'given.pdf.receipt.json', 'given.pdf');
    expect(relative.stdout).toMatch(/^PARTIALLY VERIFIED {2}given\.pdf$/m);
    const absolute = await cli('receipt', 'verify', join(work, 'given.pdf.receipt.json'));
    expect(absolute.stdout).toMatch(new RegExp(`^PARTIALLY VERIFIED {2}${join(work, 'given.pdf.receipt.json').replace(/[.]/g, '\\.')}$`, 'm'));
  });
});

describe('hints as the user runs the command', () => {
  it('through npx they say "npx notarium"; the error line still starts "notarium <command>:"', async () => {
    const r = await runCli(['verify', '--wiat'], { env: { ...env, npm_command: 'exec', npm_lifecycle_script: 'notarium' }, cwd: work });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('notarium verify: Unknown option "--wiat". Run "npx notarium verify --help" for the options.\n');
    const plain = await runCli(['verify', '--wiat'], { env: { ...env, npm_command: '', npm_lifecycle_script: '' }, cwd: work });
    expect(plain.stderr).toContain('Run "notarium verify --help"');
  });

  it('through npx the hints on stdout say it too, composed with the sentence (a file name stays as it is)', async () => {
    const npx = { env: { ...env, npm_command: 'exec', npm_lifecycle_script: 'notarium' }, cwd: work };
    const overview = await runCli(['--help'], npx);
    expect(overview.stdout).toMatch(/^Usage: npx notarium <command>/);
    expect(overview.stdout).toContain('npx notarium help <command>');
    const usage = await runCli(['verify', '--wiat', '--json'], npx);
    expect(JSON.parse(usage.stdout).error.message).toContain('Run "npx notarium verify --help"');
    const missing = await runCli(['receipt', 'verify'], npx);
    expect(missing.stderr).toMatch(/^notarium receipt verify: An argument is missing\. Usage: npx notarium receipt verify /);
    const added = await runCli(['profile', 'add', 'notarium key', '--base-url', 'http://127.0.0.1:9'], npx);
    expect(added.stdout).toContain('Set its API key with: npx notarium key set --profile "notarium key"');
  });

  it("through npx the engine's own sentences say it too: a connection refused (stdout and --json), the Sandbox profile's key, an empty watch list", async () => {
    const home = join(root, 'hints-home');
    const npx = { npm_command: 'exec', npm_lifecycle_script: 'notarium', NOTARIUM_HOME: home };
    const refused = { ...env, ...npx, NOTARIUM_BASE_URL: `http://127.0.0.1:${await closedPort()}`, NOTARIUM_API_KEY: 'any' };
    writeFileSync(join(work, 'refused-hint.txt'), 'never sent\n');
    const text = await runCli(['notarise', 'refused-hint.txt'], { env: refused, cwd: work });
    expect(text.code).toBe(2);
    expect(text.stdout).toContain("Check the profile's service URL and port (npx notarium profile list, or Settings)");
    const asJson = await runCli(['notarise', 'refused-hint.txt', '--json'], { env: refused, cwd: work });
    expect(JSON.parse(asJson.stdout)[0].error.message).toContain('(npx notarium profile list, or Settings)');
    const key = await runCli(['key', 'set', '--json'], { env: { ...env, ...npx }, cwd: work, input: 'k' });
    expect(key.code).toBe(2);
    expect(JSON.parse(key.stdout).error.message).toContain('add a service profile ("npx notarium profile add")');
    const watched = await runCli(['watch', '--list'], { env: { ...env, ...npx }, cwd: work });
    expect(watched.stdout).toBe('No folder is watched. Add one with "npx notarium watch <folder>".\n');
  });
});

describe('the library, opened only when a file needs it', () => {
  it('verify --offline of a file with its receipt at hand, and receipt verify, report the same with no library, and make none; a file without one opens it', async () => {
    forge('at-hand.pdf', 'verified by its receipt alone\n', { network: 'mainnet', evidence: 'none' });
    const noHome = join(root, 'no-home');
    const elsewhere = (...args: string[]) => runCli(args, { env: { ...env, NOTARIUM_HOME: noHome }, cwd: work });
    const withLibrary = await cli('verify', 'at-hand.pdf', '--offline', '--json');
    expect(withLibrary.code).toBe(3);
    for (const args of [['at-hand.pdf'], ['at-hand.pdf', '--receipt', 'at-hand.pdf.receipt.json']]) {
      const r = await elsewhere('verify', ...args, '--offline', '--json');
      expect(r.code).toBe(3);
      expect(r.stdout).toBe(withLibrary.stdout);
    }
    const text = await elsewhere('verify', 'at-hand.pdf', '--offline');
    expect(text.stdout).toBe((await cli('verify', 'at-hand.pdf', '--offline')).stdout);
    // `receipt verify` (offline unless --online) too, with the file and alone.
    for (const args of [['at-hand.pdf.receipt.json', 'at-hand.pdf'], ['at-hand.pdf.receipt.json']]) {
      const r = await elsewhere('receipt', 'verify', ...args, '--json');
      expect(r.stdout).toBe((await cli('receipt', 'verify', ...args, '--json')).stdout);
    }
    expect(existsSync(noHome)).toBe(false);
    // No receipt beside it: the library's index of contents is asked, so the library is opened (here, made).
    writeFileSync(join(work, 'no-receipt.txt'), 'never notarised\n');
    expect((await elsewhere('verify', 'no-receipt.txt', '--offline')).code).toBe(3);
    expect(existsSync(join(noHome, 'library.sqlite'))).toBe(true);
  });
});
