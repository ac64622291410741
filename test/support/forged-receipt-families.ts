import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { parseEncodeSpec } from '../../verifier/protocol/encode-spec.ts';
import { fingerprintFor } from '../../verifier/protocol/fingerprint.ts';
import { NETWORK_LABELS, networkOf } from '../../verifier/protocol/networks.ts';
import { MAX_JSON_DEPTH, MAX_RECEIPT_CHARS, parseReceipt, serializeReceipt, type ReceiptV1 } from '../../verifier/receipt-v1.ts';
import type { Baseline } from '../fixtures/receipts/record-baselines.ts';
import { dataPushes, hexRev, parseTx, rev, sha256d, type ParsedTx } from './bitcoin.ts';
import { REAL_HEADERS } from './real-headers.ts';
import { branch, FILE_CONTENT, FILE_DIGEST, header as mineHeader, makeFixture, recordTx, type Draft } from './receipt-fixture.ts';

/**
 * The forged-receipt suite's families (test/unit/core/receipts/forged-receipts.test.ts): the
 * genuine receipts they start from, and what each family draws from them or from nothing, with
 * the file each receipt is of. The unit test judges every draw by its family's rule; the
 * differential test (test/e2e/verifier-differential.test.ts) draws the very same receipts, with the
 * same seeds, and has the CLI and verify.html judge each one.
 */

export const DEFAULT_SEED = 20261122;
/** The seed of every family's draws; FORGED_SEED picks another. */
export const SEED = Number(process.env.FORGED_SEED ?? DEFAULT_SEED);

export interface Base {
  name: string;
  /** The file the receipt is of (its SHA-256 is fileSha256). */
  content: Buffer;
  fileSha256: string;
  text: string;
  draft: Draft;
  key: string;
}

const recorded = JSON.parse(readFileSync(new URL('../fixtures/receipts/sandbox-baselines.json', import.meta.url), 'utf8')) as Baseline[];
const firstPrinciples: Baseline = { name: 'first-principles', fileSha256: FILE_DIGEST.toString('hex'), receipt: serializeReceipt(makeFixture().receipt) };
export const BASES: Base[] = [...recorded, firstPrinciples].map((b) => ({
  name: b.name,
  content: b.name === firstPrinciples.name ? FILE_CONTENT : Buffer.from(`the file ${b.name}`),
  fileSha256: b.fileSha256,
  text: b.receipt,
  draft: JSON.parse(b.receipt) as Draft,
  key: semanticKey(parseReceipt(b.receipt)),
}));

/** Everything a verification step reads, normalised as the verifier reads it (hex case, defaults). */
export function semanticKey(r: ReceiptV1): string {
  const l = (s: string | null | undefined) => (typeof s === 'string' ? s.toLowerCase() : s);
  const salts = parseEncodeSpec(r.fingerprint.encode).map((s) => s.salt);
  const p = r.confirmation?.merkleProof;
  return JSON.stringify({
    sha256: l(r.file.sha256),
    encode: r.fingerprint.encode,
    saltConsistent: r.fingerprint.salt === undefined || salts.includes(r.fingerprint.salt),
    record: l(r.fingerprint.record),
    published: l(r.fingerprint.published),
    txId: l(r.registration.txId),
    transaction: l(r.transaction),
    confirmation: r.confirmation
      ? {
          blockHash: l(r.confirmation.blockHash),
          index: p!.index,
          txOrId: l(p!.txOrId),
          target: l(p!.target),
          nodes: p!.nodes.map(l),
          // Without a type, a 160-hex target is a header (the TSC form: only a header is 80 bytes).
          targetType: p!.targetType === 'merkleroot' ? 'merkleRoot' : (p!.targetType ?? (/^[0-9a-f]{160}$/i.test(p!.target) ? 'header' : 'hash')),
          proofType: p!.proofType ?? 'branch',
          composite: p!.composite ?? false,
        }
      : null,
    blockHeader: l(r.blockHeader),
    aggregation: r.aggregation
      ? {
          nonce: l(r.aggregation.nonce),
          root: l(r.aggregation.root),
          path: r.aggregation.path.map((s) => (s.left !== undefined ? { left: l(s.left) } : { right: l(s.right) })),
        }
      : null,
    // The vocabulary's label (case aside) or none: the proof of work is judged by it.
    network: networkOf(r.network)?.label ?? 'unknown',
  });
}

// ---------------------------------------------------------------------------------------------
// Draft helpers.

export type Path = (string | number)[];
export const clone = (d: Draft): Draft => structuredClone(d);
export const show = (d: Draft): string => `${JSON.stringify(d, null, 2)}\n`;
export function get(d: Draft, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], d);
}
export function set(d: Draft, path: Path, value: unknown): void {
  const parent = get(d, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path.at(-1)!] = value;
}
export const proof = (d: Draft): Draft => d.confirmation.merkleProof as Draft;
export const HEXDIGITS = '0123456789abcdef';
export const randomHex = (chars: number) => fc.array(fc.constantFrom(...HEXDIGITS), { minLength: chars, maxLength: chars }).map((a) => a.join(''));
export const baseArb = fc.constantFrom(...BASES);

