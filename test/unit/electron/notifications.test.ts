import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as electron from './electron-mock.ts';

vi.mock('electron', () => import('./electron-mock.ts'));
const { showNotification } = await import('../../../main/electron/notifications.ts');

beforeEach(() => electron.resetElectron());

describe('native notifications', () => {
  it('a native notification brings the window forward when clicked', () => {
    const onClick = vi.fn();
    showNotification({ title: 't', body: 'b' }, onClick);
    expect(electron.Notification.shown).toEqual([{ title: 't', body: 'b' }]);
    electron.Notification.instances[0]!.emit('click');
    expect(onClick).toHaveBeenCalledOnce();
  });
});
