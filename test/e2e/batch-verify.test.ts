import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';
import { keepShots } from '../support/screenshots.ts';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';

// A folder of 50 files notarised with the CLI (receipts beside them), two of them altered since,
// verified in the app with their receipts: exactly those two fail, at the file digest.

let app: RunningApp;
const folder = mkdtempSync(join(tmpdir(), 'notarium-e2e-batch-'));
beforeAll(async () => {
  app = await openApp({ blockInterval: 0.3 });
  for (let i = 0; i < 50; i++) writeFileSync(join(folder, `minutes-${String(i).padStart(2, '0')}.txt`), `board minutes ${i}\n`);
  // The CLI uses the sandbox the app hosts (same data directory).
  const notarised = await runCli(['notarise', folder, '--wait'], { env: { NOTARIUM_HOME: app.home, NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' } });
  expect(notarised.code).toBe(0);
  writeFileSync(join(folder, 'minutes-07.txt'), 'board minutes 7, quietly edited\n');
  writeFileSync(join(folder, 'minutes-31.txt'), 'board minutes 31, quietly edited\n');
});
afterAll(async () => {
  await app?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('batch verify in the app', () => {
  it('50 files with their receipts: exactly the 2 altered ones fail, at the file digest', async () => {
    const page = app.page;
    await screenButton(page, 'Verify').click();
    // The app, hosting the sandbox, may see the block first and still be writing the receipts the
    // command made sure of: its temporary files are hidden ones, as a file manager shows the folder.
    const all = readdirSync(folder)
      .filter((f) => !f.startsWith('.'))
      .map((f) => join(folder, f));
    expect(all).toHaveLength(100);
    await page.locator('input[type=file]').first().setInputFiles(all);
    const rows = page.locator('tbody tr:not(.report)');
    await expect.poll(() => rows.count()).toBe(50);
    const mismatched = rows.filter({ hasText: 'Mismatch' });
    await expect.poll(() => mismatched.count()).toBe(2);
    expect((await mismatched.locator('td.file').allTextContents()).sort()).toEqual(['minutes-07.txt', 'minutes-31.txt']);
    // The badge's exact words: a substring match would count "Partially verified" too. Sandbox receipts are on a test chain.
    const badge = (words: string) => rows.filter({ has: page.locator('.badge', { hasText: new RegExp(`^\\s*${words}\\s*$`) }) });
    await expect.poll(() => badge('Verified · test chain').count()).toBe(48);
    expect(await badge('Partially verified').count()).toBe(0);
    await mismatched.first().getByRole('button').click();
    const report = page.locator('tr.report').first();
    await expect.poll(() => report.textContent()).toMatch(/File digest/);
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/e2e-batch-verify.png' });
    // A file whose receipt is not one, dropped beside the results: unreadable, its own badge and count, never a mismatch.
    const odd = mkdtempSync(join(tmpdir(), 'notarium-e2e-odd-'));
    writeFileSync(join(odd, 'agenda.txt'), 'agenda\n');
    writeFileSync(join(odd, 'agenda.txt.receipt.json'), '{"hello":1}');
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles([join(odd, 'agenda.txt'), join(odd, 'agenda.txt.receipt.json')]);
    await expect.poll(() => badge('Unreadable').count()).toBe(1);
    expect(await mismatched.count()).toBe(2);
    await expect.poll(() => page.locator('.summary').textContent()).toMatch(/· 2 mismatch · 0 pending · 0 unknown · 1 unreadable$/);
    await keepShots(page, 'verify-unreadable-among-results', badge('Unreadable'));
    rmSync(odd, { recursive: true, force: true });
  });
});
