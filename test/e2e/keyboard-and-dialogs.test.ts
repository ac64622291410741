import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';
import { keepShots } from '../support/screenshots.ts';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';

// The keyboard as a demanding user drives the app (Ctrl+1…6, Ctrl+F, Esc, ? for the list), never
// taking keys from someone typing; and a profile removed only once the person has read what goes
// (its keychain secrets) and what stays (its records), in the app's own dialog (issue #14).

let app: RunningApp;
const folder = mkdtempSync(join(tmpdir(), 'notarium-e2e-keys-'));
const PROFILE = 'Old records service';

beforeAll(async () => {
  app = await openApp({
    setUp: async (home) => {
      const added = await runCli(['profile', 'add', PROFILE, '--base-url', 'https://records.example.org'], { env: { NOTARIUM_HOME: home } });
      expect(added.code, added.stderr).toBe(0);
    },
  });
});
afterAll(async () => {
  await app?.close();
  rmSync(folder, { recursive: true, force: true });
});

const heading = (name: string) => app.page.getByRole('heading', { level: 1, name, exact: true });
const hasFocus = (el: Locator) => el.evaluate((e) => e === document.activeElement);

describe('keyboard shortcuts', () => {
  it('Ctrl+1…6 switch screens, Ctrl+F finds, Esc closes the details, and typing keeps its keys', async () => {
    const page = app.page;
    const path = join(folder, 'minutes.txt');
    writeFileSync(path, 'the minutes\n');
    await page.locator('input[type=file]').first().setInputFiles(path);
    await page.getByText('Settled').first().waitFor();

    const screens = ['Notarise', 'Library', 'Verify', 'Documents', 'Watched folders', 'Account & settings'];
    for (const [i, name] of [...screens.entries()].reverse()) {
      await page.keyboard.press(`Control+${i + 1}`);
      await heading(name).waitFor();
      expect(await screenButton(page, name).getAttribute('aria-current')).toBe('page');
    }

    await page.keyboard.press('Control+2');
    await heading('Library').waitFor();
    await page.keyboard.press('Control+f');
    const search = page.getByRole('searchbox', { name: 'Search by name, fingerprint or transaction id' });
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    // Typed into the search, "?" and Ctrl+3 are the person's: no help, no other screen.
    await page.keyboard.type('minutes?');
    await page.keyboard.press('Control+3');
    expect(await search.inputValue()).toBe('minutes?');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await heading('Library').waitFor();
    await search.fill('');

    await page.getByRole('option').filter({ hasText: 'minutes.txt' }).click();
    const details = page.getByRole('complementary', { name: 'Record details' });
    await details.getByRole('heading', { name: 'minutes.txt' }).waitFor();
    await page.keyboard.press('Escape');
    await details.getByText('Select a record to see').waitFor();
  });

  it('? lists the shortcuts in a dialog that keeps the focus, and Esc closes it', async () => {
    const page = app.page;
    await screenButton(page, 'Verify').click();
    await heading('Verify').waitFor();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    for (const [keys, what] of [
      ['Ctrl+1', 'Go to Notarise'],
      ['Ctrl+6', 'Go to Account & settings'],
      ['Ctrl+F', 'Search (in the Library)'],
      ['Esc', 'Close the open dialog or panel'],
      ['?', 'Show these shortcuts'],
    ])
      await dialog.getByRole('row', { name: `${keys} ${what}` }).waitFor();
    await keepShots(page, 'shortcuts-help', dialog);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    // The page behind is inert while the dialog is open.
    expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await heading('Verify').waitFor();

    // The same list from the sidebar, for those who do not know to press "?".
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await hasFocus(page.getByRole('button', { name: 'Keyboard shortcuts' }))).toBe(true);
  });
});

describe('removing a profile', () => {
  it('asks first, naming the profile, what is lost and what is kept; Cancel and Esc keep it', async () => {
    const page = app.page;
    await page.keyboard.press('Control+6');
    await heading('Account & settings').waitFor();
    const row = page.getByRole('listitem').filter({ hasText: PROFILE });
    const remove = row.getByRole('button', { name: `Remove ${PROFILE}` });

    await remove.click();
    const dialog = page.getByRole('dialog', { name: `Remove the profile “${PROFILE}”?` });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/Lost:.*API key and sign-in, which are deleted from the system keychain/);
    expect(await dialog.textContent()).toMatch(/Kept:.*records in your library/);
    // The safe answer has the focus: Enter does not remove.
    expect(await hasFocus(dialog.getByRole('button', { name: 'Cancel' }))).toBe(true);
    await keepShots(page, 'remove-profile', dialog);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await hasFocus(remove)).toBe(true);
    await remove.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row.count()).toBe(1);

    await remove.click();
    await dialog.getByRole('button', { name: 'Remove profile' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `The profile ${PROFILE} is removed.` })
      .waitFor();
    expect(await row.count()).toBe(0);
    expect(app.problems).toEqual([]);
  });
});
