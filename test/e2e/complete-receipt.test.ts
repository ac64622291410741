import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandboxExplorerArgs } from '../support/cli.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';
import { keepShots } from '../support/screenshots.ts';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';

// A receipt imported while its registration was not in a block yet: "Complete receipt" in the
// Library's details (as `notarium receipt upgrade`) leaves it as it was while pending, and the library
// completes it in place itself once its block's evidence verifies; the service mines only when the test says so.

let sb: TestSandbox;
let app: RunningApp;
const root = mkdtempSync(join(tmpdir(), 'notarium-e2e-complete-'));
const work = join(root, 'work');
const receipt = join(root, 'alone', 'lease.pdf.receipt.json');

/** A library on the test's sandbox (its key from the environment: no keychain). */
async function onChain(home: string): Promise<void> {
  const cli = (...args: string[]) => runCli(args, { env: { NOTARIUM_HOME: home }, cwd: work });
  const pace = ['--confirmations', '2', '--block-seconds', '0.5'];
  expect((await cli('profile', 'add', 'Chain', '--base-url', sb.baseUrl, '--network', 'sandbox', ...sandboxExplorerArgs(sb.baseUrl), ...pace)).code).toBe(0);
  expect((await cli('profile', 'use', 'Chain')).code).toBe(0);
}

beforeAll(async () => {
  sb = await startTestSandbox();
  // The app process inherits these: the profile's key, and no override of its service.
  process.env.NOTARIUM_API_KEY = sb.apiKey;
  process.env.NOTARIUM_BASE_URL = '';
  mkdirSync(join(root, 'alone'), { recursive: true });
  mkdirSync(work);
  // Someone else's library registers the file and hands over its receipt before the block.
  const other = join(root, 'other');
  await onChain(other);
  writeFileSync(join(work, 'lease.pdf'), 'the lease\n');
  expect((await runCli(['notarise', 'lease.pdf'], { env: { NOTARIUM_HOME: other }, cwd: work })).code).toBe(0);
  expect((await runCli(['receipt', 'export', 'lease.pdf', '-o', receipt], { env: { NOTARIUM_HOME: other }, cwd: work })).code).toBe(0);
  app = await openApp({
    setUp: async (home) => {
      await onChain(home);
      expect((await runCli(['receipt', 'import', receipt], { env: { NOTARIUM_HOME: home }, cwd: work })).code).toBe(0);
    },
  });
});
afterAll(async () => {
  await app?.close();
  await sb?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('"Complete receipt" in the Library', () => {
  it('says a receipt still pending is left as it was; once in a block the library completes it, and the button is gone', async () => {
    const page = app.page;
    await screenButton(page, 'Library').click();
    await page.locator('.row', { hasText: 'lease.pdf' }).click();
    const details = page.locator('section.details');
    const complete = details.getByRole('button', { name: 'Complete receipt' });
    await complete.click();
    await expect.poll(() => details.textContent()).toContain('Not in a block yet, so the receipt was left as it was: try again after the next block.');
    expect(JSON.parse(readFileSync(receipt, 'utf8')).confirmation).toBeNull();
    await keepShots(page, 'library-receipt-still-pending', complete);

    await sb.mine(1);
    // Once the app has seen the block (its poller follows the imported registration) and its evidence
    // verifies fully, the library completes the receipt where it was imported from, and the button goes.
    await expect.poll(() => details.locator('.badge').first().textContent()).toMatch(/^1 of \d+ confirmations$/);
    await expect.poll(() => JSON.parse(readFileSync(receipt, 'utf8')).confirmation?.blockHash ?? null).toMatch(/^[0-9a-f]{64}$/);
    await expect.poll(() => complete.count()).toBe(0);
    await keepShots(page, 'library-receipt-completed');
  });
});
