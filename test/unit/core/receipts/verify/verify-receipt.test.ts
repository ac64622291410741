import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildAggregation } from '../../../../../verifier/protocol/aggregation.ts';
import { fingerprintFor } from '../../../../../verifier/protocol/fingerprint.ts';
import type { ReceiptV1 } from '../../../../../verifier/receipt-v1.ts';
import { parseReceipt, serializeReceipt } from '../../../../../verifier/receipt-v1.ts';
import { STEP_IDS, verifyReceipt, withServiceCheck, type StepId, type VerificationReport } from '../../../../../verifier/verify-receipt.ts';
import { FAILURE_CODES, type FailureCode } from '../../../../../verifier/step-codes.ts';
import { lookupUnreachable, readBlockAnswer } from '../../../../../verifier/best-chain.ts';
import { checkProofOfWork, parseBlockHeader } from '../../../../../verifier/chain/block-header.ts';
import { networkOf } from '../../../../../verifier/protocol/networks.ts';
import {
  branch,
  clone,
  dataScript,
  FILE_DIGEST,
  header,
  makeFixture,
  push,
  recordTx,
  SALT,
  serializeTx,
  txidOf,
  type Draft,
} from '../../../../support/receipt-fixture.ts';
import { parseHeader } from '../../../../support/bitcoin.ts';
import { BLOCK_100000_MEMBER, REAL_HEADERS as REAL } from '../../../../support/real-headers.ts';

const fx = makeFixture();
const FILE = FILE_DIGEST.toString('hex');
const withFile = { fileDigest: FILE };
/** When a block lookup answered, in the chain step's tests. */
const AT = Date.parse('2026-11-20T10:00:00.250Z');

const statuses = (report: VerificationReport) => Object.fromEntries(report.steps.map((s) => [s.id, s.status]));
const step = (report: VerificationReport, id: StepId) => report.steps.find((s) => s.id === id)!;

function tampered(mutate: (r: Draft) => void): ReceiptV1 {
  const r = clone(fx.receipt) as Draft;
  mutate(r);
  // Every tampered receipt still passes the schema: the verifier, not the reader, must catch it.
  return parseReceipt(JSON.stringify(r));
}

/** Rebuilds the block around a different transaction so that only the intended check breaks. */
function reanchor(r: Draft, raw: Buffer): void {
  const txid = txidOf(raw);
  const txids = [...fx.txids.slice(0, 4), txid];
  const { nodes, root } = branch(txids, 4);
  const h = header(root);
  r.transaction = raw.toString('hex');
  r.registration.txId = txid;
  r.confirmation.blockHash = h.hash;
  Object.assign(r.confirmation.merkleProof, { txOrId: txid, nodes, target: h.hex });
}

describe('counts in the step report', () => {
  it('a block of two transactions: its one node said in the singular, "Folding the 1 node"', () => {
    const receipt = tampered((r) => {
      const { nodes, root } = branch([fx.txids[0]!, r.registration.txId], 1);
      const h = header(root);
      r.confirmation.blockHash = h.hash;
      Object.assign(r.confirmation.merkleProof, { index: 1, nodes, target: h.hex });
    });
    const report = verifyReceipt(receipt, withFile);
    expect(report.outcome).toBe('verified');
    expect(step(report, 'merkle-proof').detail).toMatch(/^Folding the 1 node from index 1 gives Merkle root [0-9a-f]{64}\.$/);
  });
});

