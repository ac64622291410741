import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';

// The API key is write-only: typed once into the keychain (gnome-keyring under `npm test`), then
// shown only as "set"; it never comes back to the page.

const KEY = `e2e-distinctive-key-${process.pid}`;
let app: RunningApp;
const received: string[] = [];
beforeAll(async () => {
  app = await openApp();
  app.page.on('websocket', (ws) => ws.on('framereceived', (f) => received.push(String(f.payload))));
  await app.page.reload(); // so the bridge's socket is observed from its start
});
afterAll(() => app?.close());

describe('the API key', () => {
  it('is saved to the keychain and never shown or sent back to the page', async () => {
    const page = app.page;
    await screenButton(page, 'Account & settings').click();
    await page.getByRole('button', { name: 'Add a service profile' }).click();
    await page.getByLabel('Name').fill('Prod');
    await page.getByLabel('Service address').fill('https://records.example.com');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('button', { name: 'Set API key' }).click();
    await page.locator('input[type=password]').fill(KEY);
    await page.getByRole('button', { name: 'Save key' }).click();
    await page.getByRole('button', { name: 'Replace API key' }).waitFor();
    await page.reload();
    await page.waitForLoadState('networkidle');
    await screenButton(page, 'Account & settings').click();
    await page.getByRole('button', { name: 'Replace API key' }).waitFor();
    expect(received.length).toBeGreaterThan(0);
    expect(received.some((frame) => frame.includes(KEY))).toBe(false);
    expect(await page.content()).not.toContain(KEY);
    await page.screenshot({ path: 'test-results/e2e-api-key.png' });
  });

  it('saving the profile with a new address asks first: the key stays with the old address unless the person keeps it', async () => {
    const page = app.page;
    const prod = page.getByRole('listitem').filter({ hasText: 'https://records.example' });
    const readd = async (address: string) => {
      await page.getByRole('button', { name: 'Add a service profile' }).click();
      await page.getByLabel('Name').fill('Prod');
      await page.getByLabel('Service address').fill(address);
      await page.getByRole('button', { name: 'Save profile' }).click();
    };
    await readd('https://records.example.org');
    const choice = page.getByRole('group', { name: 'The API key stays with the old address' });
    await choice.waitFor();
    await expect.poll(() => choice.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await choice.textContent())!.replace(/\s+/g, ' ')).toMatch(
      /was entered for https:\/\/records\.example\.com\. Notarium sends a key only to the address it was entered for/,
    );
    await page.getByRole('button', { name: 'Back' }).click();
    expect(await choice.count()).toBe(0);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('button', { name: 'Save, and enter the key again' }).click();
    await page.getByText('Its API key was left with the old address: set it again to use https://records.example.org.').waitFor();
    await prod.getByRole('button', { name: 'Set API key' }).waitFor();
    expect(await prod.textContent()).toContain('API key not set');

    // Back where the key was entered, it is the key for that place again; then kept, explicitly, for a new one.
    await readd('https://records.example.com');
    await prod.getByRole('button', { name: 'Replace API key' }).waitFor();
    await readd('https://records.example.net');
    await page.getByRole('button', { name: 'Keep the key for the new address' }).click();
    await page.getByText('its API key is sent to https://records.example.net.').waitFor();
    expect(await prod.textContent()).toContain('API key set');
    expect(app.problems).toEqual([]);
  });
});
