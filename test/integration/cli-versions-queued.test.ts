import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCli, runCli } from '../support/cli.ts';

// "versions" of a document whose later versions wait for version 1's block (blocks far apart):
// the history read from the service, then the queued versions, each saying where it came from.

const root = mkdtempSync(join(tmpdir(), 'notarium-cli-versions-'));
const work = join(root, 'work');
const env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_SANDBOX_BLOCK_INTERVAL: '600', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
const cli = (...args: string[]) => runCli(args, { env, cwd: work });
const json = jsonCli(cli);

beforeAll(() => mkdirSync(work, { recursive: true }));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('versions with queued versions', () => {
  it("shows the queued versions and the queued finalisation after the history, marked as this library's only", async () => {
    for (const [name, content] of [
      ['contract.pdf', 'c 1\n'],
      ['contract-2.pdf', 'c 2\n'],
      ['contract-3.pdf', 'c 3\n'],
    ])
      writeFileSync(join(work, name!), content!);
    expect((await cli('notarise', '--document', 'contract.pdf')).code).toBe(0);
    expect((await cli('version', 'add', 'contract-2.pdf', '--of', 'contract.pdf')).code).toBe(0);
    expect((await cli('version', 'add', 'contract-3.pdf', '--of', 'contract.pdf')).code).toBe(0);
    const finalised = await cli('version', 'finalise', 'contract.pdf');
    expect(finalised.code).toBe(0);
    expect(finalised.stdout.match(/follow it:/g)).toHaveLength(1);

    const shown = await cli('versions', 'contract.pdf');
    expect(shown.stdout).toMatch(/^contract\.pdf: 4 versions, read from the service \(3 only in this library: not in a block yet\)$/m);
    const rows = shown.stdout.split('\n').filter((l) => /^\d+ /.test(l));
    expect(rows.map((r) => r.split(/ {2,}/).slice(0, 2))).toEqual([
      ['1', 'contract.pdf'],
      ['2', 'contract-2.pdf'],
      ['3', 'contract-3.pdf'],
      ['4', '(finalisation)'],
    ]);
    expect(rows[0]).not.toContain('this library only');
    for (const row of rows.slice(1)) expect(row).toMatch(/queued, waiting for the previous version's block \(this library only\)$/);
    const asJson = await json('versions', 'contract.pdf');
    expect(
      asJson.value.versions.map((v: { version: number; notInHistory: boolean; record: { state: string } }) => [v.version, v.notInHistory, v.record.state]),
    ).toEqual([
      [1, false, 'published'],
      [2, true, 'queued'],
      [3, true, 'queued'],
      [4, true, 'queued'],
    ]);
  });

  it('status of a queued version says how to follow it as the user runs Notarium (npx in a clone)', async () => {
    const npx = await runCli(['status', 'contract-2.pdf', '--offline'], { env: { ...env, npm_command: 'exec', npm_lifecycle_script: 'notarium' }, cwd: work });
    expect(npx.code).toBe(3);
    expect(npx.stdout).toContain(`follow it:    npx notarium wait ${join(work, 'contract-2.pdf')} (the app and "npx notarium watch" send it too)`);
    const bare = await cli('status', 'contract-2.pdf', '--offline');
    expect(bare.stdout).toContain(`follow it:    notarium wait ${join(work, 'contract-2.pdf')} (the app and "notarium watch" send it too)`);
  });
});
