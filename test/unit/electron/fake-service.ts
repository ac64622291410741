import { expect, vi, type Mock } from 'vitest';
import type { AppService } from '../../../main/core/app/app-service.ts';
import { CALL_NAMES, type EventName, type NotariumApi, type NotariumEvents } from '../../../preload/contract.ts';

/** A small AppService for the shell's tests: every call a vi.fn, events emitted by hand. */

export const JOB_ID = '11111111-2222-4333-8444-555555555555';
/** Any job id a shell makes: a random UUID. */
export const A_JOB_ID: unknown = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

export type FakeService = AppService & {
  api: { [K in keyof NotariumApi]: Mock<NotariumApi[K]> };
  close: Mock<() => Promise<void>>;
  emit<E extends EventName>(event: E, payload: NotariumEvents[E]): void;
  listeners(): number;
};

export function fakeService(): FakeService {
  const listeners = new Set<(event: EventName, payload: unknown) => void>();
  const api = Object.fromEntries(CALL_NAMES.map((name) => [name, vi.fn(async () => null)])) as unknown as FakeService['api'];
  api.pendingCount.mockImplementation(async () => 0);
  api.queryRecords.mockImplementation(async () => ({ records: [], total: 0 }));
  return {
    api,
    subscribe(emit) {
      const listener = emit as (event: EventName, payload: unknown) => void;
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: vi.fn(async () => {}),
    emit(event, payload) {
      for (const listener of [...listeners]) listener(event, payload);
    },
    listeners: () => listeners.size,
  };
}
