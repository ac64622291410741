import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../main/core/api/http-client.ts';
import { Notary } from '../../main/core/notary.ts';
import type { SecretStore } from '../../main/core/secrets/secret-store.ts';
import type { ProfileInput } from '../../main/core/store/profiles.ts';
import { inBlock, type StoredRecord } from '../../main/core/store/record.ts';
import { addVersion, finaliseDocument } from '../../main/core/usecases/documents.ts';
import { currentStatus, waitFor, waitForRecord } from '../../main/core/usecases/follow.ts';
import { catchUp } from '../../main/core/usecases/life-cycle.ts';
import { GIVE_UP_PERIODS } from '../../main/core/usecases/give-up.ts';
import { notarise, type NotariseOutcome } from '../../main/core/usecases/notarise.ts';
import type { WatchFileEvent } from '../../main/core/watch/folder-watcher.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// The record life cycle of the real service (service-notes.md, Timing and life-cycle rules) end to
// end: the engine against standalone sandboxes over real HTTP, with real SQLite. A sandbox that
// refuses an update or delete before its predecessor is mined (`lifecycle: 'refuse'`) proves that
// no version is sent early; never-mined writes prove resubmission; a sandbox that ignores
// Idempotency-Key proves what a lost answer leaves.

const root = mkdtempSync(join(tmpdir(), 'notarium-life-'));
const files = join(root, 'files');
mkdirSync(files);
const noSecrets: SecretStore = { get: async () => null, set: async () => {}, delete: async () => false };
const sandboxes: TestSandbox[] = [];
const notaries: Notary[] = [];
let homes = 0;

afterAll(async () => {
  for (const n of notaries) await n.close();
  for (const sb of sandboxes) await sb.stop();
  rmSync(root, { recursive: true, force: true });
});

async function sandbox(options: Parameters<typeof startTestSandbox>[0]): Promise<TestSandbox> {
  const sb = await startTestSandbox(options);
  sandboxes.push(sb);
  return sb;
}

/** An engine on its own library whose current profile is a service profile on `sb`. */
async function engine(
  sb: TestSandbox,
  profile: Partial<ProfileInput> = {},
  options: { home?: string; poller?: boolean; now?: () => number; fetch?: FetchLike } = {},
): Promise<Notary> {
  const notary = new Notary({
    dataDir: options.home ?? join(root, `home-${++homes}`),
    secrets: noSecrets,
    env: { NOTARIUM_API_KEY: sb.apiKey },
    autoReceipts: false,
    pollerRatePerSecond: 500,
    now: options.now,
    transport: options.fetch ? { fetch: options.fetch } : undefined,
  });
  await notary.library.profiles.save({
    name: 'Service',
    baseUrl: sb.baseUrl,
    network: 'sandbox',
    explorerTxUrl: `${sb.baseUrl}/explorer/tx/{txId}/hex`,
    explorerHeaderUrl: `${sb.baseUrl}/explorer/block/{blockHash}/header`,
    expectedBlockSeconds: 0.2,
    targetConfirmations: 1,
    ...profile,
  });
  await notary.library.profiles.use('Service');
  if (options.poller ?? true) notary.startPoller();
  notaries.push(notary);
  return notary;
}

function file(name: string, content: string): string {
  const path = join(files, name);
  writeFileSync(path, content);
  return path;
}

function recordOf(outcome: NotariseOutcome | undefined): StoredRecord {
  if (!outcome || !('record' in outcome) || !outcome.record) throw new Error(`not registered: ${JSON.stringify(outcome)}`);
  return outcome.record;
}

/** Resolves with the probe's value once it has one, looking again at every record change (a bound only against a hang). */
function until<T>(notary: Notary, probe: () => T | undefined | null | false, what: string, timeoutMs = 90_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      const value = probe();
      if (value) {
        stop();
        resolve(value);
      }
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no ${what} after ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const stop = (): void => {
      clearTimeout(timer);
      notary.events.off('record-updated', check);
    };
    notary.events.on('record-updated', check);
    check();
  });
}

const get = (notary: Notary, id: number) => notary.library.records.get(id)!;

/** Changes the engine's service profile's resubmission time. */
async function setResubmitAfter(notary: Notary, seconds: number): Promise<void> {
  const { kind: _kind, apiKeyUrl: _key, networkSource: _source, networkDetectedFrom: _from, ...settings } = await notary.library.profiles.require('Service');
  await notary.library.profiles.save({ ...settings, baseUrl: settings.baseUrl!, resubmitAfterSeconds: seconds });
}

/** Requests the sandbox received on one route (faulted ones included). */
async function received(sb: TestSandbox, route: string): Promise<number> {
  const { routes } = await sb.json<{ routes: { route: string; total: number }[] }>('/__sandbox/requests');
  return routes.find((r) => r.route === route)?.total ?? 0;
}
const UPDATE = 'POST /api/v1/linkedrecords/{txId}/update';
const DELETE = 'POST /api/v1/linkedrecords/{txId}/delete';

async function forward(sb: TestSandbox, txId: string): Promise<string[]> {
  return (await sb.json<{ txIds: string[] }>(`/api/v1/linkedrecords/${txId}/navigate?links=9`)).txIds;
}

