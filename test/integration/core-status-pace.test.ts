import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notary } from '../../main/core/notary.ts';
import type { SecretStore } from '../../main/core/secrets/secret-store.ts';
import { currentStatus } from '../../main/core/usecases/follow.ts';
import { notarise } from '../../main/core/usecases/notarise.ts';

// The status pace on a real run (service-notes.md: status "once every 10 minutes (at the most
// frequent)", here one block time of the sandbox): two engines on one library, as the app and a
// command would be, one following in the background, the other asking for statuses all the time.
// The sandbox counts the status requests that arrive (/__sandbox/requests).

const BLOCK_S = 5;
const FILES = 4;
const root = mkdtempSync(join(tmpdir(), 'notarium-pace-'));
const work = join(root, 'files');
const noSecrets: SecretStore = { get: async () => null, set: async () => {}, delete: async () => false };
let app: Notary;
let command: Notary;

beforeAll(() => {
  mkdirSync(work);
  const options = { dataDir: join(root, 'home'), sandboxBlockInterval: BLOCK_S, secrets: noSecrets, env: {}, autoReceipts: false };
  app = new Notary(options);
  command = new Notary(options);
});
afterAll(async () => {
  await command.close();
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

async function admin<T>(path: string, body?: unknown): Promise<T> {
  const { baseUrl, apiKey } = await app.sandbox.connect();
  const res = await fetch(baseUrl + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-api-key': apiKey },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

describe('status pace against the sandbox', () => {
  it('asks about each registration at most once per block time, however often status is asked', async () => {
    const paths = Array.from({ length: FILES }, (_, i) => join(work, `minutes-${i}.txt`));
    paths.forEach((p, i) => writeFileSync(p, `minutes of meeting ${i}\n`));
    await admin('/__sandbox/requests/reset', {});
    app.startPoller();
    const outcomes = await notarise(app.context, paths);
    expect(outcomes.map((o) => o.status)).toEqual(paths.map(() => 'registered'));

    // The command asks for every file's status, again and again, until all are settled.
    const sources = { service: 0, library: 0 };
    let paced: Record<string, unknown> | undefined;
    for (let round = 0; ; round++) {
      const statuses = await Promise.all(paths.map((p) => currentStatus(command.context, command.follower, p)));
      for (const s of statuses) {
        sources[s.source]++;
        if (s.source === 'library' && s.record.state !== 'settled' && s.record.lastCheckedAt !== null) paced ??= { ...s.record };
      }
      if (statuses.every((s) => s.record.state === 'settled')) break;
      expect(round).toBeLessThan(2000);
      await new Promise((r) => setTimeout(r, 100));
    }

    const { routes } = await admin<{ routes: { route: string; total: number; perSecond: [number, number][] }[] }>('/__sandbox/requests');
    const status = routes.find((r) => r.route === 'GET /api/v1/records/{txId}/status')!;
    const counts = new Map(status.perSecond);
    const seconds = status.perSecond.map(([s]) => s);
    // One request per registration per block time: any span of BLOCK_S - 2 seconds (2 s left for
    // arrival jitter on a loaded machine) holds at most one request per file.
    let busiest = 0;
    for (const start of seconds) {
      let n = 0;
      for (let s = start; s < start + BLOCK_S - 2; s++) n += counts.get(s) ?? 0;
      busiest = Math.max(busiest, n);
    }
    const span = Math.max(...seconds) - Math.min(...seconds) + 1;
    console.log(
      `pace: ${status.total} status requests over ${span} s for ${FILES} files (block ${BLOCK_S} s); statuses answered by the service ${sources.service}, by the library ${sources.library}; busiest ${BLOCK_S - 2} s: ${busiest}`,
    );
    expect(busiest).toBeLessThanOrEqual(FILES);
    expect(status.total).toBeLessThanOrEqual(FILES * (Math.ceil(span / BLOCK_S) + 1));
    // The statuses asked within a block time were the library's, saying when it asked and when it will.
    expect(sources.library).toBeGreaterThan(sources.service);
    expect(paced).toMatchObject({ lastCheckedAt: expect.any(Number), nextCheckAt: expect.any(Number) });
  });
});
