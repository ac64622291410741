import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedSandbox } from '../../main/core/sandbox-host/embedded-sandbox.ts';

const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'notarium-embedded-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

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
