import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateHtml } from '../../main/core/app/certificate.ts';
import { Notary } from '../../main/core/notary.ts';
import { serializeReceipt } from '../../verifier/receipt-v1.ts';
import { inlineHash, lookupVerifierPage, pageSha256, VERIFIER_PAGE_DIR, VERIFIER_PAGE_MARK, verifierPage } from '../../main/core/receipts/verifier-page.ts';
import type { SecretStore } from '../../main/core/secrets/secret-store.ts';
import type { StoredRecord } from '../../main/core/store/record.ts';
import { memberReceiptFor } from '../../main/core/usecases/batch-receipts.ts';
import { waitForRecord } from '../../main/core/usecases/follow.ts';
import { notariseBatch } from '../../main/core/usecases/notarise-batch.ts';
import { VERIFIER_PAGE_BUDGET } from '../../scripts/build-verifier-page.ts';
import { jsonCli, runCli } from '../support/cli.ts';
import { FILE_CONTENT, FILE_DIGEST, makeFixture, type Draft } from '../support/receipt-fixture.ts';
import { keepShots } from '../support/screenshots.ts';
import { dropFiles, launchOfflineBrowser, openOffline, shownReport, type OfflinePage, type ShownReport } from '../support/verifier-page.ts';

// A proof anyone can check with nothing installed. `receipt export --bundle` writes
// verify.html beside the receipts; opened from disk with the network off, it verifies the file and
// receipt with the very report `notarium receipt verify` (and the app) gives, and reaches nothing.
// Item 3: a page exported with a block lookup asks it whether the block is on the best chain, only
// when its reader presses the button, and can reach nothing else.

const root = mkdtempSync(join(tmpdir(), 'notarium-e2e-verifier-'));
const work = join(root, 'work');
const env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
const cli = (...args: string[]) => runCli(args, { env, cwd: work });
const json = jsonCli(cli);
const at = (...parts: string[]) => join(work, ...parts);
const sha = (content: Buffer | string) => createHash('sha256').update(content).digest('hex');

let browser: Browser;
const opened: OfflinePage[] = [];
const noSecrets: SecretStore = { get: async () => null, set: async () => {}, delete: async () => false };

beforeAll(async () => {
  mkdirSync(work, { recursive: true });
  browser = await launchOfflineBrowser();
  writeFileSync(at('contract.pdf'), 'The contract as signed on 3 March.\n');
  const notarised = await cli('notarise', 'contract.pdf', '--wait');
  expect(notarised.code, notarised.stderr).toBe(0);
});
afterAll(async () => {
  await browser?.close();
  rmSync(root, { recursive: true, force: true });
});

async function open(file: string, options: { online?: boolean } = {}): Promise<OfflinePage> {
  const page = await openOffline(browser, file, options);
  opened.push(page);
  return page;
}

/** The page after choosing the file (if any) and the receipt, as a person does with the two buttons. */
async function verifyInPage(page: string, receipt: string, file?: string, options: { online?: boolean } = {}) {
  const offline = await open(page, options);
  if (file) await offline.page.getByLabel('File to verify').setInputFiles(file);
  await offline.page.getByLabel('Receipt to verify with').setInputFiles(receipt);
  return { offline, shown: await shownReport(offline.page) };
}

/** What `notarium receipt verify --json` says of the same receipt and file: the report the app gives too. */
async function cliReport(receipt: string, file?: string) {
  const r = await json('receipt', 'verify', receipt, ...(file ? [file] : []));
  return r.value;
}

function expectSameReport(shown: Awaited<ReturnType<typeof shownReport>>, cliSays: Draft): void {
  expect(shown.status).toBe(cliSays.status);
  expect(shown.outcome).toBe(cliSays.outcome);
  expect(shown.failedStep).toBe(cliSays.failedStep ?? null);
  expect(shown.message).toBe(cliSays.message);
  expect(shown.proves).toBe(cliSays.proves);
  expect(shown.unproven).toEqual(cliSays.unproven);
  expect(shown.steps).toEqual(cliSays.steps);
}

