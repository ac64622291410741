import { describe, expect, it } from 'vitest';
import { noVerifications, verificationView } from '../../../../main/core/app/views.ts';
import type { ReceiptV1 } from '../../../../main/core/receipts/receipt-v1.ts';
import { verifyReceipt } from '../../../../main/core/receipts/verify/verify-receipt.ts';
import { VERIFY_STATUSES, type FileVerification } from '../../../../main/core/usecases/verify.ts';
import { FILE_DIGEST, makeFixture, type Draft } from '../receipts/receipt-fixture.ts';

// Issue #11: what the page is shown of a verification.

const { receipt } = makeFixture();
const withFile = { fileDigest: FILE_DIGEST.toString('hex') };
const edited = (edit: (r: Draft) => void): ReceiptV1 => {
  const r = structuredClone(receipt) as unknown as Draft;
  edit(r);
  return r as unknown as ReceiptV1;
};
const result = (r: ReceiptV1): FileVerification => {
  const report = verifyReceipt(r, withFile);
  return { path: '/x/contract.pdf', status: report.outcome === 'failed' ? 'mismatch' : report.outcome, message: report.summary, report };
};
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/; // eslint-disable-line no-control-regex -- the characters at issue

describe('verificationView', () => {
  it('shows text from a receipt with invisible and reordering characters escaped: message, proves, unproven, steps, the network label', () => {
    const hostile = edited((d) => {
      d.network = 'main\u202enet';
      delete d.transaction;
      d.confirmation.merkleProof.targetType = 'hash';
      d.confirmation.merkleProof.target = d.confirmation.blockHash;
      d.confirmation.blockTimestamp = '2026-11-19\u202e\u2066 (checked)\u2069\u001b[8m';
    });
    const v = verificationView(result(hostile), 'contract.pdf');
    expect(v.status).toBe('partially-verified');
    const texts = [v.message, v.proves!, ...v.unproven, ...v.steps.flatMap((s) => [s.detail, s.expected ?? '', s.found ?? '']), v.network!.label];
    for (const t of texts) expect(t, t).not.toMatch(INVISIBLE);
    expect(v.proves).toContain('2026-11-19\\u202e\\u2066 (checked)\\u2069\\u001b[8m');
    expect(v.network!.label).toBe('main\\u202enet');
    // A failure's expected and found too.
    const failed = verificationView(result(edited((d) => (d.fingerprint.published = 'ab'.repeat(32)))), 'contract.pdf');
    expect(failed.steps.find((s) => s.status === 'fail')).toMatchObject({ expected: expect.any(String), found: expect.any(String) });
  });

  it('carries the test-chain distinction: verified on a test chain is its own case', () => {
    expect(verificationView(result(receipt), 'contract.pdf')).toMatchObject({ status: 'verified', verifiedOnTestChain: true });
    expect(verificationView(result(edited((d) => delete d.transaction)), 'contract.pdf')).toMatchObject({ status: 'partially-verified', verifiedOnTestChain: false });
  });

  it('counts every status of the one list, each at 0', () => {
    expect(noVerifications()).toEqual(Object.fromEntries(VERIFY_STATUSES.map((s) => [s, 0])));
    expect(Object.keys(noVerifications())).toEqual(['verified', 'partially-verified', 'mismatch', 'pending', 'unknown']);
  });
});
