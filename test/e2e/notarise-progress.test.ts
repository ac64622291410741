import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';
import { openAppMiningOnDemand, type AppMiningOnDemand } from '../support/on-demand-blocks.ts';
import { keepShots } from '../support/screenshots.ts';
import { screenButton } from '../support/web-app.ts';

// In the web shell, in Chromium: a Notarise row's bar measures only what can be measured.
// While the registration waits for a block (no clock can tell how long), a still, neutral hatching;
// while it counts confirmations, real progress against its profile's target (2 here); once settled,
// no bar. The sandbox mines only when the test says so (on-demand-blocks.ts): each state holds
// until the test moves on. Then the settled record's details: its encoding without the salt.

let chain: AppMiningOnDemand;
const folder = mkdtempSync(join(tmpdir(), 'notarium-e2e-bars-'));

beforeAll(async () => {
  chain = await openAppMiningOnDemand();
});
afterAll(async () => {
  await chain?.close();
  rmSync(folder, { recursive: true, force: true });
});

interface Bar {
  indeterminate: boolean;
  value: number;
  max: number;
  background: string;
  accent: string;
}

describe('the Notarise rows, waiting and counting', () => {
  it('a hatched bar while waiting for a block, the confirmations against the target, no bar once settled', async () => {
    const { page } = chain.app;
    const path = join(folder, 'minutes.txt');
    writeFileSync(path, 'minutes of the meeting\n');
    await screenButton(page, 'Notarise').click();
    await page.locator('input[type=file]').first().setInputFiles(path);
    const row = page.locator('li.row').filter({ hasText: 'minutes.txt' });
    const badge = () => row.locator('.badge').first().textContent();
    const bar = (): Promise<Bar> =>
      row.locator('progress').evaluate((b: HTMLProgressElement) => ({
        indeterminate: b.matches(':indeterminate'),
        value: b.value,
        max: b.max,
        background: getComputedStyle(b).backgroundImage,
        accent: (() => {
          // The accent as a computed colour, as it would appear in the background's value.
          const probe = document.body.appendChild(document.createElement('span'));
          probe.style.color = 'var(--accent)';
          const colour = getComputedStyle(probe).color;
          probe.remove();
          return colour;
        })(),
      }));

    await expect.poll(badge).toBe('Waiting for a block');
    const waiting = await bar();
    // No amount: an indeterminate bar, drawn as a hatching in neutral colours, never a part-filled accent bar.
    expect(waiting).toMatchObject({ indeterminate: true, background: expect.stringContaining('repeating-linear-gradient') });
    expect(waiting.background).not.toContain(waiting.accent);
    await keepShots(page, 'notarise-waiting-for-a-block', row);

    await chain.sandbox.mine();
    await expect.poll(badge).toBe('1 of 2 confirmations');
    expect(await bar()).toMatchObject({ indeterminate: false, value: 50, max: 100, background: 'none' });
    await keepShots(page, 'notarise-counting-confirmations', row);

    await chain.sandbox.mine();
    await expect.poll(badge).toBe('Settled');
    expect(await row.locator('progress').count(), 'a bar in a settled row').toBe(0);
    await keepShots(page, 'notarise-settled', row);
    expect(chain.app.problems).toEqual([]);
  });

  it("the record's details show how its fingerprint is made, with <salt> for the salt the receipt holds", async () => {
    const { page, home } = chain.app;
    await screenButton(page, 'Library').click();
    await page.getByRole('option').filter({ hasText: 'minutes.txt' }).click();
    const details = page.getByRole('complementary', { name: 'Record details' });
    await details.getByRole('heading', { name: 'minutes.txt' }).waitFor();
    // In words, and in the service's notation on hover, <salt> in the salt's place.
    const encoding = details.locator('.encoding');
    await expect
      .poll(async () => (await encoding.textContent())?.trim())
      .toMatch(/^A secret salt put before the file's SHA-256 digest, then hashed with SHA-256/);
    expect(await encoding.getAttribute('title')).toBe("In the service's notation: SHA256(<salt>)");
    await keepShots(page, 'library-details-encoding', encoding);

    // The receipt carries the salt (a verifier needs it); the page was never given it.
    const txId = await details
      .locator('.hash', { has: page.getByRole('button', { name: 'Copy transaction id', exact: true }) })
      .locator('.value')
      .textContent();
    const receiptPath = join(folder, 'minutes.txt.receipt.json');
    const exported = await runCli(['receipt', 'export', txId!, '-o', receiptPath], { env: { NOTARIUM_HOME: home, NOTARIUM_BASE_URL: '' } });
    expect(exported.code, exported.stderr).toBe(0);
    const salt = (JSON.parse(readFileSync(receiptPath, 'utf8')) as { fingerprint: { salt: string } }).fingerprint.salt;
    expect(salt.length).toBeGreaterThan(0);
    expect(await page.content()).not.toContain(salt);
  });
});
