import { homedir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';

/** The XDG base directories the file managers read their per-user extensions from. */
export interface XdgDirs {
  /** $XDG_DATA_HOME, default ~/.local/share: Nautilus scripts, Nemo actions, Dolphin service menus. */
  dataHome: string;
  /** $XDG_CONFIG_HOME, default ~/.config: Thunar's uca.xml. */
  configHome: string;
  /** $XDG_CONFIG_DIRS, default /etc/xdg: where Thunar finds its default uca.xml when the user has none. */
  configDirs: string[];
}

/**
 * The base directories per the XDG Base Directory Specification: an unset, empty or relative value
 * means the default (the specification says a relative path must be ignored).
 */
export function xdgDirs(env: NodeJS.ProcessEnv = process.env): XdgDirs {
  const home = env.HOME || homedir();
  const absolute = (value: string | undefined): string | undefined => (value && isAbsolute(value) ? value : undefined);
  const configDirs = (env.XDG_CONFIG_DIRS ?? '').split(delimiter).filter((dir) => isAbsolute(dir));
  return {
    dataHome: absolute(env.XDG_DATA_HOME) ?? join(home, '.local', 'share'),
    configHome: absolute(env.XDG_CONFIG_HOME) ?? join(home, '.config'),
    configDirs: configDirs.length > 0 ? configDirs : ['/etc/xdg'],
  };
}
