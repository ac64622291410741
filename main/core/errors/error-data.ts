import type { ErrorData } from '../../../preload/protocol/messages.ts';
import { said, saidOf } from '../../../preload/i18n/said.ts';
import { isErrorCode, sentenceFor } from './catalogue.ts';

/**
 * What of a failure may cross to a page or another process (preload/protocol/): a catalogue code
 * and a sentence, with the sentence as a message when there is one (`said`), never the stack, the cause or other fields. A failure that is not one of
 * Notarium's own (no catalogue code, or no sentence) is an internal error: the other side gets
 * the catalogue's sentence, `log` gets what happened (its text may hold paths or internals); so does
 * an INTERNAL one made of such a failure (asNotariumError), with what it was made of.
 */
export function errorData(err: unknown, log: (detail: string) => void): ErrorData {
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; said?: unknown } | null | undefined;
  if (typeof e?.code === 'string' && isErrorCode(e.code) && typeof e.message === 'string' && e.message) {
    if (e.code === 'INTERNAL' && e.cause !== undefined) log(describeFailure(e.cause));
    const s = saidOf(e.said);
    return s ? { code: e.code, message: e.message, said: s } : { code: e.code, message: e.message };
  }
  log(describeFailure(err));
  return { code: 'INTERNAL', message: sentenceFor('INTERNAL'), said: said('errors.INTERNAL') };
}

/** A failure in one bounded line, for a log. */
export function describeFailure(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}