/** Paths of every hex string a verification step reads (each change to one is semantic). */
export function hexPaths(d: Draft): Path[] {
  const paths: Path[] = [
    ['file', 'sha256'],
    ['fingerprint', 'record'],
    ['fingerprint', 'published'],
    ['registration', 'txId'],
    ['transaction'],
    ['confirmation', 'blockHash'],
    ['confirmation', 'merkleProof', 'txOrId'],
    ['confirmation', 'merkleProof', 'target'],
  ];
  (proof(d).nodes as string[]).forEach((n, i) => n !== '*' && paths.push(['confirmation', 'merkleProof', 'nodes', i]));
  if (d.blockHeader !== undefined) paths.push(['blockHeader']);
  if (d.aggregation) {
    paths.push(['aggregation', 'nonce'], ['aggregation', 'root']);
    (d.aggregation.path as Draft[]).forEach((s, i) => paths.push(['aggregation', 'path', i, 'left' in s ? 'left' : 'right']));
  }
  return paths;
}

// ---------------------------------------------------------------------------------------------
// Bitcoin pieces for the transaction and header families.

export const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
export const varint = (n: number) => (n < 0xfd ? Buffer.from([n]) : Buffer.concat([Buffer.from([0xfd]), Buffer.from([n & 0xff, n >> 8])]));
export function serializeTx(tx: ParsedTx): Buffer {
  const sats = (n: bigint) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(n);
    return b;
  };
  return Buffer.concat([
    u32(tx.version),
    varint(tx.inputs.length),
    ...tx.inputs.flatMap((i) => [hexRev(i.prevTxId), u32(i.vout), varint(i.scriptSig.length), i.scriptSig, u32(i.sequence)]),
    varint(tx.outputs.length),
    ...tx.outputs.flatMap((o) => [sats(o.satoshis), varint(o.script.length), o.script]),
    u32(tx.lockTime),
  ]);
}
export const txidOf = (raw: Buffer) => rev(sha256d(raw)).toString('hex');

export const headerPath = (d: Draft): Path => (proof(d).targetType === 'header' ? ['confirmation', 'merkleProof', 'target'] : ['blockHeader']);
export const hashOf = (header: Buffer) => rev(sha256d(header)).toString('hex');
export const REGTEST_LIMIT = (1n << 255n) - 1n;
/** A test-side reading of compact bits; null where Bitcoin would refuse them (sign bit, zero). */
export function targetOf(bits: number): bigint | null {
  const exponent = bits >>> 24;
  const mantissa = bits & 0x007fffff;
  if (mantissa === 0 || bits & 0x00800000) return null;
  return exponent <= 3 ? BigInt(mantissa >>> (8 * (3 - exponent))) : BigInt(mantissa) << BigInt(8 * (exponent - 3));
}
/** The compact form (a header's bits) of a target, rounded down as Bitcoin encodes it. */
export function compactBits(target: bigint): number {
  let size = Math.ceil(target.toString(16).length / 2);
  let mantissa = size <= 3 ? Number(target << BigInt(8 * (3 - size))) : Number(target >> BigInt(8 * (size - 3)));
  if (mantissa & 0x00800000) {
    mantissa >>= 8;
    size++;
  }
  return ((size << 24) | mantissa) >>> 0;
}
/** Would this header be a genuine regtest block (the work done)? Then it is no forgery. */
export function genuine(header: Buffer): boolean {
  const target = targetOf(header.readUInt32LE(72));
  return target !== null && target > 0n && target <= REGTEST_LIMIT && BigInt(`0x${hashOf(header)}`) <= target;
}
/** A forger without the work: bump the nonce until the header does NOT meet its own target. */
export function unmined(header: Buffer): Buffer {
  const h: Buffer = Buffer.from(header);
  while (genuine(h)) h.writeUInt32LE((h.readUInt32LE(76) + 1) >>> 0, 76);
  return h;
}

// ---------------------------------------------------------------------------------------------
// Blocks forged from nothing, and labels that only look like a network.

/**
 * A never-registered file's fingerprint in a forged record transaction, with a Merkle branch of the
 * forger's choosing around it (random siblings, any position): everything but the block is consistent.
 */
export const forgedBlockArb = fc
  .record({
    content: fc.uint8Array({ minLength: 1, maxLength: 64 }),
    salt: fc.stringMatching(/^[A-Za-z0-9]{22}$/),
    // Two transactions at least: the first is the block's coinbase, never a registration.
    depth: fc.integer({ min: 1, max: 10 }),
    at: fc.nat(),
    seed: fc.nat(),
    confirmedBlocks: fc.integer({ min: 1, max: 10_000 }),
  })
  .map(({ content, salt, depth, at, seed, confirmedBlocks }) => {
    const digest = createHash('sha256').update(content).digest();
    const fp = fingerprintFor(digest, salt);
    const raw = recordTx(Buffer.from(fp.published, 'hex'));
    const txid = txidOf(raw);
    const count = 2 ** depth - (depth > 0 ? at % 2 ** (depth - 1) : 0);
    const index = 1 + (at % (count - 1));
    const txids = Array.from({ length: count }, (_, i) => (i === index ? txid : createHash('sha256').update(`forged ${seed} ${i}`).digest('hex')));
    const { nodes, root } = branch(txids, index);
    const draft: Draft = {
      format: 'notarium-receipt/1',
      issuedAt: '2026-11-22T10:15:00Z',
      network: 'mainnet',
      file: { name: 'forged.pdf', size: content.length, sha256: digest.toString('hex') },
      fingerprint: { encode: fp.encode, salt: fp.salt, record: fp.record, published: fp.published },
      registration: { kind: 'record', serviceUrl: 'https://records.example', txId: txid, prevTxId: null },
      transaction: raw.toString('hex'),
      confirmation: {
        confirmedBlocks,
        blockHash: '00'.repeat(32),
        blockTimestamp: '2026-11-19T08:13:20Z',
        merkleProof: { index, txOrId: txid, target: root, nodes, targetType: 'merkleRoot' },
      },
    };
    return { draft, root, fileSha256: digest.toString('hex'), content: Buffer.from(content) };
  });

