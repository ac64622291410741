import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { NotariumError } from '../../../../main/core/errors/notarium-error.ts';
import { parseEncodeSpec } from '../../../../main/core/protocol/encode-spec.ts';
import { fingerprintFor } from '../../../../main/core/protocol/fingerprint.ts';
import { NETWORK_LABELS, networkOf } from '../../../../main/core/protocol/networks.ts';
import { MAX_JSON_DEPTH, MAX_RECEIPT_CHARS, parseReceipt, serializeReceipt, type ReceiptV1 } from '../../../../main/core/receipts/receipt-v1.ts';
import { FAILURE_CODES, SKIP_CODES } from '../../../../main/core/receipts/verify/step-codes.ts';
import { ONLINE_STEPS, STEP_IDS, verifyReceipt, type StepId, type VerificationReport } from '../../../../main/core/receipts/verify/verify-receipt.ts';
import type { Baseline } from '../../../fixtures/receipts/record-baselines.ts';
import { dataPushes, hexRev, parseTx, rev, sha256d, type ParsedTx } from '../../../support/bitcoin.ts';
import { REAL_HEADERS } from '../../../support/real-headers.ts';
import { branch, FILE_DIGEST, header as mineHeader, makeFixture, recordTx, type Draft } from '../../../support/receipt-fixture.ts';

/**
 * "Forged proofs": valid receipts mutated 10,000 times, by family, and 2,500
 * receipts forged from nothing (missing evidence, network-label tricks, self-mined test-chain
 * headers presented as another network, real difficulty-1 and pre-2014 headers under mainnet,
 * testnet or stn). None may verify, each is rejected at a named step (or by
 * the reader, as RECEIPT_INVALID) or downgraded to the outcome its family must get, and nothing
 * escapes the verifier. Mutations are semantic by construction; the one blind family (raw text
 * edits) is judged by an oracle that says whether the edit changed anything a verification step
 * reads, and edits that did not are checked to verify as the original. Seeds are fixed so the
 * printed figures repeat; FORGED_SEED picks another. Receipt files that are devices, links or huge
 * are in test/integration/evidence-receipt-files.test.ts.
 */

const DEFAULT_SEED = 20261122;
const SEED = Number(process.env.FORGED_SEED ?? DEFAULT_SEED);

interface Base {
  name: string;
  fileSha256: string;
  text: string;
  draft: Draft;
  key: string;
}

const recorded = JSON.parse(readFileSync(new URL('../../../fixtures/receipts/sandbox-baselines.json', import.meta.url), 'utf8')) as Baseline[];
const firstPrinciples: Baseline = { name: 'first-principles', fileSha256: FILE_DIGEST.toString('hex'), receipt: serializeReceipt(makeFixture().receipt) };
const BASES: Base[] = [...recorded, firstPrinciples].map((b) => ({
  name: b.name,
  fileSha256: b.fileSha256,
  text: b.receipt,
  draft: JSON.parse(b.receipt) as Draft,
  key: semanticKey(parseReceipt(b.receipt)),
}));

// ---------------------------------------------------------------------------------------------
// The judge: read, verify, classify. Anything thrown other than RECEIPT_INVALID is a defect.

type Verdict =
  | { kind: 'verified' }
  | { kind: 'rejected'; step: string }
  /** No step failed but evidence went missing: the report says which steps were skipped. */
  | { kind: 'downgraded'; outcome: string; skipped: string[] }
  | { kind: 'thrown'; error: unknown };

function judge(text: string, fileSha256: string): Verdict & { receipt?: ReceiptV1; report?: VerificationReport } {
  let receipt: ReceiptV1;
  try {
    receipt = parseReceipt(text);
  } catch (err) {
    if (err instanceof NotariumError && err.code === 'RECEIPT_INVALID' && err.message.length > 20) return { kind: 'rejected', step: 'parse' };
    return { kind: 'thrown', error: err };
  }
  let report: VerificationReport;
  try {
    report = verifyReceipt(receipt, { fileDigest: fileSha256 });
  } catch (err) {
    return { kind: 'thrown', error: err };
  }
  if (report.outcome === 'verified') return { kind: 'verified', receipt, report };
  if (report.outcome === 'failed') {
    const step = report.steps.find((s) => s.id === report.failedStep);
    if (
      !report.failedStep ||
      !STEP_IDS.includes(report.failedStep) ||
      step?.status !== 'fail' ||
      step.detail.length === 0 ||
      !(FAILURE_CODES as readonly string[]).includes(step.code ?? '')
    ) {
      return { kind: 'thrown', error: new Error(`a failed report that names no failing step and its code: ${JSON.stringify(report).slice(0, 400)}`) };
    }
    return { kind: 'rejected', step: report.failedStep, receipt, report };
  }
  const uncoded = report.steps.find((s) => s.status === 'skipped' && !(SKIP_CODES as readonly string[]).includes(s.code ?? ''));
  if (uncoded) return { kind: 'thrown', error: new Error(`a skipped step without its code: ${JSON.stringify(uncoded).slice(0, 400)}`) };
  const skipped = report.steps.filter((s) => s.status === 'skipped' && !ONLINE_STEPS.includes(s.id)).map((s) => s.id);
  return { kind: 'downgraded', outcome: report.outcome, skipped, receipt, report };
}