describe('versions wait for the block: a sandbox that refuses a version sent before its predecessor is mined', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await sandbox({ lifecycle: 'refuse', blockInterval: 0 }); // mined only when the test says so
  });

  it('queues versions added before their predecessor is mined, and sends each once the one before it is, in order', async () => {
    const notary = await engine(sb);
    const ctx = notary.context;
    const v1 = file('plan-1.md', 'plan, draft 1\n');
    const created = recordOf((await notarise(ctx, [v1], { document: true }))[0]);
    expect(created.state).toBe('published');
    const second = await addVersion(ctx, file('plan-2.md', 'plan, draft 2\n'), v1);
    const third = await addVersion(ctx, file('plan-3.md', 'plan, draft 3\n'), v1);
    const end = await finaliseDocument(ctx, v1);
    expect([second, third, end].map((r) => [r.kind, r.version, r.state, r.txId])).toEqual([
      ['linked-update', 2, 'queued', null],
      ['linked-update', 3, 'queued', null],
      ['linked-delete', 4, 'queued', null],
    ]);
    await expect(addVersion(ctx, file('plan-5.md', 'plan, too late\n'), v1)).rejects.toMatchObject({ code: 'TX_NOT_LINKABLE' });
    expect(await received(sb, UPDATE)).toBe(0);

    // Each block lets exactly the next version go.
    let predecessor = created;
    for (const queued of [second, third, end]) {
      await sb.mine();
      const sent = await until(
        notary,
        () => ['published', 'confirmed', 'settled'].includes(get(notary, queued.id).state) && get(notary, queued.id),
        `version ${queued.version} sent`,
      );
      expect(sent.prevTxId).toBe(predecessor.txId);
      const later = [second, third, end].filter((r) => r.version! > queued.version!);
      expect(later.map((r) => get(notary, r.id).state)).toEqual(later.map(() => 'queued'));
      predecessor = sent;
    }
    await sb.mine();
    const last = await waitForRecord(ctx, notary.follower, end, { confirmations: 1 });
    expect(inBlock(last)).toBe(true);
    // Sent once each, none refused (the sandbox refuses anything sent before its predecessor's block).
    expect(await received(sb, UPDATE)).toBe(2);
    expect(await received(sb, DELETE)).toBe(1);
    expect(await forward(sb, created.txId!)).toEqual([get(notary, second.id).txId, get(notary, third.id).txId, last.txId]);
    expect(await notary.library.documents.get(created.documentId!)).toMatchObject({ headTxId: last.txId, finalisedAt: expect.any(Number) });
  });

  it('a version the service did not take (too busy, 429: nothing written) goes back to its queue, holds the ones after it, and is sent when the service takes it', async () => {
    const notary = await engine(sb);
    const faults = (settings: object) => sb.json('/__sandbox/faults', { method: 'POST', body: JSON.stringify(settings) });
    const v1 = file('plan-1.md', 'plan 1\n');
    const created = recordOf((await notarise(notary.context, [v1], { document: true }))[0]);
    await sb.mine();
    await waitForRecord(notary.context, notary.follower, created, { confirmations: 1 });
    await faults({ rateLimitRate: 1, retryAfterSeconds: 0 });
    await expect(addVersion(notary.context, file('plan-2.md', 'plan 2\n'), v1)).rejects.toMatchObject({ status: 429 });
    const third = await addVersion(notary.context, file('plan-3.md', 'plan 3\n'), v1);
    const versions = () => notary.library.records.ofDocument(created.documentId!);
    expect(versions().map((v) => [v.version, v.state])).toEqual([
      [1, 'settled'],
      [2, 'queued'],
      [3, 'queued'],
    ]); // the profile's target is one block
    expect(versions()[1]!.lastError).toMatch(/^Not sent yet: .* It stays queued, and is sent after version 1 when the service takes it\.$/);
    await faults({ rateLimitRate: 0 });
    const mining = setInterval(() => void sb.mine().catch(() => {}), 200);
    try {
      const done = await waitForRecord(notary.context, notary.follower, third, { confirmations: 1 });
      expect(inBlock(done)).toBe(true);
    } finally {
      clearInterval(mining);
    }
    const [one, two, three] = versions();
    expect([two!.prevTxId, three!.prevTxId]).toEqual([one!.txId, two!.txId]);
    expect(await forward(sb, one!.txId!)).toEqual([two!.txId, three!.txId]);
  });

  it('a queued version is sent by a later process, or by "status" of it, once its predecessor is mined', async () => {
    const home = join(root, 'home-restart');
    const first = await engine(sb, {}, { home, poller: false });
    const v1 = file('memo-1.md', 'memo 1\n');
    recordOf((await notarise(first.context, [v1], { document: true }))[0]);
    const queued = await addVersion(first.context, file('memo-2.md', 'memo 2\n'), v1);
    expect(queued.state).toBe('queued');
    await first.close();
    notaries.splice(notaries.indexOf(first), 1);
    await sb.mine();

    // Nothing follows the registrations in this process: asking after the queued version does, once
    // a block time (0.2 s) has passed since version 1 was published (no status request before then).
    await new Promise((resolve) => setTimeout(resolve, 250));
    const later = await engine(sb, {}, { home, poller: false });
    const status = (await currentStatus(later.context, later.follower, join(files, 'memo-2.md'))).record;
    expect(status).toMatchObject({ id: queued.id, state: 'published', version: 2 });
    expect(status.prevTxId).toBe(later.library.records.ofDocument(queued.documentId!)[0]!.txId);

    // And a process that follows registrations sends the next one when the block comes.
    const third = await addVersion(later.context, file('memo-3.md', 'memo 3\n'), join(files, 'memo-2.md'));
    expect(third.state).toBe('queued');
    later.startPoller();
    await sb.mine();
    await until(later, () => get(later, third.id).state === 'published', 'version 3 sent');
    await sb.mine();
    expect(inBlock(await waitForRecord(later.context, later.follower, third, { confirmations: 1 }))).toBe(true);
  });
});