export interface LabelTrick {
  kind: 'zero-width' | 'homoglyph' | 'whitespace' | 'case' | 'unknown' | 'honest';
  text: string;
  /** In the vocabulary after normalisation (case variants only): its own limit then applies. */
  known: boolean;
}

export const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u180e'];
export const SPACES = [' ', '\t', '\n', '\r', '\u00a0', '\u2009', '\u3000'];
/** Letters of mainnet, testnet and stn, and characters that look like them. */
export const LOOKALIKES: Record<string, string[]> = {
  m: ['\u043c', '\u217f', '\uff4d', 'rn'],
  a: ['\u0430', '\u0251', '\uff41', '\u00e0'],
  i: ['\u0456', '\u0131', '\u0069\u0307', '\uff49', '1', 'l'],
  n: ['\u0578', '\u0578', '\u057c', '\uff4e', '\u0144'],
  e: ['\u0435', '\u0117', '\uff45', '\u212e'],
  t: ['\u0442', '\uff54', '\u0163'],
  s: ['\u0455', '\uff53', '\u015f'],
};
export const TARGETS = ['mainnet', 'testnet', 'stn'] as const;
export const UNKNOWN = [
  'bitcoin',
  'main',
  'livenet',
  'bsv',
  'BSV',
  'mainnet-1',
  'main-net',
  'main_net',
  'mainnet.',
  'prod',
  'testnet3',
  'testnet4',
  'scaling',
  'mainet',
  'mainnnet',
  'sandbox2',
  'regtests',
  'mainnetmainnet',
  'null',
  'undefined',
  '*',
  'x',
];

/** A label that claims a public network (mainnet, testnet, stn) without being it, or is it in another case. */
export const labelTrickArb: fc.Arbitrary<LabelTrick> = fc
  .record({
    kind: fc.integer({ min: 0, max: 4 }),
    target: fc.constantFrom(...TARGETS),
    at: fc.nat(),
    pick: fc.nat(),
    random: fc.string({ minLength: 1, maxLength: 40, unit: 'binary' }),
  })
  .map(({ kind, target, at, pick, random }): LabelTrick => {
    const i = at % (target.length + 1);
    switch (kind) {
      case 0: // an invisible character anywhere
        return { kind: 'zero-width', text: target.slice(0, i) + ZERO_WIDTH[pick % ZERO_WIDTH.length] + target.slice(i), known: false };
      case 1: {
        // one letter swapped for a lookalike
        const j = at % target.length;
        const options = LOOKALIKES[target[j]!]!;
        return { kind: 'homoglyph', text: target.slice(0, j) + options[pick % options.length] + target.slice(j + 1), known: false };
      }
      case 2: // spaces around or inside
        return { kind: 'whitespace', text: target.slice(0, i) + SPACES[pick % SPACES.length] + target.slice(i), known: false };
      case 3: {
        // any mixture of cases: the same network, held to its own limit
        const text = [...target].map((c, k) => ((pick >> k) & 1 ? c.toUpperCase() : c)).join('');
        return { kind: 'case', text, known: true };
      }
      default: {
        const text = pick % 3 === 0 ? random : UNKNOWN[pick % UNKNOWN.length]!;
        return { kind: 'unknown', text, known: networkOf(text) !== undefined };
      }
    }
  })
  // A random label that happens to be a vocabulary's label is no trick; one past the reader's 64 characters is not read.
  .filter((l) => !(l.kind === 'unknown' && l.known) && l.text.length <= 64 && l.text.length > 0);

/** sandbox or regtest, in any case: what a self-mined block honestly is. */
export const honestTestChainArb: fc.Arbitrary<LabelTrick> = fc
  .record({ label: fc.constantFrom('sandbox', 'regtest'), pick: fc.nat() })
  .map(({ label, pick }) => ({ kind: 'honest', text: [...label].map((c, k) => ((pick >> k) & 1 ? c.toUpperCase() : c)).join(''), known: true }));

// ---------------------------------------------------------------------------------------------
// The families: what each draws (the unit test judges each draw; the differential test feeds them to the CLI and the page).

