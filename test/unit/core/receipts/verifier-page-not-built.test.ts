import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifierPage } from '../../../../main/core/receipts/verifier-page.ts';

// A clone used before `npm run build` has no verifier page: a step of its setup is missing, which
// is said as such (what is missing, what to run), never as a fault of Notarium's own.

const tree = mkdtempSync(join(tmpdir(), 'notarium-unbuilt-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

describe('the verifier page of a copy of Notarium', () => {
  it('not built: NOT_BUILT, naming the page and "npm run build"', () => {
    const from = join(tree, 'unbuilt', 'main', 'core', 'receipts');
    mkdirSync(from, { recursive: true });
    expect(() => verifierPage(from)).toThrow(
      expect.objectContaining({ code: 'NOT_BUILT', message: expect.stringMatching(/dist\/verifier-page\/verify\.html.*run "npm run build"/) }),
    );
  });

  it('built: found in the dist/ of a folder above the module', () => {
    const built = join(tree, 'built', 'dist', 'verifier-page');
    mkdirSync(built, { recursive: true });
    for (const [name, text] of [
      ['verify.html', '<p>page</p>'],
      ['verifier.js', 'script'],
      ['verifier.css', 'style'],
    ]) {
      writeFileSync(join(built, name!), text!);
    }
    const from = join(tree, 'built', 'dist', 'cli', 'chunks');
    mkdirSync(from, { recursive: true });
    expect(verifierPage(from)).toEqual({ html: '<p>page</p>', script: 'script', style: 'style' });
  });
});
