import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCall, type EventName, type FileRef, type NotariumEvents, type RecordView } from '../../preload/contract.ts';
import { createAppService, type AppService } from '../../main/core/app/app-service.ts';
import { sentenceFor } from '../../main/core/errors/catalogue.ts';
import { asNotariumError, NotariumError } from '../../main/core/errors/notarium-error.ts';
import { Notary } from '../../main/core/notary.ts';
import { printPdfWithChromium } from '../../main/core/print/chromium-pdf.ts';
import { decodeQr, pdfText } from '../support/certificate-checks.ts';
import { pageSha256, verifierPage } from '../../main/core/receipts/verifier-page.ts';
import { runCli } from '../support/cli.ts';
import { closedPort } from '../support/closed-port.ts';
import { MemorySecretStore } from '../support/memory-secret-store.ts';
import { unzipEntries } from '../support/unzip.ts';
import { headlessAppService } from '../support/app-service.ts';

// The contract's calls over the engine, on the embedded sandbox, as both shells use them. Each
// test has its own engine, library and files: none depends on another's leftovers.

const path = (p: string): FileRef => ({ kind: 'path', path: p });

interface Setup {
  root: string;
  files: string;
  notary: Notary;
  service: AppService;
  events: { event: EventName; payload: unknown }[];
  explored: string[];
  /** The shell's log: what no page may see. */
  logged: string[];
}

let t: Setup;

beforeEach(() => {
  const root = mkdtempSync(join(tmpdir(), 'notarium-app-'));
  const files = join(root, 'files');
  mkdirSync(files);
  const notary = new Notary({ dataDir: join(root, 'home'), sandboxBlockInterval: 0.2, secrets: new MemorySecretStore(), env: {} });
  const explored: string[] = [];
  const logged: string[] = [];
  const service = createAppService(notary, {
    log: (line) => void logged.push(line),
    shell: 'electron',
    resolveFile: (ref) => (ref.kind === 'path' ? ref.path : ''),
    openExternal: async () => {},
    openExplorerPage: async (url) => void explored.push(url),
    showInFolder: () => {},
    printPdf: (html) => printPdfWithChromium(html),
    verifyCommand: ['/opt/Notarium/notarium'],
    xdgDirs: { dataHome: join(root, 'xdg', 'data'), configHome: join(root, 'xdg', 'config'), configDirs: [join(root, 'xdg', 'etc')] },
  });
  const events: Setup['events'] = [];
  service.subscribe((event, payload) => events.push({ event, payload }));
  t = { root, files, notary, service, events, explored, logged };
});
afterEach(async () => {
  await t.service.close();
  await t.notary.close();
  rmSync(t.root, { recursive: true, force: true });
});

function next<E extends EventName>(event: E, match: (p: NotariumEvents[E]) => boolean = () => true): Promise<NotariumEvents[E]> {
  return new Promise((resolve) => {
    const stop = t.service.subscribe((e, p) => {
      if ((e as string) === event && match(p as unknown as NotariumEvents[E])) {
        stop();
        resolve(p as unknown as NotariumEvents[E]);
      }
    });
  });
}

/** A file notarised through a job and followed until settled. */
async function settledFile(
  name: string,
  content: string,
): Promise<{ file: string; id: number; txId: string; jobId: string; done: NotariumEvents['notarise-done'] }> {
  const file = join(t.files, name);
  writeFileSync(file, content);
  const finished = next('notarise-done');
  const jobId = randomUUID();
  expect(await t.service.api.notarise(jobId, [path(file)], {})).toBeNull();
  const done = await finished;
  const record = done.outcomes[0]!.record!;
  await next('record-updated', (r) => r.id === record.id && r.state === 'settled');
  return { file, id: record.id, txId: record.txId!, jobId, done };
}

