import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseEncodeSpec } from '../../../../verifier/protocol/encode-spec.ts';
import { fingerprintFor, newSalt, SALT_LENGTH } from '../../../../verifier/protocol/fingerprint.ts';

const digest = createHash('sha256').update('the file').digest();

describe('newSalt', () => {
  it('uses letters and digits only, at the documented length (≥128 bits)', () => {
    for (let i = 0; i < 200; i++) expect(newSalt()).toMatch(new RegExp(`^[A-Za-z0-9]{${SALT_LENGTH}}$`));
    expect(SALT_LENGTH * Math.log2(62)).toBeGreaterThanOrEqual(128);
  });

  it('is fresh every time', () => {
    const salts = new Set(Array.from({ length: 1000 }, () => newSalt()));
    expect(salts.size).toBe(1000);
  });

  it('draws again rather than bias: bytes ≥ 248 are skipped', () => {
    let call = 0;
    const salt = newSalt((b) => {
      b.fill(call++ === 0 ? 255 : 1);
      return b;
    });
    expect(salt).toBe('B'.repeat(SALT_LENGTH));
  });

  it('a salt passes the encode grammar', () => {
    expect(parseEncodeSpec(`SHA256(${newSalt()})`)).toHaveLength(1);
  });
});

describe('fingerprintFor', () => {
  it('record is the digest, published = SHA-256(ASCII(salt) || record)', () => {
    const fp = fingerprintFor(digest, 'k3J9:x/y-z+');
    expect(fp).toEqual({
      encode: 'SHA256(k3J9:x/y-z+)',
      salt: 'k3J9:x/y-z+',
      record: digest.toString('hex'),
      published: createHash('sha256')
        .update(Buffer.concat([Buffer.from('k3J9:x/y-z+'), digest]))
        .digest('hex'),
    });
  });

  it('draws a new salt by default, so two registrations of one file publish different bytes', () => {
    const a = fingerprintFor(digest);
    const b = fingerprintFor(digest);
    expect(a.salt).not.toBe(b.salt);
    expect(a.published).not.toBe(b.published);
    expect(a.record).toBe(b.record);
  });

  it('refuses a digest that is not 32 bytes and a salt outside the alphabet', () => {
    expect(() => fingerprintFor(new Uint8Array(31))).toThrow(/32 bytes/);
    expect(() => fingerprintFor(digest, 'a b')).toThrow(/ASCII letters/);
    expect(() => fingerprintFor(digest, '')).toThrow(/ASCII letters/);
  });

  it("keeps the reference's salt alphabet: '.' is read (the guides use it) but never sent by Notarium", () => {
    expect(() => fingerprintFor(digest, '01-02T13.14.15')).toThrow(/ASCII letters/);
    expect(parseEncodeSpec('SHA256(01-02T13.14.15)')).toEqual([{ encoder: 'SHA256', salt: '01-02T13.14.15' }]);
  });
});
