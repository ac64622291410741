/**
 * The `notarium` command as a user runs it (bin/notarium.js, on the bundle `npm ci` builds), end
 * to end as processes, against references measured in the same run:
 *   - `notarium --help` against `node -e 0` (goal ≤ 2×),
 *   - `notarium verify <file> --receipt <receipt> --offline` against `node -e 0` (goal ≤ 3×),
 *   - `notarium hash` of a 512 MiB file against `openssl dgst -sha256` (speed ≥ 0.85×).
 * Each start is the median of --runs runs. The hashes run in --hash-rounds rounds of one openssl
 * and one notarium (which goes first alternates): the ratio is the median of the rounds' ratios,
 * their range beside it, so that a busy moment of the machine falls on both alike. On Linux, the starts' CPU time
 * (user + system, the mean of --runs runs) is reported beside: a shared machine's load moves it less
 * than wall time. The timed commands run on --node (default: the Node running the bench), so another
 * Node's starts can be measured while the setup, which notarises through SQLite, runs on the Node
 * its node_modules were built for.
 *
 *   npx tsx bench/cli.ts [--runs 15] [--hash-mib 512] [--hash-rounds 9] [--node /path/to/node]
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildCli } from '../scripts/build-cli.ts';
import { report } from './results.ts';

const { values } = parseArgs({
  strict: false,
  options: {
    runs: { type: 'string', default: '15' },
    'hash-mib': { type: 'string', default: '512' },
    'hash-rounds': { type: 'string', default: '9' },
    node: { type: 'string', default: process.execPath },
  },
});
const RUNS = Number(values.runs);
const HASH_MIB = Number(values['hash-mib']);
const HASH_ROUNDS = Number(values['hash-rounds']);
const NODE = String(values.node);
const BIN = resolve(import.meta.dirname, '..', 'bin', 'notarium.js');
const root = mkdtempSync(join(tmpdir(), 'notarium-bench-cli-'));
const env = { ...process.env, NOTARIUM_HOME: join(root, 'home') };

/** Seconds one run of the command takes, as a process; it must succeed. */
function seconds(command: string, args: string[], runEnv: NodeJS.ProcessEnv = env): number {
  const start = performance.now();
  const r = spawnSync(command, args, { env: runEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  const elapsed = (performance.now() - start) / 1000;
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${r.status}: ${r.stderr.toString()}`);
  return elapsed;
}

const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** CPU seconds (user + system) of this process's ended children, from /proc/self/stat; null where there is none. */
function childrenCpu(): number | null {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[13]) + Number(fields[14])) / TICKS; // cutime, cstime
  } catch {
    return null;
  }
}

/** Mean CPU seconds of a run of each command, run one after another so that the clock's tick (10 ms) is spread over them; null off Linux. */
function meanCpu(commands: [string, string[]][], runs: number): (number | null)[] {
  return commands.map(([c, a]) => {
    const before = childrenCpu();
    for (let i = 0; i < runs; i++) seconds(c, a);
    const after = childrenCpu();
    return before === null || after === null ? null : (after - before) / runs;
  });
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Medians of commands measured in turns, so a busy moment of the machine falls on every one alike. */
function medians(commands: [string, string[]][], runs: number): number[] {
  const times = commands.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) commands.forEach(([c, a], k) => times[k]!.push(seconds(c, a)));
  return times.map(median);
}

/** Rounds of a command and its reference back to back, each first in turn: both times, and reference/command per round. */
function rounds(command: [string, string[]], reference: [string, string[]], count: number): { ours: number[]; ref: number[]; ratios: number[] } {
  const out = { ours: [] as number[], ref: [] as number[], ratios: [] as number[] };
  for (let i = 0; i < count; i++) {
    const before = i % 2 === 0 ? seconds(...reference) : undefined; // each goes first in turn
    const o = seconds(...command);
    const r = before ?? seconds(...reference);
    out.ours.push(o);
    out.ref.push(r);
    out.ratios.push(r / o);
  }
  return out;
}

const ms = (s: number): string => `${(s * 1000).toFixed(0)} ms`;

try {
  await buildCli();
  // A file and its receipt: notarised on a standalone sandbox, which is stopped before timing.
  const sandbox = spawn(process.execPath, [BIN, 'sandbox', '--json', '--block-interval', '1'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  const { baseUrl, apiKey } = await new Promise<{ baseUrl: string; apiKey: string }>((done) =>
    sandbox.stdout.once('data', (d: Buffer) => done(JSON.parse(d.toString()) as { baseUrl: string; apiKey: string })),
  );
  const file = join(root, 'contract.txt');
  writeFileSync(file, 'signed by both parties\n');
  try {
    seconds(process.execPath, [BIN, 'notarise', file, '--wait', '--confirmations', '1'], { ...env, NOTARIUM_BASE_URL: baseUrl, NOTARIUM_API_KEY: apiKey });
  } finally {
    sandbox.kill('SIGTERM');
  }
  const receipt = `${file}.receipt.json`;

  const big = join(root, 'big.bin');
  const fd = openSync(big, 'w');
  const block = Buffer.alloc(16 << 20);
  for (let i = 0; i < HASH_MIB / 16; i++) writeSync(fd, randomFillSync(block));
  closeSync(fd);

  const starts: [string, string[]][] = [
    [NODE, ['-e', '0']],
    [NODE, [BIN, '--help']],
    [NODE, [BIN, 'verify', file, '--receipt', receipt, '--offline']],
  ];
  const [node, help, verify] = medians(starts, RUNS);
  const [nodeCpu, helpCpu, verifyCpu] = meanCpu(starts, RUNS);
  const opensslRun: [string, string[]] = ['openssl', ['dgst', '-sha256', big]];
  const hashRun: [string, string[]] = [NODE, [BIN, 'hash', big]];
  seconds(...opensslRun); // both read from the page cache
  seconds(...hashRun);
  const hashes = rounds(hashRun, opensslRun, HASH_ROUNDS);
  const [hash, openssl, hashRatio] = [median(hashes.ours), median(hashes.ref), median(hashes.ratios)];
  const range = `${Math.min(...hashes.ratios).toFixed(2)}–${Math.max(...hashes.ratios).toFixed(2)}`;

  const rows = [
    {
      measure: '`notarium --help`',
      result: ms(help!),
      reference: `${ms(node!)} node -e 0`,
      ratio: help! / node!,
      goal: '≤ 2× node -e 0',
      met: help! / node! <= 2,
    },
    {
      measure: '`notarium verify` one file, its receipt, --offline',
      result: ms(verify!),
      reference: `${ms(node!)} node -e 0`,
      ratio: verify! / node!,
      goal: '≤ 3× node -e 0',
      met: verify! / node! <= 3,
    },
    ...(nodeCpu == null || helpCpu == null || verifyCpu == null
      ? []
      : [
          {
            measure: '`notarium --help`, CPU time',
            result: ms(helpCpu),
            reference: `${ms(nodeCpu)} node -e 0`,
            ratio: helpCpu / nodeCpu,
            goal: '-',
            met: null,
          },
          {
            measure: '`notarium verify` one file, its receipt, --offline, CPU time',
            result: ms(verifyCpu),
            reference: `${ms(nodeCpu)} node -e 0`,
            ratio: verifyCpu / nodeCpu,
            goal: '-',
            met: null,
          },
        ]),
    {
      measure: `\`notarium hash\` ${HASH_MIB} MiB, as a process (${HASH_ROUNDS} rounds, ratio ${range})`,
      result: `${hash.toFixed(3)} s (${Math.round(HASH_MIB / hash)} MiB/s)`,
      reference: `${openssl.toFixed(3)} s openssl dgst -sha256`,
      ratio: hashRatio,
      goal: 'openssl/ours ≥ 0.85',
      met: hashRatio >= 0.85,
    },
  ];
  const version = spawnSync(NODE, ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(
    `\nThe notarium command on Node ${version}, end to end (median of ${RUNS} starts, CPU time their mean; hashes: median of ${HASH_ROUNDS} rounds' ratios)\n`,
  );
  console.log('| measure | result | reference | ratio | goal |');
  console.log('|---|---:|---:|---:|---|');
  for (const r of rows)
    console.log(
      `| ${r.measure} | ${r.result} | ${r.reference} | ${r.ratio.toFixed(2)} | ${r.met === null ? '-' : `${r.goal}: ${r.met ? 'met' : 'NOT met'}`} |`,
    );
  for (const r of rows) report({ bench: 'cli', ...r });
} finally {
  rmSync(root, { recursive: true, force: true });
}
