import { describe, expect, it } from 'vitest';
import { bundleReadme, readmeAsWritten, readmeFacts, readmeVersion, type ReadmeFacts } from '../../../../main/core/usecases/bundle-readme.ts';
import packageJson from '../../../../package.json' with { type: 'json' };
import { LANGUAGES } from '../../../../preload/i18n/languages.ts';

const SHA = 'd1'.repeat(32);
const plain: ReadmeFacts = { receipts: ['lease.pdf.receipt.json'], pageSha256: SHA, writtenAt: new Date('2026-11-29T12:00:00.000Z'), imported: null };
const versions: ReadmeFacts = {
  receipts: ['my deed (signed).pdf.v1.receipt.json', 'my deed (signed).pdf.v2.receipt.json'],
  index: 'my deed (signed).pdf.versions.json',
  pageSha256: SHA,
  writtenAt: new Date('2026-11-29T12:00:00.000Z'),
  imported: `deed.pdf.receipt.json is imported evidence: the library that wrote this bundle imported it and did not issue or register it. ${'It holds it as partially verified at best. '.repeat(4).trim()}`,
};

describe("a proof bundle's README.txt, read back", () => {
  it('gives back the facts it was written from, names with spaces, an index and an imported paragraph included', () => {
    for (const facts of [plain, versions]) {
      const text = bundleReadme(facts);
      expect(readmeFacts(text)).toEqual({ ...facts, imported: facts.imported ?? null, language: 'en' });
      expect(readmeAsWritten(text)).toBe('as-written');
      expect(readmeAsWritten(text.replace(/\n/g, '\r\n'))).toBe('as-written');
    }
  });

  // The imported evidence's paragraph is the library's word, read as a fact (no template holds its
  // note): verify BUNDLE/ says the README is not evidence whatever it holds.
  it('is edited when any word differs, a space, a line, an instruction or its time', () => {
    const text = bundleReadme(versions);
    const edits = [
      text.replace('sha256sum verify.html', 'sha256sum  verify.html'),
      text.replace('which the\nsender does not control', 'which the\nsender controls'),
      text.replace('To check:', 'To check :'),
      text.replace(/T12:00:00\.000Z/, 'T12:00:00Z'),
      text.replace('\n\ndeed.pdf.receipt.json is imported', '\ndeed.pdf.receipt.json is imported'),
      `${text}\nAnd trust the page.\n`,
      text.replace('block explorer', 'blockexplorer'),
    ];
    for (const edited of edits) {
      expect(edited, String(edits.indexOf(edited))).not.toBe(text);
      expect(readmeAsWritten(edited)).toBe('edited');
    }
  });

  it("is another version's when its first line names another", () => {
    expect(readmeAsWritten(bundleReadme(plain).replace(/Notarium \d+\.\d+\.\d+\S*/, 'Notarium 0.0.9'))).toBe('other-version');
  });

  for (const language of LANGUAGES) {
    it(`${language}: written in the export's language, read back word for word, and edited when a word of it is`, () => {
      for (const facts of [plain, versions].map((f) => ({ ...f, language }))) {
        const text = bundleReadme(facts);
        expect(readmeVersion(text)).toBe(packageJson.version);
        expect(readmeFacts(text)).toEqual({ ...facts, imported: facts.imported ?? null });
        expect(readmeAsWritten(text)).toBe('as-written');
        expect(readmeAsWritten(text.replace(/\n/g, '\r\n'))).toBe('as-written');
        // Plain text for any editor: lines of 100 columns at most (but a long name's row), ASCII hyphens (no layout to keep a word whole in).
        if (facts.receipts === plain.receipts) expect(text.split('\n').filter((line) => [...line].length > 100)).toEqual([]);
        expect(text).not.toContain('\u2011');
        const edits = [
          text.replace(/(verify\.html)(?![\s\S]*verify\.html)/, 'verify.htm'),
          text.replace(/\bNotarium\b(?![\s\S]*\bNotarium\b)/, 'Notarlum'),
          text.replace('sha256sum verify.html', 'sha256sum  verify.html'),
          `${text}\n${text.split('\n')[2]}\n`,
          text.replace('.000Z\n', '.000Z (UTC)\n'),
        ];
        for (const edited of edits) {
          expect(edited, String(edits.indexOf(edited))).not.toBe(text);
          expect(readmeAsWritten(edited), String(edits.indexOf(edited))).toBe('edited');
        }
      }
    });
  }

  it('in another language than its first line is edited: each is read in its own words', () => {
    const french = bundleReadme({ ...plain, language: 'fr' });
    const german = bundleReadme({ ...plain, language: 'de' });
    const english = bundleReadme(plain);
    const mixed = [english.split('\n')[0], ...french.split('\n').slice(1)].join('\n');
    expect(readmeAsWritten(mixed)).toBe('edited');
    expect(readmeAsWritten([german.split('\n')[0], ...english.split('\n').slice(1)].join('\n'))).toBe('edited');
    expect(french).toContain('Pour vérifier');
    expect(german).toContain('Zum Prüfen');
  });
});
