/**
 * The engine against the sandbox on loopback, in one run:
 *  - client time per notarised record (1,000 files: hash, store, register), next to a bare HTTP
 *    write loop with the same concurrency (what the service round trip alone costs);
 *  - status calls per confirmed record while the poller follows them to the target depth (goal ≤ 3);
 *  - receipts verified offline per second (10,000 verifications; goal: under 2 s).
 *
 *   npx tsx bench/notary.ts [--files 1000] [--verifications 10000]
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Notary } from '../main/core/notary.ts';
import { parseReceipt } from '../verifier/receipt-v1.ts';
import { verifyReceipt } from '../verifier/verify-receipt.ts';
import { notarise } from '../main/core/usecases/notarise.ts';
import { report } from './results.ts';

const { values } = parseArgs({ options: { files: { type: 'string', default: '1000' }, verifications: { type: 'string', default: '10000' } }, strict: false });
const FILES = Number(values.files);
const VERIFICATIONS = Number(values.verifications);
const BLOCK_SECONDS = 1;

const root = mkdtempSync(join(tmpdir(), 'notarium-bench-'));
const child = spawn(process.execPath, ['bin/notarium.js', 'sandbox', '--json', '--block-interval', String(BLOCK_SECONDS)], {
  stdio: ['ignore', 'pipe', 'ignore'],
});
const { baseUrl, apiKey } = await new Promise<{ baseUrl: string; apiKey: string }>((resolve) =>
  child.stdout.once('data', (d: Buffer) => resolve(JSON.parse(d.toString()) as { baseUrl: string; apiKey: string })),
);

try {
  // Reference: the same number of writes as bare fetch calls, 8 at a time.
  const rawStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < FILES) {
        const i = next++;
        const res = await fetch(`${baseUrl}/api/v1/records?encode=SHA256(ref${i})`, {
          method: 'POST',
          headers: { 'x-api-key': apiKey },
          body: createHash('sha256').update(`ref ${i}`).digest(),
        });
        await res.arrayBuffer();
      }
    }),
  );
  const rawPerRecord = (performance.now() - rawStart) / FILES;

  const folder = join(root, 'files');
  mkdirSync(folder);
  const paths = Array.from({ length: FILES }, (_, i) => {
    const path = join(folder, `file-${i}.txt`);
    writeFileSync(path, `benchmark file ${i}\n`.repeat(64));
    return path;
  });
  let statusCalls = 0;
  const counting: typeof fetch = (input, init) => {
    if (/\/status$/.test(new URL(input instanceof Request ? input.url : input).pathname)) statusCalls++;
    return fetch(input, init);
  };
  const notary = new Notary({
    dataDir: join(root, 'home'),
    env: { NOTARIUM_BASE_URL: baseUrl, NOTARIUM_API_KEY: apiKey },
    sandboxBlockInterval: BLOCK_SECONDS,
    transport: { fetch: counting },
    pollerRatePerSecond: 200,
    pollerConcurrency: 16,
  });
  const started = performance.now();
  const outcomes = await notarise(notary.context, paths);
  const perRecord = (performance.now() - started) / FILES;
  const failed = outcomes.filter((o) => o.status === 'failed').length;

  notary.startPoller();
  const settleStart = performance.now();
  while (notary.library.records.query({ states: ['settled'], limit: 1 }).total < FILES - failed) {
    await new Promise((r) => setTimeout(r, 200));
    if (performance.now() - settleStart > 600_000) throw new Error('records did not settle in 10 minutes');
  }
  const callsPerRecord = statusCalls / (FILES - failed);
  const receipts = notary.library.records
    .query({ limit: FILES })
    .records.map((r) => r.receiptPath)
    .filter((p): p is string => Boolean(p));
  await notary.close();

  const parsed = receipts.map((p) => parseReceipt(readFileSync(p, 'utf8')));
  const verifyStart = performance.now();
  let verified = 0;
  for (let i = 0; i < VERIFICATIONS; i++) if (verifyReceipt(parsed[i % parsed.length]!).outcome !== 'failed') verified++;
  const verifySeconds = (performance.now() - verifyStart) / 1000;

  console.log(`\nNotary engine against the sandbox on loopback (${FILES} files, blocks every ${BLOCK_SECONDS} s, target 3 confirmations)\n`);
  console.log('| measure | result | reference | ratio | goal |');
  console.log('|---|---:|---:|---:|---|');
  console.log(
    `| client time per notarised record | ${perRecord.toFixed(2)} ms | ${rawPerRecord.toFixed(2)} ms (bare HTTP write) | ${(perRecord / rawPerRecord).toFixed(2)} | - |`,
  );
  console.log(`| status calls per confirmed record | ${callsPerRecord.toFixed(2)} | - | - | ≤ 3: ${callsPerRecord <= 3 ? 'met' : 'NOT met'} |`);
  console.log(
    `| ${VERIFICATIONS} receipts verified offline | ${verifySeconds.toFixed(2)} s (${Math.round(VERIFICATIONS / verifySeconds)}/s) | - | - | < 2 s: ${verifySeconds < 2 ? 'met' : 'NOT met'} |`,
  );
  report({
    bench: 'notary',
    measure: `client time per notarised record (${FILES} files)`,
    result: `${perRecord.toFixed(2)} ms`,
    reference: `${rawPerRecord.toFixed(2)} ms bare HTTP write`,
    ratio: perRecord / rawPerRecord,
    goal: '-',
    met: null,
  });
  report({
    bench: 'notary',
    measure: 'status calls per confirmed record',
    result: callsPerRecord.toFixed(2),
    reference: '-',
    ratio: null,
    goal: '≤ 3',
    met: callsPerRecord <= 3,
  });
  report({
    bench: 'notary',
    measure: `receipts verified offline (${VERIFICATIONS})`,
    result: `${Math.round(VERIFICATIONS / verifySeconds)}/s (${verifySeconds.toFixed(2)} s)`,
    reference: '-',
    ratio: null,
    goal: '< 2 s',
    met: verifySeconds < 2,
  });
  if (failed || verified !== VERIFICATIONS) console.log(`\nwarning: ${failed} registrations failed, ${VERIFICATIONS - verified} verifications failed`);
} finally {
  child.kill('SIGTERM');
  rmSync(root, { recursive: true, force: true });
}
