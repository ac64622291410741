import { describe, expect, it } from 'vitest';
import { isNotariumError } from '../../../../main/core/errors/notarium-error.ts';
import {
  jsonDepth,
  MAX_JSON_DEPTH,
  MAX_RECEIPT_CHARS,
  parseReceipt,
  receiptFileName,
  serializeReceipt,
  type ReceiptV1,
} from '../../../../main/core/receipts/receipt-v1.ts';
import { clone, makeFixture, type Draft } from '../../../support/receipt-fixture.ts';

const { receipt } = makeFixture();

function parseError(text: string): string {
  try {
    parseReceipt(text);
  } catch (err) {
    expect(isNotariumError(err, 'RECEIPT_INVALID')).toBe(true);
    return (err as Error).message;
  }
  throw new Error('expected RECEIPT_INVALID');
}

const mutated = (mutate: (r: Draft) => void): string => {
  const r = clone(receipt) as Draft;
  mutate(r);
  return JSON.stringify(r);
};

describe('serializeReceipt / parseReceipt', () => {
  it('writes 2-space-indented JSON with a trailing newline, and reads it back unchanged', () => {
    const text = serializeReceipt(receipt);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "format": "notarium-receipt/1",\n');
    expect(parseReceipt(text)).toEqual(receipt);
  });

  it('keeps unknown fields, top-level and nested', () => {
    const text = mutated((r) => {
      r.futureField = { deep: [1, 2] };
      r.file.mimeType = 'application/pdf';
      r.confirmation.merkleProof.extra = true;
    });
    const parsed = parseReceipt(text) as Draft;
    expect(parsed.futureField).toEqual({ deep: [1, 2] });
    expect(parsed.file.mimeType).toBe('application/pdf');
    expect(JSON.parse(serializeReceipt(parsed as ReceiptV1))).toEqual(JSON.parse(text));
  });

  it('a "__proto__" key changes no prototype', () => {
    const text = JSON.stringify(receipt).replace('{"format"', '{"__proto__":{"polluted":1},"format"');
    const parsed = parseReceipt(text) as Draft;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(parsed.polluted).toBeUndefined();
    expect(({} as Draft).polluted).toBeUndefined();
  });

  it('accepts a pending receipt (confirmation null or absent) and the optional fields left out', () => {
    expect(parseReceipt(mutated((r) => (r.confirmation = null))).confirmation).toBeNull();
    const minimal = parseReceipt(
      mutated((r) => {
        delete r.confirmation;
        delete r.transaction;
        delete r.fingerprint.salt;
      }),
    );
    expect(minimal.confirmation).toBeUndefined();
  });

  it('accepts the service variants: proofType/composite null or absent, targetType absent, merkleroot, a BOM', () => {
    expect(() => parseReceipt(mutated((r) => Object.assign(r.confirmation.merkleProof, { proofType: 'branch', composite: false })))).not.toThrow();
    expect(() => parseReceipt(mutated((r) => ['proofType', 'composite'].forEach((k) => delete r.confirmation.merkleProof[k])))).not.toThrow();
    expect(() =>
      parseReceipt(mutated((r) => Object.assign(r.confirmation.merkleProof, { targetType: undefined, target: r.confirmation.blockHash }))),
    ).not.toThrow();
    expect(() => parseReceipt(mutated((r) => Object.assign(r.confirmation.merkleProof, { targetType: 'merkleroot', target: 'ab'.repeat(32) })))).not.toThrow();
    expect(() => parseReceipt(`\uFEFF${JSON.stringify(receipt)}`)).not.toThrow();
  });

  it.each(['a\nb.pdf', 'a\tb.pdf', 'a..b', '..a', 'ends with a space ', '\u001b[2J\u009b\u202eevil.pdf', 'a\u0000b'])(
    'accepts any name a file system allows, control characters and dots included (issue #11): %j',
    (name) => {
      const draft = clone(receipt) as Draft;
      draft.file.name = name;
      expect(parseReceipt(serializeReceipt(draft as ReceiptV1)).file.name).toBe(name);
    },
  );

  it('serializeReceipt refuses a receipt that would not read back', () => {
    expect(() => serializeReceipt({ ...receipt, network: '' })).toThrow(/network must not be empty/);
  });
});

