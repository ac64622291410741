import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Notary } from '../../main/core/notary.ts';
import type { SecretStore } from '../../main/core/secrets/secret-store.ts';
import { notarise } from '../../main/core/usecases/notarise.ts';
import { importReceipt, writeReceipt } from '../../main/core/usecases/receipts.ts';
import { upgradeReceipt } from '../../main/core/usecases/receipt-upgrade.ts';
import { profileNetworks, standingRegistrations } from '../../main/core/usecases/registrations.ts';
import { GIVE_UP_PERIODS } from '../../main/core/usecases/give-up.ts';
import { recordJson } from '../../main/cli/json.ts';
import { engineOnClock, runUntil } from '../support/engine-clock.ts';
import { pendingForgery } from '../support/forged-from-nothing.ts';
import { ManualClock } from '../support/manual-clock.ts';
import type { TestSandbox } from '../support/sandbox-client.ts';

// A pending receipt imported into a library whose profile has no explorer: when its service says
// the receipt's txId is in a block, nothing ties the receipt's fingerprint to that block (the raw
// transaction would). A forger who names another library's registration must not get its block:
// the import stays pending and imported, says why, is not completed by `receipt upgrade`, and is no
// longer followed after as long as the library's own would be without a block.

const BLOCK = 10_000;
const RESUBMIT_AFTER_S = 120;
const PROFILE = { name: 'No explorer', network: 'regtest', expectedBlockSeconds: BLOCK / 1000, targetConfirmations: 1, resubmitAfterSeconds: RESUBMIT_AFTER_S };
const NO_SECRETS: SecretStore = { get: async () => null, set: async () => {}, delete: async () => false };
const root = mkdtempSync(join(tmpdir(), 'notarium-import-unbound-'));
let running: { notaries: Notary[]; sandbox: TestSandbox } | undefined;
afterEach(async () => {
  for (const n of running?.notaries ?? []) await n.close();
  await running?.sandbox.stop();
  running = undefined;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a pending import on a profile without an explorer', () => {
  it('forged with another registration’s txId: never takes that block, says why, and is left as it was', async () => {
    const clock = new ManualClock();
    // The maker: a library with an explorer, whose registration the forger names.
    // A service with its content check (match) disabled, as the real one may be: nothing refuses the forgery at its import.
    const { notary: maker, sandbox } = await engineOnClock(clock, join(root, 'maker'), PROFILE, { strict: true, disable: ['match'] });
    const victim = new Notary({ dataDir: join(root, 'victim'), secrets: NO_SECRETS, env: { NOTARIUM_API_KEY: sandbox.apiKey }, timers: clock });
    running = { notaries: [maker, victim], sandbox };
    await victim.library.profiles.save({ ...PROFILE, baseUrl: sandbox.baseUrl });
    await victim.library.profiles.use(PROFILE.name);

    const deed = join(root, 'deed.txt');
    writeFileSync(deed, 'a deed of another library\n');
    const [made] = await notarise(maker.context, [deed], { batch: false });
    const txId = made!.record!.txId!;
    // The deed's own receipt while it is pending, for a library whose explorer gives transactions but no headers.
    const deedPending = await writeReceipt(maker.context, maker.library.records.get(made!.record!.id)!, join(root, 'deed-pending.receipt.json'));

    const content = 'the forger’s contract\n';
    const digest = createHash('sha256').update(content).digest();
    const path = join(root, 'contract.txt.receipt.json');
    const forged = pendingForgery(content, txId, sandbox.baseUrl);
    writeFileSync(path, JSON.stringify(forged, null, 2));
    const imported = await importReceipt(victim.context, path);
    expect(imported.record).toMatchObject({ txId, proofOutcome: 'pending', state: 'published' });

    victim.startPoller();
    await sandbox.mine(2);
    await runUntil(clock, victim, clock.now() + 4 * BLOCK);

    const held = victim.library.records.get(imported.record.id)!;
    expect(held).toMatchObject({ state: 'published', proofOutcome: 'pending', blockHash: null, confirmations: 0, confirmation: null });
    expect(held.lastError).toMatch(
      new RegExp(
        `^Its service says registration ${txId} is in block [0-9a-f]{64}, but profile "No explorer" has no explorer to give its raw transaction, so nothing ties this receipt's fingerprint to that block: it stays imported and pending\\. Give the profile an explorer`,
      ),
    );
    expect(recordJson(held)).toMatchObject({ state: 'imported', blockHash: null });
    expect(standingRegistrations(victim.context, await profileNetworks(victim.context), digest.toString('hex'))).toEqual([]);

    // A library that never imported it, without an explorer either: `receipt upgrade` does not
    // write that block into the forger's file (its txId is anyone's to name).
    const stranger = new Notary({ dataDir: join(root, 'stranger'), secrets: NO_SECRETS, env: { NOTARIUM_API_KEY: sandbox.apiKey }, timers: clock });
    running.notaries.push(stranger);
    await stranger.library.profiles.save({ ...PROFILE, baseUrl: sandbox.baseUrl });
    await stranger.library.profiles.use(PROFILE.name);
    const elsewhere = await upgradeReceipt(stranger.context, stranger.follower, path);
    expect(elsewhere).toMatchObject({ status: 'pending', noted: true });
    expect(elsewhere.status === 'pending' && elsewhere.message).toMatch(
      new RegExp(
        `^Its service says transaction ${txId} is in block [0-9a-f]{64}, but without its raw transaction .* nothing ties this receipt's fingerprint to that block, so the receipt was left as it was`,
      ),
    );
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(forged);

    // A genuine pending receipt, upgraded through an explorer that gives its transaction but no header:
    // left as it was too, saying that the header is what is missing.
    const headless = new Notary({ dataDir: join(root, 'headless'), secrets: NO_SECRETS, env: { NOTARIUM_API_KEY: sandbox.apiKey }, timers: clock });
    running.notaries.push(headless);
    await headless.library.profiles.save({ ...PROFILE, baseUrl: sandbox.baseUrl, explorerTxUrl: `${sandbox.baseUrl}/explorer/tx/{txId}/hex` });
    await headless.library.profiles.use(PROFILE.name);
    const pendingText = readFileSync(deedPending, 'utf8');
    const noHeader = await upgradeReceipt(headless.context, headless.follower, deedPending);
    expect(noHeader).toMatchObject({ status: 'pending', noted: true });
    expect(noHeader.status === 'pending' && noHeader.message).toMatch(
      new RegExp(
        `^Its service says transaction ${txId} is in block [0-9a-f]{64}, but without that block's header \\(the explorer asked gives no headers\\) nothing ties the transaction's Merkle proof to that block, so the receipt was left as it was`,
      ),
    );
    expect(readFileSync(deedPending, 'utf8')).toBe(pendingText);

    // `receipt upgrade` (the app's "Complete receipt") leaves the forger's file as it was, saying why.
    const upgrade = await upgradeReceipt(victim.context, victim.follower, path);
    expect(upgrade).toMatchObject({ status: 'pending', noted: true });
    expect(upgrade.status === 'pending' && upgrade.message).toMatch(
      /nothing ties this receipt's fingerprint to that block.* The receipt was left as it was\.$/,
    );
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(forged);

    // Followed as long as the library's own would be without a block, from its import; then no longer.
    await runUntil(clock, victim, imported.record.createdAt + GIVE_UP_PERIODS * RESUBMIT_AFTER_S * 1000 + 4 * BLOCK);
    const ended = victim.library.records.get(imported.record.id)!;
    expect(ended).toMatchObject({ state: 'failed', proofOutcome: 'pending', blockHash: null, nextCheckAt: null });
    expect(ended.lastError).toMatch(
      /^Imported evidence never tied to a block in the 12 minutes it was followed since it was imported, so it is no longer followed\. Its service says registration/,
    );

    // The genuine receipt of that registration replaces the forgery, and nothing of the forgery's story stays beside it.
    maker.startPoller();
    await runUntil(clock, maker, clock.now() + 2 * BLOCK);
    const genuinePath = await writeReceipt(maker.context, maker.library.records.get(made!.record!.id)!, join(root, 'deed.txt.receipt.json'));
    const genuine = await importReceipt(victim.context, genuinePath);
    expect(genuine).toMatchObject({ imported: true, replaced: { id: imported.record.id } });
    const replaced = victim.library.records.get(imported.record.id)!;
    expect(replaced).toMatchObject({ txId, sha256: createHash('sha256').update('a deed of another library\n').digest('hex'), lastError: null });
    expect(replaced.proofOutcome).not.toBe('pending');
  });
});
