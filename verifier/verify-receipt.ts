import { hex } from '@scure/base';
import { aggregationRootOf, type AggregationStep } from './protocol/aggregation.ts';
import { applyEncodeSpec, parseEncodeSpec } from './protocol/encode-spec.ts';
import { NETWORK_CHOICES, networkOf, shownLabel, type Network } from './protocol/networks.ts';
import type { ReceiptV1 } from './receipt-v1.ts';
import { checkOwnTarget, checkProofOfWork, parseBlockHeader, type BlockHeader } from './chain/block-header.ts';
import { CheckFailure } from './check-failure.ts';
import { displayHash } from './chain/double-sha256.ts';
import { checkNotCoinbasePosition, checkProofKind, foldMerkleBranch, targetTypeOf, txidOfTxOrId } from './chain/merkle-proof.ts';
import { outputsCarrying, parseRawTransaction, spendsNullOutpoint, type Placement } from './chain/raw-transaction.ts';
import type { ChainCheck } from './best-chain.ts';
import type { FailureCode, SkipCode, StepCode } from './step-codes.ts';
import { counted } from './counted.ts';
import { VerifierError } from './verifier-error.ts';
import { said, type Said } from './said.ts';

/**
 * The offline verifier (receipt-v1.md, "Verification steps"): each step in the spec's order, with
 * a status, a sentence saying what was checked, and for a failure what was expected and found;
 * a failed or skipped step names why with a stable code (step-codes.ts). It never throws: whatever
 * goes wrong becomes a failed step. The online steps are its callers' to ask: the `chain` step
 * reads a block lookup's answer given with the options (best-chain.ts), the `service` step is
 * merged in after (withServiceCheck).
 */

export type StepId = 'file-digest' | 'record' | 'aggregation' | 'fingerprint' | 'transaction' | 'merkle-proof' | 'block-header' | 'chain' | 'service';
export const STEP_IDS: readonly StepId[] = [
  'file-digest',
  'record',
  'aggregation',
  'fingerprint',
  'transaction',
  'merkle-proof',
  'block-header',
  'chain',
  'service',
];
/** The steps that ask over the network: optional, so a skip of theirs never makes a receipt partially verified. */
export const ONLINE_STEPS: readonly StepId[] = ['chain', 'service'];

/** The steps a receipt's own evidence left unchecked: skipped, the file and the online steps aside (import and upgrade keep this). */
export function uncheckedEvidence(steps: readonly Step[]): StepId[] {
  return steps.filter((s) => s.status === 'skipped' && s.id !== 'file-digest' && !ONLINE_STEPS.includes(s.id)).map((s) => s.id);
}

export type StepStatus = 'pass' | 'fail' | 'skipped' | 'not-run';

export interface Step {
  id: StepId;
  status: StepStatus;
  /** Why it failed or was skipped (step-codes.ts); absent for a pass or a step that did not run. */
  code?: StepCode;
  /** Short, for a table. */
  label: string;
  /** One sentence: what was checked, and for a failure the exact reason. */
  detail: string;
  /** `detail` as a message and its parameters, for a page in another language; a failed check has none (its code says it). */
  said?: Said;
  expected?: string;
  found?: string;
}

export type Outcome = 'verified' | 'partially-verified' | 'pending' | 'failed';

/** The network the receipt names, as the verifier judged it (networks.ts). */
export interface NetworkFinding {
  /** The vocabulary's label when the receipt names a known network; else the label as written. */
  label: string;
  /** Whether the label is in the vocabulary: only then is a header's proof of work judged. */
  known: boolean;
  /** A test chain (testnet, stn, regtest, sandbox): anyone can mine its blocks, so its proof of work proves nothing. */
  testChain: boolean;
}

export interface VerificationReport {
  outcome: Outcome;
  steps: Step[];
  failedStep?: StepId;
  summary: string;
  proves?: string;
  unproven?: string[];
  network: NetworkFinding;
  /** The block's time as its checked header gives it (ISO 8601), when the block-header step passed. */
  blockTime?: string;
  /** `summary`, `proves` and each of `unproven` as messages, sentence by sentence, for a page in another language. */
  said: ReportSaid;
}

export interface ReportSaid {
  summary: Said[];
  proves?: Said[];
  unproven?: Said[][];
}

export interface VerifyOptions {
  /** SHA-256 (hex) of the supplied file; absent when verifying a receipt alone. */
  fileDigest?: string;
  /** What a block lookup answered about the receipt's block (best-chain.ts); absent offline. */
  chain?: ChainCheck;
}

export const STEP_LABELS: Record<StepId, string> = {
  'file-digest': 'File digest',
  record: 'Record',
  aggregation: 'Batch path',
  fingerprint: 'Fingerprint',
  transaction: 'Transaction',
  'merkle-proof': 'Merkle proof',
  'block-header': 'Block header',
  chain: 'Best chain',
  service: 'Service check',
};

