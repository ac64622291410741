import { describe, expect, it } from 'vitest';
import { certificateHtml } from '../../main/core/app/certificate.ts';
import type { Profile } from '../../main/core/store/profiles.ts';
import type { StoredRecord } from '../../main/core/store/record.ts';
import { printPdfWithChromium } from '../../main/core/print/chromium-pdf.ts';
import { pdfText } from '../support/certificate-checks.ts';
import { FILE_CONTENT, FILE_DIGEST, makeFixture } from '../support/receipt-fixture.ts';

// The certificate on paper, printed by the machine's Chromium as the web shell prints it: one A4
// page for a usual certificate, and where one holds more (a partially verified proof's list of what
// is left unproven, a long name) a second page with a whole section, never a few stray lines.

const { receipt } = makeFixture();
// A public explorer: its link and QR code are printed (the embedded sandbox's loopback one is not).
const publicExplorer = { explorerLinkUrl: 'https://explorer.example/tx/{txId}' } as Profile;
const sandboxExplorer = { explorerLinkUrl: 'http://127.0.0.1:40039/explorer/tx/{txId}' } as Profile;
const record = (name: string) =>
  ({
    name,
    size: FILE_CONTENT.length,
    sha256: FILE_DIGEST.toString('hex'),
    txId: receipt.registration.txId,
    blockHash: receipt.confirmation!.blockHash,
    blockTime: '2026-11-19T08:13:20Z',
    proofOutcome: null,
  }) as unknown as StoredRecord;

/** The non-empty lines of each printed page (pdftotext ends each page with a form feed). */
async function pages(name: string, r = receipt, profile = publicExplorer): Promise<string[][]> {
  const text = pdfText(await printPdfWithChromium(await certificateHtml(record(name), r, profile)));
  return text
    .split('\f')
    .map((page) => page.split('\n').filter((line) => line.trim()))
    .filter((lines) => lines.length > 0);
}

describe('the certificate printed to PDF', () => {
  it.each([
    ['a public explorer', publicExplorer],
    ['the embedded sandbox', sandboxExplorer],
  ])('is one page for a usual certificate, hashes whole on their lines, marked TEST on a test chain (%s)', async (_, profile) => {
    const [first, ...more] = await pages('deed.txt', receipt, profile);
    expect(more).toEqual([]);
    expect(first![0]!.trim()).toBe('TEST — sandbox chain: not a proof on mainnet');
    for (const hash of [receipt.registration.txId, FILE_DIGEST.toString('hex'), receipt.confirmation!.blockHash])
      expect(
        first!.some((line) => line.includes(hash)),
        hash,
      ).toBe(true);
    const text = first!.join(' ').replace(/\s+/g, ' ');
    if (profile === publicExplorer) expect(text).toContain('Explorer https://explorer.example/tx/');
    else expect(text).toMatch(/^(?!.*(127\.0\.0\.1|Scan to see)).*No public link: the sandbox chain is simulated/);
  });

  it.each([
    ['a partially verified proof', 'deed.txt', true],
    ['a long name', 'Quarterly board minutes of the holding company, final signed version approved by all directors (scan).pdf', false],
  ])('with %s, a second page holds a whole section, not a few lines', async (_, name, partial) => {
    const r = structuredClone(receipt) as Partial<typeof receipt>;
    if (partial) delete r.transaction;
    const printed = await pages(name, r as typeof receipt);
    for (const page of printed.slice(1)) {
      expect(page[0]!.trim()).toBe('How to check it by hand');
      expect(page.length).toBeGreaterThan(10);
    }
  });
});
