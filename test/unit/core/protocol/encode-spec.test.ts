import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isNotariumError } from '../../../../main/core/errors/notarium-error.ts';
import {
  applyEncodeSpec,
  encodeRecord,
  formatEncodeSpec,
  MAX_ENCODED_BYTES,
  MAX_ENCODE_STEPS,
  parseEncodeSpec,
  type EncodeStep,
} from '../../../../verifier/protocol/encode-spec.ts';
import { parseReceipt, type ReceiptV1 } from '../../../../verifier/receipt-v1.ts';
import { verifyReceipt } from '../../../../verifier/verify-receipt.ts';
import { clone, makeFixture, SALT, type Draft } from '../../../support/receipt-fixture.ts';

const VALID: [string, EncodeStep[]][] = [
  ['', []],
  ['SHA256', [{ encoder: 'SHA256' }]],
  ['Base64', [{ encoder: 'Base64' }]],
  ['SHA256(abc)', [{ encoder: 'SHA256', salt: 'abc' }]],
  ['SHA256(a+b/c:d-e)', [{ encoder: 'SHA256', salt: 'a+b/c:d-e' }]],
  ['SHA256(+)', [{ encoder: 'SHA256', salt: '+' }]],
  ['SHA256(AZaz09)|Base64', [{ encoder: 'SHA256', salt: 'AZaz09' }, { encoder: 'Base64' }]],
  ['Base64(x)|SHA256|Base64', [{ encoder: 'Base64', salt: 'x' }, { encoder: 'SHA256' }, { encoder: 'Base64' }]],
  // The salts of the service's own guides hold '.' (service-notes.md).
  ['SHA256(01-02T13.14.15)|Base64', [{ encoder: 'SHA256', salt: '01-02T13.14.15' }, { encoder: 'Base64' }]],
  ['SHA256(2024-01-02T13:14:15.12345)', [{ encoder: 'SHA256', salt: '2024-01-02T13:14:15.12345' }]],
  ['SHA256(23:59:59.123)', [{ encoder: 'SHA256', salt: '23:59:59.123' }]],
];

// [value, code, a fragment the message must contain]
const INVALID: [string, string, string][] = [
  ['SHA256()', 'ENCODE_PARAM_INVALID', 'empty'],
  ['SHA256(a b)', 'ENCODE_PARAM_INVALID', "'/', ':', '-', '+' and '.'"],
  ['SHA256(a_b)', 'ENCODE_PARAM_INVALID', "'/', ':', '-', '+' and '.'"],
  ['SHA256(a%2Bb)', 'ENCODE_PARAM_INVALID', "'/', ':', '-', '+' and '.'"],
  ['SHA256(é)', 'ENCODE_PARAM_INVALID', "'/', ':', '-', '+' and '.'"],
  ['SHA256(a', 'ENCODE_PARAM_INVALID', 'not an encoder'],
  ['SHA256(a))', 'ENCODE_PARAM_INVALID', 'not an encoder'],
  ['SHA256(a)(b)', 'ENCODE_PARAM_INVALID', 'not an encoder'],
  ['SHA256((a))', 'ENCODE_PARAM_INVALID', 'not an encoder'],
  [' SHA256', 'ENCODE_PARAM_INVALID', 'not an encoder'],
  ['SHA256 ', 'ENCODE_PARAM_INVALID', 'not an encoder'],
  ['|', 'ENCODE_PARAM_INVALID', 'empty'],
  ['SHA256|', 'ENCODE_PARAM_INVALID', 'position 2'],
  ['|SHA256', 'ENCODE_PARAM_INVALID', 'position 1'],
  ['SHA256||Base64', 'ENCODE_PARAM_INVALID', 'position 2'],
  ['SHA256|Base64(', 'ENCODE_PARAM_INVALID', 'encoder 2 of'],
  ['SHA256,Base64', 'ENCODE_PARAM_INVALID', 'not an encoder'],
  ['sha256', 'UNKNOWN_ENCODER', 'case-sensitive'],
  ['SHA512', 'UNKNOWN_ENCODER', '"SHA512"'],
  ['Hex(a)', 'UNKNOWN_ENCODER', '"Hex"'],
  ['SHA256|BASE64', 'UNKNOWN_ENCODER', '"BASE64"'],
  ['S'.repeat(5000), 'ENCODE_PARAM_INVALID', 'at most'],
];

describe('parseEncodeSpec', () => {
  it.each(VALID)('accepts %j', (value, steps) => {
    expect(parseEncodeSpec(value)).toEqual(steps);
    expect(formatEncodeSpec(steps)).toBe(value);
  });

  it.each(INVALID)('refuses %j with %s', (value, code, fragment) => {
    try {
      parseEncodeSpec(value);
      expect.unreachable();
    } catch (err) {
      expect(isNotariumError(err)).toBe(true);
      expect((err as { code: string }).code).toBe(code);
      expect((err as Error).message).toContain(fragment);
    }
  });

  it('formatEncodeSpec refuses a salt outside the alphabet', () => {
    expect(() => formatEncodeSpec([{ encoder: 'SHA256', salt: 'a b' }])).toThrow(/ASCII letters/);
  });
});

