import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notary } from '../../main/core/notary.ts';
import { parseReceipt } from '../../verifier/receipt-v1.ts';
import { verifyReceipt } from '../../verifier/verify-receipt.ts';
import type { SecretStore } from '../../main/core/secrets/secret-store.ts';
import { documentHistory } from '../../main/core/usecases/document-history.ts';
import { addVersion, finaliseDocument, whichVersion } from '../../main/core/usecases/documents.ts';
import { waitFor, waitForRecord } from '../../main/core/usecases/follow.ts';
import { notarise, type NotariseOutcome } from '../../main/core/usecases/notarise.ts';
import type { StoredRecord } from '../../main/core/store/record.ts';
import { importReceipt, importReceipts } from '../../main/core/usecases/receipts.ts';
import { exportReceipts } from '../../main/core/usecases/document-export.ts';
import { verifyFile, verifyPaths } from '../../main/core/usecases/verify.ts';
import type { NotaryContext } from '../../main/core/usecases/context.ts';
import { FolderWatcher, type WatchFileEvent } from '../../main/core/watch/folder-watcher.ts';
import { makeFixture } from '../support/receipt-fixture.ts';
import { MODES, startStrictService, type StrictService } from '../support/strict-service.ts';

// The engine end to end (real HTTP on loopback, real SQLite, fast blocks) on the embedded sandbox,
// and on a strict sandbox through a service profile without Idempotency-Key: the same
// tests, with what differs on a service without idempotency said where it differs.

const noSecrets: SecretStore = { get: async () => null, set: async () => {}, delete: async () => false };

