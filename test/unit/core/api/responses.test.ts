import { describe, expect, it } from 'vitest';
import {
  codeExchangeSchema,
  deleteResultSchema,
  linkedCreateSchema,
  linkedStatusSchema,
  linkedUpdateSchema,
  matchSchema,
  navigateSchema,
  parseJson,
  parseValue,
  readinessSchema,
  refreshSchema,
  statusSchema,
  writeResultSchema,
} from '../../../../main/core/api/responses.ts';
import { NotariumError } from '../../../../main/core/errors/notarium-error.ts';

const H = (c: string): string => c.repeat(64);
const TX = H('e');
const TOKEN = 'eyJrZXlBbGlhcyI6InMifQ%3D%3D';

const proof = {
  index: 1,
  txOrId: H('a'),
  target: 'ab'.repeat(80),
  nodes: [H('b'), '*'],
  targetType: 'header',
  proofType: null,
  composite: null,
};
const confirmation = { confirmedBlocks: 2, blockHash: H('c'), blockTimestamp: '2025-03-01T12:00:00Z', merkleProof: proof };

describe('tolerant parsing', () => {
  it('reads both spellings of an encoding step', () => {
    expect(parseValue({ txId: TX, encoding: [{ contentType: 'application/octet-stream' }] }, writeResultSchema, 'w')).toEqual({
      txId: TX,
      encoding: [{ contentType: 'application/octet-stream', output: null }],
    });
    expect(parseValue({ txId: TX, encoding: [{ 'content-type': 'text/plain', output: 'aGk=' }] }, writeResultSchema, 'w').encoding).toEqual([
      { contentType: 'text/plain', output: 'aGk=' },
    ]);
  });

  it('gives an empty encoding when the array is omitted or null', () => {
    expect(parseValue({ txId: TX }, writeResultSchema, 'w').encoding).toEqual([]);
    expect(parseValue({ txId: TX, encoding: null }, writeResultSchema, 'w').encoding).toEqual([]);
  });

  it('reads both spellings of the update token, and tolerates none', () => {
    expect(parseValue({ txId: TX, updateToken: TOKEN }, linkedCreateSchema, 'c').updateToken).toBe(TOKEN);
    expect(parseValue({ txId: TX, update_token: TOKEN }, linkedCreateSchema, 'c').updateToken).toBe(TOKEN);
    expect(parseValue({ txId: TX }, linkedCreateSchema, 'c').updateToken).toBeNull();
    expect(parseValue({ txId: TX, update_token: TOKEN, fingerprint: H('d') }, linkedUpdateSchema, 'u')).toEqual({
      txId: TX,
      encoding: [],
      updateToken: TOKEN,
      fingerprint: H('d'),
    });
  });

  it('reads confirmation null or absent as null', () => {
    expect(parseValue({ confirmation: null }, statusSchema, 's')).toEqual({ confirmation: null });
    expect(parseValue({}, statusSchema, 's')).toEqual({ confirmation: null });
    expect(parseValue({ updatable: true }, linkedStatusSchema, 's')).toEqual({ updatable: true, confirmation: null });
  });

  it('fills the Merkle proof defaults: proofType, composite and targetType null or absent', () => {
    const parsed = parseValue({ confirmation }, statusSchema, 's').confirmation!;
    expect(parsed.merkleProof).toEqual({ ...proof, targetType: 'header', proofType: 'branch', composite: false });
    const { targetType: _t, proofType: _p, composite: _c, ...bare } = proof;
    const minimal = parseValue({ match: true, confirmation: { confirmedBlocks: 1, merkleProof: { ...bare, target: H('e') } } }, matchSchema, 'm');
    expect(minimal.confirmation).toEqual({
      confirmedBlocks: 1,
      blockHash: null,
      blockTimestamp: null,
      merkleProof: { ...bare, target: H('e'), targetType: 'hash', proofType: 'branch', composite: false },
    });
    // Without a type, an 80-byte target is a header (only a header is that long).
    const typeless = parseValue({ confirmation: { ...confirmation, merkleProof: bare } }, statusSchema, 's').confirmation!;
    expect(typeless.merkleProof).toMatchObject({ target: 'ab'.repeat(80), targetType: 'header' });
  });

  it("reads 'merkleroot' as 'merkleRoot' and keeps unsupported proof kinds for the verifier to refuse", () => {
    const odd = { ...proof, targetType: 'merkleroot', proofType: 'tree', composite: true, target: H('f') };
    expect(parseValue({ confirmation: { ...confirmation, merkleProof: odd } }, statusSchema, 's').confirmation!.merkleProof).toMatchObject({
      targetType: 'merkleRoot',
      proofType: 'tree',
      composite: true,
    });
  });

  it('lowercases hashes and ignores unknown fields', () => {
    const parsed = parseValue({ confirmation: { ...confirmation, blockHash: H('C'), extra: 1 }, another: true }, statusSchema, 's');
    expect(parsed.confirmation!.blockHash).toBe(H('c'));
    expect(parsed).not.toHaveProperty('another');
    expect(parsed.confirmation).not.toHaveProperty('extra');
  });

  it('reads readiness and identity answers', () => {
    expect(parseValue({ appVersion: '1.4.3' }, readinessSchema, 'r')).toEqual({ appVersion: '1.4.3' });
    expect(parseValue({}, readinessSchema, 'r')).toEqual({ appVersion: null });
    expect(parseValue({ accessToken: 'a', expiresIn: '900', refreshToken: 'r' }, codeExchangeSchema, 'x').expiresIn).toBe(900);
    expect(parseValue({ accessToken: 'a', expiresIn: 900 }, refreshSchema, 'x')).toEqual({ accessToken: 'a', expiresIn: 900, refreshToken: null });
  });
});

