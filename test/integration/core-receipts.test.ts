import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprintFor } from '../../verifier/protocol/fingerprint.ts';
import { buildReceipt, type ReceiptSource, type ServiceConfirmation } from '../../main/core/receipts/build-receipt.ts';
import { parseReceipt, serializeReceipt, type RecordKind } from '../../verifier/receipt-v1.ts';
import { verifyReceipt, type VerificationReport } from '../../verifier/verify-receipt.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// Receipts for records registered with a real sandbox: built, written, read back and verified offline.

const clock = { now: () => new Date('2026-11-22T10:15:00Z') };
const digestOf = (content: string) => createHash('sha256').update(content).digest();

interface Registered {
  source: ReceiptSource;
  digest: Buffer;
  updateToken?: string;
}

async function register(
  sb: TestSandbox,
  content: string,
  kind: RecordKind = 'record',
  link?: { prevTxId: string; token: string; version: number },
): Promise<Registered> {
  const digest = digestOf(content);
  const fp = fingerprintFor(digest);
  const query = `encode=${encodeURIComponent(fp.encode)}`;
  const path =
    kind === 'record'
      ? `/api/v1/records?${query}`
      : kind === 'linked-create'
        ? `/api/v1/linkedrecords?${query}`
        : `/api/v1/linkedrecords/${link!.prevTxId}/update?${query}&updateToken=${encodeURIComponent(link!.token)}`;
  const answer = await sb.json<{ txId: string; updateToken?: string }>(path, {
    method: 'POST',
    body: digest,
    headers: { 'content-type': 'application/octet-stream' },
  });
  return {
    digest,
    updateToken: answer.updateToken,
    source: {
      file: { name: `${content.slice(0, 10)}.txt`, size: Buffer.byteLength(content), sha256: digest.toString('hex') },
      fingerprint: fp,
      registration: { kind, serviceUrl: sb.baseUrl, txId: answer.txId, prevTxId: link?.prevTxId ?? null, ...(link ? { version: link.version } : {}) },
      network: 'sandbox',
    },
  };
}

/** What Notarium fetches after confirmation: status, raw transaction, and the header when the proof lacks it. */
async function complete(sb: TestSandbox, reg: Registered): Promise<ReceiptSource> {
  const { kind, txId } = reg.source.registration;
  const base = kind === 'record' ? '/api/v1/records' : '/api/v1/linkedrecords';
  const status = await sb.json<{ confirmation: ServiceConfirmation | null }>(`${base}/${txId}/status`);
  const raw = await (await sb.call(`/explorer/tx/${txId}/hex`)).text();
  const source: ReceiptSource = { ...reg.source, transaction: raw, confirmation: status.confirmation };
  if (status.confirmation && status.confirmation.merkleProof.targetType !== 'header') {
    const res = await sb.call(`/explorer/block/${status.confirmation.blockHash}/header`);
    expect(res.status).toBe(200);
    source.blockHeader = await res.text();
  }
  return source;
}

/** build -> serialize -> parse -> verify, as a holder of the receipt file would. */
function verifyThroughFile(source: ReceiptSource, fileDigest?: Buffer): VerificationReport {
  const text = serializeReceipt(buildReceipt(source, clock));
  return verifyReceipt(parseReceipt(text), fileDigest ? { fileDigest: fileDigest.toString('hex') } : {});
}

function expectVerified(report: VerificationReport): void {
  const notPassed = report.steps.filter((s) => s.status !== 'pass').map((s) => `${s.id}:${s.status}`);
  expect(report.outcome, report.summary).toBe('verified');
  expect(notPassed).toEqual(['aggregation:not-run', 'chain:skipped', 'service:skipped']);
}

describe('receipts from the sandbox (proof target: header)', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox();
  });
  afterAll(() => sb.stop());

  it('a record: pending before the block, verified after', async () => {
    const reg = await register(sb, 'contract one');
    const pending = await complete(sb, reg);
    expect(pending.confirmation).toBeNull();
    const pendingReport = verifyThroughFile(pending, reg.digest);
    expect(pendingReport.outcome).toBe('pending');
    expect(pendingReport.steps.find((s) => s.id === 'transaction')!.status).toBe('pass');

    await sb.mine();
    const source = await complete(sb, reg);
    expect(source.confirmation!.merkleProof.targetType).toBe('header');
    expect(source.blockHeader).toBeUndefined();
    const report = verifyThroughFile(source, reg.digest);
    expectVerified(report);
    expect(report.proves).toMatch(new RegExp(`^This file existed no later than block ${source.confirmation!.blockHash}, whose header time is `));
  });

  it('linked create and update: each verifies (published data in output 1)', async () => {
    const created = await register(sb, 'version one', 'linked-create');
    await sb.mine(); // a version follows only a record in a block (service-notes.md, Timing and life-cycle rules)
    const updated = await register(sb, 'version two', 'linked-update', { prevTxId: created.source.registration.txId, token: created.updateToken!, version: 2 });
    await sb.mine();
    for (const reg of [created, updated]) {
      const report = verifyThroughFile(await complete(sb, reg), reg.digest);
      expectVerified(report);
      expect(report.steps.find((s) => s.id === 'transaction')!.detail).toMatch(/output 1 carries/);
    }
  });

  it('several records in one block, each at its own index, all verify', async () => {
    const regs = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((c) => register(sb, `batch file ${c}`)));
    await sb.mine();
    const indices = new Set<number>();
    for (const reg of regs) {
      const source = await complete(sb, reg);
      indices.add(source.confirmation!.merkleProof.index);
      expectVerified(verifyThroughFile(source, reg.digest));
    }
    expect(indices.size).toBe(5);
  });

  it('without the raw transaction: partially verified', async () => {
    const reg = await register(sb, 'no transaction');
    await sb.mine();
    const { transaction: _, ...source } = await complete(sb, reg);
    const report = verifyThroughFile(source, reg.digest);
    expect(report.outcome).toBe('partially-verified');
    expect(report.steps.find((s) => s.id === 'transaction')!.status).toBe('skipped');
    expect(report.unproven).toHaveLength(1);
  });

  it('a different file: failed at file-digest', async () => {
    const reg = await register(sb, 'the real file');
    await sb.mine();
    const other = digestOf('another file');
    const report = verifyThroughFile(await complete(sb, reg), other);
    expect(report).toMatchObject({ outcome: 'failed', failedStep: 'file-digest' });
    expect(report.steps[0]).toMatchObject({ expected: reg.digest.toString('hex'), found: other.toString('hex') });
  });
});

describe.each(['hash', 'merkleRoot'] as const)('receipts from the sandbox (proof target: %s)', (proofTarget) => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ proofTarget });
  });
  afterAll(() => sb.stop());

  it('the header fetched from the explorer goes in blockHeader, and the receipt verifies', async () => {
    const reg = await register(sb, `target ${proofTarget}`);
    await sb.mine();
    const source = await complete(sb, reg);
    expect(source.confirmation!.merkleProof.targetType).toBe(proofTarget);
    const receipt = buildReceipt(source, clock);
    expect(receipt.blockHeader).toMatch(/^[0-9a-f]{160}$/);
    expectVerified(verifyThroughFile(source, reg.digest));
  });

  it('without the header: partially verified, block-header skipped', async () => {
    const reg = await register(sb, `no header ${proofTarget}`);
    await sb.mine();
    const { blockHeader: _, ...source } = await complete(sb, reg);
    const report = verifyThroughFile(source, reg.digest);
    expect(report.outcome).toBe('partially-verified');
    expect(report.steps.find((s) => s.id === 'block-header')!.status).toBe('skipped');
  });
});
