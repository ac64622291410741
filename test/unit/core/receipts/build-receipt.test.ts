import { describe, expect, it } from 'vitest';
import { isNotariumError } from '../../../../main/core/errors/notarium-error.ts';
import { buildReceipt, type ReceiptSource, type ServiceConfirmation } from '../../../../main/core/receipts/build-receipt.ts';
import { parseReceipt, serializeReceipt } from '../../../../verifier/receipt-v1.ts';
import { verifyReceipt } from '../../../../verifier/verify-receipt.ts';
import { FILE_DIGEST, makeFixture } from '../../../support/receipt-fixture.ts';

const fx = makeFixture();
const clock = { now: () => new Date('2026-11-22T10:15:00.123Z') };

function source(overrides: Partial<ReceiptSource> = {}): ReceiptSource {
  const r = fx.receipt;
  return {
    file: { ...r.file },
    fingerprint: { encode: r.fingerprint.encode, record: r.fingerprint.record, published: r.fingerprint.published },
    registration: { kind: 'record', serviceUrl: 'https://records.example/api', txId: fx.txid },
    network: 'sandbox',
    transaction: fx.raw.toString('hex'),
    confirmation: structuredClone(r.confirmation),
    ...overrides,
  };
}

describe('buildReceipt', () => {
  it('writes the fields in the spec order, with the salt taken from encode and the clock for issuedAt', () => {
    const receipt = buildReceipt(source(), clock);
    expect(Object.keys(receipt)).toEqual(['format', 'issuedAt', 'network', 'file', 'fingerprint', 'registration', 'transaction', 'confirmation']);
    expect(receipt.issuedAt).toBe('2026-11-22T10:15:00Z');
    expect(receipt.fingerprint.salt).toBe(fx.receipt.fingerprint.salt);
    expect(receipt.registration).toEqual({ kind: 'record', serviceUrl: 'https://records.example/api', txId: fx.txid, prevTxId: null });
    expect(parseReceipt(serializeReceipt(receipt))).toEqual(receipt);
    expect(verifyReceipt(receipt, { fileDigest: FILE_DIGEST.toString('hex') }).outcome).toBe('verified');
  });

  it('writes only a label of the network vocabulary, in its own spelling, and refuses any other', () => {
    expect(buildReceipt(source({ network: 'SANDBOX' }), clock).network).toBe('sandbox');
    expect(buildReceipt(source({ network: 'regtest' }), clock).network).toBe('regtest');
    for (const label of ['testnet-sim', 'mainnet\u200b', 'unknown', '']) {
      expect(() => buildReceipt(source({ network: label }), clock), label).toThrow(
        /network label ".*" is not mainnet, testnet, stn, regtest or sandbox, so no receipt is written with it/,
      );
    }
  });

  it('keeps the header in merkleProof.target when it is the header, and refuses a different one beside it', () => {
    const same = buildReceipt(source({ blockHeader: fx.header.hex }), clock);
    expect(same.blockHeader).toBeUndefined();
    expect(same.confirmation!.merkleProof.target).toBe(fx.header.hex);
    expect(() => buildReceipt(source({ blockHeader: '00'.repeat(80) }), clock)).toThrow(/differs from the one the service's Merkle proof targets/);
  });

  it('embeds the header as blockHeader when the target is the block hash', () => {
    const confirmation = structuredClone(fx.receipt.confirmation) as ServiceConfirmation;
    Object.assign(confirmation.merkleProof, { targetType: 'hash', target: fx.header.hash });
    const receipt = buildReceipt(source({ confirmation, blockHeader: fx.header.hex }), clock);
    expect(receipt.blockHeader).toBe(fx.header.hex);
    expect(verifyReceipt(receipt).steps.find((s) => s.id === 'block-header')!.status).toBe('pass');
  });

  it('a pending record: confirmation null, no header', () => {
    const receipt = buildReceipt(source({ confirmation: null, blockHeader: fx.header.hex }), clock);
    expect(receipt.confirmation).toBeNull();
    expect(receipt.blockHeader).toBeUndefined();
    expect(verifyReceipt(receipt).outcome).toBe('pending');
  });

  it('linked records carry prevTxId and version; files given as paths keep their base name', () => {
    const receipt = buildReceipt(
      source({
        file: { name: '/tmp/x/contract.pdf', size: 1, sha256: fx.receipt.file.sha256 },
        registration: { kind: 'linked-update', serviceUrl: 's', txId: fx.txid, prevTxId: 'ab'.repeat(32), version: 2 },
        transaction: null,
      }),
      clock,
    );
    expect(receipt.file.name).toBe('contract.pdf');
    expect(receipt.registration).toMatchObject({ prevTxId: 'ab'.repeat(32), version: 2 });
    expect('transaction' in receipt).toBe(false);
  });

  it('refuses data that would not make a valid receipt, naming the field', () => {
    try {
      buildReceipt(source({ registration: { kind: 'record', serviceUrl: 's', txId: 'nope' } }), clock);
      expect.unreachable();
    } catch (err) {
      expect(isNotariumError(err, 'RECEIPT_INVALID')).toBe(true);
      expect((err as Error).message).toContain("The receipt's transaction id is not 64 hexadecimal characters");
    }
  });
});
