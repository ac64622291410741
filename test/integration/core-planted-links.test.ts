import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOwnedFile } from '../../main/core/desktop-integration/owned-file.ts';
import { Notary } from '../../main/core/notary.ts';
import { parseReceipt } from '../../verifier/receipt-v1.ts';
import type { SecretStore } from '../../main/core/secrets/secret-store.ts';
import type { StoredRecord } from '../../main/core/store/record.ts';
import { waitFor } from '../../main/core/usecases/follow.ts';
import { notarise } from '../../main/core/usecases/notarise.ts';
import { writeReceipt } from '../../main/core/usecases/receipts.ts';
import { exportReceipts } from '../../main/core/usecases/document-export.ts';
import { moveReceipt } from '../../main/core/watch/receipt-location.ts';

// Another user of a shared folder plants links where Notarium writes. Receipts,
// document indexes, receipt moves and file-manager entries never write through them.

const root = mkdtempSync(join(tmpdir(), 'notarium-links-'));
const shared = join(root, 'shared');
const victim = join(root, 'victim.txt');
const noSecrets: SecretStore = { get: async () => null, set: async () => {}, delete: async () => false };
let notary: Notary;

beforeAll(() => {
  mkdirSync(shared);
  notary = new Notary({ dataDir: join(root, 'home'), sandboxBlockInterval: 0.2, secrets: noSecrets, env: {}, autoReceipts: false });
  notary.startPoller();
});
afterAll(async () => {
  await notary.close();
  rmSync(root, { recursive: true, force: true });
});

const untouched = () => expect(readFileSync(victim, 'utf8')).toBe('precious\n');
const link = (name: string) => symlinkSync(victim, join(shared, name));

async function settled(name: string, options: { document?: boolean } = {}): Promise<StoredRecord> {
  const path = join(shared, name);
  writeFileSync(path, `content of ${name}\n`);
  const [outcome] = await notarise(notary.context, [path], options);
  if (!outcome || outcome.status === 'failed' || outcome.status === 'in-doubt') throw new Error(`not registered: ${JSON.stringify(outcome)}`);
  return waitFor(notary.context, notary.follower, path);
}