/** Why a test chain's proof of work proves nothing (networks.ts, testChain), for sentences. */
const TEST_CHAIN_MINING = 'anyone can mine a block there on an ordinary computer';

// Said alike in the CLI, the app and the verifier page, whose readers ask online in different
// ways: each surface says its own way beside the step (ONLINE_HINT in main/cli/describe.ts, the Verify screen).
const SERVICE_OFFLINE_DETAIL =
  "Needs the network and an API key: the service's match endpoint is asked whether it still holds this record, which an offline verification does not do.";

const CHAIN_OFFLINE_DETAIL = 'Needs the network: a block explorer is asked whether the block is on the best chain, which an offline verification does not do.';

type StepResult = { status: 'pass' | 'not-run'; detail: string; said: Said } | { status: 'skipped'; code: SkipCode; detail: string; said: Said };

/** What earlier steps established, for later ones. */
interface Context {
  readonly receipt: ReceiptV1;
  readonly options: VerifyOptions;
  /** Undefined for a label outside the vocabulary: no proof-of-work limit is known. */
  readonly network: Network | undefined;
  merkleRoot?: string;
  header?: BlockHeader;
  /** The header was checked, but not its proof of work (no limit for the network's label). */
  powUnjudged?: boolean;
  /** A block lookup said the block is on its best chain. */
  onBestChain?: Extract<ChainCheck, { status: 'pass' }>;
}

const HASH = /^[0-9a-fA-F]{64}$/;
const PLACEMENT_WORDS: Record<Placement, string> = {
  'own-push': 'as a data push of its own',
  'in-push': "inside a data push, beside other bytes (the service's metadata)",
  'in-script': 'inside its script',
};
/** Where a raw transaction was found, in words. */
const SOURCE_WORDS = { transaction: 'the receipt', 'merkleProof.txOrId': 'the Merkle proof' } as const;
// The transaction step's sentence for each place of the raw transaction and of the fingerprint in it: whole sentences, for other languages.
const TRANSACTION_PASS = {
  transaction: { 'own-push': 'steps.txInReceiptOwnPush', 'in-push': 'steps.txInReceiptInPush', 'in-script': 'steps.txInReceiptInScript' },
  'merkleProof.txOrId': { 'own-push': 'steps.txInProofOwnPush', 'in-push': 'steps.txInProofInPush', 'in-script': 'steps.txInProofInScript' },
} as const;
const lower = (s: string) => s.toLowerCase();

