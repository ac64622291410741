import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type RunningApp } from '../support/web-app.ts';

// The built UI in Chromium through the web shell: it loads under the strict CSP without errors.

let app: RunningApp;
beforeAll(async () => {
  app = await openApp();
});
afterAll(() => app?.close());

describe('the app in the web shell', () => {
  it('loads through the one-time link, under the CSP, without console errors', async () => {
    expect(new URL(app.page.url()).pathname).toBe('/');
    expect(await app.page.title()).toMatch(/Notarium/);
    mkdirSync('test-results', { recursive: true });
    await app.page.screenshot({ path: 'test-results/app-first-screen.png' });
    expect(app.problems).toEqual([]);
  });
});
