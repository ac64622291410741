import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildVerifierPage } from '../../../scripts/build-verifier-page.ts';

/**
 * The offline page (verify.html, and the certificate's script) is built from verifier/ and
 * verifier-page/, as esbuild's metafile lists the files it read: nothing of the engine (main/),
 * and of the rest only the portable helpers and words the page shares with the app, named here.
 */

// What the page takes from the app's shared layer: how it reads an answer, shows a name, a size, a
// duration or a link; the statuses' words; the app's look; and its words in three languages (the
// message groups it says, through the app's translator and formats).
const SHARED = [
  'preload/bounded-body.ts',
  'preload/byte-size.ts',
  'preload/duration.ts',
  'preload/public-link.ts',
  'preload/visible-text.ts',
  'preload/verify-statuses.ts',
  'preload/i18n/engine-words.ts',
  'preload/i18n/formats.ts',
  'preload/i18n/languages.ts',
  'preload/i18n/message-book.ts',
  'preload/i18n/said.ts',
  'renderer/styles/global.css',
];
const SHARED_MESSAGES = ['engine', 'verifier-page', 'verify'].flatMap((group) => ['en', 'fr', 'de'].map((lang) => `preload/i18n/messages/${group}/${lang}.ts`));

const out = mkdtempSync(join(tmpdir(), 'notarium-page-inputs-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("the verifier page's bundle", () => {
  it('is built from verifier/ and verifier-page/, with only the named shared helpers beside them', async () => {
    const { inputs } = await buildVerifierPage(undefined, out);
    const ours = (prefix: string) => inputs.filter((file) => file.startsWith(prefix));
    expect(ours('verifier/')).toEqual(expect.arrayContaining(['verifier/verify-receipt.ts', 'verifier/receipt-v1.ts', 'verifier/receipt-verdict.ts']));
    expect(ours('verifier-page/')).toEqual(expect.arrayContaining(['verifier-page/main.ts', 'verifier-page/page.css']));
    expect(ours('main/'), 'nothing of the engine').toEqual([]);
    expect(
      inputs
        .filter((file) => !file.startsWith('verifier/') && !file.startsWith('verifier-page/') && !SHARED.includes(file) && !SHARED_MESSAGES.includes(file))
        .sort(),
    ).toEqual([]);
  });
});