const RUNNERS: Record<Exclude<StepId, 'service'>, (ctx: Context) => StepResult> = {
  'file-digest': ({ receipt, options }) => {
    if (options.fileDigest === undefined) {
      return {
        status: 'skipped',
        code: 'no-file',
        detail:
          "No file was supplied, so no SHA-256 was compared with the file's SHA-256 in the receipt; supply the file to check it is the one this receipt is for.",
        said: said('steps.noFile'),
      };
    }
    if (!HASH.test(options.fileDigest))
      throw new CheckFailure('file-digest-malformed', 'The supplied file digest is not 64 hexadecimal characters.', {
        expected: '64 hex',
        found: options.fileDigest.slice(0, 80),
      });
    const expected = lower(receipt.file.sha256);
    const found = lower(options.fileDigest);
    if (found !== expected)
      throw new CheckFailure(
        'file-digest-mismatch',
        "The supplied file's SHA-256 differs from the one in the receipt: it is not the file this receipt is for, or it was changed.",
        { expected, found },
      );
    return {
      status: 'pass',
      detail: `The supplied file's SHA-256 equals the one in the receipt (${expected}).`,
      said: said('steps.fileDigestPass', { sha256: expected }),
    };
  },

  record: ({ receipt }) => {
    if (receipt.aggregation)
      return {
        status: 'not-run',
        detail: 'The file is one of a batch: the registered record is the batch root, checked in the batch path step.',
        said: said('steps.recordInBatch'),
      };
    const expected = lower(receipt.file.sha256);
    const found = lower(receipt.fingerprint.record);
    if (found !== expected)
      throw new CheckFailure(
        'record-not-file-digest',
        "The registered record is not the file's SHA-256 in the receipt: what was registered is not this file's digest.",
        { expected, found: short(found) },
      );
    return {
      status: 'pass',
      detail: "The registered record is the file's SHA-256, so what was registered is this file's digest.",
      said: said('steps.recordPass'),
    };
  },

  aggregation: ({ receipt }) => {
    const agg = receipt.aggregation;
    if (!agg) return { status: 'not-run', detail: 'No aggregation: the file was registered on its own, not as one of a batch.', said: said('steps.noBatch') };
    const path = agg.path.map((entry): AggregationStep => (entry.left !== undefined ? { left: entry.left } : { right: entry.right! }));
    const root = aggregationRootOf(hex.decode(lower(receipt.file.sha256)), lower(agg.nonce), path.map(lowerStep));
    if (root !== lower(agg.root)) {
      throw new CheckFailure(
        'aggregation-root-mismatch',
        `The file's leaf (from its SHA-256 and the batch's nonce), folded along the ${path.length}-entry batch path, does not give the batch root.`,
        { expected: lower(agg.root), found: root },
      );
    }
    if (root !== lower(receipt.fingerprint.record)) {
      throw new CheckFailure('aggregation-root-not-record', 'The batch root is not the registered record.', {
        expected: root,
        found: short(lower(receipt.fingerprint.record)),
      });
    }
    // What it proved, in words: the receipt alone does not say how many files the batch holds, nor which leaf this is.
    return {
      status: 'pass',
      detail: `The file is one leaf of a batch registered together: its leaf (from its SHA-256 and its own nonce), folded along the ${counted(path.length, 'entry', 'entries')} of the batch path, gives the batch root, and that root is the registered record: the one registration anchors this file.`,
      said: said('steps.batchPass', { count: path.length }),
    };
  },

  fingerprint: ({ receipt }) => {
    const { encode, salt, record, published } = receipt.fingerprint;
    let steps;
    try {
      steps = parseEncodeSpec(encode);
    } catch (err) {
      if (err instanceof VerifierError)
        throw new CheckFailure('encode-invalid', `The receipt's encoding is not valid: ${err.message}`, { found: short(encode) });
      throw err;
    }
    if (salt !== undefined && !steps.some((s) => s.salt === salt)) {
      throw new CheckFailure('salt-not-in-encode', "The receipt's salt is not the salt inside its encoding.", {
        expected: `a salt of ${short(encode)}`,
        found: salt,
      });
    }
    const computed = hex.encode(applyEncodeSpec(steps, hex.decode(lower(record))));
    if (computed !== lower(published)) {
      throw new CheckFailure(
        'published-mismatch',
        `Applying the encoding (${encode === '' ? 'no encoder' : short(encode)}) to the registered record does not give the published fingerprint.`,
        {
          expected: short(computed),
          found: short(lower(published)),
        },
      );
    }
    return {
      status: 'pass',
      detail: `Applying the encoding (${encode === '' ? 'no encoder' : short(encode)}) to the registered record gives the published fingerprint.`,
      said: encode === '' ? said('steps.fingerprintPassNoEncoder') : said('steps.fingerprintPass', { encode: short(encode) }),
    };
  },

  transaction: ({ receipt }) => {
    const proofTx = receipt.confirmation?.merkleProof.txOrId;
    // The proof's txOrId may itself be the raw transaction: the same evidence, in another field.
    const source = receipt.transaction !== undefined ? 'transaction' : proofTx !== undefined && proofTx.length > 64 ? 'merkleProof.txOrId' : undefined;
    if (source === undefined) {
      return {
        status: 'skipped',
        code: 'no-raw-transaction',
        detail:
          'The receipt holds no raw transaction, so the published fingerprint was not found on chain; the rest of the proof does not show what the transaction carries.',
        said: said('steps.noRawTransaction'),
      };
    }
    const bytes = hex.decode(lower(source === 'transaction' ? receipt.transaction! : proofTx!));
    const txid = displayHash(bytes);
    const expected = lower(receipt.registration.txId);
    if (txid !== expected)
      throw new CheckFailure(
        'txid-mismatch',
        `The raw transaction in ${SOURCE_WORDS[source]} does not hash to the registration's transaction id: it is a different transaction.`,
        {
          expected,
          found: txid,
        },
      );
    const tx = parseRawTransaction(bytes);
    if (spendsNullOutpoint(tx)) {
      throw new CheckFailure(
        'transaction-coinbase',
        `The raw transaction in ${SOURCE_WORDS[source]} spends the null outpoint, as only a block's coinbase does: a registration is never the coinbase.`,
        { expected: 'inputs that spend earlier outputs', found: 'an input spending the null outpoint' },
      );
    }
    const published = hex.decode(lower(receipt.fingerprint.published));
    const carriers = outputsCarrying(tx, published);
    if (carriers.length === 0) {
      throw new CheckFailure(
        'fingerprint-not-in-transaction',
        `None of the transaction's ${counted(tx.outputs.length, 'output')} holds the published fingerprint in its script.`,
        {
          expected: `the bytes ${short(lower(receipt.fingerprint.published))} inside an output script`,
          found: `${counted(tx.outputs.length, 'output')} without them`,
        },
      );
    }
    const { output, placement } = carriers[0]!;
    return {
      status: 'pass',
      detail: `The raw transaction in ${SOURCE_WORDS[source]} hashes to the registration's transaction id, and its output ${output} carries the published fingerprint ${PLACEMENT_WORDS[placement]}.`,
      said: said(TRANSACTION_PASS[source][placement], { output }),
    };
  },

  'merkle-proof': (ctx) => {
    const confirmation = ctx.receipt.confirmation;
    if (!confirmation)
      return {
        status: 'skipped',
        code: 'not-confirmed',
        detail: 'No confirmation yet: the transaction is not in a block, so there is no Merkle proof.',
        said: said('steps.noMerkleProof'),
      };
    const proof = confirmation.merkleProof;
    checkProofKind(proof);
    const targetType = targetTypeOf(proof);
    const txid = txidOfTxOrId(proof.txOrId);
    const expected = lower(ctx.receipt.registration.txId);
    if (txid !== expected)
      throw new CheckFailure('proof-txid-mismatch', "The Merkle proof is about another transaction than the registration's transaction id.", {
        expected,
        found: txid,
      });
    checkNotCoinbasePosition(proof.index);
    const root = foldMerkleBranch(txid, proof.index, proof.nodes);
    if (targetType === 'merkleRoot' && root !== lower(proof.target)) {
      throw new CheckFailure(
        'merkle-root-mismatch',
        `Folding the ${counted(proof.nodes.length, 'node')} from index ${proof.index} does not give the proof's target Merkle root.`,
        { expected: lower(proof.target), found: root },
      );
    }
    if (targetType === 'hash' && lower(proof.target) !== lower(confirmation.blockHash)) {
      throw new CheckFailure('proof-target-not-block-hash', "The proof's target (a block hash) is not the hash of the block the receipt names.", {
        expected: lower(confirmation.blockHash),
        found: lower(proof.target),
      });
    }
    ctx.merkleRoot = root;
    return {
      status: 'pass',
      detail: `Folding the ${counted(proof.nodes.length, 'node')} from index ${proof.index} gives Merkle root ${root}.`,
      said: said('steps.merkleProofPass', { count: proof.nodes.length, index: proof.index, root }),
    };
  },

  'block-header': (ctx) => {
    const { receipt } = ctx;
    const confirmation = receipt.confirmation;
    if (!confirmation)
      return { status: 'skipped', code: 'not-confirmed', detail: 'No confirmation yet: there is no block to check.', said: said('steps.noBlock') };
    const proof = confirmation.merkleProof;
    const fromTarget = targetTypeOf(proof) === 'header' ? lower(proof.target) : undefined;
    const fromField = receipt.blockHeader === undefined ? undefined : lower(receipt.blockHeader);
    if (fromTarget !== undefined && fromField !== undefined && fromTarget !== fromField) {
      throw new CheckFailure(
        'header-conflict',
        "The receipt's block header differs from the header the Merkle proof targets: the receipt names two different blocks.",
        {
          expected: fromTarget,
          found: fromField,
        },
      );
    }
    const headerHex = fromTarget ?? fromField;
    if (headerHex === undefined) {
      return {
        status: 'skipped',
        code: 'no-block-header',
        detail: `The receipt holds no block header (its Merkle proof targets the ${targetTypeOf(proof) === 'merkleRoot' ? 'Merkle root' : 'block hash'}, and it has no header beside it), so the Merkle root was not tied to the block and its proof of work was not checked.`,
        said: targetTypeOf(proof) === 'merkleRoot' ? said('steps.noHeaderRootTarget') : said('steps.noHeaderHashTarget'),
      };
    }
    const header = parseBlockHeader(headerHex);
    if (ctx.merkleRoot !== undefined && header.merkleRoot !== ctx.merkleRoot) {
      throw new CheckFailure('merkle-root-mismatch', "The header's Merkle root is not the root the proof gives: the transaction is not in this block.", {
        expected: ctx.merkleRoot,
        found: header.merkleRoot,
      });
    }
    const blockHash = lower(confirmation.blockHash);
    if (header.hash !== blockHash)
      throw new CheckFailure('block-hash-mismatch', 'The header does not hash to the block the receipt names: it is the header of another block.', {
        expected: blockHash,
        found: header.hash,
      });
    const bits = `0x${header.bits.toString(16).padStart(8, '0')}`;
    const { network } = ctx;
    ctx.header = header;
    if (!network) {
      // What can be checked is; how much work the block needed cannot be, so the step is not a pass.
      checkOwnTarget(header);
      ctx.powUnjudged = true;
      return {
        status: 'skipped',
        code: 'network-unknown',
        detail: `The header of block ${header.hash} holds the proof's Merkle root and its hash meets the target of its own bits (${bits}), but its proof of work could not be judged: the network label ${shownLabel(receipt.network)} is not ${NETWORK_CHOICES}, so no limit says how hard its blocks must be.`,
        said: said('steps.headerNetworkUnknown', { block: header.hash, bits, label: shownLabel(receipt.network) }),
      };
    }
    checkProofOfWork(header, network);
    const caveat = network.testChain ? ` ${capitalize(network.label)} is a test chain: ${TEST_CHAIN_MINING}, so this proof of work proves nothing.` : '';
    const floor = network.workFloor ? ` and its work floor (${network.workFloor.shown})` : '';
    const facts = { block: header.hash, time: headerTime(header), bits, network: network.label };
    return {
      status: 'pass',
      detail: `The header of block ${header.hash} (time ${headerTime(header)}) holds the proof's Merkle root and its hash meets the target of its bits (${bits}), within the ${network.label} limit${floor}.${caveat}`,
      said: network.testChain
        ? said('steps.headerPassTestChain', { ...facts, chain: capitalize(network.label) })
        : network.workFloor
          ? said('steps.headerPassFloor', facts)
          : said('steps.headerPass', facts),
    };
  },

  chain: (ctx) => {
    const confirmation = ctx.receipt.confirmation;
    if (!confirmation)
      return {
        status: 'skipped',
        code: 'not-confirmed',
        detail: 'No confirmation yet: there is no block to look for on the chain.',
        said: said('steps.noBlockOnChain'),
      };
    const block = lower(confirmation.blockHash);
    const check = ctx.options.chain;
    if (!check) return { status: 'skipped', code: 'offline', detail: CHAIN_OFFLINE_DETAIL, said: said('steps.chainOffline') };
    if (check.status === 'skipped') return { ...check, said: codeSaid(check.code) };
    if (check.blockHash !== block) throw new Error(`the block lookup's answer is about block ${check.blockHash}, not block ${block}.`);
    if (check.status === 'fail') throw new CheckFailure(check.code, check.detail, { expected: check.expected, found: check.found });
    ctx.onBestChain = check;
    return { status: 'pass', detail: check.detail, said: check.said };
  },
};