/** Everything a verification step reads, normalised as the verifier reads it (hex case, defaults). */
function semanticKey(r: ReceiptV1): string {
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
// Tallies, printed at the end.

const tally = {
  runs: 0,
  verified: 0,
  thrown: 0,
  byStep: new Map<string, number>(),
  downgraded: new Map<string, number>(),
  downgradedByFamily: new Map<string, number>(),
  byFamily: new Map<string, number>(),
  /** "<family>: <step it failed at, or what it was downgraded to>": each family's outcomes, counted. */
  byFamilyOutcome: new Map<string, number>(),
  equivalent: 0,
};

/**
 * The mutation families that can cause a downgrade, and which: only raw text edits can rename a
 * whole evidence field (transaction, blockHeader, confirmation) or make the network label one
 * outside the vocabulary. Every other family changes what a step reads, so it must fail there.
 */
const MAY_DOWNGRADE: Readonly<Record<string, readonly string[]>> = {
  'raw-edit': ['pending', 'transaction skipped', 'block-header skipped', 'transaction+block-header skipped'],
};
const controls = { runs: 0, verified: 0 };
/** Self-mined blocks labelled honestly (sandbox, regtest): they verify, but only ever as a test chain. */
const testChains = { runs: 0, verifiedAsTestChain: 0 };
/** Real difficulty-1 and pre-2014 headers: refused, or (a claimed root under testnet or stn) partially verified as a test chain. */
const realHeaders = { refused: 0, coinbaseClaims: 0 };

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** The main property: a semantic forgery never verifies, is rejected at a named step (or downgraded, naming what is missing), and nothing escapes. */
function expectForgeryRefused(family: string, text: string, base: Base): void {
  const verdict = judge(text, base.fileSha256);
  tally.runs++;
  bump(tally.byFamily, family);
  if (verdict.kind === 'thrown') {
    tally.thrown++;
    throw new Error(`${family} on ${base.name}: an exception escaped: ${String((verdict.error as Error)?.stack ?? verdict.error)}`);
  }
  if (verdict.kind === 'verified') {
    tally.verified++;
    throw new Error(`${family} on ${base.name}: a forged receipt verified:\n${text.slice(0, 4000)}`);
  }
  if (verdict.kind === 'rejected') {
    bump(tally.byStep, verdict.step);
    bump(tally.byFamilyOutcome, `${family}: ${verdict.step}`);
  } else {
    expect(verdict.skipped.length + (verdict.outcome === 'pending' ? 1 : 0), `${family}: a downgrade names what is missing`).toBeGreaterThan(0);
    const downgrade = verdict.outcome === 'pending' ? 'pending' : `${verdict.skipped.join('+')} skipped`;
    expect(
      MAY_DOWNGRADE[family] ?? [],
      `${family} on ${base.name}: downgraded (${downgrade}), which this family cannot cause:\n${text.slice(0, 2000)}`,
    ).toContain(downgrade);
    bump(tally.downgraded, downgrade);
    bump(tally.downgradedByFamily, family);
    bump(tally.byFamilyOutcome, `${family}: ${downgrade}`);
  }
}

const run = (family: string, numRuns: number, arb: fc.Arbitrary<{ base: Base; text: string }>, seedOffset: number) =>
  fc.assert(
    fc.property(arb, ({ base, text }) => expectForgeryRefused(family, text, base)),
    { numRuns, seed: SEED + seedOffset, endOnFailure: true },
  );

/** What a family forged from nothing must get, exactly: a failure at a named step, or partially verified with these steps skipped. */
type Expected = { failedAt: StepId | 'parse' } | { partial: StepId[] };

/** A forgery built from nothing: judged like the others, and held to its family's exact outcome. */
function expectOutcome(family: string, text: string, fileSha256: string, expected: Expected): VerificationReport | undefined {
  const verdict = judge(text, fileSha256);
  tally.runs++;
  bump(tally.byFamily, family);
  if (verdict.kind === 'thrown') {
    tally.thrown++;
    throw new Error(`${family}: an exception escaped: ${String((verdict.error as Error)?.stack ?? verdict.error)}`);
  }
  if (verdict.kind === 'verified') {
    tally.verified++;
    throw new Error(`${family}: a forged receipt verified:\n${text.slice(0, 4000)}`);
  }
  if (verdict.kind === 'rejected') {
    bump(tally.byStep, verdict.step);
    bump(tally.byFamilyOutcome, `${family}: ${verdict.step}`);
    expect(
      'failedAt' in expected ? expected.failedAt : `partially verified (${expected.partial.join('+')})`,
      `${family}: ${verdict.report?.summary ?? 'refused by the reader'}`,
    ).toBe(verdict.step);
  } else {
    bump(tally.downgraded, `${verdict.skipped.join('+')} skipped`);
    bump(tally.downgradedByFamily, family.replace(/-(zero-width|homoglyph|whitespace|case|unknown)$/, ''));
    bump(tally.byFamilyOutcome, `${family}: ${verdict.skipped.join('+')} skipped`);
    expect(verdict.outcome, family).toBe('partially-verified');
    expect('partial' in expected ? expected.partial : `failed at ${expected.failedAt}`, `${family}: ${verdict.report!.summary}`).toEqual(verdict.skipped);
    // Partially verified names what is missing and what that leaves unproven, and never reads as verified.
    expect(verdict.report!.summary).toMatch(/^Partially verified, not verified: /);
    expect(verdict.report!.unproven).toHaveLength(verdict.skipped.length);
  }
  return verdict.report;
}

// ---------------------------------------------------------------------------------------------
// Draft helpers.

type Path = (string | number)[];
const clone = (d: Draft): Draft => structuredClone(d);
const show = (d: Draft): string => `${JSON.stringify(d, null, 2)}\n`;
function get(d: Draft, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], d);
}
function set(d: Draft, path: Path, value: unknown): void {
  const parent = get(d, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path.at(-1)!] = value;
}
const proof = (d: Draft): Draft => d.confirmation.merkleProof as Draft;
const HEXDIGITS = '0123456789abcdef';
const randomHex = (chars: number) => fc.array(fc.constantFrom(...HEXDIGITS), { minLength: chars, maxLength: chars }).map((a) => a.join(''));
const baseArb = fc.constantFrom(...BASES);

