import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The web shell's gate: it listens on 127.0.0.1 only, and every request (and the WebSocket
 * upgrade) must name our exact Host (no DNS rebinding), come from our Origin when it has one, and
 * carry the per-launch secret cookie.
 */

export const SESSION_COOKIE = 'notarium_session';

export type GateVerdict = { ok: true } | { ok: false; status: number; reason: string };

export interface Gate {
  host: string;
  origin: string;
  secret: string;
}

export function sameSecret(given: string | undefined, secret: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function cookieValue(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Host and Origin only: the check that also applies to the one-time token request. */
export function checkHostAndOrigin(req: IncomingMessage, gate: Gate, originRequired = false): GateVerdict {
  if (req.headers.host !== gate.host) return { ok: false, status: 421, reason: 'This request was not addressed to Notarium.' };
  const origin = req.headers.origin;
  if (origin === undefined ? originRequired : origin !== gate.origin) return { ok: false, status: 403, reason: 'Requests from other sites are refused.' };
  return { ok: true };
}

export function checkRequest(req: IncomingMessage, gate: Gate, originRequired = false): GateVerdict {
  const hostAndOrigin = checkHostAndOrigin(req, gate, originRequired);
  if (!hostAndOrigin.ok) return hostAndOrigin;
  if (!sameSecret(cookieValue(req, SESSION_COOKIE), gate.secret)) {
    return { ok: false, status: 403, reason: 'This Notarium window has expired: open Notarium again from its launcher.' };
  }
  return { ok: true };
}