/** Verifies a receipt offline, with a block lookup's answer when one was asked; never throws. */
export function verifyReceipt(receipt: ReceiptV1, options: VerifyOptions = {}): VerificationReport {
  const ctx: Context = { receipt, options, network: networkOf(receipt.network) };
  const steps: Step[] = [];
  let failed: Step | undefined;
  for (const id of STEP_IDS) {
    const label = STEP_LABELS[id];
    if (failed) {
      steps.push({
        id,
        status: 'not-run',
        label,
        detail: `Not run: the ${failed.label.toLowerCase()} step failed.`,
        said: said('steps.notRun', { step: failed.id }),
      });
    } else if (id === 'service') {
      steps.push({ id, status: 'skipped', code: 'offline', label, detail: SERVICE_OFFLINE_DETAIL, said: said('steps.serviceOffline') });
    } else {
      const step = runStep(id, ctx);
      steps.push(step);
      if (step.status === 'fail') failed = step;
    }
  }
  try {
    return conclude(steps, ctx);
  } catch (err) {
    return {
      outcome: 'failed',
      steps,
      failedStep: failed?.id ?? 'file-digest',
      summary: `The receipt could not be verified: ${errorText(err)}`,
      network: findingOf(ctx),
      said: { summary: [said('verdicts.notVerifiable')] },
    };
  }
}

