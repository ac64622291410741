import { ServiceError } from '../errors/notarium-error.ts';

/**
 * An error answer as a ServiceError: RFC 7807 problem documents, or any JSON object with the same
 * fields, or anything else (an HTML page from a proxy, plain text). The message is always the
 * catalogue's sentence for the errorCode (or status); title and detail keep the service's words.
 */

const MAX_TEXT = 300;

export function serviceErrorFrom(status: number, body: Uint8Array, redact: readonly string[] = []): ServiceError {
  const text = new TextDecoder().decode(body).trim();
  const fields = jsonFields(text);
  const clean = (value: unknown): string | undefined => (typeof value === 'string' ? scrub(value, redact).slice(0, MAX_TEXT) : undefined);
  if (fields) {
    return new ServiceError({ status, errorCode: clean(fields.errorCode), title: clean(fields.title), detail: clean(fields.detail) });
  }
  return new ServiceError({ status, detail: text === '' ? undefined : clean(text) });
}

function jsonFields(text: string): Record<string, unknown> | null {
  if (!text.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Removes secrets a service might echo back (an API key, a code) from text we keep. */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out;
}
