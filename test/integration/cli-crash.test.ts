import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Library } from '../../main/core/store/library.ts';
import { runCli } from '../support/cli.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// Kill the CLI with SIGKILL in the middle of a 200-file notarisation, again and again, then run it
// once more: every record the sandbox accepted is in the library exactly once, and all settle.

const FILES = 200;
const root = mkdtempSync(join(tmpdir(), 'notarium-crash-'));
const work = join(root, 'files');
let sb: TestSandbox;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  sb = await startTestSandbox({ blockInterval: 0.3 });
  env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_BASE_URL: sb.baseUrl, NOTARIUM_API_KEY: sb.apiKey };
  mkdirSync(work);
  for (let i = 0; i < FILES; i++) writeFileSync(join(work, `doc-${String(i).padStart(3, '0')}.txt`), `document number ${i}\n`);
});
afterAll(async () => {
  await sb.stop();
  rmSync(root, { recursive: true, force: true });
});

const accepted = async (): Promise<string[]> => (await sb.json<{ txIds: string[] }>('/__sandbox/records')).txIds;

describe('SIGKILL during notarisation', () => {
  it('loses nothing the service accepted and registers nothing twice', { timeout: 240_000 }, async () => {
    const files = Array.from({ length: FILES }, (_, i) => `doc-${String(i).padStart(3, '0')}.txt`);
    const kills: number[] = [];
    for (const stopAt of [15, 70, 130]) {
      const run = runCli(['notarise', ...files], { env, cwd: work });
      for (let i = 0; i < 600 && (await accepted()).length < stopAt; i++) await new Promise((r) => setTimeout(r, 25));
      run.child.kill('SIGKILL');
      await run;
      kills.push((await accepted()).length);
    }
    expect(kills[2]!).toBeLessThan(FILES); // each kill landed mid-run

    const final = await runCli(['notarise', ...files, '--wait', '--json'], { env, cwd: work });
    expect(final.code).toBe(0);
    const outcomes = JSON.parse(final.stdout) as { status: string; record: { state: string; txId: string } }[];
    expect(outcomes.every((o) => o.record.state === 'settled')).toBe(true);

    const library = Library.open(env.NOTARIUM_HOME!);
    try {
      const { records } = library.records.query({ limit: 10_000 });
      const sandboxIds = await accepted();
      const libraryIds = records.map((r) => r.txId);
      expect(new Set(libraryIds).size).toBe(libraryIds.length); // no duplicates in the library
      expect(new Set(sandboxIds).size).toBe(sandboxIds.length);
      expect([...libraryIds].sort()).toEqual([...sandboxIds].sort()); // lost 0, extra 0
      expect(records).toHaveLength(FILES); // one registration per file
      expect(new Set(records.map((r) => r.sha256)).size).toBe(FILES);
      expect(records.every((r) => r.state === 'settled')).toBe(true);
      console.log(`kills after ${kills.join(', ')} accepted records: lost 0/${FILES}, duplicates 0`);
    } finally {
      library.close();
    }
  });
});
