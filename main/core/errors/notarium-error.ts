import { said, type Said } from '../../../preload/i18n/said.ts';
import { catalogueCode, sentenceFor, type ErrorCode } from './catalogue.ts';
import { VerifierError, type VerifierErrorCode } from '../../../verifier/verifier-error.ts';

// The verifier's codes are the catalogue's: one it stopped knowing fails the type check here.
const _verifierCodesAreCatalogued: VerifierErrorCode extends ErrorCode ? true : never = true;

/**
 * Every failure Notarium reports: a stable code, the service's errorCode when there is one, and
 * one sentence for people from the catalogue — the same in the CLI, the app and the logs.
 * Portable (no Node APIs). The verifier's own errors (verifier/verifier-error.ts) count as these.
 */
export class NotariumError extends Error {
  readonly code: ErrorCode;
  /**
   * The sentence as a message a page says in its language: the code's own (`errors.<code>`) when
   * the message is the catalogue's, else what the thrower gave (`options.said`, the same sentence
   * with its parameters); none when only the English message says it.
   */
  readonly said: Said | undefined;

  constructor(code: ErrorCode, message?: string, options?: { cause?: unknown; said?: Said }) {
    super(message ?? sentenceFor(code), options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'NotariumError';
    this.code = code;
    this.said = options?.said ?? (message === undefined ? said(`errors.${code}`) : undefined);
  }

  /**
   * The verifier's errors are Notarium's: verifier/ imports nothing of the app, so it throws a
   * VerifierError (a catalogue code and its own sentence, as `new NotariumError(code, message)`
   * would hold), and every check for a NotariumError counts one. Subclasses (ServiceError) keep
   * the plain check.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return Function.prototype[Symbol.hasInstance].call(this, value) || (this === NotariumError && value instanceof VerifierError);
  }
}

/**
 * A problem document (or an unexpected answer) from the record or identity service. Its code names
 * the cause as the catalogue does: the service's errorCode in any spelling the catalogue knows,
 * else what the HTTP status says (NOT_FOUND: the service does not know the transaction), else
 * SERVICE_ERROR; the errorCode itself stays in `errorCode`.
 */
export class ServiceError extends NotariumError {
  readonly status: number;
  readonly errorCode: string | undefined;
  readonly title: string | undefined;
  readonly detail: string | undefined;

  constructor(init: { status: number; errorCode?: string; title?: string; detail?: string; message?: string }) {
    super(
      serviceCode(init.status, init.errorCode),
      init.message ?? serviceSentence(init.status, init.errorCode),
      init.message === undefined ? { said: serviceSaid(init.status, init.errorCode) } : undefined,
    );
    this.name = 'ServiceError';
    this.status = init.status;
    this.errorCode = init.errorCode;
    this.title = init.title;
    this.detail = init.detail;
  }
}

/** The catalogue's code for a service answer: by errorCode when the catalogue knows it, else by status. */
export function serviceCode(status: number, errorCode?: string): ErrorCode {
  const known = errorCode ? catalogueCode(errorCode) : null;
  if (known) return known;
  if (status === 401 || status === 403) return 'UNAUTHORIZED';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'SERVICE_UNAVAILABLE';
  return 'SERVICE_ERROR';
}

/** The sentence for a service answer: its code's, naming an errorCode or status the catalogue does not know. */
export function serviceSentence(status: number, errorCode?: string): string {
  const code = serviceCode(status, errorCode);
  if (code !== 'SERVICE_ERROR') return sentenceFor(code);
  return errorCode ? `The service refused the request (${errorCode}).` : `The service refused the request (HTTP ${status}).`;
}

/** serviceSentence as a message. */
function serviceSaid(status: number, errorCode?: string): Said {
  const code = serviceCode(status, errorCode);
  if (code !== 'SERVICE_ERROR') return said(`errors.${code}`);
  return errorCode ? said('errorsWith.serviceRefusedCode', { errorCode }) : said('errorsWith.serviceRefusedStatus', { status });
}

/** A refusal by the service with this errorCode, in any spelling the catalogue knows. */
export function isServiceCode(err: unknown, code: ErrorCode): err is ServiceError {
  return err instanceof ServiceError && err.errorCode !== undefined && catalogueCode(err.errorCode) === code;
}

/**
 * A failure as a NotariumError: one of Notarium's own as it is; anything else (a bug, an error no
 * module expected) is INTERNAL, with the catalogue's sentence and what happened kept as its cause,
 * for the log only (error-data.ts). A catch that knows some errors converts those itself first.
 */
export function asNotariumError(err: unknown): NotariumError {
  return err instanceof NotariumError ? err : new NotariumError('INTERNAL', undefined, { cause: err });
}

export function isNotariumError(err: unknown, code?: ErrorCode): err is NotariumError {
  return err instanceof NotariumError && (code === undefined || err.code === code);
}
