import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Library } from '../../main/core/store/library.ts';
import { runCli } from '../support/cli.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// Evidence (issue #7): SIGKILL the `notarium` CLI at random points of a notarisation, round after
// round, restarting it each time; then run it once more to the end. Every record the sandbox
// accepted is in the library exactly once, and every one settles. The kill points come from a
// seeded PRNG and are printed with the seed: NOTARIUM_CRASH_SEED=<seed> replays the same plan.

interface CrashCase {
  files: number;
  rounds: number;
  seed: number;
}

const SEED = Number(process.env.NOTARIUM_CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CASES: CrashCase[] = [{ files: 500, rounds: 20, seed: SEED }];

/** mulberry32: small, seedable, good enough to spread kill points. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Kill points as counts of accepted records: `rounds` draws in [1, files), in order. */
function killPlan(c: CrashCase): number[] {
  const random = prng(c.seed);
  return Array.from({ length: c.rounds }, () => 1 + Math.floor(random() * (c.files - 1))).sort((a, b) => a - b);
}

describe.each(CASES)('SIGKILL during notarisation: $files files, $rounds kills (seed $seed)', (c) => {
  const root = mkdtempSync(join(tmpdir(), 'notarium-crash-'));
  const work = join(root, 'files');
  const names = Array.from({ length: c.files }, (_, i) => `doc-${String(i).padStart(3, '0')}.txt`);
  let sb: TestSandbox;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    // Fast blocks, and the poller told so, keep the final run short.
    sb = await startTestSandbox({ blockInterval: 0.3 });
    env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_BASE_URL: sb.baseUrl, NOTARIUM_API_KEY: sb.apiKey, NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.3' };
    mkdirSync(work);
    for (const [i, name] of names.entries()) writeFileSync(join(work, name), `document number ${i}\n`);
  });
  afterAll(async () => {
    await sb.stop();
    rmSync(root, { recursive: true, force: true });
  });

  const acceptedCount = async (): Promise<number> => (await sb.json<{ records: number }>('/__sandbox/chain')).records;
  const accepted = async (): Promise<string[]> => (await sb.json<{ txIds: string[] }>('/__sandbox/records')).txIds;

  it('loses nothing the service accepted and registers nothing twice', { timeout: 600_000 }, async () => {
    const started = performance.now();
    const plan = killPlan(c);
    console.log(`crash plan (seed ${c.seed}): kill after ${plan.join(', ')} accepted records`);
    const kills: number[] = [];
    for (const point of plan) {
      // At least one new acceptance in each round, so every kill lands while the CLI is writing.
      const target = Math.max(point, (await acceptedCount()) + 1);
      if (target >= c.files) break;
      const run = runCli(['notarise', ...names], { env, cwd: work });
      let exited = false;
      void run.then(() => (exited = true));
      while (!exited && (await acceptedCount()) < target) await new Promise((r) => setTimeout(r, 10));
      run.child.kill('SIGKILL');
      const result = await run;
      // A run that finished on its own before its kill point would make this round no crash at all.
      expect(result.code, `round ${kills.length + 1} ended on its own: ${result.stderr}`).toBeNull();
      kills.push(await acceptedCount());
    }
    expect(kills.length).toBeGreaterThanOrEqual(Math.min(c.rounds, 10));

    const final = await runCli(['notarise', ...names, '--wait', '--json'], { env, cwd: work });
    expect(final.code, final.stderr).toBe(0);
    const outcomes = JSON.parse(final.stdout) as { status: string; record: { state: string; txId: string } }[];
    expect(outcomes).toHaveLength(c.files);
    expect(outcomes.every((o) => o.record.state === 'settled')).toBe(true);

    const library = Library.open(env.NOTARIUM_HOME!);
    try {
      const { records } = library.records.query({ limit: 10_000 });
      const sandboxIds = await accepted();
      const libraryIds = new Set(records.map((r) => r.txId));
      const lost = sandboxIds.filter((id) => !libraryIds.has(id)).length;
      // Registrations beyond one per file, at the service or in the library.
      const duplicates = sandboxIds.length - new Set(records.map((r) => r.sha256)).size + (records.length - libraryIds.size);
      console.log(`lost ${lost}/${c.files}, duplicates ${duplicates}; killed after ${kills.join(', ')} accepted records (seed ${c.seed}); ${Math.round((performance.now() - started) / 1000)} s`);
      expect(lost).toBe(0);
      expect(duplicates).toBe(0);
      expect([...libraryIds].sort()).toEqual([...sandboxIds].sort()); // nothing extra either
      expect(records).toHaveLength(c.files); // one registration per file
      expect(records.every((r) => r.state === 'settled' && r.confirmations >= 1)).toBe(true);
    } finally {
      library.close();
    }
  });
});
