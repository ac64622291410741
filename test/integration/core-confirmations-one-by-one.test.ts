import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Notary } from '../../main/core/notary.ts';
import type { StoredRecord } from '../../main/core/store/record.ts';
import { notarise } from '../../main/core/usecases/notarise.ts';
import { engineOnClock, runUntil } from '../support/engine-clock.ts';
import { ManualClock } from '../support/manual-clock.ts';
import type { TestSandbox } from '../support/sandbox-client.ts';

// The app's background poller reports every confirmation from the first to the target,
// one by one, as the Notarise rows and the Library show them (`record-updated`), and never asks
// about a registration faster than its profile's status pace. The engine and the sandbox run on one
// manual clock: the sandbox's chain follows it (a block every 10 s, as the embedded sandbox's), or
// mines only when the test says so. A status request is timed when the sandbox receives it.

const BLOCK = 10_000;
const TARGET = 4;
const root = mkdtempSync(join(tmpdir(), 'notarium-one-by-one-'));
let running: { notary: Notary; sandbox: TestSandbox } | undefined;
let homes = 0;

afterEach(async () => {
  await running?.notary.close();
  await running?.sandbox.stop();
  running = undefined;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The engine on a manual clock, its current profile a service on a sandbox on the same clock; the status requests the sandbox received, by time. */
async function onOneClock(clock: ManualClock, blockInterval: number) {
  const statusAsked: number[] = [];
  const { notary, sandbox } = await engineOnClock(
    clock,
    join(root, `home-${++homes}`),
    { name: 'Service', network: 'sandbox', expectedBlockSeconds: BLOCK / 1000, targetConfirmations: TARGET },
    { blockInterval, log: (line) => void (/^GET \/api\/v1\/records\/[0-9a-f]{64}\/status /.test(line) && statusAsked.push(clock.now())) },
  );
  running = { notary, sandbox };
  const seen: number[] = [];
  notary.events.on('record-updated', (r: StoredRecord) => {
    if (r.confirmations !== seen.at(-1) && r.confirmations > 0) seen.push(r.confirmations);
  });
  return { notary, sandbox, statusAsked, seen };
}

async function register(notary: Notary, name: string): Promise<StoredRecord> {
  const path = join(root, `${name}-${homes}.txt`);
  writeFileSync(path, `${name} ${Math.random()}\n`);
  const [outcome] = await notarise(notary.context, [path], { batch: false });
  expect(outcome?.status).toBe('registered');
  return outcome!.record!;
}

function expectPaced(asked: number[]): void {
  for (let i = 1; i < asked.length; i++) expect(asked[i]! - asked[i - 1]!, `request ${i} after ${asked[i - 1]}`).toBeGreaterThanOrEqual(BLOCK);
}

describe('confirmations one by one', () => {
  // Where in the block interval the registration is published, and where the chain's blocks fall
  // against the clock's whole seconds: each confirmation must still be seen.
  it.each([
    { start: 1_700_000_000_000, after: 1 },
    { start: 1_700_000_000_000, after: 3_300 },
    { start: 1_700_000_004_321, after: 9_999 },
    { start: 1_700_000_007_777, after: 5_000 },
  ])(
    'on a chain that follows the clock, every confirmation from 1 to the target is reported in order (start $start, published $after ms into a block)',
    async ({ start, after }) => {
      const clock = new ManualClock(start);
      const { notary, statusAsked, seen } = await onOneClock(clock, BLOCK / 1000);
      await clock.advance(after);
      const record = await register(notary, 'minutes');
      notary.startPoller();
      await runUntil(clock, notary, clock.now() + (TARGET + 3) * BLOCK);

      expect(seen.slice(0, TARGET)).toEqual(Array.from({ length: TARGET }, (_, i) => i + 1));
      // Settled, it is still looked at now and then while its proof may change (a reorganisation):
      // what those looks report is only ever more confirmations.
      expect(seen.slice(TARGET).every((c, i, later) => c > (later[i - 1] ?? TARGET))).toBe(true);
      const settled = notary.library.records.get(record.id)!;
      expect(settled).toMatchObject({ state: 'settled', confirmations: seen.at(-1) });
      expect(settled.nextCheckAt).toBeGreaterThan(clock.now());
      expect(statusAsked[0]! - record.publishedAt!).toBeGreaterThanOrEqual(BLOCK);
      expectPaced(statusAsked);
    },
  );

  it('a late first block, then blocks at the interval: each confirmation is reported, no check faster than the pace', async () => {
    const clock = new ManualClock();
    const { notary, sandbox, statusAsked, seen } = await onOneClock(clock, 0);
    const record = await register(notary, 'late');
    const published = clock.now();
    notary.startPoller();
    // The first block comes two and a half block times late; then one a block time apart, as the chain mines them.
    for (let block = 0; block < TARGET; block++) {
      await runUntil(clock, notary, published + 2.5 * BLOCK + block * BLOCK);
      await sandbox.mine(1);
    }
    await runUntil(clock, notary, clock.now() + 3 * BLOCK);

    expect(seen).toEqual(Array.from({ length: TARGET }, (_, i) => i + 1));
    expect(notary.library.records.get(record.id)).toMatchObject({ state: 'settled', confirmations: TARGET });
    expectPaced(statusAsked);
  });
});
