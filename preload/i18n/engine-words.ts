import type { Language } from './languages.ts';
import type { MessageKey, Translate } from './message-types.ts';
import type { MessageBook } from './message-book.ts';
import { say, type Said } from './said.ts';

/**
 * The engine's sentences in one language, for whatever shows them outside the page's runes (the
 * certificate, the offline verifier page): English as the engine wrote it, French and German from their `Said`s, and the
 * English whenever a `Said` names a key there is no message for. The page does the same through
 * renderer/lib/engine-text.ts, reading its language from its runes state.
 */

/** Each verification step by its id: its heading, and its name inside a sentence. */
export const STEP_MESSAGES: Record<string, { label: MessageKey; name: MessageKey }> = {
  'file-digest': { label: 'stepLabels.fileDigest', name: 'stepNames.fileDigest' },
  record: { label: 'stepLabels.record', name: 'stepNames.record' },
  aggregation: { label: 'stepLabels.aggregation', name: 'stepNames.aggregation' },
  fingerprint: { label: 'stepLabels.fingerprint', name: 'stepNames.fingerprint' },
  transaction: { label: 'stepLabels.transaction', name: 'stepNames.transaction' },
  'merkle-proof': { label: 'stepLabels.merkleProof', name: 'stepNames.merkleProof' },
  'block-header': { label: 'stepLabels.blockHeader', name: 'stepNames.blockHeader' },
  chain: { label: 'stepLabels.chain', name: 'stepNames.chain' },
  service: { label: 'stepLabels.service', name: 'stepNames.service' },
};

export interface EngineWords {
  /** A step's heading. */
  stepLabel(step: { id: string; label: string }): string;
  /** An engine sentence: its messages said one after the other, else its English. */
  text(english: string, said: Said | readonly Said[] | null | undefined): string;
  /** What a step found: its own sentence, else its code's (a failed or skipped check), else its English. */
  stepText(step: { detail: string; said?: Said | undefined; code?: string | undefined }): string;
}

/** An instant as the engine writes it in a sentence (a block's time, when a lookup answered). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

/**
 * `book`: the messages the caller holds (all of them, or the verifier page's few); `instant`, when
 * given, says an instant in a sentence in the language's words instead of as the engine wrote it.
 */
export function engineWords(language: Language, { translator, hasMessage }: MessageBook, instant?: (d: Date) => string): EngineWords {
  const t: Translate = translator(language);
  const english = language === 'en';
  const stepName = (id: string): string => (Object.hasOwn(STEP_MESSAGES, id) ? t(STEP_MESSAGES[id]!.name) : id);
  const sayOne = (s: Said): string | null => {
    const params = { ...s.params };
    if (instant)
      for (const [k, v] of Object.entries(params))
        if (typeof v === 'string' && ISO_INSTANT.test(v) && !Number.isNaN(Date.parse(v))) params[k] = instant(new Date(v));
    if (typeof params.step === 'string') params.step = stepName(params.step);
    if (typeof params.steps === 'string') params.steps = new Intl.ListFormat(language, { type: 'conjunction' }).format(params.steps.split(',').map(stepName));
    return hasMessage(s.key, params) ? say(t, { key: s.key, params }) : null;
  };
  const text = (en: string, said: Said | readonly Said[] | null | undefined): string => {
    if (english || !said) return en;
    const parts = (Array.isArray(said) ? said : [said as Said]).map(sayOne);
    return parts.length > 0 && parts.every((p) => p !== null) ? parts.join(' ') : en;
  };
  return {
    stepLabel: (step) => (english || !Object.hasOwn(STEP_MESSAGES, step.id) ? step.label : t(STEP_MESSAGES[step.id]!.label)),
    text,
    stepText: (step) => {
      if (step.said) return text(step.detail, step.said);
      const key = step.code && `stepCodes.${step.code}`;
      return english || !key || !hasMessage(key) ? step.detail : text(step.detail, { key: key as MessageKey });
    },
  };
}
