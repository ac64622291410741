import { createHash } from 'node:crypto';
import type { Chain, Confirmation, TxRow } from '../chain/chain.ts';
import { isHash } from '../chain/bytes.ts';
import { applyEncode, hasSaltArgument, parseEncode, type EncoderSettings, type EncodingStepResult } from '../encode/encode-spec.ts';
import { notFound, ServiceProblem } from '../http/problem.ts';
import type { MetaTable } from '../store/database.ts';
import { spendsUnmined, type Lifecycle } from './lifecycle.ts';
import { buildRecordTransaction, fundOutputIndex, fundScript, FUND_FOR_NEXT_SATOSHIS, type Layout, type RecordKind } from './record-transactions.ts';
import { decodeUpdateToken, encodeUpdateToken, type TokenPlacement, type UpdateToken } from './update-token.ts';

/** The record service: records and linked records over the simulated chain. */

export interface RecordServiceSettings extends EncoderSettings {
  navigateMax: number;
  /** An empty body gives CONTENT_IS_REQUIRED. */
  contentRequired: boolean;
  /** How long after its acceptance a transaction not yet in a block answers its status with 404 (still publishing). */
  publishingMs: number;
  lifecycle: Lifecycle;
  layout: Layout;
  tokenPlacement: TokenPlacement;
  chainIndex: ChainIndex;
}

/**
 * What navigate and `updatable` see after a linked record: `accepted`, every accepted successor;
 * `mined`, only one in a block. Under `mined` a write after a record whose successor is accepted
 * but unmined is accepted too, as a service that does not see the first would: it spends the same
 * output, and the chain's first-seen rule leaves it never mined.
 */
export const CHAIN_INDEXES = ['accepted', 'mined'] as const;
export type ChainIndex = (typeof CHAIN_INDEXES)[number];

/** Per accepted transaction, what the chain will do with it beyond the rules (fault injection). */
export interface Fates {
  /** Rejected at the next block. */
  reject(): boolean;
  /** Never mined. */
  neverMine(): boolean;
}

const NO_FATES: Fates = { reject: () => false, neverMine: () => false };

export interface WriteResult {
  txId: string;
  encoding?: EncodingStepResult[];
}

export interface LinkedWriteResult extends WriteResult {
  updateToken: string;
  /** Update only (as in the spec's sample): SHA-256 of the published bytes, in hex. */
  fingerprint?: string;
}

const KEY_ALIAS = 'sandbox-linked-records';
const LINKED_KINDS = new Set(['linked-create', 'linked-update', 'linked-delete']);
const EVENT_KINDS = new Set(['record', ...LINKED_KINDS, 'future']);

export class RecordService {
  constructor(
    private readonly chain: Chain,
    private readonly meta: MetaTable,
    private readonly settings: RecordServiceSettings,
    private readonly fates: Fates = NO_FATES,
    private readonly now: () => number = Date.now,
  ) {}

  write(encode: string | null, body: Buffer): WriteResult {
    const encoded = this.encodeBody(encode, body);
    const raw = buildRecordTransaction({ layout: this.settings.layout, kind: 'record', published: encoded.published, serial: this.meta.next('funding') });
    const txId = this.chain.accept({ raw, kind: 'record', published: encoded.published, encode: encoded.encode, ...this.fate(undefined) });
    return withEncoding({ txId }, encoded.report);
  }

  createLinked(encode: string | null, body: Buffer): LinkedWriteResult {
    const encoded = this.encodeBody(encode, body);
    return this.appendLinked('linked-create', encoded, undefined);
  }

  updateLinked(txId: string, encode: string | null, token: string | null, body: Buffer): LinkedWriteResult {
    if (!isHash(txId)) throw invalidTxHash(txId);
    const encoded = this.encodeBody(encode, body);
    return this.appendLinked('linked-update', encoded, this.spendFor(txId, token));
  }

