/**
 * Batch anchoring (receipt-v1.md `aggregation`), in one run:
 *  - the time to build a batch's tree (a nonce and a leaf per file, then every level) for 10,000
 *    and 100,000 files (goal: well under a second for 10,000), the median of a few runs;
 *  - the time to read every file's path from it (what the receipts of a whole batch need).
 * File digests are made up front and not timed.
 *
 *   npx tsx bench/aggregation.ts [--sizes 10000,100000] [--runs 5]
 */
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { aggregationLeaf, aggregationPathAt, aggregationTree, randomAggregationNonces } from '../main/core/protocol/aggregation.ts';
import { report } from './results.ts';

// strict: false because bench/run-all.ts passes its own arguments to every bench.
const { values } = parseArgs({ options: { sizes: { type: 'string', default: '10000,100000' }, runs: { type: 'string', default: '5' } }, strict: false });
const sizes = String(values.sizes).split(',').map(Number);
const runs = Number(values.runs);

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