function runStep(id: Exclude<StepId, 'service'>, ctx: Context): Step {
  const label = STEP_LABELS[id];
  try {
    const result = RUNNERS[id](ctx);
    return result.status === 'skipped'
      ? { id, status: 'skipped', code: result.code, label, detail: result.detail, said: result.said }
      : { id, status: result.status, label, detail: result.detail, said: result.said };
  } catch (err) {
    if (err instanceof CheckFailure) {
      return {
        id,
        status: 'fail',
        code: err.code,
        label,
        detail: err.message,
        ...(err.expected === undefined ? {} : { expected: err.expected }),
        ...(err.found === undefined ? {} : { found: err.found }),
      };
    }
    return { id, status: 'fail', code: 'step-error', label, detail: `This step could not be completed on this receipt: ${errorText(err)}` };
  }
}

function conclude(steps: Step[], ctx: Context): VerificationReport {
  const network = findingOf(ctx);
  const failed = steps.find((s) => s.status === 'fail');
  if (failed) {
    return {
      outcome: 'failed',
      steps,
      failedStep: failed.id,
      summary: `Verification failed at the ${failed.label.toLowerCase()} step: ${failed.detail}`,
      network,
      said: { summary: [said('verdicts.failedAt', { step: failed.id }), failed.said ?? codeSaid(failed.code!)] },
    };
  }
  const { receipt } = ctx;
  if (!receipt.confirmation) {
    return {
      outcome: 'pending',
      steps,
      summary:
        'The registration is not confirmed yet: its transaction is not in a block, so nothing anchors the file in time; refresh the receipt once the service reports a confirmation.',
      network,
      said: { summary: [said('verdicts.pending')] },
    };
  }
  const skipped = steps.filter((s) => s.status === 'skipped' && !ONLINE_STEPS.includes(s.id));
  const proves = provesSentence(ctx, skipped.length > 0);
  const provesSaid = provesSaidOf(ctx, skipped.length > 0);
  const headerPassed = ctx.header && steps.some((s) => s.id === 'block-header' && s.status === 'pass');
  const checked = headerPassed ? { blockTime: headerTime(ctx.header!) } : {};
  if (skipped.length === 0) {
    const where = `the file's fingerprint is in transaction ${lower(receipt.registration.txId)}, in block ${lower(receipt.confirmation.blockHash)}`;
    const summary = network.testChain
      ? `Verified on ${network.label}, a test chain: ${where}. A ${network.label} block's proof of work proves nothing (${TEST_CHAIN_MINING}), so this is not a proof on mainnet.`
      : `Verified: ${where}.`;
    const facts = { txId: lower(receipt.registration.txId), block: lower(receipt.confirmation.blockHash) };
    const verdict = network.testChain ? said('verdicts.verifiedTestChain', { ...facts, network: network.label }) : said('verdicts.verified', facts);
    return { outcome: 'verified', steps, summary, proves, network, ...checked, said: { summary: [verdict], proves: provesSaid } };
  }
  return {
    outcome: 'partially-verified',
    steps,
    summary: partialSummary(skipped, ctx),
    proves,
    unproven: skipped.map((s) => unprovenBy(s.id, ctx)),
    network,
    ...checked,
    said: { summary: partialSaid(skipped, ctx), proves: provesSaid, unproven: skipped.map((s) => unprovenSaid(s.id, ctx)) },
  };
}

