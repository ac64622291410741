import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepShots } from '../support/screenshots.ts';
import { openApp, type RunningApp } from '../support/web-app.ts';

// The theme in the page: the system's palette followed, a choice in Settings shown at once, kept
// across a reload, and forgotten again by "Follow the system".

let app: RunningApp;
beforeAll(async () => {
  app = await openApp();
});
afterAll(() => app?.close());

const shown = () => app.page.evaluate(() => document.documentElement.dataset.theme);
const kept = () => app.page.evaluate(() => localStorage.getItem('notarium.theme'));

describe('the theme', () => {
  it('follows the system until one is chosen, and keeps the choice across a reload', async () => {
    const { page } = app;
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(shown).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(shown).toBe('light');

    await page.getByRole('button', { name: 'Account & settings', exact: true }).click();
    await page.getByRole('radio', { name: 'Dark' }).check();
    expect([await shown(), await kept()]).toEqual(['dark', 'dark']);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await shown()).toBe('dark');

    await page.reload();
    await expect.poll(shown).toBe('dark');
    await page.getByRole('button', { name: 'Account & settings', exact: true }).click();
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);

    await page.getByRole('radio', { name: 'Follow the system' }).check();
    expect([await shown(), await kept()]).toEqual(['light', null]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(shown).toBe('dark');
    await keepShots(page, 'account-appearance', page.getByRole('radio', { name: 'Follow the system' }));
    expect(app.problems).toEqual([]);
  });
});
