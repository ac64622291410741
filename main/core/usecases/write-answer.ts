import { sha256 } from '@noble/hashes/sha2.js';
import { ascii, hex } from '@scure/base';
import type { CallOptions } from '../api/http-client.ts';
import type { RecordApi } from '../api/record-api.ts';
import type { EncodingStep } from '../api/responses.ts';
import { OutcomeUnknownError } from '../api/transport-failure.ts';
import { sentenceFor } from '../errors/catalogue.ts';
import { bytesEqual } from '../../../verifier/chain/double-sha256.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import type { StoredRecord } from '../store/record.ts';
import type { NotaryContext } from './context.ts';

/**
 * What a write's answer says, checked before it is believed (submit.ts calls these):
 * - a delete answered with an empty 200 (the API reference's reading, service-notes.md) is a
 *   success whose txId is read by navigating forward one link from its predecessor;
 * - the bytes the service published are compared once with the bytes Notarium computed, so a
 *   service that encodes differently is caught at its first registration, not when a receipt
 *   fails years later. A mismatch keeps the record (the service registered it) but fails the
 *   write, and the connection sends nothing more.
 */

/** The parts of a write's answer that say what was published. */
export interface WriteAnswer {
  txId: string;
  updateToken?: string | null;
  encoding?: EncodingStep[];
  /** An update's SHA-256 of the published bytes (hex). */
  fingerprint?: string | null;
}

/** The txId of a delete the service answered without one: the record that now follows `prevTxId`. */
export async function deleteTxId(api: RecordApi, prevTxId: string, options?: CallOptions): Promise<string> {
  let next: string | undefined;
  try {
    next = (await api.navigate(prevTxId, 1, options)).txIds[0];
  } catch (err) {
    throw new OutcomeUnknownError(
      'TXID_MISSING',
      `The service took the finalisation without saying its transaction id, and navigating from the previous version to find it failed (${reason(err)}). ${sentenceFor('TXID_MISSING')}`,
      { cause: err },
    );
  }
  if (next) return next;
  throw new OutcomeUnknownError(
    'TXID_MISSING',
    `The service took the finalisation without saying its transaction id, and nothing follows the previous version yet. ${sentenceFor('TXID_MISSING')}`,
  );
}

interface ConnectionCheck {
  /** The content of one registration was read back and matched: answers that say nothing are not read again. */
  contentMatched: boolean;
  contentReading: boolean;
  /** Set once the service published other bytes; every later write is refused with it. */
  mismatch: NotariumError | null;
}

const checks = new WeakMap<RecordApi, ConnectionCheck>();

function checkOf(api: RecordApi): ConnectionCheck {
  let check = checks.get(api);
  if (!check) checks.set(api, (check = { contentMatched: false, contentReading: false, mismatch: null }));
  return check;
}

/** Before a write: refused when this connection's service was caught publishing other bytes. */
export function refuseAfterMismatch(api: RecordApi): void {
  const { mismatch } = checkOf(api);
  if (mismatch) throw new NotariumError('ENCODING_MISMATCH', mismatch.message);
}

/** What an answer alone shows about the published bytes. */
/** `unexplained`: the answer reports something neither reading of it explains, so this write's content is read back. */
export type AnswerEvidence =
  { kind: 'match' } | { kind: 'mismatch'; reported: string; computed: string; what: string } | { kind: 'nothing' } | { kind: 'unexplained' };

/** Largest text output an encoding step carries (record-service.md: Encoding step). */
const MAX_OUTPUT_CHARS = 1024;

/**
 * Compares `published` with what the answer reports: the last encoding step's text output (the
 * guides: "the final output shows the record that was written"; possibly one step for the whole
 * chain), and an update's fingerprint. Binary published bytes have no text output to compare.
 */
export function answerEvidence(answer: WriteAnswer, published: Uint8Array): AnswerEvidence {
  const output = answer.encoding?.at(-1)?.output ?? null;
  const text = printable(published);
  if (output !== null && text !== null) {
    const expected = text.slice(0, MAX_OUTPUT_CHARS);
    if (output !== expected) return { kind: 'mismatch', what: 'its encoding output', reported: short(output), computed: short(expected) };
  }
  // What an update's `fingerprint` holds is not shown by the reference (record-service.md), and the
  // guides call the encoded record itself "the new fingerprint": either reading agrees, and any
  // other value fails nothing by itself: this write's content is read back and compared instead.
  const fingerprint = answer.fingerprint?.toLowerCase() ?? null;
  if (fingerprint !== null)
    return fingerprint === hex.encode(published) || fingerprint === hex.encode(sha256(published)) ? { kind: 'match' } : { kind: 'unexplained' };
  return output !== null && text !== null ? { kind: 'match' } : { kind: 'nothing' };
}

