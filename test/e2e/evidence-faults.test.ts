import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';

// Evidence: while the service fails, the Notarise screen says "Retrying", with the
// reason and the attempt, in the pending tone; no row ever shows "Failed", and when the service
// recovers every row goes on to Settled.

let app: RunningApp;
const files = mkdtempSync(join(tmpdir(), 'notarium-e2e-faults-'));
const FILES = 10;

beforeAll(async () => {
  app = await openApp({ blockInterval: 0.5 });
});
afterAll(async () => {
  await app?.close();
  rmSync(files, { recursive: true, force: true });
});

const screen = (name: string) => screenButton(app.page, name);

/** The embedded sandbox's test controls: the app announces its address and key in host.json. */
async function faults(settings: Record<string, unknown>): Promise<void> {
  const { baseUrl, apiKey } = JSON.parse(readFileSync(join(app.home, 'sandbox', 'host.json'), 'utf8')) as { baseUrl: string; apiKey: string };
  const res = await fetch(`${baseUrl}/__sandbox/faults`, { method: 'POST', headers: { 'x-api-key': apiKey }, body: JSON.stringify(settings) });
  if (!res.ok) throw new Error(`faults answered ${res.status}: ${await res.text()}`);
}

describe('the Notarise screen while the service fails', () => {
  it('shows retrying, never failing, and every row settles once the service recovers', async () => {
    await screen('Notarise').click();
    // A first file brings the embedded sandbox up, so its controls can be reached.
    const warmUp = join(files, 'warm-up.txt');
    writeFileSync(warmUp, 'before the storm\n');
    await app.page.locator('input[type=file]').first().setInputFiles(warmUp);
    await app.page.getByText('Settled').first().waitFor();

    // Every status label any row shows from now on, however briefly.
    await app.page.evaluate(() => {
      const seen = new Set<string>();
      (window as unknown as { seenLabels: Set<string> }).seenLabels = seen;
      const look = (): void => document.querySelectorAll('.row .badge').forEach((b) => seen.add(b.textContent?.trim() ?? ''));
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    // Every request fails (500) until a retry is seen: the drop is one registration (one write), so a
    // share of failures could let its first attempt through and nothing would retry. Each answer takes
    // over 3 s, so the three attempts left after the first retry outlast the test's turn to recover
    // the service (seconds at most, on a loaded machine) and the file never uses up its five.
    await faults({ errorRate: 1, errorStatus: 500, latencyMs: { min: 3000, max: 3500 } });
    const paths = Array.from({ length: FILES }, (_, i) => join(files, `storm-${i}.txt`));
    for (const [i, p] of paths.entries()) writeFileSync(p, `written during the storm, ${i}\n`);
    await app.page.locator('input[type=file]').first().setInputFiles(paths);

    const retrying = app.page.locator('.row .retry').first();
    await retrying.waitFor();
    await faults({ errorRate: 0 }); // the service recovers; attempts under way still take their latency
    expect(await retrying.textContent()).toMatch(/^Retrying — the service is unavailable \(attempt [2-5]\)$/);
    const row = app.page.locator('.row', { has: app.page.locator('.retry') }).first();
    await expect.poll(() => row.locator('.badge').textContent()).toBe('Retrying');
    expect(await row.locator('.badge').getAttribute('class')).toContain('pending');
    mkdirSync('test-results', { recursive: true });
    await app.page.screenshot({ path: 'test-results/e2e-retrying.png' });
    await faults({ latencyMs: { min: 0, max: 0 } });

    // The storm's files were dropped together: one registration, settled once above its files.
    await expect.poll(() => app.page.locator('.row .badge', { hasText: 'Settled' }).count(), { interval: 250 }).toBe(2);
    expect(await app.page.locator('li.row.drop').filter({ hasText: 'Settled' }).count()).toBe(1);
    expect(await app.page.locator('li.row.member').count()).toBe(FILES);
    const seen = await app.page.evaluate(() => [...(window as unknown as { seenLabels: Set<string> }).seenLabels]);
    expect(seen).toContain('Retrying');
    expect(seen.filter((l) => /Failed|Rejected|In doubt/.test(l))).toEqual([]);
    expect(await app.page.locator('.row .retry').count()).toBe(0);
    expect(app.problems).toEqual([]);
  });
});
