import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Notary } from '../../main/core/notary.ts';
import { parseReceipt } from '../../verifier/receipt-v1.ts';
import { verifyReceipt } from '../../verifier/verify-receipt.ts';
import type { SecretStore } from '../../main/core/secrets/secret-store.ts';
import type { StoredRecord } from '../../main/core/store/record.ts';
import { documentHistory } from '../../main/core/usecases/document-history.ts';
import { addVersion, finaliseDocument } from '../../main/core/usecases/documents.ts';
import { waitFor } from '../../main/core/usecases/follow.ts';
import { notarise, type NotariseOutcome } from '../../main/core/usecases/notarise.ts';
import { importReceipt } from '../../main/core/usecases/receipts.ts';
import { verifyReceiptFile } from '../../main/core/usecases/verify.ts';
import type { SandboxOptions } from '../../sandbox/index.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

/**
 * The client's wire tolerance end to end: the engine (a Notary, real SQLite) against
 * real sandboxes set to the documentation's least kind readings (service-notes.md) — the record in
 * one push with the service's metadata, a delete answered with an empty body, a small navigate
 * maximum, the update token taken in one placement only, features the instance does not offer —
 * and against a service that publishes other bytes than Notarium computes.
 */

const root = mkdtempSync(join(tmpdir(), 'notarium-readings-'));
const noSecrets: SecretStore = { get: async () => null, set: async () => {}, delete: async () => false };
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(root, { recursive: true, force: true });
});

let serial = 0;
/** A Notary whose Sandbox profile is pointed at `baseUrl` (NOTARIUM_BASE_URL), as a script would. */
function notaryFor(baseUrl: string, apiKey: string): { notary: Notary; file: (name: string, content: string) => string } {
  const dir = join(root, `n${++serial}`);
  mkdirSync(join(dir, 'files'), { recursive: true });
  const notary = new Notary({
    dataDir: join(dir, 'home'),
    sandboxBlockInterval: 0.2,
    secrets: noSecrets,
    env: { NOTARIUM_BASE_URL: baseUrl, NOTARIUM_API_KEY: apiKey },
  });
  cleanups.push(() => notary.close());
  const file = (name: string, content: string) => {
    const path = join(dir, 'files', name);
    writeFileSync(path, content);
    return path;
  };
  return { notary, file };
}

/** Mines a block and follows `txId` into it: a version is sent only once the library knows its predecessor is in a block. */
async function mineAndFollow(sb: TestSandbox, notary: Notary, txId: string): Promise<void> {
  await sb.mine();
  notary.startPoller();
  await waitFor(notary.context, notary.follower, txId, { confirmations: 1 });
}

async function sandbox(options: SandboxOptions): Promise<TestSandbox> {
  const sb = await startTestSandbox(options);
  cleanups.push(() => sb.stop());
  return sb;
}

function registered(outcome: NotariseOutcome | undefined): StoredRecord {
  if (!outcome || outcome.status === 'failed' || outcome.status === 'in-doubt') throw new Error(`not registered: ${JSON.stringify(outcome)}`);
  return outcome.record;
}

/** Mines a block every 50 ms until `done` holds. */
async function mineUntil(sb: TestSandbox, done: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400 && !(await done()); i++) {
    await sb.mine();
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(await done()).toBe(true);
}

