import type { Language } from '../../../preload/i18n/languages.ts';
import { translator } from '../../../preload/i18n/translator.ts';
import type { NotariumApi } from '../../../preload/contract.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import type { Notary } from '../notary.ts';
import { PENDING_STATES, type StoredRecord } from '../store/record.ts';
import { accountCalls } from './account-calls.ts';
import { callDeps, type Emit, type ExactlyOnce } from './call-deps.ts';
import { documentCalls } from './document-calls.ts';
import { fanOut } from './fan-out.ts';
import { fileManagerCalls } from './file-manager-calls.ts';
import { jobCalls } from './job-calls.ts';
import { libraryCalls } from './library-calls.ts';
import { recordViewOf } from './library-items.ts';
import { receiptCalls } from './receipt-calls.ts';
import { Notifier } from './record-notices.ts';
import { settingsCalls } from './settings-calls.ts';
import type { ShellAbilities } from './shell-abilities.ts';
import { toldInOrder } from './told-in-order.ts';
import { watchCalls } from './watch-calls.ts';

/**
 * The contract's calls and events over the engine, the same for both shells: the call modules'
 * parts put together, the engine's events passed on. A shell passes in what only it can do
 * (shell-abilities.ts) and forwards the events to its page.
 */

export interface AppService {
  api: NotariumApi;
  /** Sends every event to `emit` until the returned function is called. */
  subscribe(emit: Emit): () => void;
  close(): Promise<void>;
}

export function createAppService(notary: Notary, abilities: ShellAbilities): AppService {
  const listeners = new Set<Emit>();
  // The language the page shows (setLanguage): the notices' words follow it.
  let shown: Language = 'en';
  const deps = callDeps(notary, abilities, (event, payload) => {
    if (event === 'language') shown = payload as Language;
    fanOut(listeners, event, payload);
  });
  const jobs = jobCalls(deps);
  const watching = watchCalls(deps);
  const parts = [
    settingsCalls(deps),
    accountCalls(deps),
    jobs.api,
    libraryCalls(deps),
    receiptCalls(deps),
    documentCalls(deps),
    watching.api,
    fileManagerCalls(deps),
  ] as const;
  // Compile-time: every call of the contract is implemented, by one part only.
  const everyCallOnce: ExactlyOnce<typeof parts> = true;
  void everyCallOnce;
  const calls = Object.assign({}, ...parts) as NotariumApi;
  // Every call passes here: once closing, none starts, and close waits for those under way, so
  // none of them reaches a library or sandbox that is already closed.
  let closing = false;
  const underWay = new Set<Promise<unknown>>();
  const api = Object.fromEntries(
    Object.entries(calls as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>).map(([name, fn]) => [
      name,
      (...args: unknown[]) => {
        if (closing) return Promise.reject(new NotariumError('CLOSING'));
        const call = fn.apply(calls, args);
        underWay.add(call);
        void call.then(
          () => underWay.delete(call),
          () => underWay.delete(call),
        );
        return call;
      },
    ]),
  ) as unknown as NotariumApi;

  const notifier = new Notifier({ show: (notice) => deps.emit('notice', notice), shell: abilities.shell, words: () => translator(shown) });
  // Registrations under way now: their first change this session is news.
  notifier.seed(notary.library.records.statesOf(PENDING_STATES));
  // A record's view reads its profile from the library: its updates go out in the order told.
  const records = toldInOrder((err) => void deps.errorData(err));
  const onRecord = (r: StoredRecord): void =>
    records.tell(async () => {
      const view = await recordViewOf(notary, r);
      deps.emit('record-updated', view);
      notifier.update(view);
      deps.emit('pending-count', notary.library.records.pendingCount());
    });
  const onBackgroundError = (r: StoredRecord | null, error: NotariumError): void =>
    deps.emit('background-error', { recordId: r?.id ?? null, error: deps.errorData(error) });
  // Written by another process: no record to name (new, changed or removed), so the page reads its lists again.
  const onElsewhere = (): void => {
    deps.emit('library-changed', null);
    deps.emit('pending-count', notary.library.records.pendingCount());
  };
  notary.events.on('record-updated', onRecord);
  notary.events.on('library-changed', onElsewhere);
  notary.events.on('background-error', onBackgroundError);

  return {
    api,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      closing = true;
      // What would keep a call waiting ends first: jobs are cancelled, sign-ins stop waiting for the browser.
      jobs.dispose();
      notary.endSignIns();
      await Promise.allSettled(underWay);
      notifier.dispose();
      notary.events.off('record-updated', onRecord);
      await records.stop();
      notary.events.off('library-changed', onElsewhere);
      notary.events.off('background-error', onBackgroundError);
      watching.dispose();
      listeners.clear();
    },
  };
}
