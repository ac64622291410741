import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyEncode, MAX_ENCODED_BYTES, MAX_ENCODE_STEPS, parseEncode, type EncoderSettings } from '../../../sandbox/encode/encode-spec.ts';
import { ServiceProblem } from '../../../sandbox/http/problem.ts';

const OPEN: EncoderSettings = { allowedEncoders: ['SHA256', 'Base64'], saltRequired: false, sha256Required: false };

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof ServiceProblem) return err.errorCode;
    throw err;
  }
  return 'no error';
}

describe('encode parameter', () => {
  it('parses chains with and without salts', () => {
    expect(parseEncode('SHA256(a/b:c-d+e)|Base64', OPEN)).toEqual([{ encoder: 'SHA256', salt: 'a/b:c-d+e' }, { encoder: 'Base64' }]);
    expect(parseEncode('', OPEN)).toEqual([]);
  });

  it.each(['01-02T13.14.15', '23:59:59.123', '2024-01-02T13:14:15.12345'])("reads the guides' salt %s ('.' beyond the reference's list)", (salt) => {
    expect(parseEncode(`SHA256(${salt})|Base64`, OPEN)).toEqual([{ encoder: 'SHA256', salt }, { encoder: 'Base64' }]);
  });

  it.each([
    ['SHA256(a b)', 'ENCODE_PARAM_INVALID'], // "+" sent unencoded arrives as a space
    ['SHA256(a_b)', 'ENCODE_PARAM_INVALID'],
    ['SHA256()', 'ENCODE_PARAM_INVALID'],
    ['SHA256(a', 'ENCODE_PARAM_INVALID'],
    ['SHA256||Base64', 'ENCODE_PARAM_INVALID'],
    ['SHA256|', 'ENCODE_PARAM_INVALID'],
    ['SHA-256', 'ENCODE_PARAM_INVALID'],
    ['sha256', 'UNKNOWN_ENCODER'],
    ['MD5(x)', 'UNKNOWN_ENCODER'],
  ])('refuses %s with %s', (value, code) => {
    expect(codeOf(() => parseEncode(value, OPEN))).toBe(code);
  });

  it('spells two codes otherwise on the troubleshooting page', () => {
    const problem = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return err as ServiceProblem;
      }
      throw new Error('no problem');
    };
    const argument = problem(() => parseEncode('SHA256', { ...OPEN, saltRequired: true }));
    expect([argument.toDocument().errorCode, argument.toDocument('troubleshooting').errorCode]).toEqual([
      'CONTENT_ENCODER_ARGUMENT_MISSING',
      'ENCODER_ARGUMENT_MISSING',
    ]);
    const fingerprint = problem(() => parseEncode('', { ...OPEN, sha256Required: true }));
    expect([fingerprint.toDocument().errorCode, fingerprint.toDocument('troubleshooting').errorCode]).toEqual([
      'ENCODER_SHA256_MISSING',
      'ENCODER_FINGERPRINT_MISSING',
    ]);
    const same = problem(() => parseEncode('Rot13', OPEN));
    expect(same.toDocument('troubleshooting').errorCode).toBe('UNKNOWN_ENCODER');
  });

  it('applies the instance settings', () => {
    expect(codeOf(() => parseEncode('Base64', { ...OPEN, allowedEncoders: ['SHA256'] }))).toBe('CONTENT_BAD_ENCODER');
    expect(codeOf(() => parseEncode('SHA256', { ...OPEN, saltRequired: true }))).toBe('CONTENT_ENCODER_ARGUMENT_MISSING');
    expect(codeOf(() => parseEncode('SHA256(s)', { ...OPEN, saltRequired: true }))).toBe('no error');
    expect(codeOf(() => parseEncode('Base64', { ...OPEN, sha256Required: true }))).toBe('ENCODER_SHA256_MISSING');
    expect(codeOf(() => parseEncode('', { ...OPEN, sha256Required: true }))).toBe('ENCODER_SHA256_MISSING');
  });

  it('prepends each salt to its encoder input and reports the steps', () => {
    const record = Buffer.from('0123456789abcdef', 'hex');
    const { published, report } = applyEncode(parseEncode('SHA256(k3J9)|Base64', OPEN), record);
    const digest = createHash('sha256')
      .update(Buffer.concat([Buffer.from('k3J9'), record]))
      .digest();
    expect(published.toString()).toBe(digest.toString('base64'));
    expect(report).toEqual([{ contentType: 'application/octet-stream' }, { contentType: 'text/plain', output: digest.toString('base64') }]);
  });

  it('cuts text output at 1024 characters', () => {
    const { published, report } = applyEncode(parseEncode('Base64', OPEN), Buffer.alloc(1000, 7));
    expect(published.length).toBe(1336);
    expect(report[0]!.output).toHaveLength(1024);
  });

  it(`bounds a chain: ${MAX_ENCODE_STEPS} encoders, no step beyond ${MAX_ENCODED_BYTES} bytes`, () => {
    const chain = (n: number) => Array.from({ length: n }, () => 'Base64').join('|');
    expect(parseEncode(chain(MAX_ENCODE_STEPS), OPEN)).toHaveLength(MAX_ENCODE_STEPS);
    expect(codeOf(() => parseEncode(chain(MAX_ENCODE_STEPS + 1), OPEN))).toBe('ENCODE_PARAM_INVALID');
    expect(codeOf(() => parseEncode(chain(500), OPEN))).toBe('ENCODE_PARAM_INVALID');
    expect(codeOf(() => applyEncode(parseEncode(chain(10), OPEN), Buffer.alloc(1024 * 1024)))).toBe('ENCODE_PARAM_INVALID');
    expect(applyEncode(parseEncode(chain(9), OPEN), Buffer.alloc(1024 * 1024)).published.length).toBe(13965304);
  });
});
