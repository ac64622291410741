import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INNER_WAIT_MS } from '../../../support/hang-limit.ts';

// The worker must load wherever the pool runs: vitest (the other tests), plain node with tsx's
// --import hook, and the CLI's way (tsx/esm/api register() in the main thread, then a dynamic
// import). Each child hashes a file, never calls close(), and must exit by itself: idle workers
// do not keep the process alive.

const ROOT = resolve(import.meta.dirname, '../../../..');
const dir = mkdtempSync(join(tmpdir(), 'notarium-hash-loaders-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const target = join(dir, 'file.bin');
writeFileSync(target, 'notarium\n'.repeat(100_000));
const expected = execFileSync('openssl', ['dgst', '-sha256', '-r', target]).toString().split(' ')[0];

const body = `
  const { HashPool } = await import('./main/core/hashing/hash-pool.ts');
  const pool = new HashPool({ hashHereBelow: 0 }); // every file in a worker: the worker is what is tested
  console.log((await pool.hashFile(${JSON.stringify(target)})).sha256);
`;

function run(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', timeout: INNER_WAIT_MS });
  return { status: r.status, stdout: r.stdout.trim(), stderr: r.stderr };
}

describe('hash-worker.js loads under every runner', () => {
  it('node --import tsx', () => {
    const r = run(['--import', 'tsx', '--input-type=module', '-e', body]);
    expect(r.stderr).toBe('');
    expect(r).toMatchObject({ status: 0, stdout: expected });
  });

  it("the CLI's tsx/esm/api register() then dynamic import", () => {
    const r = run(['--input-type=module', '-e', `import { register } from 'tsx/esm/api'; register();\n${body}`]);
    expect(r.stderr).toBe('');
    expect(r).toMatchObject({ status: 0, stdout: expected });
  });
});
