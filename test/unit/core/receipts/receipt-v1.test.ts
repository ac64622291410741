import { describe, expect, it } from 'vitest';
import { isNotariumError } from '../../../../main/core/errors/notarium-error.ts';
import {
  jsonDepth,
  MAX_JSON_DEPTH,
  MAX_RECEIPT_CHARS,
  parseReceipt,
  readReceiptBytes,
  receiptFileName,
  serializeReceipt,
  type ReceiptV1,
} from '../../../../verifier/receipt-v1.ts';
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
    'accepts any name a file system allows, control characters and dots included: %j',
    (name) => {
      const draft = clone(receipt) as Draft;
      draft.file.name = name;
      expect(parseReceipt(serializeReceipt(draft as ReceiptV1)).file.name).toBe(name);
    },
  );

  it('serializeReceipt refuses a receipt that would not read back', () => {
    expect(() => serializeReceipt({ ...receipt, network: '' })).toThrow(/The receipt's network name is empty\./);
  });
});

// [what (the field's JSON path first), mutation, the message must contain (the field in words first)]
const BAD: [string, (r: Draft) => void, string[]][] = [
  ['format missing', (r) => delete r.format, ['not a Notarium receipt (it has no format)']],
  ['another format', (r) => (r.format = 'opentimestamps/1'), ['"opentimestamps/1"', 'not a Notarium receipt']],
  ['a newer format', (r) => (r.format = 'notarium-receipt/2'), ['"notarium-receipt/2"', 'Update Notarium']],
  ['issuedAt not a date', (r) => (r.issuedAt = 'yesterday'), ["The receipt's date of issue", 'ISO 8601', 'it is "yesterday"']],
  ['network missing', (r) => delete r.network, ['The receipt has no network name.']],
  ['file.name a path', (r) => (r.file.name = '../etc/passwd'), ["The receipt's file name is a path", 'names the file alone, never a path']],
  ['file.name a Windows path', (r) => (r.file.name = 'C:\\docs\\a.pdf'), ["The receipt's file name is a path", 'names the file alone']],
  ['file.name empty', (r) => (r.file.name = ''), ["The receipt's file name is empty."]],
  ['file.name ..', (r) => (r.file.name = '..'), ['The receipt\'s file name is ".."', 'names a folder, not a file']],
  ['file.name .', (r) => (r.file.name = '.'), ['The receipt\'s file name is ".", which names a folder, not a file.']],
  ['file.size negative', (r) => (r.file.size = -1), ["The receipt's file size", 'whole number', 'it is -1']],
  ['file.size a string', (r) => (r.file.size = '12'), ["The receipt's file size", 'it is "12"']],
  ['file.sha256 short', (r) => (r.file.sha256 = 'abc'), ["The receipt's SHA-256 digest of the file", '64 hexadecimal', 'it is "abc"']],
  ['file.sha256 not hex', (r) => (r.file.sha256 = 'zz'.repeat(32)), ["The receipt's SHA-256 digest of the file", '64 hexadecimal']],
  ['file missing', (r) => delete r.file, ['The receipt has no description of the file.']],
  ['fingerprint.encode bad', (r) => (r.fingerprint.encode = 'SHA256(a'), ["The receipt's fingerprint encoding", 'not one Notarium can apply']],
  ['fingerprint.encode unknown encoder', (r) => (r.fingerprint.encode = 'MD5'), ["The receipt's fingerprint encoding", 'unknown encoder "MD5"']],
  ['fingerprint.salt bad', (r) => (r.fingerprint.salt = 'a b'), ["The receipt's fingerprint salt", 'ASCII letters']],
  ['fingerprint.record odd hex', (r) => (r.fingerprint.record = 'abc'), ["The receipt's fingerprint record", 'even number']],
  ['fingerprint.published missing', (r) => delete r.fingerprint.published, ['The receipt has no published fingerprint']],
  [
    'registration.kind unknown',
    (r) => (r.registration.kind = 'linked'),
    ["The receipt's kind of registration", 'record, linked-create, linked-update or linked-delete'],
  ],
  ['registration.txId short', (r) => (r.registration.txId = 'ab'), ["The receipt's transaction id", '64 hexadecimal']],
  ['registration.prevTxId missing', (r) => delete r.registration.prevTxId, ['The receipt does not say which version its registration follows']],
  [
    'registration.prevTxId set on a record',
    (r) => (r.registration.prevTxId = 'ab'.repeat(32)),
    ["The receipt's registration is a record, yet it names a previous version", 'only updates and deletions follow another version'],
  ],
  [
    'registration.prevTxId null on an update',
    (r) => (r.registration.kind = 'linked-update'),
    ["The receipt's registration is a linked-update but does not name the version it follows"],
  ],
  ['registration.version 0', (r) => (r.registration.version = 0), ["The receipt's version number", '1 or more']],
  ['transaction odd hex', (r) => (r.transaction = 'abc'), ["The receipt's raw transaction", 'hexadecimal bytes']],
  ['transaction null', (r) => (r.transaction = null), ["The receipt's raw transaction", 'leaves the field out', 'it is null']],
  ['confirmation a string', (r) => (r.confirmation = 'yes'), ["The receipt's confirmation", 'a JSON object, or null']],
  ['confirmation.blockHash bad', (r) => (r.confirmation.blockHash = 'x'), ["The receipt's block hash", '64 hexadecimal']],
  ['confirmation.confirmedBlocks missing', (r) => delete r.confirmation.confirmedBlocks, ['The receipt has no number of confirmations.']],
  ['merkleProof missing', (r) => delete r.confirmation.merkleProof, ['The receipt has no Merkle proof.']],
  ['merkleProof.index negative', (r) => (r.confirmation.merkleProof.index = -1), ["The receipt's Merkle proof index", 'whole number']],
  ['merkleProof.index fractional', (r) => (r.confirmation.merkleProof.index = 1.5), ["The receipt's Merkle proof index", 'it is 1.5']],
  [
    'merkleProof.txOrId short',
    (r) => (r.confirmation.merkleProof.txOrId = 'ab'),
    ["The receipt's transaction in the Merkle proof", 'a transaction id (64 hexadecimal characters) or a raw transaction in hexadecimal'],
  ],
  [
    'merkleProof.nodes[1] bad',
    (r) => (r.confirmation.merkleProof.nodes[1] = '**'),
    ["Hash 2 of the receipt's Merkle proof branch", '"*" or 64 hexadecimal', 'it is "**"'],
  ],
  [
    'merkleProof.nodes too many',
    (r) => (r.confirmation.merkleProof.nodes = Array(65).fill('*')),
    ["The receipt's Merkle proof branch holds 65 hashes", 'at most 64'],
  ],
  [
    'merkleProof.targetType unknown',
    (r) => (r.confirmation.merkleProof.targetType = 'block'),
    ["The receipt's Merkle proof target type", 'hash, header, merkleRoot or merkleroot'],
  ],
  [
    'merkleProof.target a hash where a header is announced',
    (r) => (r.confirmation.merkleProof.target = 'ab'.repeat(32)),
    ["The receipt's Merkle proof target", '160 hexadecimal', 'as its target type says'],
  ],
  [
    'merkleProof.target a header where a hash is announced',
    (r) => (r.confirmation.merkleProof.targetType = 'hash'),
    ["The receipt's Merkle proof target", '64 hexadecimal', 'block hash'],
  ],
  ['merkleProof.composite a string', (r) => (r.confirmation.merkleProof.composite = 'no'), ["The receipt's Merkle proof composite flag", 'true or false']],
  ['blockHeader short', (r) => (r.blockHeader = 'ab'.repeat(79)), ["The receipt's block header", '160 hexadecimal']],
  ['aggregation.nonce short', (r) => (r.aggregation = { nonce: 'ab', path: [], root: 'ab'.repeat(32) }), ["The receipt's batch proof nonce", '32 hexadecimal']],
  [
    'aggregation.path[0] both sides',
    (r) => (r.aggregation = { nonce: 'ab'.repeat(16), path: [{ left: 'ab'.repeat(32), right: 'ab'.repeat(32) }], root: 'ab'.repeat(32) }),
    ["Both a left and a right hash are given at step 1 of the receipt's batch proof path", 'exactly one'],
  ],
  [
    'aggregation.path[0].left bad',
    (r) => (r.aggregation = { nonce: 'ab'.repeat(16), path: [{ left: 'ab' }], root: 'ab'.repeat(32) }),
    ["The left hash of step 1 of the receipt's batch proof path", '64 hexadecimal'],
  ],
  ['aggregation.root missing', (r) => (r.aggregation = { nonce: 'ab'.repeat(16), path: [] }), ['The receipt has no batch root.']],
  ['file.name too long', (r) => (r.file.name = 'x'.repeat(1025)), ["The receipt's file name is 1025 characters long; it may be at most 1024."]],
  ['merkleProof.nodes not a list', (r) => (r.confirmation.merkleProof.nodes = 'x'), ["The receipt's Merkle proof branch is not a list of hashes", 'it is "x"']],
  [
    'merkleProof.target a header where a Merkle root is announced',
    (r) => (r.confirmation.merkleProof.targetType = 'merkleRoot'),
    ["The receipt's Merkle proof target is not a Merkle root (64 hexadecimal characters), as its target type says"],
  ],
  ['merkleProof.proofType too long', (r) => (r.confirmation.merkleProof.proofType = 'x'.repeat(65)), ["The receipt's Merkle proof type is 65 characters long"]],
  ['aggregation null', (r) => (r.aggregation = null), ["The receipt's batch proof is not a JSON object: it is null."]],
  [
    'aggregation.path too long',
    (r) => (r.aggregation = { nonce: 'ab'.repeat(16), path: Array(65).fill({ left: 'ab'.repeat(32) }), root: 'ab'.repeat(32) }),
    ["The receipt's batch proof path holds 65 steps; it may hold at most 64."],
  ],
  [
    'aggregation.path[0] neither side',
    (r) => (r.aggregation = { nonce: 'ab'.repeat(16), path: [{}], root: 'ab'.repeat(32) }),
    ["Neither a left nor a right hash is given at step 1 of the receipt's batch proof path", 'exactly one'],
  ],
];

