import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { NotariumError } from '../errors/notarium-error.ts';
import { HttpClient, joinUrl, type CallOptions, type TransportOptions } from './http-client.ts';
import { headerFromJson } from './header-json.ts';
import { explorerTransport, type OriginPacer } from './origin-pacer.ts';
import { strictEncode } from './request-url.ts';

/**
 * A public block explorer, for the raw transaction and the block header a receipt embeds. URLs
 * come from templates (per profile) with `{txId}` and `{blockHash}` placeholders. Answers are
 * checked: hex of a plausible length that hashes to the id asked for, so a wrong or truncated
 * answer never reaches a receipt. A header may come as 160 hex or as JSON (header-json.ts).
 * Requests are paced to the explorer's rate (origin-pacer.ts), and neither a transaction nor a
 * header ever changes for its id, so each is fetched once while it is remembered.
 */

export interface ExplorerTemplates {
  /** e.g. `https://explorer.example/tx/{txId}/hex` */
  transactionHex: string;
  /**
   * e.g. `https://explorer.example/block/{blockHash}/header`; null: none (enough while the
   * proofs' target is the header itself).
   */
  blockHeader: string | null;
}

export interface ExplorerApiOptions extends TransportOptions {
  templates: ExplorerTemplates;
  /** Default: the process's explorer pacer, shared by every profile; null: not paced. */
  pacer?: OriginPacer | null;
}

/** The sandbox's explorer endpoints under its base URL. */
export function sandboxExplorerTemplates(baseUrl: string): ExplorerTemplates {
  const base = baseUrl.replace(/\/+$/, '');
  return { transactionHex: `${base}/explorer/tx/{txId}/hex`, blockHeader: `${base}/explorer/block/{blockHash}/header` };
}

/** The sandbox explorer's block lookup (a `{blockHash}` template): JSON with the block's height and confirmations. */
export function sandboxBlockLookup(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/explorer/block/{blockHash}`;
}

/** The sandbox explorer's page for people about a transaction (a `{txId}` template). */
export function sandboxExplorerPage(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/explorer/tx/{txId}`;
}

const HASH = /^[0-9a-fA-F]{64}$/;
const HEADER_BYTES = 80;
/** The smallest valid transaction: one input, one output, no scripts. */
const MIN_TX_BYTES = 60;
/** Checked answers remembered: the blocks and transactions of a run of registrations, not a chain's worth. */
const REMEMBERED = 64;

export class ExplorerApi {
  private readonly http: HttpClient;
  private readonly templates: ExplorerTemplates;
  /** Checked answers (and those under way, shared) by what was asked; a failure is not kept. */
  private readonly answers = new Map<string, Promise<string>>();

  constructor(options: ExplorerApiOptions) {
    checkTemplate(options.templates.transactionHex, '{txId}');
    if (options.templates.blockHeader !== null) checkTemplate(options.templates.blockHeader, '{blockHash}');
    this.templates = options.templates;
    this.http = new HttpClient(explorerTransport(options));
  }

  /** The raw transaction in lowercase hex; its double SHA-256 is checked against `txId`. */
  async transactionHex(txId: string, options?: CallOptions): Promise<string> {
    if (!HASH.test(txId)) throw new NotariumError('TX_ID_PARAM_INVALID');
    const id = txId.toLowerCase();
    return this.once(`tx ${id}`, async () => {
      const hex = await this.fetchHex(fill(this.templates.transactionHex, '{txId}', id), options);
      if (hex.length < MIN_TX_BYTES * 2) throw badAnswer(`the transaction is only ${hex.length / 2} bytes long`);
      if (displayHash(hex) !== id) throw badAnswer('the transaction it returned does not have the id asked for');
      return hex;
    });
  }

  /** Whether it can fetch block headers (a profile may name only a raw-transaction template). */
  get servesHeaders(): boolean {
    return this.templates.blockHeader !== null;
  }

  /**
   * The 80-byte block header in lowercase hex, served as hex or as JSON (rebuilt: header-json.ts);
   * its double SHA-256 is checked against `blockHash` either way.
   */
  async blockHeaderHex(blockHash: string, options?: CallOptions): Promise<string> {
    if (this.templates.blockHeader === null) throw new NotariumError('NETWORK', 'The profile names no block header URL for its explorer.');
    // Block hashes come from the service's confirmation: a malformed one is the service's fault.
    if (!HASH.test(blockHash)) throw new NotariumError('BAD_RESPONSE', 'The block hash to look up is not 64 hexadecimal characters.');
    const hash = blockHash.toLowerCase();
    const template = this.templates.blockHeader;
    return this.once(`header ${hash}`, async () => {
      const text = await this.fetchText(fill(template, '{blockHash}', hash), options);
      const hex = text.startsWith('{') || text.startsWith('[') ? headerFromJson(parseJson(text)) : hexOf(text);
      if (hex.length !== HEADER_BYTES * 2) throw badAnswer(`a block header is ${HEADER_BYTES} bytes, not ${hex.length / 2}`);
      if (displayHash(hex) !== hash) throw badAnswer('the header it returned is not of the block asked for');
      return hex;
    });
  }

  /** The remembered answer to `key`, or the one `ask` gives (remembered once it is checked). */
  private once(key: string, ask: () => Promise<string>): Promise<string> {
    const known = this.answers.get(key);
    if (known) {
      // Most recently used last: the oldest is the first to go.
      this.answers.delete(key);
      this.answers.set(key, known);
      return known;
    }
    const answer = ask();
    this.answers.set(key, answer);
    void answer.catch(() => {
      if (this.answers.get(key) === answer) this.answers.delete(key);
    });
    for (const oldest of this.answers.keys()) {
      if (this.answers.size <= REMEMBERED) break;
      this.answers.delete(oldest);
    }
    return answer;
  }

  private async fetchHex(url: string, options: CallOptions | undefined): Promise<string> {
    return hexOf(await this.fetchText(url, options));
  }

  private async fetchText(url: string, options: CallOptions | undefined): Promise<string> {
    // No credentials go to an explorer, so following its redirects is safe.
    const res = await this.http.request({ method: 'GET', url, kind: 'read', followRedirects: true, signal: options?.signal });
    return new TextDecoder().decode(res.body).trim();
  }
}

/** Hex bytes, bare or as a JSON string, in lowercase. */
function hexOf(answer: string): string {
  let text = answer;
  if (text.startsWith('"') && text.endsWith('"') && text.length >= 2) text = text.slice(1, -1); // a JSON string
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(text)) throw badAnswer('it is not hexadecimal bytes');
  return text.toLowerCase();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badAnswer('it is neither hexadecimal bytes nor JSON');
  }
}

function checkTemplate(template: string, placeholder: string): void {
  if (!template.includes(placeholder)) {
    throw new NotariumError('NETWORK', `The explorer URL template in the profile has no ${placeholder} placeholder.`);
  }
  joinUrl(fill(template, placeholder, '0'.repeat(64)), '');
}

function fill(template: string, placeholder: string, value: string): string {
  return template.split(placeholder).join(strictEncode(value));
}

/** reverse(sha256(sha256(bytes))) in hex: the txid of a transaction, the hash of a header. */
function displayHash(hex: string): string {
  return bytesToHex(sha256(sha256(hexToBytes(hex))).reverse());
}

function badAnswer(why: string): NotariumError {
  return new NotariumError('BAD_RESPONSE', `The block explorer's answer cannot be used: ${why}.`);
}