describe('the app service', () => {
  it('describes the app and the profiles, without secrets', async () => {
    const { service } = t;
    expect(await service.api.appInfo()).toMatchObject({ shell: 'electron', filePaths: true, version: expect.any(String) });
    const profiles = await service.api.listProfiles();
    expect(profiles).toEqual([expect.objectContaining({ name: 'Sandbox', current: true, apiKeySet: true })]);
    await expect(service.api.setApiKey('Sandbox', 'x')).rejects.toMatchObject({ code: 'SANDBOX_PROFILE_FIXED' });
    const saved = await service.api.saveProfile({ name: 'Prod', baseUrl: 'https://records.example.com' }, {});
    expect(saved).toMatchObject({ name: 'Prod', apiKeySet: false, current: false });
    expect(await service.api.setApiKey('Prod', 'secret-key')).toEqual({ apiKeySet: true });
    const again = (await service.api.listProfiles()).find((p) => p.name === 'Prod')!;
    expect(again.apiKeySet).toBe(true);
    expect(JSON.stringify(again)).not.toContain('secret-key');
  });

  it('a profile saved with a new address has no API key set, unless the person chose to keep it', async () => {
    const { service, notary } = t;
    await service.api.saveProfile({ name: 'Prod', baseUrl: 'https://records.example.com' }, {});
    await service.api.setApiKey('Prod', 'secret-key');
    const moved = await service.api.saveProfile({ name: 'Prod', baseUrl: 'https://records.example.org' }, {});
    expect(moved.apiKeySet).toBe(false);
    const back = await service.api.saveProfile({ name: 'Prod', baseUrl: 'https://records.example.com' }, {});
    expect(back.apiKeySet).toBe(true); // where the key was entered
    const kept = await service.api.saveProfile({ name: 'Prod', baseUrl: 'https://records.example.net' }, { keepApiKey: true });
    expect(kept.apiKeySet).toBe(true);
    expect((await notary.library.profiles.require('Prod')).apiKeyUrl).toBe('https://records.example.net');
  });

  it('a profile saved from Settings keeps the settings the form does not show', async () => {
    const { service, notary } = t;
    await notary.library.profiles.save({
      name: 'Kept',
      baseUrl: 'https://kept.example.com',
      issuer: 'https://id.example.com',
      audience: 'records',
      rejectAfterSeconds: 86_400,
      expectedBlockSeconds: 30,
    });
    const saved = await service.api.saveProfile({ name: 'Kept', baseUrl: 'https://kept.example.com', targetConfirmations: 2 }, {});
    expect(saved).toMatchObject({ targetConfirmations: 2, expectedBlockSeconds: 30 });
    expect(await notary.library.profiles.require('Kept')).toMatchObject({
      issuer: 'https://id.example.com',
      audience: 'records',
      rejectAfterSeconds: 86_400,
      expectedBlockSeconds: 30,
      targetConfirmations: 2,
    });
  });

  it('notarises through a job: progress while hashing, then done with the record, followed to settled', async () => {
    const { done, jobId, id } = await settledFile('deed.txt', 'a deed\n');
    expect(done.jobId).toBe(jobId);
    expect(done.outcomes).toEqual([expect.objectContaining({ name: 'deed.txt', status: 'registered', error: null })]);
    expect(
      t.events.some(
        (e) =>
          e.event === 'notarise-progress' &&
          (e.payload as NotariumEvents['notarise-progress']).jobId === jobId &&
          (e.payload as { phase: string }).phase === 'hashing',
      ),
    ).toBe(true);
    expect(await t.service.api.getRecord(id)).toMatchObject({ name: 'deed.txt', state: 'settled' });
    const { records, total } = await t.service.api.queryRecords({ search: 'deed', limit: 10, offset: 0 });
    expect(total).toBe(1);
    expect(records[0]).toMatchObject({ name: 'deed.txt', state: 'settled' });
    expect(await t.service.api.pendingCount()).toBe(0);
  });

  it('tells of an outcome in a notice: a registration followed this session, and one under way when the service started', async () => {
    const settledNotice = next('notice', (n) => n.outcome === 'settled');
    const { id } = await settledFile('lease.txt', 'a lease\n');
    expect(await settledNotice).toEqual({
      outcome: 'settled',
      title: '“lease.txt” is settled',
      body: expect.any(String),
      recordId: id,
      tag: `notarium-settled-${id}`,
    });

    // Published before this service started (another run): its first change now is news too.
    const { records } = t.notary.library;
    const before = records.insertSubmitting({
      profile: 'Sandbox',
      kind: 'record',
      name: 'earlier.txt',
      path: null,
      size: 1,
      sha256: 'ab'.repeat(32),
      encode: 'spec',
      salt: null,
      recordHex: '00',
      publishedHex: '00',
      idempotencyKey: randomUUID(),
      network: 'sandbox',
      serviceUrl: null,
    });
    records.markPublished(before.id, 'cd'.repeat(32), Date.now() + 3_600_000);
    await t.service.close();
    t.service = headlessAppService(t.notary, { resolveFile: () => '' });
    const failedNotice = next('notice', (n) => n.outcome === 'failed');
    records.markFailed(before.id, 'The service refused it.');
    t.notary.events.emit('record-updated', records.get(before.id)!);
    expect(await failedNotice).toMatchObject({ title: '“earlier.txt” could not be notarised', body: 'The service refused it.', recordId: before.id });
  });

  it('a settled record has its receipt beside the file, and exports it', async () => {
    const { file, id } = await settledFile('deed.txt', 'a deed\n');
    await expect.poll(() => existsSync(`${file}.receipt.json`)).toBe(true);
    const exported = await t.service.api.exportReceipt(id);
    expect(exported).toMatchObject({ path: `${file}.receipt.json`, fileName: 'deed.txt.receipt.json' });
    expect(JSON.parse(exported.receipt).format).toBe('notarium-receipt/1');
  });

  it("a certificate names the transaction; the sandbox explorer's page opens from the app but is not printed", async () => {
    const { id, txId } = await settledFile('deed.txt', 'a deed\n');
    const certificate = await t.service.api.certificate(id);
    expect(certificate.html).toContain(txId);
    expect(certificate.html).toMatch(/existed no later than block/);
    // The app opens the sandbox explorer's page for this transaction: it answers on this machine, now.
    const link = (await t.service.api.getRecord(id)).explorerLink;
    expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/explorer/tx/${txId}$`));
    await t.service.api.openExplorer(id);
    expect(t.explored).toEqual([link]);
    const page = await fetch(link!);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toMatch(/In a block, \d+ confirmations?/);
    // On paper that loopback address would be a dead link for any reader: no link, no QR code, and why.
    // (The HTML certificate carries its receipt as data for its verifier, which names its service as the receipt file does; nothing shown does.)
    const shown = certificate.html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
    expect(shown).not.toContain(link!.slice(0, link!.indexOf('/explorer')));
    expect(decodeQr(certificate.html)).toBeNull();
    expect(certificate.html).toContain('No public link: the sandbox chain is simulated by the Notarium sandbox that registered this file');
  });

  it("a shell with no browser to open (the web shell) refuses Explorer: its page links to the transaction's page itself", async () => {
    const { id } = await settledFile('deed.txt', 'a deed\n');
    await t.service.close();
    t.service = createAppService(t.notary, { shell: 'web', resolveFile: () => '', showInFolder: () => {}, printPdf: async () => new Uint8Array() });
    await expect(t.service.api.openExplorer(id)).rejects.toMatchObject({
      code: 'NOT_IN_THIS_SHELL',
      message: "In the browser, Notarium opens no other browser: follow the record's Explorer link instead.",
    });
    // Send now is for a registration that never reached the service, not one already sent.
    await expect(t.service.api.sendNow(id)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: '"deed.txt" is not waiting to be sent: only a registration that could not reach the service is.',
    });
  });

  it('a registration that never reached the service can be removed: it no longer counts as pending, nor keeps its profile', async () => {
    const { service } = t;
    // As the app runs: the poller's catching up at its start is over before anything is notarised.
    t.notary.startPoller();
    await service.api.saveProfile({ name: 'Away', baseUrl: `http://127.0.0.1:${await closedPort()}`, network: 'sandbox' }, {});
    await service.api.setApiKey('Away', 'a-key');
    await service.api.useProfile('Away');
    const file = join(t.files, 'letter.txt');
    writeFileSync(file, 'a letter\n');
    const finished = next('notarise-done');
    await service.api.notarise(randomUUID(), [path(file)], {});
    const { record } = (await finished).outcomes[0]!;
    expect(record).toMatchObject({ notSent: true, profile: 'Away', txId: null });
    expect(await service.api.pendingCount()).toBe(1);
    // Asked before any confirmation (profileRemovable), as removing would answer: one record, counted as one, and what to do.
    const refusal = {
      code: 'PROFILE_IN_USE',
      message: `The profile "Away" keeps 1 record that never reached the service: remove it in the app's Library (nothing of it was registered), then remove the profile.`,
    };
    await expect(service.api.profileRemovable('Away')).rejects.toMatchObject(refusal);
    await expect(service.api.removeProfile('Away')).rejects.toMatchObject(refusal);

    const counted = next('pending-count');
    expect(await service.api.removeNotSent(record!.id)).toBeNull();
    expect(await counted).toBe(0);
    expect(await service.api.pendingCount()).toBe(0);
    expect(await service.api.queryRecords({ limit: 10, offset: 0 })).toEqual({ records: [], total: 0 });
    await expect(service.api.getRecord(record!.id)).rejects.toMatchObject({ code: 'NOT_IN_LIBRARY' });
    await expect(service.api.removeNotSent(record!.id)).rejects.toMatchObject({ code: 'NOT_IN_LIBRARY' });
    expect(await service.api.profileRemovable('Away')).toBeNull();
    expect(await service.api.removeProfile('Away')).toBeNull();
    expect((await service.api.listProfiles()).map((p) => p.name)).toEqual(['Sandbox']);
  });

  it('a document asked of a file registered as a record: refused with the record and no command; with again, started', async () => {
    const { file, id, txId } = await settledFile('deed.txt', 'a deed\n');
    const refused = next('notarise-done');
    await t.service.api.notarise(randomUUID(), [path(file)], { document: true });
    expect((await refused).outcomes).toEqual([
      expect.objectContaining({
        status: 'already-a-record',
        record: expect.objectContaining({ id, txId, kind: 'record' }),
        error: {
          code: 'ALREADY_REGISTERED',
          message: `deed.txt is already registered as a record (txId ${txId}), and a record cannot take versions, so no document was started. The record stays as it is; the receipt is saved beside the file.`,
        },
      }),
    ]);
    expect(await t.service.api.listDocuments()).toEqual([]);
    const started = next('notarise-done');
    await t.service.api.notarise(randomUUID(), [path(file)], { document: true, again: true });
    const [outcome] = (await started).outcomes;
    expect(outcome).toMatchObject({ status: 'registered', error: null, record: { kind: 'linked-create', version: 1 } });
    expect((await t.service.api.listDocuments()).map((d) => d.name)).toEqual(['deed.txt']);
  });

  it('a registration made by another process beside the running app is listed without a reload, and the app follows it until settled', async () => {
    t.notary.startBackground(); // as both shells do once the app is open
    const file = join(t.files, 'beside.txt');
    writeFileSync(file, 'registered by the command line\n');
    // Each time the app hears of another process's writes, it reads its list again, as the page does.
    const listed = new Promise<RecordView>((resolve) => {
      const stop = t.service.subscribe((event) => {
        if (event !== 'library-changed') return;
        void t.service.api.queryRecords({ limit: 10, offset: 0 }).then(({ records }) => {
          if (records.length === 0) return;
          stop();
          resolve(records[0]!);
        });
      });
    });
    const cli = await runCli(['notarise', file], {
      env: { NOTARIUM_HOME: join(t.root, 'home'), NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' },
      cwd: t.root,
    });
    expect(cli.code, cli.stderr).toBe(0);
    const record = await listed;
    expect(record).toMatchObject({ name: 'beside.txt', path: file, kind: 'record' });
    expect(t.events.filter((e) => e.event === 'pending-count').map((e) => e.payload)).toContain(1);
    // The app's poller, woken by the news, follows it: its state reaches the page as it moves on.
    await next('record-updated', (r) => r.id === record.id && r.state === 'settled');
    expect(await t.service.api.pendingCount()).toBe(0);
  });

  it('a registration that reached the service is never removed', async () => {
    const { id } = await settledFile('deed.txt', 'a deed\n');
    await expect(t.service.api.removeNotSent(id)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message:
        '"deed.txt" may have reached the service, so it is not removed: only a registration that never reached it can be, since nothing of it was registered.',
    });
    expect((await t.service.api.getRecord(id)).state).toBe('settled');
  });

  it('a certificate prints to PDF with its words and the transaction', async () => {
    const { id, txId } = await settledFile('deed.txt', 'a deed\n');
    const pdf = await t.service.api.certificatePdf(id);
    expect(pdf.fileName).toBe('deed.txt.certificate.pdf');
    const bytes = Buffer.from(pdf.pdfBase64, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const layout = pdfText(bytes);
    const text = layout.replace(/\s+/g, ' ');
    expect(text).toContain('Certificate of registration');
    expect(text).toContain(txId.slice(0, 24));
    // One A4 page, not a second one for a few lines (pdftotext ends each page with a form feed).
    expect(layout.split('\f').filter((page) => page.trim())).toHaveLength(1);
    // Hashes whole on their lines, never cut where a line happened to end; and a sandbox certificate marked as a test.
    const { sha256 } = await t.service.api.getRecord(id);
    for (const hash of [txId, sha256!]) expect(layout, hash).toMatch(new RegExp(`(^|\\s)${hash}(\\W|$)`, 'm'));
    expect(layout.trimStart().split('\n')[0]!.trim()).toBe('TEST — sandbox chain: not a proof on mainnet');
    expect(text).not.toMatch(/127\.0\.0\.1|Scan to see/);
    expect(text).toContain('No public link: the sandbox chain is simulated');

    // In French and German too, the line naming its language included: one page, hashes whole, its words the language's.
    for (const [language, heading, test] of [
      ['fr', 'Certificat d’enregistrement', 'TEST — chaîne sandbox\u00a0: ce n’est pas une preuve sur mainnet'],
      ['de', 'Registrierungszertifikat', 'TEST — Kette sandbox: kein Nachweis auf mainnet'],
    ] as const) {
      const other = await t.service.api.certificatePdf(id, language);
      expect(other.fileName).toBe('deed.txt.certificate.pdf');
      const page = pdfText(Buffer.from(other.pdfBase64, 'base64'));
      expect(
        page.split('\f').filter((p) => p.trim()),
        language,
      ).toHaveLength(1);
      for (const hash of [txId, sha256!]) expect(page, `${language} ${hash}`).toMatch(new RegExp(`(^|\\s)${hash}(\\W|$)`, 'm'));
      expect(page.replace(/\s+/g, ' ')).toContain(heading);
      expect(page.trimStart().split('\n')[0]!.trim().replace(/\s+/g, ' ')).toBe(test.replace(/\s+/g, ' '));
      expect(page).not.toContain('Certificate of registration');
    }
  });

  it('verifies through a job, one result per file with the step report', async () => {
    const { service, files, events } = t;
    const { file } = await settledFile('deed.txt', 'a deed\n');
    await expect.poll(() => existsSync(`${file}.receipt.json`)).toBe(true);
    writeFileSync(join(files, 'other.txt'), 'never notarised');
    const done = next('verify-done');
    await service.api.verify(randomUUID(), [path(files)], {});
    expect((await done).counts).toEqual({ verified: 1, 'partially-verified': 0, mismatch: 0, unknown: 1, pending: 0, unreadable: 0 });
    const results = events.filter((e) => e.event === 'verify-result').map((e) => (e.payload as NotariumEvents['verify-result']).result);
    const deed = results.find((r) => r.name === 'deed.txt')!;
    expect(deed).toMatchObject({ status: 'verified', outcome: 'verified', unproven: [], network: { label: 'sandbox', known: true, testChain: true } });
    expect(deed.steps.map((s) => s.id)).toContain('merkle-proof');
  });

  it('names each file of a job by its index in the call: two files of the same name stay apart', async () => {
    const { service, files, events } = t;
    mkdirSync(join(files, 'a'));
    mkdirSync(join(files, 'b'));
    writeFileSync(join(files, 'a', 'report.pdf'), 'report a');
    writeFileSync(join(files, 'b', 'report.pdf'), 'report b');
    const jobId = randomUUID();
    const done = next('notarise-done', (d) => d.jobId === jobId);
    // The same file named twice is two files of the call too: the second is found already registered.
    await service.api.notarise(jobId, [path(join(files, 'a', 'report.pdf')), path(join(files, 'b', 'report.pdf')), path(join(files, 'a', 'report.pdf'))], {});
    const outcomes = (await done).outcomes;
    expect(outcomes.map((o) => [o.index, o.inFolder, o.name, o.status, o.record?.path])).toEqual([
      [0, null, 'report.pdf', 'registered', join(files, 'a', 'report.pdf')],
      [1, null, 'report.pdf', 'registered', join(files, 'b', 'report.pdf')],
      [2, null, 'report.pdf', 'already-registered', join(files, 'a', 'report.pdf')],
    ]);
    const progress = events.filter((e) => e.event === 'notarise-progress').map((e) => e.payload as NotariumEvents['notarise-progress']);
    expect(new Set(progress.filter((p) => p.jobId === jobId && p.phase === 'done').map((p) => p.index))).toEqual(new Set([0, 1, 2]));
  });

  it("a folder in a job: its files carry the folder's index and their place in it", async () => {
    const { service, files, events } = t;
    mkdirSync(join(files, 'docs', 'old'), { recursive: true });
    writeFileSync(join(files, 'docs', 'note.txt'), 'new note');
    writeFileSync(join(files, 'docs', 'old', 'note.txt'), 'old note');
    writeFileSync(join(files, 'single.txt'), 'single');
    const jobId = randomUUID();
    const done = next('verify-done', (d) => d.jobId === jobId);
    await service.api.verify(jobId, [path(join(files, 'single.txt')), path(join(files, 'docs'))], { offline: true });
    await done;
    const results = events.filter((e) => e.event === 'verify-result').map((e) => e.payload as NotariumEvents['verify-result']);
    expect(results.map((r) => [r.index, r.inFolder, r.result.path]).sort()).toEqual([
      [0, null, join(files, 'single.txt')],
      [1, 0, join(files, 'docs', 'note.txt')],
      [1, 1, join(files, 'docs', 'old', 'note.txt')],
    ]);
  });

  it('files with their receipts in one job: each file is checked by its own receipt, one receipt for each file', async () => {
    const { service, files, events } = t;
    mkdirSync(join(files, 'receipts'), { recursive: true });
    writeFileSync(join(files, 'one.txt'), 'one');
    writeFileSync(join(files, 'two.txt'), 'two');
    writeFileSync(join(files, 'receipts', 'first.json'), '{"hello":1}');
    writeFileSync(join(files, 'receipts', 'second.json'), 'not even JSON');
    const jobId = randomUUID();
    const done = next('verify-done', (d) => d.jobId === jobId);
    const receipts = [path(join(files, 'receipts', 'first.json')), path(join(files, 'receipts', 'second.json'))];
    await service.api.verify(jobId, [path(join(files, 'one.txt')), path(join(files, 'two.txt'))], { offline: true, receipts });
    await done;
    const results = events
      .filter((e) => e.event === 'verify-result')
      .map((e) => e.payload as NotariumEvents['verify-result'])
      .filter((r) => r.jobId === jobId);
    expect(results.map((r) => [r.index, r.result.name, r.result.status, r.result.message.split(':')[0]]).sort()).toEqual([
      [0, 'one.txt', 'unreadable', 'first.json'],
      [1, 'two.txt', 'unreadable', 'second.json'],
    ]);
    await expect(service.api.verify(randomUUID(), [path(join(files, 'one.txt'))], { receipts })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('refuses a job id already running, and cancels a job by the id its caller made', async () => {
    const { service, files } = t;
    const big = join(files, 'big.bin');
    writeFileSync(big, Buffer.alloc(1024 * 1024, 7));
    const jobId = randomUUID();
    const done = next('notarise-done', (d) => d.jobId === jobId);
    await service.api.notarise(jobId, [path(big)], {});
    await expect(service.api.notarise(jobId, [path(big)], {})).rejects.toMatchObject({
      code: 'JOB_ID_IN_USE',
      message: expect.stringMatching(/already running/),
    });
    // Cancelled before any of its file is read: the answer and the refusal above are only microtasks.
    await service.api.cancelJob(jobId);
    expect((await done).outcomes).toEqual([expect.objectContaining({ index: 0, status: 'failed', record: null })]);
  });

  it('keeps documents: versions, which version, history', async () => {
    const { service, files } = t;
    const v1 = join(files, 'plan.md');
    writeFileSync(v1, 'plan 1');
    const done = next('notarise-done');
    await service.api.notarise(randomUUID(), [path(v1)], { document: true });
    await done;
    const [doc] = await service.api.listDocuments();
    expect(doc).toMatchObject({ name: 'plan.md', versions: 1, finalised: false });
    const v2 = join(files, 'plan-2.md');
    writeFileSync(v2, 'plan 2');
    // Queued until version 1 is in a block (service-notes.md), then sent by the engine.
    const inBlock = next('record-updated', (r) => r.kind === 'linked-update' && r.version === 2 && (r.state === 'confirmed' || r.state === 'settled'));
    expect(await service.api.addVersion(doc!.id, path(v2))).toMatchObject({ version: 2, kind: 'linked-update', state: 'queued' });
    expect(await service.api.whichVersion(path(v2))).toMatchObject({ version: 2, versions: 2 });
    const version2 = await inBlock;
    const history = await service.api.documentHistory(doc!.id);
    expect(history.versions.map((v) => v.version)).toEqual([1, 2]);
    expect(history).toMatchObject({ source: { from: 'service', reason: null } });
    // One zip, with the names and index the CLI writes (document-export.ts).
    const exported = await service.api.exportDocument(doc!.id);
    expect(exported).toMatchObject({ fileName: 'plan.md receipts.zip', receipts: 2 });
    const entries = unzipEntries(Buffer.from(exported.zipBase64, 'base64'));
    expect([...entries.keys()].sort()).toEqual(['plan.md.v1.receipt.json', 'plan.md.v2.receipt.json', 'plan.md.versions.json']);
    expect(JSON.parse(entries.get('plan.md.v2.receipt.json')!).registration).toMatchObject({ kind: 'linked-update', version: 2 });
    const index = JSON.parse(entries.get('plan.md.versions.json')!);
    expect(index).toMatchObject({ format: 'notarium-document-index/1', document: 'plan.md', network: 'sandbox', finalised: false });
    expect(index.versions.map((v: { version: number; receipt: string }) => [v.version, v.receipt])).toEqual([
      [1, 'plan.md.v1.receipt.json'],
      [2, 'plan.md.v2.receipt.json'],
    ]);
    // A version's proof bundle is its document's export with the offline verifier page beside it.
    const bundle = await service.api.exportProofBundle(version2.id);
    expect(bundle).toMatchObject({ fileName: 'plan.md proof.zip', receipts: 2 });
    const bundled = unzipEntries(Buffer.from(bundle.zipBase64, 'base64'));
    expect([...bundled.keys()].sort()).toEqual([...entries.keys(), 'verify.html', 'README.txt'].sort());
    // The same receipt, but for when it was issued: the two exports may fall in different seconds.
    const issuedAnyTime = (text: string | undefined) => ({ ...JSON.parse(text!), issuedAt: null });
    expect(issuedAnyTime(bundled.get('plan.md.v2.receipt.json'))).toEqual(issuedAnyTime(entries.get('plan.md.v2.receipt.json')));
    // The page as built, byte for byte, whatever the profile; README.txt gives its SHA-256 and how to check it.
    expect(bundled.get('verify.html')).toBe(verifierPage().html);
    expect(bundled.get('README.txt')).toContain(`\n  ${pageSha256(verifierPage().html)}\n`);
    expect(bundled.get('README.txt')).toMatch(/plan\.md\.v1\.receipt\.json +a receipt/);
  });

  it('in the web shell, an uploaded file keeps its real name and no temporary path, and is released when its job ends', async () => {
    const { notary, root } = t;
    const upload = join(root, 'upload-1234');
    writeFileSync(upload, 'uploaded bytes');
    const released: FileRef[][] = [];
    const web = createAppService(notary, {
      shell: 'web',
      resolveFile: () => upload,
      nameOf: () => 'Quarterly report.pdf',
      releaseFiles: (refs) => void released.push([...refs]),
      openExternal: async () => {},
      openExplorerPage: async () => {},
      showInFolder: () => {},
      printPdf: () => Promise.reject(new Error('not printed in this test')),
    });
    // A shell that cannot forward an event (its page is gone) must not stop the job or the other listeners.
    web.subscribe(() => {
      throw new Error('the page is gone');
    });
    const done = new Promise<NotariumEvents['notarise-done']>((resolve) => {
      const stop = web.subscribe((e, p) => {
        if ((e as string) === 'notarise-done') {
          stop();
          resolve(p as NotariumEvents['notarise-done']);
        }
      });
    });
    const ref: FileRef = { kind: 'upload', uploadId: '00000000-0000-4000-8000-000000000000' };
    await web.api.notarise(randomUUID(), [ref], {});
    const [outcome] = (await done).outcomes;
    expect(outcome!.record).toMatchObject({ name: 'Quarterly report.pdf', path: null });
    await expect.poll(() => released).toEqual([[ref]]);
    // The web shell has no app for file managers to start, and no folder picker.
    expect(await web.api.fileManagerIntegration()).toMatchObject({ supported: false, reason: expect.stringMatching(/desktop app/), entries: [] });
    await expect(web.api.chooseFolder()).rejects.toMatchObject({ code: 'NOT_IN_THIS_SHELL' });
    await web.close();
  });

  it('watches a folder: a new file is registered, settings change, and the folder can be let go', async () => {
    const { service, notary, root } = t;
    notary.startBackground();
    const folder = join(root, 'watched');
    mkdirSync(folder);
    const added = await service.api.addWatchedFolder(folder, { stableSeconds: 0.5, receipts: 'folder' });
    expect(added).toMatchObject({ path: folder, recursive: false, receipts: 'folder', stableSeconds: 0.5, include: [], exclude: [] });
    await expect.poll(async () => (await service.api.listWatchedFolders())[0]?.state).toBe('watching');
    const registered = next('watch-file', (e) => e.relPath === 'minutes.txt' && e.action === 'registered');
    const roundShown = next('watch-folder', (e) => e.path === folder && e.lastRound !== null);
    writeFileSync(join(folder, 'minutes.txt'), 'the minutes\n');
    const event = await registered;
    expect(event).toMatchObject({ folder, action: 'registered', error: null, recordId: expect.any(Number), round: { number: 1, files: 1 } });
    expect(await service.api.getRecord(event.recordId!)).toMatchObject({ name: 'Round 1, 1 file — watched (watched folder)', kind: 'linked-create' });
    expect((await roundShown).lastRound).toMatchObject({ number: 1, files: 1, recordId: event.recordId });
    await expect.poll(async () => (await service.api.watchProgress()).idle).toBe(true);
    expect(await service.api.updateWatchedFolder(folder, { recursive: true, exclude: ['*.tmp'] })).toMatchObject({ recursive: true, exclude: ['*.tmp'] });
    await expect(service.api.addWatchedFolder(folder, {})).rejects.toMatchObject({ code: 'WATCH_OVERLAP' });
    const paused = next('watch-folder', (e) => e.path === folder && e.state === 'paused');
    expect(await service.api.pauseWatchedFolder(folder)).toMatchObject({ path: folder, state: 'paused', recursive: true });
    await paused;
    writeFileSync(join(folder, 'missed.txt'), 'written while paused\n');
    const caughtUp = next('watch-file', (e) => e.action !== 'waiting' && e.relPath === 'missed.txt');
    expect(await service.api.resumeWatchedFolder(folder)).toMatchObject({ path: folder, state: 'watching' });
    expect(await caughtUp).toMatchObject({ action: 'registered' });
    expect(await service.api.removeWatchedFolder(folder)).toBeNull();
    expect(await service.api.listWatchedFolders()).toEqual([]);
    await expect(service.api.updateWatchedFolder(folder, {})).rejects.toMatchObject({ code: 'NOT_IN_LIBRARY' });
  });

  it("tells the page of a watched folder's events in the order the watcher told them, though a folder's view is read asynchronously", async () => {
    const { service, notary, root } = t;
    const folder = join(root, 'in-order');
    mkdirSync(folder);
    const { id: folderId } = await notary.watcher.add(folder);
    const mark = t.events.length;
    const fileShown = next('watch-file', (e) => e.relPath === 'deed.pdf');
    notary.watcher.events.emit('folder', { folderId, path: folder, state: 'scanning', message: 'Looking again.', rescan: null });
    notary.watcher.events.emit('file', {
      folderId,
      folder,
      path: join(folder, 'deed.pdf'),
      relPath: 'deed.pdf',
      action: 'waiting',
      record: null,
      round: null,
      error: null,
    });
    await fileShown;
    expect(t.events.slice(mark).map((e) => e.event)).toEqual(['watch-folder', 'watch-file']);
    expect(t.events[mark]!.payload).toMatchObject({ path: folder, state: 'scanning', message: 'Looking again.' });
    expect((await service.api.listWatchedFolders())[0]).toMatchObject({ path: folder, message: 'Looking again.' });
  });

  it("tells the page of background failures by code and sentence: a watched file's, the engine's, and a bug's details only in the shell's log", async () => {
    const { notary } = t;
    const failedFile = next('watch-file', (e) => e.action === 'failed');
    const unreadable = new NotariumError('FILE_UNREADABLE', 'The file "/w/deed.pdf" could not be read: it does not exist (it may have been moved or deleted).');
    notary.watcher.events.emit('file', {
      folderId: 1,
      folder: '/w',
      path: '/w/deed.pdf',
      relPath: 'deed.pdf',
      action: 'failed',
      record: null,
      round: null,
      error: unreadable,
    });
    expect((await failedFile).error).toEqual({ code: 'FILE_UNREADABLE', message: unreadable.message });

    const held = next('background-error');
    notary.events.emit('background-error', null, new NotariumError('NETWORK_MISMATCH'));
    expect(await held).toEqual({
      recordId: null,
      error: { code: 'NETWORK_MISMATCH', message: sentenceFor('NETWORK_MISMATCH'), said: { key: 'errors.NETWORK_MISMATCH' } },
    });

    const bug = next('background-error');
    notary.events.emit('background-error', null, asNotariumError(new TypeError('/home/ana/.config/notarium: x is undefined')));
    const told = await bug;
    expect(told).toEqual({ recordId: null, error: { code: 'INTERNAL', message: sentenceFor('INTERNAL'), said: { key: 'errors.INTERNAL' } } });
    expect(JSON.stringify(told)).not.toContain('/home/ana');
    expect(t.logged).toEqual([expect.stringContaining('TypeError: /home/ana/.config/notarium: x is undefined')]);
  });

  it('adds Verify with Notarium to the file managers and takes it away again (desktop app on Linux)', async () => {
    const { service, root } = t;
    const before = await service.api.fileManagerIntegration();
    expect(before).toMatchObject({ supported: true, reason: null });
    expect(before.entries.map((e) => [e.fileManager, e.state])).toEqual([
      ['nautilus', 'absent'],
      ['nemo', 'absent'],
      ['dolphin', 'absent'],
      ['thunar', 'absent'],
    ]);
    const on = await service.api.setFileManagerIntegration(true);
    expect(on.entries.every((e) => e.state === 'installed')).toBe(true);
    expect(readFileSync(join(root, 'xdg', 'data', 'nemo', 'actions', 'notarium-verify.nemo_action'), 'utf8')).toContain('/opt/Notarium/notarium');
    const off = await service.api.setFileManagerIntegration(false);
    expect(off.entries.every((e) => e.state === 'absent')).toBe(true);
  });

  it('closes after the calls under way: a sign-in waiting for the browser ends, and no call starts once closing', async () => {
    const { notary, root } = t;
    let opened!: () => void;
    const browserOpened = new Promise<void>((resolve) => (opened = resolve));
    const service = createAppService(notary, {
      shell: 'web',
      resolveFile: () => join(root, 'none'),
      openExternal: async () => opened(),
      openExplorerPage: async () => {},
      showInFolder: () => {},
      printPdf: () => Promise.reject(new Error('not printed in this test')),
    });
    let signInEnded = false;
    const signIn = service.api.signIn().finally(() => (signInEnded = true));
    signIn.catch(() => undefined);
    await browserOpened; // the call now waits for a browser that never comes back
    await service.close();
    expect(signInEnded).toBe(true);
    await expect(signIn).rejects.toMatchObject({ code: 'CANCELLED' });
    // A call that reaches the engine as it closes is refused, before it touches the library.
    await expect(service.api.account()).rejects.toMatchObject({ code: 'CLOSING', message: expect.stringMatching(/closing/) });
  });

  describe('batches', () => {
    /** Registrations the embedded sandbox accepted (its chain's count, through its test controls). */
    const accepted = async (): Promise<number> => {
      const { baseUrl, apiKey } = await t.notary.sandbox.connect();
      const res = await fetch(`${baseUrl}/__sandbox/chain`, { headers: { 'x-api-key': apiKey } });
      return ((await res.json()) as { records: number }).records;
    };
    const names = ['alpha.txt', 'beta.txt', 'gamma.txt'];

    /** Three files notarised in one call, as a drop on Notarise is. */
    async function dropped(options: { separately?: boolean } = {}): Promise<NotariumEvents['notarise-done']> {
      const files = names.map((n) => join(t.files, n));
      names.forEach((n, i) => writeFileSync(files[i]!, `${n} content ${i}\n`));
      const finished = next('notarise-done');
      await t.service.api.notarise(randomUUID(), files.map(path), options);
      return finished;
    }

    it('a drop of several files is one registration; each file is a row of the Library with its place, found by the txId and listed by its batch', async () => {
      const before = await accepted();
      const done = await dropped();
      expect(await accepted()).toBe(before + 1);
      const records = done.outcomes.map((o) => o.record!);
      expect(done.outcomes.map((o) => [o.name, o.status, o.error])).toEqual(names.map((n) => [n, 'registered', null]));
      expect(new Set(records.map((r) => r.id)).size).toBe(1);
      expect(new Set(records.map((r) => r.txId)).size).toBe(1);
      // Each outcome is the file as the Library shows it: its own name and digest, with its place.
      expect(records.map((r) => [r.name, r.batch?.files, r.batch?.position])).toEqual(names.map((n, i) => [n, 3, i]));
      expect(records.every((r) => r.sha256 !== null && r.batch!.member !== null)).toBe(true);
      const [first] = records as [RecordView];
      const settled = next('record-updated', (r) => r.id === first.id && r.state === 'settled');
      expect((await settled).batch).toEqual({ id: first.batch!.id, files: 3, position: null, member: null });

      // The Library: three files, no row for the registration itself ("Batch of 3 files").
      const listed = await t.service.api.queryRecords({ limit: 10, offset: 0 });
      expect(listed.total).toBe(3);
      expect(listed.records.map((r) => r.name).sort()).toEqual(names);
      expect(listed.records.every((r) => r.state === 'settled' && r.txId === first.txId)).toBe(true);
      // Found by the registration's txId (a prefix), and listed by its batch alone.
      expect((await t.service.api.queryRecords({ search: first.txId!.slice(0, 10), limit: 10, offset: 0 })).total).toBe(3);
      expect((await t.service.api.queryRecords({ search: 'beta', limit: 10, offset: 0 })).records.map((r) => r.name)).toEqual(['beta.txt']);
      const other = await settledFile('alone.txt', 'a file on its own\n');
      expect((await t.service.api.queryRecords({ limit: 10, offset: 0 })).total).toBe(4);
      const ofBatch = await t.service.api.queryRecords({ batch: first.batch!.id, limit: 10, offset: 0, sort: 'created', direction: 'asc' });
      expect(ofBatch.records.map((r) => r.batch?.position)).toEqual([0, 1, 2]);
      expect((await t.service.api.getRecord(other.id)).batch).toBeNull();

      // A file by its member id: itself, with its receipt written beside it once in a block.
      const beta = records[1]!;
      await expect.poll(async () => (await t.service.api.getRecord({ member: beta.batch!.member! })).receiptPath).toBe(join(t.files, 'beta.txt.receipt.json'));
      const receipt = JSON.parse(readFileSync(join(t.files, 'beta.txt.receipt.json'), 'utf8'));
      expect(receipt.file).toMatchObject({ name: 'beta.txt', sha256: beta.sha256 });
      expect(receipt.aggregation.root).toBe(receipt.fingerprint.record);
      const exported = await t.service.api.exportReceipt({ member: beta.batch!.member! });
      expect(exported).toMatchObject({ path: join(t.files, 'beta.txt.receipt.json'), fileName: 'beta.txt.receipt.json' });
      expect(JSON.parse(exported.receipt).aggregation.nonce).toBe(receipt.aggregation.nonce);
      const bundle = await t.service.api.exportProofBundle({ member: beta.batch!.member! });
      expect([...unzipEntries(Buffer.from(bundle.zipBase64, 'base64')).keys()].sort()).toEqual(['README.txt', 'beta.txt.receipt.json', 'verify.html']);
      await expect(t.service.api.getRecord({ member: 999_999 })).rejects.toMatchObject({ code: 'NOT_IN_LIBRARY' });
    });

    it("a batch's file's certificate names its batch and place, and nothing of the other files", async () => {
      const done = await dropped();
      const beta = done.outcomes[1]!.record!;
      await next('record-updated', (r) => r.id === beta.id && r.state === 'settled');
      const { html, fileName } = await t.service.api.certificate({ member: beta.batch!.member! });
      expect(fileName).toBe('beta.txt.certificate.html');
      expect(html).toContain(`File 2 of 3 anchored together by registration <code>${beta.txId}</code> (batch ${beta.batch!.id})`);
      expect(html).toContain("folded along the receipt's batch path (2 entries");
      // No other member's name or digest, anywhere (the receipt it carries included).
      for (const o of [done.outcomes[0]!, done.outcomes[2]!]) {
        expect(html).not.toContain(o.name);
        expect(html).not.toContain(o.record!.sha256!);
      }
      const pdf = await t.service.api.certificatePdf({ member: beta.batch!.member! });
      const text = pdfText(Buffer.from(pdf.pdfBase64, 'base64'));
      expect(text.replace(/\s+/g, ' ')).toContain('File 2 of 3 anchored together by registration');
      expect(text).not.toContain('alpha.txt');
    });

    it("verify reports a batch's file with its place and the batch path step", async () => {
      const done = await dropped();
      const gamma = done.outcomes[2]!.record!;
      await next('record-updated', (r) => r.id === gamma.id && r.state === 'settled');
      await expect.poll(() => existsSync(join(t.files, 'gamma.txt.receipt.json'))).toBe(true);
      const result = next('verify-result');
      await t.service.api.verify(randomUUID(), [path(join(t.files, 'gamma.txt'))], { offline: true });
      const { result: r } = await result;
      expect(r).toMatchObject({ status: 'verified', txId: gamma.txId, batch: { id: gamma.batch!.id, files: 3, position: 2 } });
      expect(r.steps.find((s) => s.id === 'aggregation')).toMatchObject({
        status: 'pass',
        detail: expect.stringContaining('The file is one leaf of a batch registered together'),
      });
    });

    it('separately: a registration per file; one file alone is a plain registration', async () => {
      const before = await accepted();
      const done = await dropped({ separately: true });
      expect(await accepted()).toBe(before + 3);
      expect(new Set(done.outcomes.map((o) => o.record!.id)).size).toBe(3);
      expect(done.outcomes.every((o) => o.record!.batch === null)).toBe(true);
      const { done: alone } = await settledFile('alone.txt', 'on its own\n');
      expect(alone.outcomes[0]!.record!.batch).toBeNull();
    });

    it('a batch that never reached the service: each file says so, Send now sends the one registration, and removing it takes its files', async () => {
      t.notary.startPoller();
      await t.service.api.saveProfile({ name: 'Away', baseUrl: `http://127.0.0.1:${await closedPort()}`, network: 'sandbox' }, {});
      await t.service.api.setApiKey('Away', 'a-key');
      await t.service.api.useProfile('Away');
      const done = await dropped();
      expect(done.outcomes.map((o) => [o.status, o.record?.notSent, o.record?.batch?.files])).toEqual(names.map(() => ['not-sent', true, 3]));
      const id = done.outcomes[0]!.record!.id;
      // Pending as the Library lists it: each of the batch's files, not its one registration.
      expect(await t.service.api.pendingCount()).toBe(3);
      await expect(t.service.api.sendNow(id)).rejects.toMatchObject({ code: 'NETWORK' });
      expect((await t.service.api.queryRecords({ limit: 10, offset: 0 })).records.every((r) => r.notSent && r.id === id)).toBe(true);
      expect(await t.service.api.removeNotSent(id)).toBeNull();
      expect(await t.service.api.queryRecords({ limit: 10, offset: 0 })).toEqual({ records: [], total: 0 });
      expect(await t.service.api.pendingCount()).toBe(0);
      await expect(t.service.api.getRecord({ member: done.outcomes[0]!.record!.batch!.member! })).rejects.toMatchObject({ code: 'NOT_IN_LIBRARY' });
    });
  });

  it('refuses malformed calls before they reach the core', () => {
    const jobId = randomUUID();
    /** The code a call is refused with; the sentence names the argument at fault. */
    const refusal = (method: string, args: unknown[]) => {
      try {
        parseCall(method, args);
      } catch (err) {
        return err as { code: string; message: string };
      }
      return expect.unreachable(`${method} was not refused`);
    };
    expect(refusal('notarise', [jobId, [], {}])).toMatchObject({ code: 'BAD_CALL', message: expect.stringMatching(/argument 1/) });
    expect(refusal('notarise', [jobId, [{ kind: 'path', path: '/x', extra: 1 }], {}]).code).toBe('BAD_CALL');
    // The page names its jobs with a random UUID, nothing else.
    expect(refusal('notarise', ['job-1', [{ kind: 'path', path: '/x' }], {}])).toMatchObject({
      code: 'BAD_CALL',
      message: expect.stringMatching(/argument 0/),
    });
    expect(refusal('verifyReceipt', [{ kind: 'path', path: '/x' }, {}]).code).toBe('BAD_CALL');
    expect(refusal('deleteEverything', [])).toMatchObject({ code: 'BAD_CALL', message: expect.stringMatching(/no call named/) });
    expect(refusal('getRecord', ['1']).code).toBe('BAD_CALL');
    expect(parseCall('getRecord', [1])).toEqual({ method: 'getRecord', args: [1] });
    // Arity is said in words, not in the schema library's.
    expect(() => parseCall('appInfo', ['x'])).toThrow(/^The call appInfo was refused: it takes no arguments\.$/);
    expect(() => parseCall('getRecord', [])).toThrow(/^The call getRecord was refused: it takes at least 1 argument\.$/);
    // A certificate's language: English, French or German, or none (English); another is the catalogue's INVALID_ARGUMENT, said for people.
    expect(parseCall('certificate', [1, 'fr'])).toEqual({ method: 'certificate', args: [1, 'fr'] });
    expect(parseCall('certificatePdf', [{ member: 2 }])).toEqual({ method: 'certificatePdf', args: [{ member: 2 }] });
    for (const method of ['certificate', 'certificatePdf']) {
      expect(refusal(method, [1, 'it'])).toEqual(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message: 'A certificate is made in English (en), French (fr) or German (de).' }),
      );
      expect(refusal(method, [1, 7]).code).toBe('INVALID_ARGUMENT');
    }
  });
});
