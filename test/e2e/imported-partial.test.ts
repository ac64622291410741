import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';
import { keepShots } from '../support/screenshots.ts';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';
import { FILE_CONTENT, makeFixture } from '../support/receipt-fixture.ts';
import { forgeFromNothing } from '../support/forged-from-nothing.ts';

// A receipt imported while only partially verified (no raw transaction, no header, a
// Merkle root of its own) claims 6 confirmations; the Library never shows it as settled.

let app: RunningApp;
let madeBy: string;
const folder = mkdtempSync(join(tmpdir(), 'notarium-e2e-imported-'));

beforeAll(async () => {
  app = await openApp();
  const { receipt, root } = makeFixture();
  const forged = structuredClone(receipt) as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tampering
  delete forged.transaction;
  madeBy = forged.registration.serviceUrl;
  forged.network = 'mainnet';
  forged.file.name = 'partial-contract.pdf';
  Object.assign(forged.confirmation, { confirmedBlocks: 6 });
  Object.assign(forged.confirmation.merkleProof, { targetType: 'merkleRoot', target: root });
  writeFileSync(join(folder, 'partial-contract.pdf'), FILE_CONTENT);
  writeFileSync(join(folder, 'partial-contract.pdf.receipt.json'), JSON.stringify(forged, null, 2));
  const imported = await runCli(['receipt', 'import', join(folder, 'partial-contract.pdf.receipt.json')], {
    env: { NOTARIUM_HOME: app.home, NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' },
  });
  expect(imported.stdout).toMatch(/partially verified on mainnet/);
  // A self-mined test-chain receipt of another service: every step checks, its header's time included, but nothing vouches for it.
  const mined = forgeFromNothing(folder, 'mined-deed.pdf', 'a deed the forger mined a block for\n', {
    network: 'sandbox',
    evidence: 'mined',
    serviceUrl: 'https://forger.example',
  });
  const minedImport = await runCli(['receipt', 'import', mined], { env: { NOTARIUM_HOME: app.home, NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' } });
  expect(minedImport.stdout).toMatch(/partially verified on sandbox/);
});
afterAll(async () => {
  await app?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('an imported, partially verified receipt in the Library', () => {
  it('has its own badge and sentence, never the green "Settled"', async () => {
    const page = app.page;
    await page.reload();
    await screenButton(page, 'Library').click();
    const row = page.locator('.row', { hasText: 'partial-contract.pdf' });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.locator('.badge').textContent()).toMatch(/^\s*Imported · partially verified\s*$/);
    expect(await row.locator('.badge.verified').count()).toBe(0);
    // Its row's "Notarised" column is not the import's time either: unknown (no header vouches for a
    // block time), and when it was imported on hover.
    expect((await row.locator('.when').textContent())?.trim()).toBe('—');
    expect(await row.locator('.when').getAttribute('title')).toMatch(/^Imported .*\d.*: a receipt does not say when its registration was made$/);
    await row.click();
    const details = page.locator('section.details');
    await expect.poll(() => details.locator('.badge').first().textContent()).toMatch(/^\s*Imported · partially verified\s*$/);
    await expect.poll(() => details.textContent()).toMatch(/Imported from a receipt that was only partially verified: Notarium did not register this/);
    expect(await details.locator('.badge.verified').count()).toBe(0);
    // The service the receipt names, not the profile in use it was filed under, and that none reaches it.
    const field = (name: string) => details.locator(`dt:text-is("${name}") + dd`);
    await expect.poll(() => field('Service').textContent()).toBe(`${madeBy} · mainnet`);
    expect(await field('Service').locator('+ dd').textContent()).toMatch(/^\s*No profile reaches it, so Notarium does not ask it about this registration\s*$/);
    expect(await details.locator('dt:text-is("Profile")').count()).toBe(0);
    // Nor that profile's explorer or confirmation target: they are not this registration's.
    expect(await details.getByRole('link', { name: 'Explorer' }).count()).toBe(0);
    // The forger's number is the receipt's claim, never the library's count.
    expect((await field('Confirmations').textContent())?.trim()).toBe('6, as its receipt claims (not verified)');
    // A receipt does not say when it was registered: not the import's time as if it did; the import's time apart.
    // (Its header is not in the receipt, so no block time is vouched for either.)
    expect(await field('Notarised').textContent()).toMatch(/^\s*Not said by the receipt\s*$/);
    expect(await field('Imported').textContent()).toMatch(/\d/);
    await keepShots(page, 'library-imported-partial', field('Service'));

    // One whose (self-mined) header gives a block time: still no time in the column, the claim on hover and in its details.
    const mined = page.locator('.row', { hasText: 'mined-deed.pdf' });
    await expect.poll(() => mined.count()).toBe(1);
    expect((await mined.locator('.when').textContent())?.trim()).toBe('—');
    expect(await mined.locator('.when').getAttribute('title')).toMatch(/; its receipt names a block of .*\d.*, which the library does not vouch for$/);
    await mined.click();
    await expect
      .poll(() => field('Notarised').textContent())
      .toMatch(/^\s*Not said by the receipt; it names a block of .*\d.*, which the library does not vouch for\s*$/);
    expect(await field('Block time').textContent()).toMatch(/^\s*.*\d.*, as its receipt’s header says \(not vouched for by the library\)\s*$/);
    await keepShots(page, 'library-imported-claimed-block', field('Notarised'));
  });
});

describe('an imported pending receipt in the Library', () => {
  it('reads as imported evidence that is pending, never as a registration of the library’s on its way', async () => {
    const forged = forgeFromNothing(folder, 'pending-lease.pdf', 'a lease the forger knows\n', {
      network: 'sandbox',
      evidence: 'pending',
      serviceUrl: 'https://forger.example',
    });
    const imported = await runCli(['receipt', 'import', forged], { env: { NOTARIUM_HOME: app.home, NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' } });
    expect(imported.stdout).toMatch(/pending on sandbox/);
    const page = app.page;
    await page.reload();
    await screenButton(page, 'Library').click();
    const row = page.locator('.row', { hasText: 'pending-lease.pdf' });
    await expect.poll(() => row.locator('.badge').textContent()).toMatch(/^\s*Imported · pending\s*$/);
    await row.click();
    const details = page.locator('section.details');
    await expect.poll(() => details.textContent()).toMatch(/Imported from a pending receipt: Notarium did not register this/);
    await keepShots(page, 'library-imported-pending', details.locator('.badge').first());
  });
});
