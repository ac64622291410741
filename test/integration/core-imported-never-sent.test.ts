import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Notary } from '../../main/core/notary.ts';
import type { SecretStore } from '../../main/core/secrets/secret-store.ts';
import { notarise } from '../../main/core/usecases/notarise.ts';
import { importReceipt, receiptOf } from '../../main/core/usecases/receipts.ts';
import { profileNetworks, standingRegistrations } from '../../main/core/usecases/registrations.ts';
import { GIVE_UP_PERIODS } from '../../main/core/usecases/give-up.ts';
import { importedNeverMined, PENDING_STATES } from '../../main/core/store/record.ts';
import { stateWords } from '../../main/cli/describe.ts';
import { recordJson } from '../../main/cli/json.ts';
import { engineOnClock, runUntil } from '../support/engine-clock.ts';
import { pendingForgery } from '../support/forged-from-nothing.ts';
import { ManualClock } from '../support/manual-clock.ts';
import type { TestSandbox } from '../support/sandbox-client.ts';

// The library never sends anything it did not itself register: an imported receipt the service
// stops knowing, or does not get into a block, is evidence that stays imported. It is never sent
// "once more" or "again" with the receipt's fingerprint and salt, which would make a forger's
// fingerprint a registration of the user's own. The engine and a strict sandbox share a clock.