describe('applyEncodeSpec', () => {
  const record = Buffer.from('hello record');
  const sha = (b: Buffer) => createHash('sha256').update(b).digest();

  it('no encoder publishes the record itself', () => {
    expect(Buffer.from(encodeRecord('', record))).toEqual(record);
  });

  it('SHA256(salt) hashes ASCII(salt) || record', () => {
    expect(Buffer.from(encodeRecord('SHA256(s+1)', record))).toEqual(sha(Buffer.concat([Buffer.from('s+1'), record])));
    expect(Buffer.from(encodeRecord('SHA256', record))).toEqual(sha(record));
  });

  it('Base64 gives the ASCII bytes of standard base64, salt prepended', () => {
    expect(Buffer.from(encodeRecord('Base64', Buffer.from([0xfb, 0xff]))).toString('ascii')).toBe('+/8=');
    expect(Buffer.from(encodeRecord('Base64(ab)', record)).toString('ascii')).toBe(Buffer.concat([Buffer.from('ab'), record]).toString('base64'));
  });

  it('applies a chain in order, each salt to its own step', () => {
    const expected = Buffer.from(
      Buffer.concat([Buffer.from('b'), Buffer.from(sha(Buffer.concat([Buffer.from('a'), record])).toString('base64'))]).toString('base64'),
    );
    expect(Buffer.from(applyEncodeSpec(parseEncodeSpec('SHA256(a)|Base64|Base64(b)'), record))).toEqual(expected);
  });
});

describe('the bounds of a chain (500 Base64 steps cost 40 s and 2.5 GB)', () => {
  const codeOf = (fn: () => unknown): string => {
    try {
      fn();
      return 'accepted';
    } catch (err) {
      if (isNotariumError(err)) return `${err.code}: ${err.message}`;
      throw err;
    }
  };

  it(`accepts ${MAX_ENCODE_STEPS} encoders and refuses one more, by count, in the parser and in apply`, () => {
    const chain = (n: number, name = 'SHA256') => Array.from({ length: n }, () => name).join('|');
    expect(parseEncodeSpec(chain(MAX_ENCODE_STEPS))).toHaveLength(MAX_ENCODE_STEPS);
    expect(codeOf(() => parseEncodeSpec(chain(MAX_ENCODE_STEPS + 1)))).toMatch(/^ENCODE_PARAM_INVALID: .*chains 17 encoders; at most 16 are accepted/);
    // 500 steps that would be cheap to run (SHA256; Base64 of nothing stays nothing) are refused by the count alone.
    expect(codeOf(() => parseEncodeSpec(chain(500)))).toMatch(/^ENCODE_PARAM_INVALID: .*chains 500 encoders; at most 16/);
    expect(codeOf(() => parseEncodeSpec(chain(500, 'Base64')))).toMatch(/chains 500 encoders/);
    const steps: EncodeStep[] = Array.from({ length: 500 }, () => ({ encoder: 'Base64' }));
    expect(codeOf(() => applyEncodeSpec(steps, new Uint8Array(0)))).toMatch(/^ENCODE_PARAM_INVALID: The encode chain has 500 encoders; at most 16/);
  });

  it(`refuses a legal chain whose output would pass ${MAX_ENCODED_BYTES} bytes, before doing the work`, () => {
    // Ten Base64 steps are within the count; from 1 MiB they would make 17.8 MiB (18,620,408 bytes).
    const record = new Uint8Array(1024 * 1024);
    const tenTimes = parseEncodeSpec(Array.from({ length: 10 }, () => 'Base64').join('|'));
    expect(codeOf(() => applyEncodeSpec(tenTimes, record))).toMatch(
      /^ENCODE_PARAM_INVALID: Applying "Base64\|Base64.*to 1048576 bytes would make 18620408 bytes at encoder 10; an encoder may produce at most 16777216 bytes/,
    );
    expect(applyEncodeSpec(tenTimes.slice(0, 9), record).length).toBe(13965304);
    // A salt counts: it is part of the step's input.
    const edge = new Uint8Array((MAX_ENCODED_BYTES / 4) * 3 - 2);
    expect(applyEncodeSpec([{ encoder: 'Base64', salt: 'ab' }], edge).length).toBe(MAX_ENCODED_BYTES);
    expect(codeOf(() => applyEncodeSpec([{ encoder: 'Base64', salt: 'abc' }], edge))).toMatch(/would make 16777220 bytes at encoder 1/);
  });

  it('a receipt whose encode chains 500 encoders is refused when it is read, and fails verification if built by hand', () => {
    const { receipt } = makeFixture();
    const draft = clone(receipt) as Draft;
    draft.fingerprint.encode = `SHA256(${SALT})|${Array.from({ length: 499 }, () => 'Base64').join('|')}`;
    expect(codeOf(() => parseReceipt(JSON.stringify(draft)))).toMatch(
      /^RECEIPT_INVALID: The receipt's fingerprint encoding is not one Notarium can apply: .*500 encoders; at most 16/,
    );
    const report = verifyReceipt(draft as ReceiptV1);
    expect(report.outcome).toBe('failed');
    expect(report.failedStep).toBe('fingerprint');
    expect(report.summary).toMatch(/500 encoders; at most 16/);
  });
});
