import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';
import { keepShots } from '../support/screenshots.ts';
import { inSight, openApp, screenButton, type RunningApp } from '../support/web-app.ts';
import { closedPort } from '../support/closed-port.ts';

// The keyboard as a demanding user drives the app (the screens by Alt+Shift+1…6 in the web shell,
// a browser tab whose Ctrl+1…8 and Alt+1…8 are the browser's; Ctrl+F, Esc, ? for the list), never
// taking keys from someone typing; and a profile removed only once the person has read what goes
// (its keychain secrets) and what stays (its records), in the app's own dialog.

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
  it("Alt+Shift+1…6 switch screens (Ctrl+1…6 are the browser's tabs), Ctrl+F finds, Esc closes the details, and typing keeps its keys", async () => {
    const page = app.page;
    const path = join(folder, 'minutes.txt');
    writeFileSync(path, 'the minutes\n');
    await page.locator('input[type=file]').first().setInputFiles(path);
    await page.getByText('Settled').first().waitFor();

    const screens = ['Notarise', 'Library', 'Verify', 'Documents', 'Watched folders', 'Account & settings'];
    for (const [i, name] of [...screens.entries()].reverse()) {
      await page.keyboard.press(`Alt+Shift+Digit${i + 1}`);
      await heading(name).waitFor();
      expect(await screenButton(page, name).getAttribute('aria-current')).toBe('page');
    }

    await page.keyboard.press('Alt+Shift+Digit2');
    await heading('Library').waitFor();
    // The browser's tab keys are left to the browser, and the sidebar says which keys are the app's.
    await page.keyboard.press('Control+3');
    await page.keyboard.press('Alt+3');
    expect(await screenButton(page, 'Library').getAttribute('aria-current')).toBe('page');
    expect(await screenButton(page, 'Verify').getAttribute('title')).toBe('Verify (Alt+Shift+3)');
    await page.keyboard.press('Control+f');
    const search = page.getByRole('searchbox', { name: 'Search by name, fingerprint or transaction id' });
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    // Typed into the search, "?" and Alt+Shift+3 are the person's: no help, no other screen.
    await page.keyboard.type('minutes?');
    await page.keyboard.press('Alt+Shift+Digit3');
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

  it("Ctrl+F puts the focus in each screen's own search or filter, and in the Library's search on a screen with none", async () => {
    const page = app.page;
    const focused = async (name: string) => {
      const box = page.getByRole('searchbox', { name });
      await expect.poll(() => hasFocus(box)).toBe(true);
      return box;
    };
    // A document, a watched folder and a verification: each screen then has a list to filter.
    await page.keyboard.press('Alt+Shift+Digit1');
    await heading('Notarise').waitFor();
    await page.getByLabel('Start a new document for each file').check();
    const contract = join(folder, 'contract.txt');
    writeFileSync(contract, 'the contract\n');
    await page.locator('input[type=file]').first().setInputFiles(contract);
    await page.getByRole('listitem').filter({ hasText: 'contract.txt' }).getByText('Settled').waitFor();
    await page.getByLabel('Start a new document for each file').uncheck();
    // On Notarise, which has no list to search, Ctrl+F goes to the Library's search.
    await page.keyboard.press('Control+f');
    await heading('Library').waitFor();
    await focused('Search by name, fingerprint or transaction id');

    await page.getByRole('heading', { level: 1 }).focus();
    await page.keyboard.press('Alt+Shift+Digit4');
    await heading('Documents').waitFor();
    await page.getByRole('button', { name: /contract\.txt/ }).waitFor();
    await page.keyboard.press('Control+f');
    const documents = await focused('Filter documents by name');
    await page.keyboard.type('minutes');
    await page.getByText("No document's name has “minutes”.").waitFor();
    expect(await page.getByRole('button', { name: /contract\.txt/ }).count()).toBe(0);
    await documents.fill('CONTRACT');
    await page.getByRole('button', { name: /contract\.txt/ }).waitFor();
    await keepShots(page, 'filter-documents', documents);

    const watched = mkdtempSync(join(folder, 'watched-'));
    writeFileSync(join(watched, 'agenda.txt'), 'the agenda\n');
    writeFileSync(join(watched, 'budget.txt'), 'the budget\n');
    await page.getByRole('heading', { level: 1 }).focus();
    await page.keyboard.press('Alt+Shift+Digit5');
    await heading('Watched folders').waitFor();
    await page.getByLabel('Folder', { exact: true }).fill(watched);
    await page.getByRole('button', { name: 'Watch folder' }).click();
    await page.getByRole('row').filter({ hasText: 'agenda.txt' }).first().waitFor();
    await page.getByRole('row').filter({ hasText: 'budget.txt' }).first().waitFor();
    await page.keyboard.press('Control+f');
    const folders = await focused('Filter folders and activity by name');
    await page.keyboard.type('no such file');
    await page.getByText("No watched folder's path has “no such file”.").waitFor();
    await page.getByText('No file in the recent activity has “no such file” in its name.').waitFor();
    // A file's name keeps the file and the folder it is in.
    await folders.fill('agenda');
    await page.getByRole('listitem').filter({ hasText: watched }).waitFor();
    await page.getByRole('row').filter({ hasText: 'agenda.txt' }).first().waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^Folders: all shown · recent activity: \d+ of \d+ shown$/ })
      .waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'budget.txt' }).count()).toBe(0);
    await keepShots(page, 'filter-watched', folders);
    await folders.fill('');

    await page.getByRole('heading', { level: 1 }).focus();
    await page.keyboard.press('Alt+Shift+Digit3');
    await heading('Verify').waitFor();
    const other = join(folder, 'never-notarised.txt');
    writeFileSync(other, 'never notarised\n');
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles([join(folder, 'minutes.txt'), other]);
    await page.getByRole('row').filter({ hasText: 'never-notarised.txt' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'minutes.txt' }).filter({ hasText: 'Verified' }).waitFor();
    await page.keyboard.press('Control+f');
    const results = await focused('Filter results by file name, status or message');
    await page.keyboard.type('verified');
    await page.getByRole('status').filter({ hasText: '1 of 2 shown' }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'never-notarised.txt' }).count()).toBe(0);
    await keepShots(page, 'filter-verify', results);
    await results.fill('');

    // Account & settings has no list either: the Library's search.
    await page.getByRole('heading', { level: 1 }).focus();
    await page.keyboard.press('Alt+Shift+Digit6');
    await heading('Account & settings').waitFor();
    await page.keyboard.press('Control+f');
    await heading('Library').waitFor();
    await focused('Search by name, fingerprint or transaction id');
    await page.keyboard.press('Escape');
  });

  it('? lists the shortcuts in a dialog that keeps the focus, and Esc closes it', async () => {
    const page = app.page;
    await screenButton(page, 'Verify').click();
    await heading('Verify').waitFor();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    for (const [keys, what] of [
      ['Alt+Shift+1', 'Go to Notarise'],
      ['Alt+Shift+6', 'Go to Account & settings'],
      ['Ctrl+F', "Search or filter this screen's list; elsewhere, search the Library"],
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
    await page.keyboard.press('Alt+Shift+Digit6');
    await heading('Account & settings').waitFor();
    const row = page.getByRole('listitem').filter({ hasText: PROFILE });
    const remove = row.getByRole('button', { name: `Remove ${PROFILE}` });

    await remove.click();
    const dialog = page.getByRole('dialog', { name: `Remove the profile “${PROFILE}”?` });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/Lost:.*API key and sign-in, which are deleted from the system keychain/);
    expect(await dialog.textContent()).toMatch(/Kept:.*receipts you exported/);
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

  it('a profile added with the command line shows without a reload; one its records keep is refused beside its Remove button, before any dialog', async () => {
    const page = app.page;
    await screenButton(page, 'Account & settings').click();
    await heading('Account & settings').waitFor();
    // Beside the running app: a profile for a service that is not there, and a file sent to it (never reached, so not sent).
    const env = { NOTARIUM_HOME: app.home, NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
    const away = 'Away service';
    expect((await runCli(['profile', 'add', away, '--base-url', `http://127.0.0.1:${await closedPort()}`, '--network', 'sandbox'], { env })).code).toBe(0);
    const row = page.getByRole('listitem').filter({ hasText: away });
    await row.waitFor();
    expect((await runCli(['key', 'set', '--profile', away], { env, input: 'a-key\n' })).code).toBe(0);
    const letter = join(folder, 'letter.txt');
    writeFileSync(letter, 'a letter\n');
    const sent = await runCli(['notarise', letter, '--profile', away], { env });
    expect(sent.code, sent.stderr).toBe(2);

    await page.setViewportSize({ width: 1024, height: 700 });
    await row.getByRole('button', { name: `Remove ${away}` }).click();
    const refusal = row.getByRole('alert');
    await expect
      .poll(() => refusal.textContent())
      .toContain(
        `The profile "${away}" keeps 1 record that never reached the service: remove it in the app's Library (nothing of it was registered), then remove the profile.`,
      );
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => inSight(refusal)).toBe(true);
    // Not at the top of the page: the page's own notes show nothing of it.
    expect(await page.locator('.screen > .error').count()).toBe(0);
    await keepShots(page, 'remove-profile-refused', refusal);
    expect(app.problems).toEqual([]);
  });
});
