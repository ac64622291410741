import { hex } from '@scure/base';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotariumError } from '../../../../main/core/errors/notarium-error.ts';
import { fingerprintFor } from '../../../../verifier/protocol/fingerprint.ts';
import { verifyReceipt } from '../../../../verifier/verify-receipt.ts';
import { Library } from '../../../../main/core/store/library.ts';
import type { StoredRecord } from '../../../../main/core/store/record.ts';
import type { NotaryContext } from '../../../../main/core/usecases/context.ts';
import { checkReceiptNetwork, receiptNetwork } from '../../../../main/core/usecases/receipt-network.ts';
import { receiptOf } from '../../../../main/core/usecases/receipts.ts';
import { installedCommand } from '../../../../main/core/text/suggested-command.ts';
import { REAL_HEADERS } from '../../../support/real-headers.ts';
import { TSC } from '../../../support/tsc-vector.ts';

// The network label of a receipt, held to its block (service-notes.md: the documentation's own
// headers have bits 0x207fffff, so an instance may write to a test chain). A real library; the
// block is the public TSC vector's (a regtest header, bits 0x207fffff) or a real mainnet header.

const BASE = 'https://records.example.com';
let lib: Library;
let ctx: NotaryContext;

beforeEach(() => {
  lib = Library.open(':memory:', () => 1_700_000_000_000);
  // Receipts and labels need only the library and a clock: nothing here reaches a service.
  ctx = { library: lib, now: () => 1_700_000_000_000, command: installedCommand } as unknown as NotaryContext;
});
afterEach(() => lib.close());

let sequence = 0;
/** A registration of `profile` (with the network `network`), accepted by its service and in no block yet. */
function published(profile: string, network: string | null): StoredRecord {
  const digest = new Uint8Array(32).fill(++sequence);
  const fp = fingerprintFor(digest);
  const r = lib.records.insertSubmitting({
    profile,
    kind: 'record',
    name: `minutes-${sequence}.txt`,
    path: null,
    size: 10,
    sha256: hex.encode(digest),
    encode: fp.encode,
    salt: fp.salt,
    recordHex: fp.record,
    publishedHex: fp.published,
    idempotencyKey: `k-${sequence}`,
    network,
    serviceUrl: BASE,
  });
  lib.records.markPublished(r.id, sequence === 1 ? TSC.txid : String(sequence).padStart(64, '0'), 0);
  return lib.records.get(r.id)!;
}

/** A registration of `profile` (with the network its profile had then), in the TSC vector's block or another. */
async function inBlock(
  profile: string,
  options: { network?: string | null; header?: string; blockHash?: string; targetType?: 'header' | 'hash'; blockHeader?: string } = {},
): Promise<StoredRecord> {
  const r = published(profile, options.network === undefined ? (await lib.profiles.require(profile)).network : options.network);
  const header = options.header ?? TSC.header;
  const blockHash = options.blockHash ?? TSC.blockHash;
  const targetType = options.targetType ?? 'header';
  const merkleProof = {
    index: TSC.index,
    txOrId: TSC.txid,
    target: targetType === 'header' ? header : blockHash,
    targetType,
    nodes: TSC.nodes,
    proofType: null,
    composite: null,
  };
  lib.records.recordConfirmation(
    r.id,
    {
      state: 'confirmed',
      confirmations: 1,
      blockHash,
      blockTime: null,
      confirmation: { confirmedBlocks: 1, blockHash, blockTimestamp: null, merkleProof },
      blockHeader: options.blockHeader ?? null,
    },
    null,
  );
  return lib.records.get(r.id)!;
}

/** The TSC vector's own transaction in its block: a receipt whose Merkle proof and header check out. */
async function tscRecord(profile: string, options: Parameters<typeof inBlock>[1] = {}): Promise<StoredRecord> {
  sequence = 0;
  const r = await inBlock(profile, options);
  lib.db.prepare('UPDATE records SET tx_id = ? WHERE id = ?').run(TSC.txid, r.id);
  return lib.records.get(r.id)!;
}

const mismatch = async (fn: () => Promise<unknown>): Promise<NotariumError> => {
  try {
    await fn();
  } catch (err) {
    if (err instanceof NotariumError && err.code === 'NETWORK_MISMATCH') return err;
    throw err;
  }
  throw new Error('no NETWORK_MISMATCH');
};

