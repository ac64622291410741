import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventName, FileRef, NotariumEvents } from '../../../../preload/contract.ts';
import { createAppService, type AppService } from '../../../../main/core/app/app-service.ts';
import { Notary } from '../../../../main/core/notary.ts';
import { MemorySecretStore } from '../../../support/memory-secret-store.ts';
import { FILE_CONTENT, makeFixture } from '../../../support/receipt-fixture.ts';

// Every job ends: one that fails as a whole (a profile without its key, say) still sends its last
// event, with the error on each of its files, under the names the user gave them; a file the shell
// no longer holds refuses the call itself, before any job starts.

let root: string;
let notary: Notary;
let service: AppService;
let events: { event: EventName; payload: unknown }[];
/** Every request the engine made: none reaches a network, each is refused. */
let requests: string[];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'notarium-job-calls-'));
  requests = [];
  const fetch = async (url: string): Promise<Response> => {
    requests.push(url);
    throw new TypeError('fetch failed');
  };
  notary = new Notary({ dataDir: join(root, 'home'), secrets: new MemorySecretStore(), env: {}, transport: { fetch } });
  // As the web shell names its uploads: a path of its own, and the user's name for it.
  const names = new Map<string, string>();
  service = createAppService(notary, {
    shell: 'web',
    resolveFile: (ref) => {
      if (ref.kind !== 'upload' || !names.has(ref.uploadId))
        throw Object.assign(new Error('That dropped file is no longer held by Notarium: drop it again.'), { code: 'UPLOAD_EXPIRED' });
      return join(root, ref.uploadId);
    },
    nameOf: (ref) => names.get((ref as { uploadId: string }).uploadId)!,
    openExternal: async () => {},
    openExplorerPage: async () => {},
    showInFolder: () => {},
    printPdf: async () => new Uint8Array(),
  });
  events = [];
  service.subscribe((event, payload) => events.push({ event, payload }));
  upload = (name, text) => {
    const uploadId = randomUUID();
    writeFileSync(join(root, uploadId), text);
    names.set(uploadId, name);
    return { kind: 'upload', uploadId };
  };
});
afterEach(async () => {
  await service.close();
  await notary.close();
  rmSync(root, { recursive: true, force: true });
});

let upload: (name: string, text: string) => FileRef;

async function last<E extends EventName>(event: E, jobId: string): Promise<NotariumEvents[E]> {
  await expect.poll(() => events.some((e) => e.event === event && (e.payload as { jobId: string }).jobId === jobId)).toBe(true);
  return events.find((e) => e.event === event && (e.payload as { jobId: string }).jobId === jobId)!.payload as NotariumEvents[E];
}

describe('Verify offline', () => {
  it('uses the receipt alone: no request, no connection to any service, where the same check online asks the service', async () => {
    const { receipt } = makeFixture();
    // A profile for the receipt's service: online, it is the one asked.
    await notary.library.profiles.save({ name: 'Maker', baseUrl: receipt.registration.serviceUrl, network: 'sandbox' });
    const connecting = vi.spyOn(notary.connections, 'forProfile');
    const verify = async (offline: boolean) => {
      const jobId = randomUUID();
      await service.api.verify(jobId, [upload('contract.pdf', FILE_CONTENT.toString())], {
        receipt: upload('contract.pdf.receipt.json', JSON.stringify(receipt)),
        offline,
      });
      return (await last('verify-result', jobId)).result;
    };
    const offline = await verify(true);
    expect([offline.status, offline.verifiedOnTestChain]).toEqual(['verified', true]);
    expect(offline.steps.find((s) => s.id === 'service')).toMatchObject({ status: 'skipped' });
    expect(offline.steps.find((s) => s.id === 'service')?.code).not.toBe('service-unreachable');
    expect([requests, connecting.mock.calls]).toEqual([[], []]);
    const online = await verify(false);
    // Online, the profile that reaches the receipt's service is the one asked: for its block lookup (it has none) and its service.
    expect(new Set(connecting.mock.calls.flat())).toEqual(new Set(['Maker']));
    expect(online.steps.find((s) => s.id === 'chain')).toMatchObject({ status: 'skipped', code: 'no-block-lookup' });
    expect(online.steps.find((s) => s.id === 'service')).toMatchObject({ status: 'skipped', code: 'service-unreachable' });
  });
});