export const flippedHex = baseArb.chain((base) => {
  const paths = hexPaths(base.draft);
  return fc
    .record({ path: fc.constantFrom(...paths), at: fc.nat(), digit: fc.constantFrom(...HEXDIGITS) })
    .filter(({ path, at, digit }) => {
      const value = get(base.draft, path) as string;
      return value[at % value.length]!.toLowerCase() !== digit;
    })
    .map(({ path, at, digit }) => {
      const d = clone(base.draft);
      const value = get(d, path) as string;
      const i = at % value.length;
      set(d, path, value.slice(0, i) + digit + value.slice(i + 1));
      return { base, text: show(d) };
    });
});

const SALT_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/:-+';
export const flippedSalt = fc
  .record({ base: baseArb, inEncode: fc.boolean(), at: fc.nat(), c: fc.constantFrom(...SALT_CHARS) })
  .filter(({ base, at, c }) => {
    const salt = base.draft.fingerprint.salt as string;
    return salt[at % salt.length] !== c;
  })
  .map(({ base, inEncode, at, c }) => {
    const d = clone(base.draft);
    const salt = d.fingerprint.salt as string;
    const i = at % salt.length;
    const forged = salt.slice(0, i) + c + salt.slice(i + 1);
    if (inEncode) d.fingerprint.encode = (d.fingerprint.encode as string).replace(salt, forged);
    else d.fingerprint.salt = forged;
    return { base, text: show(d) };
  });

const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).concat(['\u00e9', '\u0000', '\u202e', '\ud83d']);
export const rawEdit = fc
  .record({ base: baseArb, at: fc.nat(), c: fc.constantFrom(...PRINTABLE), truncate: fc.integer({ min: 0, max: 9 }) })
  .filter(({ base, at, c, truncate }) => truncate === 0 || base.text[at % base.text.length] !== c);

export const swappedFields = baseArb.chain((base) => {
  const paths: Path[] = [
    ...hexPaths(base.draft),
    ['confirmation', 'merkleProof', 'index'],
    ['confirmation', 'merkleProof', 'targetType'],
    ['confirmation', 'confirmedBlocks'],
    ['file', 'size'],
    ['fingerprint', 'encode'],
    ['fingerprint', 'salt'],
  ];
  const norm = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);
  return fc
    .tuple(fc.constantFrom(...paths), fc.constantFrom(...paths))
    .filter(([a, b]) => {
      const [va, vb] = [norm(get(base.draft, a)), norm(get(base.draft, b))];
      // A swap of two uncovered numbers, or of equal values, changes nothing a step reads.
      const covered = (p: Path) => p.at(-1) !== 'confirmedBlocks' && p.at(-1) !== 'size';
      return va !== vb && (covered(a) || covered(b));
    })
    .map(([a, b]) => {
      const d = clone(base.draft);
      const va = get(d, a);
      set(d, a, get(d, b));
      set(d, b, va);
      return { base, text: show(d) };
    });
});

export const merkleNodes = fc
  .record({
    base: baseArb,
    op: fc.integer({ min: 0, max: 8 }),
    a: fc.nat(),
    b: fc.nat(),
    k: fc.integer({ min: 1, max: 3 }),
    hash: randomHex(64),
    many: fc.integer({ min: 54, max: 200 }),
  })
  .map(({ base, op, a, b, k, hash, many }) => {
    const d = clone(base.draft);
    const nodes = [...(proof(d).nodes as string[])];
    const n = nodes.length;
    if (op === 8 && d.aggregation) {
      // Batch path: a side swapped, or an entry dropped.
      const path = d.aggregation.path as Draft[];
      const i = a % path.length;
      const s = path[i]!;
      if (b % 2 === 0) path[i] = 'left' in s ? { right: s.left } : { left: s.right };
      else path.splice(i, 1);
      return { base, text: show(d) };
    }
    switch (op) {
      case 0: // cut from the top
        proof(d).nodes = nodes.slice(0, Math.max(0, n - k));
        break;
      case 1: // cut from the leaf
        proof(d).nodes = nodes.slice(Math.min(k, n));
        break;
      case 2: {
        // two different nodes exchanged
        const i = a % n;
        let j = b % n;
        if (nodes[i] === nodes[j]) j = nodes.findIndex((x) => x !== nodes[i]);
        [nodes[i], nodes[j]] = [nodes[j]!, nodes[i]!];
        proof(d).nodes = nodes;
        break;
      }
      case 3: // a node repeated
        nodes.splice(a % (n + 1), 0, nodes[b % n]!);
        proof(d).nodes = nodes;
        break;
      case 4: // a stranger inserted
        nodes.splice(a % (n + 1), 0, hash);
        proof(d).nodes = nodes;
        break;
      case 5: {
        // a sibling hash replaced by "*", or a "*" by a stranger
        const i = a % n;
        nodes[i] = nodes[i] === '*' ? hash : '*';
        proof(d).nodes = nodes;
        break;
      }
      case 6: // reversed order (all baselines have distinct nodes)
        proof(d).nodes = [...nodes].reverse();
        break;
      default: // longer than any block is deep, or than a receipt may hold
        proof(d).nodes = [...nodes, ...Array.from({ length: many }, (_, i) => (i % 2 ? hash : nodes[0]!))];
    }
    return { base, text: show(d) };
  })
  .filter(({ base, text }) => text !== base.text);

