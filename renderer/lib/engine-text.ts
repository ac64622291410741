import type { StepView, VerificationView } from '../../preload/contract.ts';
import type { MessageKey } from '../../preload/i18n/message-types.ts';
import { STEP_MESSAGES } from '../../preload/i18n/engine-words.ts';
import { say, type Said } from '../../preload/i18n/said.ts';
import { hasMessage } from '../../preload/i18n/translator.ts';
import { locale, t } from './locale.svelte.ts';

/**
 * The engine's sentences in the page's language: each comes with its English (the engine's own,
 * shown as it is in English, and whenever a sentence has no message) and, where the engine made
 * it, as messages (preload/i18n/said.ts). A failed or skipped step without a message of its own is
 * said by its code (`stepCodes.*`); a parameter `step` (`steps`) names a step (steps) by its id.
 */

const STEPS = STEP_MESSAGES;

const english = (): boolean => locale.language === 'en';

/** A step's short label (a heading in the report). */
export function stepLabel(step: Pick<StepView, 'id' | 'label'>): string {
  const keys = Object.hasOwn(STEPS, step.id) ? STEPS[step.id] : undefined;
  return english() || !keys ? step.label : t(keys.label);
}

/** A step by its id, inside a sentence; the id itself for one the page does not know. */
function stepName(id: string): string {
  return Object.hasOwn(STEPS, id) ? t(STEPS[id]!.name) : id;
}

/** One message, its step parameters named in the page's language; null for a key the page has no message for. */
function sayOne(s: Said): string | null {
  const params = { ...s.params };
  if (typeof params.step === 'string') params.step = stepName(params.step);
  if (typeof params.steps === 'string') {
    params.steps = new Intl.ListFormat(locale.language, { type: 'conjunction' }).format(params.steps.split(',').map(stepName));
  }
  return hasMessage(s.key, params) ? say(locale.t, { key: s.key, params }) : null;
}

/** An engine sentence: its messages said one after the other, else its English. */
export function engineText(text: string, said: Said | readonly Said[] | null | undefined): string {
  if (english() || !said) return text;
  const parts = (Array.isArray(said) ? said : [said as Said]).map(sayOne);
  return parts.length > 0 && parts.every((p) => p !== null) ? parts.join(' ') : text;
}

/** A failure that crossed: its message in the page's language when it came with one, else its English. */
export function errorText(error: { message: string; said?: Said | undefined }): string {
  return engineText(error.message, error.said);
}

/** What a step found: its own sentence, else its code's (a failed check), else its English. */
export function stepText(step: StepView): string {
  if (step.said) return engineText(step.detail, step.said);
  const key = step.code && `stepCodes.${step.code}`;
  return english() || !key || !hasMessage(key) ? step.detail : engineText(step.detail, { key: key as MessageKey });
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