// [what, mutation, the message must contain (the JSON path first)]
const BAD: [string, (r: Draft) => void, string[]][] = [
  ['format missing', (r) => delete r.format, ['not a Notarium receipt (it has no format)']],
  ['another format', (r) => (r.format = 'opentimestamps/1'), ['"opentimestamps/1"', 'not a Notarium receipt']],
  ['a newer format', (r) => (r.format = 'notarium-receipt/2'), ['"notarium-receipt/2"', 'Update Notarium']],
  ['issuedAt not a date', (r) => (r.issuedAt = 'yesterday'), ['issuedAt', 'ISO 8601', '"yesterday"']],
  ['network missing', (r) => delete r.network, ['network is missing']],
  ['file.name a path', (r) => (r.file.name = '../etc/passwd'), ['file.name', 'base name', 'never a path']],
  ['file.name a Windows path', (r) => (r.file.name = 'C:\\docs\\a.pdf'), ['file.name', 'base name']],
  ['file.name empty', (r) => (r.file.name = ''), ['file.name must not be empty']],
  ['file.name ..', (r) => (r.file.name = '..'), ['file.name']],
  ['file.name .', (r) => (r.file.name = '.'), ['file.name must be a file name, not "." or ".."']],
  ['file.size negative', (r) => (r.file.size = -1), ['file.size', 'whole number', 'found -1']],
  ['file.size a string', (r) => (r.file.size = '12'), ['file.size', 'found "12"']],
  ['file.sha256 short', (r) => (r.file.sha256 = 'abc'), ['file.sha256', '64 hexadecimal', 'found "abc"']],
  ['file.sha256 not hex', (r) => (r.file.sha256 = 'zz'.repeat(32)), ['file.sha256', '64 hexadecimal']],
  ['file missing', (r) => delete r.file, ['file is missing']],
  ['fingerprint.encode bad', (r) => (r.fingerprint.encode = 'SHA256(a'), ['fingerprint.encode', 'not a valid encode value']],
  ['fingerprint.encode unknown encoder', (r) => (r.fingerprint.encode = 'MD5'), ['fingerprint.encode', 'unknown encoder "MD5"']],
  ['fingerprint.salt bad', (r) => (r.fingerprint.salt = 'a b'), ['fingerprint.salt', 'ASCII letters']],
  ['fingerprint.record odd hex', (r) => (r.fingerprint.record = 'abc'), ['fingerprint.record', 'even number']],
  ['fingerprint.published missing', (r) => delete r.fingerprint.published, ['fingerprint.published is missing']],
  ['registration.kind unknown', (r) => (r.registration.kind = 'linked'), ['registration.kind', 'record, linked-create, linked-update, linked-delete']],
  ['registration.txId short', (r) => (r.registration.txId = 'ab'), ['registration.txId', '64 hexadecimal']],
  ['registration.prevTxId missing', (r) => delete r.registration.prevTxId, ['registration.prevTxId is missing']],
  ['registration.prevTxId set on a record', (r) => (r.registration.prevTxId = 'ab'.repeat(32)), ['registration.prevTxId', 'must be null for a record']],
  ['registration.prevTxId null on an update', (r) => (r.registration.kind = 'linked-update'), ['registration.prevTxId', 'must name the version']],
  ['registration.version 0', (r) => (r.registration.version = 0), ['registration.version', '≥ 1']],
  ['transaction odd hex', (r) => (r.transaction = 'abc'), ['transaction', 'raw transaction in hexadecimal']],
  ['transaction null', (r) => (r.transaction = null), ['transaction', 'or absent', 'found null']],
  ['confirmation a string', (r) => (r.confirmation = 'yes'), ['confirmation', 'null or absent']],
  ['confirmation.blockHash bad', (r) => (r.confirmation.blockHash = 'x'), ['confirmation.blockHash', '64 hexadecimal']],
  ['confirmation.confirmedBlocks missing', (r) => delete r.confirmation.confirmedBlocks, ['confirmation.confirmedBlocks is missing']],
  ['merkleProof missing', (r) => delete r.confirmation.merkleProof, ['confirmation.merkleProof is missing']],
  ['merkleProof.index negative', (r) => (r.confirmation.merkleProof.index = -1), ['confirmation.merkleProof.index', 'whole number']],
  ['merkleProof.index fractional', (r) => (r.confirmation.merkleProof.index = 1.5), ['confirmation.merkleProof.index']],
  ['merkleProof.txOrId short', (r) => (r.confirmation.merkleProof.txOrId = 'ab'), ['confirmation.merkleProof.txOrId', 'txid or the hex of a raw transaction']],
  [
    'merkleProof.nodes[1] bad',
    (r) => (r.confirmation.merkleProof.nodes[1] = '**'),
    ['confirmation.merkleProof.nodes[1]', '"*" or 64 hexadecimal', 'found "**"'],
  ],
  ['merkleProof.nodes too many', (r) => (r.confirmation.merkleProof.nodes = Array(65).fill('*')), ['confirmation.merkleProof.nodes', 'at most 64']],
  [
    'merkleProof.targetType unknown',
    (r) => (r.confirmation.merkleProof.targetType = 'block'),
    ['confirmation.merkleProof.targetType', 'hash, header, merkleRoot, merkleroot'],
  ],
  [
    'merkleProof.target a hash where a header is announced',
    (r) => (r.confirmation.merkleProof.target = 'ab'.repeat(32)),
    ['confirmation.merkleProof.target', '160 hexadecimal', 'targetType is header'],
  ],
  [
    'merkleProof.target a header where a hash is announced',
    (r) => (r.confirmation.merkleProof.targetType = 'hash'),
    ['confirmation.merkleProof.target', '64 hexadecimal', 'block hash'],
  ],
  ['merkleProof.composite a string', (r) => (r.confirmation.merkleProof.composite = 'no'), ['confirmation.merkleProof.composite']],
  ['blockHeader short', (r) => (r.blockHeader = 'ab'.repeat(79)), ['blockHeader', '160 hexadecimal']],
  ['aggregation.nonce short', (r) => (r.aggregation = { nonce: 'ab', path: [], root: 'ab'.repeat(32) }), ['aggregation.nonce', '32 hexadecimal']],
  [
    'aggregation.path[0] both sides',
    (r) => (r.aggregation = { nonce: 'ab'.repeat(16), path: [{ left: 'ab'.repeat(32), right: 'ab'.repeat(32) }], root: 'ab'.repeat(32) }),
    ['aggregation.path[0]', 'exactly one'],
  ],
  [
    'aggregation.path[0].left bad',
    (r) => (r.aggregation = { nonce: 'ab'.repeat(16), path: [{ left: 'ab' }], root: 'ab'.repeat(32) }),
    ['aggregation.path[0].left', '64 hexadecimal'],
  ],
  ['aggregation.root missing', (r) => (r.aggregation = { nonce: 'ab'.repeat(16), path: [] }), ['aggregation.root is missing']],
];

