import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFIER_PAGE_DIR } from '../../main/core/receipts/verifier-page.ts';
import type { Baseline } from '../fixtures/receipts/record-baselines.ts';
import { jsonCli, runCli } from '../support/cli.ts';
import { forgeFromNothing } from '../support/forged-from-nothing.ts';
import { familySamples, type FamilySample } from '../support/forged-receipt-families.ts';
import { FILE_CONTENT, makeFixture, type Draft } from '../support/receipt-fixture.ts';
import { launchOfflineBrowser, openOffline, shownReport } from '../support/verifier-page.ts';

/**
 * The CLI's verifier and verify.html, in Chromium, give the same verdict on the same bytes: every
 * case below is a file and a receipt, verified by `notarium verify <folder> --offline --json` and by
 * the page with the file and receipt chosen; the status, the failed step and every step's status
 * and code agree, and no forgery reads verified in either. The cases: the encoding rule (one BOM,
 * two, UTF-16 of either order, invalid UTF-8), the batch forgeries (an inner node taken for the
 * leaf, the last step duplicated, a step swapped, the path truncated or over-long, the root of
 * another batch, a member's aggregation grafted onto another registration), a sample of each
 * mutation family of the forged-receipt suite, and its families forged from nothing; then the
 * draws of every family of that suite (the very draws the unit suite judges, the first 12 of each,
 * or all of them with NOTARIUM_DIFFERENTIAL_DRAWS=all: test/support/forged-receipt-families.ts),
 * through one page, fed one file and receipt after another (dropped on it, as a person does), a
 * few hundred per call into the page.
 */

const root = mkdtempSync(join(tmpdir(), 'notarium-e2e-differential-'));
const cases = join(root, 'cases');
const env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
const json = jsonCli((...args: string[]) => runCli(args, { env, cwd: root }));
const PAGE = resolve(import.meta.dirname, '../..', VERIFIER_PAGE_DIR, 'verify.html');

const baselines = JSON.parse(readFileSync(new URL('../fixtures/receipts/sandbox-baselines.json', import.meta.url), 'utf8')) as Baseline[];
const baseline = (name: string) => {
  const b = baselines.find((x) => x.name === name)!;
  return { draft: JSON.parse(b.receipt) as Draft, content: Buffer.from(`the file ${name}`) };
};

interface Case {
  name: string;
  content: Buffer;
  receipt: Buffer;
  /** What both must say, where the case fixes it: a status, and the failed step when it fails (else: anything but verified). */
  expected?: { status: string; failedStep?: string };
}

const text = (d: Draft) => Buffer.from(`${JSON.stringify(d, null, 2)}\n`);
const withDraft = (d: Draft, edit: (d: Draft) => void): Buffer => {
  const copy = structuredClone(d);
  edit(copy);
  return text(copy);
};
const flip = (hex: string, at = 10) => `${hex.slice(0, at)}${hex[at] === '0' ? '1' : '0'}${hex.slice(at + 1)}`;
/** A byte no UTF-8 text holds (0xff), inside the issuedAt string: JSON, if decoded leniently. */
const invalidUtf8 = (receipt: Buffer) => {
  const at = receipt.indexOf('"2026') + 1;
  return Buffer.concat([receipt.subarray(0, at), Buffer.from([0xff]), receipt.subarray(at)]);
};
const utf16 = (s: string, order: 'le' | 'be') => {
  const le = Buffer.from(`\uFEFF${s}`, 'utf16le');
  return order === 'le' ? le : Buffer.from(le).swap16();
};

/** The receipt with its first `"<field>": "<hex>"` given again before it, with another value. */
const twice = (receipt: Buffer, field: string) =>
  Buffer.from(receipt.toString().replace(new RegExp(`"${field}": "([0-9a-f]+)"`), (all, hex: string) => `"${field}": "${flip(hex)}", ${all}`));