/** Paths of every hex string a verification step reads (each change to one is semantic). */
function hexPaths(d: Draft): Path[] {
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

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
const varint = (n: number) => (n < 0xfd ? Buffer.from([n]) : Buffer.concat([Buffer.from([0xfd]), Buffer.from([n & 0xff, n >> 8])]));
function serializeTx(tx: ParsedTx): Buffer {
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
const txidOf = (raw: Buffer) => rev(sha256d(raw)).toString('hex');

const headerPath = (d: Draft): Path => (proof(d).targetType === 'header' ? ['confirmation', 'merkleProof', 'target'] : ['blockHeader']);
const hashOf = (header: Buffer) => rev(sha256d(header)).toString('hex');
const REGTEST_LIMIT = (1n << 255n) - 1n;
/** A test-side reading of compact bits; null where Bitcoin would refuse them (sign bit, zero). */
function targetOf(bits: number): bigint | null {
  const exponent = bits >>> 24;
  const mantissa = bits & 0x007fffff;
  if (mantissa === 0 || bits & 0x00800000) return null;
  return exponent <= 3 ? BigInt(mantissa >>> (8 * (3 - exponent))) : BigInt(mantissa) << BigInt(8 * (exponent - 3));
}
/** The compact form (a header's bits) of a target, rounded down as Bitcoin encodes it. */
function compactBits(target: bigint): number {
  let size = Math.ceil(target.toString(16).length / 2);
  let mantissa = size <= 3 ? Number(target << BigInt(8 * (3 - size))) : Number(target >> BigInt(8 * (size - 3)));
  if (mantissa & 0x00800000) {
    mantissa >>= 8;
    size++;
  }
  return ((size << 24) | mantissa) >>> 0;
}
/** Would this header be a genuine regtest block (the work done)? Then it is no forgery. */
function genuine(header: Buffer): boolean {
  const target = targetOf(header.readUInt32LE(72));
  return target !== null && target > 0n && target <= REGTEST_LIMIT && BigInt(`0x${hashOf(header)}`) <= target;
}
/** A forger without the work: bump the nonce until the header does NOT meet its own target. */
function unmined(header: Buffer): Buffer {
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
const forgedBlockArb = fc
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
    return { draft, root, fileSha256: digest.toString('hex') };
  });

interface LabelTrick {
  kind: 'zero-width' | 'homoglyph' | 'whitespace' | 'case' | 'unknown' | 'honest';
  text: string;
  /** In the vocabulary after normalisation (case variants only): its own limit then applies. */
  known: boolean;
}

const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u180e'];
const SPACES = [' ', '\t', '\n', '\r', '\u00a0', '\u2009', '\u3000'];
/** Letters of mainnet, testnet and stn, and characters that look like them. */
const LOOKALIKES: Record<string, string[]> = {
  m: ['\u043c', '\u217f', '\uff4d', 'rn'],
  a: ['\u0430', '\u0251', '\uff41', '\u00e0'],
  i: ['\u0456', '\u0131', '\u0069\u0307', '\uff49', '1', 'l'],
  n: ['\u0578', '\u0578', '\u057c', '\uff4e', '\u0144'],
  e: ['\u0435', '\u0117', '\uff45', '\u212e'],
  t: ['\u0442', '\uff54', '\u0163'],
  s: ['\u0455', '\uff53', '\u015f'],
};
const TARGETS = ['mainnet', 'testnet', 'stn'] as const;
const UNKNOWN = [
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
const labelTrickArb: fc.Arbitrary<LabelTrick> = fc
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
const honestTestChainArb: fc.Arbitrary<LabelTrick> = fc
  .record({ label: fc.constantFrom('sandbox', 'regtest'), pick: fc.nat() })
  .map(({ label, pick }) => ({ kind: 'honest', text: [...label].map((c, k) => ((pick >> k) & 1 ? c.toUpperCase() : c)).join(''), known: true }));

/** A trick label is never read as a known network; a case variant is, and is held to that network's limit. */
function expectLabelJudged(report: VerificationReport, label: LabelTrick): void {
  const header = report.steps.find((s) => s.id === 'block-header')!;
  if (label.known) {
    expect(report.network).toEqual({ label: label.text.toLowerCase(), known: true, testChain: networkOf(label.text)!.testChain });
    expect(header.detail).toMatch(/easier than this network allows/);
  } else {
    expect(report.network).toEqual({ label: label.text, known: false, testChain: false });
    expect(header.detail).toMatch(/proof of work could not be judged/);
    expect(report.unproven!.join(' ')).toMatch(/took any work to make/);
  }
}

// ---------------------------------------------------------------------------------------------

describe('forged receipts: 10,000 mutations of valid receipts, 2,500 forged from nothing', () => {
  afterAll(() => {
    const steps = [...tally.byStep.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    const downgraded = [...tally.downgraded.entries()].map(([k, v]) => `${k} ${v}`).join(', ');
    const families = [...tally.byFamily.entries()].map(([k, v]) => `${k} ${v}`).join(', ');
    const downgradedFamilies = [...tally.downgradedByFamily.entries()].map(([k, v]) => `${k} ${v}`).join(', ');
    console.log(
      `forged receipts: ${tally.runs + tally.equivalent} mutations = ${tally.runs} forgeries + ${tally.equivalent} equivalent edits; ` +
        `forgeries verified ${tally.verified}, rejected by step: ${steps}; ` +
        `downgraded (partially verified or pending, never verified): ${downgraded || 'none'} (by family: ${downgradedFamilies || 'none'}); thrown ${tally.thrown}\n` +
        `  forgeries by family: ${families}\n` +
        `  equivalent edits (raw edits the oracle found touch nothing a step reads: uncovered field, hex case, trailing space), verified as the original: ${tally.equivalent}\n` +
        `equivalent receipts (controls): ${controls.runs}, verified ${controls.verified}\n` +
        `self-mined blocks labelled sandbox or regtest: ${testChains.runs}, verified only as a test chain ${testChains.verifiedAsTestChain}\n` +
        `real difficulty-1 and pre-2014 headers under mainnet, testnet or stn: refused ${realHeaders.refused}, refused as coinbase claims ${realHeaders.coinbaseClaims}`,
    );
  });

  it(`starts from ${BASES.length} genuinely valid receipts (sandbox runs, all target types, linked, batch, Base64 chain, "*" nodes)`, () => {
    for (const base of BASES) {
      const report = verifyReceipt(parseReceipt(base.text), { fileDigest: base.fileSha256 });
      expect(report.outcome, `${base.name}: ${report.summary}`).toBe('verified');
      expect(report.steps.filter((s) => s.status !== 'pass').map((s) => s.id)).toEqual(
        base.draft.aggregation ? ['record', 'chain', 'service'] : ['aggregation', 'chain', 'service'],
      );
    }
    const targets = new Set(BASES.map((b) => proof(b.draft).targetType));
    expect(targets).toEqual(new Set(['header', 'hash', 'merkleRoot']));
    expect(BASES.some((b) => (proof(b.draft).nodes as string[]).includes('*'))).toBe(true);
    expect(BASES.filter((b) => b.draft.aggregation).length).toBeGreaterThanOrEqual(3);
    // The test's transaction writer reproduces the recorded transactions byte for byte.
    for (const base of BASES) expect(serializeTx(parseTx(base.draft.transaction as string)).toString('hex')).toBe(base.draft.transaction);
  });

  it('flipped hex digits in every field a step reads (1,500)', () => {
    const arb = baseArb.chain((base) => {
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
    run('flipped-hex', 1500, arb, 1);
  });

  it('flipped salt characters in encode or salt (200)', () => {
    const SALT_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/:-+';
    const arb = fc
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
    run('flipped-salt', 200, arb, 2);
  });

  it('raw edits of the receipt text, judged by the oracle (1,300)', () => {
    const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).concat(['\u00e9', '\u0000', '\u202e', '\ud83d']);
    const arb = fc
      .record({ base: baseArb, at: fc.nat(), c: fc.constantFrom(...PRINTABLE), truncate: fc.integer({ min: 0, max: 9 }) })
      .filter(({ base, at, c, truncate }) => truncate === 0 || base.text[at % base.text.length] !== c);
    fc.assert(
      fc.property(arb, ({ base, at, c, truncate }) => {
        const i = at % base.text.length;
        // One run in ten cuts the text short; the others replace one character.
        const text = truncate === 0 ? base.text.slice(0, i) : base.text.slice(0, i) + c + base.text.slice(i + 1);
        const verdict = judge(text, base.fileSha256);
        if (verdict.receipt && semanticKey(verdict.receipt) === base.key) {
          // The edit touched nothing a step reads (a name, a size, a time, hex case, trailing space).
          expect(verdict.kind, `an equivalent edit at ${i} of ${base.name} must verify as the original`).toBe('verified');
          tally.equivalent++;
          return;
        }
        expectForgeryRefused('raw-edit', text, base);
      }),
      { numRuns: 1300, seed: SEED + 3, endOnFailure: true },
    );
  });

  it('swapped fields (1,000)', () => {
    const arb = baseArb.chain((base) => {
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
    run('swapped-fields', 1000, arb, 4);
  });

  it('truncated, reordered, duplicated or replaced Merkle nodes and batch paths (1,200)', () => {
    const arb = fc
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
    run('merkle-nodes', 1200, arb, 5);
  });

  it('wrong index (800)', () => {
    const arb = fc
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
    run('wrong-index', 800, arb, 6);
  });

  it('wrong target, targetType, proofType or composite (1,000)', () => {
    const arb = fc
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
    run('target', 1000, arb, 7);
  });

  it('block headers with bad bits, nonce or fields, with or without a matching blockHash (1,200)', () => {
    const BAD_BITS = [
      fc.integer({ min: 0, max: 0x7fffff }).map((m) => (0x20 << 24) | 0x800000 | m), // sign bit: negative
      fc.integer({ min: 0x23, max: 0xff }).map((e) => ((e << 24) | 0x7fffff) >>> 0), // more than 256 bits
      fc.integer({ min: 0, max: 0xff }).map((e) => (e << 24) >>> 0), // zero target
      fc.integer({ min: 0x21, max: 0x22 }).map((e) => (e << 24) | 0x00ffff), // easier than regtest allows
      fc.integer({ min: 0x03, max: 0x1f }).map((e) => (e << 24) | 0x00ffff), // harder than the work done
      fc.integer({ min: 0, max: 0xffffffff }), // anything
    ];
    const arb = fc
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
    run('block-header', 1200, arb, 8);
  });

  it('transactions without the published bytes whole in an output, or another transaction (1,200)', () => {
    const arb = fc
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
              a % 2
                ? Buffer.from(raw, 'hex').subarray(0, Math.max(1, raw.length / 2 - 1 - (a % 50)))
                : Buffer.concat([Buffer.from(raw, 'hex'), Buffer.from(junk)]);
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
    run('transaction', 1200, arb, 9);
  });

  it('oversize and deeply nested JSON, duplicate keys, out-of-range numbers (600)', () => {
    const deep = (depth: number, open: string, close: string, closed: boolean) => open.repeat(depth) + (closed ? close.repeat(depth) : '');
    const arb = fc
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
    run('json-shape', 580, arb, 10);
    // Oversize: past the 4 Mi character limit, by padding an unknown field (a few runs: each is 4 MB).
    const big = fc
      .record({ base: baseArb, over: fc.integer({ min: 1, max: 100_000 }) })
      .map(({ base, over }) => ({ base, text: base.text.replace(/^\{/, `{"pad": "${' '.repeat(MAX_RECEIPT_CHARS - base.text.length + over)}",`) }));
    run('oversize', 20, big, 11);
  });

  // -------------------------------------------------------------------------------------------
  // Receipts forged from nothing, and network labels that only look like a network.

  it('missing evidence: a never-registered file, no header, a self-consistent Merkle root, with or without a raw transaction (500)', () => {
    const arb = fc
      .record({
        forged: forgedBlockArb,
        targetType: fc.constantFrom('merkleRoot', 'merkleroot', 'hash'),
        withTx: fc.boolean(),
        network: fc.constantFrom(...NETWORK_LABELS),
        blockHash: randomHex(64),
      })
      .map(({ forged, targetType, withTx, network, blockHash }) => {
        const { draft, root, fileSha256 } = forged;
        // The forger's proof folds to a root of its own choosing; nothing ties that root to any block.
        Object.assign(draft.confirmation, { blockHash });
        Object.assign(proof(draft), { targetType, target: targetType === 'hash' ? blockHash : root });
        if (!withTx) delete draft.transaction;
        draft.network = network;
        return { text: show(draft), fileSha256, withTx };
      });
    fc.assert(
      fc.property(arb, ({ text, fileSha256, withTx }) => {
        expectOutcome('missing-evidence', text, fileSha256, { partial: withTx ? ['block-header'] : ['transaction', 'block-header'] });
      }),
      { numRuns: 500, seed: SEED + 13, endOnFailure: true },
    );
  });

  it('network-label tricks on genuine sandbox blocks: zero-width, homoglyph, whitespace, case, unknown labels (700)', () => {
    const arb = fc.record({ base: baseArb, label: labelTrickArb }).map(({ base, label }) => {
      const d = clone(base.draft);
      d.network = label.text;
      return { base, text: show(d), label };
    });
    fc.assert(
      fc.property(arb, ({ base, text, label }) => {
        const report = expectOutcome(`label-${label.kind}`, text, base.fileSha256, label.known ? { failedAt: 'block-header' } : { partial: ['block-header'] });
        expectLabelJudged(report!, label);
      }),
      { numRuns: 700, seed: SEED + 14, endOnFailure: true },
    );
  });

  /** A forged block mined here, in a moment (a target at or near the test chains' limit needs a few hashes), labelled as given. */
  const selfMinedArb = (labels: fc.Arbitrary<LabelTrick>) =>
    fc
      .record({
        forged: forgedBlockArb,
        bits: fc.constantFrom(0x207fffff, 0x200fffff, 0x1f7fffff),
        placement: fc.constantFrom('header', 'blockHeader-hash', 'blockHeader-merkleRoot'),
        label: labels,
        time: fc.integer({ min: 1_231_006_505, max: 2 ** 32 - 1 }),
      })
      .map(({ forged, bits, placement, label, time }) => {
        const { draft, root, fileSha256 } = forged;
        const mined = mineHeader(root, { bits, time });
        draft.confirmation.blockHash = mined.hash;
        if (placement === 'header') Object.assign(proof(draft), { targetType: 'header', target: mined.hex });
        else {
          draft.blockHeader = mined.hex;
          Object.assign(
            proof(draft),
            placement === 'blockHeader-hash' ? { targetType: 'hash', target: mined.hash } : { targetType: 'merkleRoot', target: root },
          );
        }
        draft.network = label.text;
        return { text: show(draft), fileSha256, label };
      });

  it('self-mined test-chain headers over forged transactions, presented as mainnet, testnet, stn or a label trick (800)', () => {
    fc.assert(
      fc.property(selfMinedArb(labelTrickArb), ({ text, fileSha256, label }) => {
        const report = expectOutcome(`self-mined-${label.kind}`, text, fileSha256, label.known ? { failedAt: 'block-header' } : { partial: ['block-header'] });
        expectLabelJudged(report!, label);
      }),
      { numRuns: 800, seed: SEED + 15, endOnFailure: true },
    );
  });

  it('the same self-mined blocks labelled for what they are (sandbox, regtest): verified, but only ever as a test chain (controls, 200)', () => {
    fc.assert(
      fc.property(selfMinedArb(honestTestChainArb), ({ text, fileSha256, label }) => {
        const report = verifyReceipt(parseReceipt(text), { fileDigest: fileSha256 });
        testChains.runs++;
        expect(report.outcome).toBe('verified');
        expect(report.network).toEqual({ label: label.text.toLowerCase(), known: true, testChain: true });
        expect(report.summary).toMatch(/^Verified on (sandbox|regtest), a test chain: .*proof of work proves nothing .*not a proof on mainnet/);
        expect(report.proves).toMatch(
          /is a test chain: anyone can mine a block there on an ordinary computer, so its proof of work proves nothing, and this is not a proof on mainnet/,
        );
        expect(report.proves).not.toMatch(/heaviest chain/);
        testChains.verifiedAsTestChain++;
      }),
      { numRuns: 200, seed: SEED + 16, endOnFailure: true },
    );
  });

  it('real difficulty-1 and pre-2014 headers under mainnet, testnet or stn: never verified (300)', () => {
    // Anyone mines a difficulty-1 header in minutes; the test cannot, so it takes real ones (the
    // Bitcoin and testnet3 genesis blocks, block 125,552) with their real hashes as blockHash.
    const BLOCKS = ['genesis', 'testnetGenesis', 'block125552'] as const;
    const arb = fc
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
        const { draft, root, fileSha256 } = forged;
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
          Object.assign(
            proof(draft),
            claim === 'branch-blockHeader-hash' ? { targetType: 'hash', target: real.hash } : { targetType: 'merkleRoot', target: root },
          );
        }
        return { text: show(draft), fileSha256, network, claim };
      });
    fc.assert(
      fc.property(arb, ({ text, fileSha256, network, claim }) => {
        // A forged branch does not reach the real block's root; a claimed root is the block's only transaction, its
        // coinbase (index 0), which is never a registration; a forged branch under the real header is judged there.
        const expected: Expected = claim === 'rootTarget' || claim === 'claimRoot' ? { failedAt: 'merkle-proof' } : { failedAt: 'block-header' };
        const report = expectOutcome(`real-header-${network}`, text, fileSha256, expected)!;
        if (claim === 'claimRoot') expect(report.steps.find((s) => s.id === 'merkle-proof')!.code).toBe('proof-index-coinbase');
        else if (claim !== 'rootTarget') expect(report.steps.find((s) => s.id === 'block-header')!.detail).toMatch(/not the root the proof gives/);
        realHeaders[claim === 'claimRoot' ? 'coinbaseClaims' : 'refused']++;
      }),
      { numRuns: 300, seed: SEED + 17, endOnFailure: true },
    );
    expect(realHeaders.refused).toBeGreaterThan(0);
    expect(realHeaders.coinbaseClaims).toBeGreaterThan(0);
  });

  it('headers between difficulty 2^24 and 2^30 labelled mainnet: refused for their work, below the floor, whatever else holds (200)', () => {
    // Mainnet's work floor is difficulty 2^30: a floor 4,096 times weaker (2^18) would let these
    // through to the hash check, a different failure; this family pins the floor's place.
    const DIFFICULTY_1_TARGET = 0xffffn << 208n;
    const arb = fc
      .record({
        forged: forgedBlockArb,
        log2: fc.double({ min: 24, max: 29.999, noNaN: true }),
        where: fc.constantFrom('header', 'blockHeader-hash', 'blockHeader-merkleRoot'),
      })
      .map(({ forged, log2, where }) => {
        const { draft, root, fileSha256 } = forged;
        const difficulty = BigInt(Math.floor(2 ** log2));
        const bits = compactBits(DIFFICULTY_1_TARGET / difficulty);
        const mined = mineHeader(root, { bits, meets: false });
        draft.confirmation.blockHash = mined.hash;
        if (where === 'header') Object.assign(proof(draft), { targetType: 'header', target: mined.hex });
        else {
          draft.blockHeader = mined.hex;
          Object.assign(proof(draft), where === 'blockHeader-hash' ? { targetType: 'hash', target: mined.hash } : { targetType: 'merkleRoot', target: root });
        }
        return { text: show(draft), fileSha256 };
      });
    let belowFloor = 0;
    fc.assert(
      fc.property(arb, ({ text, fileSha256 }) => {
        const report = expectOutcome('mainnet-below-floor', text, fileSha256, { failedAt: 'block-header' })!;
        expect(report.steps.find((s) => s.id === 'block-header')).toMatchObject({ status: 'fail', code: 'work-below-floor' });
        belowFloor++;
      }),
      { numRuns: 200, seed: SEED + 19, endOnFailure: true },
    );
    expect(belowFloor).toBe(200);
  });

  it('equivalent receipts still verify: key order, whitespace, hex case, uncovered fields, spelling variants (controls, 300)', () => {
    const shuffle = (v: unknown, r: number): unknown => {
      if (Array.isArray(v)) return v.map((x) => shuffle(x, r));
      if (v === null || typeof v !== 'object') return v;
      const entries = Object.entries(v);
      const order = entries.map((e, i) => ({ e, k: (i * 7919 + r) % 101 })).sort((x, y) => x.k - y.k);
      return Object.fromEntries(order.map(({ e: [k, x] }) => [k, shuffle(x, r)]));
    };
    const arb = fc.record({
      base: baseArb,
      kind: fc.integer({ min: 0, max: 6 }),
      r: fc.nat(),
      name: fc
        .string({ minLength: 1, maxLength: 30 })
        .filter((s) => ![...s].some((c) => c === '/' || c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) && s !== '.' && s !== '..'),
    });
    fc.assert(
      fc.property(arb, ({ base, kind, r, name }) => {
        const d = clone(base.draft);
        let text: string;
        switch (kind) {
          case 0:
            text = JSON.stringify(shuffle(d, r));
            break;
          case 1:
            text = `\uFEFF${JSON.stringify(d, null, r % 2 ? '\t' : 4)}`;
            break;
          case 2: // upper-case hex everywhere a step reads hex
            for (const p of hexPaths(d)) set(d, p, (get(d, p) as string).toUpperCase());
            text = show(d);
            break;
          case 3: // fields no step reads (a receipt proves the content, not its name or size)
            Object.assign(d.file, { name, size: r });
            d.issuedAt = '2030-01-01T00:00:00+02:00';
            d.registration.serviceUrl = 'https://elsewhere.example';
            d.confirmation.confirmedBlocks = r;
            d.confirmation.blockTimestamp = null;
            text = show(d);
            break;
          case 4: // unknown fields of a later version, nested within the limit
            d.later = { a: [{ b: [r, { c: 'x' }] }] };
            d.confirmation.merkleProof.extra = true;
            text = show(d);
            break;
          case 5: // optional salt left out; defaults spelled out or left out
            delete d.fingerprint.salt;
            if (proof(d).proofType === null) delete proof(d).proofType;
            else proof(d).proofType = 'branch';
            if (proof(d).composite === null) proof(d).composite = false;
            text = show(d);
            break;
          default:
            if (proof(d).targetType === 'merkleRoot') proof(d).targetType = 'merkleroot';
            else if (proof(d).targetType === 'hash') delete proof(d).targetType;
            text = show(d).trimEnd();
        }
        const verdict = judge(text, base.fileSha256);
        controls.runs++;
        expect(verdict.kind, `${base.name} control ${kind}`).toBe('verified');
        controls.verified++;
      }),
      { numRuns: 300, seed: SEED + 12, endOnFailure: true },
    );
  });

  it('adds up to 12,500 mutations and forgeries, none verified, none thrown; each family where its seeds put it', () => {
    expect(tally.runs + tally.equivalent).toBe(12_500);
    // Each family where its fixed seeds put it: the step it failed at, or the downgrade it may cause
    // (MAY_DOWNGRADE; the families forged from nothing are held to theirs one by one). A change
    // here is a change in what the verifier refuses, and where: look at it before writing the new
    // counts (FORGED_SEED set to another seed draws other forgeries: then only the rules above hold).
    if (SEED !== DEFAULT_SEED) return;
    expect(Object.fromEntries([...tally.byFamilyOutcome].sort())).toEqual({
      'block-header: block-header': 1093,
      'block-header: merkle-proof': 107,
      'flipped-hex: aggregation': 143,
      'flipped-hex: block-header': 512,
      'flipped-hex: file-digest': 124,
      'flipped-hex: fingerprint': 121,
      'flipped-hex: merkle-proof': 261,
      'flipped-hex: record': 89,
      'flipped-hex: transaction': 250,
      'flipped-salt: fingerprint': 200,
      'json-shape: block-header': 4,
      'json-shape: file-digest': 11,
      'json-shape: fingerprint': 8,
      'json-shape: merkle-proof': 70,
      'json-shape: parse': 474,
      'json-shape: transaction': 13,
      'label-case: block-header': 119,
      'label-homoglyph: block-header skipped': 137,
      'label-unknown: block-header skipped': 132,
      'label-whitespace: block-header skipped': 162,
      'label-zero-width: block-header skipped': 150,
      'mainnet-below-floor: block-header': 200,
      'merkle-nodes: aggregation': 52,
      'merkle-nodes: block-header': 414,
      'merkle-nodes: merkle-proof': 545,
      'merkle-nodes: parse': 189,
      'missing-evidence: block-header skipped': 245,
      'missing-evidence: transaction+block-header skipped': 255,
      'oversize: parse': 20,
      'raw-edit: aggregation': 4,
      'raw-edit: block-header': 30,
      'raw-edit: block-header skipped': 7,
      'raw-edit: file-digest': 3,
      'raw-edit: fingerprint': 16,
      'raw-edit: merkle-proof': 16,
      'raw-edit: parse': 1113,
      'raw-edit: pending': 7,
      'raw-edit: record': 6,
      'raw-edit: transaction': 40,
      'raw-edit: transaction skipped': 8,
      'real-header-mainnet: block-header': 59,
      'real-header-mainnet: merkle-proof': 39,
      'real-header-stn: block-header': 56,
      'real-header-stn: merkle-proof': 37,
      'real-header-testnet: block-header': 62,
      'real-header-testnet: merkle-proof': 47,
      'self-mined-case: block-header': 159,
      'self-mined-homoglyph: block-header skipped': 161,
      'self-mined-unknown: block-header skipped': 133,
      'self-mined-whitespace: block-header skipped': 190,
      'self-mined-zero-width: block-header skipped': 157,
      'swapped-fields: aggregation': 52,
      'swapped-fields: block-header': 31,
      'swapped-fields: file-digest': 35,
      'swapped-fields: fingerprint': 42,
      'swapped-fields: merkle-proof': 59,
      'swapped-fields: parse': 701,
      'swapped-fields: record': 45,
      'swapped-fields: transaction': 35,
      'target: block-header': 201,
      'target: merkle-proof': 718,
      'target: parse': 81,
      'transaction: transaction': 1200,
      'wrong-index: block-header': 172,
      'wrong-index: merkle-proof': 514,
      'wrong-index: parse': 114,
    });
    expect(testChains).toEqual({ runs: 200, verifiedAsTestChain: 200 });
    expect(tally.verified).toBe(0);
    expect(tally.thrown).toBe(0);
  });
});
