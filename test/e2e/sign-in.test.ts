import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepShots } from '../support/screenshots.ts';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';

// Sign-in from the app through the sandbox's authorize page, in a real browser tab: the app opens
// the system browser (here none can be opened, so it prints the link), the user signs in there,
// the loopback listener receives the code, and the app shows who is signed in.

let app: RunningApp;
beforeAll(async () => {
  app = await openApp();
});
afterAll(async () => {
  await app?.close();
});

describe('sign-in from the app', () => {
  it('goes through the authorize page in the browser and shows the identity and claims', async () => {
    const page = app.page;
    await screenButton(page, 'Account & settings').click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const linkIn = () => /https?:\/\/\S+\/oauth2\/authorize\S+/.exec(app.stderr())?.[0];
    await expect.poll(linkIn).toBeTruthy();
    const link = linkIn()!;
    // No browser can be opened here: the page says so and gives the same address, beside a Cancel.
    const shown = page.getByRole('status').filter({ hasText: 'Notarium could not open a browser here: open this address to sign in:' });
    expect(await shown.getByRole('link').getAttribute('href')).toBe(link);
    await keepShots(page, 'sign-in-link', shown);
    const tab = await page.context().newPage();
    await tab.goto(link);
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
    await page.getByRole('button', { name: 'Waiting for the browser…' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'open this address to sign in' }).waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'open this address to sign in' }).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByText('Signed out', { exact: true }).isVisible()).toBe(true);
    expect(app.problems).toEqual([]);
  });
});
