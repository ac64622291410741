import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseBlockHeader } from '../../../../../verifier/chain/block-header.ts';
import { CheckFailure } from '../../../../../verifier/check-failure.ts';
import { checkProofKind, foldMerkleBranch, merkleParent, targetTypeOf, txidOfTxOrId } from '../../../../../verifier/chain/merkle-proof.ts';
import { foldTscProof } from '../../../../support/bitcoin.ts';
import { branch } from '../../../../support/receipt-fixture.ts';
import { TSC } from '../../../../support/tsc-vector.ts';

const failure = (fn: () => unknown): CheckFailure => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(CheckFailure);
    return err as CheckFailure;
  }
  throw new Error('expected a CheckFailure');
};

describe('the TSC reference vector', () => {
  it('folds to its root, which is the Merkle root of its header, whose hash is the block hash', () => {
    const root = foldMerkleBranch(TSC.txid, TSC.index, TSC.nodes);
    expect(root).toBe(TSC.root);
    const header = parseBlockHeader(TSC.header);
    expect(header.merkleRoot).toBe(TSC.root);
    expect(header.hash).toBe(TSC.blockHash);
    expect(header.bits).toBe(0x207fffff);
  });

  it('accepts upper-case hex', () => {
    expect(
      foldMerkleBranch(
        TSC.txid.toUpperCase(),
        TSC.index,
        TSC.nodes.map((n) => n.toUpperCase()),
      ),
    ).toBe(TSC.root);
  });

  it('any other index or node gives another root', () => {
    expect(foldMerkleBranch(TSC.txid, 13, TSC.nodes)).not.toBe(TSC.root);
    expect(foldMerkleBranch(TSC.txid, TSC.index, [...TSC.nodes.slice(0, 4), 'ff'.repeat(32)])).not.toBe(TSC.root);
  });
});

describe('"*" (duplicate the current hash)', () => {
  it('is valid where the current node is a left child (even index)', () => {
    const txid = 'ab'.repeat(32);
    expect(foldMerkleBranch(txid, 0, ['*'])).toBe(merkleParent(txid, txid));
    const nodes = ['cd'.repeat(32), '*', 'ef'.repeat(32)];
    expect(foldMerkleBranch(txid, 4, nodes)).toBe(foldTscProof(txid, 4, nodes));
  });

  it('is refused where the current node is a right child (odd index), naming the node', () => {
    const err = failure(() => foldMerkleBranch('ab'.repeat(32), 1, ['*']));
    expect(err).toMatchObject({ code: 'proof-node-invalid', found: '"*"' });
    // The sentence names the node at fault.
    expect(err.message).toMatch(/^Node 0 is "\*"/);
    expect(failure(() => foldMerkleBranch('ab'.repeat(32), 2, ['cd'.repeat(32), '*', '*'])).message).toMatch(/^Node 1 /);
  });

  it('matches an independent tree for every position of blocks of 1 to 9 transactions', () => {
    for (let n = 1; n <= 9; n++) {
      const txids = Array.from({ length: n }, (_, i) => createHash('sha256').update(`tx ${n}/${i}`).digest('hex'));
      for (let index = 0; index < n; index++) {
        const { nodes, root } = branch(txids, index);
        expect(foldMerkleBranch(txids[index]!, index, nodes)).toBe(root);
      }
    }
  });
});

describe('malformed proofs fail with a reason', () => {
  it('an index that does not fit the branch', () => {
    expect(failure(() => foldMerkleBranch(TSC.txid, 32, TSC.nodes))).toMatchObject({ code: 'proof-index-invalid', expected: 'index below 32' });
    expect(failure(() => foldMerkleBranch(TSC.txid, 1, [])).expected).toBe('index below 1');
  });

  it('bad nodes, ids and indices', () => {
    expect(failure(() => foldMerkleBranch(TSC.txid, 0, ['xyz']))).toMatchObject({ code: 'proof-node-invalid', found: 'xyz' });
    expect(failure(() => foldMerkleBranch('abc', 0, []))).toMatchObject({ code: 'proof-txid-malformed', found: 'abc' });
    expect(failure(() => foldMerkleBranch(TSC.txid, -1, []))).toMatchObject({ code: 'proof-index-invalid', found: '-1' });
    expect(failure(() => foldMerkleBranch(TSC.txid, 0.5, []))).toMatchObject({ code: 'proof-index-invalid', found: '0.5' });
    expect(failure(() => foldMerkleBranch(TSC.txid, 0, Array(54).fill('*')))).toMatchObject({ code: 'proof-too-deep', found: '54 nodes' });
  });

  it('proofType tree and composite proofs are unsupported; branch and null are the default', () => {
    expect(() => checkProofKind({ proofType: 'branch', composite: false })).not.toThrow();
    expect(() => checkProofKind({ proofType: null, composite: null })).not.toThrow();
    expect(() => checkProofKind({})).not.toThrow();
    expect(failure(() => checkProofKind({ proofType: 'tree' }))).toMatchObject({ code: 'proof-kind-unsupported', found: 'tree' });
    expect(failure(() => checkProofKind({ proofType: 'weird' })).found).toBe('weird');
    expect(failure(() => checkProofKind({ composite: true }))).toMatchObject({ code: 'proof-kind-unsupported', found: 'composite true' });
  });

  it('targetType: absent, null and hash mean the block hash; merkleroot is a spelling of merkleRoot', () => {
    expect(targetTypeOf({})).toBe('hash');
    expect(targetTypeOf({ targetType: null })).toBe('hash');
    expect(targetTypeOf({ targetType: 'hash' })).toBe('hash');
    expect(targetTypeOf({ targetType: 'header' })).toBe('header');
    expect(targetTypeOf({ targetType: 'merkleRoot' })).toBe('merkleRoot');
    expect(targetTypeOf({ targetType: 'merkleroot' })).toBe('merkleRoot');
    // Absent or null with an 80-byte target: only a header is that long.
    expect(targetTypeOf({ target: 'ab'.repeat(80) })).toBe('header');
    expect(targetTypeOf({ targetType: null, target: 'AB'.repeat(80) })).toBe('header');
    expect(targetTypeOf({ target: 'ab'.repeat(32) })).toBe('hash');
    expect(targetTypeOf({ targetType: 'hash', target: 'ab'.repeat(80) })).toBe('hash');
    expect(failure(() => targetTypeOf({ targetType: 'block' }))).toMatchObject({ code: 'proof-target-type-unknown', found: 'block' });
  });
});

describe('txOrId', () => {
  it('a 64-hex value is the txid; a longer one is a raw transaction whose reversed sha256d is the txid', () => {
    expect(txidOfTxOrId(TSC.txid.toUpperCase())).toBe(TSC.txid);
    const raw = '01000000' + 'ab'.repeat(60);
    const expected = Buffer.from(
      createHash('sha256')
        .update(createHash('sha256').update(Buffer.from(raw, 'hex')).digest())
        .digest(),
    )
      .reverse()
      .toString('hex');
    expect(txidOfTxOrId(raw)).toBe(expected);
    expect(failure(() => txidOfTxOrId('abc')).code).toBe('proof-txid-malformed');
    expect(failure(() => txidOfTxOrId('a'.repeat(65))).code).toBe('proof-txid-malformed');
  });
});
