import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../../../main/core/api/http-client.ts';
import { RecordApi } from '../../../../main/core/api/record-api.ts';
import { isOutcomeUnknown } from '../../../../main/core/api/transport-failure.ts';
import { encodeRecord } from '../../../../verifier/protocol/encode-spec.ts';
import { answerEvidence, deleteTxId } from '../../../../main/core/usecases/write-answer.ts';

// What a write's answer shows about the published bytes, and a delete's txId when the answer has
// none. The whole flow, with a service that encodes differently, is in
// test/integration/core-service-readings.test.ts.

const TX = 'ab'.repeat(32);
const record = createHash('sha256').update('the file').digest();
const binary = encodeRecord('SHA256(salt)', record);
const text = encodeRecord('SHA256(salt)|Base64', record);
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('answerEvidence', () => {
  it("compares the last encoding step's text output with the published text", () => {
    const output = Buffer.from(text).toString('ascii');
    expect(
      answerEvidence(
        {
          txId: TX,
          encoding: [
            { contentType: 'application/octet-stream', output: null },
            { contentType: 'text/plain', output },
          ],
        },
        text,
      ),
    ).toEqual({ kind: 'match' });
    // The guides print one step for the whole chain.
    expect(answerEvidence({ txId: TX, encoding: [{ contentType: '…|Base64', output }] }, text)).toEqual({ kind: 'match' });
    const other = Buffer.from(encodeRecord('SHA256|Base64', record)).toString('ascii');
    expect(answerEvidence({ txId: TX, encoding: [{ contentType: 'text/plain', output: other }] }, text)).toMatchObject({
      kind: 'mismatch',
      what: 'its encoding output',
      reported: other,
      computed: output,
    });
  });

  it('compares only the first 1024 characters, all a step output holds', () => {
    const long = encodeRecord('Base64', new Uint8Array(900));
    const output = Buffer.from(long).toString('ascii');
    expect(output.length).toBeGreaterThan(1024);
    expect(answerEvidence({ txId: TX, encoding: [{ contentType: 'text/plain', output: output.slice(0, 1024) }] }, long)).toEqual({ kind: 'match' });
    expect(answerEvidence({ txId: TX, encoding: [{ contentType: 'text/plain', output }] }, long).kind).toBe('mismatch');
  });

  it("reads an update's fingerprint as the SHA-256 of the published bytes or as the bytes themselves; any other value proves nothing", () => {
    expect(answerEvidence({ txId: TX, fingerprint: sha(binary).toUpperCase() }, binary)).toEqual({ kind: 'match' });
    expect(answerEvidence({ txId: TX, fingerprint: Buffer.from(binary).toString('hex') }, binary)).toEqual({ kind: 'match' });
    // Its meaning is not documented: a value neither reading gives is no mismatch by itself; the content is read back.
    expect(answerEvidence({ txId: TX, fingerprint: sha(record) }, binary)).toEqual({ kind: 'unexplained' });
  });

  it('nothing comparable: binary bytes without a fingerprint, no encoding, an unreadable fingerprint', () => {
    expect(answerEvidence({ txId: TX, encoding: [{ contentType: 'application/octet-stream', output: null }] }, binary)).toEqual({ kind: 'nothing' });
    expect(answerEvidence({ txId: TX }, binary)).toEqual({ kind: 'nothing' });
    // A text output for binary bytes cannot be read as them: nothing to compare, not a mismatch.
    expect(answerEvidence({ txId: TX, encoding: [{ contentType: 'text/plain', output: 'ab12' }] }, binary)).toEqual({ kind: 'nothing' });
  });
});

describe('deleteTxId', () => {
  const NEXT = 'cd'.repeat(32);
  const apiAnswering = (answer: () => Response) => {
    const fetch: FetchLike = async () => answer();
    return new RecordApi({ baseUrl: 'https://records.example', apiKey: 'k', fetch, sleep: async () => {}, retry: { maxAttempts: 1 } });
  };

  it('is the record that now follows the predecessor', async () => {
    const api = apiAnswering(() => new Response(JSON.stringify({ txIds: [NEXT], endOfLinks: true })));
    expect(await deleteTxId(api, TX)).toBe(NEXT);
  });

  it('when nothing follows yet, or navigate fails, the write is in doubt with a sentence, never a bad response', async () => {
    for (const answer of [() => new Response(JSON.stringify({ txIds: [], endOfLinks: true })), () => new Response('{}', { status: 503 })]) {
      const err = await deleteTxId(apiAnswering(answer), TX).catch((e: unknown) => e);
      expect(isOutcomeUnknown(err)).toBe(true);
      expect(err).toMatchObject({
        code: 'TXID_MISSING',
        message: expect.stringMatching(
          /^The service took the finalisation without saying its transaction id.*is not sent again before the chain has been read/,
        ),
      });
    }
  });
});
