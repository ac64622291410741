/**
 * Verify in the app against the CLI, on the same files, in one run: --files files are notarised
 * together beside the running web shell (`notarium notarise <folder> --wait`, which writes each
 * file's receipt beside it), then verified online
 *  - by `notarium verify <folder>` (the receipts beside the files), timed as a process, and
 *  - in the web shell in Chromium: the files and their receipts dropped on Verify, timed in the page
 *    from the drop to the frame that shows every result (none still checking).
 * The ratio is the app's time over the command's (goal ≤ 2). While the results come, the page's
 * longest task (the longest it could not answer a click) is measured too.
 *
 * With --profile, the page's CPU profile while the results come: its busiest functions (self time),
 * and the web shell's process's over the same time (its inspector, opened on a free port).
 *
 *   npx tsx bench/verify-app.ts [--files 1000] [--profile]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { WebSocket } from 'ws';
import { buildCliIfChanged } from '../scripts/build-cli.ts';
import { buildRenderer } from '../test/support/renderer-build.ts';
import { CHROMIUM, launchApp } from '../test/support/web-app.ts';
import { VERIFY_STATUSES } from '../preload/verify-statuses.ts';
import { report } from './results.ts';

const { values } = parseArgs({ options: { files: { type: 'string', default: '1000' }, profile: { type: 'boolean', default: false } }, strict: false });
const FILES = Number(values.files);
const PROFILE = values.profile === true;
const BIN = resolve(import.meta.dirname, '..', 'bin', 'notarium.js');
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const BLOCK_INTERVAL = '0.5';

/** Runs the command to its end; it must succeed. Seconds it took, and what it printed. */
function cli(args: string[], env: NodeJS.ProcessEnv): { seconds: number; out: string } {
  const started = performance.now();
  const r = spawnSync(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`notarium ${args.join(' ')} exited ${r.status}: ${r.stderr.toString().slice(-2000)}`);
  return { seconds: (performance.now() - started) / 1000, out: r.stdout.toString() };
}

/**
 * In the page: drop the files on Verify's input, then wait for the frame that shows all `n` results
 * with nothing still checking; the longest task seen meanwhile beside it. A string, so that tsx's
 * helpers do not end up in the page.
 */
const UNTIL_ALL_SHOWN = (n: number) => `new Promise((resolve) => {
  let longest = 0;
  let longestAt = 0;
  const t0 = window.__dropAt;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.duration > longest) [longest, longestAt] = [e.duration, e.startTime - t0];
  }).observe({ type: 'longtask' });
  let first = null;
  const poll = () => {
    const summary = document.querySelector('.summary')?.textContent ?? '';
    if (first === null && document.querySelector('section.run tbody tr')) first = performance.now() - t0;
    // Counts as the page writes them, in its language's digits' groups ("1,000").
    const number = (text) => Number(text.replace(/[^0-9]/g, ''));
    const counted = [...summary.matchAll(/(\\d[\\d,]*) [a-z ]+/g)].reduce((a, m) => a + number(m[1]), 0);
    const counts = [...document.querySelectorAll('.summary .count')].map((c) => number(c.textContent));
    if (counted === ${n} && !summary.includes('checking')) requestAnimationFrame(() => setTimeout(() => resolve({ ms: performance.now() - t0, longest, longestAt, first, counts })));
    else setTimeout(poll, 50);
  };
  poll();
})`;

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** The web shell's process's profiler, through the inspector whose address it printed on stderr. */
async function engineProfiler(stderr: () => string): Promise<{ start(): Promise<unknown>; stop(): Promise<CpuProfile> }> {
  const url = /ws:\/\/127\.0\.0\.1:\d+\/[\w-]+/.exec(stderr())?.[0];
  if (!url) throw new Error(`The web shell printed no inspector address: ${stderr()}`);
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let id = 0;
  const send = (method: string): Promise<Record<string, unknown>> =>
    new Promise((resolve) => {
      const mine = ++id;
      const answer = (data: Buffer): void => {
        const m = JSON.parse(data.toString()) as { id?: number; result?: Record<string, unknown> };
        if (m.id !== mine) return;
        ws.off('message', answer);
        resolve(m.result ?? {});
      };
      ws.on('message', answer);
      ws.send(JSON.stringify({ id: mine, method }));
    });
  return {
    start: () => send('Profiler.enable').then(() => send('Profiler.start')),
    stop: async () => {
      const { profile } = (await send('Profiler.stop')) as { profile: CpuProfile };
      ws.close();
      return profile;
    },
  };
}

