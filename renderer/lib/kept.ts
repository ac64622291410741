/**
 * What the page keeps on this machine between sessions (its preferences: the theme, how files are
 * notarised), in the page's localStorage; a test gives its own. Unavailable storage keeps nothing:
 * a choice then lasts for the session.
 */
export interface Kept {
  read(key: string): string | null;
  /** null forgets it. */
  write(key: string, value: string | null): void;
}

export const pageKept: Kept = {
  read(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  write(key, value) {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch {
      // storage unavailable: the choice lasts for this session
    }
  },
};
