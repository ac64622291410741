import { Notification } from 'electron';
import type { NoticeView } from '../../preload/contract.ts';

/**
 * The desktop app's side of the core's notices (main/core/app/record-notices.ts decides which and
 * their words): a native notification that brings the window forward, on its record, when clicked.
 */

const live = new Set<Notification>(); // held until closed: a collected notification loses its click

export function showNotification(notice: Pick<NoticeView, 'title' | 'body'>, onClick: () => void, log: (message: string) => void): void {
  if (!Notification.isSupported()) return;
  const notification = new Notification({ title: notice.title, body: notice.body });
  live.add(notification);
  notification.on('click', () => {
    live.delete(notification);
    onClick();
  });
  notification.on('close', () => live.delete(notification));
  // Never shown: on macOS an unsigned build's (Electron 42 and later), or the system refused it.
  notification.on('failed', (_event, error) => {
    live.delete(notification);
    log(`The notification "${notice.title}" could not be shown: ${error}`);
  });
  notification.show();
}

/**
 * Windows: a toast clicked in Action Center after its notification closed (timed out into Action
 * Center, its object dropped) reaches the app only here (Notification.handleActivation), not as
 * the object's click: the window comes forward.
 */
export function onToastActivation(onActivate: () => void): void {
  Notification.handleActivation(() => onActivate());
}
