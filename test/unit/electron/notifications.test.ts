import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as electron from './electron-mock.ts';

vi.mock('electron', () => import('./electron-mock.ts'));
const { showNotification } = await import('../../../main/electron/notifications.ts');

beforeEach(async () => {
  electron.resetElectron();
  await electron.app.whenReady(); // windows, trays and notifications come after ready
});

describe('native notifications', () => {
  it('a native notification brings the window forward when clicked', () => {
    const onClick = vi.fn();
    showNotification({ title: 't', body: 'b' }, onClick, () => {});
    expect(electron.Notification.shown).toEqual([{ title: 't', body: 'b' }]);
    electron.Notification.instances[0]!.emit('click');
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('says in the log when the system refused to show it (an unsigned macOS build, Electron 42 and later)', async () => {
    electron.Notification.platform = 'darwin';
    const log = vi.fn();
    showNotification({ title: 't', body: 'b' }, () => {}, log);
    await vi.waitFor(() =>
      expect(log).toHaveBeenCalledExactlyOnceWith('The notification "t" could not be shown: Notifications are not allowed for this application'),
    );
    expect(electron.Notification.shown).toEqual([]);
  });
});
