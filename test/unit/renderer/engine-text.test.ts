import { afterEach, describe, expect, it } from 'vitest';
import type { StepView, VerificationView } from '../../../preload/contract.ts';
import { errorFromData } from '../../../preload/protocol/messages.ts';
import { sentence } from '../../../renderer/lib/bridge.ts';
import { errorText, stepLabel, stepText, verdictText } from '../../../renderer/lib/engine-text.ts';
import { locale } from '../../../renderer/lib/locale.svelte.ts';

/** The page says the engine's sentences in its language, from their messages; its English is the engine's own. */

afterEach(() => locale.choose('en'));

const failed: StepView = {
  id: 'file-digest',
  status: 'fail',
  code: 'file-digest-mismatch',
  label: 'File digest',
  detail: "The supplied file's SHA-256 differs.",
};
const passed: StepView = {
  id: 'merkle-proof',
  status: 'pass',
  label: 'Merkle proof',
  detail: 'Folding the 3 nodes from index 5 gives Merkle root r.',
  said: { key: 'steps.merkleProofPass', params: { count: 3, index: 5, root: 'r' } },
};

function partial(): VerificationView {
  return {
    name: 'a.pdf',
    path: null,
    status: 'partially-verified',
    verifiedOnTestChain: false,
    message: 'Partially verified, not verified: no check failed, but transaction and block header could not be checked.',
    outcome: 'partially-verified',
    txId: null,
    proves: null,
    unproven: [],
    network: null,
    steps: [],
    batch: null,
    error: null,
    said: { message: [{ key: 'verdicts.partial', params: { count: 2, steps: 'transaction,block-header' } }], proves: [], unproven: [] },
  };
}

describe('engine sentences in the page', () => {
  it('English: the engine’s own sentences, as they came', () => {
    expect(stepText(passed)).toBe(passed.detail);
    expect(stepText(failed)).toBe(failed.detail);
    expect(stepLabel(failed)).toBe('File digest');
    expect(verdictText(partial())).toBe(partial().message);
  });

  it('German: a step by its message, a failed check by its code, the label and the verdict naming its steps', () => {
    locale.choose('de');
    expect(stepText(passed)).toBe('Das Falten der 3 Knoten ab Index 5 ergibt die Merkle-Wurzel r.');
    expect(stepText(failed)).toBe('Der SHA\u2011256-Hashwert der Datei ist nicht der, den die Quittung enthält.');
    expect(stepLabel(failed)).toBe('Hashwert der Datei');
    expect(verdictText(partial())).toBe(
      'Teilweise verifiziert, nicht verifiziert: Keine Prüfung ist fehlgeschlagen, aber die Schritte „Transaktion“ und „Block-Header“ konnten nicht geprüft werden.',
    );
  });

  it('French: an error that crossed with its message, and its English when the page has no message for it', () => {
    locale.choose('fr');
    const refused = errorFromData({ code: 'NO_API_KEY', message: 'This profile has no API key.', said: { key: 'errors.NO_API_KEY' } });
    expect(sentence(refused)).toBe('Ce profil n’a pas de clé d’API : définissez-en une avec « notarium key set » ou dans les réglages de l’application.');
    expect(errorText({ message: 'From a newer engine.', said: { key: 'errors.NOT_A_CODE' as never } })).toBe('From a newer engine.');
    expect(errorText({ message: 'Only English.' })).toBe('Only English.');
    const unknownStep: StepView = { ...failed, code: 'not-a-code' };
    expect(stepText(unknownStep)).toBe(failed.detail);
  });
});
