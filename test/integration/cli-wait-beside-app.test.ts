import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notary } from '../../main/core/notary.ts';
import type { StoredRecord } from '../../main/core/store/record.ts';
import { notarise } from '../../main/core/usecases/notarise.ts';
import { exportReceipt } from '../../main/core/usecases/receipts.ts';
import { parseReceipt } from '../../verifier/receipt-v1.ts';
import { runCli, sandboxExplorerArgs } from '../support/cli.ts';
import { MemorySecretStore } from '../support/memory-secret-store.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// `notarise --wait` and `wait` beside another engine on the same library that saw the block first
// (found by loaded runs: the app, hosting the sandbox, wrote a batch's receipts while the
// command had already read the registration as settled and exited 0). When the command exits 0,
// the receipts are on disk. The other engine here writes none (an app still writing them, or gone before it
// did): whatever is on disk after the command, the command wrote. The service mines only when a
// test says so.

const root = mkdtempSync(join(tmpdir(), 'notarium-wait-beside-app-'));
const home = join(root, 'home');
const work = join(root, 'work');
let sb: TestSandbox;
let app: Notary;
const cli = (...args: string[]) => runCli(args, { env: { NOTARIUM_HOME: home, NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: sb.apiKey }, cwd: work });
const receiptsIn = (folder: string) => readdirSync(folder).filter((f) => f.endsWith('.receipt.json'));

/** The app's poller follows the registration until it settles (2 confirmations), writing no receipt. */
async function settledByTheApp(record: StoredRecord): Promise<void> {
  let heard = (_: StoredRecord): void => {};
  const settled = new Promise<void>((resolve) => {
    heard = (r) => {
      if (r.id === record.id && r.state === 'settled') resolve();
    };
  });
  app.events.on('record-updated', heard);
  app.startPoller();
  await sb.mine(2);
  await settled;
  app.events.off('record-updated', heard);
}

/** The receipt file's registration and whether it names its block. */
const receiptAt = (path: string) => {
  const receipt = parseReceipt(readFileSync(path, 'utf8'));
  return { txId: receipt.registration.txId, inBlock: Boolean(receipt.confirmation) };
};

beforeAll(async () => {
  sb = await startTestSandbox();
  mkdirSync(work, { recursive: true });
  mkdirSync(home, { recursive: true });
  const pace = ['--confirmations', '2', '--block-seconds', '0.5'];
  const added = await cli('profile', 'add', 'Chain', '--base-url', sb.baseUrl, '--network', 'sandbox', ...sandboxExplorerArgs(sb.baseUrl), ...pace);
  expect(added.code, added.stderr).toBe(0);
  expect((await cli('profile', 'use', 'Chain')).code).toBe(0);
  app = new Notary({ dataDir: home, secrets: new MemorySecretStore(), env: { NOTARIUM_API_KEY: sb.apiKey }, autoReceipts: false });
});
afterAll(async () => {
  await app.close();
  await sb.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('a wait that ends in a block another engine saw first', () => {
  it('notarise --wait: every file of the batch has its receipt on disk when the command exits 0', async () => {
    const folder = join(work, 'minutes');
    mkdirSync(folder);
    const paths = Array.from({ length: 20 }, (_, i) => join(folder, `minutes-${String(i).padStart(2, '0')}.txt`));
    paths.forEach((p, i) => writeFileSync(p, `board minutes ${i}\n`));
    const outcomes = await notarise(app.context, paths, { batch: true });
    expect(outcomes.map((o) => o.status)).toEqual(paths.map(() => 'registered'));
    await settledByTheApp(outcomes[0]!.record!);
    expect(receiptsIn(folder)).toEqual([]);

    // Run again (what finishes an interrupted run): known, already in a block, waited for at once.
    const r = await cli('notarise', folder, '--wait');
    expect(r.code, r.stderr).toBe(0);
    expect(receiptsIn(folder).sort()).toEqual(paths.map((p) => `${p.slice(folder.length + 1)}.receipt.json`));
    const verified = await cli('verify', paths[7]!);
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);

    // One deleted since is written again by the next run; the others are left as they are.
    const [gone, kept] = [`${paths[3]}.receipt.json`, `${paths[4]}.receipt.json`];
    const keptBefore = readFileSync(kept, 'utf8');
    rmSync(gone);
    const again = await cli('notarise', folder, '--wait');
    expect(again.code, again.stderr).toBe(0);
    expect(receiptAt(gone).inBlock).toBe(true);
    expect(readFileSync(kept, 'utf8')).toBe(keptBefore);
  });

  it('wait <file>: its receipt is on disk when the command exits 0', async () => {
    const folder = join(work, 'deeds');
    mkdirSync(folder);
    const path = join(folder, 'deed.txt');
    writeFileSync(path, 'deed of sale\n');
    const [sent] = await notarise(app.context, [path]);
    expect(sent).toMatchObject({ status: 'registered' });
    await settledByTheApp(sent!.record!);
    expect(receiptsIn(folder)).toEqual([]);

    const r = await cli('wait', path);
    expect(r.code, r.stderr).toBe(0);
    expect(receiptsIn(folder)).toEqual(['deed.txt.receipt.json']);
    expect((await cli('verify', path)).code).toBe(0);

    // A receipt deleted since it was written is written again: the library's note of it is not the file.
    rmSync(`${path}.receipt.json`);
    expect((await cli('wait', path)).code).toBe(0);
    expect(receiptAt(`${path}.receipt.json`)).toEqual({ txId: sent!.record!.txId, inBlock: true });
  });

  it('a pending receipt exported before the block is completed, not taken for the receipt', async () => {
    const folder = join(work, 'plans');
    mkdirSync(folder);
    const path = join(folder, 'plan.txt');
    writeFileSync(path, 'the plan\n');
    const [sent] = await notarise(app.context, [path]);
    const exported = await exportReceipt(app.context, sent!.record!, { besideFile: true });
    expect(exported.path).toBe(`${path}.receipt.json`);
    expect(receiptAt(exported.path!)).toEqual({ txId: sent!.record!.txId, inBlock: false });
    await settledByTheApp(sent!.record!);

    const r = await cli('wait', path);
    expect(r.code, r.stderr).toBe(0);
    expect(receiptAt(exported.path!)).toEqual({ txId: sent!.record!.txId, inBlock: true });
  });
});
