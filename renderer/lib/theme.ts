import { pageKept } from './kept.ts';

/**
 * The theme: the choice kept on this machine, and the palette the page shows. The page always
 * carries a resolved palette (`data-theme`), so the stylesheet holds each palette once.
 */

export type Theme = 'system' | 'light' | 'dark';
export type Palette = 'light' | 'dark';

/** Where the app's state keeps and shows its theme: the page's (below), or a test's. */
export interface ThemeHost {
  /** The choice kept ('system' when none is, or storage is unavailable). */
  stored(): Theme;
  /** Keeps the choice; 'system' forgets it. */
  store(theme: Theme): void;
  /** The palette the system asks for now. */
  system(): Palette;
  /** Calls back when the system's palette changes. */
  onSystemChange(listener: () => void): void;
  show(palette: Palette): void;
}

const THEME_KEY = 'notarium.theme';

/** The page's: kept in localStorage (kept.ts), the system's color scheme and the document's `data-theme`, reached only when asked. */
export const pageTheme: ThemeHost = {
  stored() {
    const t = pageKept.read(THEME_KEY);
    return t === 'light' || t === 'dark' ? t : 'system';
  },
  store(theme) {
    pageKept.write(THEME_KEY, theme === 'system' ? null : theme);
  },
  system: () => (darkQuery().matches ? 'dark' : 'light'),
  onSystemChange: (listener) => darkQuery().addEventListener('change', listener),
  show(palette) {
    document.documentElement.dataset.theme = palette;
  },
};

let dark: MediaQueryList | null = null;
const darkQuery = (): MediaQueryList => (dark ??= window.matchMedia('(prefers-color-scheme: dark)'));
