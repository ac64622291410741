import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notary } from '../../main/core/notary.ts';
import type { StoredRecord } from '../../main/core/store/record.ts';
import { notarise } from '../../main/core/usecases/notarise.ts';
import { runCli, sandboxExplorerArgs } from '../support/cli.ts';
import { MemorySecretStore } from '../support/memory-secret-store.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// `notarise --wait` and `wait` beside another engine on the same library that saw the block first
// (loaded runs of issue #13: the app, hosting the sandbox, wrote a batch's receipts while the
// command had already read the registration as settled and exited 0). Exit 0 means the receipts
// are on disk. The other engine here writes none (an app still writing them, or gone before it
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
  const settled = new Promise<void>((resolve) =>
    app.events.on('record-updated', (r) => {
      if (r.id === record.id && r.state === 'settled') resolve();
    }),
  );
  app.startPoller();
  await sb.mine(2);
  await settled;
}

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
  });

  it('wait <file>: its receipt is on disk when the command exits 0', async () => {
    const path = join(work, 'deed.txt');
    writeFileSync(path, 'deed of sale\n');
    const [sent] = await notarise(app.context, [path]);
    expect(sent).toMatchObject({ status: 'registered' });
    await settledByTheApp(sent!.record!);
    expect(receiptsIn(work)).toEqual([]);

    const r = await cli('wait', 'deed.txt');
    expect(r.code, r.stderr).toBe(0);
    expect(receiptsIn(work)).toEqual(['deed.txt.receipt.json']);
    expect((await cli('verify', 'deed.txt')).code).toBe(0);
  });
});