describe('resubmission: a registration not in a block in time is sent again', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await sandbox({ lifecycle: 'refuse', blockInterval: 0.2 });
  });
  const neverMine = (rate: number) => sb.json('/__sandbox/faults', { method: 'POST', body: JSON.stringify({ neverMineRate: rate }) });
  const resubmitAfter = setResubmitAfter;

  it('a check that fails is no news: a record past its resubmit time is not sent again until the service says it is not in a block', async () => {
    const notary = await engine(sb, { resubmitAfterSeconds: 3600 });
    const first = recordOf((await notarise(notary.context, [file('ledger.csv', 'ledger 3\n')]))[0]);
    const faults = (settings: object) => sb.json('/__sandbox/faults', { method: 'POST', body: JSON.stringify(settings) });
    await faults({ errorRate: 1, errorStatus: 503 }); // every service request fails; mining goes on
    await sb.mine();
    await resubmitAfter(notary, 1);
    let failedChecks = 0;
    const failures = new Promise<void>((resolve) =>
      notary.events.on('background-error', (r, error) => r?.id === first.id && error.code === 'SERVICE_UNAVAILABLE' && ++failedChecks === 6 && resolve()),
    ); // past the resubmit time (1 s): six checks, a block (0.2 s) to three apart
    notary.startPoller();
    await failures;
    await faults({ errorRate: 0 });
    const settled = await waitFor(notary.context, notary.follower, first.txId!, { confirmations: 1 });
    await resubmitAfter(notary, 3600);
    expect(settled.id).toBe(first.id);
    expect(notary.library.records.group(first.id).map((r) => r.id)).toEqual([first.id]); // nothing was sent again
    expect((await sb.json<{ txIds: string[] }>('/__sandbox/records')).txIds.filter((id) => id === first.txId)).toHaveLength(1);
  });

  it('a record never mined is sent again; the first in a block is the registration, the other superseded and never counted', async () => {
    const notary = await engine(sb, { resubmitAfterSeconds: 3600 });
    await neverMine(1);
    const path = file('invoice.pdf', 'invoice 17\n');
    const first = recordOf((await notarise(notary.context, [path]))[0]);
    await neverMine(0);
    await resubmitAfter(notary, 1);
    const winner = await waitFor(notary.context, notary.follower, first.txId!, { confirmations: 1 }); // the wait that never returned
    await resubmitAfter(notary, 3600);
    expect(winner).toMatchObject({ resubmits: first.id, publishedHex: first.publishedHex, salt: first.salt, encode: first.encode });
    expect(winner.idempotencyKey).not.toBe(first.idempotencyKey);
    expect(get(notary, first.id)).toMatchObject({ state: 'superseded', supersededBy: winner.id });
    for (const r of notary.library.records.group(first.id)) if (r.id !== winner.id) expect(r).toMatchObject({ state: 'superseded', supersededBy: winner.id });
    // One registration of the file, wherever the library is asked.
    expect(notary.library.records.bySha256(first.sha256!).map((r) => r.id)).toEqual([winner.id]);
    expect(notary.library.records.query({ search: 'invoice.pdf' }).records.map((r) => r.id)).toEqual([winner.id]);
    expect((await currentStatus(notary.context, notary.follower, path)).record.id).toBe(winner.id);
    expect((await sb.json<{ neverMined: number }>('/__sandbox/chain')).neverMined).toBeGreaterThanOrEqual(1);
  });

  it('a version never mined is sent again only after the chain shows it did not extend its predecessor, and the chain stays whole', async () => {
    const notary = await engine(sb, { resubmitAfterSeconds: 3600 });
    const v1 = file('deed-1.md', 'deed 1\n');
    const created = await waitForRecord(notary.context, notary.follower, recordOf((await notarise(notary.context, [v1], { document: true }))[0]), {
      confirmations: 1,
    });
    await neverMine(1);
    const second = await addVersion(notary.context, file('deed-2.md', 'deed 2\n'), v1);
    expect(second.state).toBe('published');
    await neverMine(0);
    await resubmitAfter(notary, 1);
    const winner = await waitForRecord(notary.context, notary.follower, second, { confirmations: 1 });
    await resubmitAfter(notary, 3600);
    expect(winner).toMatchObject({ resubmits: second.id, version: 2, prevTxId: created.txId });
    expect(get(notary, second.id).state).toBe('superseded');
    expect(await forward(sb, created.txId!)).toEqual([winner.txId]);
    expect((await notary.library.documents.get(created.documentId!))!.headTxId).toBe(winner.txId);
    // And the document goes on from the winner, with its token.
    const third = await addVersion(notary.context, file('deed-3.md', 'deed 3\n'), v1);
    expect((await waitForRecord(notary.context, notary.follower, third, { confirmations: 1 })).prevTxId).toBe(winner.txId);
  });

  it('a version the service holds unmined is not sent again: a second would spend the same output', async () => {
    const manual = await sandbox({ lifecycle: 'refuse', blockInterval: 0 });
    const notary = await engine(manual, { resubmitAfterSeconds: 3600 });
    const v1 = file('lease-1.md', 'lease 1\n');
    const created = recordOf((await notarise(notary.context, [v1], { document: true }))[0]);
    await manual.mine();
    await waitForRecord(notary.context, notary.follower, created, { confirmations: 1 });
    const second = await addVersion(notary.context, file('lease-2.md', 'lease 2\n'), v1);
    expect(second.state).toBe('published');
    await resubmitAfter(notary, 1);
    await until(notary, () => /the service holds it/.test(get(notary, second.id).lastError ?? ''), 'note that the service holds the version');
    await resubmitAfter(notary, 3600);
    expect(notary.library.records.group(second.id)).toHaveLength(1);
    expect(await received(manual, UPDATE)).toBe(1);
    await manual.mine();
    expect(inBlock(await waitForRecord(notary.context, notary.follower, second, { confirmations: 1 }))).toBe(true);
  });

  it(`a record the service never mines is given up after ${GIVE_UP_PERIODS} resubmission periods: every submission fails with a sentence, and the wait ends`, async () => {
    const notary = await engine(sb, { resubmitAfterSeconds: 3600 });
    await neverMine(1);
    const first = recordOf((await notarise(notary.context, [file('grant.pdf', 'grant 4\n')]))[0]);
    await resubmitAfter(notary, 1);
    const ended = await waitFor(notary.context, notary.follower, first.txId!, { confirmations: 1 }); // the wait that never returned
    await neverMine(0);
    await resubmitAfter(notary, 3600);
    expect(ended.state).toBe('failed');
    expect(ended.lastError).toBe(
      'Not mined: the service accepted "grant.pdf" but did not get it into a block in 6 seconds, sent again every 1 second, so it is no longer followed. Notarise the file again later, or ask the service\'s provider.',
    );
    const group = notary.library.records.group(first.id);
    expect(group.length).toBeGreaterThan(1); // it was sent again before it was given up
    expect(group.filter((r) => r.state !== 'failed')).toEqual([]);
    expect(notary.library.records.pendingCount()).toBe(0);
  });

  it(`a version the service holds unmined is given up after ${GIVE_UP_PERIODS} periods, with the version queued behind it, and the document goes back to its mined head`, async () => {
    const manual = await sandbox({ lifecycle: 'refuse', blockInterval: 0 });
    const notary = await engine(manual, { resubmitAfterSeconds: 3600 });
    const v1 = file('lease-a1.md', 'lease a1\n');
    const created = recordOf((await notarise(notary.context, [v1], { document: true }))[0]);
    await manual.mine();
    await waitForRecord(notary.context, notary.follower, created, { confirmations: 1 });
    const second = await addVersion(notary.context, file('lease-a2.md', 'lease a2\n'), v1);
    const third = await addVersion(notary.context, file('lease-a3.md', 'lease a3\n'), v1);
    expect([second.state, third.state]).toEqual(['published', 'queued']);
    await resubmitAfter(notary, 1);
    const ended = await waitForRecord(notary.context, notary.follower, third, { confirmations: 1 });
    await resubmitAfter(notary, 3600);
    expect(ended).toMatchObject({ id: third.id, state: 'failed' });
    expect(ended.lastError).toContain('it waited for version 2 of "lease-a2.md", which was never mined');
    expect(get(notary, second.id).state).toBe('failed');
    expect(get(notary, second.id).lastError).toMatch(/^Version 2 of "lease-a2\.md" was accepted by the service \(txId [0-9a-f]{64}\) but not mined in/);
    expect(await received(manual, UPDATE)).toBe(1); // never sent again: it holds the output
    expect((await notary.library.documents.get(created.documentId!))!.headTxId).toBe(created.txId);
  });

  it('a version whose predecessor was extended elsewhere meanwhile fails with a sentence, and the document keeps its head', async () => {
    const notary = await engine(sb, { resubmitAfterSeconds: 3600 });
    const v1 = file('will-1.md', 'will 1\n');
    const created = await waitForRecord(notary.context, notary.follower, recordOf((await notarise(notary.context, [v1], { document: true }))[0]), {
      confirmations: 1,
    });
    await neverMine(1);
    const second = await addVersion(notary.context, file('will-2.md', 'will 2\n'), v1);
    await neverMine(0);
    const theirs = await sb.updateLinked(created.txId!, 'written elsewhere');
    await resubmitAfter(notary, 1);
    const failed = await until(notary, () => get(notary, second.id).state === 'failed' && get(notary, second.id), 'the version failing');
    await resubmitAfter(notary, 3600);
    expect(failed.lastError).toContain(`already followed by another record (txId ${theirs.txId})`);
    expect(notary.library.records.group(second.id)).toHaveLength(1);
    expect((await notary.library.documents.get(created.documentId!))!.headTxId).toBe(created.txId);
  });
});