/** A failed or skipped step's code as its sentence, when the step has none of its own: the code's meaning (step-codes.ts). */
export function codeSaid(code: StepCode): Said {
  return said(`stepCodes.${code}`);
}

/** partialSummary's sentences; `steps` is a list of step ids (the page names them in its language). */
function partialSaid(skipped: readonly Step[], ctx: Context): Said[] {
  const partial = said('verdicts.partial', { count: skipped.length, steps: skipped.map((s) => s.id).join(',') });
  return ctx.network ? [partial] : [partial, said('verdicts.networkUnknown', { label: shownLabel(ctx.receipt.network) })];
}

function partialSummary(skipped: readonly Step[], ctx: Context): string {
  const unknown = ctx.network
    ? ''
    : ` The network label ${shownLabel(ctx.receipt.network)} is not one Notarium knows, so no block's proof of work can be judged for it.`;
  return `Partially verified, not verified: no check failed, but ${listOf(skipped.map((s) => s.label.toLowerCase()))} could not be checked.${unknown}`;
}

function findingOf({ receipt, network }: Context): NetworkFinding {
  return network ? { label: network.label, known: true, testChain: network.testChain } : { label: String(receipt.network), known: false, testChain: false };
}

function provesSentence(ctx: Context, partial: boolean): string {
  const { receipt, options, header, network } = ctx;
  const confirmation = receipt.confirmation!;
  const subject = options.fileDigest === undefined ? `the file whose SHA-256 is ${lower(receipt.file.sha256)}` : 'this file';
  const block = lower(confirmation.blockHash);
  const when = header
    ? `whose header time is ${headerTime(header)} (header times are accurate to about two hours)`
    : `whose time the service reported as ${confirmation.blockTimestamp ?? 'unknown'} (unchecked: the receipt holds no block header)`;
  const claim = `${subject} existed no later than block ${block}, ${when}.`;
  const lead = partial ? `Provided the points left unproven hold, ${claim}` : capitalize(claim);
  // With the chain step passed, the heaviest-chain caveat gives way to what was asked, and of whom.
  const best = ctx.onBestChain;
  const answered =
    best &&
    `${best.source} answered at ${best.at} that the block is on its best chain, at height ${best.height} with ${counted(best.confirmations, 'confirmation')}`;
  if (network?.testChain) {
    return `${lead} But ${network.label} is a test chain: ${TEST_CHAIN_MINING}, so its proof of work proves nothing, and this is not a proof on mainnet.${answered ? ` ${answered}.` : ''}`;
  }
  const chain = network ? `the ${network.label} network` : `the network the receipt calls ${shownLabel(receipt.network)}`;
  if (answered) {
    return `${lead} That the block is on the heaviest chain of ${chain} rests on a block explorer's word: ${answered}; any other explorer for that network, or a header chain you trust, can confirm it.`;
  }
  return `${lead} This does not prove that the block is on the heaviest chain of ${chain}: check that with any block explorer for that network, or against a header chain you trust.`;
}