  deleteLinked(txId: string, token: string | null): { txId: string } {
    // The path names the previous record: the troubleshooting page calls a bad one a missing prevTxId.
    if (!isHash(txId)) throw invalidTxHash(txId).spelledOnTroubleshootingPage('PREV_TX_ID_PARAM_MISSING');
    const spend = this.spendFor(txId, token);
    const raw = buildRecordTransaction({ layout: this.settings.layout, kind: 'linked-delete', serial: this.meta.next('funding'), spends: spend.key });
    const id = this.chain.accept({ raw, kind: 'linked-delete', prevTxId: spend.prevTxId, ...this.fate(spend) });
    return { txId: id };
  }

  status(txId: string): { confirmation: Confirmation | null } {
    const tx = this.published(this.eventTx(txId));
    return { confirmation: this.chain.confirmation(tx) };
  }

  linkedStatus(txId: string): { updatable: boolean; confirmation: Confirmation | null } {
    const tx = this.published(this.eventTx(txId));
    return {
      updatable: this.successorOf(tx) === undefined && tx.kind !== 'linked-delete' && LINKED_KINDS.has(tx.kind),
      confirmation: this.chain.confirmation(tx),
    };
  }

  /** The record after `tx`, as the index sees it (see ChainIndex). */
  private successorOf(tx: TxRow): TxRow | undefined {
    const next = tx.next_txid ? this.chain.get(tx.next_txid) : undefined;
    return next && (this.settings.chainIndex === 'accepted' || this.chain.confirmation(next) !== null) ? next : undefined;
  }

  content(txId: string): Buffer {
    return this.readable(this.eventTx(txId)).published ?? Buffer.alloc(0);
  }

  linkedContent(txId: string): Buffer {
    const tx = this.readable(this.eventTx(txId));
    if (!LINKED_KINDS.has(tx.kind)) {
      throw new ServiceProblem(
        400,
        'TX_INCORRECT_EVENT_TRANSACTION_TYPE',
        'This transaction is a plain record, not a linked record; read it with GET /api/v1/records/{txId}/content.',
      ).spelledOnTroubleshootingPage('INCORRECT_EVENT_TRANSACTION_TYPE');
    }
    return tx.published ?? Buffer.alloc(0);
  }

  match(txId: string, encode: string | null, body: Buffer): { match: boolean; confirmation: Confirmation | null } {
    const tx = this.readable(this.eventTx(txId));
    return { match: this.matches(tx, encode, body), confirmation: this.chain.confirmation(tx) };
  }

  linkedMatch(txId: string, encode: string | null, prevTxId: string | null, body: Buffer): { match: boolean; confirmation: Confirmation | null } {
    const tx = this.readable(this.eventTx(txId));
    if (prevTxId !== null && !isHash(prevTxId)) throw invalidTxId(prevTxId, 'prevTxId');
    if (tx.prev_txid !== null && prevTxId === null) {
      throw new ServiceProblem(400, 'PREV_TX_ID_PARAM_MISSING', 'This linked record follows another one: pass its id as prevTxId.');
    }
    const sameLink = (prevTxId?.toLowerCase() ?? null) === tx.prev_txid && LINKED_KINDS.has(tx.kind);
    return { match: sameLink && this.matches(tx, encode, body), confirmation: this.chain.confirmation(tx) };
  }

  navigate(txId: string, links: string | null): { txIds: string[]; endOfLinks: boolean } {
    if (!isHash(txId)) throw invalidTxId(txId, 'txId');
    const n = links === null || !/^-?\d+$/.test(links) ? NaN : Number(links);
    if (!Number.isSafeInteger(n) || n === 0 || Math.abs(n) > this.settings.navigateMax) {
      throw new ServiceProblem(
        400,
        'LINKS_PARAM_INVALID',
        `links must be a nonzero integer between -${this.settings.navigateMax} and ${this.settings.navigateMax}; positive follows later records, negative earlier ones.`,
      );
    }
    const tx = this.eventTx(txId, 'navigate');
    if (!LINKED_KINDS.has(tx.kind)) {
      throw new ServiceProblem(400, 'INVALID_NAVIGATION_TRANSACTION_TYPE', 'This transaction is not a linked record, so it has no links to navigate.');
    }
    const forward = n > 0;
    const txIds: string[] = [];
    let current: TxRow = tx;
    const step = (from: TxRow): TxRow | undefined => (forward ? this.successorOf(from) : from.prev_txid ? this.chain.get(from.prev_txid) : undefined);
    while (txIds.length < Math.abs(n)) {
      const next = step(current);
      if (!next) break;
      txIds.push(next.txid);
      current = next;
    }
    const endOfLinks = step(current) === undefined;
    return { txIds, endOfLinks };
  }

