import { describe, expect, it } from 'vitest';
import { lookAgainWords } from '../../../main/cli/look-again.ts';
import type { Profile } from '../../../main/core/store/profiles.ts';
import type { StoredRecord } from '../../../main/core/store/record.ts';

const now = 1_000_000;
const profile = { expectedBlockSeconds: 10, targetConfirmations: 3 } as Profile;
const record = (confirmations: number, nextCheckIn: number) =>
  ({ state: 'confirmed', proofOutcome: null, confirmations, publishedAt: now - 30_000, nextCheckAt: now + nextCheckIn, path: '/tmp/a.txt' }) as StoredRecord;

describe('when status and notarise say to look again', () => {
  it('never says settled sooner than the next look: settled is learnt at a check', () => {
    // 2 of 3: a block to go (10 s), but the next check is in 14 s.
    const words = lookAgainWords(profile, [record(2, 14_000)], now, {})!;
    expect(words).toContain('settled (3 confirmations) within about 14 seconds.');
    expect(words).toContain('Look again in about 14 seconds');
  });

  it('says the commands as the user runs them, the file name as it is', () => {
    const npx = { npm_command: 'exec', npm_lifecycle_script: 'notarium' };
    const words = lookAgainWords(profile, [{ ...record(1, 11_000), path: '/tmp/notarium status' }], now, npx)!;
    expect(words).toContain("with `npx notarium status '/tmp/notarium status'`");
    expect(words).toContain("`npx notarium wait '/tmp/notarium status'`");
  });

  it('says the blocks to go when the next check comes before them', () => {
    expect(lookAgainWords(profile, [record(1, 11_000)], now, {})).toContain('settled (3 confirmations) within about 20 seconds.');
  });

  it('past its check, one in a block short of its target should have its confirmations, one not in a block its block', () => {
    expect(lookAgainWords(profile, [record(1, -1)], now, {})).toMatch(/^It should have its 3 confirmations by now: look with `notarium status \/tmp\/a.txt`/);
    const published = { ...record(0, -1), state: 'published' } as StoredRecord;
    expect(lookAgainWords(profile, [published], now, {})).toMatch(/^It should be in a block by now/);
  });
});