/** provesSentence's claim and caveat, each a sentence of its own (the lead of a partial verdict one too). */
function provesSaidOf(ctx: Context, partial: boolean): Said[] {
  const { receipt, options, header, network } = ctx;
  const confirmation = receipt.confirmation!;
  const block = lower(confirmation.blockHash);
  const ofFile = options.fileDigest !== undefined;
  const sha256 = lower(receipt.file.sha256);
  const time = header ? headerTime(header) : (confirmation.blockTimestamp ?? '—');
  const claims = {
    header: {
      file: ['verdicts.provesFileHeader', 'verdicts.provesFileHeaderIf'],
      digest: ['verdicts.provesDigestHeader', 'verdicts.provesDigestHeaderIf'],
    },
    reported: {
      file: ['verdicts.provesFileReported', 'verdicts.provesFileReportedIf'],
      digest: ['verdicts.provesDigestReported', 'verdicts.provesDigestReportedIf'],
    },
  } as const;
  const [plain, provided] = claims[header ? 'header' : 'reported'][ofFile ? 'file' : 'digest'];
  const claim = ofFile ? said(partial ? provided : plain, { block, time }) : said(partial ? provided : plain, { sha256, block, time });
  const best = ctx.onBestChain;
  const answered = best && said('verdicts.explorerAnswered', { source: best.source, at: best.at, height: best.height, count: best.confirmations });
  const label = shownLabel(receipt.network);
  const caveat = network?.testChain
    ? [said('verdicts.testChainProvesNothing', { network: network.label }), ...(answered ? [answered] : [])]
    : answered
      ? [network ? said('verdicts.restsOnExplorer', { network: network.label }) : said('verdicts.restsOnExplorerUnknown', { label }), answered]
      : [network ? said('verdicts.notHeaviest', { network: network.label }) : said('verdicts.notHeaviestUnknown', { label })];
  return [claim, ...caveat];
}

/** unprovenBy's sentences. */
function unprovenSaid(id: StepId, ctx: Context): Said[] {
  const { receipt } = ctx;
  const txId = lower(receipt.registration.txId);
  const block = lower(receipt.confirmation?.blockHash ?? '');
  switch (id) {
    case 'file-digest':
      return [said('verdicts.unprovenFile', { sha256: lower(receipt.file.sha256) })];
    case 'transaction':
      return [said('verdicts.unprovenTransaction', { txId, bytes: short(lower(receipt.fingerprint.published)) })];
    case 'block-header':
      if (ctx.powUnjudged) return [said('verdicts.unprovenWork', { block, label: shownLabel(receipt.network) })];
      return [
        said('verdicts.unprovenHeader', { txId, block }),
        ...(ctx.network ? [] : [said('verdicts.unprovenHeaderNetwork', { label: shownLabel(receipt.network) })]),
      ];
    default:
      return [said('verdicts.unprovenStep', { step: id })];
  }
}

function unprovenBy(id: StepId, ctx: Context): string {
  const { receipt } = ctx;
  const txId = lower(receipt.registration.txId);
  const block = lower(receipt.confirmation?.blockHash ?? '');
  switch (id) {
    case 'file-digest':
      return `That a particular file is the one described: no file was supplied, so its SHA-256 was not compared with ${lower(receipt.file.sha256)}.`;
    case 'transaction':
      return `That transaction ${txId} carries this fingerprint: the receipt holds no raw transaction; fetch it from any block explorer and check that an output's script holds the bytes ${short(lower(receipt.fingerprint.published))}.`;
    case 'block-header':
      if (ctx.powUnjudged) {
        return `That block ${block} took any work to make: the receipt's network label ${shownLabel(receipt.network)} is not ${NETWORK_CHOICES}, so its proof of work could not be judged, and a block anyone can mine in a moment proves nothing.`;
      }
      return `That transaction ${txId} is in block ${block}, and the block's time and proof of work: the receipt holds no block header; fetch that block's header from any block explorer.${ctx.network ? '' : ` Even then, its network label ${shownLabel(receipt.network)} is not one Notarium knows, so its proof of work could not be judged.`}`;
    default:
      return `The ${STEP_LABELS[id].toLowerCase()} step was skipped.`;
  }
}

/**
 * The result of the online check (the match endpoint), to merge into an offline report. The code
 * `unknown-to-maker` is "unknown" (404) from the very service that made a confirmed receipt: it
 * fails the check only when the check was required; merely tried, it leaves the receipt partially
 * verified (the service may have lost or moved it; its word is not a proof against the chain).
 */
export type ServiceCheck = { detail: string } & (
  | { status: 'pass'; said: Said }
  | { status: 'fail'; code: Extract<FailureCode, 'service-mismatch' | 'unknown-to-maker'>; expected?: string; found?: string }
  | { status: 'skipped'; code: SkipCode }
);