export const wrongIndex = fc
  .record({ base: baseArb, kind: fc.integer({ min: 0, max: 5 }), a: fc.nat(), big: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }) })
  .map(({ base, kind, a, big }) => {
    const d = clone(base.draft);
    const index = proof(d).index as number;
    const n = (proof(d).nodes as string[]).length;
    const values: unknown[] = [
      index ^ (1 << (a % n)), // one position bit flipped
      (index + 1 + (a % ((1 << n) - 1))) % (1 << n), // any other position the branch could hold
      index + (1 << n) * (1 + (a % 1000)), // beyond the branch
      big === index ? big - 1 : big,
      [-1, 4.5, '4', null, 1e300, 2 ** 53, true][a % 7],
      index === 0 ? 1 : 0,
    ];
    proof(d).index = values[kind];
    return { base, text: show(d) };
  });

export const target = fc
  .record({ base: baseArb, other: baseArb, kind: fc.integer({ min: 0, max: 6 }), a: fc.nat(), h64: randomHex(64), h160: randomHex(160) })
  .filter(({ base, other }) => base !== other)
  .map(({ base, other, kind, a, h64, h160 }) => {
    const d = clone(base.draft);
    const p = proof(d);
    const current = p.targetType === 'merkleroot' ? 'merkleRoot' : (p.targetType ?? 'hash');
    switch (kind) {
      case 0: {
        // another kind of target, each spelling
        const choices = [['hash', null, undefined], ['header'], ['merkleRoot', 'merkleroot']].filter((c) => c[0] !== current).flat();
        const t = choices[a % choices.length];
        if (t === undefined) delete p.targetType;
        else p.targetType = t;
        break;
      }
      case 1: // random bytes of the right length
        p.target = p.targetType === 'header' ? h160 : h64;
        break;
      case 2: {
        // another block's target, of its own type
        const op = proof(other.draft);
        p.target = op.target;
        p.targetType = op.targetType;
        break;
      }
      case 3: // the block hash offered as a Merkle root, or the reverse
        if (current === 'merkleRoot') p.targetType = 'hash';
        else {
          p.target = d.confirmation.blockHash;
          p.targetType = 'merkleRoot';
        }
        break;
      case 4:
        p.proofType = ['tree', 'Branch', 'composite', ''][a % 4];
        break;
      case 5:
        p.composite = true;
        break;
      default: // the Merkle root reversed (display vs internal order)
        if (current === 'merkleRoot')
          p.target = Buffer.from(p.target as string, 'hex')
            .reverse()
            .toString('hex');
        else {
          p.target = rev(Buffer.from(d.confirmation.blockHash as string, 'hex')).toString('hex');
          p.targetType = 'hash';
        }
    }
    return { base, text: show(d) };
  })
  .filter(({ base, text }) => semanticKey(JSON.parse(text) as ReceiptV1) !== base.key);

const BAD_BITS = [
  fc.integer({ min: 0, max: 0x7fffff }).map((m) => (0x20 << 24) | 0x800000 | m), // sign bit: negative
  fc.integer({ min: 0x23, max: 0xff }).map((e) => ((e << 24) | 0x7fffff) >>> 0), // more than 256 bits
  fc.integer({ min: 0, max: 0xff }).map((e) => (e << 24) >>> 0), // zero target
  fc.integer({ min: 0x21, max: 0x22 }).map((e) => (e << 24) | 0x00ffff), // easier than regtest allows
  fc.integer({ min: 0x03, max: 0x1f }).map((e) => (e << 24) | 0x00ffff), // harder than the work done
  fc.integer({ min: 0, max: 0xffffffff }), // anything
];
export const blockHeader = fc
  .record({
    base: baseArb,
    field: fc.integer({ min: 0, max: 4 }),
    bits: fc.oneof(...BAD_BITS),
    word: fc.integer({ min: 0, max: 0xffffffff }),
    fixHash: fc.boolean(),
    network: fc.constantFrom('mainnet', 'testnet', 'MAINNET'),
  })
  .map(({ base, field, bits, word, fixHash, network }) => {
    const d = clone(base.draft);
    if (field === 4) {
      // The same regtest block claimed for a network whose limit its bits exceed.
      d.network = network;
      return { base, text: show(d) };
    }
    const path = headerPath(d);
    const original = Buffer.from(get(d, path) as string, 'hex');
    let h: Buffer = Buffer.from(original);
    if (field === 0) h.writeUInt32LE(bits >>> 0, 72);
    else if (field === 1) h.writeUInt32LE((word === h.readUInt32LE(76) ? word + 1 : word) >>> 0, 76);
    else if (field === 2) h.writeUInt32LE((word === h.readUInt32LE(68) ? word + 1 : word) >>> 0, 68);
    else h.writeUInt32LE((word === h.readUInt32LE(0) ? word + 1 : word) >>> 0, 0);
    // With a matching blockHash the forger still cannot do the work: never a genuine block.
    if (fixHash) {
      h = unmined(h);
      d.confirmation.blockHash = hashOf(h);
    }
    if (h.equals(original)) h.writeUInt32LE((h.readUInt32LE(76) + 1) >>> 0, 76);
    set(d, path, h.toString('hex'));
    return { base, text: show(d) };
  });

