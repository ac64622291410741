import { describe, expect, it } from 'vitest';
import { zipArchive } from '../../../../main/core/archive/zip-archive.ts';
import { unzipEntries } from '../../../support/unzip.ts';

describe('zipArchive', () => {
  it('is read by unzip: every entry, its UTF-8 name and its bytes, each CRC checked', () => {
    const big = 'a receipt line\n'.repeat(10_000);
    const zip = zipArchive(
      [
        { name: 'Vertrag für Müller.pdf.v1.receipt.json', data: '{"format":"notarium-receipt/1"}\n' },
        { name: 'plan.md.versions.json', data: big },
        { name: 'empty.txt', data: new Uint8Array() },
      ],
      new Date(2026, 10, 24, 9, 30, 12),
    );
    expect(zip.length).toBeLessThan(big.length / 10); // deflated
    const entries = unzipEntries(zip);
    expect([...entries.keys()].sort()).toEqual(['Vertrag für Müller.pdf.v1.receipt.json', 'empty.txt', 'plan.md.versions.json']);
    expect(entries.get('Vertrag für Müller.pdf.v1.receipt.json')).toBe('{"format":"notarium-receipt/1"}\n');
    expect(entries.get('plan.md.versions.json')).toBe(big);
    expect(entries.get('empty.txt')).toBe('');
  });
});