/** Sent and answered, perhaps already in a block when the test looks: blocks come every 0.2 s, and the poller follows meanwhile. */
const SENT = expect.stringMatching(/^(published|confirmed|settled)$/);

describe('a write whose answer was lost, on a service without Idempotency-Key', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await sandbox({ lifecycle: 'refuse', idempotency: 'ignore', blockInterval: 0.2 });
  });
  const faults = (settings: object) => sb.json('/__sandbox/faults', { method: 'POST', body: JSON.stringify(settings) });

  it('a write another engine is sending is left to it: neither a command for other files nor one naming it sends it again', async () => {
    const notary = await engine(sb, { idempotentWrites: false });
    const path = file('minutes.txt', 'minutes\n');
    await faults({ dropRate: 1, dropPhase: 'after' });
    const [lost] = await notarise(notary.context, [path]);
    await faults({ dropRate: 0 });
    expect(lost).toMatchObject({ status: 'in-doubt' });
    const id = recordOf(lost).id;
    expect(notary.library.records.takeSendLease(id, { owner: 'the app', until: Date.now() + 600_000 }, () => false)).toBe(true);
    const before = (await sb.json<{ txIds: string[] }>('/__sandbox/records')).txIds.length;
    await notarise(notary.context, [file('agenda.txt', 'agenda\n')]); // another file: the row is not touched
    expect(get(notary, id)).toMatchObject({ state: 'submitting', possibleDuplicate: false });
    const [named] = await notarise(notary.context, [path]);
    expect(named).toMatchObject({ status: 'in-doubt', error: { code: 'BEING_SENT' } }); // still in doubt here: its outcome is the other engine's
    expect((await sb.json<{ txIds: string[] }>('/__sandbox/records')).txIds.length).toBe(before + 1); // agenda.txt only
    notary.library.records.releaseSendLease(id, 'the app'); // its send ended without an answer
    const [again] = await notarise(notary.context, [path]);
    expect(again).toMatchObject({ status: 'resumed', record: { id, state: SENT, possibleDuplicate: true } });
  });

  it('an independent record is sent again and kept once, marked as a possible duplicate on the service', async () => {
    const notary = await engine(sb, { idempotentWrites: false });
    const path = file('receipt-scan.png', 'scan\n');
    const before = (await sb.json<{ txIds: string[] }>('/__sandbox/records')).txIds.length;
    await faults({ dropRate: 1, dropPhase: 'after' });
    const [lost] = await notarise(notary.context, [path]);
    await faults({ dropRate: 0 });
    expect(lost).toMatchObject({ status: 'in-doubt', record: { state: 'submitting', possibleDuplicate: false } });
    const [again] = await notarise(notary.context, [path]);
    expect(again).toMatchObject({ status: 'resumed', record: { id: recordOf(lost).id, state: SENT, possibleDuplicate: true } });
    expect((await sb.json<{ txIds: string[] }>('/__sandbox/records')).txIds.length).toBe(before + 2); // the service holds both
    expect(notary.library.records.bySha256(recordOf(again).sha256!)).toHaveLength(1);
  });

  it('a first send the service answered 429 on every attempt is not sent: nothing registered, nothing in doubt, sent as new by the next run', async () => {
    const notary = await engine(sb, { idempotentWrites: false });
    const path = file('timesheet.csv', 'timesheet\n');
    const before = (await sb.json<{ txIds: string[] }>('/__sandbox/records')).txIds.length;
    await faults({ rateLimitRate: 1, retryAfterSeconds: 0 });
    const [busy] = await notarise(notary.context, [path]);
    await faults({ rateLimitRate: 0 });
    expect(busy).toMatchObject({ status: 'not-sent', record: { state: 'submitting', submittedAt: null, possibleDuplicate: false } });
    const [again] = await notarise(notary.context, [path]);
    expect(again).toMatchObject({ record: { id: recordOf(busy).id, state: SENT, possibleDuplicate: false } });
    expect((await sb.json<{ txIds: string[] }>('/__sandbox/records')).txIds.length).toBe(before + 1);
  });

  it('a first send answered 503 after the service wrote it is in doubt, never "not sent": sent again only as a possible duplicate', async () => {
    const notary = await engine(sb, { idempotentWrites: false });
    const path = file('roster.csv', 'roster\n');
    const before = (await sb.json<{ txIds: string[] }>('/__sandbox/records')).txIds.length;
    await faults({ errorRate: 1, errorStatus: 503, errorPhase: 'after' });
    const [unavailable] = await notarise(notary.context, [path]);
    await faults({ errorRate: 0, errorPhase: 'before' });
    expect(unavailable).toMatchObject({ status: 'in-doubt', record: { state: 'submitting', possibleDuplicate: false } });
    expect(recordOf(unavailable).submittedAt).not.toBeNull();
    expect((await sb.json<{ txIds: string[] }>('/__sandbox/records')).txIds.length).toBe(before + 1); // it was written
    const [again] = await notarise(notary.context, [path]);
    expect(again).toMatchObject({ status: 'resumed', record: { id: recordOf(unavailable).id, possibleDuplicate: true } });
  });

  const AFTER_WRITE = [
    { answer: 'lost', name: 'policy', fault: { dropRate: 1, dropPhase: 'after' }, clear: { dropRate: 0 } },
    { answer: 'a 500', name: 'charter', fault: { errorRate: 1, errorStatus: 500, errorPhase: 'after' }, clear: { errorRate: 0, errorPhase: 'before' } },
    // Not "unavailable, nothing written": a proxy answers 503 when its upstream fails after taking the request.
    { answer: 'a 503', name: 'statute', fault: { errorRate: 1, errorStatus: 503, errorPhase: 'after' }, clear: { errorRate: 0, errorPhase: 'before' } },
  ];
  it.each(AFTER_WRITE)(
    'a version whose answer was $answer after it landed is found on the chain and adopted, never sent twice',
    async ({ name, fault, clear }) => {
      const notary = await engine(sb, { idempotentWrites: false });
      const v1 = file(`${name}-1.md`, `${name} 1\n`);
      const created = await waitForRecord(notary.context, notary.follower, recordOf((await notarise(notary.context, [v1], { document: true }))[0]), {
        confirmations: 1,
      });
      const updatesBefore = await received(sb, UPDATE);
      const v2 = file(`${name}-2.md`, `${name} 2\n`);
      await faults(fault);
      await expect(addVersion(notary.context, v2, v1)).rejects.toThrow();
      await faults(clear);
      const inDoubt = notary.library.records.ofDocument(created.documentId!).find((r) => r.version === 2)!;
      expect(inDoubt.state).toBe('submitting');
      // The same command again settles it; or, when the engine's own recovery settled it meanwhile,
      // says it is version 2 already. Either way the write is adopted, not sent again.
      const again = await addVersion(notary.context, v2, v1).catch((err: unknown) => err);
      if (again instanceof Error) expect(again).toMatchObject({ code: 'ALREADY_A_VERSION' });
      else expect(again).toMatchObject({ id: inDoubt.id });
      const adopted = notary.library.records.get(inDoubt.id)!;
      expect(adopted).toMatchObject({ state: SENT, possibleDuplicate: false });
      expect(await forward(sb, created.txId!)).toEqual([adopted.txId]);
      expect(await received(sb, UPDATE)).toBe(updatesBefore + 1);
      expect(inBlock(await waitForRecord(notary.context, notary.follower, adopted, { confirmations: 1 }))).toBe(true);
    },
  );

  it('a finalisation whose answer was lost after it landed is recognised on the chain (the record that ends it, empty), without match, and never sent twice', async () => {
    const noMatch = await sandbox({ lifecycle: 'refuse', idempotency: 'ignore', blockInterval: 0.2, disable: ['match'] });
    const faults = (settings: object) => noMatch.json('/__sandbox/faults', { method: 'POST', body: JSON.stringify(settings) });
    const notary = await engine(noMatch, { idempotentWrites: false });
    const v1 = file('bylaws-1.md', 'bylaws 1\n');
    const created = await waitForRecord(notary.context, notary.follower, recordOf((await notarise(notary.context, [v1], { document: true }))[0]), {
      confirmations: 1,
    });
    const deletesBefore = await received(noMatch, DELETE);
    await faults({ dropRate: 1, dropPhase: 'after' });
    await expect(finaliseDocument(notary.context, v1)).rejects.toThrow();
    await faults({ dropRate: 0 });
    const inDoubt = notary.library.records.ofDocument(created.documentId!).find((r) => r.kind === 'linked-delete')!;
    expect(inDoubt.state).toBe('submitting');
    const landed = await finaliseDocument(notary.context, v1); // the same command again settles it
    expect(landed).toMatchObject({ id: inDoubt.id, state: 'published', possibleDuplicate: false });
    expect(await forward(noMatch, created.txId!)).toEqual([landed.txId]);
    expect(await received(noMatch, DELETE)).toBe(deletesBefore + 1);
  });

  it('a version whose request was lost before it landed is sent again once nothing follows its predecessor for its resubmission time, not before', async () => {
    const notary = await engine(sb, { idempotentWrites: false, resubmitAfterSeconds: 3600 });
    const v1 = file('terms-1.md', 'terms 1\n');
    const created = await waitForRecord(notary.context, notary.follower, recordOf((await notarise(notary.context, [v1], { document: true }))[0]), {
      confirmations: 1,
    });
    const updatesBefore = await received(sb, UPDATE);
    const v2 = file('terms-2.md', 'terms 2\n');
    await faults({ dropRate: 1, dropPhase: 'before' });
    await expect(addVersion(notary.context, v2, v1)).rejects.toThrow();
    await faults({ dropRate: 0 });
    // Nothing on the chain yet: it may still be on its way (a service may index mined transactions only).
    const early = await addVersion(notary.context, v2, v1).catch((err: unknown) => err);
    expect(early).toMatchObject({ code: 'WRITE_IN_DOUBT' });
    expect((early as Error).message).toMatch(
      /^Version 2 of "terms-2\.md" was sent, its answer was lost, and the chain does not show it yet: .* in (59|60) minutes: run "notarium version add" on it again then, or with --wait/,
    );
    expect(await received(sb, UPDATE)).toBe(updatesBefore + 1);
    await setResubmitAfter(notary, 1);
    const sent = await addVersion(notary.context, v2, v1, { waitForChain: true }); // looks once per block, then sends it again
    expect(sent.state).toBe('published');
    expect(await received(sb, UPDATE)).toBe(updatesBefore + 2);
    expect(await forward(sb, created.txId!)).toEqual([sent.txId]);
  });

  it('a finalisation the service took without its txId is never sent again, however long the chain takes to show it', async () => {
    const quiet = await sandbox({ lifecycle: 'refuse', idempotency: 'ignore', blockInterval: 0, chainIndex: 'mined', deleteAnswer: 'empty' });
    const notary = await engine(quiet, { idempotentWrites: false, resubmitAfterSeconds: 1 });
    const v1 = file('statute-1.md', 'statute 1\n');
    const first = recordOf((await notarise(notary.context, [v1], { document: true }))[0]);
    await quiet.mine();
    const created = await waitForRecord(notary.context, notary.follower, first, { confirmations: 1 });
    await expect(finaliseDocument(notary.context, v1)).rejects.toMatchObject({ code: 'TXID_MISSING' });
    await new Promise((resolve) => setTimeout(resolve, 1100)); // past its resubmission time
    const again = await finaliseDocument(notary.context, v1).catch((err: unknown) => err);
    expect(again).toMatchObject({ code: 'WRITE_IN_DOUBT' });
    expect((again as Error).message).toMatch(
      /^The finalisation of "statute-1\.md" was taken by the service without its transaction id, .* it is not sent again\./,
    );
    expect(await received(quiet, DELETE)).toBe(1);
    await quiet.mine();
    const landed = await finaliseDocument(notary.context, v1);
    expect(landed).toMatchObject({ kind: 'linked-delete', state: 'published' });
    expect(await forward(quiet, created.txId!)).toEqual([landed.txId]);
    expect(await received(quiet, DELETE)).toBe(1);
  });

  it('a finalisation taken without its txId whose block comes between the look forward and the status is found, not failed', async () => {
    const quiet = await sandbox({ lifecycle: 'refuse', idempotency: 'ignore', blockInterval: 0, chainIndex: 'mined', deleteAnswer: 'empty' });
    // The block comes right after the engine's first look forward, before its next request: the
    // look found nothing, and the predecessor's status then says it can no longer be updated.
    let mineAfterNavigate = false;
    const racing: FetchLike = async (url, init) => {
      const answer = await fetch(url, init);
      if (mineAfterNavigate && url.includes('/navigate')) {
        mineAfterNavigate = false;
        await quiet.mine();
      }
      return answer;
    };
    const notary = await engine(quiet, { idempotentWrites: false }, { fetch: racing });
    const v1 = file('bylaws-1.md', 'bylaws 1\n');
    const first = recordOf((await notarise(notary.context, [v1], { document: true }))[0]);
    await quiet.mine();
    const created = await waitForRecord(notary.context, notary.follower, first, { confirmations: 1 });
    await expect(finaliseDocument(notary.context, v1)).rejects.toMatchObject({ code: 'TXID_MISSING' });
    mineAfterNavigate = true;
    const landed = await finaliseDocument(notary.context, v1);
    expect(landed).toMatchObject({ kind: 'linked-delete', state: 'published' });
    expect(await forward(quiet, created.txId!)).toEqual([landed.txId]);
    expect(await received(quiet, DELETE)).toBe(1);
  });

  it('on a strict service, a version whose answer was lost is looked up (navigate, then match after its predecessor) before anything is sent again; a lost first record is sent again; the chain stays whole', async () => {
    const strict = await sandbox({ strict: true, blockInterval: 0 });
    const faults = (settings: object) => strict.json('/__sandbox/faults', { method: 'POST', body: JSON.stringify(settings) });
    // No background poller: at a new block it settles writes in doubt itself, and would find version 3
    // before the addVersion below does (which then says, rightly, that it is a version already).
    const notary = await engine(strict, { idempotentWrites: false, resubmitAfterSeconds: 3600 }, { poller: false });
    const v1 = file('accord-1.md', 'accord 1\n');
    // The first record's answer lost: nothing to look it up by (no txId, no predecessor), so it is sent again.
    await faults({ dropRate: 1, dropPhase: 'after' });
    expect((await notarise(notary.context, [v1], { document: true }))[0]).toMatchObject({ status: 'in-doubt' });
    await faults({ dropRate: 0 });
    const [again] = await notarise(notary.context, [v1], { document: true });
    expect(again).toMatchObject({ record: { kind: 'linked-create', state: SENT, possibleDuplicate: true } });
    expect(await received(strict, 'POST /api/v1/linkedrecords')).toBe(2);
    await strict.mine();
    const created = await waitForRecord(notary.context, notary.follower, recordOf(again), { confirmations: 1 });
    const v2 = file('accord-2.md', 'accord 2\n');
    const second = await addVersion(notary.context, v2, v1);
    await strict.mine();
    await waitForRecord(notary.context, notary.follower, second, { confirmations: 1 });

    // Version 3 is taken by the service and its answer lost.
    const v3 = file('accord-3.md', 'accord 3\n');
    await faults({ dropRate: 1, dropPhase: 'after' });
    await expect(addVersion(notary.context, v3, v2)).rejects.toThrow();
    await faults({ dropRate: 0 });
    const updates = await received(strict, UPDATE);
    const matches = await received(strict, 'POST /api/v1/linkedrecords/{txId}/match');
    await strict.mine(); // a strict service shows a follower only once it is in a block
    const found = await addVersion(notary.context, v3, v2);
    expect(found).toMatchObject({ version: 3, state: SENT, possibleDuplicate: false });
    expect(await received(strict, UPDATE)).toBe(updates); // found, not sent again
    expect(await received(strict, 'POST /api/v1/linkedrecords/{txId}/match')).toBe(matches + 1);
    expect(await forward(strict, created.txId!)).toEqual([second.txId, found.txId]);
  });

  it('a finalisation in doubt whose record the service refuses to read (400) is recognised by its empty content, on a strict service', async () => {
    const strict = await sandbox({ strict: true, blockInterval: 0 });
    // A service that will not read a finalisation's content: there is no record in it to read.
    const refusing: FetchLike = async (url, init) => {
      const answer = await fetch(url, init);
      if ((init.method ?? 'GET') !== 'GET' || !/\/linkedrecords\/[0-9a-f]{64}\/content$/.test(new URL(url).pathname)) return answer;
      const body = await answer.arrayBuffer();
      if (!answer.ok || body.byteLength > 0) return new Response(body, { status: answer.status, headers: answer.headers });
      const problem = { title: 'Invalid request', status: 400, errorCode: 'INCORRECT_EVENT_TRANSACTION_TYPE', detail: 'Not a record transaction.' };
      return new Response(JSON.stringify(problem), { status: 400, headers: { 'content-type': 'application/problem+json' } });
    };
    const notary = await engine(strict, { idempotentWrites: false, resubmitAfterSeconds: 3600 }, { fetch: refusing });
    const v1 = file('charter-1.md', 'charter 1\n');
    const first = recordOf((await notarise(notary.context, [v1], { document: true }))[0]);
    await strict.mine();
    const created = await waitForRecord(notary.context, notary.follower, first, { confirmations: 1 });
    // Strict: the delete is answered without its txId, and the chain shows only mined records.
    await expect(finaliseDocument(notary.context, v1)).rejects.toMatchObject({ code: 'TXID_MISSING' });
    const deletes = await received(strict, DELETE); // the token's other placement tried once: one delete taken
    await strict.mine();
    const landed = await finaliseDocument(notary.context, v1);
    expect(landed).toMatchObject({ kind: 'linked-delete', state: 'published', lastError: null });
    expect(await forward(strict, created.txId!)).toEqual([landed.txId]);
    expect(await received(strict, DELETE)).toBe(deletes);
  });

  it('on a service whose navigate shows only mined transactions, a version whose answer was lost is waited for on the chain and adopted, never sent twice', async () => {
    const mined = await sandbox({ lifecycle: 'refuse', idempotency: 'ignore', blockInterval: 0, chainIndex: 'mined' });
    const notary = await engine(mined, { idempotentWrites: false, resubmitAfterSeconds: 3600 });
    const v1 = file('rules-1.md', 'rules 1\n');
    const first = recordOf((await notarise(notary.context, [v1], { document: true }))[0]);
    await mined.mine();
    const created = await waitForRecord(notary.context, notary.follower, first, { confirmations: 1 });
    await mined.json('/__sandbox/faults', { method: 'POST', body: JSON.stringify({ dropRate: 1, dropPhase: 'after' }) });
    await expect(addVersion(notary.context, file('rules-2.md', 'rules 2\n'), v1)).rejects.toThrow();
    await mined.json('/__sandbox/faults', { method: 'POST', body: JSON.stringify({ dropRate: 0 }) });
    expect(await forward(mined, created.txId!)).toEqual([]); // accepted, unmined: not shown
    await expect(addVersion(notary.context, join(files, 'rules-2.md'), v1)).rejects.toMatchObject({ code: 'WRITE_IN_DOUBT' });
    const said: string[] = [];
    const waiting = addVersion(notary.context, join(files, 'rules-2.md'), v1, { waitForChain: true, onWaiting: (m) => said.push(m) });
    // Before it waits it says what it waits for, as the command without waiting would.
    await expect.poll(() => said.length).toBeGreaterThan(0);
    expect(said[0]).toMatch(/^Version 2 of "rules-2\.md" was sent, its answer was lost, and the chain does not show it yet/);
    await mined.mine();
    const adopted = await waiting;
    expect(adopted).toMatchObject({ state: 'published', possibleDuplicate: false });
    expect(await forward(mined, created.txId!)).toEqual([adopted.txId]);
    expect(await received(mined, UPDATE)).toBe(1);
  });

  it("a process catching up settles writes left in doubt long ago, not another process's write under way", async () => {
    const home = join(root, 'home-catch-up');
    const hourAgo = () => Date.now() - 3600_000;
    const old = await engine(sb, { idempotentWrites: false }, { home, poller: false, now: hourAgo });
    await faults({ dropRate: 1, dropPhase: 'before' });
    const [longAgo] = await notarise(old.context, [file('old-note.txt', 'old note\n')]);
    await faults({ dropRate: 0 });
    await old.close();
    notaries.splice(notaries.indexOf(old), 1);

    const now = await engine(sb, { idempotentWrites: false }, { home, poller: false });
    await faults({ dropRate: 1, dropPhase: 'before' });
    const [recent] = await notarise(now.context, [file('new-note.txt', 'new note\n')]);
    await faults({ dropRate: 0 });
    // Another engine (the app) is sending it again at this moment: it holds its send lease.
    expect(now.library.records.takeSendLease(recordOf(recent).id, { owner: 'the app', until: Date.now() + 600_000 }, () => false)).toBe(true);
    await catchUp(now.context);
    expect(get(now, recordOf(longAgo).id)).toMatchObject({ state: 'published', possibleDuplicate: true });
    expect(get(now, recordOf(recent).id).state).toBe('submitting');
  });
});