describe('a strict sandbox: the least kind reading of every point the documentation leaves open', () => {
  it('a registration in one push with the metadata verifies, and imports into another library as verified', async () => {
    const sb = await sandbox({ strict: true });
    const { notary, file } = notaryFor(sb.baseUrl, sb.apiKey);
    notary.startPoller();
    const path = file('minutes.txt', 'the minutes of the meeting\n');
    const record = registered((await notarise(notary.context, [path]))[0]);
    expect(record.state).toBe('published');
    await mineUntil(sb, () => existsSync(`${path}.receipt.json`));
    const receipt = parseReceipt(readFileSync(`${path}.receipt.json`, 'utf8'));
    const report = verifyReceipt(receipt, { fileDigest: record.sha256! });
    expect(report.outcome).toBe('verified');
    expect(report.steps.find((s) => s.id === 'transaction')!.detail).toMatch(
      /carries the published fingerprint inside a data push, beside other bytes \(the service's metadata\)/,
    );
    const other = notaryFor(sb.baseUrl, sb.apiKey).notary;
    const imported = await importReceipt(other.context, `${path}.receipt.json`);
    expect(imported).toMatchObject({ imported: true, proof: { outcome: 'verified', skipped: [] } });
    expect((await verifyReceiptFile(other.context, `${path}.receipt.json`, path, { requireService: true })).status).toBe('verified');
  });

  it('a document: versions through the as-issued token, a finalisation answered with an empty body, the history read through a maximum of 2', async () => {
    const sb = await sandbox({ strict: true, navigateMax: 2 });
    const { notary, file } = notaryFor(sb.baseUrl, sb.apiKey);
    const first = registered((await notarise(notary.context, [file('plan.md', 'plan 1\n')], { document: true }))[0]);
    const txIds = [first.txId!];
    for (let v = 2; v <= 5; v++) {
      await mineAndFollow(sb, notary, txIds.at(-1)!); // the strict sandbox never mines a version sent before its predecessor's block
      txIds.push((await addVersion(notary.context, file(`plan-${v}.md`, `plan ${v}\n`), txIds.at(-1)!)).txId!);
    }
    await mineAndFollow(sb, notary, txIds.at(-1)!);
    // The service said nothing, and navigate shows a record once it is mined: until the block the
    // finalisation is in doubt (and never sent again); then its txId is the record that follows the last version.
    await expect(finaliseDocument(notary.context, txIds.at(-1)!)).rejects.toMatchObject({ code: 'TXID_MISSING' });
    await sb.mine();
    const end = await finaliseDocument(notary.context, txIds.at(-1)!);
    expect(end).toMatchObject({ state: 'published', kind: 'linked-delete', txId: expect.stringMatching(/^[0-9a-f]{64}$/), lastError: null });
    const history = await documentHistory(notary.context, txIds[2]!);
    expect(history.source).toEqual({ from: 'service', reason: null });
    expect(history.versions.map((v) => v.txId)).toEqual([...txIds, end.txId]);
    expect(history.finalised).toBe(true);
    await sb.mine();
    const chain = await sb.json<{ mempool: number }>('/__sandbox/chain');
    expect(chain.mempool).toBe(0); // every version was mined: each spend was valid, none waits for ever
  });

  it('a finalisation whose txId cannot be read yet stays in doubt with a sentence, and is not sent again', async () => {
    const sb = await sandbox({ deleteAnswer: 'empty', disable: ['navigate'] });
    const { notary, file } = notaryFor(sb.baseUrl, sb.apiKey);
    const first = registered((await notarise(notary.context, [file('memo.md', 'memo\n')], { document: true }))[0]);
    await mineAndFollow(sb, notary, first.txId!);
    const err = await finaliseDocument(notary.context, first.txId!).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'TXID_MISSING',
      message: expect.stringMatching(
        /took the finalisation without saying its transaction id, and navigating from the previous version to find it failed \(.*does not offer navigate.*\)/,
      ),
    });
    const inDoubt = notary.library.records.ofDocument(first.documentId!).find((r) => r.kind === 'linked-delete')!;
    expect(inDoubt).toMatchObject({ state: 'submitting', lastError: (err as Error).message });
    expect((await sb.json<{ mempool: number }>('/__sandbox/chain')).mempool).toBe(1); // the service holds it; nothing was sent twice
  });
});

