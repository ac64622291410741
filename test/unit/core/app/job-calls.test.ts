import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventName, FileRef, NotariumEvents } from '../../../../preload/contract.ts';
import { createAppService, type AppService } from '../../../../main/core/app/app-service.ts';
import { Notary } from '../../../../main/core/notary.ts';
import { MemorySecretStore } from '../../../support/memory-secret-store.ts';

// Every job ends: one that fails as a whole (a profile without its key, say) still sends its last
// event, with the error on each of its files, under the names the user gave them; a file the shell
// no longer holds refuses the call itself, before any job starts.

let root: string;
let notary: Notary;
let service: AppService;
let events: { event: EventName; payload: unknown }[];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'notarium-job-calls-'));
  notary = new Notary({ dataDir: join(root, 'home'), secrets: new MemorySecretStore(), env: {} });
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

describe('job calls', () => {
  it('end a notarise job that failed as a whole, with the error on each file under its name', async () => {
    notary.library.profiles.save({ name: 'Records', baseUrl: 'https://records.invalid', network: 'testnet' });
    notary.library.profiles.use('Records');
    const jobId = randomUUID();
    await service.api.notarise(jobId, [upload('deed.txt', 'a deed'), upload('plan.pdf', 'a plan')], {});
    const done = await last('notarise-done', jobId);
    expect(done.outcomes.map((o) => [o.index, o.name, o.status, o.error?.code])).toEqual([
      [0, 'deed.txt', 'failed', 'NO_API_KEY'],
      [1, 'plan.pdf', 'failed', 'NO_API_KEY'],
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
    expect(result.message).toBe('x.receipt.json: The receipt has no "format" field, so it is not a Notarium receipt.');
    expect(result.name).toBe('x.receipt.json');
    await last('verify-done', jobId);
    const withFile = randomUUID();
    await service.api.verify(withFile, [upload('x', 'x')], { receipt: upload('x.receipt.json', 'not json'), offline: true });
    expect((await last('verify-result', withFile)).result.message).toMatch(/^x\.receipt\.json: The receipt is not valid JSON/);
  });
});