function buildCases(): Case[] {
  const fixture = makeFixture();
  const genuine = fixture.receipt as unknown as Draft;
  const plain = text(genuine);
  const bom = Buffer.from([0xef, 0xbb, 0xbf]);
  const unreadable = { status: 'unreadable' };
  const mismatch = (failedStep: string) => ({ status: 'mismatch', failedStep });
  const list: Case[] = [
    // The encoding rule (receipt-v1.md, "Decoding").
    { name: 'utf8', content: FILE_CONTENT, receipt: plain, expected: { status: 'verified' } },
    { name: 'one-bom', content: FILE_CONTENT, receipt: Buffer.concat([bom, plain]), expected: { status: 'verified' } },
    { name: 'two-boms', content: FILE_CONTENT, receipt: Buffer.concat([bom, bom, plain]), expected: unreadable },
    { name: 'utf16le-bom', content: FILE_CONTENT, receipt: utf16(plain.toString(), 'le'), expected: unreadable },
    { name: 'utf16be-bom', content: FILE_CONTENT, receipt: utf16(plain.toString(), 'be'), expected: unreadable },
    { name: 'utf16le-no-bom', content: FILE_CONTENT, receipt: Buffer.from(plain.toString(), 'utf16le'), expected: unreadable },
    { name: 'invalid-utf8', content: FILE_CONTENT, receipt: invalidUtf8(plain), expected: unreadable },
    // A field given twice, which JavaScript reads last-wins and other parsers first-wins: unreadable, never one of the two.
    { name: 'duplicate-file-digest', content: FILE_CONTENT, receipt: twice(plain, 'sha256'), expected: unreadable },
  ];

  // The batch forgeries, on a genuine member of a batch of five (leaf 2).
  const member = baseline('header-batch');
  const other = baseline('hash-batch');
  const record = baseline('header-record');
  const path = member.draft.aggregation.path as { left?: string; right?: string }[];
  const swap = (s: { left?: string; right?: string }) => (s.left ? { right: s.left } : { left: s.right });
  const batch: [string, Buffer, Buffer, string][] = [
    ['batch-genuine', member.content, text(member.draft), ''],
    ['batch-inner-node-as-leaf', member.content, withDraft(member.draft, (d) => (d.aggregation.path = path.slice(1))), 'aggregation'],
    ['batch-last-step-duplicated', member.content, withDraft(member.draft, (d) => (d.aggregation.path = [...path, path.at(-1)!])), 'aggregation'],
    ['batch-step-swapped', member.content, withDraft(member.draft, (d) => (d.aggregation.path = [swap(path[0]!), ...path.slice(1)])), 'aggregation'],
    ['batch-path-truncated', member.content, withDraft(member.draft, (d) => (d.aggregation.path = path.slice(0, -1))), 'aggregation'],
    ['batch-path-over-long', member.content, withDraft(member.draft, (d) => (d.aggregation.path = [...path, { left: 'ab'.repeat(32) }])), 'aggregation'],
    ['batch-root-of-another', member.content, withDraft(member.draft, (d) => (d.aggregation.root = other.draft.aggregation.root)), 'aggregation'],
    ['batch-grafted', record.content, withDraft(record.draft, (d) => (d.aggregation = structuredClone(member.draft.aggregation))), 'aggregation'],
  ];
  for (const [name, content, receipt, step] of batch) list.push({ name, content, receipt, expected: step ? mismatch(step) : { status: 'verified' } });

  // A sample of each mutation family of the forged-receipt suite, on the genuine fixture.
  const proof = (d: Draft) => d.confirmation.merkleProof as Draft;
  const families: [string, (d: Draft) => void, Case['expected'] | undefined][] = [
    ['flipped-hex-published', (d) => (d.fingerprint.published = flip(d.fingerprint.published)), mismatch('fingerprint')],
    ['flipped-hex-record', (d) => (d.fingerprint.record = flip(d.fingerprint.record)), mismatch('record')],
    ['flipped-hex-file', (d) => (d.file.sha256 = flip(d.file.sha256)), mismatch('file-digest')],
    ['flipped-salt', (d) => (d.fingerprint.encode = d.fingerprint.encode.replace('k3J9', 'k3J8')), mismatch('fingerprint')],
    ['raw-edit-transaction-renamed', (d) => ((d.transactions = d.transaction), delete d.transaction), { status: 'partially-verified' }],
    ['swapped-fields', (d) => ([d.fingerprint.record, d.fingerprint.published] = [d.fingerprint.published, d.fingerprint.record]), mismatch('record')],
    ['merkle-nodes-reordered', (d) => (proof(d).nodes = [...(proof(d).nodes as string[])].reverse()), undefined],
    ['wrong-index', (d) => (proof(d).index = (proof(d).index as number) + 1), undefined],
    ['target-type', (d) => (proof(d).targetType = 'hash'), undefined],
    ['block-header-nonce', (d) => (proof(d).target = flip(proof(d).target as string, 152)), mismatch('block-header')],
    ['transaction-other-bytes', (d) => (d.transaction = flip(d.transaction, 200)), undefined],
  ];
  for (const [name, edit, expected] of families)
    list.push({ name, content: FILE_CONTENT, receipt: withDraft(genuine, edit), ...(expected ? { expected } : {}) });
  list.push({ name: 'json-shape-deep', content: FILE_CONTENT, receipt: Buffer.from(`${'['.repeat(100)}${']'.repeat(100)}`), expected: unreadable });
  return list;
}