/**
 * After a write was stored as published: the check. When the answer carries nothing comparable,
 * the record's content is read back, once per connection. A read that fails proves nothing and
 * is tried at the next write. Content read back that differs is asked of the service's own verify
 * (match, with this write's encode): a content endpoint is not documented to return exactly the
 * published bytes, so only match answering false too fails the write; otherwise the difference is
 * a warning the record keeps, and later writes go on. A differing encoding output fails the write.
 * The record (still published: the service registered it) says why.
 */
export async function checkPublished(ctx: NotaryContext, api: RecordApi, record: StoredRecord, answer: WriteAnswer, options?: CallOptions): Promise<void> {
  try {
    const warning = await compare(api, record, answer, options);
    if (warning === null) return;
    ctx.library.records.noteError(record.id, warning);
    ctx.recordUpdated(ctx.library.records.get(record.id)!);
  } catch (err) {
    ctx.library.records.noteError(record.id, (err as Error).message);
    ctx.recordUpdated(ctx.library.records.get(record.id)!);
    throw err;
  }
}

/** Null when the published bytes agree (or nothing could be compared); a warning when only the content read back differs. */
async function compare(api: RecordApi, record: StoredRecord, answer: WriteAnswer, options?: CallOptions): Promise<string | null> {
  if (!record.publishedHex) return null; // a finalisation publishes nothing of its own
  const published = hex.decode(record.publishedHex);
  const check = checkOf(api);
  let evidence = answerEvidence(answer, published);
  if (((evidence.kind === 'nothing' && !check.contentMatched) || evidence.kind === 'unexplained') && !check.contentReading) {
    check.contentReading = true;
    try {
      const content = record.kind === 'record' ? await api.recordContent(answer.txId, options) : await api.linkedContent(answer.txId, options);
      evidence = bytesEqual(content, published)
        ? { kind: 'match' }
        : { kind: 'mismatch', what: 'its content', reported: short(hex.encode(content)), computed: short(record.publishedHex) };
      if (evidence.kind === 'mismatch') {
        const verdict = await serviceMatch(api, record, answer.txId, options);
        if (verdict !== false) {
          check.contentMatched = verdict === true;
          return `For transaction ${answer.txId} the service read back its content as ${evidence.reported}, where Notarium computed ${evidence.computed} from encode ${record.encode || '(none)'}; ${verdict ? 'its own verify (match) says the record matches' : 'its verify (match) could not be asked'}, so the registration stands. If its receipt does not verify, check the profile's service URL and ask the service's provider how it applies encode.`;
        }
      }
      check.contentMatched = evidence.kind === 'match';
    } catch {
      // Not readable yet (still publishing) or not reachable: the next write's answer is read back instead.
    } finally {
      check.contentReading = false;
    }
  }
  if (evidence.kind !== 'mismatch') return null;
  check.mismatch = new NotariumError(
    'ENCODING_MISMATCH',
    `For transaction ${answer.txId} the service reported ${evidence.what} as ${evidence.reported}, where Notarium computed ${evidence.computed} from encode ${record.encode || '(none)'}. ${sentenceFor('ENCODING_MISMATCH')}`,
  );
  throw check.mismatch;
}

/** The service's own verify of this write (our record, our encode, after our predecessor): null when it cannot be asked. */
async function serviceMatch(api: RecordApi, record: StoredRecord, txId: string, options?: CallOptions): Promise<boolean | null> {
  const body = hex.decode(record.recordHex ?? '');
  const encode = record.encode || undefined;
  try {
    const answer =
      record.kind === 'record'
        ? await api.matchRecord(txId, body, encode, options)
        : await api.matchLinked(txId, body, encode, record.prevTxId ?? undefined, options);
    return answer.kind === 'known' ? answer.match : null;
  } catch {
    return null; // not offered on this instance, or not reachable: no verdict
  }
}

/** ASCII text when every byte is printable (a Base64 step's output), else null. */
function printable(bytes: Uint8Array): string | null {
  return bytes.every((b) => b >= 0x20 && b < 0x7f) ? ascii.encode(bytes) : null;
}

function short(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

function reason(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).replace(/\.$/, '');
}
