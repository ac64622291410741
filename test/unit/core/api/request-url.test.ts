import { describe, expect, it } from 'vitest';
import { queryString, strictEncode, updateTokenParam } from '../../../../main/core/api/request-url.ts';

describe('query strings', () => {
  it("encodes an encode specification's '+', '|' and parentheses", () => {
    expect(queryString({ encode: 'SHA256(k3+/x:y-z)|Base64' })).toBe('?encode=SHA256%28k3%2B%2Fx%3Ay-z%29%7CBase64');
    expect(new URLSearchParams(queryString({ encode: 'SHA256(a+b)' })).get('encode')).toBe('SHA256(a+b)');
  });

  it('sends an empty encode (no encoder) and leaves out undefined values', () => {
    expect(queryString({ encode: '', prevTxId: undefined })).toBe('?encode=');
    expect(queryString({})).toBe('');
    expect(queryString({ links: -3 })).toBe('?links=-3');
  });

  it('encodes every reserved character', () => {
    expect(strictEncode("a b&c=d#e?f/g!h'i*j~k")).toBe('a%20b%26c%3Dd%23e%3Ff%2Fg%21h%27i%2Aj~k');
  });
});

describe('update tokens in the query', () => {
  const issued = encodeURIComponent(Buffer.from('{"keyAlias":"k","derivationPath":"m/0/1"}>>??').toString('base64'));

  it('encoded once: the query parser yields exactly the issued token', () => {
    expect(issued).toMatch(/%/);
    const value = updateTokenParam(issued, 'encoded-once');
    expect(new URLSearchParams(`updateToken=${value}`).get('updateToken')).toBe(issued);
  });

  it('as issued: the query parser yields the base64 underneath', () => {
    const value = updateTokenParam(issued, 'as-issued');
    expect(new URLSearchParams(`updateToken=${value}`).get('updateToken')).toBe(decodeURIComponent(issued));
    // A token that was never URL-encoded survives too: '+' is escaped, not read as a space.
    expect(new URLSearchParams(`t=${updateTokenParam('ab+/cd==', 'as-issued')}`).get('t')).toBe('ab+/cd==');
  });
});
