import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sameServiceUrl } from '../../../../preload/service-url.ts';
import { Library } from '../../../../main/core/store/library.ts';
import { profileFor, type NotaryContext } from '../../../../main/core/usecases/context.ts';

/** One rule for "the same service", used by the key binding, Settings, import and verify alike. */

describe('sameServiceUrl', () => {
  it('treats spellings of one place as one: scheme and host case, default port, trailing slashes, spaces around', () => {
    for (const [a, b] of [
      ['https://records.example', 'https://records.example/'],
      ['https://records.example', 'HTTPS://Records.Example:443//'],
      ['http://127.0.0.1:8080/api', 'http://127.0.0.1:8080/api/'],
      ['https://records.example', ' https://records.example '],
    ]) {
      expect(sameServiceUrl(a!, b!), `${a} ~ ${b}`).toBe(true);
    }
  });

  it('tells different places apart: host, port, scheme, path', () => {
    for (const [a, b] of [
      ['https://records.example', 'https://records.example.evil'],
      ['https://records.example', 'https://records.example:8443'],
      ['https://records.example', 'http://records.example'],
      ['https://records.example/v1', 'https://records.example/v2'],
    ]) {
      expect(sameServiceUrl(a!, b!), `${a} !~ ${b}`).toBe(false);
    }
  });
});

describe('profileFor', () => {
  let dir: string;
  let library: Library;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'notarium-profile-for-'));
    library = Library.open(dir, () => 1_700_000_000_000);
  });
  afterEach(() => {
    library.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the profile of the service that made a receipt by the one rule, whatever the spelling', async () => {
    await library.profiles.save({ name: 'Records', baseUrl: 'https://records.example', network: 'mainnet' });
    const ctx = { library } as NotaryContext;
    expect(await profileFor(ctx, 'HTTPS://RECORDS.example:443/')).toBe('Records');
    expect(await profileFor(ctx, 'https://records.example')).toBe('Records');
    expect(await profileFor(ctx, 'https://other.example')).toBeUndefined();
  });
});
