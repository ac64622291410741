/**
 * Runs every benchmark in bench/ one after another (each prints its own details), then one table of
 * every ratio they reported (bench/results.ts), all measured in this run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESULTS_ENV, type BenchResult } from './results.ts';

const dir = new URL('.', import.meta.url).pathname;
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run-all.ts' && f !== 'results.ts')
  .sort();
const resultsDir = mkdtempSync(join(tmpdir(), 'notarium-bench-results-'));
const resultsFile = join(resultsDir, 'results.jsonl');
const failed: string[] = [];
try {
  for (const bench of benches) {
    console.log(`\n## ${bench}\n`);
    const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(dir, bench), ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, [RESULTS_ENV]: resultsFile },
    });
    if (run.status !== 0) failed.push(bench);
  }
  const results = existsSync(resultsFile)
    ? readFileSync(resultsFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as BenchResult)
    : [];
  console.log('\n## Summary (every ratio measured in this run)\n');
  console.log('| bench | measure | result | reference | ratio | goal | met |');
  console.log('|---|---|---:|---:|---:|---|---|');
  for (const r of results) {
    const met = r.met === null ? '-' : r.met ? 'yes' : 'NO';
    console.log(`| ${r.bench} | ${r.measure} | ${r.result} | ${r.reference} | ${r.ratio === null ? '-' : r.ratio.toFixed(2)} | ${r.goal} | ${met} |`);
  }
  if (failed.length) console.log(`\nfailed: ${failed.join(', ')}`);
} finally {
  rmSync(resultsDir, { recursive: true, force: true });
}
process.exitCode = failed.length > 0 ? 1 : 0;