/** The profile's functions by self time, the busiest first. */
function busiest(whose: string, profile: CpuProfile, file: string): void {
  const saved = join(tmpdir(), `notarium-bench-verify-${file}.cpuprofile`);
  writeFileSync(saved, JSON.stringify(profile));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`;
    byName.set(name, (byName.get(name) ?? 0) + (self.get(node.id) ?? 0));
  }
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 20);
  console.error(
    `${whose} busiest functions (self time; the whole profile in ${saved}):\n${top.map(([n, us]) => `  ${(us / 1000).toFixed(0).padStart(7)} ms  ${n}`).join('\n')}`,
  );
}

await buildCliIfChanged();
buildRenderer();
const root = mkdtempSync(join(tmpdir(), 'notarium-bench-verify-'));
const home = join(root, 'home');
const folder = join(root, 'files');
mkdirSync(folder);
for (let i = 0; i < FILES; i++) writeFileSync(join(folder, `file-${String(i).padStart(5, '0')}.txt`), `content of file ${i}\n`);
const env = { ...process.env, NOTARIUM_HOME: home, NOTARIUM_SANDBOX_BLOCK_INTERVAL: BLOCK_INTERVAL, NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };

const app = await launchApp({
  NOTARIUM_HOME: home,
  NOTARIUM_SANDBOX_BLOCK_INTERVAL: BLOCK_INTERVAL,
  ...(PROFILE ? { NODE_OPTIONS: '--inspect=127.0.0.1:0' } : {}),
});
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const setUp = cli(['notarise', folder, '--wait', '--confirmations', '1'], env).seconds;
  // The files and their receipts only: the app, which follows the same library, may be writing a
  // receipt beside its file at this moment (a temporary file, renamed over it).
  const paths = readdirSync(folder)
    .filter((f) => /^file-\d+\.txt(\.receipt\.json)?$/.test(f))
    .map((f) => join(folder, f));
  if (paths.length !== 2 * FILES) throw new Error(`Expected ${FILES} files and their receipts, found ${paths.length}.`);
  console.error(`${FILES} files notarised with their receipts in ${setUp.toFixed(1)} s`);

  const verified = cli(['verify', folder, '--json'], env);
  const command = verified.seconds;
  const byCommand = VERIFY_STATUSES.map((status) => (JSON.parse(verified.out) as { status: string }[]).filter((r) => r.status === status).length);
  console.error(`notarium verify ${FILES} files: ${command.toFixed(1)} s (${VERIFY_STATUSES.map((s, i) => `${byCommand[i]} ${s}`).join(', ')})`);

  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(app.link);
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Verify', exact: true }).click();
  const input = page.locator('input[type=file]').first();
  await input.waitFor({ state: 'attached' });
  // The drop's moment, then the files: the page's clock starts before the upload, as a person's drop.
  await page.evaluate(() => ((window as unknown as { __dropAt: number }).__dropAt = performance.now()));
  const cdp = PROFILE ? await page.context().newCDPSession(page) : null;
  if (cdp) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
  const engine = PROFILE ? await engineProfiler(app.stderr) : null;
  await engine?.start();
  const done = page.evaluate<{ ms: number; longest: number; longestAt: number; first: number; counts: number[] }>(UNTIL_ALL_SHOWN(FILES));
  await input.setInputFiles(paths);
  const inApp = await done;
  if (cdp) busiest("the page's", ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile, 'page');
  if (engine) busiest("the web shell's process's", await engine.stop(), 'engine');
  // The same checks with the same outcomes, or the times compare different work (a step skipped as unreachable, say).
  if (inApp.counts.join() !== byCommand.join())
    throw new Error(
      `The app's results (${inApp.counts.join(', ')}) are not the command's (${byCommand.join(', ')}), by status: ${VERIFY_STATUSES.join(', ')}.`,
    );
  const appSeconds = inApp.ms / 1000;
  const ratio = appSeconds / command;
  console.error(
    `web shell: ${appSeconds.toFixed(1)} s (the first result after ${(inApp.first / 1000).toFixed(1)} s: the uploads), longest task ${inApp.longest.toFixed(0)} ms (${(inApp.longestAt / 1000).toFixed(1)} s after the drop)`,
  );

  console.log(`\nVerify ${FILES} files with their receipts, online: the web shell against \`notarium verify\`\n`);
  console.log('| measure | result | reference | ratio | goal |');
  console.log('|---|---:|---:|---:|---|');
  console.log(`| verify in the web shell | ${appSeconds.toFixed(1)} s | ${command.toFixed(1)} s (CLI) | ${ratio.toFixed(2)} | ≤ 2 |`);
  console.log(`| the page's longest task meanwhile | ${inApp.longest.toFixed(0)} ms | - | - | - |`);
  report({
    bench: 'verify-app',
    measure: `Verify ${FILES} files with receipts in the web shell (online)`,
    result: `${appSeconds.toFixed(1)} s`,
    reference: `${command.toFixed(1)} s notarium verify`,
    ratio,
    goal: '≤ 2',
    met: ratio <= 2,
  });
} finally {
  await browser.close();
  app.run.child.kill('SIGTERM');
  await app.run;
  rmSync(root, { recursive: true, force: true });
}
