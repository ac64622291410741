import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
