import { flatten } from '../../../support/message-keys.ts';
import { describe, expect, it } from 'vitest';
import { certificateHtml } from '../../../../main/core/app/certificate.ts';
import type { Profile } from '../../../../main/core/store/profiles.ts';
import type { StoredRecord } from '../../../../main/core/store/record.ts';
import type { Language } from '../../../../preload/i18n/languages.ts';
import type { Catalogue } from '../../../../preload/i18n/message-types.ts';
import { certificateDe } from '../../../../preload/i18n/messages/certificate/de.ts';
import { certificateEn } from '../../../../preload/i18n/messages/certificate/en.ts';
import { certificateFr } from '../../../../preload/i18n/messages/certificate/fr.ts';
import { engineEn } from '../../../../preload/i18n/messages/engine/en.ts';
import { FILE_CONTENT, FILE_DIGEST, makeFixture, type Draft } from '../../../support/receipt-fixture.ts';

/**
 * The certificate in French and German: every word of it the language's (its own messages and the
 * engine's sentences it quotes), its language named, its dates the language's; hashes, ids and
 * commands the same as in English.
 */

const { receipt } = makeFixture();
const record = (extra: Partial<Record<keyof StoredRecord, unknown>> = {}) =>
  ({
    name: 'contract.pdf',
    size: FILE_CONTENT.length,
    sha256: FILE_DIGEST.toString('hex'),
    txId: receipt.registration.txId,
    blockHash: receipt.confirmation!.blockHash,
    blockTime: '2026-11-19T10:00:00Z',
    proofOutcome: null,
    ...extra,
  }) as unknown as StoredRecord;
const edited = (edit: (r: Draft) => void) => {
  const r = structuredClone(receipt) as unknown as Draft;
  edit(r);
  return r as unknown as typeof receipt;
};
const verifier = { html: '', script: 'void 0', style: '' };
const publicExplorer = { explorerLinkUrl: 'https://explorer.example/tx/{txId}' } as Profile;
const privateExplorer = { explorerLinkUrl: 'http://192.168.1.20:8080/tx/{txId}' } as Profile;

/** Certificates that between them say every kind of sentence: verified on a test chain, partial, imported, a batch's file, a name that cannot be typed. */
const VARIANTS = {
  sandbox: (language: Language) => certificateHtml(record(), receipt, undefined, { language }),
  publicLink: (language: Language) => certificateHtml(record(), receipt, publicExplorer, { language, verifier }),
  privateLink: (language: Language) => certificateHtml(record(), { ...receipt, network: 'regtest' }, privateExplorer, { language }),
  partial: (language: Language) =>
    certificateHtml(
      record({ name: 'a\u202eb.pdf' }),
      edited((r) => delete r.transaction),
      undefined,
      { language },
    ),
  importedPending: (language: Language) => certificateHtml(record({ proofOutcome: 'pending' }), receipt, undefined, { language, verifier }),
  importedPartial: (language: Language) => certificateHtml(record({ proofOutcome: 'partially-verified' }), receipt, undefined, { language, verifier }),
  batch: (language: Language) => certificateHtml(record({ size: 1_234_567 }), receipt, undefined, { language, batch: { id: 7, position: 2, files: 5 } }),
  batchImported: (language: Language) => certificateHtml(record(), receipt, undefined, { language, batch: { id: 7, position: null, files: null } }),
};

const unescapeHtml = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)))
    .replace(/\s+/g, ' ');

/** English words of a message between its parameters, three words or more: what a page in another language must not show. */
const englishPieces = (c: Catalogue): string[] =>
  [...flatten(c).values()].flatMap((m) =>
    m
      .split(/\{\{[^}]+\}\}/)
      .map((p) =>
        p
          .trim()
          .replace(/^[,.:;()]+|[,.:;()]+$/g, '')
          .trim(),
      )
      .filter((p) => p.split(/\s+/).length >= 3),
  );

