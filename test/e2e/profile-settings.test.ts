import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandboxExplorerArgs } from '../support/cli.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';

// The Settings form of a service profile: its network detected from the chain unless chosen, the
// block time (the status pace), the resubmit time and idempotent writes, each with a one-line hint;
// a saved profile opens again with what it holds.

let app: RunningApp;
/** Set NOTARIUM_SHOTS to a folder to keep screenshots of the form, at two sizes and in both themes. */
const SHOTS = process.env.NOTARIUM_SHOTS;

beforeAll(async () => {
  app = await openApp();
});
afterAll(async () => {
  await app?.close();
});

async function shoot(
  page: Page,
  name: string,
  focus: () => Promise<void> = () => page.getByLabel('Block time (seconds)').evaluate((el) => el.scrollIntoView({ block: 'center' })),
): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const [w, h] of [
    [800, 600],
    [1440, 900],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      // What the shot is about, in the middle of the view (by default the settings of this issue).
      await focus();
      await page.screenshot({ path: join(SHOTS, `${name}-${w}x${h}-${scheme}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Acme, on regtest, as the first test leaves it (added or brought back through the CLI, and the app
 * reloaded on its settings): each test that edits it runs alone too.
 */
async function settingsWithAcme(): Promise<Page> {
  const added = await runCli(['profile', 'add', 'Acme', '--base-url', 'https://records.example.com', '--network', 'regtest'], {
    env: { NOTARIUM_HOME: app.home, NOTARIUM_BASE_URL: '' },
  });
  expect(added.code, added.stderr).toBe(0);
  const page = app.page;
  await page.reload();
  await screenButton(page, 'Account & settings').click();
  return page;
}

describe('the service profile form', () => {
  it('detects the network unless one is chosen, and keeps the block time, resubmit time and idempotent writes', async () => {
    const page = app.page;
    await screenButton(page, 'Account & settings').click();
    await page.getByRole('button', { name: 'Add a service profile' }).click();
    const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'New service profile' }) });
    expect(await form.getByLabel('Network').inputValue()).toBe('detect');
    expect(await form.getByLabel('Network').locator('option:checked').textContent()).toBe('Detect from the chain');
    expect(await form.getByLabel('Block time (seconds)').inputValue()).toBe('600');
    expect(await form.getByLabel('Send again after (seconds)').inputValue()).toBe('3600');
    expect(await form.getByLabel('Idempotent writes').isChecked()).toBe(false);
    // Every setting says in one line what it does.
    for (const label of ['Network', 'Confirmations to settle', 'Block time (seconds)', 'Send again after (seconds)', 'Idempotent writes']) {
      const hint = await form.getByLabel(label).evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent?.trim() ?? '');
      expect(hint, label).toMatch(/^[^\n]{10,70}$/);
    }
    await form.getByLabel('Name', { exact: true }).fill('Acme');
    await form.getByLabel('Service address').fill('https://records.example.com');
    await form.getByLabel('Block time (seconds)').fill('30');
    await form.getByLabel('Send again after (seconds)').fill('900');
    await form.getByLabel('Idempotent writes').check();
    await shoot(page, 'profile-form-new');
    await form.getByRole('button', { name: 'Save profile' }).click();

    const acme = page.getByRole('listitem').filter({ hasText: 'https://records.example.com' });
    await expect.poll(() => acme.textContent()).toMatch(/https:\/\/records\.example\.com · detect · 6 confirmations to settle/);

    await acme.getByRole('button', { name: 'Settings of Acme' }).click();
    const edit = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Edit Acme' }) });
    expect(await edit.getByLabel('Name', { exact: true }).getAttribute('readonly')).not.toBeNull();
    expect(await edit.getByLabel('Network').inputValue()).toBe('detect');
    expect(await edit.getByLabel('Block time (seconds)').inputValue()).toBe('30');
    expect(await edit.getByLabel('Send again after (seconds)').inputValue()).toBe('900');
    expect(await edit.getByLabel('Idempotent writes').isChecked()).toBe(true);
    await edit.getByLabel('Network').selectOption('regtest');
    expect(await edit.locator('#hint-network').textContent()).toMatch(/Receipts carry it/);
    await shoot(page, 'profile-form-edit');
    await edit.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => acme.textContent()).toMatch(/· regtest · 6 confirmations to settle/);
    expect(app.problems).toEqual([]);
  });

  it('refuses a block time out of range with a sentence', async () => {
    const page = await settingsWithAcme();
    await page.getByRole('button', { name: 'Settings of Acme' }).click();
    const edit = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Edit Acme' }) });
    await edit.getByLabel('Block time (seconds)').evaluate((el) => el.removeAttribute('min'));
    await edit.getByLabel('Block time (seconds)').fill('0');
    await edit.getByRole('button', { name: 'Save profile' }).click();
    await edit.getByText('Block time: from 0.1 to 86,400 seconds.').waitFor();
    await edit.getByRole('button', { name: 'Cancel' }).click();
  });

  it('takes a block lookup for the best-chain check under "Explorer and sign-in", checked as the CLI checks it, and keeps it', async () => {
    const page = await settingsWithAcme();
    await page.getByRole('button', { name: 'Settings of Acme' }).click();
    const edit = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Edit Acme' }) });
    await edit.getByText('Explorer and sign-in (optional)').click();
    const lookup = edit.getByLabel('Explorer: block lookup URL');
    expect(await lookup.inputValue()).toBe('');
    expect(await edit.locator('#hint-block-lookup').textContent()).toMatch(/^[^\n]{10,70}$/);
    await lookup.fill('https://api.whatsonchain.com/v1/bsv/main/block/hash/');
    await edit.getByRole('button', { name: 'Save profile' }).click();
    await edit.getByText("The profile's explorer block lookup URL must contain {blockHash}.").waitFor();
    await lookup.fill('https://api.whatsonchain.com/v1/bsv/main/block/hash/{blockHash}');
    await edit.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => edit.count()).toBe(0);
    await page.getByRole('button', { name: 'Settings of Acme' }).click();
    await edit.getByText('Explorer and sign-in (optional)').click();
    expect(await lookup.inputValue()).toBe('https://api.whatsonchain.com/v1/bsv/main/block/hash/{blockHash}');
    await shoot(page, 'profile-form-block-lookup', () => lookup.evaluate((el) => el.scrollIntoView({ block: 'center' })));
    await edit.getByRole('button', { name: 'Cancel' }).click();
    expect(app.problems).toEqual([]);
  });

  it('a network the explorer does not serve: its filled URLs go, and saving it with the preset is refused as the CLI does', async () => {
    const page = await settingsWithAcme();
    await page.getByRole('button', { name: 'Settings of Acme' }).click();
    const edit = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Edit Acme' }) });
    await edit.getByText('Explorer and sign-in (optional)').click();
    const tx = edit.getByLabel('Explorer: transaction URL');
    await edit.getByLabel('Network').selectOption('mainnet');
    await edit.getByRole('combobox', { name: /^Explorer / }).selectOption('whatsonchain');
    expect(await tx.inputValue()).toBe('https://api.whatsonchain.com/v1/bsv/main/tx/{txId}/hex');
    await edit.getByLabel('Network').selectOption('regtest');
    expect(await edit.locator('#hint-explorer').textContent()).toBe('WhatsOnChain serves mainnet and testnet: choose one.');
    for (const label of ['Explorer: transaction URL', 'Explorer: block header URL', 'Explorer: block lookup URL'])
      expect(await edit.getByLabel(label).inputValue(), label).toBe('');
    // Typed one by one they would be its own; the preset named on regtest is what the CLI refuses.
    await edit.getByRole('button', { name: 'Save profile' }).click();
    await edit
      .getByText(
        "WhatsOnChain serves mainnet and testnet only: set the profile's network to one of them (it is regtest), or give the address of an API in its shape for this network.",
      )
      .waitFor();
    // Mainnet's URLs typed back on regtest are refused the same way.
    await tx.fill('https://api.whatsonchain.com/v1/bsv/main/tx/{txId}/hex');
    await edit.getByLabel('Explorer: block header URL').fill('https://api.whatsonchain.com/v1/bsv/main/block/{blockHash}/header');
    await edit.getByRole('combobox', { name: /^Explorer / }).selectOption('');
    await edit.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => edit.getByText(/^WhatsOnChain serves mainnet and testnet only/).count()).toBe(1);
    expect(await edit.count()).toBe(1);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Settings of Acme' }).click();
    await edit.getByText('Explorer and sign-in (optional)').click();
    // Nothing was saved: Acme is still on regtest, with no explorer.
    expect(await tx.inputValue()).toBe('');
    expect(await edit.getByLabel('Network').inputValue()).toBe('regtest');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    expect(app.problems).toEqual([]);
  });

  it('fills the four explorer URLs for WhatsOnChain on the network chosen, each left editable, and keeps them', async () => {
    const page = await settingsWithAcme();
    await page.getByRole('button', { name: 'Settings of Acme' }).click();
    const edit = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Edit Acme' }) });
    await edit.getByText('Explorer and sign-in (optional)').click();
    // Acme is on regtest now: WhatsOnChain has no such network, and nothing is filled.
    const explorer = edit.getByRole('combobox', { name: /^Explorer / });
    await explorer.selectOption('whatsonchain');
    expect(await edit.locator('#hint-explorer').textContent()).toBe('WhatsOnChain serves mainnet and testnet: choose one.');
    expect(await edit.getByLabel('Explorer: transaction URL').inputValue()).toBe('');
    await edit.getByLabel('Network').selectOption('testnet');
    expect(await edit.locator('#hint-explorer').textContent()).toBe('Filled for testnet; each stays editable.');
    const filled = {
      'Explorer: transaction URL': 'https://api.whatsonchain.com/v1/bsv/test/tx/{txId}/hex',
      'Explorer: block header URL': 'https://api.whatsonchain.com/v1/bsv/test/block/{blockHash}/header',
      'Explorer: page for people': 'https://test.whatsonchain.com/tx/{txId}',
      'Explorer: block lookup URL': 'https://api.whatsonchain.com/v1/bsv/test/block/hash/{blockHash}',
    };
    for (const [label, value] of Object.entries(filled)) expect(await edit.getByLabel(label).inputValue(), label).toBe(value);
    await shoot(page, 'profile-form-explorer', () => explorer.evaluate((el) => el.scrollIntoView({ block: 'center' })));
    await edit.getByLabel('Explorer: page for people').fill('https://explorer.example/tx/{txId}');
    await edit.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => edit.count()).toBe(0);
    await page.getByRole('button', { name: 'Settings of Acme' }).click();
    await edit.getByText('Explorer and sign-in (optional)').click();
    for (const [label, value] of Object.entries({ ...filled, 'Explorer: page for people': 'https://explorer.example/tx/{txId}' }))
      expect(await edit.getByLabel(label).inputValue(), label).toBe(value);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    expect(app.problems).toEqual([]);
  });

  it('a receipt held because its profile names the wrong network: the record says why; set right in Settings, it is written', async () => {
    // A standalone sandbox stands in for a service whose chain is regtest; the CLI registers a file on it under "mainnet".
    const sb: TestSandbox = await startTestSandbox({ blockInterval: 0.2 });
    const folder = mkdtempSync(join(tmpdir(), 'notarium-held-'));
    try {
      const env = { NOTARIUM_HOME: app.home, NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: sb.apiKey };
      const cli = (...args: string[]) => runCli(args, { env, cwd: folder });
      const explorer = sandboxExplorerArgs(sb.baseUrl);
      expect(
        (
          await cli(
            'profile',
            'add',
            'Mislabelled',
            '--base-url',
            sb.baseUrl,
            ...explorer,
            '--network',
            'mainnet',
            '--confirmations',
            '1',
            '--block-seconds',
            '0.5',
          )
        ).code,
      ).toBe(0);
      expect((await cli('profile', 'use', 'Mislabelled')).code).toBe(0);
      writeFileSync(join(folder, 'board-minutes.txt'), 'minutes of the board\n');
      const done = await cli('notarise', 'board-minutes.txt', '--wait');
      expect(done.stderr).toMatch(/No receipt was written for board-minutes\.txt/);

      const page = app.page;
      await page.reload();
      await screenButton(page, 'Library').click();
      const row = page.locator('.row', { hasText: 'board-minutes.txt' });
      await expect.poll(() => row.count()).toBe(1);
      await row.click();
      const details = page.locator('section.details');
      await expect
        .poll(() => details.textContent())
        .toMatch(
          /No receipt was written for board-minutes\.txt: the profile "Mislabelled" names the network mainnet, but its block [0-9a-f]{64} has bits 0x207fffff, easier than mainnet allows \(the chain reads as regtest\); set the network with "notarium profile add Mislabelled --network regtest" \(or in Settings\)/,
        );
      await shoot(page, 'library-receipt-held', () => details.evaluate((el) => el.scrollIntoView({ block: 'start' })));

      await screenButton(page, 'Account & settings').click();
      await page.getByRole('button', { name: 'Settings of Mislabelled' }).click();
      const edit = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Edit Mislabelled' }) });
      await edit.getByLabel('Network').selectOption('regtest');
      await edit.getByRole('button', { name: 'Save profile' }).click();
      await expect.poll(() => existsSync(join(folder, 'board-minutes.txt.receipt.json'))).toBe(true);
      expect(JSON.parse(readFileSync(join(folder, 'board-minutes.txt.receipt.json'), 'utf8')).network).toBe('regtest');
      await screenButton(page, 'Library').click();
      await row.click();
      await expect.poll(() => details.textContent()).not.toMatch(/No receipt was written/);
      expect(app.problems).toEqual([]);
    } finally {
      await sb.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
