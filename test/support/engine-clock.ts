import type { Notary } from '../../main/core/notary.ts';
import type { ManualClock } from './manual-clock.ts';

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