  /** Applies `encode` (or, when omitted and unsalted, the one used at creation) and compares. */
  private matches(tx: TxRow, encode: string | null, body: Buffer): boolean {
    let value = encode;
    if (value === null) {
      const original = tx.encode ?? '';
      if (hasSaltArgument(parseEncode(original, this.settings))) {
        throw new ServiceProblem(
          400,
          'ENCODE_PARAM_INVALID',
          'encode is required for this record: pass the same value, salt included, that was used when it was written.',
        );
      }
      value = original;
    }
    return applyEncode(parseEncode(value, this.settings), body).published.equals(tx.published ?? Buffer.alloc(0));
  }

  /** Without `encode` the record is published as sent, as the guides' "unencoded" examples do. */
  private encodeBody(encodeParam: string | null, body: Buffer): EncodedBody {
    const encode = encodeParam ?? '';
    const steps = parseEncode(encode, this.settings);
    if (this.settings.contentRequired && body.length === 0) {
      throw new ServiceProblem(400, 'CONTENT_IS_REQUIRED', 'The request has no body: send the record bytes as application/octet-stream.');
    }
    return { ...applyEncode(steps, body), encode };
  }

  private appendLinked(kind: RecordKind, encoded: EncodedBody, spend: Spend | undefined): LinkedWriteResult {
    const derivationPath = `m/0/${this.meta.next('derivation')}`;
    const script = fundScript(KEY_ALIAS, derivationPath);
    const token: UpdateToken = { keyAlias: KEY_ALIAS, derivationPath, lockingScript: script.toString('hex'), outputValue: Number(FUND_FOR_NEXT_SATOSHIS) };
    const raw = buildRecordTransaction({
      layout: this.settings.layout,
      kind,
      published: encoded.published,
      serial: this.meta.next('funding'),
      spends: spend?.key,
      nextFund: script,
    });
    const txId = this.chain.accept({
      raw,
      kind,
      published: encoded.published,
      encode: encoded.encode,
      prevTxId: spend?.prevTxId,
      fund: { script: token.lockingScript, path: derivationPath },
      ...this.fate(spend),
    });
    const result: LinkedWriteResult = { txId, updateToken: encodeUpdateToken(token) };
    if (kind === 'linked-update') result.fingerprint = createHash('sha256').update(encoded.published).digest('hex');
    return withEncoding(result, encoded.report);
  }

  /** What the chain will do with a new transaction: the spend's fate, then the injected faults. */
  private fate(spend: Spend | undefined): { doomed: boolean; neverMined: boolean } {
    return { doomed: (spend?.doomed ?? false) || this.fates.reject(), neverMined: (spend?.neverMined ?? false) || this.fates.neverMine() };
  }

  /**
   * What input 0 of an update or delete spends. With a token the previous transaction is not
   * fetched: a token that does not unlock it yields a transaction the chain rejects later. Either
   * way the life-cycle rule applies to a predecessor not yet in a block.
   */
  private spendFor(pathTxId: string, tokenParam: string | null): Spend {
    const txId = pathTxId.toLowerCase();
    const token = tokenParam === null || tokenParam === '' ? null : decodeUpdateToken(tokenParam, this.settings.tokenPlacement);
    if (!token) {
      const tx = this.eventTx(txId);
      this.checkLinkable(tx);
      const neverMined = spendsUnmined(this.settings.lifecycle, tx) || spentUnseen(tx);
      return { key: this.keyOf(tx), prevTxId: txId, doomed: false, neverMined };
    }
    const known = this.chain.get(txId);
    const previous = known && EVENT_KINDS.has(known.kind) ? known : undefined;
    if (previous) this.checkLinkable(previous);
    const neverMined = spendsUnmined(this.settings.lifecycle, previous) || (previous !== undefined && spentUnseen(previous));
    const unlocks = this.chain.byFundScript(token.lockingScript)?.txid === txId;
    const vout = fundOutputIndex(this.settings.layout, previous);
    return { key: { txid: txId, vout, keyAlias: token.keyAlias, derivationPath: token.derivationPath }, prevTxId: txId, doomed: !unlocks, neverMined };
  }

