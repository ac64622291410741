import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { Notary } from '../../main/core/notary.ts';
import { startWebApp, type WebApp } from '../../main/web/web-app.ts';
import { MemorySecretStore } from '../support/memory-secret-store.ts';
import { call, openBridge, tradeLaunch, upload, type NodeSession } from '../support/web-app.ts';

// The web shell's app over the real engine (embedded sandbox): an upload is hashed once, on its
// way in, and lives only as long as the work that named it; what a form can send past the
// contract's limits is refused with a sentence, and the shell goes on answering.

const root = mkdtempSync(join(tmpdir(), 'notarium-web-app-'));
const staticDir = join(root, 'static');
let notary: Notary;
let app: WebApp;
let session: NodeSession;
let ws: WebSocket;
let nextId = 0;
const events: { event: string; payload: Record<string, unknown> }[] = [];

const ask = (method: string, args: unknown[]) => call(ws, ++nextId, method, args);
const uploadsHeld = () => readdirSync(join(root, 'home', 'web-shell', readdirSync(join(root, 'home', 'web-shell'))[0]!, 'uploads'));
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function event(name: string, match: (p: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const found = events.find((e) => e.event === name && match(e.payload));
    if (found) return resolve(found.payload);
    ws.on('message', function listen(d) {
      const m = JSON.parse(String(d)) as { event?: string; payload?: Record<string, unknown> };
      if (m.event === name && match(m.payload!)) {
        ws.off('message', listen);
        resolve(m.payload!);
      }
    });
  });
}

async function dropped(name: string, text: string): Promise<{ kind: 'upload'; uploadId: string }> {
  const res = await upload(session, name, text);
  expect(res.status, res.error?.message).toBe(200);
  return { kind: 'upload', uploadId: res.uploadId! };
}

beforeAll(async () => {
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Notarium</title>');
  notary = new Notary({ dataDir: join(root, 'home'), sandboxBlockInterval: 0.2, secrets: new MemorySecretStore(), env: {} });
  app = await startWebApp(notary, { staticDir, showInFolder: () => {}, log: () => {} });
  session = await tradeLaunch(app.shell.launchUrl);
  ws = await openBridge(session);
  ws.on('message', (d) => {
    const m = JSON.parse(String(d)) as { event?: string; payload?: Record<string, unknown> };
    if (m.event) events.push({ event: m.event, payload: m.payload! });
  });
});
afterAll(async () => {
  ws?.close();
  await app?.close();
  await notary?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('uploads in the web shell', () => {
  let recordId = 0;
  let receipt = '';

  it('are hashed once, on the way in, and deleted when the notarise job ends', async () => {
    const ref = await dropped('deed.txt', 'the deed as dropped\n');
    // Whatever happens to the stored copy afterwards, the digest is the one of the bytes received.
    const held = app.shell.uploads.get(ref.uploadId)!;
    writeFileSync(held.path, 'changed on disk after the upload\n');
    const jobId = randomUUID();
    expect((await ask('notarise', [jobId, [ref], { document: true }])).value).toBeNull();
    const done = await event('notarise-done', (p) => p.jobId === jobId);
    const outcome = (done.outcomes as { status: string; record: { id: number; sha256: string } }[])[0]!;
    expect(outcome).toMatchObject({ status: 'registered', record: { sha256: sha256('the deed as dropped\n') } });
    await expect.poll(() => existsSync(held.path)).toBe(false);
    expect(app.shell.uploads.get(ref.uploadId)).toBeUndefined();
    recordId = outcome.record.id;
    await event('record-updated', (p) => p.id === recordId && p.state === 'settled');
    receipt = ((await ask('exportReceipt', [recordId])).value as { receipt: string }).receipt;
  });

  it('are deleted when a verify job ends, the receipt dropped with the file too', async () => {
    const file = await dropped('deed.txt', 'the deed as dropped\n');
    const withReceipt = await dropped('deed.txt.receipt.json', receipt);
    const jobId = randomUUID();
    await ask('verify', [jobId, [file], { receipt: withReceipt, offline: true }]);
    const result = await event('verify-result', (p) => p.jobId === jobId);
    expect(result.result, JSON.stringify(result.result)).toMatchObject({ status: 'verified' });
    await event('verify-done', (p) => p.jobId === jobId);
    await expect.poll(() => uploadsHeld()).toEqual([]);
    const alone = await dropped('deed.txt.receipt.json', receipt);
    const second = randomUUID();
    await ask('verifyReceipt', [second, alone, { offline: true }]);
    await event('verify-done', (p) => p.jobId === second);
    await expect.poll(() => uploadsHeld()).toEqual([]);
  });

  it('are deleted once a call that answers at the end has answered (which version, add a version)', async () => {
    const which = await ask('whichVersion', [await dropped('deed.txt', 'the deed as dropped\n')]);
    expect(which.value).toMatchObject({ version: 1, versions: 1 });
    await expect.poll(() => uploadsHeld()).toEqual([]);
    const document = (which.value as { document: { id: number } }).document.id;
    const added = await ask('addVersion', [document, await dropped('deed.txt', 'the deed, amended\n')]);
    expect(added.value).toMatchObject({ version: 2, sha256: sha256('the deed, amended\n') });
    await expect.poll(() => uploadsHeld()).toEqual([]);
  });

  it('are deleted when the call that named them is refused', async () => {
    const ref = await dropped('x.pdf', 'never used');
    const refused = await ask('notarise', [randomUUID(), [ref], { document: 'yes' }]);
    expect(refused.error).toMatchObject({ code: 'BAD_CALL' });
    await expect.poll(() => uploadsHeld()).toEqual([]);
  });
});

describe('what a form can send past the limits', () => {
  it('a long API key and 70 globs are refused with a sentence, and the shell goes on', async () => {
    expect((await ask('saveProfile', [{ name: 'Prod', baseUrl: 'https://records.example.com' }, {}])).value).toMatchObject({ name: 'Prod' });
    expect((await ask('setApiKey', ['Prod', 'k'.repeat(5000)])).error).toEqual({
      code: 'INVALID_ARGUMENT',
      message: 'An API key has at most 4,096 characters: check that only the key was pasted.',
    });
    const folder = join(root, 'watched');
    mkdirSync(folder);
    const globs = Array.from({ length: 70 }, (_, i) => `*.ext${i}`);
    expect((await ask('addWatchedFolder', [folder, { include: globs }])).error).toEqual({
      code: 'INVALID_ARGUMENT',
      message: 'A watched folder takes at most 64 globs under "Only these": combine some (for example *.{pdf,docx}).',
    });
    expect((await ask('addWatchedFolder', [folder, { exclude: globs }])).error?.message).toMatch(/at most 64 globs under "Never these"/);
    expect((await ask('setApiKey', ['Prod', 'k'.repeat(4096)])).value).toEqual({ apiKeySet: true });
    expect((await ask('appInfo', [])).value).toMatchObject({ shell: 'web' });
  });
});
