import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRenderer, call, launchApp, openBridge, tradeLaunch } from '../support/web-app.ts';

// `notarium app --no-open`: the web shell on the embedded sandbox, reached as the browser would.

const home = mkdtempSync(join(tmpdir(), 'notarium-app-cli-'));
beforeAll(() => buildRenderer(), 120_000);
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('notarium app --no-open', () => {
  it('prints a one-time link on its own line; the bridge answers only a session traded from it', async () => {
    const { run, link } = await launchApp({ NOTARIUM_HOME: home, NOTARIUM_SANDBOX_BLOCK_INTERVAL: '1' });
    try {
      const url = new URL(link);
      expect(url.pathname + url.search).toBe('/'); // the token is in the fragment: never sent, never logged
      const page = await fetch(url.origin + '/');
      expect(page.status).toBe(200); // the page itself holds no secret
      expect(await page.text()).toMatch(/<div id="app">/);
      await expect(openBridge({ origin: url.origin, secret: 'guess' })).rejects.toThrow(/403/);
      const session = await tradeLaunch(link);
      await expect(tradeLaunch(link)).rejects.toThrow(/403.*already used/);
      const ws = await openBridge(session);
      const answer = await call(ws, 1, 'listProfiles', []);
      expect(answer.result).toEqual([expect.objectContaining({ name: 'Sandbox', current: true })]);
      ws.close();
    } finally {
      run.child.kill('SIGTERM');
      expect((await run).code).toBe(0);
    }
  });
});
