import { inBlock, isLive, type StoredRecord } from '../store/record.ts';
import type { NotaryContext } from './context.ts';
import { submitRecord } from './submit.ts';
import { leaseFor } from './send-lease.ts';

/**
 * Document versions wait for the block. The real service calls an update or delete sent before its
 * predecessor is mined undefined behaviour: that version is never mined and the chain breaks
 * (service-notes.md, Timing and life-cycle rules). So a version whose predecessor is not in a
 * block yet is kept in the library as `queued`, and sent once it is: in version order, one write
 * per predecessor, by whichever process sees the block first (the poller's answer, or a later
 * process catching up). Claiming a queued row is one conditional statement (records.ts
 * claimQueued), so two processes never send the same version.
 */

/**
 * The version a new one follows: the document's newest live version that was sent (not queued).
 * Of several submissions of that version (a resubmission), the one in a block, if any.
 */
export function sentHead(versions: readonly StoredRecord[]): StoredRecord | undefined {
  const sent = versions.filter((v) => isLive(v) && v.state !== 'queued');
  const top = Math.max(...sent.map((v) => v.version ?? 0));
  const newest = sent.filter((v) => (v.version ?? 0) === top);
  return newest.find(inBlock) ?? newest.at(-1);
}

/** The version `queued` waits for: the one sent before it, or the queued one ahead of it. */
export function waitsFor(ctx: NotaryContext, queued: StoredRecord): StoredRecord | undefined {
  const versions = ctx.library.records.ofDocument(queued.documentId!);
  const ahead = versions.filter(
    (v) =>
      v.state === 'queued' &&
      v.id !== queued.id &&
      ((v.version ?? 0) < (queued.version ?? 0) || ((v.version ?? 0) === (queued.version ?? 0) && v.id < queued.id)),
  );
  return ahead.at(-1) ?? sentHead(versions);
}

/**
 * Sends the document's queued versions whose turn it is: the first, once the version before it
 * is in a block. A version the service refuses lets the next one go after the same predecessor;
 * one sent but unanswered (in doubt) or not yet in a block holds the rest. Returns each send's
 * failure by record id (the records themselves say what became of them).
 */
export async function releaseQueue(ctx: NotaryContext, documentId: number, signal?: AbortSignal): Promise<Map<number, unknown>> {
  const failures = new Map<number, unknown>();
  for (;;) {
    const versions = ctx.library.records.ofDocument(documentId);
    const next = versions.find((v) => v.state === 'queued');
    if (!next) return failures;
    const predecessor = sentHead(versions);
    if (!predecessor) {
      failNothingToFollow(ctx, versions);
      return failures;
    }
    if (!inBlock(predecessor)) return failures;
    const claimed = ctx.library.records.claimQueued(next.id, predecessor, leaseFor(ctx));
    if (!claimed) return failures; // another process sent it, or something of the document is on its way
    ctx.recordUpdated(claimed);
    try {
      await submitRecord(ctx, claimed, signal);
    } catch (err) {
      failures.set(claimed.id, err);
      if (ctx.library.records.get(claimed.id)?.state !== 'failed') return failures;
    }
  }
}

/** Every queue whose turn may have come (of one profile, or all): what a process does when it starts. */
export async function releaseQueues(ctx: NotaryContext, options: { profile?: string; signal?: AbortSignal } = {}): Promise<void> {
  for (const documentId of ctx.library.records.documentsWithQueue(options.profile)) await releaseQueue(ctx, documentId, options.signal);
}

/** The document's first record was never registered: its queued versions have nothing to follow. */
function failNothingToFollow(ctx: NotaryContext, versions: readonly StoredRecord[]): void {
  for (const v of versions.filter((q) => q.state === 'queued')) {
    ctx.library.records.markFailed(
      v.id,
      `Version ${v.version} of "${v.name}" was not sent: the document's first version was never registered, so it has nothing to follow. Notarise the file again with --document.`,
    );
    ctx.recordUpdated(ctx.library.records.get(v.id)!);
  }
}
