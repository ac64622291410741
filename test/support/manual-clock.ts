import type { Timers } from '../../main/core/poller/poller.ts';

/** A clock that moves only when told to, running due timers in order: time-based logic without waiting. */
export class ManualClock implements Timers {
  private t: number;
  private seq = 0;
  private readonly pending = new Map<number, { at: number; fn: () => void }>();

  constructor(start = 1_700_000_000_000) {
    this.t = start;
  }

  now = (): number => this.t;

  setTimeout = (fn: () => void, ms: number): unknown => {
    const id = ++this.seq;
    this.pending.set(id, { at: this.t + ms, fn });
    return id;
  };

  clearTimeout = (handle: unknown): void => {
    this.pending.delete(handle as number);
  };

  get timerCount(): number {
    return this.pending.size;
  }

  /** When the next timer is due, or null when none is set. */
  get nextAt(): number | null {
    const next = Math.min(...[...this.pending.values()].map((p) => p.at));
    return next === Infinity ? null : next;
  }

  /** Moves time forward by `ms`, running each timer at its time and letting promises settle. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      await settle();
      const next = [...this.pending.entries()].sort((a, b) => a[1].at - b[1].at)[0];
      if (!next || next[1].at > end) break;
      this.pending.delete(next[0]);
      this.t = Math.max(this.t, next[1].at);
      next[1].fn();
    }
    this.t = end;
    await settle();
  }
}

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise<void>((r) => setImmediate(r));
}