describe('a profile that detects its network', () => {
  it('reads it from its first confirmed block header; the records it registered before take it', async () => {
    await lib.profiles.save({ name: 'Acme', baseUrl: BASE });
    const first = await tscRecord('Acme');
    expect(first.network).toBeNull();
    const receipt = await receiptOf(ctx, first);
    expect(receipt.network).toBe('regtest');
    expect(await lib.profiles.get('Acme')).toMatchObject({ network: 'regtest', networkSource: 'detect', networkDetectedFrom: TSC.blockHash });
    expect(lib.records.get(first.id)!.network).toBe('regtest');
    expect(verifyReceipt(receipt).steps.find((s) => s.id === 'block-header')).toMatchObject({ status: 'pass' });
  });

  it('reads mainnet from a header at or above the work floor', async () => {
    await lib.profiles.save({ name: 'Acme', baseUrl: BASE });
    const r = await inBlock('Acme', { header: REAL_HEADERS.block400000.header, blockHash: REAL_HEADERS.block400000.hash });
    expect(await receiptNetwork(ctx, r)).toBe('mainnet');
    expect(await lib.profiles.get('Acme')).toMatchObject({ network: 'mainnet', networkDetectedFrom: REAL_HEADERS.block400000.hash });
  });

  it('holds the receipt, saying how to set the network, while no header of its service has been seen', async () => {
    await lib.profiles.save({ name: 'Acme', baseUrl: BASE });
    const r = await inBlock('Acme', { targetType: 'hash' });
    expect((await mismatch(async () => receiptOf(ctx, r))).message).toMatch(
      /^No receipt was written: the profile "Acme" reads its network from a block header of its service, and none has been seen yet .*"notarium profile add Acme --network <label>" \(or in Settings\)/,
    );
    expect((await checkReceiptNetwork(ctx, r)).receiptHeld).toMatch(/none has been seen yet/);
    expect((await lib.profiles.get('Acme'))!.network).toBeNull();
  });

  it('says of a registration in no block yet (a pending receipt) that it is in none, not that no explorer gave its header', async () => {
    await lib.profiles.save({ name: 'Acme', baseUrl: BASE });
    const r = published('Acme', null);
    const message = (await mismatch(async () => receiptNetwork(ctx, r))).message;
    expect(message).toMatch(/none has been seen yet \(this registration is in no block yet: its receipt can be written once it is\)/);
    expect(message).not.toMatch(/explorer/);
  });
});

describe('a label its chain disproves', () => {
  it('mainnet with a regtest header: no receipt, one sentence with the fix, written once the label is right', async () => {
    await lib.profiles.save({ name: 'My Service', baseUrl: BASE, network: 'mainnet' });
    const r = await tscRecord('My Service');
    const err = await mismatch(async () => receiptOf(ctx, r));
    expect(err.message).toBe(
      `No receipt was written for ${r.name}: the profile "My Service" names the network mainnet, but its block ${TSC.blockHash} has bits 0x207fffff, easier than mainnet allows (the chain reads as regtest); set the network with "notarium profile add 'My Service' --network regtest" (or in Settings), and the receipt is written then.`,
    );
    expect((await checkReceiptNetwork(ctx, r)).receiptHeld).toBe(err.message);
    // Detection never overrides a label a person set.
    expect(await lib.profiles.get('My Service')).toMatchObject({ network: 'mainnet', networkSource: 'set' });

    await lib.profiles.save({ name: 'My Service', baseUrl: BASE, network: 'regtest' });
    expect((await checkReceiptNetwork(ctx, lib.records.get(r.id)!)).receiptHeld).toBeNull();
    const receipt = await receiptOf(ctx, lib.records.get(r.id)!);
    expect(receipt.network).toBe('regtest'); // the corrected label, over the one it was registered with
    expect(verifyReceipt(receipt).steps.find((s) => s.id === 'block-header')).toMatchObject({ status: 'pass' });
  });

  it('testnet with bits past its limit, and mainnet with a header below the work floor', async () => {
    await lib.profiles.save({ name: 'T', baseUrl: BASE, network: 'testnet' });
    expect((await mismatch(async () => receiptNetwork(ctx, await inBlock('T')))).message).toMatch(
      /names the network testnet, but its block \w+ has bits 0x207fffff, easier than testnet allows \(the chain reads as regtest\); .*--network regtest/,
    );
    await lib.profiles.save({ name: 'M', baseUrl: BASE, network: 'mainnet' });
    const genesis = await inBlock('M', { header: REAL_HEADERS.genesis.header, blockHash: REAL_HEADERS.genesis.hash });
    expect((await mismatch(async () => receiptNetwork(ctx, genesis))).message).toMatch(
      /has bits 0x1d00ffff, easier than mainnet allows \(the chain reads as testnet\); .*--network testnet/,
    );
  });

  it('a label that fits is kept as registered: regtest, sandbox and testnet over a mainnet header', async () => {
    for (const network of ['regtest', 'sandbox', 'testnet', 'mainnet']) {
      await lib.profiles.save({ name: network, baseUrl: BASE, network });
      expect(await receiptNetwork(ctx, await inBlock(network, { header: REAL_HEADERS.block400000.header, blockHash: REAL_HEADERS.block400000.hash }))).toBe(
        network,
      );
    }
    expect(await receiptNetwork(ctx, await inBlock('Sandbox'))).toBe('sandbox');
  });

  it('never writes a receipt that fails its own block-header check, whatever header it was given', async () => {
    await lib.profiles.save({ name: 'R', baseUrl: BASE, network: 'regtest' });
    // The proof names the block by hash; the header fetched for it is another block's.
    const r = await tscRecord('R', { targetType: 'hash', blockHeader: REAL_HEADERS.genesis.header });
    await expect(receiptOf(ctx, r)).rejects.toThrow(/No receipt was written for .*: it would fail its own block-header check/);
  });
});