// [what, mutation, accepted]: the limits of format 1 on either side, as the hand-written check draws them.
const hex = (n: number, c = 'a') => c.repeat(n);
const EDGES: [string, (r: Draft) => void, boolean][] = [
  ['issuedAt with an offset and a fraction', (r) => (r.issuedAt = '2026-11-22T10:15:00.123456+01:00'), true],
  ['issuedAt on 29 February of a leap year', (r) => (r.issuedAt = '2000-02-29T00:00:00Z'), true],
  ['issuedAt on 29 February of another year', (r) => (r.issuedAt = '1900-02-29T00:00:00Z'), false],
  ['issuedAt on 31 April', (r) => (r.issuedAt = '2026-04-31T00:00:00Z'), false],
  ['issuedAt without seconds', (r) => (r.issuedAt = '2026-11-22T10:15Z'), false],
  ['issuedAt without a time zone', (r) => (r.issuedAt = '2026-11-22T10:15:00'), false],
  ['issuedAt in lower case', (r) => (r.issuedAt = '2026-11-22t10:15:00z'), false],
  ['issuedAt with an offset without a colon', (r) => (r.issuedAt = '2026-11-22T10:15:00+0100'), false],
  ['network of 64 characters', (r) => (r.network = hex(64, 'n')), true],
  ['network of 65 characters', (r) => (r.network = hex(65, 'n')), false],
  ['file name of 1024 characters', (r) => (r.file.name = hex(1024, 'n')), true],
  ['file size the largest safe integer', (r) => (r.file.size = Number.MAX_SAFE_INTEGER), true],
  ['file size past the largest safe integer', (r) => (r.file.size = 2 ** 53), false],
  ['file sha256 in upper case', (r) => (r.file.sha256 = hex(64, 'F')), true],
  ['fingerprint record empty', (r) => (r.fingerprint.record = ''), true],
  ['fingerprint salt with a dot', (r) => (r.fingerprint.salt = '23:59:59.123'), true],
  ['fingerprint encode empty (no encoder)', (r) => (r.fingerprint.encode = ''), true],
  ['registration serviceUrl empty', (r) => (r.registration.serviceUrl = ''), true],
  ['registration serviceUrl of 2049 characters', (r) => (r.registration.serviceUrl = hex(2049, 'u')), false],
  ['registration version 1', (r) => (r.registration.version = 1), true],
  ['a linked-delete following a version', (r) => Object.assign(r.registration, { kind: 'linked-delete', prevTxId: hex(64) }), true],
  ['transaction empty', (r) => (r.transaction = ''), false],
  ['confirmation confirmedBlocks 0', (r) => (r.confirmation.confirmedBlocks = 0), true],
  ['merkleProof txOrId a raw transaction of 33 bytes', (r) => (r.confirmation.merkleProof.txOrId = hex(66)), true],
  ['merkleProof txOrId of 65 hexadecimal characters', (r) => (r.confirmation.merkleProof.txOrId = hex(65)), false],
  ['merkleProof nodes 64', (r) => (r.confirmation.merkleProof.nodes = Array(64).fill('*')), true],
  ['merkleProof targetType null, a block hash target', (r) => Object.assign(r.confirmation.merkleProof, { targetType: null, target: hex(64) }), true],
  ['merkleProof proofType of 64 characters', (r) => (r.confirmation.merkleProof.proofType = hex(64, 'p')), true],
  ['merkleProof composite null', (r) => (r.confirmation.merkleProof.composite = null), true],
  ['confirmation blockTimestamp null', (r) => (r.confirmation.blockTimestamp = null), true],
  ['blockHeader present beside a header target', (r) => (r.blockHeader = hex(160)), true],
  ['aggregation path of 64 steps', (r) => (r.aggregation = { nonce: hex(32), path: Array(64).fill({ right: hex(64) }), root: hex(64) }), true],
  ['aggregation path entry a list', (r) => (r.aggregation = { nonce: hex(32), path: [[hex(64)]], root: hex(64) }), false],
  ['file a list', (r) => (r.file = [r.file]), false],
];

