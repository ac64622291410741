import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildRenderer, launchApp } from '../support/web-app.ts';

// `notarium app --no-open`: the web shell on the embedded sandbox, reached as the browser would.

const home = mkdtempSync(join(tmpdir(), 'notarium-app-cli-'));
beforeAll(() => buildRenderer(), 120_000);
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('notarium app --no-open', () => {
  it('prints a one-time link on its own line; the page and the bridge answer only with its cookie', async () => {
    const { run, link } = await launchApp({ NOTARIUM_HOME: home, NOTARIUM_SANDBOX_BLOCK_INTERVAL: '1' });
    try {
      const origin = new URL(link).origin;
      expect((await fetch(origin + '/')).status).toBe(403);
      const launched = await fetch(link, { redirect: 'manual' });
      expect(launched.status).toBe(303);
      const cookie = launched.headers.get('set-cookie')!.split(';')[0]!;
      const page = await fetch(origin + '/', { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<div id="app">/);
      const ws = new WebSocket(origin.replace('http', 'ws') + '/bridge', { headers: { cookie, origin } });
      const answer = await new Promise<Record<string, unknown>>((resolveAnswer, reject) => {
        ws.once('open', () => ws.send(JSON.stringify({ id: 1, method: 'listProfiles', args: [] })));
        ws.on('message', (d) => {
          const m = JSON.parse(String(d)) as Record<string, unknown>;
          if (m.id === 1) resolveAnswer(m);
        });
        ws.once('error', reject);
      });
      expect(answer.result).toEqual([expect.objectContaining({ name: 'Sandbox', current: true })]);
      ws.close();
    } finally {
      run.child.kill('SIGTERM');
      expect((await run).code).toBe(0);
    }
  });
});
