import { describe, expect, it } from 'vitest';
import { hasSalt, saltHidden } from '../../../../verifier/protocol/salt-shown.ts';

describe('salt-shown: the encoding as views show it', () => {
  it('writes each salt as <salt> and keeps the encoders', () => {
    expect(saltHidden('SHA256(k3J9+/x:y-z)')).toBe('SHA256(<salt>)');
    expect(saltHidden('SHA256(01-02T13.14.15)|Base64')).toBe('SHA256(<salt>)|Base64');
    expect(saltHidden('SHA256(a)|SHA256(b)')).toBe('SHA256(<salt>)|SHA256(<salt>)');
    expect(saltHidden('Base64')).toBe('Base64');
    expect(saltHidden('')).toBe('');
  });

  it('hides a salt even in a value that is not a valid encode (an imported receipt may hold one)', () => {
    expect(saltHidden('Nope(secret stuff)')).toBe('Nope(<salt>)');
  });

  it('tells whether an encoding has a salt', () => {
    expect(hasSalt('SHA256(s)|Base64')).toBe(true);
    expect(hasSalt('SHA256|Base64')).toBe(false);
    expect(hasSalt('')).toBe(false);
  });
});
