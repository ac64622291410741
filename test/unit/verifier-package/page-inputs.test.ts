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

// What the page takes from the app's shared layer: how it reads an answer, shows a name, a size or
// a link; the statuses' words; and the app's look.
const SHARED = [
  'preload/bounded-body.ts',
  'preload/byte-size.ts',
  'preload/public-link.ts',
  'preload/visible-text.ts',
  'preload/verify-statuses.ts',
  'renderer/styles/global.css',
];

const out = mkdtempSync(join(tmpdir(), 'notarium-page-inputs-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("the verifier page's bundle", () => {
  it('is built from verifier/ and verifier-page/, with only the named shared helpers beside them', async () => {
    const { inputs } = await buildVerifierPage(undefined, out);
    const ours = (prefix: string) => inputs.filter((file) => file.startsWith(prefix));
    expect(ours('verifier/')).toEqual(expect.arrayContaining(['verifier/verify-receipt.ts', 'verifier/receipt-v1.ts', 'verifier/receipt-verdict.ts']));
    expect(ours('verifier-page/')).toEqual(expect.arrayContaining(['verifier-page/main.ts', 'verifier-page/page.css']));
    expect(ours('main/'), 'nothing of the engine').toEqual([]);
    expect(inputs.filter((file) => !file.startsWith('verifier/') && !file.startsWith('verifier-page/') && !SHARED.includes(file)).sort()).toEqual([]);
  });
});