/** The families forged from nothing, written by forgeFromNothing into the cases' folder. */
function fromNothing(): { name: string; expected?: Case['expected'] }[] {
  const forged = [
    { name: 'missing-evidence.pdf', opts: { network: 'mainnet', evidence: 'none' as const }, expected: { status: 'partially-verified' } },
    { name: 'label-trick.pdf', opts: { network: 'mainnet\u200b', evidence: 'mined' as const }, expected: { status: 'partially-verified' } },
    { name: 'self-mined-mainnet.pdf', opts: { network: 'mainnet', evidence: 'mined' as const }, expected: { status: 'mismatch', failedStep: 'block-header' } },
    { name: 'self-mined-testnet.pdf', opts: { network: 'TestNet', evidence: 'mined' as const }, expected: { status: 'mismatch', failedStep: 'block-header' } },
  ];
  for (const f of forged) forgeFromNothing(cases, f.name, `${f.name}, never registered\n`, f.opts);
  return forged;
}

/**
 * How many draws of each family (its first, in the unit suite's order): every family is fed, and
 * NOTARIUM_DIFFERENTIAL_DRAWS=all feeds every draw (some 12,000: about an hour on a loaded
 * machine, so not in every run).
 */
const DRAWS = process.env.NOTARIUM_DIFFERENTIAL_DRAWS ?? '12';
const PER_FAMILY = DRAWS === 'all' ? Infinity : Number(DRAWS);

/** The draws of every family fed here, each a file and its receipt named by its place (`family-00042`). */
function fromFamilies(): (FamilySample & { name: string })[] {
  const taken = new Map<string, number>();
  const fed = familySamples().filter((s) => {
    const n = taken.get(s.family) ?? 0;
    taken.set(s.family, n + 1);
    return n < PER_FAMILY;
  });
  const draws = fed.map((s, i) => ({ ...s, name: `family-${String(i).padStart(5, '0')}` }));
  for (const d of draws) {
    writeFileSync(join(cases, d.name), d.content);
    writeFileSync(join(cases, `${d.name}.receipt.json`), d.text);
  }
  return draws;
}

let browser: Browser;
let all: { name: string; expected?: Case['expected'] }[];
let draws: (FamilySample & { name: string })[];
let cli: Map<string, { status: string; failedStep: string | null; steps: { id: string; status: string; code?: string }[] }>;

