import type { AccountView, AppInfo, NotariumBridge, ProfileView } from '../preload/contract.ts';
import type { MessageKey } from '../preload/i18n/message-types.ts';
import type { ConnectionListener, ConnectionState } from '../preload/web-bridge.ts';
import { notarium, onConnection, sentence } from './lib/bridge.ts';
import { errorText } from './lib/engine-text.ts';
import { pageTheme, type Theme, type ThemeHost } from './lib/theme.ts';

/** App-wide state: the current screen, profiles, account, pending count, theme, notices. */

export type Screen = 'notarise' | 'library' | 'verify' | 'documents' | 'watch' | 'account';

/** The screens in the sidebar's order, which is also Ctrl/Cmd+1…6's, with the key of each one's name. */
export const SCREENS: readonly { id: Screen; label: MessageKey }[] = [
  { id: 'notarise', label: 'screens.notarise' },
  { id: 'library', label: 'screens.library' },
  { id: 'verify', label: 'screens.verify' },
  { id: 'documents', label: 'screens.documents' },
  { id: 'watch', label: 'screens.watch' },
  { id: 'account', label: 'screens.account' },
];
/** What the app's state touches of the page besides its bridge: the connection's news, and the theme. */
export interface AppPage {
  onConnection(listener: ConnectionListener): () => void;
  theme: ThemeHost;
}

export class AppState {
  screen = $state<Screen>('notarise');
  info = $state<AppInfo | null>(null);
  profiles = $state<ProfileView[]>([]);
  account = $state<AccountView | null>(null);
  pending = $state(0);
  /** The theme chosen here, read from where it is kept when the app starts. */
  theme = $state<Theme>('system');
  connection = $state<ConnectionState>('open');
  /**
   * The connection to Notarium was lost after it had been open (the app stopped, or the machine
   * slept): what the screens show is as it was then, not live, until it comes back.
   */
  disconnected = $state(false);
  #wasOpen = false;
  /** Once the web shell's session has ended: why, and how to open Notarium again. */
  ended = $state<string | null>(null);
  notices = $state<{ id: number; message: string }[]>([]);
  /** The keyboard shortcuts' help is open. */
  help = $state(false);
  #noticeId = 0;
  readonly #notarium: NotariumBridge;
  readonly #page: AppPage;

  current = $derived(this.profiles.find((p) => p.current) ?? null);

  /** The bridge and the page: the page's own, or a test's fakes. */
  constructor(notarium: NotariumBridge, page: AppPage) {
    this.#notarium = notarium;
    this.#page = page;
  }

  start(): void {
    const { theme } = this.#page;
    this.theme = theme.stored();
    this.#show();
    theme.onSystemChange(() => this.theme === 'system' && this.#show());
    this.#page.onConnection((s, sentence) => {
      const wasClosed = this.connection === 'closed';
      this.connection = s;
      if (s === 'open') this.#wasOpen = true;
      this.disconnected = this.#wasOpen && (s === 'closed' || s === 'connecting');
      if (s === 'ended') this.ended = sentence ?? null;
      if (s === 'open' && wasClosed) void this.refresh(); // catch up on what happened meanwhile
    });
    this.#notarium.on('pending-count', (n) => (this.pending = n));
    this.#notarium.on('account-changed', (a) => {
      if (!this.current || a.profile === this.current.name) this.account = a;
    });
    this.#notarium.on('background-error', (e) => this.notify(errorText(e.error)));
    // Another process wrote to the library (`notarium profile add` or `profile use` beside the app): the profiles as they are now.
    this.#notarium.on('library-changed', () => void this.#profilesElsewhere());
    void this.refresh();
  }

  /** The profiles read again, and the account with them when another profile is now the current one. */
  async #profilesElsewhere(): Promise<void> {
    const before = this.current?.name;
    try {
      await this.reloadProfiles();
      if (this.current?.name !== before) this.account = await this.#notarium.account(undefined);
    } catch (err) {
      this.notify(sentence(err));
    }
  }

  async refresh(): Promise<void> {
    try {
      const [info, profiles, pending] = await Promise.all([this.#notarium.appInfo(), this.#notarium.listProfiles(), this.#notarium.pendingCount()]);
      this.info = info;
      this.profiles = profiles;
      this.pending = pending;
      this.account = await this.#notarium.account(undefined);
    } catch (err) {
      this.notify(sentence(err));
    }
  }

  async reloadProfiles(): Promise<void> {
    this.profiles = await this.#notarium.listProfiles();
  }

  setTheme(theme: Theme): void {
    this.theme = theme;
    this.#show();
    this.#page.theme.store(theme);
  }

  #show(): void {
    this.#page.theme.show(this.theme === 'system' ? this.#page.theme.system() : this.theme);
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

export const app = new AppState(notarium, { onConnection, theme: pageTheme });