const BLOCK = 10_000;
const REJECT_AFTER_S = 60;
const RESUBMIT_AFTER_S = 120;
const WRITE = 'POST /api/v1/records';
const root = mkdtempSync(join(tmpdir(), 'notarium-imported-never-sent-'));
const PROFILE = {
  name: 'Strict service',
  network: 'regtest',
  expectedBlockSeconds: BLOCK / 1000,
  targetConfirmations: 1,
  rejectAfterSeconds: REJECT_AFTER_S,
  resubmitAfterSeconds: RESUBMIT_AFTER_S,
  idempotentWrites: false,
};
const NO_SECRETS: SecretStore = { get: async () => null, set: async () => {}, delete: async () => false };
let running: { notaries: Notary[]; sandbox: TestSandbox } | undefined;
let homes = 0;
afterEach(async () => {
  for (const n of running?.notaries ?? []) await n.close();
  await running?.sandbox.stop();
  running = undefined;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function onOneClock(clock: ManualClock) {
  const { notary, sandbox } = await engineOnClock(clock, join(root, `home-${++homes}`), PROFILE, { strict: true });
  running = { notaries: [notary], sandbox };
  const writes = async (): Promise<number> =>
    (await sandbox.json<{ routes: { route: string; total: number }[] }>('/__sandbox/requests')).routes.find((r) => r.route === WRITE)?.total ?? 0;
  return { notary, sandbox, writes };
}

/** Another library on the same service and clock: the maker of a genuine receipt. */
async function maker(clock: ManualClock, sandbox: TestSandbox): Promise<Notary> {
  const other = new Notary({
    dataDir: join(root, `maker-${++homes}`),
    secrets: NO_SECRETS,
    env: { NOTARIUM_API_KEY: sandbox.apiKey },
    autoReceipts: false,
    timers: clock,
  });
  await other.library.profiles.save({
    ...PROFILE,
    baseUrl: sandbox.baseUrl,
    explorerTxUrl: `${sandbox.baseUrl}/explorer/tx/{txId}/hex`,
    explorerHeaderUrl: `${sandbox.baseUrl}/explorer/block/{blockHash}/header`,
  });
  await other.library.profiles.use(PROFILE.name);
  running!.notaries.push(other);
  return other;
}

describe('an imported pending receipt', () => {
  it('forged, that the service does not know: becomes rejected evidence and is never sent as the library’s own', async () => {
    const clock = new ManualClock();
    const { notary, sandbox, writes } = await onOneClock(clock);
    const content = 'a file the forger knows\n';
    const digest = createHash('sha256').update(content).digest();
    const txId = randomBytes(32).toString('hex');
    const path = join(root, `forged-${homes}.receipt.json`);
    const receipt = pendingForgery(content, txId, sandbox.baseUrl);
    writeFileSync(path, JSON.stringify(receipt, null, 2));
    const imported = await importReceipt(notary.context, path);
    expect(imported.record).toMatchObject({ txId, proofOutcome: 'pending' });

    notary.startPoller();
    await sandbox.mine();
    await runUntil(clock, notary, clock.now() + REJECT_AFTER_S * 1000 + 4 * BLOCK);
    await sandbox.mine();
    await runUntil(clock, notary, clock.now() + RESUBMIT_AFTER_S * 1000 + 4 * BLOCK);

    expect(await writes()).toBe(0);
    const held = notary.library.records.bySha256(digest.toString('hex'));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ id: imported.record.id, txId, state: 'rejected', proofOutcome: 'pending' });
    expect(held[0]!.lastError).toMatch(/The receipt's registration is not known to the service/);
    // Nothing stands for the content: its status is evidence, not a registration of the library's.
    expect(standingRegistrations(notary.context, await profileNetworks(notary.context), digest.toString('hex'))).toEqual([]);
  });

  it(`genuine, of another library, that the service does not get into a block: is followed, never sent again, and no longer after ${GIVE_UP_PERIODS} resubmission periods`, async () => {
    const clock = new ManualClock();
    const { notary, sandbox, writes } = await onOneClock(clock);
    const other = await maker(clock, sandbox);
    const file = join(root, `deed-${homes}.txt`);
    writeFileSync(file, 'a deed of another library\n');
    const [made] = await notarise(other.context, [file], { batch: false });
    expect(made?.status).toBe('registered');
    const path = join(root, `deed-${homes}.receipt.json`);
    writeFileSync(path, JSON.stringify(await receiptOf(other.context, other.library.records.get(made!.record!.id)!), null, 2));
    expect(await writes()).toBe(1);

    const imported = await importReceipt(notary.context, path);
    expect(imported.record).toMatchObject({ proofOutcome: 'pending', state: 'published' });
    // Someone else's registration on its way is not one of the library's own pending: neither the
    // sidebar's count nor the Library's Pending filter counts it; the whole list shows it.
    expect(notary.library.records.pendingCount()).toBe(0);
    expect(notary.library.batches.files({ states: [...PENDING_STATES], own: true }).total).toBe(0);
    expect(notary.library.batches.files({}).total).toBe(1);
    notary.startPoller();
    await runUntil(clock, notary, clock.now() + 2 * RESUBMIT_AFTER_S * 1000 + 4 * BLOCK);

    expect(await writes()).toBe(1);
    expect(notary.library.records.group(imported.record.id)).toHaveLength(1);
    expect(notary.library.records.get(imported.record.id)).toMatchObject({ state: 'published', proofOutcome: 'pending' });

    // Followed as long as the library's own would be without a block, from its import; then no longer.
    await runUntil(clock, notary, imported.record.createdAt + GIVE_UP_PERIODS * RESUBMIT_AFTER_S * 1000 + 4 * BLOCK);
    const ended = notary.library.records.get(imported.record.id)!;
    expect(ended).toMatchObject({ state: 'failed', proofOutcome: 'pending', nextCheckAt: null });
    expect(importedNeverMined(ended)).toBe(true);
    expect(ended.lastError).toMatch(
      /^Imported evidence that never got into a block: the service holds the receipt's registration \(txId [0-9a-f]{64}\), but no block took it in the 12 minutes it was followed since it was imported, so it is no longer followed\./,
    );
    expect(stateWords(ended)).toMatch(/^imported evidence, never in a block: /);
    // In JSON as every imported record is: state "imported", what became of it beside it.
    expect(recordJson(ended)).toMatchObject({ state: 'imported', proofOutcome: 'pending', receiptClaims: { state: 'published', confirmations: 0 } });
    expect(notary.library.records.nextDueAt()).toBeNull();
    // Stable: nothing asks about it or sends it any more.
    const asked = ended.checks;
    await runUntil(clock, notary, clock.now() + 4 * RESUBMIT_AFTER_S * 1000);
    expect(notary.library.records.get(imported.record.id)).toMatchObject({ state: 'failed', checks: asked });
    expect(await writes()).toBe(1);
    expect(notary.library.records.group(imported.record.id)).toHaveLength(1);
  });
});