/**
 * The report with its service step replaced by the online result. A service failure fails the
 * report when nothing failed before it, except "unknown" from the service that made the receipt
 * when the check was only tried: that leaves the receipt partially verified, saying so. A check
 * that could not be made leaves the report partially verified at best, naming it, when the check
 * was `required` (the user asked for it); when it was only tried, the offline proof stands on its
 * own (the service step is optional, receipt-v1.md) and the step says why it was skipped. Offline
 * steps keep their conclusions.
 */
export function withServiceCheck(report: VerificationReport, check: ServiceCheck, required = true): VerificationReport {
  const disowned = check.status === 'fail' && check.code === 'unknown-to-maker' && !required;
  const stepSaid = check.status === 'pass' ? check.said : codeSaid(check.code);
  const step: Step = { id: 'service', status: disowned ? 'skipped' : check.status, label: STEP_LABELS.service, detail: check.detail, said: stepSaid };
  if (check.status !== 'pass') step.code = check.code;
  if (check.status === 'fail' && check.expected !== undefined) step.expected = check.expected;
  if (check.status === 'fail' && check.found !== undefined) step.found = check.found;
  const steps = report.steps.map((s) => (s.id === 'service' ? step : s));
  if (report.outcome === 'failed' || check.status === 'pass') return { ...report, steps };
  if (disowned && report.outcome !== 'pending') {
    const unproven = [...(report.unproven ?? []), `That the service that made this receipt registered it: ${check.detail}`];
    const summary =
      report.outcome === 'verified'
        ? `Partially verified, not verified: every offline check passed, but the service that made this receipt does not know it. ${check.detail}`
        : `${report.summary} The service that made this receipt does not know it either.`;
    const saidSummary = report.outcome === 'verified' ? [said('verdicts.partialDisowned'), stepSaid] : [...report.said.summary, said('verdicts.disownedToo')];
    const saidUnproven = [...(report.said.unproven ?? []), [said('verdicts.unprovenDisowned'), stepSaid]];
    return { ...report, outcome: 'partially-verified', steps, summary, unproven, said: { ...report.said, summary: saidSummary, unproven: saidUnproven } };
  }
  if (check.status === 'fail') {
    return {
      outcome: 'failed',
      steps,
      failedStep: 'service',
      summary: `Verification failed at the service check: ${check.detail}`,
      network: report.network,
      said: { summary: [said('verdicts.failedAt', { step: 'service' }), stepSaid] },
    };
  }
  if (report.outcome === 'pending' || !required) return { ...report, steps };
  const unproven = [...(report.unproven ?? []), `That the service that made this receipt still holds this registration, as was asked: ${check.detail}`];
  const summary =
    report.outcome === 'verified'
      ? `Partially verified, not verified: every offline check passed, but the service check that was asked for could not be made. ${check.detail}`
      : `${report.summary} The service check that was asked for could not be made either.`;
  const saidSummary =
    report.outcome === 'verified' ? [said('verdicts.partialServiceNotMade'), stepSaid] : [...report.said.summary, said('verdicts.serviceNotMadeEither')];
  const saidUnproven = [...(report.said.unproven ?? []), [said('verdicts.unprovenServiceAsked'), stepSaid]];
  return { ...report, outcome: 'partially-verified', steps, summary, unproven, said: { ...report.said, summary: saidSummary, unproven: saidUnproven } };
}

/**
 * The chain step asked for (`verify --require-chain`, `receipt verify --online`) and not made (the
 * lookup could not be reached, refused a redirect to another origin, answered unusably): what was
 * asked for is not proven, so a verified report reads partially verified, saying why.
 */
export function withRequiredChain(report: VerificationReport, check: ChainCheck | undefined): VerificationReport {
  if (check?.status !== 'skipped' || report.outcome !== 'verified') return report;
  return {
    ...report,
    outcome: 'partially-verified',
    summary: `Partially verified, not verified: every offline check passed, but the best-chain check that was asked for could not be made. ${check.detail}`,
    unproven: [...(report.unproven ?? []), `That the block is on the best chain, as was asked: ${check.detail}`],
    said: {
      ...report.said,
      summary: [said('verdicts.partialChainNotMade'), codeSaid(check.code)],
      unproven: [...(report.said.unproven ?? []), [said('verdicts.unprovenChainAsked'), codeSaid(check.code)]],
    },
  };
}

function headerTime(header: BlockHeader): string {
  return new Date(header.time * 1000).toISOString().replace('.000Z', 'Z');
}

function lowerStep(step: AggregationStep): AggregationStep {
  return 'left' in step ? { left: lower(step.left) } : { right: lower(step.right) };
}

function short(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}… (${text.length} characters)` : text;
}

function listOf(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