describe('the limits of each field, on either side', () => {
  it.each(EDGES.map(([what, mutate, accepted]) => [`${what}: ${accepted ? 'accepted' : 'refused'}`, mutate, accepted] as const))(
    '%s',
    (_, mutate, accepted) => {
      const text = mutated(mutate);
      if (accepted) expect(parseReceipt(text)).toEqual(JSON.parse(text));
      else expect(parseError(text)).toMatch(/receipt's/);
    },
  );
});

describe('every error names the field in words (never its JSON path), what is wrong, and what to do', () => {
  it.each(BAD)('%s', (what, mutate, fragments) => {
    const message = parseError(mutated(mutate));
    expect(message).toMatch(/^[A-Z]/);
    for (const fragment of fragments) expect(message).toContain(fragment);
    if (!fragments[0]!.includes('format')) expect(message).toMatch(/(export it again|Update Notarium|not a Notarium receipt)/);
    const path = what.split(' ')[0]!;
    if (/[.[A-Z]/.test(path)) expect(message).not.toContain(path);
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

  it('reads bytes by the one decoding rule: UTF-8, at most one leading byte-order mark, nothing else', () => {
    const text = serializeReceipt(makeFixture().receipt);
    const utf8 = Buffer.from(text);
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const refused = (bytes: Buffer) => {
      try {
        readReceiptBytes(bytes);
      } catch (err) {
        if (isNotariumError(err, 'RECEIPT_INVALID')) return err.message;
      }
      throw new Error('read as a receipt');
    };
    expect(readReceiptBytes(utf8)).toEqual(parseReceipt(text));
    expect(readReceiptBytes(Buffer.concat([bom, utf8]))).toEqual(parseReceipt(text));
    expect(refused(Buffer.concat([bom, bom, utf8]))).toMatch(/two byte-order marks; a receipt has at most one/);
    expect(refused(Buffer.from(`\uFEFF${text}`, 'utf16le'))).toMatch(/UTF-16 text; a receipt is UTF-8/);
    expect(refused(Buffer.from(`\uFEFF${text}`, 'utf16le').swap16())).toMatch(/UTF-16 text; a receipt is UTF-8/);
    // UTF-32, whose little-endian mark begins with UTF-16's: named for what it is.
    const utf32le = Buffer.alloc(4 * (text.length + 1));
    [...`\uFEFF${text}`].forEach((c, i) => utf32le.writeUInt32LE(c.codePointAt(0)!, 4 * i));
    expect(refused(utf32le)).toMatch(/UTF-32 text; a receipt is UTF-8/);
    expect(refused(Buffer.from(utf32le).swap32())).toMatch(/UTF-32 text; a receipt is UTF-8/);
    expect(refused(Buffer.from(text, 'utf16le'))).toMatch(/not text|not valid JSON/);
    const at = utf8.indexOf('"2026') + 1;
    expect(refused(Buffer.concat([utf8.subarray(0, at), Buffer.from([0xff]), utf8.subarray(at)]))).toMatch(/not UTF-8 text/);
    // As text, the same: one leading mark is skipped, a second is not.
    expect(() => parseReceipt(`\uFEFF\uFEFF${text}`)).toThrow(/two byte-order marks/);
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

  it('refuses a field given twice in one object, at any depth and however its name is spelled, which readers would take differently', () => {
    const text = serializeReceipt(makeFixture().receipt);
    const txId = (receipt.registration as { txId: string }).txId;
    const other = 'ab'.repeat(32);
    // The same field twice: JavaScript keeps the last, other parsers the first; both ways a forger could choose.
    const twiceTxId = text.replace(`"txId": "${txId}"`, `"txId": "${txId}",\n    "txId": "${other}"`);
    expect(twiceTxId).not.toBe(text);
    expect(parseError(twiceTxId)).toMatch(
      /^The receipt gives the field "txId" twice in one object \(the second at line \d+\); readers differ on which one counts, so a receipt gives each field once\. Use the receipt file exactly as it was issued/,
    );
    expect(parseError(text.replace('"format":', '"\\u0066ormat": "x", "format":'))).toMatch(/the field "format" twice/);
    expect(parseError(`{"format": "notarium-receipt/1", "x": [{"a": 1, "a": 2}]}`)).toMatch(/the field "a" twice/);
    // The same name in sibling objects, as a value, or inside a string is no duplicate.
    expect(() => parseReceipt(JSON.stringify({ ...receipt, extra: [{ txId: 1 }, { txId: 2 }], note: '"txId": "x", "txId":' }))).not.toThrow();
    expect(() => parseReceipt(JSON.stringify({ ...receipt, txId: 'txId' }))).not.toThrow();
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