describe('every error names the field, what is wrong, and what to do', () => {
  it.each(BAD)('%s', (_, mutate, fragments) => {
    const message = parseError(mutated(mutate));
    for (const fragment of fragments) expect(message).toContain(fragment);
    if (!fragments[0]!.includes('format')) expect(message).toMatch(/(export it again|Update Notarium|not a Notarium receipt)/);
  });

  it('says when more than one thing is wrong', () => {
    expect(parseError(mutated((r) => Object.assign(r.file, { sha256: 'x', size: -1 })))).toMatch(/and 1 more problem\b/);
  });
});

describe('limits and malformed text', () => {
  it('not JSON, not an object', () => {
    expect(parseError('{"format": ')).toMatch(/not valid JSON/);
    expect(parseError('[1, 2]')).toMatch(/not a JSON object/);
    expect(parseError('null')).toMatch(/not a JSON object/);
    expect(parseError('')).toMatch(/not valid JSON/);
    expect(parseError('{\n  "format": 1,\n}')).toMatch(/not valid JSON at line 3, column 1\./);
  });

  it('says a binary file is not text, and never echoes what it read', () => {
    const bytes = 'E\u001a\u0014m\uFFFD\uFFFDS';
    const message = parseError(bytes);
    expect(message).toMatch(/not text, so it is not JSON and not a Notarium receipt/);
    expect(message).not.toContain('E\u001a');
    expect(parseError('Ezm xyzzy')).not.toContain('xyzzy');
  });

  it('deep nesting fails cleanly before JSON.parse (no stack overflow)', () => {
    for (const open of ['[', '{"a":']) {
      const deep = open.repeat(500_000);
      expect(parseError(deep)).toMatch(/levels deep/);
    }
    const r = clone(receipt) as Draft;
    let nest: unknown = 1;
    for (let i = 0; i < MAX_JSON_DEPTH; i++) nest = [nest];
    r.extra = nest;
    expect(parseError(JSON.stringify(r))).toMatch(/65 levels deep/);
  });

  it('brackets inside strings do not count as nesting', () => {
    expect(jsonDepth('{"a": "[[[[{{{{\\"]]]"}')).toBe(1);
    expect(() => parseReceipt(JSON.stringify({ ...receipt, note: '['.repeat(1000) }))).not.toThrow();
  });

  it('refuses more than 4 Mi characters without parsing', () => {
    expect(parseError(' '.repeat(MAX_RECEIPT_CHARS + 1))).toMatch(/at most 4194304/);
    const big = mutated((r) => (r.transaction = '00'.repeat(MAX_RECEIPT_CHARS / 2)));
    expect(parseError(big)).toMatch(/characters long/);
  });

  it('a large but allowed raw transaction is fine', () => {
    expect(() => parseReceipt(mutated((r) => (r.transaction = '00'.repeat(1_500_000))))).not.toThrow();
  });
});

describe('receiptFileName', () => {
  it.each([
    ['contract.pdf', 'contract.pdf.receipt.json'],
    ['/home/a/contract.pdf', 'contract.pdf.receipt.json'],
    ['C:\\docs\\x y.txt', 'x y.txt.receipt.json'],
    ['', 'file.receipt.json'],
  ])('%j -> %j', (name, expected) => expect(receiptFileName(name)).toBe(expected));
});