function expectNothingReached(page: OfflinePage): void {
  expect(page.requests).toEqual([]);
  expect(page.problems).toEqual([]);
}

describe('the verifier page as built', () => {
  const page = resolve(import.meta.dirname, '../..', VERIFIER_PAGE_DIR, 'verify.html');

  it('is one file within its budget, referring to nothing outside it, under a policy that lets nothing load or leave', () => {
    const html = readFileSync(page, 'utf8');
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(VERIFIER_PAGE_BUDGET);
    expect(VERIFIER_PAGE_BUDGET).toBe(300 * 1024);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)![1]!;
    const directives = Object.fromEntries(csp.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    expect(directives).toEqual({
      'default-src': "'none'",
      'style-src': inlineHash(style),
      'script-src': inlineHash(script),
      'base-uri': "'none'",
      'form-action': "'none'",
    });
    // One style and one script, both inline; no element that loads anything; no URL in the style; no way out in the script.
    expect(html.match(/<style|<script/g)).toEqual(['<style', '<script']);
    const markup = html.replace(style, '').replace(script, '');
    expect(markup).not.toMatch(/<(link|img|iframe|object|embed|source|video|audio|base|form)\b|\s(src|href|srcset|action)=/i);
    expect(style).not.toMatch(/url\(|@import/i);
    // One way out, the best-chain check's fetch, which this policy refuses (a page exported with a block lookup allows its origin alone).
    expect(script.match(/\bfetch\(/g)).toHaveLength(1);
    expect(script).not.toMatch(/XMLHttpRequest|WebSocket|EventSource|sendBeacon|importScripts|new Worker/);
    expect(html).toContain(VERIFIER_PAGE_MARK);
  });
});

/** A server on this machine that counts what reaches it: a page's policy must keep the page from it. */
async function bystander(): Promise<{ url: string; asked: () => number; close: () => void }> {
  let asked = 0;
  const server = createServer((_, res) => {
    asked++;
    res.end('reached');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, asked: () => asked, close: () => server.close() };
}

/** What the page's own fetch of `url` comes to: an answer, or a refusal. */
const fetchFrom = (page: OfflinePage, url: string) =>
  page.page.evaluate(
    async (u) =>
      fetch(u).then(
        (r) => `answered ${r.status}`,
        (err: unknown) => `refused: ${String(err)}`,
      ),
    url,
  );

describe("the page's policy", () => {
  it('refuses a connection even to a server on this machine, with the network on', async () => {
    const server = await bystander();
    const online = await open(bundlePage(), { online: true });
    try {
      expect(await fetchFrom(online, server.url)).toMatch(/^refused/);
      expect(online.problems.join('\n')).toMatch(/Content Security Policy/);
      expect(server.asked()).toBe(0);
    } finally {
      server.close();
    }
  });
});

describe('a receiver with only a browser, offline', () => {
  let bundle: { receipts: string[]; verifier: string; verifierSha256: string; readme: string };

  beforeAll(async () => {
    const exported = await json('receipt', 'export', 'contract.pdf', '--bundle', '-o', 'bundle');
    expect(exported.code, exported.stderr).toBe(0);
    bundle = exported.value;
  });

  it('--bundle writes the receipt, verify.html as built (whatever the profile) and README.txt into the folder named', async () => {
    const html = verifierPage().html;
    expect(bundle).toEqual({
      receipts: [at('bundle', 'contract.pdf.receipt.json')],
      verifier: at('bundle', 'verify.html'),
      verifierSha256: pageSha256(html),
      readme: at('bundle', 'README.txt'),
      batch: null,
      imported: null,
    });
    expect(readFileSync(bundle.verifier, 'utf8')).toBe(html);
  });

  it('verifies the genuine file and receipt, with the report `receipt verify` and the app give, and reaches nothing', async () => {
    const { offline, shown } = await verifyInPage(bundle.verifier, bundle.receipts[0]!, at('contract.pdf'));
    expectSameReport(shown, await cliReport(bundle.receipts[0]!, at('contract.pdf')));
    expect(shown).toMatchObject({ status: 'verified', badge: 'Verified · test chain' });
    expect(shown.steps.map((s) => `${s.id}:${s.status}`)).toEqual([
      'file-digest:pass',
      'record:pass',
      'aggregation:not-run',
      'fingerprint:pass',
      'transaction:pass',
      'merkle-proof:pass',
      'block-header:pass',
      'chain:skipped',
      'service:skipped',
    ]);
    expect(await offline.page.locator('[data-digest]').textContent()).toBe(sha(readFileSync(at('contract.pdf'))));
    // The page as built offers no best-chain check (README.txt says how to make one): it reaches nothing.
    expect(await offline.page.getByRole('button', { name: /best chain/ }).count()).toBe(0);
    expectNothingReached(offline);
  });

  it('takes the file and the receipt dropped together on it', async () => {
    const offline = await open(bundle.verifier);
    await dropFiles(offline.page, '.zone', [
      { name: 'contract.pdf', content: readFileSync(at('contract.pdf')) },
      { name: 'contract.pdf.receipt.json', content: readFileSync(bundle.receipts[0]!) },
    ]);
    const shown = await shownReport(offline.page);
    expect(shown.status).toBe('verified');
    expect(shown.steps[0]).toMatchObject({ id: 'file-digest', status: 'pass' });
    expectNothingReached(offline);
  });

  it('a receipt alone is checked as far as it goes without its file, as in the app', async () => {
    const { offline, shown } = await verifyInPage(bundle.verifier, bundle.receipts[0]!);
    expectSameReport(shown, await cliReport(bundle.receipts[0]!));
    expect(shown.status).toBe('partially-verified');
    expect(shown.steps[0]).toMatchObject({ id: 'file-digest', status: 'skipped', code: 'no-file' });
    expectNothingReached(offline);
  });

  it('refuses a changed file at file-digest, with the digests expected and found', async () => {
    writeFileSync(at('contract-changed.pdf'), 'The contract as signed on 4 March.\n');
    const { offline, shown } = await verifyInPage(bundle.verifier, bundle.receipts[0]!, at('contract-changed.pdf'));
    expectSameReport(shown, await cliReport(bundle.receipts[0]!, at('contract-changed.pdf')));
    expect(shown).toMatchObject({ status: 'mismatch', badge: 'Mismatch', failedStep: 'file-digest' });
    expect(shown.steps[0]).toMatchObject({
      code: 'file-digest-mismatch',
      expected: sha(readFileSync(at('contract.pdf'))),
      found: sha(readFileSync(at('contract-changed.pdf'))),
    });
    expectNothingReached(offline);
  });

  it.each([
    ['fingerprint', 'published-mismatch', (r: Draft) => (r.fingerprint.published = sha('another fingerprint'))],
    ['transaction', 'txid-mismatch', (r: Draft) => (r.transaction = r.transaction.replace(/..$/, (b: string) => (b === '00' ? '01' : '00')))],
    ['merkle-proof', 'proof-txid-mismatch', (r: Draft) => (r.confirmation.merkleProof.txOrId = sha('another transaction'))],
  ])('refuses a receipt forged at its %s, at that step', async (step, code, forge) => {
    const receipt = JSON.parse(readFileSync(bundle.receipts[0]!, 'utf8'));
    forge(receipt);
    const forged = at('bundle', `forged-${step}.receipt.json`);
    writeFileSync(forged, JSON.stringify(receipt, null, 2));
    const { offline, shown } = await verifyInPage(bundle.verifier, forged, at('contract.pdf'));
    expectSameReport(shown, await cliReport(forged, at('contract.pdf')));
    expect(shown).toMatchObject({ status: 'mismatch', failedStep: step });
    expect(shown.steps.find((s) => s.id === step)).toMatchObject({ status: 'fail', code });
    expectNothingReached(offline);
  });

  it('a file that is no receipt is unreadable, never a mismatch, in the words of the CLI', async () => {
    writeFileSync(at('notes.receipt.json'), 'not json at all');
    const offline = await open(bundle.verifier);
    await offline.page.getByLabel('Receipt to verify with').setInputFiles(at('notes.receipt.json'));
    const shown = await shownReport(offline.page);
    const cliSays = await cliReport(at('notes.receipt.json'));
    expect(cliSays.status).toBe('unreadable');
    expect(shown).toMatchObject({ status: 'unreadable', badge: 'Unreadable', steps: [] });
    expect(shown.message).toBe(cliSays.message.replace(at('notes.receipt.json'), 'notes.receipt.json'));
  });

  it("verifies a document's version with its own receipt, and refuses the earlier version's file against it", async () => {
    writeFileSync(at('deed.txt'), 'Deed, first draft.\n');
    expect((await cli('notarise', '--document', 'deed.txt', '--wait')).code).toBe(0);
    writeFileSync(at('deed-v1.txt'), readFileSync(at('deed.txt')));
    writeFileSync(at('deed.txt'), 'Deed, as signed.\n');
    const added = await cli('version', 'add', 'deed.txt', '--of', 'deed-v1.txt', '--wait');
    expect(added.code, added.stderr).toBe(0);
    const exported = await json('receipt', 'export', 'deed.txt', '--bundle', '-o', 'deed-bundle');
    expect(exported.value).toEqual({
      receipts: [at('deed-bundle', 'deed.txt.v1.receipt.json'), at('deed-bundle', 'deed.txt.v2.receipt.json')],
      index: at('deed-bundle', 'deed.txt.versions.json'),
      verifier: at('deed-bundle', 'verify.html'),
      verifierSha256: pageSha256(verifierPage().html),
      readme: at('deed-bundle', 'README.txt'),
      batch: null,
      imported: null,
    });
    expect(readFileSync(at('deed-bundle', 'README.txt'), 'utf8')).toMatch(/deed\.txt\.versions\.json +the document's versions, in order/);
    const v2 = at('deed-bundle', 'deed.txt.v2.receipt.json');
    expect(JSON.parse(readFileSync(v2, 'utf8')).registration).toMatchObject({ kind: 'linked-update', version: 2 });

    const genuine = await verifyInPage(exported.value.verifier, v2, at('deed.txt'));
    expectSameReport(genuine.shown, await cliReport(v2, at('deed.txt')));
    expect(genuine.shown.status).toBe('verified');
    const earlier = await verifyInPage(exported.value.verifier, v2, at('deed-v1.txt'));
    expect(earlier.shown).toMatchObject({ status: 'mismatch', failedStep: 'file-digest' });
    expectNothingReached(genuine.offline);
    expectNothingReached(earlier.offline);
  });

  it('a verify.html that Notarium did not write is left alone', async () => {
    mkdirSync(at('theirs'));
    writeFileSync(at('theirs', 'verify.html'), '<p>my own page</p>');
    const refused = await cli('receipt', 'export', 'contract.pdf', '--bundle', '-o', 'theirs');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`${at('theirs', 'verify.html')} is a file Notarium did not write, so it was left alone`);
    expect(readFileSync(at('theirs', 'verify.html'), 'utf8')).toBe('<p>my own page</p>');
  });
});

describe("the best-chain check: offered by a page of the reader's own with a block lookup (verifier-page --block-lookup), made only when its reader asks", () => {
  let notary: Notary;
  let bundle: { receipts: string[]; verifier: string };
  let lookup: string;
  let source: string;
  const checkButton = (page: OfflinePage) => page.page.getByRole('button', { name: `Check that the block is on the best chain at ${source}` });
  const chainOf = (shown: ShownReport) => shown.steps.find((s) => s.id === 'chain')!;
  const withoutChain = (shown: ShownReport) => shown.steps.filter((s) => s.id !== 'chain');
  /** Presses the button, and waits for the report with the lookup's word in it. */
  async function check(page: OfflinePage): Promise<ShownReport> {
    await checkButton(page).click();
    await expect.poll(async () => chainOf(await shownReport(page.page)).code ?? 'passed').not.toBe('offline');
    return shownReport(page.page);
  }

  beforeAll(async () => {
    // This process hosts the embedded sandbox (the CLI's commands connect to it), so its lookup answers while the pages ask.
    notary = new Notary({ dataDir: env.NOTARIUM_HOME, sandboxBlockInterval: 0.2, secrets: noSecrets, env: {} });
    const { baseUrl } = await notary.connections.forProfile('Sandbox');
    const exported = await json('receipt', 'export', 'contract.pdf', '--bundle', '-o', 'chain-bundle');
    expect(exported.code, exported.stderr).toBe(0);
    bundle = exported.value;
    lookup = `${baseUrl}/explorer/block/{blockHash}`;
    // The reader's own page, beside the receipt in place of the one that came with it.
    const own = await json('verifier-page', '-o', 'chain-bundle', '--block-lookup', lookup);
    expect(own.code, own.stderr).toBe(0);
    expect(own.value).toMatchObject({ path: bundle.verifier, asBuilt: false, blockLookup: lookup });
    expect(own.value.sha256).not.toBe(pageSha256(verifierPage().html));
    source = new URL(baseUrl).host;
  });
  afterAll(async () => notary?.close());

  it('names its lookup, and its policy lets it connect to that origin alone', () => {
    const html = readFileSync(bundle.verifier, 'utf8');
    const built = verifierPage();
    expect(html).toBe(lookupVerifierPage(built, lookup));
    expect(html).toContain(`<meta name="notarium-block-lookup" content="${lookup}">`);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)![1]!;
    const directives = Object.fromEntries(csp.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    expect(directives).toEqual({
      'default-src': "'none'",
      'connect-src': new URL(lookup.replace('{blockHash}', '')).origin,
      'style-src': inlineHash(built.style),
      'script-src': inlineHash(built.script),
      'base-uri': "'none'",
      'form-action': "'none'",
    });
  });

  it('with the network off: offered and not made until pressed; pressed, it is skipped with its reason, and the rest of the report stands', async () => {
    const { offline, shown: before } = await verifyInPage(bundle.verifier, bundle.receipts[0]!, at('contract.pdf'));
    const block = JSON.parse(readFileSync(bundle.receipts[0]!, 'utf8')).confirmation.blockHash as string;
    expect(chainOf(before)).toMatchObject({ status: 'skipped', code: 'offline' });
    expect(await checkButton(offline).count()).toBe(1);
    expect(await offline.page.locator('.chain-check').textContent()).toContain(
      `The page can also ask ${source}, the block lookup it came with, whether the block is on the best chain: it sends the block's hash and nothing else.`,
    );
    expect(await offline.page.locator('.lead').textContent()).toContain(
      `the page reaches nothing on the network but ${source}, when you ask it whether the block is on the best chain`,
    );
    await keepShots(offline.page, 'verifier-chain-offered', offline.page.locator('.chain-check'));
    expectNothingReached(offline);

    const after = await check(offline);
    expect(chainOf(after)).toMatchObject({
      status: 'skipped',
      code: 'explorer-unreachable',
      detail: `The block lookup at ${source} could not be asked whether block ${block} is on the best chain, so that was not checked: the browser got no answer from it: this computer may be offline, the lookup may be down, or it does not let pages read its answers (no Access-Control-Allow-Origin). Ask again once it can be reached.`,
    });
    expect(after).toMatchObject({ status: 'verified', badge: before.badge, message: before.message, proves: before.proves, unproven: before.unproven });
    expect(withoutChain(after)).toEqual(withoutChain(before));
    expect(await offline.page.locator('.chain-check .answer').textContent()).toBe(chainOf(after).detail);
    expect(await offline.page.getByRole('button', { name: `Ask ${source} again` }).count()).toBe(1);
    await keepShots(offline.page, 'verifier-chain-offline', offline.page.locator('.chain-check'));
    // Its one request, to the lookup, which the network being off answered.
    expect(offline.requests).toEqual([lookup.replace('{blockHash}', block)]);
  });

  it('with the network on, against the sandbox: it passes, saying where the block is, according to whom and when, and what it proves says so', async () => {
    const { offline, shown: before } = await verifyInPage(bundle.verifier, bundle.receipts[0]!, at('contract.pdf'), { online: true });
    const block = JSON.parse(readFileSync(bundle.receipts[0]!, 'utf8')).confirmation.blockHash as string;
    const after = await check(offline);
    const iso = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ';
    expect(chainOf(after)).toEqual({
      id: 'chain',
      status: 'pass',
      label: 'Best chain',
      detail: expect.stringMatching(
        new RegExp(`^Block ${block} is on the best chain at height \\d+ with \\d+ confirmations?, according to ${source} at ${iso}\\.$`),
      ),
    });
    expect(after).toMatchObject({ status: 'verified', badge: 'Verified · test chain', message: before.message });
    expect(after.proves).toMatch(
      new RegExp(
        `^${escapeRegExp(before.proves!)} ${source} answered at ${iso} that the block is on its best chain, at height \\d+ with \\d+ confirmations?\\.$`,
      ),
    );
    expect(withoutChain(after)).toEqual(withoutChain(before));
    // The CLI says the same of the same receipt, in the same words (its time and depth its own).
    const cliSays = await json('receipt', 'verify', bundle.receipts[0]!, at('contract.pdf'), '--online');
    const cliChain = cliSays.value.steps.find((s: { id: string }) => s.id === 'chain');
    expect(cliChain.detail.replace(/ with \d+ confirmations?, according to (.*) at .*$/, ' $1')).toBe(
      chainOf(after).detail.replace(/ with \d+ confirmations?, according to (.*) at .*$/, ' $1'),
    );
    await keepShots(offline.page, 'verifier-chain-passed', offline.page.locator('.chain-check'));
    expect(offline.requests).toEqual([lookup.replace('{blockHash}', block)]);
    expect(offline.problems).toEqual([]);
  });

  it('a block the lookup does not know (404): the check is skipped as unknown to this lookup, the offline verdict standing', async () => {
    const { receipt } = makeFixture();
    writeFileSync(at('chain-bundle', 'unknown-block.receipt.json'), serializeReceipt(receipt));
    writeFileSync(at('unknown-block'), FILE_CONTENT);
    const { offline, shown: before } = await verifyInPage(bundle.verifier, at('chain-bundle', 'unknown-block.receipt.json'), at('unknown-block'), {
      online: true,
    });
    // Offline it verifies, as a test chain: a block mined by anyone, which only a lookup can place.
    expect(before).toMatchObject({ status: 'verified', badge: 'Verified · test chain' });
    const after = await check(offline);
    // A lookup of another network answers 404 too: the page only tries the check, so it does not fail the file.
    expect(after).toMatchObject({ status: 'verified', outcome: 'verified', badge: 'Verified · test chain' });
    expect(chainOf(after)).toMatchObject({
      status: 'skipped',
      code: 'block-unknown-to-lookup',
      detail: expect.stringMatching(new RegExp(`^Skipped: block ${receipt.confirmation!.blockHash} is unknown to this lookup \\(${source} answered 404 at `)),
    });
    await keepShots(offline.page, 'verifier-chain-unknown', offline.page.locator('.chain-check'));
    expect(offline.requests).toEqual([lookup.replace('{blockHash}', receipt.confirmation!.blockHash)]);
  });

  it("its policy lets it reach the lookup's origin and nothing else, not even another server on this machine", async () => {
    const server = await bystander();
    const online = await open(bundle.verifier, { online: true });
    try {
      expect(await fetchFrom(online, server.url)).toMatch(/^refused/);
      expect(await fetchFrom(online, lookup.replace('{blockHash}', '00'.repeat(32)))).toBe('answered 404');
      expect(online.problems.join('\n')).toMatch(/Content Security Policy/);
      expect(server.asked()).toBe(0);
    } finally {
      server.close();
    }
  });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe("a batch member's receipt", () => {
  const home = join(root, 'batch-home');
  let notary: Notary;

  beforeAll(() => {
    notary = new Notary({ dataDir: home, sandboxBlockInterval: 0.2, secrets: noSecrets, env: {} });
    notary.startPoller();
  });
  afterAll(async () => notary?.close());

  it('verifies in the page with its file, along its batch path', async () => {
    const files = ['minutes-1.txt', 'minutes-2.txt', 'minutes-3.txt'].map((name, i) => {
      writeFileSync(at(name), `Minutes of meeting ${i + 1}.\n`);
      return at(name);
    });
    const outcomes = await notariseBatch(notary.context, files);
    expect(outcomes.map((o) => o.status)).toEqual(['registered', 'registered', 'registered']);
    const registration = (outcomes[0] as Extract<(typeof outcomes)[number], { record: StoredRecord }>).record;
    await waitForRecord(notary.context, notary.follower, registration, { confirmations: 1 });
    const member = notary.library.batches.membersBySha256(sha(readFileSync(files[1]!)), await notary.library.profiles.currentName())[0]!;
    const receipt = await memberReceiptFor(notary.context, member);
    writeFileSync(at('minutes-2.txt.receipt.json'), serializeReceipt(receipt));

    const { offline, shown } = await verifyInPage(bundlePage(), at('minutes-2.txt.receipt.json'), files[1]);
    expect(shown.status).toBe('verified');
    expect(shown.steps.find((s) => s.id === 'aggregation')).toMatchObject({ status: 'pass' });
    expect(shown.steps.find((s) => s.id === 'record')).toMatchObject({ status: 'not-run' });
    // The page as built has no block lookup: it offers no check, and says the network is out of its reach.
    expect(await offline.page.getByRole('button', { name: /best chain/ }).count()).toBe(0);
    expect(await offline.page.locator('.lead').textContent()).toContain('the page cannot reach the network');
    expectNothingReached(offline);
  });
});

/** The page as built, where `receipt export --bundle` copies it from. */
function bundlePage(): string {
  return resolve(import.meta.dirname, '../..', VERIFIER_PAGE_DIR, 'verify.html');
}

describe('the HTML certificate checks itself', () => {
  it('verifies its file dropped on it, with the report, and refuses another file at file-digest', async () => {
    const { receipt } = makeFixture();
    const record = {
      name: 'contract.pdf',
      size: FILE_CONTENT.length,
      sha256: FILE_DIGEST.toString('hex'),
      txId: receipt.registration.txId,
      blockHash: receipt.confirmation!.blockHash,
      blockTime: null,
    } as unknown as StoredRecord;
    const certificate = at('contract.pdf.certificate.html');
    writeFileSync(certificate, await certificateHtml(record, receipt, undefined, { verifier: verifierPage() }));

    const offline = await open(certificate);
    await dropFiles(offline.page, 'body', [{ name: 'contract.pdf', content: FILE_CONTENT }]);
    const shown = await shownReport(offline.page);
    expect(shown).toMatchObject({ status: 'verified', badge: 'Verified · test chain' });
    expect(shown.steps[0]).toMatchObject({ id: 'file-digest', status: 'pass' });

    await offline.page
      .getByLabel('File to check')
      .setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Another contract.') });
    await expect.poll(async () => (await shownReport(offline.page)).status).toBe('mismatch');
    expect((await shownReport(offline.page)).failedStep).toBe('file-digest');
    expectNothingReached(offline);
  });

  it('on paper, without its script: the PDF is printed from the certificate without the verifier', async () => {
    const { receipt } = makeFixture();
    const record = {
      name: 'contract.pdf',
      size: FILE_CONTENT.length,
      sha256: FILE_DIGEST.toString('hex'),
      txId: receipt.registration.txId,
      blockHash: receipt.confirmation!.blockHash,
      blockTime: null,
    } as unknown as StoredRecord;
    const paper = await certificateHtml(record, receipt, undefined);
    expect(paper).not.toMatch(/<script/);
    expect(paper).toContain("default-src 'none'; style-src 'unsafe-inline'\"");
  });
});