describe('features the instance does not offer', () => {
  it('a document on a service without linked records fails with FEATURE_UNAVAILABLE, naming the feature and what to do', async () => {
    const sb = await sandbox({ disable: ['linked'] });
    const { notary, file } = notaryFor(sb.baseUrl, sb.apiKey);
    const [outcome] = await notarise(notary.context, [file('deed.pdf', 'deed\n')], { document: true });
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'FEATURE_UNAVAILABLE' }, record: { state: 'failed' } });
    expect(outcome!.status === 'failed' && outcome!.error.message).toMatch(
      /does not offer linked records in its configuration .* ask its provider to enable linked records, or keep documents on a profile whose service offers them/,
    );
  });

  it('without navigate, the history comes from the library and says why; without match, the online check says so, not "unknown"', async () => {
    const sb = await sandbox({ disable: ['navigate', 'match'] });
    const { notary, file } = notaryFor(sb.baseUrl, sb.apiKey);
    notary.startPoller();
    const path = file('notes.md', 'notes\n');
    const created = registered((await notarise(notary.context, [path], { document: true }))[0]);
    await mineUntil(sb, () => existsSync(`${path}.receipt.json`)); // in a block: a 404 from navigate then names the feature
    const history = await documentHistory(notary.context, path);
    expect(history.source).toMatchObject({
      from: 'library',
      reason: expect.stringMatching(
        new RegExp(`does not offer navigate in its configuration \\(it knows transaction ${created.txId} but answered 404 to navigating from it\\)`),
      ),
    });
    expect(history.versions.map((v) => v.txId)).toEqual([created.txId]);
    expect((await documentHistory(notary.context, path, { offline: true })).source).toEqual({
      from: 'library',
      reason: 'The service was not asked (offline).',
    });

    const verified = await verifyReceiptFile(notary.context, `${path}.receipt.json`, path, { requireService: true });
    const service = verified.report!.steps.find((s) => s.id === 'service')!;
    expect(service).toMatchObject({
      status: 'skipped',
      detail: expect.stringMatching(/^Profile "Sandbox": The service at .* does not offer verify \(match\) in its configuration/),
    });
    expect(verified.status).toBe('partially-verified');
  });
});

