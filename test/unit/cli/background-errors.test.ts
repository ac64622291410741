import { describe, expect, it } from 'vitest';
import { NotariumError } from '../../../main/core/errors/notarium-error.ts';
import type { StoredRecord } from '../../../main/core/store/record.ts';
import { backgroundErrors } from '../../../main/cli/session.ts';

// What a command says of the engine's background errors: each with its record's name, except a
// profile's key that cannot be had, which fails every check of that profile's records alike.

const record = (name: string, profile = 'Elsewhere') => ({ name, profile, proofOutcome: null }) as StoredRecord;

describe('background errors on a command’s stderr', () => {
  it('says a profile-wide key error once, as the profile’s, and every other error with its record', () => {
    const lines: string[] = [];
    const tell = backgroundErrors({ err: (line: string) => lines.push(line) });
    const keychain = () =>
      new NotariumError('KEYCHAIN_UNAVAILABLE', 'The system keychain is not available, so the API key of profile "Elsewhere" cannot be read.');
    tell(record('a.txt'), keychain());
    tell(record('b.txt'), keychain());
    tell(record('c.txt'), new NotariumError('NO_API_KEY', 'The profile "Other" has no API key.'));
    tell(record('d.txt'), new NotariumError('NO_API_KEY', 'The profile "Other" has no API key.'));
    tell(record('e.txt'), new NotariumError('FILE_UNREADABLE', 'e.txt could not be written.'));
    tell(record('f.txt'), new NotariumError('FILE_UNREADABLE', 'f.txt could not be written.'));
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^notarium: The system keychain is not available, so the API key of profile "Elsewhere" cannot be read\./);
    expect(lines[1]).toMatch(/^notarium: The profile "Other" has no API key\./);
    expect(lines[2]).toMatch(/^notarium: e\.txt: e\.txt could not be written\./);
    expect(lines[3]).toMatch(/^notarium: f\.txt: /);
  });
});