export const transaction = fc
  .record({
    base: baseArb,
    kind: fc.integer({ min: 0, max: 6 }),
    consistent: fc.boolean(),
    asTxOrId: fc.boolean(),
    a: fc.nat(),
    junk: fc.uint8Array({ minLength: 1, maxLength: 40 }),
  })
  .map(({ base, kind, consistent, asTxOrId, a, junk }) => {
    const d = clone(base.draft);
    const raw = d.transaction as string;
    const tx = parseTx(raw);
    const published = Buffer.from(d.fingerprint.published as string, 'hex');
    const carrying = tx.outputs.findIndex((o) => dataPushes(o.script)?.some((p) => p.equals(published)));
    const out = tx.outputs[carrying]!;
    const at = out.script.indexOf(published);
    let forged: Buffer;
    switch (kind) {
      case 0: // the carrying output removed
        tx.outputs.splice(carrying, 1);
        forged = serializeTx(tx);
        break;
      case 1: {
        // other bytes of the same length pushed
        const other = Buffer.from(published);
        const i = a % other.length;
        other[i] = other[i]! ^ (1 + (a % 255));
        out.script = Buffer.concat([out.script.subarray(0, at), other, out.script.subarray(at + published.length)]);
        forged = serializeTx(tx);
        break;
      }
      // The bytes may stand anywhere in an output script (receipt-v1.md), so a push
      // that is not a data output, or a push declared short, is no longer a forgery; these are.
      case 2: {
        // a byte put inside the published bytes: no longer whole and in order
        const k = 1 + (a % (published.length - 1));
        out.script = Buffer.concat([out.script.subarray(0, at + k), Buffer.from([a & 0xff]), out.script.subarray(at + k)]);
        forged = serializeTx(tx);
        break;
      }
      case 3: // the published bytes' first or last byte cut
        out.script =
          a % 2
            ? Buffer.concat([out.script.subarray(0, at), out.script.subarray(at + 1)])
            : Buffer.concat([out.script.subarray(0, at + published.length - 1), out.script.subarray(at + published.length)]);
        forged = serializeTx(tx);
        break;
      case 4: // the published bytes reversed (display order for internal order)
        out.script = Buffer.concat([out.script.subarray(0, at), Buffer.from(published).reverse(), out.script.subarray(at + published.length)]);
        forged = serializeTx(tx);
        break;
      case 5: // bytes cut from the end or appended
        forged =
          a % 2 ? Buffer.from(raw, 'hex').subarray(0, Math.max(1, raw.length / 2 - 1 - (a % 50))) : Buffer.concat([Buffer.from(raw, 'hex'), Buffer.from(junk)]);
        break;
      default: // the fingerprint pushed into the input script instead
        tx.outputs.splice(carrying, 1);
        tx.inputs[0]!.scriptSig = Buffer.concat([tx.inputs[0]!.scriptSig, Buffer.from([published.length]), published]);
        forged = serializeTx(tx);
    }
    const hexTx = forged.toString('hex');
    if (consistent) {
      // The forger makes every id agree with the forged transaction.
      d.registration.txId = txidOf(forged);
      proof(d).txOrId = d.registration.txId;
    }
    if (asTxOrId && hexTx.length > 64) {
      // The same forgery carried in merkleProof.txOrId instead of transaction.
      delete d.transaction;
      proof(d).txOrId = hexTx;
    } else {
      d.transaction = hexTx;
    }
    return { base, text: show(d) };
  });