describe('planted links', () => {
  beforeAll(() => writeFileSync(victim, 'precious\n'));

  it('a receipt write: links at the old predictable temporary name and at guessed ones are not followed; a link at the receipt itself is replaced', async () => {
    const record = await settled('contract.pdf');
    const planted = [`contract.pdf.receipt.json.${process.pid}.tmp`, 'contract.pdf.receipt.json.tmp', '.notarium-000000000000000000000000.tmp'];
    planted.forEach(link);
    link('contract.pdf.receipt.json');
    const written = await writeReceipt(notary.context, record);
    expect(written).toBe(join(shared, 'contract.pdf.receipt.json'));
    untouched();
    expect(lstatSync(written).isFile()).toBe(true);
    expect(parseReceipt(readFileSync(written, 'utf8')).registration.txId).toBe(record.txId);
    for (const name of planted) expect(lstatSync(join(shared, name)).isSymbolicLink()).toBe(true);
    // Nothing else was left behind.
    expect(
      readdirSync(shared)
        .filter((n) => n.startsWith('contract.pdf') || n.startsWith('.'))
        .sort(),
    ).toEqual([...planted, 'contract.pdf', 'contract.pdf.receipt.json'].sort());
  });

  it("a document's export: receipts and the index file replace links instead of following them", async () => {
    const record = await settled('plan.txt', { document: true });
    link('plan.txt.versions.json');
    link('plan.txt.v1.receipt.json');
    link(`plan.txt.versions.json.${process.pid}.tmp`);
    const result = await exportReceipts(notary.context, join(shared, 'plan.txt'), { out: shared });
    untouched();
    expect(result.index).toBe(join(shared, 'plan.txt.versions.json'));
    expect(lstatSync(result.index!).isFile()).toBe(true);
    expect(JSON.parse(readFileSync(result.index!, 'utf8'))).toMatchObject({ document: 'plan.txt', versions: [{ txId: record.txId }] });
    // A receipt never replaces what it did not write: the link stays a link, unfollowed, and the
    // receipt takes a free name of its own.
    expect(lstatSync(join(shared, 'plan.txt.v1.receipt.json')).isSymbolicLink()).toBe(true);
    expect(result.receipts).toHaveLength(1);
    expect(result.receipts[0]).toMatch(/\/plan\.txt\.[0-9a-f]{12}\.receipt\.json$/);
    expect(lstatSync(result.receipts[0]!).isFile()).toBe(true);
  });

  it("a watched file's receipt move takes only a regular file, and replaces a link at its destination", () => {
    link('moved-from.receipt.json');
    expect(moveReceipt(join(shared, 'moved-from.receipt.json'), join(shared, 'moved-to.receipt.json'), shared)).toBe(false);
    expect(lstatSync(join(shared, 'moved-from.receipt.json')).isSymbolicLink()).toBe(true);
    writeFileSync(join(shared, 'real.receipt.json'), '{"a receipt":true}\n');
    link('destination.receipt.json');
    expect(moveReceipt(join(shared, 'real.receipt.json'), join(shared, 'destination.receipt.json'), shared)).toBe(true);
    untouched();
    expect(readFileSync(join(shared, 'destination.receipt.json'), 'utf8')).toBe('{"a receipt":true}\n');
    expect(lstatSync(join(shared, 'destination.receipt.json')).isFile()).toBe(true);
  });

  it("a watched folder's receipt: a planted .notarium link, or a link inside .notarium/, is refused with a sentence; nothing lands outside", async () => {
    const watched = join(root, 'watched');
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(join(watched, 'sub'), { recursive: true });
    mkdirSync(elsewhere);
    const record = await settled('minutes.txt');
    symlinkSync(elsewhere, join(watched, '.notarium'));
    const refusal = /Nothing was written into .*: .*\.notarium is a link, so a file written there could land outside the watched folder .*: remove it/;
    await expect(writeReceipt(notary.context, record, join(watched, '.notarium', 'minutes.txt.receipt.json'), { within: watched })).rejects.toThrow(refusal);
    await expect(writeReceipt(notary.context, record, join(watched, '.notarium', 'sub', 'minutes.txt.receipt.json'), { within: watched })).rejects.toThrow(
      refusal,
    );
    writeFileSync(join(watched, 'old.receipt.json'), '{"a receipt":true}\n');
    expect(moveReceipt(join(watched, 'old.receipt.json'), join(watched, '.notarium', 'old.v1.receipt.json'), watched)).toBe(false);
    expect(readdirSync(elsewhere)).toEqual([]);

    // One level down: .notarium is a real folder, the link is inside it.
    rmSync(join(watched, '.notarium'));
    mkdirSync(join(watched, '.notarium'));
    symlinkSync(elsewhere, join(watched, '.notarium', 'sub'));
    await expect(writeReceipt(notary.context, record, join(watched, '.notarium', 'sub', 'minutes.txt.receipt.json'), { within: watched })).rejects.toThrow(
      /\.notarium\/sub is a link/,
    );
    expect(moveReceipt(join(watched, 'old.receipt.json'), join(watched, '.notarium', 'sub', 'old.v1.receipt.json'), watched)).toBe(false);
    // Beside a file in a linked subfolder of the watched folder, likewise.
    symlinkSync(elsewhere, join(watched, 'linked'));
    await expect(writeReceipt(notary.context, record, join(watched, 'linked', 'minutes.txt.receipt.json'), { within: watched })).rejects.toThrow(
      /linked is a link/,
    );
    expect(readdirSync(elsewhere)).toEqual([]);

    // Without links, the folders are made and the receipt is written.
    const written = await writeReceipt(notary.context, record, join(watched, '.notarium', 'deep', 'er', 'minutes.txt.receipt.json'), { within: watched });
    expect(parseReceipt(readFileSync(written, 'utf8')).registration.txId).toBe(record.txId);
    expect(moveReceipt(join(watched, 'old.receipt.json'), join(watched, '.notarium', 'deep', 'old.v1.receipt.json'), watched)).toBe(true);
  });

  it("a file manager's entry: a link at its old temporary name (<file>.notarium-<pid>.tmp) is not followed", async () => {
    const actions = join(shared, 'actions');
    mkdirSync(actions);
    const entry = join(actions, 'notarium-verify.nemo_action');
    symlinkSync(victim, `${entry}.notarium-${process.pid}.tmp`);
    await writeOwnedFile(entry, '# Written by Notarium\n[Nemo Action]\n', 0o644);
    untouched();
    expect(readFileSync(entry, 'utf8')).toContain('[Nemo Action]');
  });
});