describe.each(MODES)('on the $mode service', ({ mode }) => {
  const root = mkdtempSync(join(tmpdir(), `notarium-notary-${mode}-`));
  const files = join(root, 'files');
  mkdirSync(files);
  let notary: Notary;
  let strict: StrictService | undefined;
  /** The network receipts name: the embedded sandbox's own label, or the service profile's. */
  const network = mode === 'strict' ? 'regtest' : 'sandbox';

  beforeAll(async () => {
    strict = mode === 'strict' ? await startStrictService(join(root, 'home'), { blockInterval: 0.2 }) : undefined;
    notary = new Notary({ dataDir: join(root, 'home'), sandboxBlockInterval: 0.2, secrets: noSecrets, env: strict?.env ?? {} });
    notary.startPoller();
  });
  afterAll(async () => {
    await notary.close();
    await strict?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  function recordOf(outcome: NotariseOutcome | undefined): StoredRecord {
    if (!outcome || outcome.status === 'failed') throw new Error(`not registered: ${outcome?.status === 'failed' ? outcome.error.message : 'no outcome'}`);
    return outcome.record;
  }

  function file(name: string, content: string): string {
    const path = join(files, name);
    writeFileSync(path, content);
    return path;
  }

  async function admin(path: string, body?: unknown): Promise<Record<string, unknown>> {
    const { baseUrl, apiKey } = strict?.sandbox ?? (await notary.sandbox.connect());
    const res = await fetch(baseUrl + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'x-api-key': apiKey },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown>;
  }

  describe('notarise, follow, receipt, verify', () => {
    const paths: string[] = [];
    beforeAll(() => {
      for (let i = 0; i < 3; i++) paths.push(file(`report-${i}.txt`, `quarterly report ${i}\n`));
    });

    it('registers each file once; a rerun reports them as already registered', async () => {
      const first = await notarise(notary.context, paths);
      expect(first.map((r) => r.status)).toEqual(['registered', 'registered', 'registered']);
      for (const r of first) expect(r.status !== 'failed' && r.record).toMatchObject({ state: 'published', txId: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const again = await notarise(notary.context, paths);
      expect(again.map((r) => r.status)).toEqual(['already-registered', 'already-registered', 'already-registered']);
    });

    it('follows each registration to the target depth and writes a receipt next to the file', async () => {
      for (const path of paths) {
        const record = await waitFor(notary.context, notary.follower, path);
        expect(record.state).toBe('settled');
        expect(record.confirmations).toBeGreaterThanOrEqual(3);
      }
      for (const path of paths) {
        const receiptPath = `${path}.receipt.json`;
        await expect.poll(() => existsSync(receiptPath)).toBe(true);
        const receipt = parseReceipt(readFileSync(receiptPath, 'utf8'));
        expect(receipt.transaction).toMatch(/^[0-9a-f]+$/);
        expect(verifyReceipt(receipt).outcome).toBe('partially-verified'); // without the file
      }
    });

    it('verifies a file by its receipt, offline and with the service; an altered file is a mismatch at file-digest', async () => {
      const offline = await verifyFile(notary.context, paths[0]!, { offline: true });
      expect(offline).toMatchObject({ status: 'verified', source: 'receipt' });
      expect(offline.report!.steps.find((s) => s.id === 'service')!.status).toBe('skipped');
      const online = await verifyFile(notary.context, paths[0]!);
      expect(online.report!.steps.find((s) => s.id === 'service')!.status).toBe('pass');
      expect(online.report!.proves).toMatch(/existed no later than block/);
      writeFileSync(paths[1]!, 'quarterly report 1, altered\n');
      const altered = await verifyFile(notary.context, paths[1]!);
      expect(altered).toMatchObject({ status: 'mismatch' });
      expect(altered.report!.failedStep).toBe('file-digest');
    });

    it('verifies by the library when no receipt is beside the file, and says unknown for new content', async () => {
      rmSync(`${paths[2]}.receipt.json`);
      expect(await verifyFile(notary.context, paths[2]!)).toMatchObject({ status: 'verified', source: 'library' });
      expect(await verifyFile(notary.context, file('never.txt', 'never notarised'))).toMatchObject({ status: 'unknown' });
    });

    it('batch-verifies a folder: one result per file, receipts left out', async () => {
      const results = await verifyPaths(notary.context, [files]);
      const byName = Object.fromEntries(results.map((r) => [r.path.split('/').pop(), r.status]));
      expect(byName).toEqual({ 'never.txt': 'unknown', 'report-0.txt': 'verified', 'report-1.txt': 'mismatch', 'report-2.txt': 'verified' });
    });

    it('a receipt named on its own is verified as a receipt: with its file beside it, or alone', async () => {
      const receipt = `${paths[0]}.receipt.json`;
      const [withFile] = await verifyPaths(notary.context, [receipt]);
      expect(withFile).toMatchObject({ path: paths[0], status: 'verified', source: 'receipt', receiptPath: receipt, sha256: expect.any(String) });
      const moved = join(files, 'elsewhere.receipt.json');
      copyFileSync(receipt, moved);
      const [alone] = await verifyPaths(notary.context, [moved]);
      // Alone, it proves nothing about a particular file: partially verified, never verified.
      expect(alone).toMatchObject({ path: moved, status: 'partially-verified', source: 'receipt' });
      expect(alone!.report!.steps.find((s) => s.id === 'file-digest')!.status).toBe('skipped');
      rmSync(moved);
    });
  });

  describe('a registration whose answer was lost', () => {
    // With Idempotency-Key the same request is sent again and registered once. Without it (strict),
    // it is sent again as a possible duplicate: the service may hold two, the library keeps one.
    const sentAgain = mode === 'strict' ? { records: 2, possibleDuplicate: true } : { records: 1, possibleDuplicate: false };
    it(`stays in doubt, and the next run sends it again: ${sentAgain.records} on the service, one in the library`, async () => {
      const path = file('in-doubt.txt', 'sent, answer lost');
      await admin('/__sandbox/faults', { dropRate: 1, dropPhase: 'after' });
      const before = (await admin('/__sandbox/chain')).records as number;
      const [lost] = await notarise(notary.context, [path]);
      expect(lost).toMatchObject({ status: 'in-doubt', record: { state: 'submitting' } });
      await admin('/__sandbox/faults', { dropRate: 0 });
      const [resumed] = await notarise(notary.context, [path]);
      // Sent again at the start of the run (in-doubt records first), or by this file's own turn.
      expect(['resumed', 'already-registered']).toContain(resumed!.status);
      expect(resumed).toMatchObject({ record: { state: 'published', possibleDuplicate: sentAgain.possibleDuplicate } });
      expect((await admin('/__sandbox/chain')).records).toBe(before + sentAgain.records);
      expect(notary.library.records.query({ search: 'in-doubt.txt' }).records).toHaveLength(1);
      // The library's txId is one the service took (its status may answer 404 for a while: still publishing).
      expect((await admin('/__sandbox/records')).txIds).toContain(recordOf(resumed).txId);
    });
  });

  describe('folders', () => {
    it('notarising a folder takes its files, recursively, leaving out hidden ones and receipts', async () => {
      const folder = join(files, 'folder');
      mkdirSync(join(folder, 'sub'), { recursive: true });
      writeFileSync(join(folder, 'one.txt'), 'one');
      writeFileSync(join(folder, 'sub', 'two.txt'), 'two');
      writeFileSync(join(folder, '.hidden'), 'hidden');
      writeFileSync(join(folder, 'one.txt.receipt.json'), '{}');
      const outcomes = await notarise(notary.context, [folder]);
      expect(outcomes.map((o) => o.path.slice(folder.length))).toEqual(['/one.txt', '/sub/two.txt']);
      expect(outcomes.every((o) => o.status === 'registered')).toBe(true);
    });
  });

  describe('what must not register twice', () => {
    it('the same content twice in one run is registered once', async () => {
      const a = file('twin-a.txt', 'twins\n');
      const b = file('twin-b.txt', 'twins\n');
      const before = (await admin('/__sandbox/chain')).records as number;
      const outcomes = await notarise(notary.context, [a, b, a]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['already-registered', 'already-registered', 'registered']);
      expect((await admin('/__sandbox/chain')).records).toBe(before + 1);
    });

    it('the same path named twice in one run is one file: hashed once, and its first entry is the one registered', async () => {
      const a = file('named-twice.txt', 'named twice\n');
      const b = file('named-once.txt', 'named once\n');
      // The first hash is held until every other hash of the run has finished: were the later entry
      // of the path hashed on its own, it would claim the content first.
      const hashes: Promise<unknown>[] = [];
      const hashed: string[] = [];
      const hash: NotaryContext['hash'] = (path, options) => {
        hashed.push(path);
        const first = hashes.length === 0;
        const result = (async () => {
          if (first) {
            await new Promise((resolve) => setImmediate(resolve)); // the run asks for all its hashes at once: let the others be asked
            await Promise.allSettled(hashes.slice(1));
          }
          return notary.context.hash(path, options);
        })();
        hashes.push(result);
        return result;
      };
      const outcomes = await notarise({ ...notary.context, hash }, [a, b, a]);
      expect(outcomes.map((o) => [o.index, o.status])).toEqual([
        [0, 'registered'],
        [1, 'registered'],
        [2, 'already-registered'],
      ]);
      expect(hashed).toEqual([a, b]);
    });

    it('a gateway error on a write leaves the registration in doubt; the next run finishes it', async () => {
      const path = file('gateway.txt', 'behind a gateway');
      await admin('/__sandbox/faults', { errorRate: 1, errorStatus: 502 });
      const [first] = await notarise(notary.context, [path]);
      expect(first).toMatchObject({ status: 'in-doubt', record: { state: 'submitting' } });
      await admin('/__sandbox/faults', { errorRate: 0, errorStatus: 500 });
      const [second] = await notarise(notary.context, [path]);
      expect(['resumed', 'already-registered']).toContain(second!.status);
      expect(second).toMatchObject({ record: { state: 'published' } });
    });

    it('in-doubt registrations of other files left by an earlier run are sent again at the next run', async () => {
      const path = file('left-behind.txt', 'its answer was lost');
      await admin('/__sandbox/faults', { dropRate: 1, dropPhase: 'after' });
      const [lost] = await notarise(notary.context, [path]);
      await admin('/__sandbox/faults', { dropRate: 0 });
      expect(lost!.status).toBe('in-doubt');
      // As an earlier process left it, past the time a send with its retries can take (in-doubt.ts).
      notary.library.db.prepare('UPDATE records SET submitted_at = submitted_at - ? WHERE id = ?').run(11 * 60_000, lost!.record!.id);
      await notarise(notary.context, [file('another.txt', 'another')]);
      expect(notary.library.records.get(lost!.record!.id)!.state).not.toBe('submitting');
    });
  });

  describe('documents', () => {
    let v1: string;
    let v2: string;
    let v3: string;

    it('keeps versions as a chain, tells which version a file is, and finalises', async () => {
      // The poller held while versions are added: with 0.2 s blocks, a loaded machine could otherwise
      // see version 1 in its block before version 2 is added, and nothing would wait in the library.
      await notary.poller.stop();
      v1 = file('contract.md', 'contract, draft 1\n');
      const [created] = await notarise(notary.context, [v1], { document: true });
      expect(created).toMatchObject({ status: 'registered', record: { kind: 'linked-create', version: 1 } });
      // The service takes a version only once the one before it is in a block: until then it waits in the library.
      v2 = file('contract-v2.md', 'contract, draft 2\n');
      const second = await addVersion(notary.context, v2, v1);
      expect(second).toMatchObject({ kind: 'linked-update', version: 2, state: 'queued', txId: null, prevTxId: null });
      v3 = file('contract-v3.md', 'contract, signed\n');
      const third = await addVersion(notary.context, v3, v2); // named by a version that is itself still queued
      expect(third).toMatchObject({ version: 3, state: 'queued' });
      notary.poller.start();
      const sent2 = await waitForRecord(notary.context, notary.follower, second, { confirmations: 1 });
      expect(sent2).toMatchObject({ state: expect.stringMatching(/^(confirmed|settled)$/), prevTxId: recordOf(created).txId });
      const sent3 = await waitForRecord(notary.context, notary.follower, third, { confirmations: 1 });
      expect(sent3.prevTxId).toBe(sent2.txId);
      const history = await documentHistory(notary.context, sent2.txId!);
      expect(history.source).toEqual({ from: 'service', reason: null });
      expect(history.versions.map((v) => v.txId)).toEqual([recordOf(created).txId, sent2.txId, sent3.txId]);
      expect(await whichVersion(notary.context, v2)).toMatchObject({ matches: [{ version: 2 }], versions: 3 });
      await expect(addVersion(notary.context, v2, v1)).rejects.toMatchObject({ code: 'ALREADY_A_VERSION' });
      // On a service that answers a delete without its txId and shows records once mined, the
      // finalisation's id is read from the chain after its block: waited for here.
      const end = await finaliseDocument(notary.context, v3, { waitForChain: true });
      expect(end).toMatchObject({ kind: 'linked-delete', version: 4 });
      expect((await waitForRecord(notary.context, notary.follower, end, { confirmations: 1 })).prevTxId).toBe(sent3.txId);
      expect((await documentHistory(notary.context, v1)).finalised).toBe(true);
      await expect(addVersion(notary.context, file('contract-v4.md', 'too late'), v1)).rejects.toMatchObject({ code: 'TX_NOT_LINKABLE' });
    });

    it('versions added each right after the one before, more than a strict instance navigates at once: all mined, in order, read back from the service', async () => {
      const count = 12; // a strict sandbox's navigate maximum is 9: the history takes more than one page
      await notary.poller.stop(); // as above: the versions are added before version 1 can be seen in a block
      const first = file('minutes-v1.md', 'minutes 1\n');
      const [created] = await notarise(notary.context, [first], { document: true });
      const added: StoredRecord[] = [];
      for (let v = 2; v <= count; v++) {
        const path = file(`minutes-v${v}.md`, `minutes ${v}\n`);
        added.push(await addVersion(notary.context, path, join(files, `minutes-v${v - 1}.md`)));
      }
      expect(added.map((r) => r.state)).toEqual(added.map(() => 'queued'));
      notary.poller.start();
      await waitForRecord(notary.context, notary.follower, added.at(-1)!, { confirmations: 1 });
      const chain = notary.library.records.ofDocument(recordOf(created).documentId!);
      expect(chain.map((r) => r.version)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      expect(chain.every((r) => r.state === 'confirmed' || r.state === 'settled')).toBe(true);
      for (let k = 1; k < count; k++) expect(chain[k]!.prevTxId).toBe(chain[k - 1]!.txId);
      const history = await documentHistory(notary.context, first);
      expect(history.source).toEqual({ from: 'service', reason: null });
      expect(history.versions.map((v) => v.txId)).toEqual(chain.map((r) => r.txId));
    });

    it('exports a receipt per version and an index, which another library imports', async () => {
      await waitFor(notary.context, notary.follower, v3);
      const out = join(root, 'export');
      const result = await exportReceipts(notary.context, v2, { out });
      expect(result.receipts).toHaveLength(3);
      const index = JSON.parse(readFileSync(result.index!, 'utf8'));
      expect(index).toMatchObject({ format: 'notarium-document-index/1', finalised: true });
      expect(index.versions.map((v: { version: number }) => v.version)).toEqual([1, 2, 3, 4]);
      for (const r of result.receipts) expect(verifyReceipt(parseReceipt(readFileSync(r, 'utf8'))).outcome).toMatch(/verified/);

      const other = new Notary({ dataDir: join(root, 'other-home'), sandboxBlockInterval: 0.2, secrets: noSecrets, env: {} });
      try {
        // That library's own service (its embedded sandbox) is another chain, which never confirmed
        // these: a test chain's work proves nothing, so each is imported evidence, partially verified.
        for (const r of result.receipts)
          expect(await importReceipt(other.context, r)).toMatchObject({ imported: true, proof: { outcome: 'partially-verified', network, testChain: true } });
        expect((await importReceipt(other.context, result.receipts[0]!)).imported).toBe(false);
        // Made by another service: kept with the receipt's own network, and not followed from this library.
        const imported = other.library.records.query({ limit: 10 }).records;
        expect(imported.every((r) => r.nextCheckAt === null && r.network === network)).toBe(true);
        expect(await whichVersion(other.context, v3)).toMatchObject({ matches: [{ version: 3 }] });
      } finally {
        await other.close();
      }
    });
  });

  describe('a failure no module expected (a bug) is INTERNAL, never taken for a cause', () => {
    const bug = () => new TypeError("Cannot read properties of undefined (reading 'sha256')");
    /** The engine's context with one part broken the way a programming error would break it. */
    const broken = (part: Partial<NotaryContext>): NotaryContext => ({ ...notary.context, ...part });
    const hashBug: Partial<NotaryContext> = {
      hash: async () => {
        throw bug();
      },
    };

    it('notarise: the file fails as INTERNAL (not SERVICE_ERROR), the bug kept as its cause', async () => {
      const [outcome] = await notarise(broken(hashBug), [file('bug-notarise.txt', 'a bug\n')]);
      expect(outcome).toMatchObject({ status: 'failed', error: { code: 'INTERNAL' } });
      expect(outcome!.status === 'failed' && (outcome!.error.cause as Error).name).toBe('TypeError');
    });

    it('verify: INTERNAL (not FILE_UNREADABLE); a file that is not there is still FILE_UNREADABLE', async () => {
      expect((await verifyFile(broken(hashBug), file('bug-verify.txt', 'a bug\n'))).error?.code).toBe('INTERNAL');
      expect((await verifyFile(notary.context, join(files, 'not-there.txt'))).error?.code).toBe('FILE_UNREADABLE');
    });

    it('receipt import: INTERNAL (not RECEIPT_INVALID); a receipt that is not JSON is still RECEIPT_INVALID', async () => {
      const good = join(root, 'fixture.receipt.json');
      writeFileSync(good, JSON.stringify(makeFixture().receipt));
      const notJson = join(root, 'not-json.receipt.json');
      writeFileSync(notJson, '{ not json');
      const noLibrary = Object.defineProperty({ ...notary.context }, 'library', {
        get: () => {
          throw bug();
        },
      });
      const [imported, refused] = await importReceipts(noLibrary, [good, notJson]);
      expect(imported).toMatchObject({ imported: false, error: { code: 'INTERNAL' } });
      expect(refused).toMatchObject({ imported: false, error: { code: 'RECEIPT_INVALID' } });
    });

    it("a watched folder's file: the failed event carries INTERNAL (not FILE_UNREADABLE)", async () => {
      const dir = join(root, 'bug-watched');
      mkdirSync(dir);
      const watcher = new FolderWatcher({ context: broken(hashBug) });
      const failed = new Promise<WatchFileEvent>((resolve) => watcher.events.on('file', (e) => e.action === 'failed' && resolve(e)));
      try {
        await watcher.add(dir, { stableMs: 50 });
        await watcher.start();
        writeFileSync(join(dir, 'taken.txt'), 'a bug\n');
        expect((await failed).error).toMatchObject({ code: 'INTERNAL' });
      } finally {
        await watcher.stop();
        await watcher.remove(dir);
      }
    });
  });
});