beforeAll(async () => {
  mkdirSync(cases, { recursive: true });
  mkdirSync(env.NOTARIUM_HOME, { recursive: true });
  const built = buildCases();
  for (const c of built) {
    writeFileSync(join(cases, c.name), c.content);
    writeFileSync(join(cases, `${c.name}.receipt.json`), c.receipt);
  }
  all = [...built, ...fromNothing()];
  draws = fromFamilies();
  const verified = await json('verify', cases, '--offline');
  expect(verified.value.length, verified.stderr).toBe(all.length + draws.length);
  cli = new Map(verified.value.map((r: { path: string }) => [r.path.split('/').at(-1)!, r]));
  browser = await launchOfflineBrowser();
});
afterAll(async () => {
  await browser?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the CLI and verify.html in Chromium give the same verdict', () => {
  it('on every case: the same status, failed step and steps, as each case must get; no forgery verified', async () => {
    const page = await openOffline(browser, PAGE);
    const agreed: string[] = [];
    for (const c of all) {
      const fromCli = cli.get(c.name)!;
      expect(fromCli, c.name).toBeDefined();
      // A fresh page for each: a choice left from the last case is never what is verified.
      await page.page.reload();
      await page.page.getByLabel('File to verify').setInputFiles(join(cases, c.name));
      await page.page.getByLabel('Receipt to verify with').setInputFiles(join(cases, `${c.name}.receipt.json`));
      const shown = await shownReport(page.page);
      expect({ case: c.name, status: shown.status, failedStep: shown.failedStep }).toEqual({
        case: c.name,
        status: fromCli.status,
        failedStep: fromCli.failedStep,
      });
      if (c.expected)
        expect({ case: c.name, ...c.expected }).toEqual({
          case: c.name,
          status: fromCli.status,
          ...(c.expected.failedStep ? { failedStep: fromCli.failedStep } : {}),
        });
      expect(
        shown.steps.map((s) => `${s.id}:${s.status}:${s.code ?? ''}`),
        c.name,
      ).toEqual(fromCli.steps.map((s) => `${s.id}:${s.status}:${s.code ?? ''}`));
      agreed.push(`${c.name} ${shown.status}${shown.failedStep ? ` at ${shown.failedStep}` : ''}`);
    }
    const forgeries = all.filter((c) => !['utf8', 'one-bom', 'batch-genuine'].includes(c.name));
    expect(forgeries.filter((c) => cli.get(c.name)!.status === 'verified').map((c) => c.name)).toEqual([]);
    console.log(`verifier differential: ${agreed.length} cases, CLI = page on each:\n  ${agreed.join('\n  ')}`);
    expect(page.requests).toEqual([]);
  });

  it(
    `on ${DRAWS === 'all' ? 'every draw' : `the first ${DRAWS} draws`} of every family of the forged-receipt suite: the same status, failed step and steps; none verified`,
    { timeout: DRAWS === 'all' ? 10_800_000 : 900_000 },
    async () => {
      const page = await openOffline(browser, PAGE);
      const shown = new Map<string, Verdict>();
      for (const chunk of chunks(draws)) {
        const fed = chunk.map((d) => ({
          name: d.name,
          file: readFileSync(join(cases, d.name)).toString('base64'),
          receipt: readFileSync(join(cases, `${d.name}.receipt.json`)).toString('base64'),
        }));
        const verdicts = await page.page.evaluate(feedPage, fed);
        chunk.forEach((d, i) => shown.set(d.name, verdicts[i]!));
      }
      const line = (v: Verdict) => ({ status: v.status, failedStep: v.failedStep, steps: v.steps });
      const disagreements = draws
        .map((d) => ({ draw: `${d.name} (${d.family})`, cli: line(fromCli(d.name)), page: line(shown.get(d.name)!) }))
        .filter((d) => JSON.stringify(d.cli) !== JSON.stringify(d.page));
      expect(disagreements.slice(0, 5), `${disagreements.length} draws on which the CLI and the page disagree`).toEqual([]);
      // Only a raw edit that touched nothing a step reads may verify (the oracle's equivalents).
      const verified = draws.filter((d) => !d.equivalent && fromCli(d.name).status === 'verified');
      expect(verified.map((d) => `${d.name} (${d.family})`)).toEqual([]);
      const byFamily = new Map<string, number>();
      for (const d of draws) byFamily.set(d.family, (byFamily.get(d.family) ?? 0) + 1);
      console.log(
        `verifier differential: ${draws.length} draws of the forged-receipt families, CLI = page on each: ` +
          [...byFamily].map(([f, n]) => `${f} ${n}`).join(', '),
      );
      expect(page.requests).toEqual([]);
      expect(page.problems).toEqual([]);
    },
  );
});

/** What the CLI said of a case. */
function fromCli(name: string): Verdict {
  const r = cli.get(name)!;
  expect(r, name).toBeDefined();
  return { status: r.status, failedStep: r.failedStep, steps: r.steps.map((s) => `${s.id}:${s.status}:${s.code ?? ''}`) };
}

interface Verdict {
  status: string;
  failedStep: string | null;
  /** Each step as `id:status:code`. */
  steps: string[];
}

/** Draws in calls of a few hundred, or of a few megabytes (the oversize receipts are 4 MB each). */
function* chunks<T extends { content: Buffer; text: string }>(list: T[]): Generator<T[]> {
  let chunk: T[] = [];
  let bytes = 0;
  for (const d of list) {
    if (chunk.length > 0 && (chunk.length >= 300 || bytes + d.text.length > 8_000_000)) {
      yield chunk;
      chunk = [];
      bytes = 0;
    }
    chunk.push(d);
    bytes += d.text.length + d.content.length;
  }
  if (chunk.length > 0) yield chunk;
}

/**
 * Runs in the page: each file and its receipt dropped together on the page's drop zone, as a file
 * manager's drag does, and the verdict read once it is shown. Taking a receipt clears the last
 * verdict at once, so the verdict waited for is this receipt's.
 */
async function feedPage(list: { name: string; file: string; receipt: string }[]): Promise<Verdict[]> {
  const bytes = (b64: string) => Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
  const zone = document.querySelector('section.zone')!;
  const out: Verdict[] = [];
  for (const c of list) {
    const data = new DataTransfer();
    data.items.add(new File([bytes(c.file)], c.name));
    data.items.add(new File([bytes(c.receipt)], `${c.name}.receipt.json`));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    let el: Element | null;
    while (!(el = document.querySelector('.verdict'))) await new Promise((r) => setTimeout(r, 0));
    out.push({
      status: el.getAttribute('data-status')!,
      failedStep: el.getAttribute('data-failed-step'),
      steps: [...el.querySelectorAll('li[data-step]')].map(
        (li) => `${li.getAttribute('data-step')}:${li.getAttribute('data-status')}:${li.getAttribute('data-code') ?? ''}`,
      ),
    });
  }
  return out;
}
