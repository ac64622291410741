import type { NoticeView, NotariumBridge } from '../../preload/contract.ts';

/**
 * The web shell's side of the core's notices (main/core/app/record-notices.ts decides which, and
 * their words): the browser's Notification API. Permission is asked at the first notarisation, not
 * at start, and at most once a session: a refusal (or a dismissed prompt) is never asked again, and
 * without permission or without the API nothing is shown and nothing else changes. A click brings
 * the tab forward on the notice's record. The desktop app shows notices itself, natively.
 */

/** What of the browser's `Notification` this needs (a test passes its own). */
export interface NotificationApi {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  new (title: string, options: NotificationOptions): { onclick: ((this: Notification, ev: Event) => unknown) | null; close(): void };
}

export interface BrowserNotificationsOptions {
  bridge: NotariumBridge;
  /** The browser's Notification, or undefined where there is none. */
  api: NotificationApi | undefined;
  /** Whether this page is the one to show notices (the web shell's; the desktop app shows its own). */
  enabled(): boolean;
  /** Brings the tab forward on a record (null: the Library). */
  open(recordId: number | null): void;
  /** Where "asked already" is kept for the session (sessionStorage); a reload does not ask again. */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

const ASKED_KEY = 'notarium.notifications.asked';

export class BrowserNotifications {
  #asked = false;

  constructor(private readonly options: BrowserNotificationsOptions) {}

  start(): () => void {
    return this.options.bridge.on('notice', (notice) => this.#show(notice));
  }

  /** Asks for permission once a session; call it from the person's own action (a drop, a click). */
  ask(): void {
    const { api, storage } = this.options;
    if (!api || !this.options.enabled() || api.permission !== 'default' || this.#askedBefore()) return;
    this.#asked = true;
    try {
      storage?.setItem(ASKED_KEY, '1');
    } catch {
      // storage unavailable: asked once for this page's life
    }
    // A refusal, or no answer, leaves things as they are: nothing else waits for it.
    void api.requestPermission().catch(() => 'denied');
  }

  #askedBefore(): boolean {
    if (this.#asked) return true;
    try {
      return this.options.storage?.getItem(ASKED_KEY) === '1';
    } catch {
      return false;
    }
  }

  #show(notice: NoticeView): void {
    const { api } = this.options;
    if (!api || !this.options.enabled() || api.permission !== 'granted') return;
    try {
      const shown = new api(notice.title, { body: notice.body, tag: notice.tag });
      shown.onclick = () => {
        this.options.open(notice.recordId);
        shown.close();
      };
    } catch {
      // Some browsers allow notifications only from a service worker: then there are none.
    }
  }
}