describe('answers that do not fit', () => {
  const bad = (value: unknown, schema: Parameters<typeof parseValue>[1]): NotariumError => {
    try {
      parseValue(value, schema, 'record status');
    } catch (err) {
      expect(err).toBeInstanceOf(NotariumError);
      expect((err as NotariumError).code).toBe('BAD_RESPONSE');
      return err as NotariumError;
    }
    throw new Error('expected BAD_RESPONSE');
  };

  it('names the field that was wrong', () => {
    expect(bad({ confirmation: { ...confirmation, merkleProof: { ...proof, nodes: 'x' } } }, statusSchema).message).toContain('confirmation.merkleProof.nodes');
    expect(bad({ confirmation: { ...confirmation, confirmedBlocks: -1 } }, statusSchema).message).toContain('confirmation.confirmedBlocks');
    expect(bad({ txId: 'x', encoding: [{ output: 'x' }] }, writeResultSchema).message).toContain('contentType (or content-type) is missing');
    expect(bad({ encoding: [] }, writeResultSchema).message).toMatch(/record status.*txId/);
    expect(bad({ confirmation: { ...confirmation, merkleProof: { ...proof, targetType: 'height' } } }, statusSchema).message).toContain('targetType');
  });

  it('refuses a txId that is not 64 hexadecimal digits, in every answer that carries one', () => {
    const notTxIds = ['x', '../../etc/passwd', H('a').slice(1), `${H('a')}0`, `${H('a').slice(2)}zz`, ` ${H('a').slice(1)}`, 42, null];
    for (const txId of notTxIds) {
      expect(bad({ txId }, writeResultSchema).message).toMatch(/txId: .*transaction id, 64 hexadecimal characters/);
      expect(bad({ txId, updateToken: TOKEN }, linkedCreateSchema).message).toMatch(/txId/);
      expect(bad({ txId, updateToken: TOKEN }, linkedUpdateSchema).message).toMatch(/txId/);
      // null (or no txId) is a delete's answer that says nothing: read by navigating (record-api.ts).
      if (txId !== null) expect(bad({ txId }, deleteResultSchema).message).toMatch(/txId/);
      expect(bad({ txIds: [TX, txId], endOfLinks: false }, navigateSchema).message).toMatch(/txIds\.1/);
    }
    expect(parseValue({}, deleteResultSchema, 'd').txId ?? null).toBeNull();
    expect(parseValue({ txId: null }, deleteResultSchema, 'd').txId).toBeNull();
    // Upper case is the same id: kept, in lower case.
    expect(parseValue({ txId: TX.toUpperCase() }, writeResultSchema, 'w').txId).toBe(TX);
  });

  it('never quotes a value (it may be a token)', () => {
    const err = bad({ txId: 'x', updateToken: 42, update_token: { secret: TOKEN } }, linkedCreateSchema);
    expect(err.message).not.toContain(TOKEN);
  });

  it('reports a body that is not JSON', () => {
    const response = { status: 200, headers: new Headers(), body: new TextEncoder().encode('<html>') };
    expect(() => parseJson(response, statusSchema, 'record status')).toThrow(/answer to record status is not JSON/);
  });
});
