import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';
import { keepShots } from '../support/screenshots.ts';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';

// A person runs `notarium notarise` in a terminal beside the open app, on the same data
// directory. Without a reload, the Library lists the new registration and its state moves on as
// the app's own poller follows it; the sidebar counts it pending until it settles.

const BLOCK_INTERVAL = 0.5;
let app: RunningApp;
const folder = mkdtempSync(join(tmpdir(), 'notarium-e2e-beside-'));

beforeAll(async () => {
  app = await openApp({ blockInterval: BLOCK_INTERVAL });
});
afterAll(async () => {
  await app?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the command line beside the open app', () => {
  it('a registration made by `notarium notarise` appears in the Library and moves on to Settled, no reload', async () => {
    const page = app.page;
    await screenButton(page, 'Library').click();
    await page.getByText('Nothing notarised yet.', { exact: false }).waitFor();

    const path = join(folder, 'from-the-terminal.txt');
    writeFileSync(path, 'notarised in a terminal\n');
    const cli = await runCli(['notarise', path], {
      env: { NOTARIUM_HOME: app.home, NOTARIUM_SANDBOX_BLOCK_INTERVAL: String(BLOCK_INTERVAL), NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' },
      cwd: folder,
    });
    expect(cli.code, cli.stderr).toBe(0);

    const row = page.getByRole('listbox', { name: 'Records' }).getByRole('option').filter({ hasText: 'from-the-terminal.txt' });
    await row.waitFor();
    await row.click();
    const details = page.locator('section.details');
    await expect.poll(() => details.locator('.badge').first().textContent()).toBe('Settled');
    // The details and the list are each read again on their own: the row reaches Settled too.
    await expect.poll(() => row.locator('.badge').textContent()).toBe('Settled');
    await expect.poll(() => page.locator('.sidebar .pending').textContent()).toContain('Nothing pending');
    await keepShots(page, 'library-from-the-cli', row);
    expect(app.problems).toEqual([]);
  });
});
