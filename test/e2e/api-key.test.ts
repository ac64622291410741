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
}, 120_000);
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
});
