import { describe, expect, it } from 'vitest';
import { ERROR_CODES, sentenceFor } from '../../../main/core/errors/catalogue.ts';
import { errorData } from '../../../main/core/errors/error-data.ts';
import { NotariumError, ServiceError } from '../../../main/core/errors/notarium-error.ts';
import { fileUnreadable } from '../../../main/core/hashing/file-unreadable.ts';
import { parseReceipt } from '../../../verifier/receipt-v1.ts';
import { readBlockAnswer } from '../../../verifier/best-chain.ts';
import { FAILURE_CODES, SKIP_CODES } from '../../../verifier/step-codes.ts';
import { verifyReceipt, withServiceCheck, type VerificationReport } from '../../../verifier/verify-receipt.ts';
import { LANGUAGES, type Language } from '../../../preload/i18n/languages.ts';
import { en } from '../../../preload/i18n/messages/en.ts';
import { say, type Said } from '../../../preload/i18n/said.ts';
import { hasMessage, translator } from '../../../preload/i18n/translator.ts';
import { readAnswer } from '../../../preload/protocol/messages.ts';
import { clone, FILE_DIGEST, makeFixture, type Draft } from '../../support/receipt-fixture.ts';

/**
 * The engine's sentences as messages (preload/i18n/said.ts): each one the engine makes names a
 * message of every language, with the parameters it needs; its English is the engine's own
 * sentence word for word, so a page in French or German says what the CLI says in English.
 */

const fx = makeFixture();
const withFile = { fileDigest: FILE_DIGEST.toString('hex') };
const AT = Date.parse('2026-11-20T10:00:00.250Z');
const sayIn = (language: Language, s: Said): string => say(translator(language), s);

function tampered(mutate: (r: Draft) => void) {
  const r = clone(fx.receipt) as Draft;
  mutate(r);
  return parseReceipt(JSON.stringify(r));
}

/** Reports of every kind the Verify screen shows, from one fixture. */
function reports(): Record<string, VerificationReport> {
  const answered = readBlockAnswer(fx.header.hash, 'explorer.example', AT, {
    status: 200,
    body: JSON.stringify({ hash: fx.header.hash, height: 812, confirmations: 4 }),
  });
  const servicePass = {
    status: 'pass' as const,
    detail: 'The service (profile "p") confirms that the record matches transaction t.',
    said: { key: 'steps.servicePass' as const, params: { profile: 'p', txId: 't' } },
  };
  return {
    'test chain, with the file': verifyReceipt(fx.receipt, withFile),
    'receipt alone': verifyReceipt(fx.receipt),
    'best chain asked': withServiceCheck(verifyReceipt(fx.receipt, { ...withFile, chain: answered }), servicePass),
    pending: verifyReceipt(tampered((r) => delete r.confirmation)),
    'no raw transaction': verifyReceipt(
      tampered((r) => delete r.transaction),
      withFile,
    ),
    'unknown network': verifyReceipt(
      tampered((r) => (r.network = 'moonnet')),
      withFile,
    ),
    'wrong file': verifyReceipt(fx.receipt, { fileDigest: '00'.repeat(32) }),
    mainnet: verifyReceipt(
      tampered((r) => (r.network = 'mainnet')),
      withFile,
    ),
  };
}

