/**
 * Writes per second against the sandbox on loopback, next to a bare node:http server that only
 * reads the body and answers a fixed txId: the ratio shows what the sandbox's work costs over HTTP
 * itself. Both servers run in their own process; the load comes from this one.
 *
 *   npx tsx bench/sandbox-writes.ts [--seconds 5] [--concurrency 16]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { report } from './results.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '16' } }, strict: false });
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);

const REFERENCE_SERVER = `
const http = require('node:http');
const body = JSON.stringify({ txId: 'ab'.repeat(32), encoding: [{ contentType: 'application/octet-stream' }] });
http.createServer((req, res) => {
  req.resume();
  req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }); res.end(body); });
}).listen(0, '127.0.0.1', function () { console.log(JSON.stringify({ baseUrl: 'http://127.0.0.1:' + this.address().port, apiKey: 'x' })); });
`;

interface Server {
  child: ChildProcess;
  baseUrl: string;
  apiKey: string;
}

function startProcess(args: string[]): Promise<Server> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (line: Buffer) => {
      const { baseUrl, apiKey } = JSON.parse(line.toString()) as { baseUrl: string; apiKey: string };
      resolve({ child, baseUrl, apiKey });
    });
    child.once('exit', (code) => reject(new Error(`server exited early with ${code}`)));
  });
}

async function load(server: Server, duration: number): Promise<number> {
  const deadline = performance.now() + duration * 1000;
  let done = 0;
  const worker = async (w: number): Promise<void> => {
    for (let i = 0; performance.now() < deadline; i++) {
      const record = createHash('sha256').update(`${w}:${i}`).digest();
      const res = await fetch(`${server.baseUrl}/api/v1/records?encode=SHA256(bench${w}x${i})`, {
        method: 'POST',
        headers: { 'x-api-key': server.apiKey, 'content-type': 'application/octet-stream' },
        body: record,
      });
      if (res.status !== 200) throw new Error(`write failed: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  return done / ((performance.now() - started) / 1000);
}

async function measure(label: string, args: string[]): Promise<number> {
  const server = await startProcess(args);
  try {
    await load(server, 1); // warm-up: JIT, connection pool, SQLite page cache
    const rate = await load(server, seconds);
    console.error(`${label}: ${rate.toFixed(0)} writes/s`);
    return rate;
  } finally {
    server.child.kill('SIGTERM');
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'notarium-bench-'));
try {
  const sandboxArgs = ['bin/notarium.js', 'sandbox', '--json', '--block-interval', '1'];
  const reference = await measure('bare node:http', ['-e', REFERENCE_SERVER]);
  const memory = await measure('sandbox (memory)', sandboxArgs);
  const disk = await measure('sandbox (--data, SQLite WAL)', [...sandboxArgs, '--data', dataDir]);
  console.log(`\nSandbox writes on loopback (${concurrency} concurrent clients, ${seconds} s, blocks every 1 s)\n`);
  console.log('| server | writes/s | ratio to bare node:http |');
  console.log('|---|---:|---:|');
  console.log(`| bare node:http (reference) | ${reference.toFixed(0)} | 1.00 |`);
  console.log(`| sandbox, in memory | ${memory.toFixed(0)} | ${(memory / reference).toFixed(2)} |`);
  console.log(`| sandbox, --data (SQLite WAL) | ${disk.toFixed(0)} | ${(disk / reference).toFixed(2)} |`);
  report({
    bench: 'sandbox-writes',
    measure: 'writes/s, sandbox in memory',
    result: memory.toFixed(0),
    reference: `${reference.toFixed(0)} bare node:http`,
    ratio: memory / reference,
    goal: '>= 300/s',
    met: memory >= 300,
  });
  report({
    bench: 'sandbox-writes',
    measure: 'writes/s, sandbox --data (SQLite WAL)',
    result: disk.toFixed(0),
    reference: `${reference.toFixed(0)} bare node:http`,
    ratio: disk / reference,
    goal: '>= 300/s',
    met: disk >= 300,
  });
  console.log(`\ngoal: >= 300 writes/s -> ${Math.min(memory, disk) >= 300 ? 'met' : 'NOT met'}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