const deep = (depth: number, open: string, close: string, closed: boolean) => open.repeat(depth) + (closed ? close.repeat(depth) : '');
export const jsonShape = fc
  .record({
    base: baseArb,
    kind: fc.integer({ min: 0, max: 7 }),
    depth: fc.integer({ min: MAX_JSON_DEPTH, max: 50_000 }),
    closed: fc.boolean(),
    a: fc.nat(),
    h64: randomHex(64),
  })
  .map(({ base, kind, depth, closed, a, h64 }) => {
    const extra = depth; // with the receipt's own levels, always past MAX_JSON_DEPTH
    switch (kind) {
      case 0: // deep arrays in an unknown field (the receipt itself adds 1 to 3 levels)
        return { base, text: base.text.replace(/^\{/, `{"x": ${deep(extra, '[', ']', closed)},`) };
      case 1: // deep objects inside a known field
        return { base, text: base.text.replace('"nodes": [', `"nodes": [${deep(extra, '{"a":', '}', closed)}${closed ? '' : '1'},`) };
      case 2: // deep nesting with nothing else, or after closers that would drive a naive depth count negative
        if (a % 3 === 2) return { base, text: `${']'.repeat(extra)}${deep(extra, '[', ']', closed)}` };
        return { base, text: deep(extra, a % 2 ? '[' : '{"k":', a % 2 ? ']' : '}', closed) };
      case 3: // more nodes or batch entries than a receipt holds
        return { base, text: base.text.replace('"nodes": [', `"nodes": [${Array.from({ length: 65 + (a % 500) }, () => `"${h64}"`).join(',')},`) };
      case 4: {
        // a second, forged value for a key (JSON.parse keeps the last)
        const d = clone(base.draft);
        const body = JSON.stringify(d, null, 2);
        const keys = ['"txId": ', '"blockHash": ', '"sha256": ', '"published": '];
        const key = keys[a % keys.length]!;
        return { base, text: body.replace(new RegExp(`(${key}"[0-9a-f]+")`), `$1, ${key}"${h64}"`) };
      }
      case 5: // numbers out of range
        return { base, text: base.text.replace(/"index": \d+/, `"index": ${['1e400', '-0.5', '9007199254740993', '1e21', '-1e400'][a % 5]!}`) };
      case 6: // a huge string in a field that a step reads
        return { base, text: base.text.replace(/"txOrId": "[0-9a-f]+"/, `"txOrId": "${'ab'.repeat(10_000 + (a % 100_000))}"`) };
      default: // not an object at all
        return { base, text: ['null', '[]', '"receipt"', '0', '', ' ', '\uFEFF', 'true', '{}', '{"format":"notarium-receipt/1"}'][a % 10]! };
    }
  })
  .filter(({ base, text }) => text !== base.text);

export const oversize = fc
  .record({ base: baseArb, over: fc.integer({ min: 1, max: 100_000 }) })
  .map(({ base, over }) => ({ base, text: base.text.replace(/^\{/, `{"pad": "${' '.repeat(MAX_RECEIPT_CHARS - base.text.length + over)}",`) }));

export const missingEvidence = fc
  .record({
    forged: forgedBlockArb,
    targetType: fc.constantFrom('merkleRoot', 'merkleroot', 'hash'),
    withTx: fc.boolean(),
    network: fc.constantFrom(...NETWORK_LABELS),
    blockHash: randomHex(64),
  })
  .map(({ forged, targetType, withTx, network, blockHash }) => {
    const { draft, root, fileSha256, content } = forged;
    // The forger's proof folds to a root of its own choosing; nothing ties that root to any block.
    Object.assign(draft.confirmation, { blockHash });
    Object.assign(proof(draft), { targetType, target: targetType === 'hash' ? blockHash : root });
    if (!withTx) delete draft.transaction;
    draft.network = network;
    return { text: show(draft), fileSha256, content, withTx };
  });

export const labelTricks = fc.record({ base: baseArb, label: labelTrickArb }).map(({ base, label }) => {
  const d = clone(base.draft);
  d.network = label.text;
  return { base, text: show(d), label };
});

/** A forged block mined here, in a moment (a target at or near the test chains' limit needs a few hashes), labelled as given. */
export const selfMinedArb = (labels: fc.Arbitrary<LabelTrick>) =>
  fc
    .record({
      forged: forgedBlockArb,
      bits: fc.constantFrom(0x207fffff, 0x200fffff, 0x1f7fffff),
      placement: fc.constantFrom('header', 'blockHeader-hash', 'blockHeader-merkleRoot'),
      label: labels,
      time: fc.integer({ min: 1_231_006_505, max: 2 ** 32 - 1 }),
    })
    .map(({ forged, bits, placement, label, time }) => {
      const { draft, root, fileSha256, content } = forged;
      const mined = mineHeader(root, { bits, time });
      draft.confirmation.blockHash = mined.hash;
      if (placement === 'header') Object.assign(proof(draft), { targetType: 'header', target: mined.hex });
      else {
        draft.blockHeader = mined.hex;
        Object.assign(proof(draft), placement === 'blockHeader-hash' ? { targetType: 'hash', target: mined.hash } : { targetType: 'merkleRoot', target: root });
      }
      draft.network = label.text;
      return { text: show(draft), fileSha256, content, label };
    });

// Anyone mines a difficulty-1 header in minutes; the test cannot, so it takes real ones (the
// Bitcoin and testnet3 genesis blocks, block 125,552) with their real hashes as blockHash.
const BLOCKS = ['genesis', 'testnetGenesis', 'block125552'] as const;
export const realHeaders = fc
  .record({
    forged: forgedBlockArb,
    block: fc.constantFrom(...BLOCKS),
    network: fc.constantFrom(...TARGETS),
    upper: fc.nat(),
    // branch: the forged transaction's own Merkle branch, the real header in the proof's target or blockHeader;
    // rootTarget: the real header's Merkle root as the proof's target; claimRoot: the block's root claimed as the
    // registration's txId, no transaction given (the only claim a real header can be made to hold).
    claim: fc.constantFrom('branch-header', 'branch-blockHeader-hash', 'branch-blockHeader-merkleRoot', 'rootTarget', 'claimRoot'),
  })
  .map(({ forged, block, network, upper, claim }) => {
    const { draft, root, fileSha256, content } = forged;
    const real = REAL_HEADERS[block];
    draft.confirmation.blockHash = real.hash;
    draft.network = [...network].map((c, k) => ((upper >> k) & 1 ? c.toUpperCase() : c)).join('');
    if (claim === 'branch-header') Object.assign(proof(draft), { targetType: 'header', target: real.header });
    else if (claim === 'rootTarget') Object.assign(proof(draft), { targetType: 'merkleRoot', target: real.merkleRoot });
    else if (claim === 'claimRoot') {
      delete draft.transaction;
      draft.registration.txId = real.merkleRoot;
      Object.assign(proof(draft), { index: 0, txOrId: real.merkleRoot, nodes: [], targetType: 'header', target: real.header });
    } else {
      draft.blockHeader = real.header;
      Object.assign(proof(draft), claim === 'branch-blockHeader-hash' ? { targetType: 'hash', target: real.hash } : { targetType: 'merkleRoot', target: root });
    }
    return { text: show(draft), fileSha256, content, network, claim };
  });

// Mainnet's work floor is difficulty 2^30: a floor 4,096 times weaker (2^18) would let these
// through to the hash check, a different failure; this family pins the floor's place.
const DIFFICULTY_1_TARGET = 0xffffn << 208n;
export const mainnetBelowFloor = fc
  .record({
    forged: forgedBlockArb,
    log2: fc.double({ min: 24, max: 29.999, noNaN: true }),
    where: fc.constantFrom('header', 'blockHeader-hash', 'blockHeader-merkleRoot'),
  })
  .map(({ forged, log2, where }) => {
    const { draft, root, fileSha256, content } = forged;
    const difficulty = BigInt(Math.floor(2 ** log2));
    const bits = compactBits(DIFFICULTY_1_TARGET / difficulty);
    const mined = mineHeader(root, { bits, meets: false });
    draft.confirmation.blockHash = mined.hash;
    if (where === 'header') Object.assign(proof(draft), { targetType: 'header', target: mined.hex });
    else {
      draft.blockHeader = mined.hex;
      Object.assign(proof(draft), where === 'blockHeader-hash' ? { targetType: 'hash', target: mined.hash } : { targetType: 'merkleRoot', target: root });
    }
    return { text: show(draft), fileSha256, content };
  });

/** One draw of a family: a receipt's text and the file it is of. */
export interface FamilySample {
  family: string;
  text: string;
  content: Buffer;
  /** A raw edit that touched nothing a step reads (the oracle: semanticKey): no forgery, it verifies as the original. */
  equivalent?: boolean;
}

/** A raw edit's text: one character replaced, or (one run in ten) the text cut short. */
export function rawEditText({ base, at, c, truncate }: { base: Base; at: number; c: string; truncate: number }): string {
  const i = at % base.text.length;
  return truncate === 0 ? base.text.slice(0, i) : base.text.slice(0, i) + c + base.text.slice(i + 1);
}

/** Whether an edited text still reads, as the verifier reads it, exactly as its base (the raw-edit family's oracle). */
export function isEquivalentEdit(text: string, base: Base): boolean {
  try {
    return semanticKey(parseReceipt(text)) === base.key;
  } catch {
    return false;
  }
}

/**
 * Every draw of every family, as the unit test draws them (the same arbitraries, runs and seeds:
 * fast-check samples a seed's runs in the order a property sees them). Each receipt's family is
 * its own name; the label families take the name of the trick.
 */
export function familySamples(): FamilySample[] {
  const fromBase = (family: string, arb: fc.Arbitrary<{ base: Base; text: string }>, numRuns: number, offset: number) =>
    fc.sample(arb, { numRuns, seed: SEED + offset }).map(({ base, text }) => ({ family, text, content: base.content }));
  const fromNothing = <S extends { text: string; content: Buffer }>(family: (s: S) => string, arb: fc.Arbitrary<S>, numRuns: number, offset: number) =>
    fc.sample(arb, { numRuns, seed: SEED + offset }).map((s) => ({ family: family(s), text: s.text, content: s.content }));
  return [
    ...fromBase('flipped-hex', flippedHex, 1500, 1),
    ...fromBase('flipped-salt', flippedSalt, 200, 2),
    ...fc.sample(rawEdit, { numRuns: 1300, seed: SEED + 3 }).map((s) => {
      const text = rawEditText(s);
      return { family: 'raw-edit', text, content: s.base.content, equivalent: isEquivalentEdit(text, s.base) };
    }),
    ...fromBase('swapped-fields', swappedFields, 1000, 4),
    ...fromBase('merkle-nodes', merkleNodes, 1200, 5),
    ...fromBase('wrong-index', wrongIndex, 800, 6),
    ...fromBase('target', target, 1000, 7),
    ...fromBase('block-header', blockHeader, 1200, 8),
    ...fromBase('transaction', transaction, 1200, 9),
    ...fromBase('json-shape', jsonShape, 580, 10),
    ...fromBase('oversize', oversize, 20, 11),
    ...fromNothing(() => 'missing-evidence', missingEvidence, 500, 13),
    ...fc.sample(labelTricks, { numRuns: 700, seed: SEED + 14 }).map((s) => ({ family: `label-${s.label.kind}`, text: s.text, content: s.base.content })),
    ...fromNothing((s) => `self-mined-${s.label.kind}`, selfMinedArb(labelTrickArb), 800, 15),
    ...fromNothing((s) => `real-header-${s.network}`, realHeaders, 300, 17),
    ...fromNothing(() => 'mainnet-below-floor', mainnetBelowFloor, 200, 19),
  ];
}
