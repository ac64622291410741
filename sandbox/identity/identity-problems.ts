import type { z } from 'zod';
import { parseJsonBody } from '../http/body.ts';
import { ServiceProblem } from '../http/problem.ts';

/** The identity service's problem documents. Details never quote codes, tokens or keys. */

export function invalidGrant(detail: string): ServiceProblem {
  return new ServiceProblem(400, 'INVALID_GRANT', detail);
}

export function invalidRequest(detail: string): ServiceProblem {
  return new ServiceProblem(400, 'INVALID_REQUEST', detail);
}

/** 401 with the RFC 6750 challenge, so a client knows a Bearer token is accepted here. */
export function unauthorized(detail: string, tokenError = false): ServiceProblem {
  const challenge = tokenError ? 'Bearer realm="notarium-sandbox", error="invalid_token"' : 'Bearer realm="notarium-sandbox"';
  return new ServiceProblem(401, 'UNAUTHORIZED', detail, { 'WWW-Authenticate': challenge });
}

/**
 * A JSON body checked against a schema. Zod's messages name the field and the expected type,
 * never the value, so a misplaced secret is not echoed back.
 */
export function parseBody<T>(schema: z.ZodType<T>, body: Buffer, emptyAs?: object): T {
  const value = body.length === 0 && emptyAs ? emptyAs : parseJsonBody(body);
  const result = schema.safeParse(value);
  if (!result.success) {
    throw invalidRequest(result.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
  }
  return result.data;
}
