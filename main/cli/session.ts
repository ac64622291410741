import { appDataDir } from '../core/app-paths.ts';
import { HashPool } from '../core/hashing/hash-pool.ts';
import type { Notary } from '../core/notary.ts';
import type { NotariumError } from '../core/errors/notarium-error.ts';
import type { StoredRecord } from '../core/store/record.ts';
import type { LazyEngine } from '../core/usecases/verify.ts';
import { errorData } from '../core/errors/error-data.ts';
import { recordName } from './record-name.ts';
import { errorText } from './format.ts';
import type { CliIo } from './io.ts';
import { command } from './invoked-as.ts';

/** Seconds between the embedded sandbox's blocks when the CLI hosts it (tests make it fast). */
export const SANDBOX_INTERVAL_ENV = 'NOTARIUM_SANDBOX_BLOCK_INTERVAL';

/**
 * Test seam: seconds this process's clock runs ahead (the engine's and the embedded sandbox's
 * chain), so a test can "come back later" in a new process without waiting.
 */
export const CLOCK_OFFSET_ENV = 'NOTARIUM_TEST_CLOCK_OFFSET';

/** Opens the engine on the data directory (NOTARIUM_HOME or the platform's), runs `fn`, closes it. */
export function withNotary<T>(io: CliIo, fn: (notary: Notary) => Promise<T>): Promise<T> {
  return withNotaryFor(io, undefined, fn);
}

/**
 * withNotary for a command that takes `--profile`: NOTARIUM_BASE_URL and NOTARIUM_API_KEY apply to
 * the profile it names (undefined: the current one), as they apply to the profile a command uses.
 */
export async function withNotaryFor<T>(io: CliIo, profile: string | undefined, fn: (notary: Notary) => Promise<T>): Promise<T> {
  const notary = await openNotary(io, profile);
  try {
    return await fn(notary);
  } finally {
    await notary.close();
  }
}

/**
 * Runs `fn` with hashing at hand and the engine opened only if `fn` asks for it (verify: to look a
 * content up in the library, or to ask a service), then closes what was opened: a file verified
 * offline by its receipt neither loads the engine's code nor opens the library. `profile`: as
 * withNotaryFor's (the environment's service and key apply to it).
 */
export async function withLazyNotary<T>(io: CliIo, fn: (ctx: LazyEngine) => Promise<T>, profile?: string): Promise<T> {
  const hashPool = new HashPool();
  let opening: Promise<Notary> | undefined;
  try {
    const notary = () => (opening ??= openNotary(io, profile));
    return await fn({
      hash: (path, o) => hashPool.hashFile(path, o),
      engine: async () => (await notary()).context,
      checkNow: async (record) => (await notary()).follower.checkNow(record),
    });
  } finally {
    await Promise.all([
      hashPool.close(),
      opening?.then(
        (notary) => notary.close(),
        () => undefined,
      ),
    ]);
  }
}

/** The engine on the data directory, its background errors told on stderr; loaded when first opened (see withLazyNotary). */
async function openNotary(io: CliIo, profile?: string): Promise<Notary> {
  const { Notary } = await import('../core/notary.ts');
  const interval = Number(io.env[SANDBOX_INTERVAL_ENV]);
  const offsetMs = Number(io.env[CLOCK_OFFSET_ENV] ?? 0) * 1000;
  const notary = new Notary({
    dataDir: appDataDir(io.env),
    env: io.env,
    command: (words) => command(io.env, words),
    now: Number.isFinite(offsetMs) && offsetMs !== 0 ? () => Date.now() + offsetMs : undefined,
    sandboxBlockInterval: Number.isFinite(interval) && interval > 0 ? interval : undefined,
    profileInUse: profile,
  });
  // What the engine does on its own while a command runs (a receipt written after a check, say) can
  // fail with no caller to tell: the command's user hears of it.
  notary.events.on('background-error', backgroundErrors(io));
  return notary;
}

/**
 * How a command tells the engine's background errors: one line each, naming the record. A
 * profile's key that cannot be had fails every check of its records alike (the poller follows
 * every profile's), so that is said once, as the profile's.
 */
export function backgroundErrors(io: Pick<CliIo, 'err'>): (record: StoredRecord | null, error: NotariumError) => void {
  const saidOnce = new Set<string>();
  return (record, error) => {
    const profileWide = PROFILE_WIDE.includes(error.code);
    if (profileWide && saidOnce.has(error.message)) return;
    if (profileWide) saidOnce.add(error.message);
    const of = record && !profileWide ? `${recordName(record)}: ` : '';
    io.err(`notarium: ${of}${errorText(errorData(error, (detail) => io.err(`notarium: ${detail}`)))}`);
  };
}

/** Errors of a profile, not of a record: its API key is missing or cannot be read. */
const PROFILE_WIDE: readonly string[] = ['KEYCHAIN_UNAVAILABLE', 'NO_API_KEY'];
