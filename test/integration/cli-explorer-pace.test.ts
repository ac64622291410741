import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';
import { startStrictService, type StrictService } from '../support/strict-service.ts';

// A public explorer allows about 3 requests a second without a key, and the strict sandbox answers
// 429 beyond that. Registrations made one per file must still all end with complete receipts: the
// client paces its explorer calls, retries what was refused, and asks for each block's header once.

const FILES = 30;
const root = mkdtempSync(join(tmpdir(), 'notarium-cli-explorer-pace-'));
const work = join(root, 'work');
let strict: StrictService;
const cli = (...args: string[]) => runCli(args, { env: strict.env, cwd: work });

interface RouteCount {
  route: string;
  total: number;
  limited: number;
}

beforeAll(async () => {
  mkdirSync(work, { recursive: true });
  strict = await startStrictService(join(root, 'home'), { blockInterval: 0.5, targetConfirmations: 1 });
});
afterAll(async () => {
  await strict.stop();
  rmSync(root, { recursive: true, force: true });
});

describe(`${FILES} files registered separately against an explorer that allows 3 requests a second`, () => {
  it('every receipt is complete and VERIFIED offline; each header fetched once per block, each transaction once', { timeout: 300_000 }, async () => {
    const names = Array.from({ length: FILES }, (_, i) => `page-${String(i).padStart(2, '0')}.txt`);
    for (const name of names) writeFileSync(join(work, name), `${name}: its own content\n`);
    await strict.sandbox.json('/__sandbox/requests/reset', { method: 'POST', body: '{}' });

    const sent = await cli('notarise', '--separately', '--wait', ...names);
    expect(sent.code, sent.stderr).toBe(0);

    const receipts = names.map((name) => JSON.parse(readFileSync(join(work, `${name}.receipt.json`), 'utf8')));
    for (const [i, receipt] of receipts.entries()) {
      expect(receipt.transaction, names[i]).toMatch(/^[0-9a-f]+$/);
      expect(receipt.blockHeader, names[i]).toMatch(/^[0-9a-f]{160}$/);
    }
    const blocks = new Set(receipts.map((r) => r.confirmation.blockHash as string));

    const { routes } = await strict.sandbox.json<{ routes: RouteCount[] }>('/__sandbox/requests');
    const answered = (route: string) => {
      const count = routes.find((r) => r.route === route) ?? { total: 0, limited: 0 };
      return count.total - count.limited;
    };
    // Headers never change for a hash: one answered fetch per block, however many records it holds.
    expect(answered('GET /explorer/block/{blockHash}/header')).toBe(blocks.size);
    expect(answered('GET /explorer/tx/{txId}/hex')).toBe(FILES);

    // No 429 was left unretried: every file verifies fully offline.
    const verified = await cli('verify', '.', '--offline');
    expect(verified.stdout).toMatch(new RegExp(`^${FILES} files: ${FILES} verified, 0 partially verified`, 'm'));
    expect(verified.code, verified.stdout).toBe(0);
  });
});
