import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, afterAll, describe, expect, it } from 'vitest';
import type { Notary } from '../../main/core/notary.ts';
import type { StoredRecord } from '../../main/core/store/record.ts';
import { notarise } from '../../main/core/usecases/notarise.ts';
import { engineOnClock, runUntil } from '../support/engine-clock.ts';
import { ManualClock } from '../support/manual-clock.ts';
import type { TestSandbox } from '../support/sandbox-client.ts';

// A 404 means the transaction "may still be publishing, or it was rejected" (record-service.md),
// and "there is no guarantee that a record will be mined": a record should then be submitted again
// (service-notes.md, Timing and life-cycle rules). A registration the service stops knowing for the
// profile's rejection period is sent once more, as a new transaction, before it is given up. The
// engine and a strict sandbox share a manual clock; the sandbox mines only when the test says so.

const BLOCK = 10_000;
const REJECT_AFTER_S = 60;
const WRITE = 'POST /api/v1/records';
const root = mkdtempSync(join(tmpdir(), 'notarium-rejected-'));
let running: { notary: Notary; sandbox: TestSandbox } | undefined;
let homes = 0;
afterEach(async () => {
  await running?.notary.close();
  await running?.sandbox.stop();
  running = undefined;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function onOneClock(clock: ManualClock) {
  const { notary, sandbox } = await engineOnClock(
    clock,
    join(root, `home-${++homes}`),
    {
      name: 'Strict service',
      network: 'regtest',
      expectedBlockSeconds: BLOCK / 1000,
      targetConfirmations: 1,
      rejectAfterSeconds: REJECT_AFTER_S,
      idempotentWrites: false,
    },
    { strict: true },
  );
  running = { notary, sandbox };
  const rejectNext = (rate: number) => sandbox.json('/__sandbox/faults', { method: 'POST', body: JSON.stringify({ rejectRate: rate }) });
  const writes = async (): Promise<number> =>
    (await sandbox.json<{ routes: { route: string; total: number }[] }>('/__sandbox/requests')).routes.find((r) => r.route === WRITE)?.total ?? 0;
  const register = async (name: string): Promise<StoredRecord> => {
    const path = join(root, `${name}-${homes}.txt`);
    writeFileSync(path, `${name}\n`);
    const [outcome] = await notarise(notary.context, [path], { batch: false });
    expect(outcome?.status).toBe('registered');
    return outcome!.record!;
  };
  return { notary, sandbox, rejectNext, writes, register };
}

describe('a registration the service stops knowing (rejected)', () => {
  it('is sent once more as a new transaction; that one is mined and is the registration', async () => {
    const clock = new ManualClock();
    const { notary, sandbox, rejectNext, writes, register } = await onOneClock(clock);
    await rejectNext(1);
    const first = await register('lease');
    await rejectNext(0);
    notary.startPoller();
    await sandbox.mine(); // the chain rejects it: 404 from now on
    await runUntil(clock, notary, clock.now() + REJECT_AFTER_S * 1000 + 4 * BLOCK);
    expect(notary.library.records.get(first.id)).toMatchObject({ state: 'rejected' });
    const group = notary.library.records.group(first.id);
    expect(group).toHaveLength(2);
    expect(group[1]).toMatchObject({ resubmits: first.id, state: 'published', sha256: first.sha256, salt: first.salt });
    expect(await writes()).toBe(2);
    await sandbox.mine();
    await runUntil(clock, notary, clock.now() + 2 * BLOCK);
    expect(notary.library.records.get(group[1]!.id)).toMatchObject({ state: 'settled' });
  });

  it('is given up when the one sent again is rejected too: nothing is sent a third time', async () => {
    const clock = new ManualClock();
    const { notary, sandbox, rejectNext, writes, register } = await onOneClock(clock);
    await rejectNext(1);
    const first = await register('deed');
    notary.startPoller();
    await sandbox.mine();
    await runUntil(clock, notary, clock.now() + REJECT_AFTER_S * 1000 + 4 * BLOCK);
    await sandbox.mine(); // the one sent again is rejected as well
    await runUntil(clock, notary, clock.now() + 2 * REJECT_AFTER_S * 1000 + 8 * BLOCK);
    expect(notary.library.records.group(first.id).map((r) => r.state)).toEqual(['rejected', 'rejected']);
    expect(await writes()).toBe(2);
  });
});
