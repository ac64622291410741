import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isNotariumError } from '../../../../main/core/errors/notarium-error.ts';
import { applyEncodeSpec, encodeRecord, formatEncodeSpec, parseEncodeSpec, type EncodeStep } from '../../../../main/core/protocol/encode-spec.ts';

const VALID: [string, EncodeStep[]][] = [
  ['', []],
  ['SHA256', [{ encoder: 'SHA256' }]],
  ['Base64', [{ encoder: 'Base64' }]],
  ['SHA256(abc)', [{ encoder: 'SHA256', salt: 'abc' }]],
  ['SHA256(a+b/c:d-e)', [{ encoder: 'SHA256', salt: 'a+b/c:d-e' }]],
  ['SHA256(+)', [{ encoder: 'SHA256', salt: '+' }]],
  ['SHA256(AZaz09)|Base64', [{ encoder: 'SHA256', salt: 'AZaz09' }, { encoder: 'Base64' }]],
  ['Base64(x)|SHA256|Base64', [{ encoder: 'Base64', salt: 'x' }, { encoder: 'SHA256' }, { encoder: 'Base64' }]],
];

// [value, code, a fragment the message must contain]
const INVALID: [string, string, string][] = [
  ['SHA256()', 'ENCODE_PARAM_INVALID', 'empty'],
  ['SHA256(a b)', 'ENCODE_PARAM_INVALID', "'/', ':', '-' and '+'"],
  ['SHA256(a_b)', 'ENCODE_PARAM_INVALID', "'/', ':', '-' and '+'"],
  ['SHA256(a%2Bb)', 'ENCODE_PARAM_INVALID', "'/', ':', '-' and '+'"],
  ['SHA256(é)', 'ENCODE_PARAM_INVALID', "'/', ':', '-' and '+'"],
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
    const expected = Buffer.from(Buffer.concat([Buffer.from('b'), Buffer.from(sha(Buffer.concat([Buffer.from('a'), record])).toString('base64'))]).toString('base64'));
    expect(Buffer.from(applyEncodeSpec(parseEncodeSpec('SHA256(a)|Base64|Base64(b)'), record))).toEqual(expected);
  });
});
