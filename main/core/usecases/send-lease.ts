import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { SendLease } from '../store/record.ts';
import type { NotaryContext } from './context.ts';

/**
 * The right to send (or settle) a `submitting` record, held by one engine at a time across
 * processes: taken in one conditional statement when the row is written or claimed, renewed by
 * whoever takes it again, released when its send ends. Another engine may take it only once it
 * has expired, or when its holder's process is gone (a crash: the next process need not wait).
 */

/** Longer than a send with all its retries takes (5 attempts of at most 30 s, waits of at most 60 s). */
export const SEND_LEASE_MS = 10 * 60_000;

/** An engine's name as a lease holder: its host and process, and itself (two engines may share a process). */
export function newLeaseOwner(): string {
  return `${hostname()}:${process.pid}:${randomUUID()}`;
}

/** Whether the holder's process is known to have ended (same host, no such process). */
export function holderGone(owner: string): boolean {
  const [host, pid] = owner.split(':');
  if (host !== hostname() || !/^\d+$/.test(pid ?? '')) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** A lease for this engine, from now. */
export function leaseFor(ctx: NotaryContext): SendLease {
  return { owner: ctx.leaseOwner, until: ctx.now() + SEND_LEASE_MS };
}
