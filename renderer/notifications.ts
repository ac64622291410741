import { app } from './app.svelte.ts';
import { notarium } from './lib/bridge.ts';
import { BrowserNotifications } from './lib/browser-notifications.ts';
import { library } from './screens/library/library.svelte.ts';

/** The Library on a record, brought forward: a notification was clicked (the desktop shell's, or the browser's). */
export function openRecord(recordId: number | null): void {
  window.focus();
  app.screen = 'library';
  if (recordId !== null) void library.select(recordId);
}

export const browserNotifications = new BrowserNotifications({
  bridge: notarium,
  api: typeof Notification === 'undefined' ? undefined : Notification,
  enabled: () => app.info?.shell === 'web',
  open: openRecord,
  storage: { getItem: (key) => sessionStorage.getItem(key), setItem: (key, value) => sessionStorage.setItem(key, value) },
});

/** The shell's requests to open a record, and the browser's notifications: listened to from the start. */
export function startNotifications(): void {
  notarium.on('open-record', (e) => openRecord(e.recordId));
  browserNotifications.start();
}
