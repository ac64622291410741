import type { Connections } from '../connections.ts';
import type { HashProgress, HashResult } from '../hashing/hash-pool.ts';
import type { Library } from '../store/library.ts';
import { sameServiceUrl } from '../../../preload/service-url.ts';
import type { StoredRecord } from '../store/record.ts';

/** What every use-case works with; the Notary wires the real ones, tests may wire their own. */
export interface NotaryContext {
  library: Library;
  connections: Connections;
  hash(path: string, options?: { signal?: AbortSignal; onProgress?: (p: HashProgress) => void }): Promise<HashResult>;
  now(): number;
  /** A fresh idempotency key. */
  newKey(): string;
  /** This engine's name as the holder of send leases (send-lease.ts). */
  leaseOwner: string;
  /** A record changed (registered, confirmed, failed…): the shells update their views. */
  recordUpdated(record: StoredRecord): void;
  /** New pending work for the poller. */
  wakePoller(): void;
  /**
   * A command line for a sentence to suggest (`notarise --document --again x`), said as the user
   * runs Notarium: `npx notarium …` in a clone's CLI, `notarium …` in the app.
   */
  command(words: string): string;
}

/**
 * The profile whose service is at `serviceUrl` (the one that made a receipt), by the one rule for
 * service URLs; undefined when no profile reaches it.
 */
export async function profileFor(ctx: NotaryContext, serviceUrl: string): Promise<string | undefined> {
  return (await ctx.library.profiles.list()).find((p) => p.baseUrl && sameServiceUrl(p.baseUrl, serviceUrl))?.name;
}

/** The profile a use-case acts in: the one named, or the current one. */
export async function profileName(ctx: NotaryContext, profile?: string): Promise<string> {
  return profile ? (await ctx.library.profiles.require(profile)).name : ctx.library.profiles.currentName();
}
