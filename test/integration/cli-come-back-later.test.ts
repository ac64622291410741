import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCli, runCli } from '../support/cli.ts';

// "notarise without --wait, come back minutes later". Each command is a new process
// hosting the embedded sandbox for as long as it runs; the chain follows the clock, so the next
// one finds the blocks due meanwhile. Time moves through the test seam NOTARIUM_TEST_CLOCK_OFFSET
// (the process's clock, the engine's and the sandbox's, runs that many seconds ahead), never by
// waiting; blocks are ten minutes apart, so none comes while the commands run.

const root = mkdtempSync(join(tmpdir(), 'notarium-cli-later-'));
const work = join(root, 'work');
const env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_SANDBOX_BLOCK_INTERVAL: '600', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
const later =
  (minutes: number) =>
  (...args: string[]) =>
    runCli(args, { env: { ...env, NOTARIUM_TEST_CLOCK_OFFSET: String(minutes * 60) }, cwd: work });
const now = later(0);

beforeAll(() => mkdirSync(work, { recursive: true }));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('notarise, then come back later', () => {
  it('says when to look again, and a later process finds the registration in the first block after it, then settled', async () => {
    const path = join(work, 'minutes.txt');
    writeFileSync(path, 'minutes of the meeting\n');
    const sent = await now('notarise', 'minutes.txt');
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stdout).toMatch(/registered +minutes\.txt +[0-9a-f]{12}… +accepted, waiting for a block/);
    expect(sent.stdout).toContain('In a block within about 10 minutes, settled (3 confirmations) within about 30 minutes.');
    expect(sent.stdout).toMatch(new RegExp(`Look again in about \\d+ minutes with \`notarium status ${path}\`.*\`notarium wait ${path}\``));

    // Status right after says the same: when to expect a block, and when to look again (its next check).
    const stillWaiting = await now('status', 'minutes.txt');
    expect(stillWaiting.code).toBe(3);
    expect(stillWaiting.stdout).toContain('In a block within about 10 minutes, settled (3 confirmations) within about 30 minutes.');
    const lookAgain = (out: string) => Number(new RegExp(`Look again in about (\\d+) minutes with \`notarium status ${path}\``).exec(out)?.[1]);
    // The same check, a moment later (a minute's rounding apart at most).
    expect(Math.abs(lookAgain(stillWaiting.stdout) - lookAgain(sent.stdout))).toBeLessThanOrEqual(1);

    const inBlock = await later(12)('status', 'minutes.txt');
    expect(inBlock.stdout).toMatch(/^In a block \(\d of 3 confirmations\), settled \(3 confirmations\) within about \d+ minutes\.$/m);
    expect(inBlock.stdout).toMatch(/^Look again in about \d+ minutes with `notarium status /m);

    const found = await jsonCli(later(25))('status', 'minutes.txt');
    expect(found.code, found.stderr).toBe(0);
    const record = found.value as { state: string; confirmations: number; blockTime: string; publishedAt: string };
    expect(['confirmed', 'settled']).toContain(record.state);
    // In the first block after it was accepted: stamped after it, at most a block interval later.
    const published = Date.parse(record.publishedAt);
    const blockAt = Date.parse(record.blockTime);
    expect(blockAt).toBeGreaterThan(published - 1000); // header times are whole seconds
    expect(blockAt).toBeLessThanOrEqual(published + 600_000);

    const settled = await later(120)('status', 'minutes.txt');
    expect(settled.code, settled.stderr).toBe(0);
    expect(settled.stdout).toMatch(/^minutes\.txt: settled \(\d+ confirmations\)$/m);
    expect(existsSync(`${path}.receipt.json`)).toBe(true);
  });
});
