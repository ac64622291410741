/** Runs every benchmark in bench/ one after another; each prints its own table of ratios. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = new URL('.', import.meta.url).pathname;
const benches = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'run-all.ts').sort();
let failed = 0;
for (const bench of benches) {
  console.log(`\n## ${bench}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(dir, bench), ...process.argv.slice(2)], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exitCode = failed > 0 ? 1 : 0;