describe('a valid receipt', () => {
  it('with the file: verified, every step passes but the online steps (best chain, service), which need the network', () => {
    const report = verifyReceipt(fx.receipt, withFile);
    expect(report.outcome).toBe('verified');
    expect(report.steps.map((s) => s.id)).toEqual(STEP_IDS);
    expect(statuses(report)).toEqual({
      'file-digest': 'pass',
      record: 'pass',
      aggregation: 'not-run',
      fingerprint: 'pass',
      transaction: 'pass',
      'merkle-proof': 'pass',
      'block-header': 'pass',
      chain: 'skipped',
      service: 'skipped',
    });
    expect(step(report, 'service').detail).toMatch(/network/);
    expect(step(report, 'chain').detail).toBe(
      'Needs the network: a block explorer is asked whether the block is on the best chain, which an offline verification does not do.',
    );
    // Said to every reader alike (the CLI, the app, a receiver's page): no surface's own words.
    for (const s of report.steps) expect(s.detail).not.toMatch(/--|"Offline"|receipt verify/);
    expect(report.failedStep).toBeUndefined();
    expect(report.proves).toContain(`This file existed no later than block ${fx.header.hash}, whose header time is 2026-11-18T`);
    expect(report.proves).toContain('accurate to about two hours');
    // The fixture is a sandbox block: a test chain, which the report says at every turn.
    expect(report.network).toEqual({ label: 'sandbox', known: true, testChain: true });
    expect(report.summary).toMatch(
      /^Verified on sandbox, a test chain: the file's fingerprint is in transaction .*proof of work proves nothing .*not a proof on mainnet\.$/,
    );
    expect(report.proves).toMatch(
      /But sandbox is a test chain: anyone can mine a block there on an ordinary computer, so its proof of work proves nothing, and this is not a proof on mainnet/,
    );
    expect(step(report, 'block-header').detail).toMatch(/within the sandbox limit\. Sandbox is a test chain: .*proves nothing/);
    expect(report.unproven).toBeUndefined();
    for (const s of report.steps) expect(s.label.length).toBeLessThan(20);
  });

  it('without the file: partially verified, naming what is left unproven', () => {
    const report = verifyReceipt(fx.receipt);
    expect(report.outcome).toBe('partially-verified');
    expect(step(report, 'file-digest').status).toBe('skipped');
    expect(report.unproven).toHaveLength(1);
    expect(report.unproven![0]).toMatch(/no file was supplied/);
    expect(report.proves).toMatch(/^Provided the points left unproven hold, the file whose SHA-256 is/);
  });

  it('survives serialize -> parse', () => {
    expect(verifyReceipt(parseReceipt(serializeReceipt(fx.receipt)), withFile).outcome).toBe('verified');
  });

  it('upper-case hex verifies too', () => {
    const r = tampered((r) => {
      r.registration.txId = r.registration.txId.toUpperCase();
      r.fingerprint.published = r.fingerprint.published.toUpperCase();
      r.confirmation.merkleProof.target = r.confirmation.merkleProof.target.toUpperCase();
    });
    expect(verifyReceipt(r, withFile).outcome).toBe('verified');
  });

  it.each([
    [
      'header only in blockHeader (targetType hash)',
      (r: Draft) => {
        r.blockHeader = r.confirmation.merkleProof.target;
        Object.assign(r.confirmation.merkleProof, { targetType: 'hash', target: r.confirmation.blockHash });
      },
    ],
    [
      'targetType absent',
      (r: Draft) => {
        r.blockHeader = r.confirmation.merkleProof.target;
        r.confirmation.merkleProof.target = r.confirmation.blockHash;
        delete r.confirmation.merkleProof.targetType;
      },
    ],
    [
      // Without a type, a 160-hex target can only be a header.
      'targetType absent, the header as target',
      (r: Draft) => {
        delete r.confirmation.merkleProof.targetType;
      },
    ],
    [
      'targetType null, the header as target',
      (r: Draft) => {
        r.confirmation.merkleProof.targetType = null;
      },
    ],
    [
      'targetType merkleRoot',
      (r: Draft) => {
        r.blockHeader = r.confirmation.merkleProof.target;
        Object.assign(r.confirmation.merkleProof, { targetType: 'merkleRoot', target: fx.root });
      },
    ],
    [
      'targetType merkleroot',
      (r: Draft) => {
        r.blockHeader = r.confirmation.merkleProof.target;
        Object.assign(r.confirmation.merkleProof, { targetType: 'merkleroot', target: fx.root });
      },
    ],
    ['the same header in both places', (r: Draft) => (r.blockHeader = r.confirmation.merkleProof.target)],
    ['proofType branch, composite false', (r: Draft) => Object.assign(r.confirmation.merkleProof, { proofType: 'branch', composite: false })],
    ['txOrId the raw transaction', (r: Draft) => (r.confirmation.merkleProof.txOrId = r.transaction)],
    [
      'txOrId the raw transaction, no transaction field',
      (r: Draft) => {
        r.confirmation.merkleProof.txOrId = r.transaction;
        delete r.transaction;
      },
    ],
  ])('%s: verified', (_, mutate) => {
    const report = verifyReceipt(tampered(mutate), withFile);
    expect(report.steps.filter((s) => s.status === 'fail')).toEqual([]);
    expect(report.outcome).toBe('verified');
  });

  it('without a transaction: partially verified, transaction skipped, and says what that leaves unproven', () => {
    const report = verifyReceipt(
      tampered((r) => delete r.transaction),
      withFile,
    );
    expect(report.outcome).toBe('partially-verified');
    expect(step(report, 'transaction').status).toBe('skipped');
    expect(report.unproven).toEqual([expect.stringMatching(new RegExp(`transaction ${fx.txid} carries this fingerprint`))]);
    expect(report.summary).toMatch(/transaction could not be checked/);
  });

  it('without any header: partially verified, block-header skipped, time as the service reported it', () => {
    const report = verifyReceipt(
      tampered((r) => Object.assign(r.confirmation.merkleProof, { targetType: 'hash', target: r.confirmation.blockHash })),
      withFile,
    );
    expect(report.outcome).toBe('partially-verified');
    expect(step(report, 'block-header').status).toBe('skipped');
    expect(report.proves).toMatch(/whose time the service reported as 2026-11-19T08:13:20Z \(unchecked/);
    expect(report.unproven![0]).toMatch(/holds no block header/);
  });

  it('pending: no confirmation (null or absent)', () => {
    for (const mutate of [(r: Draft) => (r.confirmation = null), (r: Draft) => delete r.confirmation]) {
      const report = verifyReceipt(tampered(mutate), withFile);
      expect(report.outcome).toBe('pending');
      expect(statuses(report)).toMatchObject({ fingerprint: 'pass', transaction: 'pass', 'merkle-proof': 'skipped', 'block-header': 'skipped' });
      expect(report.proves).toBeUndefined();
      expect(report.summary).toMatch(/not confirmed yet/);
    }
  });

  it('a pending receipt whose fingerprint is wrong is failed, not pending', () => {
    const report = verifyReceipt(
      tampered((r) => Object.assign(r, { confirmation: null, fingerprint: { ...r.fingerprint, published: 'ab'.repeat(32) } })),
      withFile,
    );
    expect(report.outcome).toBe('failed');
    expect(report.failedStep).toBe('fingerprint');
  });
});

describe('other encodings and batches', () => {
  it.each(['', 'Base64', 'SHA256(a+b)|Base64', 'SHA256'])('encode %j verifies', (encode) => {
    const steps = encode === '' ? FILE_DIGEST : null;
    const published = steps ?? (encode === 'Base64' ? Buffer.from(FILE_DIGEST.toString('base64')) : null);
    const sha = (b: Buffer) => createHash('sha256').update(b).digest();
    const bytes = published ?? (encode === 'SHA256' ? sha(FILE_DIGEST) : Buffer.from(sha(Buffer.concat([Buffer.from('a+b'), FILE_DIGEST])).toString('base64')));
    const receipt = tampered((r) => {
      r.fingerprint = { encode, record: FILE, published: bytes.toString('hex') };
      reanchor(r, recordTx(bytes));
    });
    expect(verifyReceipt(receipt, withFile).outcome).toBe('verified');
  });

  it("a salt with '.', as the service's guides write them, verifies", () => {
    const encode = 'SHA256(01-02T13.14.15)|Base64';
    const bytes = Buffer.from(
      createHash('sha256')
        .update(Buffer.concat([Buffer.from('01-02T13.14.15'), FILE_DIGEST]))
        .digest('base64'),
    );
    const receipt = tampered((r) => {
      r.fingerprint = { encode, salt: '01-02T13.14.15', record: FILE, published: bytes.toString('hex') };
      reanchor(r, recordTx(bytes));
    });
    expect(verifyReceipt(receipt, withFile).outcome).toBe('verified');
  });

  it('a batch: record not-run, aggregation passes; tampering fails at aggregation', () => {
    const others = [1, 2, 3, 4].map((i) => createHash('sha256').update(`other file ${i}`).digest());
    const batch = buildAggregation([others[0]!, FILE_DIGEST, ...others.slice(1)]);
    const proof = batch.proofs[1]!;
    const root = Buffer.from(batch.root, 'hex');
    const fp = fingerprintFor(root, SALT);
    const base = tampered((r) => {
      r.fingerprint = { ...fp };
      r.aggregation = { ...proof };
      reanchor(r, recordTx(Buffer.from(fp.published, 'hex')));
    });
    const report = verifyReceipt(base, withFile);
    expect(report.outcome).toBe('verified');
    expect(statuses(report)).toMatchObject({ record: 'not-run', aggregation: 'pass' });

    const fail = (mutate: (r: Draft) => void) => {
      const r = clone(base) as Draft;
      mutate(r);
      return verifyReceipt(parseReceipt(JSON.stringify(r)), withFile);
    };
    for (const mutate of [
      (r: Draft) => (r.aggregation.nonce = 'ff'.repeat(16)),
      (r: Draft) => (r.aggregation.path = r.aggregation.path.map((s: Record<string, string>) => ('left' in s ? { right: s.left } : { left: s.right }))),
      (r: Draft) => r.aggregation.path.pop(),
      (r: Draft) => (r.file.sha256 = 'ab'.repeat(32)),
    ]) {
      const report = fail(mutate);
      expect(report.failedStep).toBe(mutate.toString().includes('file.sha256') ? 'file-digest' : 'aggregation');
    }
    const rootMismatch = fail((r) => (r.aggregation.root = 'ab'.repeat(32)));
    expect(rootMismatch.failedStep).toBe('aggregation');
    expect(rootMismatch.steps.find((s) => s.id === 'aggregation')).toMatchObject({ expected: 'ab'.repeat(32), found: batch.root });
  });
});

const OTHER = 'ab'.repeat(32);

// [what, mutation, failing step, the step's code]
const TAMPERED: [string, (r: Draft) => void, StepId, FailureCode][] = [
  ['file.sha256 changed', (r) => (r.file.sha256 = OTHER), 'file-digest', 'file-digest-mismatch'],
  ['fingerprint.record is not the file digest', (r) => (r.fingerprint.record = OTHER), 'record', 'record-not-file-digest'],
  ['fingerprint.published changed', (r) => (r.fingerprint.published = OTHER), 'fingerprint', 'published-mismatch'],
  ['salt changed in encode', (r) => Object.assign(r.fingerprint, { encode: 'SHA256(other)', salt: 'other' }), 'fingerprint', 'published-mismatch'],
  ['salt field disagrees with encode', (r) => (r.fingerprint.salt = 'other'), 'fingerprint', 'salt-not-in-encode'],
  ['encoder chain changed', (r) => (r.fingerprint.encode = `${r.fingerprint.encode}|Base64`), 'fingerprint', 'published-mismatch'],
  ['registration.txId changed', (r) => (r.registration.txId = OTHER), 'transaction', 'txid-mismatch'],
  ['a byte of the transaction changed', (r) => (r.transaction = r.transaction.slice(0, -2) + '01'), 'transaction', 'txid-mismatch'],
  ['a transaction without the fingerprint', (r) => reanchor(r, recordTx(Buffer.alloc(32, 9))), 'transaction', 'fingerprint-not-in-transaction'],
  [
    'a transaction with trailing bytes',
    (r) => reanchor(r, Buffer.concat([recordTx(Buffer.from(r.fingerprint.published, 'hex')), Buffer.from([0])])),
    'transaction',
    'transaction-trailing-bytes',
  ],
  [
    'a truncated transaction',
    (r) => reanchor(r, recordTx(Buffer.from(r.fingerprint.published, 'hex')).subarray(0, 60)),
    'transaction',
    'transaction-truncated',
  ],
  // The bytes must stand whole and in order inside one output script.
  [
    'published split over two pushes',
    (r) => reanchor(r, serializeTx({ outputs: [{ satoshis: 0n, script: dataScript(...halves(r)) }] })),
    'transaction',
    'fingerprint-not-in-transaction',
  ],
  [
    'published without its last byte',
    (r) => reanchor(r, serializeTx({ outputs: [{ satoshis: 0n, script: dataScript(Buffer.from(r.fingerprint.published, 'hex').subarray(0, 31)) }] })),
    'transaction',
    'fingerprint-not-in-transaction',
  ],
  [
    'published byte-reversed',
    (r) => reanchor(r, serializeTx({ outputs: [{ satoshis: 0n, script: dataScript(Buffer.from(r.fingerprint.published, 'hex').reverse()) }] })),
    'transaction',
    'fingerprint-not-in-transaction',
  ],
  [
    'published only in an input script',
    (r) =>
      reanchor(
        r,
        serializeTx({
          inputs: [{ prev: Buffer.alloc(32, 1), vout: 0, script: push(Buffer.from(r.fingerprint.published, 'hex')) }],
          outputs: [{ satoshis: 0n, script: dataScript(Buffer.from('service')) }],
        }),
      ),
    'transaction',
    'fingerprint-not-in-transaction',
  ],
  [
    'published split over two outputs',
    (r) => reanchor(r, serializeTx({ outputs: halves(r).map((h) => ({ satoshis: 0n, script: dataScript(h) })) })),
    'transaction',
    'fingerprint-not-in-transaction',
  ],
  [
    'a transaction spending the null outpoint (a coinbase)',
    (r) =>
      reanchor(
        r,
        serializeTx({
          inputs: [{ prev: Buffer.alloc(32, 0), vout: 0xffffffff, script: push(Buffer.from([3, 1, 0, 0])) }],
          outputs: [{ satoshis: 0n, script: dataScript(Buffer.from(r.fingerprint.published, 'hex')) }],
        }),
      ),
    'transaction',
    'transaction-coinbase',
  ],
  ['txOrId another transaction', (r) => (r.confirmation.merkleProof.txOrId = OTHER), 'merkle-proof', 'proof-txid-mismatch'],
  ['index odd where the branch says "*"', (r) => (r.confirmation.merkleProof.index = 5), 'merkle-proof', 'proof-node-invalid'],
  ['index beyond the branch', (r) => (r.confirmation.merkleProof.index = 12), 'merkle-proof', 'proof-index-invalid'],
  ['proofType tree', (r) => (r.confirmation.merkleProof.proofType = 'tree'), 'merkle-proof', 'proof-kind-unsupported'],
  ['composite true', (r) => (r.confirmation.merkleProof.composite = true), 'merkle-proof', 'proof-kind-unsupported'],
  [
    'merkleRoot target wrong',
    (r) => Object.assign(r.confirmation.merkleProof, { targetType: 'merkleRoot', target: OTHER }),
    'merkle-proof',
    'merkle-root-mismatch',
  ],
  [
    'hash target is not blockHash',
    (r) => Object.assign(r.confirmation.merkleProof, { targetType: 'hash', target: OTHER }),
    'merkle-proof',
    'proof-target-not-block-hash',
  ],
  ['a sibling node changed', (r) => (r.confirmation.merkleProof.nodes[2] = OTHER), 'block-header', 'merkle-root-mismatch'],
  ['index 0 (the coinbase position)', (r) => (r.confirmation.merkleProof.index = 0), 'merkle-proof', 'proof-index-coinbase'],
  // A block rebuilt around the registration as its first transaction: every hash agrees, yet index 0 is the miner's.
  [
    'a coherent block with the transaction at index 0',
    (r) => {
      const { nodes, root } = branch([r.registration.txId, ...fx.txids.slice(0, 4)], 0);
      const h = header(root);
      r.confirmation.blockHash = h.hash;
      Object.assign(r.confirmation.merkleProof, { index: 0, nodes, target: h.hex });
    },
    'merkle-proof',
    'proof-index-coinbase',
  ],
  ['blockHash changed', (r) => (r.confirmation.blockHash = OTHER), 'block-header', 'block-hash-mismatch'],
  ['blockHeader differs from the target header', (r) => (r.blockHeader = header(fx.root, { time: 1 }).hex), 'block-header', 'header-conflict'],
  [
    'header time changed',
    (r) => {
      const h = header(fx.root, { time: 1_600_000_000 });
      r.confirmation.merkleProof.target = h.hex;
    },
    'block-header',
    'block-hash-mismatch',
  ],
  [
    'a header without proof of work',
    (r) => {
      const h = header(fx.root, { meets: false });
      r.confirmation.merkleProof.target = h.hex;
      r.confirmation.blockHash = h.hash;
    },
    'block-header',
    'hash-above-target',
  ],
  ['regtest difficulty on mainnet', (r) => (r.network = 'mainnet'), 'block-header', 'target-above-network-limit'],
  [
    'bits with the sign bit set',
    (r) => {
      const h = header(fx.root, { bits: 0x20ffffff, meets: true });
      r.confirmation.merkleProof.target = h.hex;
      r.confirmation.blockHash = h.hash;
    },
    'block-header',
    'header-bits-negative',
  ],
];

/** The published bytes in two halves. */
const halves = (r: Draft): Buffer[] => {
  const bytes = Buffer.from(r.fingerprint.published, 'hex');
  return [bytes.subarray(0, 16), bytes.subarray(16)];
};

describe('the published bytes anywhere inside an output script, as receipt-v1.md says', () => {
  const published = Buffer.from(fx.receipt.fingerprint.published, 'hex');
  const meta = Buffer.from('nChain Event header v1');
  // [layout, the transaction's outputs, the output that carries them, how the report says it]
  const LAYOUTS: [string, Buffer[], number, RegExp][] = [
    [
      'a push of its own, in output 1 (the sandbox by default)',
      [dataScript(meta), dataScript(published)],
      1,
      /output 1 carries the published fingerprint as a data push of its own/,
    ],
    [
      'a push of its own beside the metadata in one output',
      [dataScript(meta, published)],
      0,
      /output 0 carries the published fingerprint as a data push of its own/,
    ],
    [
      'the same push as the metadata, after it',
      [dataScript(Buffer.concat([meta, published]))],
      0,
      /output 0 carries the published fingerprint inside a data push, beside other bytes/,
    ],
    [
      'the same push as the metadata, between two fields',
      [dataScript(Buffer.concat([meta, published, Buffer.from([1, 2])]))],
      0,
      /inside a data push, beside other bytes/,
    ],
    [
      'a script that is not OP_FALSE OP_RETURN',
      [Buffer.concat([Buffer.from([0x6a]), push(Buffer.concat([meta, published]))])],
      0,
      /output 0 carries the published fingerprint inside its script/,
    ],
    ['after a non-push opcode', [Buffer.concat([Buffer.from([0x00, 0x6a, 0x76]), push(published)])], 0, /inside its script/],
  ];

  it.each(LAYOUTS)('%s: verified, naming the output', (_, scripts, output, said) => {
    const receipt = tampered((r) => reanchor(r, serializeTx({ outputs: scripts.map((script) => ({ satoshis: 0n, script })) })));
    const report = verifyReceipt(receipt, withFile);
    expect(report.outcome).toBe('verified');
    expect(step(report, 'transaction').detail).toMatch(said);
    expect(step(report, 'transaction').detail).toContain(`output ${output} `);
  });
});

describe('tampered receipts fail at the right step, with expected and found', () => {
  it.each(TAMPERED)('%s', (_, mutate, failedStep, code) => {
    const report = verifyReceipt(tampered(mutate), withFile);
    expect(report.outcome).toBe('failed');
    expect(report.failedStep).toBe(failedStep);
    const failed = step(report, failedStep);
    expect(failed).toMatchObject({ status: 'fail', code });
    expect(failed.expected).toBeTruthy();
    expect(failed.found).toBeTruthy();
    expect(failed.expected).not.toBe(failed.found);
    expect(report.summary).toContain(failed.detail);
    expect(report.proves).toBeUndefined();
    // Steps before passed (or did not apply); steps after did not run.
    const at = STEP_IDS.indexOf(failedStep);
    report.steps.forEach((s, i) => {
      if (i < at) expect(['pass', 'not-run', 'skipped']).toContain(s.status);
      if (i > at && s.id !== 'service') expect(s.status).toBe('not-run');
    });
  });

  it('a different file fails at file-digest, with the two digests', () => {
    const other = createHash('sha256').update('another file').digest('hex');
    const report = verifyReceipt(fx.receipt, { fileDigest: other });
    expect(report.failedStep).toBe('file-digest');
    expect(step(report, 'file-digest')).toMatchObject({ status: 'fail', expected: FILE, found: other });
    expect(verifyReceipt(fx.receipt, { fileDigest: 'not hex' }).failedStep).toBe('file-digest');
  });
});

describe('never throws', () => {
  it('on objects that did not pass the schema', () => {
    for (const junk of [
      {},
      { file: null },
      { ...fx.receipt, confirmation: { merkleProof: null } },
      { ...fx.receipt, aggregation: { path: 'x' } },
      { ...fx.receipt, fingerprint: 5 },
    ]) {
      const report = verifyReceipt(junk as unknown as ReceiptV1, withFile);
      expect(report.outcome).toBe('failed');
      expect(report.steps.map((s) => s.id)).toEqual(STEP_IDS);
    }
  });

  it('on random corruptions of every hex field that still pass the schema', () => {
    let seed = 42;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const fields: ((r: Draft) => [Draft, string])[] = [
      (r) => [r, 'transaction'],
      (r) => [r.confirmation.merkleProof, 'target'],
      (r) => [r.confirmation.merkleProof, 'txOrId'],
      (r) => [r.fingerprint, 'published'],
    ];
    for (let i = 0; i < 300; i++) {
      const r = clone(fx.receipt) as Draft;
      const [obj, key] = fields[rand(fields.length)]!(r);
      const value: string = obj[key];
      const at = rand(value.length);
      obj[key] = value.slice(0, at) + '0123456789abcdef'[rand(16)] + value.slice(at + 1);
      if (rand(4) === 0) r.confirmation.merkleProof.txOrId = r.transaction.slice(0, 2 * (33 + rand(40)));
      let receipt: ReceiptV1;
      try {
        receipt = parseReceipt(JSON.stringify(r));
      } catch {
        continue;
      }
      expect(() => verifyReceipt(receipt, withFile)).not.toThrow();
    }
  });
});

/**
 * The file's registration claimed as a real block's transaction, the raw transaction not given: in
 * block 100,000, its second transaction with the real branch; in a block whose other transactions
 * are not at hand, the block's first (the coinbase, index 0), which no verifier takes.
 */
function inBlock(network: string, block: keyof typeof REAL): ReceiptV1 {
  const { merkleRoot, header, hash } = REAL[block];
  const member = block === 'block100000' ? BLOCK_100000_MEMBER : { txid: merkleRoot, index: 0, nodes: [] };
  return tampered((r) => {
    delete r.transaction;
    r.network = network;
    r.registration.txId = member.txid;
    r.confirmation.blockHash = hash;
    Object.assign(r.confirmation.merkleProof, { index: member.index, txOrId: member.txid, nodes: member.nodes, targetType: 'header', target: header });
  });
}

describe('network labels: a closed vocabulary decides the proof-of-work limit, and mainnet has a work floor', () => {
  it('the real headers hash to their blocks and hold their Merkle roots', () => {
    for (const { merkleRoot, header: hex, hash } of Object.values(REAL)) {
      expect(parseHeader(hex)).toMatchObject({ hash, merkleRoot });
    }
  });

  it.each(['mainnet', 'MainNet'])('a real post-2014 mainnet header (block 400,000) is within the %s limit and above the work floor', (label) => {
    expect(() => checkProofOfWork(parseBlockHeader(REAL.block400000.header), networkOf(label)!)).not.toThrow();
  });

  it("a real block's coinbase claimed as the registration fails at the proof (index 0), whatever its header's work", () => {
    const report = verifyReceipt(inBlock('mainnet', 'block400000'), withFile);
    expect(report).toMatchObject({ outcome: 'failed', failedStep: 'merkle-proof' });
    expect(step(report, 'merkle-proof')).toMatchObject({ code: 'proof-index-coinbase', detail: expect.stringContaining("the block's coinbase position") });
  });

  it('a real header below the work floor (block 100,000, difficulty 14,484) fails under mainnet', () => {
    const report = verifyReceipt(inBlock('mainnet', 'block100000'), withFile);
    expect(step(report, 'merkle-proof').status).toBe('pass');
    expect(report).toMatchObject({ outcome: 'failed', failedStep: 'block-header' });
    expect(step(report, 'block-header').code).toBe('work-below-floor');
    expect(step(report, 'block-header').detail).toMatch(
      /easier than difficulty 2\^30 .*least work Notarium accepts of a mainnet block: .*anyone could have mined it/,
    );
  });

  it.each(['genesis', 'block125552'] as const)('a real header below the work floor (difficulty 1; 244,112) is refused by mainnet: %s', (block) => {
    expect(() => checkProofOfWork(parseBlockHeader(REAL[block].header), networkOf('mainnet')!)).toThrow(expect.objectContaining({ code: 'work-below-floor' }));
  });

  it.each(['testnet', 'STN'])('a real header of shared history (block 100,000) under %s verifies only as a test chain', (label) => {
    const canonical = label.toLowerCase();
    const report = verifyReceipt(inBlock(label, 'block100000'), withFile);
    expect(step(report, 'block-header')).toMatchObject({
      status: 'pass',
      detail: expect.stringContaining(
        `within the ${canonical} limit. ${canonical === 'stn' ? 'Stn' : 'Testnet'} is a test chain: anyone can mine a block there on an ordinary computer, so this proof of work proves nothing.`,
      ),
    });
    expect(report.network).toEqual({ label: canonical, known: true, testChain: true });
    expect(report.outcome).toBe('partially-verified');
    expect(report.proves).toMatch(new RegExp(`But ${canonical} is a test chain: .* proves nothing, and this is not a proof on mainnet\\.$`));
    expect(report.proves).not.toMatch(/heaviest chain/);
  });

  it.each(['mainnet', 'MAINNET', 'testnet', 'stn'])('a sandbox block labelled %s fails: its target is easier than that network allows', (label) => {
    const report = verifyReceipt(
      tampered((r) => (r.network = label)),
      withFile,
    );
    expect(report).toMatchObject({ outcome: 'failed', failedStep: 'block-header' });
    expect(step(report, 'block-header')).toMatchObject({ code: 'target-above-network-limit', expected: `target ≤ ${'0'.repeat(8)}${'f'.repeat(56)}` });
  });

  it.each(['regtest', 'Sandbox', 'REGTEST'])('a sandbox block labelled %s verifies, as a test chain', (label) => {
    const report = verifyReceipt(
      tampered((r) => (r.network = label)),
      withFile,
    );
    expect(report.outcome).toBe('verified');
    expect(report.network).toEqual({ label: label.toLowerCase(), known: true, testChain: true });
    expect(report.summary).toMatch(new RegExp(`^Verified on ${label.toLowerCase()}, a test chain`));
  });

  it.each([
    ['a zero-width space', 'mainnet\u200b', '"mainnet\\u{200b}"'],
    ['a Cyrillic а', 'm\u0430innet', '"m\\u{430}innet"'],
    ['a leading space', ' mainnet', '" mainnet"'],
    ['a trailing newline', 'mainnet\n', '"mainnet\\u{a}"'],
    ['a fullwidth m', '\uff4dainnet', '"\\u{ff4d}ainnet"'],
    ['a dash', 'main-net', '"main-net"'],
    ['an unknown network', 'livenet', '"livenet"'],
  ])('a sandbox block labelled with %s: partially verified at best, its proof of work not judged, the label shown escaped', (_, label, shown) => {
    const report = verifyReceipt(
      tampered((r) => (r.network = label)),
      withFile,
    );
    expect(report.outcome).toBe('partially-verified');
    expect(report.network).toEqual({ label, known: false, testChain: false });
    const header = step(report, 'block-header');
    expect(header.status).toBe('skipped');
    expect(header.detail).toContain(`the network label ${shown} is not mainnet, testnet, stn, regtest or sandbox`);
    expect(header.detail).toMatch(/proof of work could not be judged/);
    expect(report.summary).toContain(`The network label ${shown} is not one Notarium knows`);
    expect(report.unproven).toEqual([expect.stringMatching(/took any work to make/)]);
    expect(report.proves).toContain(`the network the receipt calls ${shown}`);
  });

  it('an unknown label still fails a header that does not meet its own bits', () => {
    const unmined = header(fx.root, { meets: false });
    const report = verifyReceipt(
      tampered((r) => {
        r.network = 'mainnet\u200b';
        r.confirmation.blockHash = unmined.hash;
        r.confirmation.merkleProof.target = unmined.hex;
      }),
      withFile,
    );
    expect(report).toMatchObject({ outcome: 'failed', failedStep: 'block-header' });
    expect(step(report, 'block-header').code).toBe('hash-above-target');
  });

  it('an unknown label without a header: the missing header and the unknown label are both said', () => {
    const report = verifyReceipt(
      tampered((r) => {
        r.network = 'bitcoin';
        Object.assign(r.confirmation.merkleProof, { targetType: 'merkleRoot', target: fx.root });
      }),
      withFile,
    );
    expect(report.outcome).toBe('partially-verified');
    expect(report.unproven).toEqual([expect.stringMatching(/holds no block header.*Even then, its network label "bitcoin" is not one Notarium knows/)]);
  });
});

describe('withServiceCheck', () => {
  it('a pass fills the service step and keeps the outcome', () => {
    const said = { key: 'steps.servicePass' as const, params: { profile: 'p', txId: 'x' } };
    const report = withServiceCheck(verifyReceipt(fx.receipt, withFile), { status: 'pass', detail: 'The service answered match: true.', said });
    expect(report.outcome).toBe('verified');
    expect(step(report, 'service')).toMatchObject({ status: 'pass', detail: 'The service answered match: true.', said });
  });

  it('a fail fails a report that had not failed, and names the service step', () => {
    const report = withServiceCheck(verifyReceipt(fx.receipt, withFile), {
      status: 'fail',
      code: 'service-mismatch',
      detail: 'The service answered match: false.',
      expected: 'match: true',
      found: 'match: false',
    });
    expect(report).toMatchObject({ outcome: 'failed', failedStep: 'service' });
    expect(report.proves).toBeUndefined();
    expect(step(report, 'service')).toMatchObject({ code: 'service-mismatch', expected: 'match: true', found: 'match: false' });
  });

  it('an earlier failure stays the one named', () => {
    const failed = verifyReceipt(fx.receipt, { fileDigest: OTHER });
    const report = withServiceCheck(failed, { status: 'fail', code: 'service-mismatch', detail: 'no' });
    expect(report.failedStep).toBe('file-digest');
  });

  it('a check that was asked for but could not be made leaves a verified report partially verified, naming it', () => {
    const detail = 'No profile reaches the service this receipt was made with (https://records.example), so it could not be asked.';
    const report = withServiceCheck(verifyReceipt(fx.receipt, withFile), { status: 'skipped', code: 'no-profile-for-service', detail });
    expect(report.outcome).toBe('partially-verified');
    expect(step(report, 'service')).toMatchObject({ status: 'skipped', code: 'no-profile-for-service', detail });
    expect(report.summary).toBe(
      `Partially verified, not verified: every offline check passed, but the service check that was asked for could not be made. ${detail}`,
    );
    expect(report.unproven).toEqual([`That the service that made this receipt still holds this registration, as was asked: ${detail}`]);
    expect(report.proves).toBe(verifyReceipt(fx.receipt, withFile).proves);
  });

  it('a check that was only tried, not asked for, and could not be made leaves the offline verdict, its step saying why', () => {
    const detail = 'The service of profile "Service" could not be asked: it is unreachable.';
    const offline = verifyReceipt(fx.receipt, withFile);
    const report = withServiceCheck(offline, { status: 'skipped', code: 'service-unreachable', detail }, false);
    expect(report).toMatchObject({ outcome: 'verified', summary: offline.summary, proves: offline.proves });
    expect(step(report, 'service')).toMatchObject({ status: 'skipped', code: 'service-unreachable', detail });
    expect(withServiceCheck(offline, { status: 'fail', code: 'service-mismatch', detail: 'no' }, false)).toMatchObject({
      outcome: 'failed',
      failedStep: 'service',
    });
  });

  it('"unknown" from the service that made a confirmed receipt: a failure when asked for, partially verified when only tried', () => {
    const detail =
      'The service that made this receipt (profile "Service", https://records.example) does not know transaction x, though the receipt says it is in block y: that service did not register it.';
    const disowned = { status: 'fail', code: 'unknown-to-maker', detail, expected: 'the service knows the transaction', found: 'unknown (404)' } as const;
    const offline = verifyReceipt(fx.receipt, withFile);
    expect(withServiceCheck(offline, disowned, true)).toMatchObject({ outcome: 'failed', failedStep: 'service' });
    const tried = withServiceCheck(offline, disowned, false);
    expect(tried).toMatchObject({ outcome: 'partially-verified', proves: offline.proves });
    expect(tried.failedStep).toBeUndefined();
    expect(step(tried, 'service')).toMatchObject({ status: 'skipped', code: 'unknown-to-maker', detail, found: 'unknown (404)' });
    expect(tried.summary).toBe(
      `Partially verified, not verified: every offline check passed, but the service that made this receipt does not know it. ${detail}`,
    );
    expect(tried.unproven).toEqual([`That the service that made this receipt registered it: ${detail}`]);
    // match: false is a failure however the check came about.
    expect(
      withServiceCheck(offline, { status: 'fail', code: 'service-mismatch', detail: 'The service says the record does not match the published one.' }, false),
    ).toMatchObject({ outcome: 'failed' });
  });

  it('a partially verified report keeps what it left unproven, and adds the service', () => {
    const partial = verifyReceipt(
      tampered((r) => delete r.transaction),
      withFile,
    );
    const report = withServiceCheck(partial, { status: 'skipped', code: 'service-unreachable', detail: 'It could not be reached.' });
    expect(report.outcome).toBe('partially-verified');
    expect(report.unproven).toEqual([partial.unproven![0], expect.stringMatching(/^That the service that made this receipt still holds this registration/)]);
    expect(report.summary).toBe(`${partial.summary} The service check that was asked for could not be made either.`);
  });

  it('a pending report stays pending when the service cannot be asked, and fails when it says no', () => {
    const pending = verifyReceipt(
      tampered((r) => delete r.confirmation),
      withFile,
    );
    expect(withServiceCheck(pending, { status: 'skipped', code: 'service-unreachable', detail: 'unreachable' }).outcome).toBe('pending');
    expect(withServiceCheck(pending, { status: 'fail', code: 'service-mismatch', detail: 'The service answered match: false.' })).toMatchObject({
      outcome: 'failed',
      failedStep: 'service',
    });
  });
});

describe("the chain step: a block lookup's word on the block, merged into the report", () => {
  const onChain = (block = fx.header.hash) =>
    readBlockAnswer(block, 'explorer.example', AT, { status: 200, body: JSON.stringify({ hash: block, height: 812, confirmations: 4 }) });

  it('passed: the verdict stands, the step says where the block is and who said so, and what it proves names that word', () => {
    const offline = verifyReceipt(fx.receipt, withFile);
    const report = verifyReceipt(fx.receipt, { ...withFile, chain: onChain() });
    expect(report).toMatchObject({ outcome: 'verified', summary: offline.summary });
    expect(step(report, 'chain')).toEqual({
      id: 'chain',
      status: 'pass',
      label: 'Best chain',
      detail: `Block ${fx.header.hash} is on the best chain at height 812 with 4 confirmations, according to explorer.example at 2026-11-20T10:00:00Z.`,
      said: { key: 'steps.chainPass', params: { block: fx.header.hash, height: 812, count: 4, source: 'explorer.example', at: '2026-11-20T10:00:00Z' } },
    });
    expect(report.proves).toBe(
      `${offline.proves} explorer.example answered at 2026-11-20T10:00:00Z that the block is on its best chain, at height 812 with 4 confirmations.`,
    );
  });

  it('off a test chain, the heaviest-chain caveat gives way to what was asked and of whom', () => {
    // An unknown label: no test-chain caveat, so the heaviest-chain one speaks (as on mainnet).
    const elsewhere = tampered((r) => (r.network = 'livenet'));
    const offline = verifyReceipt(elsewhere, withFile);
    expect(offline.proves).toContain(
      'This does not prove that the block is on the heaviest chain of the network the receipt calls "livenet": check that with any block explorer',
    );
    const report = verifyReceipt(elsewhere, { ...withFile, chain: onChain() });
    expect(report.outcome).toBe(offline.outcome);
    expect(report.proves).not.toContain('This does not prove');
    expect(report.proves).toContain(
      `That the block is on the heaviest chain of the network the receipt calls "livenet" rests on a block explorer's word: explorer.example answered at 2026-11-20T10:00:00Z that the block is on its best chain, at height 812 with 4 confirmations; any other explorer for that network, or a header chain you trust, can confirm it.`,
    );
  });

  it('a block the lookup does not know, when the check is required, or one off its best chain, fails the verification at the chain step', () => {
    const unknown = verifyReceipt(fx.receipt, {
      ...withFile,
      chain: readBlockAnswer(fx.header.hash, 'explorer.example', AT, { status: 404, body: 'Not Found' }, true),
    });
    expect(unknown).toMatchObject({ outcome: 'failed', failedStep: 'chain' });
    expect(step(unknown, 'chain')).toMatchObject({
      status: 'fail',
      code: 'block-unknown-to-explorer',
      expected: 'a block the explorer knows',
      found: 'unknown (404)',
    });
    expect(unknown.summary).toBe(`Verification failed at the best chain step: ${step(unknown, 'chain').detail}`);
    expect(step(unknown, 'service')).toEqual({
      id: 'service',
      status: 'not-run',
      label: 'Service check',
      detail: 'Not run: the best chain step failed.',
      said: { key: 'steps.notRun', params: { step: 'chain' } },
    });
    const stale = readBlockAnswer(fx.header.hash, 'explorer.example', AT, {
      status: 200,
      body: JSON.stringify({ hash: fx.header.hash, height: 811, confirmations: -1 }),
    });
    expect(verifyReceipt(fx.receipt, { ...withFile, chain: stale })).toMatchObject({ outcome: 'failed', failedStep: 'chain' });
  });

  it('a lookup that could not be asked, or answered nonsense, is skipped with its reason: the verdict and what it proves stand', () => {
    const offline = verifyReceipt(fx.receipt, withFile);
    for (const [code, chain] of [
      ['explorer-unreachable', lookupUnreachable('explorer.example', fx.header.hash, 'The connection was refused.')],
      ['explorer-answer-invalid', readBlockAnswer(fx.header.hash, 'explorer.example', AT, { status: 200, body: '<html>Bad gateway</html>' })],
      // A lookup of another network, or one that has not seen the block yet, answers 404 too.
      ['block-unknown-to-lookup', readBlockAnswer(fx.header.hash, 'explorer.example', AT, { status: 404, body: 'Not Found' })],
    ] as const) {
      const report = verifyReceipt(fx.receipt, { ...withFile, chain });
      expect(report).toMatchObject({ outcome: 'verified', summary: offline.summary, proves: offline.proves });
      expect(step(report, 'chain')).toEqual({
        id: 'chain',
        status: 'skipped',
        code,
        label: 'Best chain',
        detail: chain.detail,
        said: { key: `stepCodes.${code}` },
      });
    }
    const partial = verifyReceipt(fx.receipt, { chain: lookupUnreachable('explorer.example', fx.header.hash, 'Refused.') });
    expect(partial.unproven).toEqual(verifyReceipt(fx.receipt).unproven);
  });

  it('not run after an earlier failure; not confirmed without a block; an answer about another block is an error of the step', () => {
    expect(step(verifyReceipt(fx.receipt, { fileDigest: OTHER, chain: onChain() }), 'chain')).toMatchObject({ status: 'not-run' });
    const pending = tampered((r) => delete r.confirmation);
    expect(step(verifyReceipt(pending, { chain: onChain() }), 'chain')).toMatchObject({ status: 'skipped', code: 'not-confirmed' });
    const elsewhere = verifyReceipt(fx.receipt, { ...withFile, chain: onChain(OTHER) });
    expect(elsewhere).toMatchObject({ outcome: 'failed', failedStep: 'chain' });
    expect(step(elsewhere, 'chain')).toMatchObject({ status: 'fail', code: 'step-error' });
  });
});

describe('every failure and every skip names its cause with a stable code (step-codes.ts)', () => {
  /** A receipt forged past the reader too: some checks guard what the schema already refuses. */
  const forged = (mutate: (r: Draft) => void): ReceiptV1 => {
    const r = clone(fx.receipt) as Draft;
    mutate(r);
    return r as ReceiptV1;
  };
  const published = () => Buffer.from(fx.receipt.fingerprint.published, 'hex');
  const others = [1, 2, 3].map((i) => createHash('sha256').update(`batch member ${i}`).digest());
  const batch = buildAggregation([others[0]!, FILE_DIGEST, ...others.slice(1)]);
  const inBatch = (r: Draft) => (r.aggregation = { ...batch.proofs[1]! });
  const minedWith = (bits: number, meets: boolean) => (r: Draft) => {
    const h = header(fx.root, { bits, meets });
    Object.assign(r.confirmation, { blockHash: h.hash });
    r.confirmation.merkleProof.target = h.hex;
  };
  const raw = () => recordTx(published());

  // [code, failing step, forgery, what is verified with it (default: the file's own digest)]
  const MORE: [FailureCode, StepId, (r: Draft) => void, { fileDigest?: string }?][] = [
    ['file-digest-malformed', 'file-digest', () => {}, { fileDigest: 'not a digest' }],
    ['aggregation-root-mismatch', 'aggregation', (r) => (inBatch(r), (r.aggregation.nonce = 'ff'.repeat(16)))],
    ['aggregation-root-not-record', 'aggregation', inBatch],
    ['encode-invalid', 'fingerprint', (r) => (r.fingerprint.encode = 'SHA256(')],
    ['transaction-non-canonical', 'transaction', (r) => reanchor(r, Buffer.concat([raw().subarray(0, 4), Buffer.from([0xfd, 0x01, 0x00]), raw().subarray(5)]))],
    ['transaction-no-inputs', 'transaction', (r) => reanchor(r, Buffer.concat([raw().subarray(0, 4), Buffer.from([0x00]), raw().subarray(5)]))],
    ['proof-target-type-unknown', 'merkle-proof', (r) => (r.confirmation.merkleProof.targetType = 'block')],
    ['proof-txid-malformed', 'merkle-proof', (r) => (r.confirmation.merkleProof.txOrId = 'abc')],
    ['proof-too-deep', 'merkle-proof', (r) => (r.confirmation.merkleProof.nodes = Array(54).fill(OTHER))],
    ['header-malformed', 'block-header', (r) => (r.confirmation.merkleProof.target = 'abcd')],
    ['header-bits-overflow', 'block-header', minedWith(0x23000001, true)],
    ['header-bits-zero', 'block-header', minedWith(0x20000000, false)],
    ['work-below-floor', 'block-header', (r) => (delete r.transaction, Object.assign(r, clone(inBlock('mainnet', 'block100000'))))],
    // A value no check expected (hex that is not hex, under a batch path) still fails with a code.
    ['step-error', 'aggregation', (r) => (inBatch(r), (r.file.sha256 = 'zz'.repeat(32))), {}],
  ];

  it.each(MORE)('%s, at the %s step', (code, failedStep, mutate, options = withFile) => {
    const report = verifyReceipt(forged(mutate), options);
    expect(report).toMatchObject({ outcome: 'failed', failedStep });
    expect(step(report, failedStep)).toMatchObject({ status: 'fail', code });
  });

  it('the tables reach every failure code: the offline steps here and in TAMPERED, the online steps through their answers', () => {
    const service = ['service-mismatch', 'unknown-to-maker'] as const;
    for (const code of service) {
      const report = withServiceCheck(verifyReceipt(fx.receipt, withFile), { status: 'fail', code, detail: 'The service said no.' });
      expect(step(report, 'service')).toMatchObject({ status: 'fail', code });
    }
    const chain = [
      ['block-unknown-to-explorer', { status: 404, body: '' }],
      ['block-not-on-best-chain', { status: 200, body: JSON.stringify({ hash: fx.header.hash, height: 7, confirmations: -1 }) }],
    ] as const;
    for (const [code, answer] of chain) {
      const report = verifyReceipt(fx.receipt, { ...withFile, chain: readBlockAnswer(fx.header.hash, 'explorer.example', AT, answer, true) });
      expect(step(report, 'chain')).toMatchObject({ status: 'fail', code });
    }
    const reached = new Set([...TAMPERED.map(([, , , code]) => code), ...MORE.map(([code]) => code), ...service, ...chain.map(([code]) => code)]);
    expect([...reached].sort()).toEqual([...FAILURE_CODES].sort());
  });

  it('a skipped step names what is missing; a pass and a step that did not run carry no code', () => {
    const codes = (report: VerificationReport) => Object.fromEntries(report.steps.filter((s) => s.code !== undefined).map((s) => [s.id, s.code]));
    expect(codes(verifyReceipt(fx.receipt, withFile))).toEqual({ chain: 'offline', service: 'offline' });
    expect(codes(verifyReceipt(fx.receipt))).toEqual({ 'file-digest': 'no-file', chain: 'offline', service: 'offline' });
    expect(
      codes(
        verifyReceipt(
          tampered((r) => delete r.transaction),
          withFile,
        ),
      ),
    ).toEqual({ transaction: 'no-raw-transaction', chain: 'offline', service: 'offline' });
    expect(
      codes(
        verifyReceipt(
          tampered((r) => delete r.confirmation),
          withFile,
        ),
      ),
    ).toEqual({ 'merkle-proof': 'not-confirmed', 'block-header': 'not-confirmed', chain: 'not-confirmed', service: 'offline' });
    expect(
      codes(
        verifyReceipt(
          tampered((r) => Object.assign(r.confirmation.merkleProof, { targetType: 'merkleRoot', target: fx.root })),
          withFile,
        ),
      ),
    ).toEqual({ 'block-header': 'no-block-header', chain: 'offline', service: 'offline' });
    expect(
      codes(
        verifyReceipt(
          tampered((r) => (r.network = 'livenet')),
          withFile,
        ),
      ),
    ).toEqual({ 'block-header': 'network-unknown', chain: 'offline', service: 'offline' });
    const failed = verifyReceipt(fx.receipt, { fileDigest: OTHER });
    expect(failed.steps.filter((s) => s.status === 'not-run').every((s) => s.code === undefined)).toBe(true);
  });
});
