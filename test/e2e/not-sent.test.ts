import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandboxExplorerArgs } from '../support/cli.ts';
import { closedPort } from '../support/closed-port.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';
import { keepShots } from '../support/screenshots.ts';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';
import { fileWriter } from '../support/scratch-files.ts';

// A registration whose send never reached the service (the connection refused) is not a
// failure: nothing was registered, and Notarium sends it later. The app says so on Notarise and in
// the Library, "Send now" sends it once the service is there, and so does the next notarisation.

const NOTE = 'Nothing was registered. Notarium sends it once it can reach the service: at its next start, at the next notarisation with this profile';
const REFUSED = /refused the connection \(ECONNREFUSED\)/;

let app: RunningApp;
let port: number;
let service: TestSandbox | undefined;
const apiKey = randomBytes(16).toString('hex');
const folder = mkdtempSync(join(tmpdir(), 'notarium-e2e-not-sent-'));
const writeFile = fileWriter(folder);
const file = (name: string) => writeFile(name, `${name}\n`);

beforeAll(async () => {
  port = await closedPort();
  const baseUrl = `http://127.0.0.1:${port}`;
  app = await openApp({
    setUp: async (home) => {
      const cli = (args: string[], input?: string) => runCli(args, { env: { NOTARIUM_HOME: home, NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' }, input });
      const added = await cli([
        'profile',
        'add',
        'Later',
        '--base-url',
        baseUrl,
        '--network',
        'sandbox',
        ...sandboxExplorerArgs(baseUrl),
        '--block-seconds',
        '0.5',
      ]);
      expect(added.code, added.stderr).toBe(0);
      const key = await cli(['key', 'set', '--profile', 'Later'], `${apiKey}\n`);
      expect(key.code, key.stderr).toBe(0);
      expect((await cli(['profile', 'use', 'Later'])).code).toBe(0);
      // A service that is never there: what is sent to it can only be removed.
      const gone = `http://127.0.0.1:${await closedPort()}`;
      expect((await cli(['profile', 'add', 'Gone', '--base-url', gone, '--network', 'sandbox', ...sandboxExplorerArgs(gone)])).code).toBe(0);
      expect((await cli(['key', 'set', '--profile', 'Gone'], `${apiKey}\n`)).code).toBe(0);
    },
  });
});
afterAll(async () => {
  await app?.close();
  await service?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe('a registration the service never received', () => {
  it('reads "Not sent" on Notarise, with why and what happens next, never "Failed"', async () => {
    const page = app.page;
    await screenButton(page, 'Notarise').click();
    // A registration each (dropped together they would be one), so that one is sent from the
    // Library and the other by the next notarisation. A batch not sent: app-service.test.ts.
    await page.getByRole('checkbox', { name: 'Register each file separately' }).check();
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles([file('first.txt'), file('second.txt')]);
    const rows = page.locator('li.row');
    for (const name of ['first.txt', 'second.txt']) {
      const row = rows.filter({ hasText: name });
      await expect.poll(() => row.locator('.badge').textContent()).toBe('Not sent');
      expect(await row.textContent()).toMatch(REFUSED);
      expect(await row.textContent()).toContain(NOTE);
      expect(await row.locator('.why').count()).toBe(0); // nothing in a failure's red
      expect(await row.locator('progress').count()).toBe(0);
    }
    expect(await page.getByText('Failed').count()).toBe(0);
    await keepShots(page, 'notarise-not-sent', rows.first());
    expect(app.problems).toEqual([]);
  });

  it('reads "Not sent" in the Library too; Send now says why it still cannot, then sends it once the service is there', async () => {
    const page = app.page;
    await screenButton(page, 'Library').click();
    const options = page.getByRole('listbox', { name: 'Records' }).getByRole('option');
    const first = options.filter({ hasText: 'first.txt' });
    await expect.poll(() => first.locator('.badge').textContent()).toBe('Not sent');
    expect(await options.filter({ hasText: 'second.txt' }).locator('.badge').textContent()).toBe('Not sent');
    expect(await page.getByText('Submitting').count()).toBe(0);
    await first.click();
    const details = page.locator('section.details');
    await details.getByText(NOTE).waitFor();
    expect(await details.textContent()).toMatch(REFUSED);
    await keepShots(page, 'library-not-sent', details);

    // The service is still not there: the press is answered with why, and the record stays as it was.
    await details.getByRole('button', { name: 'Send now' }).click();
    const refusal = details.getByRole('alert');
    await expect.poll(() => refusal.textContent()).toMatch(REFUSED);
    // Said once: the record's own note on why it is not sent gives way to the press's answer.
    await expect.poll(() => details.getByText(REFUSED).count()).toBe(1);
    expect(await details.locator('.badge').first().textContent()).toBe('Not sent');
    await keepShots(page, 'library-send-now-refused', refusal);

    service = await startTestSandbox({ port, apiKey });
    await details.getByRole('button', { name: 'Send now' }).click();
    await expect.poll(() => details.locator('.badge').first().textContent()).toBe('Waiting for a block');
    expect(await details.getByRole('button', { name: 'Send now' }).count()).toBe(0);
    expect(await details.getByText(NOTE).count()).toBe(0);
    expect((await service.json<{ txIds: string[] }>('/__sandbox/records')).txIds).toHaveLength(1);
    await keepShots(page, 'library-sent-now', details);
    expect(app.problems).toEqual([]);
  });

  it('the next notarisation with the profile sends the one still not sent, and its Notarise row follows', async () => {
    const page = app.page;
    await screenButton(page, 'Notarise').click();
    await page.locator('input[type=file]').first().setInputFiles(file('third.txt'));
    const rows = page.locator('li.row');
    await expect.poll(() => rows.filter({ hasText: 'third.txt' }).locator('.badge').textContent()).toBe('Waiting for a block');
    await expect.poll(() => rows.filter({ hasText: 'second.txt' }).locator('.badge').textContent()).toBe('Waiting for a block');
    // first.txt, sent from the Library, is followed here too.
    expect(await rows.filter({ hasText: 'first.txt' }).locator('.badge').textContent()).toBe('Waiting for a block');
    expect(await rows.filter({ hasText: 'second.txt' }).textContent()).not.toContain(NOTE);
    expect((await service!.json<{ txIds: string[] }>('/__sandbox/records')).txIds).toHaveLength(3);
    await keepShots(page, 'notarise-sent-later', rows.first());
    expect(app.problems).toEqual([]);
  });
});

describe('a registration the service will never receive', () => {
  it('is removed from the Library once the person confirms that nothing was registered; its profile can then be removed', async () => {
    const page = app.page;
    const heading = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });
    await screenButton(page, 'Account & settings').click();
    await page.getByRole('button', { name: 'Use Gone' }).click();
    await page.getByRole('listitem').filter({ hasText: 'Gone' }).getByText('Current').waitFor();
    await screenButton(page, 'Notarise').click();
    await page.locator('input[type=file]').first().setInputFiles(file('lost.txt'));
    await expect.poll(() => page.locator('li.row').filter({ hasText: 'lost.txt' }).locator('.badge').textContent()).toBe('Not sent');

    await screenButton(page, 'Library').click();
    const options = page.getByRole('listbox', { name: 'Records' }).getByRole('option');
    const lost = options.filter({ hasText: 'lost.txt' });
    await lost.click();
    const details = page.locator('section.details');
    await details.getByRole('button', { name: 'Remove…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove “lost.txt”?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('It never reached the service, so nothing of it was registered');
    expect(await dialog.textContent()).toContain('no longer keeps its profile (Gone)');
    // The safe answer has the focus; Cancel keeps the record.
    expect(await dialog.getByRole('button', { name: 'Cancel' }).evaluate((b) => b === document.activeElement)).toBe(true);
    await keepShots(page, 'library-remove-not-sent', dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await lost.count()).toBe(1);

    const counted = page.locator('.sidebar .count');
    const pending = async () => ((await counted.count()) ? parseInt((await counted.textContent())!, 10) : 0);
    const pendingBefore = await pending();
    expect(pendingBefore).toBeGreaterThan(0);
    await details.getByRole('button', { name: 'Remove…' }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await lost.waitFor({ state: 'detached' });
    await expect.poll(pending).toBe(pendingBefore - 1);
    expect(await page.locator('section.details').count()).toBe(0);
    await keepShots(page, 'library-not-sent-removed');

    await screenButton(page, 'Account & settings').click();
    await heading('Account & settings').waitFor();
    await page.getByRole('button', { name: 'Use Later' }).click();
    await page.getByRole('button', { name: 'Remove Gone' }).click();
    await page.getByRole('dialog', { name: 'Remove the profile “Gone”?' }).getByRole('button', { name: 'Remove profile' }).click();
    await page.getByRole('status').filter({ hasText: 'The profile Gone is removed.' }).waitFor();
    expect(app.problems).toEqual([]);
  });
});
