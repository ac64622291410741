import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAppMiningOnDemand, type AppMiningOnDemand } from '../support/on-demand-blocks.ts';
import { keepShots } from '../support/screenshots.ts';
import { badgeText, screenButton, type RunningApp } from '../support/web-app.ts';
import { fileWriter } from '../support/scratch-files.ts';

// In the web shell, in Chromium: the browser's notifications when registrations reach an
// outcome (permission asked at the first notarisation, once; refused, nothing breaks), a click
// opening the record, and each registration's way through its confirmations (n of N, its own
// profile's target: 2 here), moved on live as the test mines blocks (on-demand-blocks.ts).

let chain: AppMiningOnDemand;
let app: RunningApp;
const folder = mkdtempSync(join(tmpdir(), 'notarium-e2e-notify-'));
const writeFile = fileWriter(folder);
const file = (name: string) => writeFile(name, `${name}, notarised\n`);

interface Seen {
  asked: number;
  shown: { title: string; body?: string; tag?: string }[];
}

beforeAll(async () => {
  chain = await openAppMiningOnDemand();
  app = chain.app;
  // The browser's Notification, wrapped to see what the page asks and shows (the real one still runs).
  await app.page.addInitScript(() => {
    const Real = window.Notification;
    const seen: Seen & { last?: Notification } = { asked: 0, shown: [] };
    (window as unknown as { seen: typeof seen }).seen = seen;
    class Wrapped extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        seen.shown.push({ title, body: options?.body, tag: options?.tag });
        seen.last = this;
      }
      static override get permission(): NotificationPermission {
        return Real.permission;
      }
      static override requestPermission(): Promise<NotificationPermission> {
        seen.asked++;
        return Real.requestPermission();
      }
    }
    window.Notification = Wrapped;
  });
  await app.page.reload(); // the session survives a reload
  await screenButton(app.page, 'Notarise').waitFor();
});
afterAll(async () => {
  await chain?.close();
  rmSync(folder, { recursive: true, force: true });
});

const seen = () => app.page.evaluate(() => (window as unknown as { seen: Seen }).seen);
/** Whether the notices shown so far tell of both files' outcome: together, or one notice each (their checks may fall apart). */
const toldOfBoth = async (outcome: string): Promise<boolean> => {
  const titles = (await seen()).shown.map((n) => n.title);
  return titles.includes(`2 files are ${outcome}`) || ['first.txt', 'second.txt'].every((name) => titles.includes(`“${name}” is ${outcome}`));
};
describe('notifications and confirmations in the web shell', () => {
  it('asks for permission at the first notarisation only, and a refusal breaks nothing', async () => {
    const page = app.page;
    expect((await seen()).asked).toBe(0); // not at start
    await screenButton(page, 'Notarise').click();
    await page.locator('input[type=file]').first().setInputFiles(file('first.txt'));
    await expect.poll(async () => (await seen()).asked).toBe(1);
    await page.locator('input[type=file]').first().setInputFiles(file('second.txt'));
    const row = page.locator('li.row').filter({ hasText: 'second.txt' });
    await expect.poll(() => badgeText(row)).toBe('Waiting for a block');
    expect((await seen()).asked).toBe(1); // not refused again
    expect(await page.evaluate(() => Notification.permission)).not.toBe('granted');
  });

  it('once granted, shows outcomes; each registration moves through its confirmations live; a click opens its record', async () => {
    const page = app.page;
    await page.context().grantPermissions(['notifications']);
    await chain.sandbox.mine();
    await expect.poll(() => toldOfBoth('notarised')).toBe(true);
    await chain.sandbox.mine();
    await expect.poll(() => toldOfBoth('settled')).toBe(true);

    // One more, followed block by block in the Library, its own row and details.
    await screenButton(page, 'Notarise').click();
    await page.locator('input[type=file]').first().setInputFiles(file('third.txt'));
    const notariseRow = page.locator('li.row').filter({ hasText: 'third.txt' });
    await expect.poll(() => badgeText(notariseRow)).toBe('Waiting for a block');
    await chain.sandbox.mine();
    await expect.poll(() => badgeText(notariseRow)).toBe('1 of 2 confirmations');
    // An upload has no receipt beside it: the notice says where the receipt is in this shell.
    await expect
      .poll(async () => (await seen()).shown.find((n) => n.title === '“third.txt” is notarised')?.body)
      .toBe('Its registration is in a block; the receipt is in the Library, to download.');
    await keepShots(page, 'notarise-confirmation-progress', notariseRow);

    await screenButton(page, 'Library').click();
    const libraryRow = page.getByRole('option').filter({ hasText: 'third.txt' });
    await libraryRow.click();
    const details = page.locator('.details');
    const meter = details.getByRole('progressbar', { name: 'Confirmations' });
    await expect.poll(() => badgeText(libraryRow)).toBe('1 of 2 confirmations');
    await expect.poll(() => meter.getAttribute('aria-valuenow')).toBe('1');
    expect(await meter.getAttribute('aria-valuemax')).toBe('2');
    await keepShots(page, 'library-confirmation-progress', details);
    await chain.sandbox.mine();
    await expect.poll(() => badgeText(libraryRow)).toBe('Settled');
    await expect.poll(() => meter.getAttribute('aria-valuenow')).toBe('2');
    await expect.poll(async () => (await seen()).shown.map((n) => n.title)).toContain('“third.txt” is settled');

    // Clicked from elsewhere: the Library opens on that record.
    await screenButton(page, 'Verify').click();
    await page.evaluate(() => (window as unknown as { seen: { last: Notification } }).seen.last.dispatchEvent(new Event('click')));
    await details.getByRole('heading', { name: 'third.txt' }).waitFor();
    await keepShots(page, 'library-opened-from-notification', details);
    expect(app.problems).toEqual([]);
  });
});
