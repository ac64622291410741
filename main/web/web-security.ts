import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { NEW_LINK, SESSION_HEADER, SESSION_PROTOCOL_PREFIX } from '../../preload/web-session.ts';

/**
 * The web shell's gate: it listens on 127.0.0.1 only; every request must name our exact Host (no
 * DNS rebinding) and come from our Origin when it has one (a write or the bridge must have one).
 * What holds authority must also present the per-launch secret, which no browser sends by itself
 * (it is not a cookie): the bridge as a WebSocket subprotocol, uploads in a header. The built
 * page itself holds no secret and needs only the Host and Origin checks.
 */

export type GateVerdict = { ok: true } | { ok: false; status: number; reason: string };

export interface Gate {
  host: string;
  origin: string;
  secret: string;
}

export const ENDED = `This Notarium window has ended. ${NEW_LINK}`;

export function sameSecret(given: string | undefined, secret: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The secret a request presents: the bridge's upgrade in its subprotocols, anything else in the header. */
export function presentedSecret(req: IncomingMessage): string | undefined {
  if (req.headers.upgrade !== undefined) {
    const offered = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
    return offered.find((p) => p.startsWith(SESSION_PROTOCOL_PREFIX))?.slice(SESSION_PROTOCOL_PREFIX.length);
  }
  const header = req.headers[SESSION_HEADER.toLowerCase()];
  return typeof header === 'string' ? header : undefined;
}

/** Host and Origin only: the check for the page's files and for trading the launch token. */
export function checkHostAndOrigin(req: IncomingMessage, gate: Gate, originRequired = false): GateVerdict {
  if (req.headers.host !== gate.host) return { ok: false, status: 421, reason: 'This request was not addressed to Notarium.' };
  const origin = req.headers.origin;
  if (origin === undefined ? originRequired : origin !== gate.origin) return { ok: false, status: 403, reason: 'Requests from other sites are refused.' };
  return { ok: true };
}

/** Host, Origin and the session secret: the check for everything that acts. */
export function checkRequest(req: IncomingMessage, gate: Gate, originRequired = false): GateVerdict {
  const hostAndOrigin = checkHostAndOrigin(req, gate, originRequired);
  if (!hostAndOrigin.ok) return hostAndOrigin;
  if (!sameSecret(presentedSecret(req), gate.secret)) return { ok: false, status: 403, reason: ENDED };
  return { ok: true };
}
