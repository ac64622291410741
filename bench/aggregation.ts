/**
 * Batch anchoring (receipt-v1.md `aggregation`), in one run:
 *  - the time to build a batch's tree (a nonce and a leaf per file, then every level) for 10,000
 *    and 100,000 files (goal: well under a second for 10,000), the median of a few runs;
 *  - the time to read every file's path from it (what the receipts of a whole batch need);
 *  - registrations per file: `--files` files notarised as one batch against the embedded sandbox
 *    (its own count of records), next to a tenth as many notarised one registration each.
 * File digests are made up front and not timed.
 *
 *   npx tsx bench/aggregation.ts [--sizes 10000,100000] [--runs 5] [--files 1000]
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Notary } from '../main/core/notary.ts';
import { aggregationLeaf, aggregationPathAt, aggregationTree, randomAggregationNonces } from '../verifier/protocol/aggregation.ts';
import { notarise } from '../main/core/usecases/notarise.ts';
import { notariseBatch } from '../main/core/usecases/notarise-batch.ts';
import { report } from './results.ts';

// strict: false because bench/run-all.ts passes its own arguments to every bench.
const { values } = parseArgs({
  options: { sizes: { type: 'string', default: '10000,100000' }, runs: { type: 'string', default: '5' }, files: { type: 'string', default: '1000' } },
  strict: false,
});
const sizes = String(values.sizes).split(',').map(Number);
const runs = Number(values.runs);
const FILES = Number(values.files);

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function timed<T>(fn: () => T): { ms: number; value: T } {
  const start = performance.now();
  const value = fn();
  return { ms: performance.now() - start, value };
}

for (const n of sizes) {
  const digests = Array.from({ length: n }, (_, i) => createHash('sha256').update(`file ${i}`).digest());
  const builds: number[] = [];
  const reads: number[] = [];
  for (let r = 0; r < runs; r++) {
    const built = timed(() => {
      const nonces = randomAggregationNonces(n);
      return aggregationTree(digests.map((d, i) => aggregationLeaf(d, nonces[i]!)));
    });
    builds.push(built.ms);
    reads.push(timed(() => digests.forEach((_, i) => aggregationPathAt(built.value, i))).ms);
  }
  const build = median(builds);
  const read = median(reads);
  console.log(`${n} files: tree built in ${build.toFixed(1)} ms (median of ${runs}), every path read in ${read.toFixed(1)} ms`);
  report({
    bench: 'aggregation',
    measure: `batch tree built, ${n} files`,
    result: `${build.toFixed(1)} ms`,
    reference: '-',
    ratio: null,
    goal: n <= 10_000 ? '< 1 s' : '-',
    met: n <= 10_000 ? build < 1000 : null,
  });
  report({
    bench: 'aggregation',
    measure: `every file's path read from the tree, ${n} files`,
    result: `${read.toFixed(1)} ms`,
    reference: '-',
    ratio: null,
    goal: '-',
    met: null,
  });
}

/** Registrations the embedded sandbox holds (service transactions not rejected). */
async function serviceRecords(notary: Notary): Promise<number> {
  const { baseUrl, apiKey } = await notary.sandbox.connect();
  return ((await (await fetch(`${baseUrl}/__sandbox/chain`, { headers: { 'x-api-key': apiKey } })).json()) as { records: number }).records;
}

const root = mkdtempSync(join(tmpdir(), 'notarium-bench-batch-'));
try {
  const folder = join(root, 'files');
  mkdirSync(folder);
  const write = (name: string, i: number) => {
    const path = join(folder, `${name}-${i}.txt`);
    writeFileSync(path, `${name} file ${i}\n`);
    return path;
  };
  const batched = Array.from({ length: FILES }, (_, i) => write('batched', i));
  const separate = Array.from({ length: Math.max(1, Math.round(FILES / 10)) }, (_, i) => write('separate', i));
  const noSecrets = { get: async () => null, set: async () => {}, delete: async () => false };
  const notary = new Notary({ dataDir: join(root, 'home'), secrets: noSecrets, env: {} });
  try {
    const before = await serviceRecords(notary);
    const outcomes = await notariseBatch(notary.context, batched);
    const failed = outcomes.filter((o) => o.status === 'failed').length;
    const inBatch = (await serviceRecords(notary)) - before;
    await notarise(notary.context, separate);
    const alone = (await serviceRecords(notary)) - before - inBatch;
    const perFile = inBatch / FILES;
    const perFileAlone = alone / separate.length;
    console.log(`${FILES} files as one batch: ${inBatch} registration(s) (${failed} failed); ${separate.length} files one by one: ${alone} registrations`);
    report({
      bench: 'aggregation',
      measure: `registrations per file, ${FILES} files in one batch`,
      result: perFile.toFixed(4),
      reference: `${perFileAlone.toFixed(2)} one by one (${separate.length} files)`,
      ratio: perFile / perFileAlone,
      goal: `1/${FILES}`,
      met: inBatch === 1 && failed === 0,
    });
  } finally {
    await notary.close();
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
