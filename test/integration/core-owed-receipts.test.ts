import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Notary } from '../../main/core/notary.ts';
import { parseReceipt } from '../../verifier/receipt-v1.ts';
import { verifyReceipt } from '../../verifier/verify-receipt.ts';
import { notarise } from '../../main/core/usecases/notarise.ts';
import { engineOnClock, runUntil } from '../support/engine-clock.ts';
import { ManualClock } from '../support/manual-clock.ts';

// An engine that saw a registration reach its block and stopped before writing its receipt (killed
// between the two writes) leaves the receipt owed in the library; the next engine that follows
// registrations writes it when it starts, and owes nothing after. The first engine here writes no
// receipts at all (autoReceipts: false), which is that stop at its most exact.

const BLOCK = 10_000;
const NO_SECRETS = { get: async () => null, set: async () => {}, delete: async () => false };
const root = mkdtempSync(join(tmpdir(), 'notarium-owed-receipts-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('receipts owed by an engine that stopped', () => {
  it('are written by the next engine at its start, and then owed no more', async () => {
    const clock = new ManualClock(1_700_000_000_000);
    const home = join(root, 'home');
    const { notary: first, sandbox } = await engineOnClock(clock, home, {
      name: 'Service',
      network: 'sandbox',
      expectedBlockSeconds: BLOCK / 1000,
      targetConfirmations: 2,
    });
    try {
      const file = join(root, 'minutes.txt');
      writeFileSync(file, 'the minutes\n');
      const [outcome] = await notarise(first.context, [file], { batch: false });
      expect(outcome?.status).toBe('registered');
      first.startPoller();
      await sandbox.mine(3);
      await runUntil(clock, first, clock.now() + 4 * BLOCK);
      expect(first.library.records.get(outcome!.record!.id)!.state).toBe('settled');
      expect(existsSync(`${file}.receipt.json`)).toBe(false);
      expect(first.library.records.receiptsOwed(0, 10).map((r) => r.id)).toEqual([outcome!.record!.id]);
      await first.close();

      const next = new Notary({ dataDir: home, secrets: NO_SECRETS, env: { NOTARIUM_API_KEY: sandbox.apiKey }, timers: clock });
      next.startPoller();
      // close() waits for the start's catch-up, the owed receipts included.
      await next.close();
      const receipt = parseReceipt(readFileSync(`${file}.receipt.json`, 'utf8'));
      const report = verifyReceipt(receipt, { fileDigest: createHash('sha256').update('the minutes\n').digest('hex') });
      expect(report.outcome).toBe('verified');
      expect(receipt.registration.txId).toBe(outcome!.record!.txId);

      const again = new Notary({ dataDir: home, secrets: NO_SECRETS, env: { NOTARIUM_API_KEY: sandbox.apiKey }, timers: clock });
      try {
        expect(again.library.records.receiptsOwed(0, 10)).toEqual([]);
      } finally {
        await again.close();
      }
    } finally {
      await sandbox.stop();
    }
  });
});
