import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepShots } from '../support/screenshots.ts';
import { seedSettled } from '../support/seed-library.ts';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';

// A search every file matches, in a library of 2,500: counted a thousand past what is shown ("More
// than 1,000 files"), further as the list is scrolled towards its end, and whole near the end.

let app: RunningApp;

beforeAll(async () => {
  app = await openApp({ setUp: async (home) => void seedSettled(home, 2500) });
});
afterAll(async () => {
  await app?.close();
});

describe('the Library, a search that finds many', () => {
  it('says more than a thousand files match, and counts further as the list is scrolled to its end', async () => {
    const page = app.page;
    await screenButton(page, 'Library').click();
    const count = page.locator('.screen-head [aria-live]');
    await expect.poll(() => count.textContent()).toBe('2,500 files');
    await page.getByRole('searchbox').fill('document');
    await expect.poll(() => count.textContent()).toBe('More than 1,000 files');
    await keepShots(page, 'library-many-matches');
    const list = page.getByRole('listbox', { name: 'Records' });
    const toTheEnd = () => list.evaluate((l) => l.scrollTo(0, l.scrollHeight));
    await toTheEnd();
    await expect.poll(() => count.textContent()).toBe('More than 2,000 files');
    await toTheEnd();
    await expect.poll(() => count.textContent()).toBe('2,500 files');
    await toTheEnd();
    await expect.poll(() => list.getByRole('option').last().textContent()).toContain('document-000000.pdf');
    // Few: counted whole at once.
    await page.getByRole('searchbox').fill('ment-0009');
    await expect.poll(() => count.textContent()).toBe('100 files');
    expect(app.problems).toEqual([]);
  });
});
