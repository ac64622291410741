import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { INNER_WAIT_MS } from '../support/hang-limit.ts';
import { Notary } from '../../main/core/notary.ts';
import { EmbeddedSandbox } from '../../main/core/sandbox-host/embedded-sandbox.ts';
import type { SecretStore } from '../../main/core/secrets/secret-store.ts';
import { waitFor } from '../../main/core/usecases/follow.ts';
import { notarise } from '../../main/core/usecases/notarise.ts';
import { verifyFile } from '../../main/core/usecases/verify.ts';

const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'notarium-embedded-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const noSecrets: SecretStore = { get: async () => null, set: async () => {}, delete: async () => false };
/** An engine on a data directory that another engine in this process may share (host and user of one sandbox). */
const engineAt = (home: string) => new Notary({ dataDir: home, sandboxBlockInterval: 0.2, secrets: noSecrets, env: {} });

describe('the embedded sandbox', () => {
  it('is started by the first user, shared with the next, and taken over when the host stops', async () => {
    const dir = fresh();
    const app = new EmbeddedSandbox(dir, { blockInterval: 0 });
    const cli = new EmbeddedSandbox(dir, { blockInterval: 0 });
    const hosted = await app.connect();
    expect(app.hosting).toBe(true);
    expect(existsSync(join(dir, 'sandbox.sqlite'))).toBe(true);
    const shared = await cli.connect();
    expect(cli.hosting).toBe(false);
    expect(shared).toEqual(hosted);
    await app.stop();
    expect(existsSync(join(dir, 'host.lock'))).toBe(false);
    const taken = await cli.connect();
    expect(cli.hosting).toBe(true);
    expect(taken.apiKey).toBe(hosted.apiKey); // same data directory, same key
    expect((await fetch(`${taken.baseUrl}/liveness`)).status).toBe(200);
    await cli.stop();
  });

  it('a request under way when its host stops gets its answer; the next one goes to the next host', async () => {
    const dir = fresh();
    const app = new EmbeddedSandbox(dir, { blockInterval: 0 });
    const cli = new EmbeddedSandbox(dir, { blockInterval: 0 });
    const hosted = await app.connect();
    const admin = (path: string, init: RequestInit = {}) => fetch(`${hosted.baseUrl}${path}`, { ...init, headers: { 'x-api-key': hosted.apiKey } });
    // Every answer takes 2 s, far less than the stop's bound for requests under way.
    await admin('/__sandbox/faults', { method: 'POST', body: JSON.stringify({ latencyMs: { min: 2000, max: 2000 } }) });
    const answer = fetch(`${hosted.baseUrl}/liveness`).then((r) => r.text());
    await vi.waitFor(
      async () => {
        const { routes } = (await (await admin('/__sandbox/requests')).json()) as { routes: { route: string; total: number }[] };
        expect(routes.find((c) => c.route === 'GET /liveness')?.total).toBe(1);
      },
      { timeout: INNER_WAIT_MS, interval: 20 },
    );
    const stopped = app.stop();
    expect(await answer).toBe('Healthy'); // not a reset connection: the write it might have been stays answered
    await stopped;
    await expect(fetch(`${hosted.baseUrl}/liveness`)).rejects.toThrow(); // refused: nothing sent
    await cli.connect();
    expect(cli.hosting).toBe(true);
    await cli.stop();
  });

  it('a registration refused because its host quit is sent to the next host (nothing was written, nothing is left in doubt)', async () => {
    const home = fresh();
    const files = fresh();
    const open = () => engineAt(home);
    const host = open();
    const user = open();
    const file = (name: string) => {
      writeFileSync(join(files, name), `${name}\n`);
      return join(files, name);
    };
    try {
      await host.sandbox.connect();
      const [first] = await notarise(user.context, [file('a.txt')]);
      expect(first?.status).toBe('registered'); // through the host
      expect(user.sandbox.hosting).toBe(false);
      await host.close();
      const [second] = await notarise(user.context, [file('b.txt')]);
      expect(second?.status).toBe('registered');
      expect(user.sandbox.hosting).toBe(true);
    } finally {
      await user.close();
      await host.close();
    }
  });

  it("a verification after the sandbox's host quit asks the next host: the service and the chain are asked, not skipped as unreachable", async () => {
    const home = fresh();
    const files = fresh();
    const open = () => engineAt(home);
    const host = open();
    const user = open();
    const path = join(files, 'a.txt');
    writeFileSync(path, 'a\n');
    const steps = async (): Promise<Record<string, string>> => {
      const result = await verifyFile(user.context, path);
      return Object.fromEntries([
        ['status', result.status],
        ...result.report!.steps.filter((s) => s.id === 'chain' || s.id === 'service').map((s) => [s.id, s.status]),
      ]);
    };
    try {
      await host.sandbox.connect();
      await notarise(user.context, [path]);
      await waitFor(user.context, user.follower, path);
      await expect.poll(() => existsSync(`${path}.receipt.json`)).toBe(true);
      expect(await steps()).toEqual({ status: 'verified', chain: 'pass', service: 'pass' }); // through the host
      await host.close();
      expect(await steps()).toEqual({ status: 'verified', chain: 'pass', service: 'pass' });
      expect(user.sandbox.hosting).toBe(true);
    } finally {
      await user.close();
      await host.close();
    }
  });

  it('clears a lock left by a process that died', async () => {
    const dir = fresh();
    writeFileSync(join(dir, 'host.lock'), '999999999');
    writeFileSync(join(dir, 'host.json'), JSON.stringify({ pid: 999999999, baseUrl: 'http://127.0.0.1:9', authUrl: '', envId: '', apiKey: '' }));
    const sb = new EmbeddedSandbox(dir, { blockInterval: 0 });
    const endpoint = await sb.connect();
    expect(sb.hosting).toBe(true);
    expect(endpoint.baseUrl).not.toBe('http://127.0.0.1:9');
    await sb.stop();
  });

  it('comes back on the port it had (explorer links stay valid), or any port when that one is taken', async () => {
    const dir = fresh();
    const first = new EmbeddedSandbox(dir, { blockInterval: 0 });
    const { baseUrl } = await first.connect();
    await first.stop();
    const again = new EmbeddedSandbox(dir, { blockInterval: 0 });
    expect((await again.connect()).baseUrl).toBe(baseUrl);
    // While it runs, its port is taken: a sandbox in another folder remembering it goes elsewhere.
    const other = fresh();
    writeFileSync(join(other, 'port'), new URL(baseUrl).port);
    const elsewhere = new EmbeddedSandbox(other, { blockInterval: 0 });
    expect((await elsewhere.connect()).baseUrl).not.toBe(baseUrl);
    await Promise.all([again.stop(), elsewhere.stop()]);
  });

  it('a stop while it is starting waits for the start and stops it: nothing is left serving or announced', async () => {
    const dir = fresh();
    const sb = new EmbeddedSandbox(dir, { blockInterval: 0 });
    const starting = sb.connect();
    await sb.stop();
    const { baseUrl } = await starting;
    await expect(fetch(`${baseUrl}/liveness`)).rejects.toThrow();
    expect([existsSync(join(dir, 'host.lock')), existsSync(join(dir, 'host.json'))]).toEqual([false, false]);
    await expect(sb.connect()).rejects.toMatchObject({ code: 'CLOSING' });
  });

  it('concurrent connects in one process start one sandbox', async () => {
    const sb = new EmbeddedSandbox(fresh(), { blockInterval: 0 });
    const [a, b] = await Promise.all([sb.connect(), sb.connect()]);
    expect(a).toEqual(b);
    await sb.stop();
  });
});

describe('stale locks', () => {
  it('a lock still being written (empty and new) is not taken from its owner', async () => {
    const dir = fresh();
    writeFileSync(join(dir, 'host.lock'), '');
    const sb = new EmbeddedSandbox(dir, { blockInterval: 0, startWaitMs: 300 });
    await expect(sb.connect()).rejects.toThrow(/holds the embedded sandbox/);
    expect(existsSync(join(dir, 'host.lock'))).toBe(true);
  });

  it("of several users finding a dead owner's lock at once, one hosts and the others connect to it", async () => {
    const dir = fresh();
    writeFileSync(join(dir, 'host.lock'), '999999999');
    const users = [0, 1, 2].map(() => new EmbeddedSandbox(dir, { blockInterval: 0 }));
    const endpoints = await Promise.all(users.map((u) => u.connect()));
    expect(users.filter((u) => u.hosting)).toHaveLength(1);
    expect(new Set(endpoints.map((e) => e.baseUrl)).size).toBe(1);
    await Promise.all(users.map((u) => u.stop()));
  });
});
