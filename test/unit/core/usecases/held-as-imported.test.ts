import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseReceipt } from '../../../../verifier/receipt-v1.ts';
import { verifyReceipt } from '../../../../verifier/verify-receipt.ts';
import { DISAGREES_WITH_CHAIN, heldAsImported, importedEvidenceWords } from '../../../../main/core/usecases/held-as-imported.ts';
import { forgeFromNothing } from '../../../support/forged-from-nothing.ts';

// The library's verdict on imported evidence is never weaker than what it knows: an import its
// service has since disproved (rejected) reads failed at the service step, in the library's words,
// whatever its receipt checks to by itself; one still pending or partial keeps its cap.

const folder = mkdtempSync(join(tmpdir(), 'notarium-held-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const content = 'a contract\n';
const digest = createHash('sha256').update(content).digest('hex');
const pending = verifyReceipt(
  parseReceipt(readFileSync(forgeFromNothing(folder, 'pending.txt', content, { network: 'sandbox', evidence: 'pending' }), 'utf8')),
  { fileDigest: digest },
);
const mined = verifyReceipt(parseReceipt(readFileSync(forgeFromNothing(folder, 'mined.txt', content, { network: 'sandbox', evidence: 'mined' }), 'utf8')), {
  fileDigest: digest,
});
const UNKNOWN = "The receipt's registration is not known to the service (for 10 minutes): it was rejected, never published, or the receipt was made up.";
const DISAGREES = `${DISAGREES_WITH_CHAIN}: the service says registration … is in block …, but with that registration's evidence its receipt would fail its own transaction check.`;

describe('heldAsImported', () => {
  it.each([
    { note: UNKNOWN, code: 'unknown-to-maker' },
    { note: DISAGREES, code: 'service-mismatch' },
  ])('fails a disproved import at the service step, with the library’s note ($code)', ({ note, code }) => {
    for (const report of [pending, mined]) {
      const held = heldAsImported(report, { proofOutcome: 'pending', state: 'rejected', lastError: note });
      expect(held.outcome).toBe('failed');
      expect(held.failedStep).toBe('service');
      expect(held.steps.find((s) => s.id === 'service')).toMatchObject({ status: 'fail', code });
      expect(held.summary).toContain(note);
    }
    const words = importedEvidenceWords({ proofOutcome: 'pending', network: 'sandbox', state: 'rejected', lastError: note }, 'pending.txt.receipt.json');
    expect(words).toMatch(/Its service has since disproved it, so it does not verify/);
    expect(words).toContain(note);
  });

  it('leaves a pending import pending, and caps a self-consistent one it does not vouch for', () => {
    expect(pending.outcome).toBe('pending');
    expect(heldAsImported(pending, { proofOutcome: 'pending', state: 'published', lastError: null })).toEqual(pending);
    expect(mined.outcome).toBe('verified');
    const capped = heldAsImported(mined, { proofOutcome: 'partially-verified', state: 'settled', lastError: null });
    expect(capped.outcome).toBe('partially-verified');
    expect(importedEvidenceWords({ proofOutcome: 'partially-verified', network: 'sandbox', state: 'settled', lastError: null }, 'm.receipt.json')).toMatch(
      /partially verified at best/,
    );
    // The library's own registrations and imports it vouches for are as their receipts say.
    expect(heldAsImported(mined, { proofOutcome: null, state: 'settled', lastError: null })).toEqual(mined);
    expect(heldAsImported(mined, { proofOutcome: 'verified', state: 'settled', lastError: null })).toEqual(mined);
  });
});
