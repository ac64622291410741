import { appendFileSync } from 'node:fs';

/**
 * Machine-readable results: each bench reports its ratios here, and bench/run-all.ts (which names
 * the file in NOTARIUM_BENCH_RESULTS) prints them all in one table at the end. Run alone, a bench
 * prints its line as `BENCH_RESULT {json}` on stdout instead.
 */

export interface BenchResult {
  bench: string;
  measure: string;
  result: string;
  reference: string;
  /** result vs reference, as the measure defines it (the table says which way is better). */
  ratio: number | null;
  goal: string;
  met: boolean | null;
}

export const RESULTS_ENV = 'NOTARIUM_BENCH_RESULTS';

export function report(result: BenchResult): void {
  const line = JSON.stringify(result);
  const file = process.env[RESULTS_ENV];
  if (file) appendFileSync(file, line + '\n');
  else console.log(`BENCH_RESULT ${line}`);
}
