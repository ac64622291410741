import type { AccountView, AppInfo, ProfileView } from '../preload/contract.ts';
import type { ConnectionState } from '../preload/web-bridge.ts';
import { notarium, onConnection, sentence } from './lib/bridge.ts';

/** App-wide state: the current screen, profiles, account, pending count, theme, notices. */

export type Screen = 'notarise' | 'library' | 'verify' | 'documents' | 'watch' | 'account';

/** The screens in the sidebar's order, which is also Ctrl/Cmd+1…6's. */
export const SCREENS: readonly { id: Screen; label: string }[] = [
  { id: 'notarise', label: 'Notarise' },
  { id: 'library', label: 'Library' },
  { id: 'verify', label: 'Verify' },
  { id: 'documents', label: 'Documents' },
  { id: 'watch', label: 'Watched folders' },
  { id: 'account', label: 'Account & settings' },
];
export type Theme = 'system' | 'light' | 'dark';

const THEME_KEY = 'notarium.theme';

function storedTheme(): Theme {
  try {
    const t = localStorage.getItem(THEME_KEY);
    return t === 'light' || t === 'dark' ? t : 'system';
  } catch {
    return 'system';
  }
}

const systemDark = window.matchMedia('(prefers-color-scheme: dark)');

/** The page always carries a resolved theme, so the stylesheet holds each palette once. */
function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme === 'system' ? (systemDark.matches ? 'dark' : 'light') : theme;
}

class AppState {
  screen = $state<Screen>('notarise');
  info = $state<AppInfo | null>(null);
  profiles = $state<ProfileView[]>([]);
  account = $state<AccountView | null>(null);
  pending = $state(0);
  theme = $state<Theme>(storedTheme());
  connection = $state<ConnectionState>('open');
  /** Once the web shell's session has ended: why, and how to open Notarium again. */
  ended = $state<string | null>(null);
  notices = $state<{ id: number; message: string }[]>([]);
  /** The keyboard shortcuts' help is open. */
  help = $state(false);
  #noticeId = 0;

  current = $derived(this.profiles.find((p) => p.current) ?? null);

  start(): void {
    applyTheme(this.theme);
    systemDark.addEventListener('change', () => this.theme === 'system' && applyTheme('system'));
    onConnection((s, sentence) => {
      const wasClosed = this.connection === 'closed';
      this.connection = s;
      if (s === 'ended') this.ended = sentence ?? null;
      if (s === 'open' && wasClosed) void this.refresh(); // catch up on what happened meanwhile
    });
    notarium.on('pending-count', (n) => (this.pending = n));
    notarium.on('account-changed', (a) => {
      if (!this.current || a.profile === this.current.name) this.account = a;
    });
    notarium.on('background-error', (e) => this.notify(e.error.message));
    void this.refresh();
  }

  async refresh(): Promise<void> {
    try {
      const [info, profiles, pending] = await Promise.all([notarium.appInfo(), notarium.listProfiles(), notarium.pendingCount()]);
      this.info = info;
      this.profiles = profiles;
      this.pending = pending;
      this.account = await notarium.account(undefined);
    } catch (err) {
      this.notify(sentence(err));
    }
  }

  async reloadProfiles(): Promise<void> {
    this.profiles = await notarium.listProfiles();
  }

  setTheme(theme: Theme): void {
    this.theme = theme;
    applyTheme(theme);
    try {
      if (theme === 'system') localStorage.removeItem(THEME_KEY);
      else localStorage.setItem(THEME_KEY, theme);
    } catch {
      // storage unavailable: the choice lasts for this session
    }
  }

  notify(message: string): void {
    const id = ++this.#noticeId;
    this.notices = [...this.notices.slice(-3), { id, message }];
    setTimeout(() => this.dismiss(id), 12_000);
  }

  dismiss(id: number): void {
    this.notices = this.notices.filter((n) => n.id !== id);
  }
}

export const app = new AppState();