describe('the certificate in French and German', () => {
  it('has every certificate message in all three languages, in the same plural forms (i18n-messages.test.ts checks parameters)', () => {
    const keys = (c: Catalogue) =>
      [...flatten(c).keys()]
        .map((k) => k.replace(/_(one|many|other)$/, ''))
        .filter((k, i, all) => all.indexOf(k) === i)
        .sort();
    expect(keys(certificateFr)).toEqual(keys(certificateEn));
    expect(keys(certificateDe)).toEqual(keys(certificateEn));
    expect(keys(certificateEn).length).toBeGreaterThan(50);
  });

  const english = [...englishPieces(certificateEn), ...englishPieces({ stepLabels: engineEn.stepLabels, steps: engineEn.steps, verdicts: engineEn.verdicts })];

  for (const language of ['fr', 'de'] as const) {
    it.each(Object.keys(VARIANTS))(`${language}, %s: no English sentence of the certificate or of the engine's report`, async (variant) => {
      const text = unescapeHtml(await VARIANTS[variant as keyof typeof VARIANTS](language));
      const found = english.filter((piece) => text.includes(piece));
      expect(found).toEqual([]);
      // Nor a step heading in English ("Block header", "Merkle proof" …).
      expect(text).not.toMatch(/\b(File digest|Merkle proof|Block header|Best chain|Service check) —/);
    });
  }

  it('names its language: <html lang> and, in French and German, a line saying an English original exists', async () => {
    const en = await VARIANTS.sandbox('en');
    const fr = await VARIANTS.sandbox('fr');
    const de = await VARIANTS.sandbox('de');
    expect(en).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(fr).toMatch(/^<!doctype html>\n<html lang="fr">/);
    expect(de).toMatch(/^<!doctype html>\n<html lang="de">/);
    expect(en).not.toContain('class="sub language"');
    expect(unescapeHtml(fr)).toContain(
      'Ce certificat est rédigé en français. Notarium établit le même certificat en anglais et en allemand à partir du même reçu',
    );
    expect(unescapeHtml(de)).toContain(
      'Dieses Zertifikat ist auf Deutsch abgefasst. Notarium erstellt aus derselben Quittung dasselbe Zertifikat auch auf Englisch',
    );
  });

  it("dates, times and sizes are the language's (in UTC, named so); English keeps the receipt's ISO time", async () => {
    const fr = unescapeHtml(await VARIANTS.batch('fr'));
    const de = unescapeHtml(await VARIANTS.batch('de'));
    const en = unescapeHtml(await VARIANTS.batch('en'));
    expect(fr).toContain('Délivré par Notarium le 22 novembre 2026 à 10:15:00 UTC pour le réseau sandbox.');
    expect(fr).toMatch(/Taille 1\s234\s567\s*octets/);
    expect(fr).toMatch(/Heure du bloc 19 novembre 2026 à 10:00:00 UTC/);
    expect(de).toContain('Ausgestellt von Notarium am 22. November 2026 um 10:15:00 UTC für das Netz sandbox.');
    expect(de).toContain('Größe 1.234.567 Byte');
    expect(en).toContain('Issued by Notarium on 2026-11-22T10:15:00Z for the sandbox network.');
    expect(en).toContain('Size 1234567 bytes');
  });

  it('keeps hashes, ids, the explorer link and every command exactly as in English', async () => {
    const codes = (html: string) => [...html.matchAll(/<code>(.*?)<\/code>/gs)].map((m) => m[1]);
    for (const variant of ['publicLink', 'batch', 'partial'] as const) {
      const en = codes(await VARIANTS[variant]('en'));
      for (const language of ['fr', 'de'] as const) {
        const other = codes(await VARIANTS[variant](language));
        // The size and the block time are words of the language; everything else in monospace is the same, in the same order.
        const same = (list: (string | undefined)[]) => list.filter((c) => !/bytes?$|octets?$|Byte$|UTC$|\d{4}-\d{2}-\d{2}T/.test(c ?? ''));
        expect(same(other), `${variant} in ${language}`).toEqual(same(en));
      }
    }
  });

  it('the engine quotes its own messages: a French step sentence is the engine’s French, a heading its step label', async () => {
    const fr = unescapeHtml(await VARIANTS.sandbox('fr'));
    expect(fr).toContain('Preuve de Merkle — réussi : Replier les 3 nœuds à partir de l’index 4 donne la racine de Merkle');
    expect(fr).toContain('Meilleure chaîne et Contrôle par le service — non vérifiés ici');
    const de = unescapeHtml(await VARIANTS.partial('de'));
    expect(de).toMatch(/Teilweise verifiziert, nicht verifiziert/);
    expect(de).toContain('Hier nicht bewiesen:');
  });
});
