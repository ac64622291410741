import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTx } from '../support/bitcoin.ts';
import { INNER_WAIT_MS } from '../support/hang-limit.ts';

// `notarium sandbox` as a user runs it: a child process, its printed details, signals, and the
// docs/sandbox.md's curl examples run against it.

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/notarium.js');
const scratch = mkdtempSync(join(tmpdir(), 'notarium-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Started {
  child: ChildProcessWithoutNullStreams;
  stdout: string;
  exited: Promise<{ code: number | null; stderr: string }>;
}

function start(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Started> {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<{ code: number | null; stderr: string }>((r) => child.on('exit', (code) => r({ code, stderr })));
  return new Promise((resolveStart, reject) => {
    child.stdout.on('data', (d) => {
      stdout += d;
      if (/Press Ctrl\+C|^\{.*\}\n/m.test(stdout)) resolveStart({ child, stdout, exited });
    });
    void exited.then(({ code }) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
}

const field = (stdout: string, label: string) => new RegExp(`${label}:\\s+(\\S+)`).exec(stdout)?.[1];

describe('notarium sandbox', () => {
  it('prints its URLs, env id and key, and stops cleanly on SIGINT', async () => {
    const s = await start(['sandbox', '--port', '0', '--api-key', 'cli-key', '--block-interval', '0']);
    const baseUrl = field(s.stdout, 'Base URL')!;
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(field(s.stdout, 'Auth URL')).toBe(baseUrl);
    expect(field(s.stdout, 'Env id')).toBe('sandbox');
    expect(field(s.stdout, 'API key')).toBe('cli-key');
    expect(s.stdout).toContain(
      `Explorer:  ${baseUrl}/explorer (for a profile: --explorer-tx-url '${baseUrl}/explorer/tx/{txId}/hex' --explorer-header-url '${baseUrl}/explorer/block/{blockHash}/header')`,
    );
    expect((await fetch(`${baseUrl}/liveness`)).status).toBe(200);
    s.child.kill('SIGINT');
    const { code, stderr } = await s.exited;
    expect(code).toBe(0);
    expect(stderr).toMatch(/Sandbox stopped/);
  });

  it.each([
    { mode: 'default', flags: [] },
    { mode: 'strict', flags: ['--strict'] },
  ])('runs the curl examples of docs/sandbox.md ($mode)', async ({ mode, flags }) => {
    const readme = readFileSync(join(ROOT, 'docs/sandbox.md'), 'utf8');
    const block = /<!-- sandbox-curl-examples -->\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBeTruthy();
    const s = await start(['sandbox', '--json', '--port', '0', '--block-interval', '0', ...flags]);
    try {
      const { baseUrl, apiKey } = JSON.parse(s.stdout) as { baseUrl: string; apiKey: string };
      const run = spawnSync('bash', ['-euo', 'pipefail', '-c', block!], {
        cwd: scratch,
        env: { ...process.env, BASE: baseUrl, KEY: apiKey },
        encoding: 'utf8',
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const out = run.stdout;
      expect(out).toMatch(/txId: [0-9a-f]{64}/);
      // The strict readings spell some answers otherwise: every step ran (above); the default's words below.
      if (mode === 'strict') return;
      expect(out).toMatch(/txId: [0-9a-f]{64}/);
      expect(out).toContain('{"confirmation":null}');
      expect(out).toMatch(/"confirmedBlocks":1,"blockHash":"[0-9a-f]{64}"/);
      expect(out).toMatch(/\{"match":true,"confirmation":\{/);
      expect(out).toMatch(/^01000000[0-9a-f]+$/m);
      expect(out).toMatch(/"fingerprint":"[0-9a-f]{64}"/);
      expect(out).toMatch(/"txIds":\["[0-9a-f]{64}"\],"endOfLinks":true/);
      expect(out).toContain('"errorCode":"TX_ID_PARAM_INVALID"');
    } finally {
      s.child.kill('SIGTERM');
      expect((await s.exited).code).toBe(0);
    }
  });

  it('--strict and the settings beside it reach the sandbox', async () => {
    const s = await start([
      'sandbox',
      '--port',
      '0',
      '--block-interval',
      '0',
      '--api-key',
      'k',
      '--strict',
      '--never-mine-rate',
      '1',
      '--disable',
      'navigate',
      '--layout',
      'separate',
    ]);
    try {
      expect(s.stdout).toMatch(/Readings:\s+strict/);
      const baseUrl = field(s.stdout, 'Base URL')!;
      // Strict serves WhatsOnChain's shapes: the line gives the profile's explorer settings for it.
      expect(s.stdout).toContain(`Explorer:  ${baseUrl}/explorer (for a profile: --explorer whatsonchain --explorer-api ${baseUrl}/explorer)`);
      const call = (path: string, init: RequestInit = {}) => fetch(baseUrl + path, { ...init, headers: { 'x-api-key': 'k' } });
      expect(await (await call('/__sandbox/faults')).json()).toMatchObject({ neverMineRate: 1, rejectRate: 0 });
      const created = (await (await call('/api/v1/linkedrecords', { method: 'POST', body: 'v1' })).json()) as Record<string, string>;
      expect(created).toHaveProperty('update_token');
      expect((await call(`/api/v1/linkedrecords/${created.txId}/navigate?links=1`)).status).toBe(404);
      // --layout wins over --strict's shared push: header, record and "fund for next" in three outputs.
      expect(parseTx(await (await fetch(`${baseUrl}/explorer/tx/${created.txId}/hex`)).text()).outputs).toHaveLength(3);
    } finally {
      s.child.kill('SIGTERM');
      await s.exited;
    }
  });

  it('`start` keeps the embedded sandbox under NOTARIUM_HOME', async () => {
    const home = join(scratch, 'home');
    const s = await start(['start', '--block-interval', '0.5'], { NOTARIUM_HOME: home });
    s.child.kill('SIGTERM');
    await s.exited;
    expect(field(s.stdout, 'Data')).toBe(join(home, 'sandbox'));
    expect(existsSync(join(home, 'sandbox', 'sandbox.sqlite'))).toBe(true);
    const again = await start(['start', '--block-interval', '0.5'], { NOTARIUM_HOME: home });
    again.child.kill('SIGTERM');
    await again.exited;
    expect(field(again.stdout, 'API key')).toBe(field(s.stdout, 'API key'));
  });

  it.each([
    [['sandbox', '--port', 'eighty'], /--port must be a whole number from 0 to 65535/],
    [['sandbox', '--block-interval', '0.01'], /at least 0\.1 seconds/],
    [['sandbox', '--host', '0.0.0.0', '--port', '0'], /only listens on loopback/],
    [['sandbox', '--spelling', 'british'], /--spelling must be one of reference, guides/],
    [['sandbox', '--lifecycle', 'maybe'], /--lifecycle must be one of refuse, never-mine, allow/],
    [['sandbox', '--never-mine-rate', '2'], /--never-mine-rate must be a number from 0 to 1/],
    [['sandbox', '--disable', 'linked,verify'], /--disable must be one of linked, match, navigate, not "verify"/],
    [['sandbox', '--token-placement', 'twice'], /--token-placement must be one of either, as-issued, encoded-once/],
    [['sandbox', '--bogus'], /Unknown option "--bogus".*notarium sandbox --help/],
    [['frobnicate'], /Unknown command "frobnicate"/],
  ])('%j exits 2 with a sentence that says what to do', (args, message) => {
    const run = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: INNER_WAIT_MS });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it('--help lists the options', () => {
    const run = spawnSync(process.execPath, [BIN, 'sandbox', '--help'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    for (const option of [
      '--port',
      '--host',
      '--block-interval',
      '--data',
      '--api-key',
      '--env-id',
      '--body-limit',
      '--navigate-max',
      '--strict',
      '--lifecycle',
      '--never-mine-rate',
      '--idempotency',
      '--layout',
      '--delete-answer',
      '--error-codes',
      '--token-placement',
      '--disable',
    ]) {
      expect(run.stdout).toContain(option);
    }
  });
});
