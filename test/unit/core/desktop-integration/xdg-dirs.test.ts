import { describe, expect, it } from 'vitest';
import { xdgDirs } from '../../../../main/core/desktop-integration/xdg-dirs.ts';

describe('xdgDirs', () => {
  it('defaults to ~/.local/share, ~/.config and /etc/xdg', () => {
    expect(xdgDirs({ HOME: '/home/me' })).toEqual({ dataHome: '/home/me/.local/share', configHome: '/home/me/.config', configDirs: ['/etc/xdg'] });
  });

  it('honours the variables when they are absolute paths', () => {
    expect(xdgDirs({ HOME: '/home/me', XDG_DATA_HOME: '/data', XDG_CONFIG_HOME: '/conf', XDG_CONFIG_DIRS: '/etc/a:/etc/b' })).toEqual({
      dataHome: '/data',
      configHome: '/conf',
      configDirs: ['/etc/a', '/etc/b'],
    });
  });

  it('ignores empty and relative values, as the specification says', () => {
    expect(xdgDirs({ HOME: '/home/me', XDG_DATA_HOME: 'relative/data', XDG_CONFIG_HOME: '', XDG_CONFIG_DIRS: 'etc:' })).toEqual({
      dataHome: '/home/me/.local/share',
      configHome: '/home/me/.config',
      configDirs: ['/etc/xdg'],
    });
  });
});
