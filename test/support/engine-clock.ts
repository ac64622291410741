import { Notary } from '../../main/core/notary.ts';
import type { SecretStore } from '../../main/core/secrets/secret-store.ts';
import type { SandboxOptions } from '../../sandbox/index.ts';
import type { ManualClock } from './manual-clock.ts';
import { startTestSandbox, type TestSandbox } from './sandbox-client.ts';

/** Waits until the engine has no check under way: a condition looked at every turn, never a time that load could outrun. */
export async function idle(notary: Notary): Promise<void> {
  while (notary.poller.busy > 0) await new Promise((r) => setTimeout(r, 2));
}

/** Moves the clock to `end`, timer by timer, letting each check (and what follows its answer) end before the clock moves on. */
export async function runUntil(clock: ManualClock, notary: Notary, end: number): Promise<void> {
  for (;;) {
    await idle(notary);
    const next = clock.nextAt;
    if (next === null || next > end) break;
    await clock.advance(Math.max(0, next - clock.now()));
  }
  await clock.advance(end - clock.now());
  await idle(notary);
}

/** What a profile on the clock's sandbox says beyond its address and explorer (which follow the sandbox). */
type ClockProfile = Omit<Parameters<Notary['library']['profiles']['save']>[0], 'baseUrl' | 'explorerTxUrl' | 'explorerHeaderUrl'>;

/**
 * A sandbox and an engine on one manual clock, the engine's current profile pointed at the sandbox
 * (its explorer too): the sandbox mines only when told (`blockInterval: 0`) unless `sandbox` says so.
 */
export async function engineOnClock(
  clock: ManualClock,
  dataDir: string,
  profile: ClockProfile,
  sandbox: Omit<SandboxOptions, 'clock'> = {},
): Promise<{ notary: Notary; sandbox: TestSandbox }> {
  const service = await startTestSandbox({ blockInterval: 0, ...sandbox, clock: clock.now });
  const notary = new Notary({ dataDir, secrets: NO_SECRETS, env: { NOTARIUM_API_KEY: service.apiKey }, autoReceipts: false, timers: clock });
  await notary.library.profiles.save({
    ...profile,
    baseUrl: service.baseUrl,
    explorerTxUrl: `${service.baseUrl}/explorer/tx/{txId}/hex`,
    explorerHeaderUrl: `${service.baseUrl}/explorer/block/{blockHash}/header`,
  });
  await notary.library.profiles.use(profile.name);
  return { notary, sandbox: service };
}

const NO_SECRETS: SecretStore = { get: async () => null, set: async () => {}, delete: async () => false };
