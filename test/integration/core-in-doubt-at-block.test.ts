import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { StoredRecord } from '../../main/core/store/record.ts';
import { addVersion } from '../../main/core/usecases/documents.ts';
import { notarise } from '../../main/core/usecases/notarise.ts';
import { engineOnClock, runUntil } from '../support/engine-clock.ts';
import { ManualClock } from '../support/manual-clock.ts';

// Writes left in doubt are looked at again when a block comes, at most once per block per profile:
// many registrations confirmed in one block are many status answers about one block, and each look
// at a version in doubt reads its predecessor on the service (navigate and status), which the real
// service allows once per 10 minutes per location. The engine and a strict sandbox share a manual
// clock; the sandbox mines only when the test says so and counts the requests it receives.

const BLOCK = 10_000;
const NAVIGATE = 'GET /api/v1/linkedrecords/{txId}/navigate';
const root = mkdtempSync(join(tmpdir(), 'notarium-in-doubt-block-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('a version in doubt is looked for once per block, however many registrations of its profile that block confirms', async () => {
  const clock = new ManualClock();
  const { notary, sandbox } = await engineOnClock(
    clock,
    join(root, 'home'),
    { name: 'Strict service', network: 'regtest', expectedBlockSeconds: BLOCK / 1000, targetConfirmations: 4, idempotentWrites: false },
    { strict: true },
  );
  try {
    const file = (name: string): string => {
      const path = join(root, name);
      writeFileSync(path, `${name}\n`);
      return path;
    };
    const navigations = async (): Promise<number> =>
      (await sandbox.json<{ routes: { route: string; total: number }[] }>('/__sandbox/requests')).routes.find((r) => r.route === NAVIGATE)?.total ?? 0;
    const faults = (settings: object) => sandbox.json('/__sandbox/faults', { method: 'POST', body: JSON.stringify(settings) });

    const v1 = file('plan-1.md');
    const [created] = await notarise(notary.context, [v1], { document: true });
    notary.startPoller();
    await sandbox.mine();
    await runUntil(clock, notary, clock.now() + 2 * BLOCK);
    expect(notary.library.records.get(created!.record!.id)!.confirmations).toBeGreaterThan(0);

    // Version 2's request is cut before the service takes it: in doubt, looked for on the chain
    // (nothing follows version 1 yet), and not sent again before its resubmission time.
    await faults({ dropRate: 1, dropPhase: 'before' });
    await expect(addVersion(notary.context, file('plan-2.md'), v1)).rejects.toThrow();
    await faults({ dropRate: 0 });
    const inDoubt = notary.library.records.ofDocument(created!.record!.documentId!).find((r) => r.version === 2)!;
    expect(inDoubt.state).toBe('submitting');

    const others: StoredRecord[] = [];
    for (let i = 0; i < 6; i++) others.push((await notarise(notary.context, [file(`note-${i}.txt`)], { batch: false }))[0]!.record!);
    await runUntil(clock, notary, clock.now() + BLOCK / 2);
    const before = await navigations();
    await sandbox.mine(); // one block: six registrations in it, six answers that say so
    await runUntil(clock, notary, clock.now() + 1.5 * BLOCK);
    const inBlock = others.map((r) => notary.library.records.get(r.id)!.confirmations);
    expect(inBlock).toEqual(others.map(() => 1));
    expect(await navigations()).toBe(before + 1);

    // No block comes: the six are asked about again a block later and still say one confirmation;
    // nothing new on the chain, so the version in doubt is not looked for again.
    await runUntil(clock, notary, clock.now() + 2 * BLOCK);
    expect(await navigations()).toBe(before + 1);

    // The next block: the six are asked about again, and the version in doubt looked for once more.
    await sandbox.mine();
    await runUntil(clock, notary, clock.now() + 1.5 * BLOCK);
    expect(others.map((r) => notary.library.records.get(r.id)!.confirmations)).toEqual(others.map(() => 2));
    expect(await navigations()).toBe(before + 2);
    expect(notary.library.records.get(inDoubt.id)!.state).toBe('submitting');
  } finally {
    await notary.close();
    await sandbox.stop();
  }
});
