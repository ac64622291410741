import { Notification } from 'electron';
import type { NoticeView } from '../../preload/contract.ts';

/**
 * The desktop app's side of the core's notices (main/core/app/record-notices.ts decides which and
 * their words): a native notification that brings the window forward, on its record, when clicked.
 */

const live = new Set<Notification>(); // held until closed: a collected notification loses its click

export function showNotification(notice: Pick<NoticeView, 'title' | 'body'>, onClick: () => void): void {
  if (!Notification.isSupported()) return;
  const notification = new Notification({ title: notice.title, body: notice.body });
  live.add(notification);
  notification.on('click', () => {
    live.delete(notification);
    onClick();
  });
  notification.on('close', () => live.delete(notification));
  notification.show();
}