  private checkLinkable(tx: TxRow): void {
    if (tx.kind !== 'linked-create' && tx.kind !== 'linked-update') {
      throw new ServiceProblem(
        400,
        'TX_NOT_LINKABLE',
        tx.kind === 'linked-delete'
          ? 'This linked record is finalised: its chain can no longer be updated.'
          : 'This transaction is a plain record: only linked records can be updated or finalised.',
      );
    }
    if (this.successorOf(tx) !== undefined) {
      throw new ServiceProblem(400, 'NOT_LINKED_RECORDS_END', 'Only the last record of a chain can be updated or finalised; navigate forward to find it.');
    }
  }

  private keyOf(tx: TxRow): SpendKey {
    return { txid: tx.txid, vout: fundOutputIndex(this.settings.layout, tx), keyAlias: KEY_ALIAS, derivationPath: tx.fund_path! };
  }

  /** A transaction of this service, or the problem a caller should get for `txId`. */
  /** `tx` once its status can be read: not in a block and accepted within the publishing window, it is unknown (404). */
  private published(tx: TxRow): TxRow {
    if (this.settings.publishingMs > 0 && tx.block_height === null && this.now() - tx.accepted_at < this.settings.publishingMs) throw notFound();
    return tx;
  }

  private eventTx(txId: string, purpose: 'read' | 'navigate' = 'read'): TxRow {
    if (!isHash(txId)) throw invalidTxId(txId, 'txId');
    const tx = this.chain.get(txId.toLowerCase());
    if (!tx) throw notFound();
    if (!EVENT_KINDS.has(tx.kind)) {
      if (purpose === 'navigate') {
        throw new ServiceProblem(400, 'INVALID_NAVIGATION_TRANSACTION_TYPE', 'This transaction is not a linked record, so it has no links to navigate.');
      }
      // The troubleshooting page has a code for each: a transaction with no data, and someone else's data.
      throw new ServiceProblem(400, 'TX_NOT_AN_EVENT_TRANSACTION', 'This transaction exists but is not a record of this service.').spelledOnTroubleshootingPage(
        tx.kind === 'foreign-data' ? 'NOT_AN_EVENT_TRANSACTION' : 'NOT_A_DATA_TRANSACTION',
      );
    }
    return tx;
  }

  private readable(tx: TxRow): TxRow {
    if (tx.kind === 'future') {
      throw new ServiceProblem(
        400,
        'TX_CONTENT_TYPE_NOT_SUPPORTED',
        'This record was written by a newer version of the service and cannot be read by this one.',
      );
    }
    return tx;
  }
}

interface EncodedBody {
  published: Buffer;
  report: EncodingStepResult[];
  encode: string;
}

interface SpendKey {
  txid: string;
  vout: number;
  keyAlias: string;
  derivationPath: string;
}

/** What an update or delete spends, and what the chain will make of it. */
interface Spend {
  key: SpendKey;
  prevTxId: string;
  doomed: boolean;
  neverMined: boolean;
}

/**
 * Its output is already spent by an accepted successor the index does not show (ChainIndex
 * `mined`): a second spend, which the chain's first-seen rule never mines.
 */
function spentUnseen(tx: TxRow): boolean {
  return tx.next_txid !== null;
}

function invalidTxHash(value: string): ServiceProblem {
  return new ServiceProblem(400, 'TX_HASH_PARM_INVALID', `"${value.slice(0, 80)}" is not a transaction hash: expected 64 hexadecimal characters.`);
}

function invalidTxId(value: string, name: string): ServiceProblem {
  return new ServiceProblem(400, 'TX_ID_PARAM_INVALID', `${name} "${value.slice(0, 80)}" is not a valid transaction id: expected 64 hexadecimal characters.`);
}

function withEncoding<T extends object>(result: T, report: EncodingStepResult[]): T & { encoding?: EncodingStepResult[] } {
  return report.length > 0 ? { ...result, encoding: report } : result;
}