describe('job calls', () => {
  it('end a notarise job that failed as a whole, with the error on each file under its name', async () => {
    await notary.library.profiles.save({ name: 'Records', baseUrl: 'https://records.invalid', network: 'testnet' });
    await notary.library.profiles.use('Records');
    const jobId = randomUUID();
    await service.api.notarise(jobId, [upload('deed.txt', 'a deed'), upload('plan.pdf', 'a plan')], {});
    const done = await last('notarise-done', jobId);
    expect(done.outcomes.map((o) => [o.index, o.name, o.status, o.error?.code])).toEqual([
      [0, 'deed.txt', 'failed', 'NO_API_KEY'],
      [1, 'plan.pdf', 'failed', 'NO_API_KEY'],
    ]);
  });

  it("end a notarise job with each record as the library holds it then, not as its file's work left it", async () => {
    await notary.library.profiles.save({ name: 'Records', baseUrl: 'https://records.invalid', network: 'testnet' });
    await notary.library.profiles.use('Records');
    await service.api.setApiKey('Records', 'a-key');
    // The deed is registered already: the job finds its record, and the record moves on (a status
    // check found it in a block) after the deed's work is done and before the job ends.
    const known = notary.library.records.insertSubmitting({
      profile: 'Records',
      kind: 'record',
      name: 'deed.txt',
      path: null,
      size: 6,
      sha256: createHash('sha256').update('a deed').digest('hex'),
      encode: 'SHA256(s)',
      salt: 's',
      recordHex: '00',
      publishedHex: '00',
      idempotencyKey: randomUUID(),
      network: 'testnet',
      serviceUrl: null,
    });
    notary.library.records.markPublished(known.id, 'ab'.repeat(32), Date.now() + 600_000, null);
    service.subscribe((event, payload) => {
      const p = payload as NotariumEvents['notarise-progress'];
      if (event === 'notarise-progress' && p.index === 0 && p.phase === 'done')
        notary.library.records.recordConfirmation(
          known.id,
          { state: 'confirmed', confirmations: 1, blockHash: 'cd'.repeat(32), blockTime: null, confirmation: null },
          null,
        );
    });
    const jobId = randomUUID();
    await service.api.notarise(jobId, [upload('deed.txt', 'a deed')], {});
    const done = await last('notarise-done', jobId);
    expect(done.outcomes.map((o) => [o.status, o.record?.id, o.record?.state, o.record?.confirmations])).toEqual([
      ['already-registered', known.id, 'confirmed', 1],
    ]);
  });

  it('refuse a call naming a file the shell no longer holds: no job starts, so none is left waiting', async () => {
    const gone: FileRef = { kind: 'upload', uploadId: randomUUID() };
    await expect(service.api.verifyReceipt(randomUUID(), gone, {})).rejects.toMatchObject({ code: 'UPLOAD_EXPIRED' });
    await expect(service.api.verify(randomUUID(), [upload('deed.txt', 'a deed')], { receipt: gone })).rejects.toMatchObject({ code: 'UPLOAD_EXPIRED' });
    await expect(service.api.notarise(randomUUID(), [gone], {})).rejects.toMatchObject({ code: 'UPLOAD_EXPIRED' });
  });

  it('name a broken receipt by the name it was dropped under, never by the path the shell keeps it at', async () => {
    const jobId = randomUUID();
    await service.api.verifyReceipt(jobId, upload('x.receipt.json', '{"hello":1}'), { offline: true });
    const { result } = await last('verify-result', jobId);
    expect(result.message).toBe('x.receipt.json: This is not a Notarium receipt (it has no format).');
    expect(result).toMatchObject({ name: 'x.receipt.json', status: 'unreadable', error: { code: 'RECEIPT_INVALID' } });
    await last('verify-done', jobId);
    const withFile = randomUUID();
    await service.api.verify(withFile, [upload('x', 'x')], { receipt: upload('x.receipt.json', 'not json'), offline: true });
    expect((await last('verify-result', withFile)).result.message).toMatch(/^x\.receipt\.json: The receipt is not valid JSON/);
  });
});
