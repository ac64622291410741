import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAppMiningOnDemand, type AppMiningOnDemand } from '../support/on-demand-blocks.ts';
import { keepShots } from '../support/screenshots.ts';
import { screenButton } from '../support/web-app.ts';

// A registration not in a block after the profile's --resubmit-after is sent again as a
// new transaction (service-notes.md, Timing and life-cycle rules). When a block comes, one of them
// is the registration: the Library shows one record of the file, whose details say it was sent again.

let chain: AppMiningOnDemand;
const folder = mkdtempSync(join(tmpdir(), 'notarium-e2e-again-'));
beforeAll(async () => {
  chain = await openAppMiningOnDemand({ resubmitAfterSeconds: 10 });
});
afterAll(async () => {
  await chain?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('a registration sent again after it stayed out of a block', () => {
  it('is one record in the Library once a block comes, and its details say it was sent again', async () => {
    const page = chain.app.page;
    const nav = (name: string) => screenButton(page, name).click();
    const path = join(folder, 'minutes.txt');
    writeFileSync(path, 'the minutes\n');
    await nav('Notarise');
    await page.locator('input[type=file]').first().setInputFiles(path);

    // No block comes: after ten seconds it is sent again, and both submissions are followed; the
    // Library shows the registration once, its details say so. (Ten seconds keeps the give-up, six
    // periods after the first was published, a minute away: no race with it.)
    await nav('Library');
    const rows = page.getByRole('listbox', { name: 'Records' }).getByRole('option');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().click();
    const details = page.locator('section.details');
    await details.getByText(/Sent again after \d+ seconds? without a block: both transactions are followed/).waitFor();
    expect(await rows.count()).toBe(1);
    await chain.sandbox.mine();

    // The first submission in a block is the registration; the others are superseded, never shown.
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByText('1 file', { exact: true }).waitFor();
    await rows.first().click();
    await expect
      .poll(() => details.textContent())
      .toMatch(
        /Sent again after \d+ (seconds?|minutes?) without a block( \(the first transaction was not mined in that time\); this transaction was|; the first transaction was then) in a block first( after all)? and is the registration\./,
      );
    expect(await details.locator('.badge').first().textContent()).toMatch(/1 of 2 confirmations|Settled/);
    await keepShots(page, 'library-sent-again', details.getByText(/Sent again after/));
    expect(chain.app.problems).toEqual([]);
  });
});
