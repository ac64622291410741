import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountView, ProfileView } from '../../../preload/contract.ts';
import { AppState } from '../../../renderer/app.svelte.ts';
import type { Palette, Theme, ThemeHost } from '../../../renderer/lib/theme.ts';
import { FakeBridge } from '../../support/fake-bridge.ts';

// The app-wide state over a bridge in memory: what it loads at start and again when the connection
// comes back, the events that move it, its notices, and the theme kept and shown.

let fake: FakeBridge;
let state: AppState;
let theme: FakeTheme;
/** How many times each call was made. */
let calls: Record<string, number>;
let profiles: ProfileView[];
let pending: number;

class FakeTheme implements ThemeHost {
  kept: Theme = 'system';
  palette: Palette = 'light';
  shown: Palette[] = [];
  #changed: (() => void)[] = [];
  stored = (): Theme => this.kept;
  store = (t: Theme): void => void (this.kept = t);
  system = (): Palette => this.palette;
  onSystemChange = (listener: () => void): void => void this.#changed.push(listener);
  show = (palette: Palette): void => void this.shown.push(palette);
  /** The system's palette changes. */
  systemTurns(palette: Palette): void {
    this.palette = palette;
    for (const l of this.#changed) l();
  }
}

const profile = (name: string, current: boolean): ProfileView => ({
  name,
  kind: 'service',
  baseUrl: `https://${name.toLowerCase()}.example`,
  authUrl: null,
  envId: null,
  authorizeUrl: null,
  clientId: null,
  explorerTxUrl: null,
  explorerHeaderUrl: null,
  explorerLinkUrl: null,
  explorerBlockUrl: null,
  network: 'testnet',
  networkSource: 'set',
  networkDetectedFrom: null,
  targetConfirmations: 6,
  expectedBlockSeconds: 600,
  resubmitAfterSeconds: 3600,
  idempotentWrites: false,
  current,
  apiKeySet: true,
});
const signedOut = (name: string): AccountView => ({ profile: name, status: 'signed-out', available: true });

function answer(call: 'appInfo' | 'listProfiles' | 'pendingCount' | 'account', value: () => unknown): void {
  fake.answers.set(call, async () => {
    calls[call] = (calls[call] ?? 0) + 1;
    return value();
  });
}

beforeEach(() => {
  fake = new FakeBridge();
  theme = new FakeTheme();
  calls = {};
  profiles = [profile('Sandbox', false), profile('Work', true)];
  pending = 2;
  answer('appInfo', () => ({ version: '0.1.0', shell: 'web', filePaths: false }));
  answer('listProfiles', () => profiles);
  answer('pendingCount', () => pending);
  answer('account', () => signedOut('Work'));
  state = new AppState(fake.bridge, { onConnection: fake.onConnection, theme });
});
afterEach(() => vi.useRealTimers());

/** Started, and its first load answered. */
async function started(): Promise<void> {
  state.start();
  await vi.waitFor(() => expect(state.account).not.toBeNull());
}

describe('the app state', () => {
  it('loads the app, its profiles, the pending count and the account when it starts', async () => {
    await started();
    expect([state.info?.shell, state.current?.name, state.pending, state.account]).toEqual(['web', 'Work', 2, signedOut('Work')]);
  });

  it('catches up when the connection comes back, not when it merely opens, and says why a session ended', async () => {
    await started();
    fake.connect('open');
    expect(calls.appInfo).toBe(1);
    fake.connect('closed');
    pending = 5;
    profiles = [profile('Sandbox', true), profile('Work', false)];
    fake.connect('open');
    await vi.waitFor(() => expect(calls.appInfo).toBe(2));
    await vi.waitFor(() => expect([state.connection, state.pending, state.current?.name]).toEqual(['open', 5, 'Sandbox']));
    fake.connect('ended', 'This link has been used: run notarium app again for a new one.');
    expect([state.connection, state.ended]).toEqual(['ended', 'This link has been used: run notarium app again for a new one.']);
  });

  it("follows the pending count and the current profile's account; another profile's account is not shown", async () => {
    await started();
    fake.emit('pending-count', 7);
    fake.emit('account-changed', signedOut('Sandbox'));
    expect([state.pending, state.account?.profile]).toEqual([7, 'Work']);
    const signedIn: AccountView = {
      profile: 'Work',
      status: 'signed-in',
      identity: { subject: 'u1', name: 'Ada', groups: [], expiresAt: 0 },
      claims: [],
      available: true,
    };
    fake.emit('account-changed', signedIn);
    expect(state.account).toEqual(signedIn);
  });

  it('follows profiles added or chosen by another process (library-changed), and the account of a new current profile', async () => {
    await started();
    expect(calls.account).toBe(1);
    profiles = [profile('Sandbox', false), profile('Work', true), profile('Added', false)];
    fake.emit('library-changed', null);
    await vi.waitFor(() => expect(state.profiles.map((p) => p.name)).toEqual(['Sandbox', 'Work', 'Added']));
    expect(calls.account).toBe(1); // the current profile is the same: its account too
    profiles = [profile('Sandbox', false), profile('Work', false), profile('Added', true)];
    answer('account', () => signedOut('Added'));
    fake.emit('library-changed', null);
    await vi.waitFor(() => expect([state.current?.name, state.account?.profile]).toEqual(['Added', 'Added']));
  });

  it('says a failed start and background errors as notices: the last four, each gone after 12 s', async () => {
    vi.useFakeTimers();
    fake.answers.set('appInfo', async () => {
      throw new Error('The engine did not answer.');
    });
    state.start();
    await vi.waitFor(() => expect(state.notices.map((n) => n.message)).toEqual(['The engine did not answer.']));
    vi.advanceTimersByTime(6_000);
    for (const n of [1, 2, 3, 4]) fake.emit('background-error', { recordId: n, error: { code: 'NETWORK', message: `Check ${n} failed.` } });
    expect(state.notices.map((n) => n.message)).toEqual(['Check 1 failed.', 'Check 2 failed.', 'Check 3 failed.', 'Check 4 failed.']);
    vi.advanceTimersByTime(11_999);
    expect(state.notices).toHaveLength(4);
    vi.advanceTimersByTime(1);
    expect(state.notices).toEqual([]);
  });

  it('shows the theme kept, keeps a new choice, and follows the system only while the choice is "system"', async () => {
    theme.kept = 'dark';
    await started();
    expect([state.theme, theme.shown]).toEqual(['dark', ['dark']]);
    state.setTheme('system');
    expect([theme.kept, theme.shown.at(-1)]).toEqual(['system', 'light']);
    theme.systemTurns('dark');
    expect(theme.shown.at(-1)).toBe('dark');
    state.setTheme('light');
    theme.systemTurns('light');
    theme.systemTurns('dark');
    expect([theme.kept, theme.shown]).toEqual(['light', ['dark', 'light', 'dark', 'light']]);
  });
});
