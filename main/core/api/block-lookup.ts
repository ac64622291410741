import { NotariumError, ServiceError } from '../errors/notarium-error.ts';
import { blockLookupUrl, isBlockLookup, lookupSource, type BlockAnswer } from '../../../verifier/best-chain.ts';
import { HttpClient, type CallOptions, type TransportOptions } from './http-client.ts';
import { explorerTransport, type OriginPacer } from './origin-pacer.ts';

/**
 * A profile's block lookup: a block explorer's JSON about a block, by its hash (a `{blockHash}`
 * template, as WhatsOnChain's `/v1/bsv/main/block/hash/{hash}`), asked for the verification's
 * `chain` step. What it answers is read by the verifier's best-chain.ts, as the page reads it.
 * An explorer's API like the others: paced with them (origin-pacer.ts).
 */

export interface BlockLookupOptions extends TransportOptions {
  template: string;
  /** Default: the process's explorer pacer, shared by every profile; null: not paced. */
  pacer?: OriginPacer | null;
}

/** An optional check does not hold a verification up: one retry, for a passing glitch. */
const ATTEMPTS = 2;

export class BlockLookup {
  readonly template: string;
  /** Who is asked, as sentences name it (host and port). */
  readonly source: string;
  private readonly http: HttpClient;

  constructor(options: BlockLookupOptions) {
    if (!isBlockLookup(options.template)) {
      throw new NotariumError('NETWORK', 'The block lookup URL in the profile is not an http(s) address with a {blockHash} placeholder.');
    }
    this.template = options.template;
    this.source = lookupSource(options.template);
    this.http = new HttpClient(explorerTransport(options));
  }

  /**
   * What the lookup answered about `blockHash`: a 2xx with its body, or the status of an error
   * answer (404: it does not know the block). A lookup that could not be asked throws, as every
   * request does (NETWORK, TIMEOUT, CANCELLED).
   */
  async answer(blockHash: string, options: CallOptions = {}): Promise<BlockAnswer> {
    try {
      // A lookup's word is credited to its host by name: an answer from another origin is not its own.
      const res = await this.http.request({
        method: 'GET',
        url: blockLookupUrl(this.template, blockHash),
        kind: 'read',
        headers: { accept: 'application/json' },
        followRedirects: 'same-origin',
        signal: options.signal,
        maxAttempts: ATTEMPTS,
      });
      return { status: res.status, body: new TextDecoder().decode(res.body) };
    } catch (err) {
      if (err instanceof ServiceError) return { status: err.status, body: '' };
      throw err;
    }
  }
}
