import { mkdirSync } from 'node:fs';
import type { SandboxOptions } from '../../sandbox/index.ts';
import { Library } from '../../main/core/store/library.ts';
import { startTestSandbox, type TestSandbox } from './sandbox-client.ts';

/**
 * A service as the real one may be: a `--strict` sandbox, reached through a *service
 * profile* without `--idempotent-writes`. The built-in Sandbox profile trusts Idempotency-Key, so
 * NOTARIUM_BASE_URL on it would never take the client's no-idempotency path.
 */

/** The two services a suite runs against: the embedded sandbox, and a strict one. */
export type Mode = 'default' | 'strict';
export const MODES: { mode: Mode }[] = [{ mode: 'default' }, { mode: 'strict' }];

export const STRICT_PROFILE = 'Strict service';

/**
 * Every unkind reading of the real service's documentation at once, over `strict` (which already
 * takes the proof target `hash`, the WhatsOnChain explorer, the still-publishing window,
 * `contentRequired` and the portal's documented fields only): reorganisations of the tip ("a Merkle
 * proof can still change for about an hour"; strict leaves their transactions in the mempool for a
 * block), and a salted SHA256 encoder required on every write.
 */
export const EVERY_READING: SandboxOptions = { reorgRate: 0.2, sha256Required: true, saltRequired: true };

export interface StrictService {
  sandbox: TestSandbox;
  profile: string;
  /**
   * For the CLI (or a Notary's `env`) on the data directory the profile was added to: the key in
   * NOTARIUM_API_KEY, which applies to the profile in use; NOTARIUM_BASE_URL empty, so the
   * profile's own address is used.
   */
  env: { NOTARIUM_HOME: string; NOTARIUM_API_KEY: string; NOTARIUM_BASE_URL: string };
  /** Adds the same profile to another data directory (an import, a second library) and uses it. */
  addTo(home: string): Promise<StrictService['env']>;
  stop(): Promise<void>;
}

export interface StrictServiceOptions {
  /** Seconds between the sandbox's blocks (0: only when a test mines), also the profile's --block-seconds (the status pace). */
  blockInterval: number;
  /** The profile's --block-seconds when it is not the sandbox's interval (a test that mines itself). */
  blockSeconds?: number;
  targetConfirmations?: number;
  /** The profile's --resubmit-after: longer than any run by default, so nothing is sent again unless a test says so. */
  resubmitAfterSeconds?: number;
  /** More sandbox settings (faults, a never-mine rate...), over `strict: true`. */
  sandbox?: SandboxOptions;
}

export async function startStrictService(home: string, options: StrictServiceOptions): Promise<StrictService> {
  const sandbox = await startTestSandbox({ ...options.sandbox, strict: true, blockInterval: options.blockInterval });
  const addTo = async (dataDir: string): Promise<StrictService['env']> => {
    mkdirSync(dataDir, { recursive: true });
    const library = Library.open(dataDir);
    try {
      await library.profiles.save({
        name: STRICT_PROFILE,
        baseUrl: sandbox.baseUrl,
        explorerTxUrl: `${sandbox.baseUrl}/explorer/tx/{txId}/hex`,
        explorerHeaderUrl: `${sandbox.baseUrl}/explorer/block/{blockHash}/header`,
        // The sandbox's headers have bits 0x207fffff, as a regtest chain's.
        network: 'regtest',
        targetConfirmations: options.targetConfirmations ?? 3,
        expectedBlockSeconds: options.blockSeconds ?? options.blockInterval,
        resubmitAfterSeconds: options.resubmitAfterSeconds ?? 3600,
        idempotentWrites: false,
      });
      await library.profiles.use(STRICT_PROFILE);
    } finally {
      library.close();
    }
    return { NOTARIUM_HOME: dataDir, NOTARIUM_API_KEY: sandbox.apiKey, NOTARIUM_BASE_URL: '' };
  };
  return { sandbox, profile: STRICT_PROFILE, env: await addTo(home), addTo, stop: () => sandbox.stop() };
}
