import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAppMiningOnDemand, type AppMiningOnDemand } from '../support/on-demand-blocks.ts';
import { keepShots } from '../support/screenshots.ts';
import { screenButton } from '../support/web-app.ts';

// The app as a demanding newcomer walked it again: the Notarise screen's summary counts the files
// whose receipts are ready, a small window keeps the profile and the pending count in sight, and
// a tab whose app stopped says plainly that what it shows is no longer live.

let chain: AppMiningOnDemand;
const files = mkdtempSync(join(tmpdir(), 'notarium-e2e-walked-'));
beforeAll(async () => {
  chain = await openAppMiningOnDemand();
});
afterAll(async () => {
  await chain?.close();
  rmSync(files, { recursive: true, force: true });
});

describe('the app, walked again', () => {
  it('counts the files in a block, their receipts ready, before they settle', async () => {
    const page = chain.app.page;
    const paths = ['deed.txt', 'lease.txt'].map((name) => join(files, name));
    for (const path of paths) writeFileSync(path, `${path}, as signed\n`);
    await screenButton(page, 'Notarise').click();
    await page.locator('input[type=file]').first().setInputFiles(paths);
    const summary = page.locator('#progress-title ~ [role=status]');
    await expect.poll(() => summary.textContent()).toBe('0 of 2 in a block');
    // Sent: the block to come holds it.
    await page.getByText('Waiting for a block').first().waitFor();
    // One block of the two confirmations the profile asks for: in a block, not settled.
    await chain.sandbox.mine();
    await expect.poll(() => summary.textContent()).toBe('2 of 2 in a block, receipts ready · 0 settled');
    await keepShots(page, 'notarise-in-a-block', summary);
    expect(chain.app.problems).toEqual([]);
  });

  it('keeps the profile and the pending count in sight at 800×600', async () => {
    const page = chain.app.page;
    await page.setViewportSize({ width: 800, height: 600 });
    const sidebar = page.getByRole('navigation', { name: 'Screens' });
    const profile = sidebar.getByRole('button', { name: /Chain \(change in Account & settings\)$/ });
    expect(await profile.isVisible()).toBe(true);
    expect(await profile.locator('.pname').isVisible()).toBe(true);
    const pending = sidebar.locator('.pending');
    expect(await pending.isVisible()).toBe(true);
    await expect.poll(() => pending.innerText()).toMatch(/^\s*2\s+pending\s*$/);
    await keepShots(page, 'sidebar-small-window', sidebar);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('says the connection is lost when the app stops, and shows the screen as not live', async () => {
    const page = chain.app.page;
    await chain.app.stopApp();
    const alert = page.getByRole('alert').filter({ hasText: 'Not connected to Notarium.' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('is not kept up to date');
    expect(await page.locator('main').getAttribute('inert')).not.toBeNull();
    await keepShots(page, 'app-stopped');
  });
});