describe('verification sentences', () => {
  const all = reports();

  it('every step made by the verifier says its English as a message, word for word', () => {
    for (const [name, report] of Object.entries(all)) {
      for (const step of report.steps.filter((s) => s.said && s.status !== 'not-run')) {
        expect(sayIn('en', step.said!), `${name}: ${step.id}`).toBe(step.detail);
      }
    }
  });

  it('a failed check has no sentence of its own: its code says it, in every language', () => {
    const failed = all['wrong file']!.steps.find((s) => s.status === 'fail')!;
    expect(failed).toMatchObject({ id: 'file-digest', code: 'file-digest-mismatch' });
    expect(failed.said).toBeUndefined();
    expect(sayIn('de', { key: 'stepCodes.file-digest-mismatch' })).toBe('Der SHA\u2011256-Hashwert der Datei ist nicht der, den die Quittung enthält.');
    expect(all['wrong file']!.said.summary.map((s) => sayIn('fr', s))).toEqual([
      'La vérification a échoué à l’étape file-digest.',
      'Le condensé SHA\u2011256 du fichier n’est pas celui que contient le reçu.',
    ]);
  });

  it('the verdicts that are one sentence say the English summary word for word', () => {
    for (const name of ['test chain, with the file', 'pending', 'best chain asked'] as const) {
      const report = all[name]!;
      expect(report.said.summary.map((s) => sayIn('en', s)).join(' '), name).toBe(report.summary);
    }
  });

  it('in French and German: every sentence of every report has its message, parameters filled, no English left', () => {
    for (const [name, report] of Object.entries(all)) {
      const sentences = [
        ...report.steps.flatMap((s) => (s.said ? [s.said] : [])),
        ...report.said.summary,
        ...(report.said.proves ?? []),
        ...(report.said.unproven ?? []).flat(),
      ];
      for (const s of sentences) {
        expect(hasMessage(s.key, s.params), `${name}: ${s.key}`).toBe(true);
        for (const language of ['fr', 'de'] as const) {
          const text = sayIn(language, s);
          expect(text, `${name}: ${s.key} in ${language}`).not.toMatch(/\{\{|\}\}/);
          expect(text, `${name}: ${s.key} in ${language}`).not.toBe(sayIn('en', s));
          for (const value of Object.values(s.params ?? {})) if (typeof value === 'string' && value.length === 64) expect(text).toContain(value);
        }
      }
    }
  });

  it("says a count in each language's plural forms", () => {
    const verified = all['best chain asked']!;
    const chain = verified.steps.find((s) => s.id === 'chain')!;
    expect(sayIn('de', chain.said!)).toMatch(/auf Höhe 812, mit 4 Bestätigungen, laut explorer\.example um /);
    const one = { ...chain.said!, params: { ...chain.said!.params, count: 1 } };
    expect(sayIn('de', one)).toMatch(/mit 1 Bestätigung, laut/);
    expect(sayIn('fr', one)).toMatch(/avec 1 confirmation, selon/);
    expect(sayIn('fr', { ...one, params: { ...one.params, count: 2_000_000 } })).toMatch(/avec 2\s000\s000 de confirmations/);
  });

  it('the partial verdict names its steps by id, for the page to name them in its language', () => {
    const partial = all['no raw transaction']!;
    expect(partial.outcome).toBe('partially-verified');
    expect(partial.said.summary[0]).toEqual({ key: 'verdicts.partial', params: { count: 1, steps: 'transaction' } });
  });

  it('has a message for every step code (the type checks it too)', () => {
    for (const code of [...FAILURE_CODES, ...SKIP_CODES]) expect(hasMessage(`stepCodes.${code}`), code).toBe(true);
  });
});

describe('error sentences', () => {
  it("an error said by its code: the catalogue's sentence in English, its own in French and German", () => {
    for (const code of ERROR_CODES) {
      const said = new NotariumError(code).said!;
      expect(said, code).toEqual({ key: `errors.${code}` });
      expect(sayIn('en', said), code).toBe(sentenceFor(code));
      for (const language of LANGUAGES.filter((l) => l !== 'en')) expect(sayIn(language, said), `${code} in ${language}`).not.toBe(sentenceFor(code));
    }
  });

  it("a thrower's own English has no message, unless it gives the sentence with its parameters", () => {
    expect(new NotariumError('INVALID_ARGUMENT', 'Give one receipt for each file.').said).toBeUndefined();
    const missing = fileUnreadable('/x/a.pdf', 'ENOENT');
    expect(sayIn('en', missing.said!)).toBe(missing.message);
    expect(sayIn('de', missing.said!)).toBe(
      'Die Datei „/x/a.pdf“ konnte nicht gelesen werden: Sie existiert nicht (vielleicht wurde sie verschoben oder gelöscht).',
    );
    expect(fileUnreadable('/x/a.pdf', 'EIO').said).toBeUndefined();
  });

  it("a service's refusal: by its code, or naming the errorCode or status the catalogue does not know", () => {
    for (const init of [{ status: 401 }, { status: 400, errorCode: 'TX_NOT_LINKABLE' }, { status: 400, errorCode: 'SOMETHING_NEW' }, { status: 418 }]) {
      const err = new ServiceError(init);
      expect(sayIn('en', err.said!), JSON.stringify(init)).toBe(err.message);
    }
    expect(sayIn('fr', new ServiceError({ status: 400, errorCode: 'SOMETHING_NEW' }).said!)).toBe('Le service a refusé la demande (SOMETHING_NEW).');
  });

  it('crosses the protocol with its code, English and message; a malformed message is dropped, the English kept', () => {
    const data = errorData(new NotariumError('NO_API_KEY'), () => {});
    expect(data).toEqual({ code: 'NO_API_KEY', message: sentenceFor('NO_API_KEY'), said: { key: 'errors.NO_API_KEY' } });
    expect(readAnswer({ ok: false, error: data })).toEqual({ ok: false, error: data });
    const bad = readAnswer({ ok: false, error: { code: 'X', message: 'English.', said: { key: 'errors.X', params: { a: { b: 1 } } } } });
    expect(bad).toEqual({ ok: false, error: { code: 'X', message: 'English.' } });
    expect(errorData(new Error('boom'), () => {}).said).toEqual({ key: 'errors.INTERNAL' });
  });

  it('English is the source: every message the engine names is in it', () => {
    expect(Object.keys(en.errors).length).toBe(ERROR_CODES.length);
  });
});
