import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fingerprintFor } from '../../verifier/protocol/fingerprint.ts';
import { branch, header, recordTx, txidOf } from './receipt-fixture.ts';

/**
 * What a forger chooses: the label, whether a header is mined at the test chains' limit (or the
 * receipt is a pending one: no confirmation at all), the service named, the confirmations claimed.
 */
export interface ForgeOptions {
  network: string;
  evidence: 'none' | 'mined' | 'pending';
  serviceUrl?: string;
  confirmedBlocks?: number;
}

/**
 * Writes `name` with `content` (never registered anywhere) into `folder`, and beside it a receipt
 * forged from nothing: the fingerprint in a record transaction of the forger's making, in a Merkle
 * branch of its choosing; with a header mined here at the test chains' limit, or with no
 * transaction and no header at all, or as a pending receipt (nothing but the fingerprint and an
 * invented txId). Returns the receipt's path.
 */
export function forgeFromNothing(folder: string, name: string, content: string, opts: ForgeOptions): string {
  writeFileSync(join(folder, name), content);
  const digest = createHash('sha256').update(content).digest();
  const fp = fingerprintFor(digest, 'k3J9xQ2pL8mN4vR7tY1wZ5');
  const raw = recordTx(Buffer.from(fp.published, 'hex'));
  const txid = txidOf(raw);
  const txids = [0, 1, 2].map((i) => createHash('sha256').update(`${name} ${i}`).digest('hex')).concat(txid);
  const { nodes, root: merkleRoot } = branch(txids, 3);
  const mined = header(merkleRoot);
  const receipt = {
    format: 'notarium-receipt/1',
    issuedAt: '2026-11-22T10:15:00Z',
    network: opts.network,
    file: { name, size: Buffer.byteLength(content), sha256: digest.toString('hex') },
    fingerprint: { encode: fp.encode, salt: fp.salt, record: fp.record, published: fp.published },
    registration: { kind: 'record', serviceUrl: opts.serviceUrl ?? 'https://records.example', txId: txid, prevTxId: null },
    ...(opts.evidence === 'mined' ? { transaction: raw.toString('hex') } : {}),
    confirmation:
      opts.evidence === 'pending'
        ? undefined
        : {
            confirmedBlocks: opts.confirmedBlocks ?? 6,
            blockHash: opts.evidence === 'mined' ? mined.hash : createHash('sha256').update(name).digest('hex'),
            blockTimestamp: '2026-11-19T08:13:20Z',
            merkleProof:
              opts.evidence === 'mined'
                ? { index: 3, txOrId: txid, target: mined.hex, nodes, targetType: 'header' }
                : { index: 3, txOrId: txid, target: merkleRoot, nodes, targetType: 'merkleRoot' },
          },
  };
  const path = join(folder, `${name}.receipt.json`);
  writeFileSync(path, JSON.stringify(receipt, null, 2));
  return path;
}

/**
 * A pending receipt a forger writes for `content`, naming `txId` (invented, or another
 * registration's real one) on the service at `serviceUrl`: nothing but the fingerprint and that txId.
 */
export function pendingForgery(content: string, txId: string, serviceUrl: string, name = 'contract.txt') {
  const digest = createHash('sha256').update(content).digest();
  const fp = fingerprintFor(digest, 'forgersSaltForgersSalt');
  return {
    format: 'notarium-receipt/1',
    issuedAt: '2026-11-22T10:15:00Z',
    network: 'regtest',
    file: { name, size: Buffer.byteLength(content), sha256: digest.toString('hex') },
    fingerprint: { encode: fp.encode, salt: fp.salt, record: fp.record, published: fp.published },
    registration: { kind: 'record', serviceUrl, txId, prevTxId: null },
  };
}
