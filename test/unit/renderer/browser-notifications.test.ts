import { beforeEach, describe, expect, it } from 'vitest';
import type { NoticeView } from '../../../preload/contract.ts';
import { BrowserNotifications, type NotificationApi } from '../../../renderer/lib/browser-notifications.ts';
import { FakeBridge } from '../../support/fake-bridge.ts';

// The web shell's notifications over a bridge in memory and a stand-in for the browser's
// Notification: asked at the first notarisation, once a session; shown only when granted.

const notice: NoticeView = { outcome: 'settled', title: '“report.pdf” is settled', body: 'Enough confirmations.', recordId: 7, tag: 'notarium-settled-7' };

function fakeApi(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: Shown[] = [];
  let asked = 0;
  class Shown {
    static permission = permission;
    static async requestPermission(): Promise<NotificationPermission> {
      asked++;
      return (Shown.permission = answer);
    }
    onclick: (() => void) | null = null;
    closed = false;
    constructor(
      readonly title: string,
      readonly options: NotificationOptions,
    ) {
      shown.push(this);
    }
    close(): void {
      this.closed = true;
    }
  }
  return { Api: Shown as unknown as NotificationApi, shown, asked: () => asked };
}

let fake: FakeBridge;
let opened: (number | null)[];
let stored: Map<string, string>;
const storage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) };

beforeEach(() => {
  fake = new FakeBridge();
  opened = [];
  stored = new Map();
});

const notifications = (api: NotificationApi | undefined, enabled = true) => {
  const n = new BrowserNotifications({ bridge: fake.bridge, api, enabled: () => enabled, open: (id) => opened.push(id), storage });
  n.start();
  return n;
};

describe('browser notifications (the web shell)', () => {
  it('asks once, at the first notarisation; once granted shows each notice, and a click opens its record', async () => {
    const { Api, shown, asked } = fakeApi('default', 'granted');
    const n = notifications(Api);
    fake.emit('notice', notice); // not asked yet: nothing shown, nothing asked
    expect([shown.length, asked()]).toEqual([0, 0]);
    n.ask();
    n.ask();
    await Promise.resolve();
    expect(asked()).toBe(1);
    fake.emit('notice', notice);
    expect(shown.map((s) => [s.title, s.options.body, s.options.tag])).toEqual([['“report.pdf” is settled', 'Enough confirmations.', 'notarium-settled-7']]);
    shown[0]!.onclick!();
    expect(opened).toEqual([7]);
    expect(shown[0]!.closed).toBe(true);
  });

  it('refused: never asks again in the session (a reload neither), shows nothing, and breaks nothing', async () => {
    const { Api, shown, asked } = fakeApi('default', 'default'); // the prompt dismissed
    notifications(Api).ask();
    await Promise.resolve();
    const reloaded = notifications(Api); // the same session's storage
    reloaded.ask();
    expect(asked()).toBe(1);
    fake.emit('notice', notice);
    expect(shown).toEqual([]);
  });

  it('does nothing in the desktop app (it shows notices natively) nor where the browser has no Notification', () => {
    const { Api, shown, asked } = fakeApi('granted');
    notifications(Api, false).ask();
    fake.emit('notice', notice);
    expect([shown.length, asked()]).toEqual([0, 0]);
    const none = notifications(undefined);
    expect(() => none.ask()).not.toThrow();
    expect(() => fake.emit('notice', notice)).not.toThrow();
  });
});
