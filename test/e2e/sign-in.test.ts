import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepShots } from '../support/screenshots.ts';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';

// Sign-in from the app through the sandbox's authorize page, in a real browser tab: in the web shell
// the page is in a browser already, so it offers the sign-in page in a new tab (no system browser is
// opened, nothing is printed on the terminal); the user signs in there, the loopback listener
// receives the code, and the app shows who is signed in.

let app: RunningApp;
beforeAll(async () => {
  app = await openApp();
});
afterAll(async () => {
  await app?.close();
});

describe('sign-in from the app', () => {
  it('goes through the authorize page in a new tab and shows the identity and claims', async () => {
    const page = app.page;
    await screenButton(page, 'Account & settings').click();
    await page.getByText('Sign in to Sandbox on its sign-in page, in a new tab.').waitFor();
    await keepShots(page, 'sign-in-start');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // Not "could not open a browser" (the user is in one), but the sign-in page to open in a tab, beside a Cancel.
    const shown = page.getByRole('status').filter({ hasText: 'Open the sign-in page in a new tab and sign in there' });
    await shown.waitFor();
    const open = page.getByRole('link', { name: 'Open the sign-in page' });
    expect(await open.getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth2\/authorize\?\S+$/);
    expect(await open.getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('button', { name: 'Cancel', exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(/could not open a browser/i).count()).toBe(0);
    expect(app.stderr()).not.toMatch(/oauth2\/authorize/);
    await keepShots(page, 'sign-in-link', page.locator('section', { has: shown }));
    const [tab] = await Promise.all([page.context().waitForEvent('page'), open.click()]);
    await tab.waitForLoadState();
    await tab.getByLabel('User name').fill('ada');
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.getByText('You can close this tab').waitFor();
    await tab.close();
    await page.getByText('Signed in', { exact: true }).waitFor();
    const content = (await page.textContent('main')) ?? '';
    expect(content).toMatch(/ada/);
    expect(content).toMatch(/records:write/);
    await page.screenshot({ path: 'test-results/e2e-signed-in.png' });
  });

  it('a sign-in waiting for the browser is cancelled from the page, quietly, and can start again', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Open the sign-in page in a new tab' }).waitFor();
    await page.getByRole('link', { name: 'Open the sign-in page' }).waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Open the sign-in page in a new tab' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Open the sign-in page' }).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByText('Signed out', { exact: true }).isVisible()).toBe(true);
    expect(app.problems).toEqual([]);
  });
});