describe('a service that publishes other bytes than Notarium computes (ENCODING_MISMATCH)', () => {
  /**
   * A proxy to a real sandbox that drops the salt of `encode` on the requests `rewrites` picks (a
   * service that ignores it), and passes the content it reads through `content`.
   */
  async function saltDropping(
    sb: TestSandbox,
    rewrites: (path: string) => boolean,
    content: (bytes: Buffer) => Buffer = (bytes) => bytes,
  ): Promise<{ url: string; seen: string[] }> {
    const seen: string[] = [];
    const server: Server = createServer((req: IncomingMessage, res) => {
      const url = new URL(req.url!, 'http://proxy');
      seen.push(`${req.method} ${url.pathname.replace(/[0-9a-f]{64}/g, '{txId}')}`);
      const encode = url.searchParams.get('encode');
      if (encode !== null && rewrites(url.pathname)) url.searchParams.set('encode', encode.replace(/\([^)]*\)/g, ''));
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      const forward = async (): Promise<void> => {
        const body = Buffer.concat(chunks);
        const answer = await fetch(sb.baseUrl + url.pathname + url.search, {
          method: req.method,
          headers: { 'x-api-key': String(req.headers['x-api-key'] ?? '') },
          body: body.length > 0 ? body : undefined,
        });
        const read = Buffer.from(await answer.arrayBuffer());
        const bytes = req.method === 'GET' && url.pathname.endsWith('/content') && answer.ok ? content(read) : read;
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream', 'content-length': bytes.length });
        res.end(req.method === 'HEAD' ? undefined : bytes);
      };
      // A proxy that cannot reach the sandbox drops the connection, as a broken proxy would.
      req.on('end', () => void forward().catch(() => res.destroy()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
  }

  it('is caught at the first registration by reading its content, which match confirms; the record stays published; later writes are refused before sending', async () => {
    const sb = await sandbox({});
    // The write ignores the salt; verify (match) applies it, as documented.
    const proxy = await saltDropping(sb, (path) => path === '/api/v1/records');
    const { notary, file } = notaryFor(proxy.url, sb.apiKey);
    const [first] = await notarise(notary.context, [file('a.txt', 'a\n')]);
    expect(first).toMatchObject({
      status: 'failed',
      error: { code: 'ENCODING_MISMATCH' },
      record: { state: 'published', txId: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    const message = first!.status === 'failed' ? first!.error.message : '';
    expect(message).toMatch(
      /^For transaction [0-9a-f]{64} the service reported its content as [0-9a-f]{64}, where Notarium computed [0-9a-f]{64} from encode SHA256\([A-Za-z0-9]{22}\)\. The service published other bytes than Notarium computed, so receipts from this service would not verify/,
    );
    expect(notary.library.records.get(first!.record!.id)!.lastError).toBe(message);

    const writes = () => proxy.seen.filter((s) => s === 'POST /api/v1/records').length;
    expect(writes()).toBe(1);
    const [second] = await notarise(notary.context, [file('b.txt', 'b\n')]);
    expect(second).toMatchObject({ status: 'failed', error: { code: 'ENCODING_MISMATCH', message }, record: { state: 'failed', txId: null } });
    expect(writes()).toBe(1); // refused before sending
  });

  it('content read back that differs while match says the record matches is a warning: the write stands, and later writes are sent', async () => {
    const sb = await sandbox({ strict: true });
    // A content endpoint that returns the record with some of the service's metadata before it.
    const proxy = await saltDropping(
      sb,
      () => false,
      (bytes) => Buffer.concat([Buffer.from('6e436861696e', 'hex'), bytes]),
    );
    const { notary, file } = notaryFor(proxy.url, sb.apiKey);
    const [first] = await notarise(notary.context, [file('memo.txt', 'memo\n')]);
    expect(first).toMatchObject({ status: 'registered', record: { state: 'published' } });
    expect(notary.library.records.get(first!.record!.id)!.lastError).toMatch(
      /^For transaction [0-9a-f]{64} the service read back its content as 6e436861696e[0-9a-f]{64}, where Notarium computed [0-9a-f]{64} from encode SHA256\([A-Za-z0-9]{22}\); its own verify \(match\) says the record matches, so the registration stands\./,
    );
    // The outcome notarise reports (its text and --json) carries the warning, not the record as it was before the check.
    expect(first!.record!.lastError).toBe(notary.library.records.get(first!.record!.id)!.lastError);
    expect(proxy.seen.filter((s) => s.endsWith('/match'))).toEqual(['POST /api/v1/records/{txId}/match']);
    const [second] = await notarise(notary.context, [file('memo-2.txt', 'memo 2\n')]);
    expect(second).toMatchObject({ status: 'registered', record: { state: 'published', lastError: null } });
    expect(proxy.seen.filter((s) => s === 'POST /api/v1/records')).toHaveLength(2);
    expect(proxy.seen.filter((s) => s.endsWith('/content'))).toHaveLength(1); // match vouched for the service: not read again
  });

  it("an update's fingerprint that neither reading explains has its content read back; content is otherwise read once per connection", async () => {
    const sb = await sandbox({});
    const proxy = await saltDropping(sb, (path) => path.endsWith('/update'));
    const { notary, file } = notaryFor(proxy.url, sb.apiKey);
    const outcomes = await notarise(notary.context, [file('x.txt', 'x\n'), file('y.txt', 'y\n'), file('z.txt', 'z\n')], { concurrency: 1 });
    expect(outcomes.map((o) => o.status)).toEqual(['registered', 'registered', 'registered']);
    const doc = registered((await notarise(notary.context, [file('doc.md', 'doc 1\n')], { document: true }))[0]);
    expect(proxy.seen.filter((s) => s.endsWith('/content'))).toEqual(['GET /api/v1/records/{txId}/content']);
    await mineAndFollow(sb, notary, doc.txId!);
    const err = await addVersion(notary.context, file('doc-2.md', 'doc 2\n'), doc.txId!).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'ENCODING_MISMATCH', message: expect.stringMatching(/reported its content as [0-9a-f…]+, where Notarium computed/) });
    expect(proxy.seen.filter((s) => s.endsWith('/content'))).toEqual(['GET /api/v1/records/{txId}/content', 'GET /api/v1/linkedrecords/{txId}/content']);
    const version = notary.library.records.ofDocument(doc.documentId!).find((r) => r.version === 2)!;
    expect(version).toMatchObject({ state: 'published', lastError: (err as Error).message });
  });
});
