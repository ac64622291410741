import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSettled } from '../support/seed-library.ts';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';

// The Library's first page is read while the app is idle after loading, so a first visit shows its
// rows at once instead of waiting for the engine: the page asks for them once, before any click.

let app: RunningApp;
/** The Library's reads the page sent over the bridge, in order. */
const reads: unknown[] = [];

beforeAll(async () => {
  app = await openApp({
    setUp: async (home) => void seedSettled(home, 3),
    beforeLoad: (page) =>
      page.on('websocket', (ws) =>
        ws.on('framesent', (frame) => {
          const message = JSON.parse(String(frame.payload)) as { type?: string; method?: string; args?: unknown[] };
          if (message.type === 'call' && message.method === 'queryRecords') reads.push(message.args?.[0]);
        }),
      ),
  });
});
afterAll(() => app?.close());

describe("the Library's first visit", () => {
  it('finds its first page already read while the app was idle: its rows shown with no read of their own', async () => {
    const page = app.page;
    await expect.poll(() => reads.length).toBe(1);
    expect(reads[0]).toMatchObject({ offset: 0, sort: 'created', direction: 'desc' });
    await screenButton(page, 'Library').click();
    const rows = page.getByRole('listbox').getByRole('option');
    await expect.poll(() => rows.count()).toBe(3);
    expect(reads).toHaveLength(1);
    expect(app.problems).toEqual([]);
  });
});
