import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { runCli } from '../support/cli.ts';

// `notarium app --no-open`: the web shell on the embedded sandbox, reached as the browser would.

const ROOT = resolve(import.meta.dirname, '../..');
const home = mkdtempSync(join(tmpdir(), 'notarium-app-cli-'));
beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist/renderer/index.html'))) execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: ROOT, stdio: 'ignore' });
}, 120_000);
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('notarium app --no-open', () => {
  it('prints a one-time link on its own line; the page and the bridge answer only with its cookie', async () => {
    const run = runCli(['app', '--no-open'], { env: { NOTARIUM_HOME: home, NOTARIUM_SANDBOX_BLOCK_INTERVAL: '1' } });
    const link = await new Promise<string>((resolveLink, reject) => {
      let out = '';
      run.child.stdout!.on('data', (d) => {
        out += d;
        const line = out.split('\n').find((l) => l.startsWith('http://127.0.0.1:'));
        if (line) resolveLink(line.trim());
      });
      void run.then((r) => reject(new Error(`exited: ${r.stderr}`)));
    });
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
