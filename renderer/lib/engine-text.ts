import type { StepView, VerificationView } from '../../preload/contract.ts';
import { engineWords, type EngineWords } from '../../preload/i18n/engine-words.ts';
import type { Language } from '../../preload/i18n/languages.ts';
import type { Said } from '../../preload/i18n/said.ts';
import { allMessages } from '../../preload/i18n/translator.ts';
import { locale } from './locale.svelte.ts';

/**
 * The engine's sentences in the page's language (preload/i18n/engine-words.ts, as the certificate
 * says them), the language read from the page's runes state, so a template re-renders when it
 * changes: each comes with its English (shown as it is in English, and whenever a sentence has no
 * message) and, where the engine made it, as messages (preload/i18n/said.ts).
 */

const byLanguage = new Map<Language, EngineWords>();
const words = (): EngineWords => {
  const language = locale.language;
  let w = byLanguage.get(language);
  if (!w) byLanguage.set(language, (w = engineWords(language, allMessages)));
  return w;
};

/** A step's short label (a heading in the report). */
export function stepLabel(step: Pick<StepView, 'id' | 'label'>): string {
  return words().stepLabel(step);
}

/** An engine sentence: its messages said one after the other, else its English. */
export function engineText(text: string, said: Said | readonly Said[] | null | undefined): string {
  return words().text(text, said);
}

/** A failure that crossed: its message in the page's language when it came with one, else its English. */
export function errorText(error: { message: string; said?: Said | undefined }): string {
  return engineText(error.message, error.said);
}

/** What a step found: its own sentence, else its code's (a failed check), else its English. */
export function stepText(step: StepView): string {
  return words().stepText(step);
}

/** A verification's sentence for its row: the report's verdict, or why there is none. */
export function verdictText(r: VerificationView): string {
  if (r.said) return engineText(r.message, r.said.message);
  return r.error ? errorText(r.error) : r.message;
}

/** What the verification proves, in the page's language. */
export function provesText(r: VerificationView): string | null {
  return r.proves === null ? null : engineText(r.proves, r.said?.proves);
}

/** Each point the verification leaves unproven, in the page's language. */
export function unprovenTexts(r: VerificationView): string[] {
  return r.unproven.map((point, i) => engineText(point, r.said?.unproven[i]));
}