describe("a watched file saved again while its folder's round waits for its block", () => {
  it('registers only its latest content, in the next round, when the block comes; nothing is sent before it', async () => {
    const sb = await sandbox({ lifecycle: 'refuse', blockInterval: 0 });
    const notary = await engine(sb);
    const events: WatchFileEvent[] = [];
    notary.watcher.events.on('file', (e) => events.push(e));
    const dir = join(root, 'watched');
    mkdirSync(dir);
    await notary.watcher.start();
    await notary.watcher.add(dir, { stableMs: 100 });
    const doc = join(dir, 'minutes.txt');
    const taken = (action: WatchFileEvent['action'], n: number) =>
      expect.poll(() => events.filter((e) => e.path === doc && e.action === action).length, { interval: 20 }).toBeGreaterThanOrEqual(n);

    writeFileSync(doc, 'minutes, draft\n');
    await taken('registered', 1);
    const first = events.find((e) => e.action === 'registered')!.record!;
    for (const [i, words] of ['minutes, second save\n', 'minutes, third save\n', 'minutes, final\n'].entries()) {
      writeFileSync(doc, words);
      await taken('waiting', i + 2);
    }
    await notary.watcher.whenIdle();
    expect(events.filter((e) => e.action === 'version')).toEqual([]);
    expect(await received(sb, UPDATE)).toBe(0);

    await sb.mine();
    await taken('version', 1);
    const round = events.find((e) => e.action === 'version')!.record!;
    await until(notary, () => get(notary, round.id).state === 'published', 'the round sent');
    await sb.mine();
    const mined = await waitForRecord(notary.context, notary.follower, round, { confirmations: 1 });
    expect(await forward(sb, first.txId!)).toEqual([mined.txId]);
    expect(await received(sb, UPDATE)).toBe(1);
    const final = createHash('sha256').update('minutes, final\n').digest('hex');
    expect(notary.library.batches.membersOf(notary.library.batches.ofRecord(mined)!.id).map((m) => m.sha256)).toEqual([final]);
    const entry = notary.library.watchedFolders.file((await notary.watcher.get(dir))!.id, 'minutes.txt')!;
    expect(notary.library.batches.member(entry.memberId!)!.registration.id).toBe(mined.id);
  });
});
