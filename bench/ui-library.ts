/**
 * The Library's first paint with 100,000 records, next to the same page with 100 records, in one
 * run: each library is seeded straight through the store in a temporary NOTARIUM_HOME, the web
 * shell started (`notarium app --no-open`) and opened in Chromium. Measured in the page:
 *  - first contentful paint of the app (loading it, on the Notarise screen),
 *  - Library: from the click to the first frame painted with rows in the list (median of --runs).
 * And the engine's side, apart from the page's: the web shell started again on the same library and
 * its calls made from Node over the bridge (as the page makes them, no page involved), each timed
 * from its message sent to its answer: the sidebar's pending count, the Library's first page (the
 * engine's first read of the library), a name search finding 100 files and one finding every file,
 * a hex search, the Settled filter and the sort by name.
 *
 *   npx tsx bench/ui-library.ts [--records 100000] [--reference 100] [--runs 5]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { buildRenderer } from '../test/support/renderer-build.ts';
import { call, CHROMIUM, launchApp, openBridge, tradeLaunch } from '../test/support/web-app.ts';
import { report } from './results.ts';
import { seedSettled } from '../test/support/seed-library.ts';

const { values } = parseArgs({
  options: { records: { type: 'string', default: '100000' }, reference: { type: 'string', default: '100' }, runs: { type: 'string', default: '5' } },
  strict: false,
});
const RECORDS = Number(values.records);
const REFERENCE = Number(values.reference);
const RUNS = Number(values.runs);
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/**
 * In the page: click Library, wait for rows, then for the frame that shows them to be painted. A
 * string, so that tsx's helpers (it names functions) do not end up in the page.
 */
const CLICK_TO_ROWS = `new Promise((resolve) => {
  const nav = document.querySelector('nav[aria-label="Screens"]');
  const button = [...nav.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Library');
  const t0 = performance.now();
  button.click();
  const poll = () => {
    if (document.querySelector('[role="listbox"] [role="option"]')) requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0)));
    else requestAnimationFrame(poll);
  };
  poll();
})`;

/** The engine's side of each read: a call's round trip on the bridge, from Node. */
interface Calls {
  pendingCount: number;
  firstPage: number;
  nameSearch: number;
  everyName: number;
  hexSearch: number;
  settled: number;
  byName: number;
}

interface Measure {
  fcp: number;
  library: number[];
  calls: Calls;
}

/** The Library's page as the screen asks for it (library.svelte.ts: 200 rows, newest first). */
const PAGE = { limit: 200, offset: 0, sort: 'created', direction: 'desc' };

/** A fresh start of the web shell on this library, its calls made and timed from Node, the first page first. */
async function engineCalls(home: string): Promise<Calls> {
  const app = await launchApp({ NOTARIUM_HOME: home, NOTARIUM_SANDBOX_BLOCK_INTERVAL: '10' });
  const ws = await openBridge(await tradeLaunch(app.link));
  let id = 0;
  const timed = async (method: string, ...args: unknown[]): Promise<number> => {
    const started = performance.now();
    const answer = await call(ws, ++id, method, args);
    if (!answer.ok) throw new Error(`${method}: ${answer.error?.message}`);
    return performance.now() - started;
  };
  try {
    const firstPage = await timed('queryRecords', PAGE);
    return {
      firstPage,
      pendingCount: await timed('pendingCount'),
      nameSearch: await timed('queryRecords', { ...PAGE, search: 'ment-0999' }),
      everyName: await timed('queryRecords', { ...PAGE, search: 'document' }),
      hexSearch: await timed('queryRecords', { ...PAGE, search: 'abcd' }),
      settled: await timed('queryRecords', { ...PAGE, states: ['settled'] }),
      byName: await timed('queryRecords', { ...PAGE, sort: 'name', direction: 'asc' }),
    };
  } finally {
    ws.close();
    app.run.child.kill('SIGTERM');
    await app.run;
  }
}

async function measure(count: number): Promise<Measure & { seedMs: number }> {
  const home = mkdtempSync(join(tmpdir(), 'notarium-bench-ui-'));
  const seedMs = seedSettled(home, count);
  const engine = await engineCalls(home);
  const app = await launchApp({ NOTARIUM_HOME: home, NOTARIUM_SANDBOX_BLOCK_INTERVAL: '10' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(app.link);
    await page.getByRole('navigation', { name: 'Screens' }).waitFor();
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
    const library: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Notarise', exact: true }).click();
      await page.waitForTimeout(200);
      // In the page: click, then wait for rows and for the frame that shows them to be painted.
      library.push(await page.evaluate<number>(CLICK_TO_ROWS));
    }
    const shown = await page.getByRole('option').count();
    console.error(
      `${count} records: seeded in ${(seedMs / 1000).toFixed(1)} s, FCP ${fcp.toFixed(0)} ms, Library ${library.map((t) => t.toFixed(0)).join(', ')} ms, ${shown} rows in the DOM`,
    );
    console.error(
      `  engine's calls (sent to answered, from Node): ${(Object.entries(engine) as [string, number][]).map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ')}`,
    );
    return { fcp, library, calls: engine, seedMs };
  } finally {
    await browser.close();
    app.run.child.kill('SIGTERM');
    await app.run;
    rmSync(home, { recursive: true, force: true });
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

buildRenderer();
const reference = await measure(REFERENCE);
const big = await measure(RECORDS);
const refLib = median(reference.library);
const bigLib = median(big.library);
console.log(`\nLibrary first paint in Chromium (web shell), ${RECORDS} records vs ${REFERENCE} (median of ${RUNS})\n`);
console.log('| measure | result | reference | ratio |');
console.log('|---|---:|---:|---:|');
console.log(`| app first contentful paint | ${big.fcp.toFixed(0)} ms | ${reference.fcp.toFixed(0)} ms | ${(big.fcp / reference.fcp).toFixed(2)} |`);
console.log(
  `| Library, first visit: click to rows painted | ${big.library[0]!.toFixed(0)} ms | ${reference.library[0]!.toFixed(0)} ms | ${(big.library[0]! / reference.library[0]!).toFixed(2)} |`,
);
console.log(`| Library: click to rows painted | ${bigLib.toFixed(0)} ms | ${refLib.toFixed(0)} ms | ${(bigLib / refLib).toFixed(2)} |`);
const CALLS: [keyof Calls, string][] = [
  ['pendingCount', "the sidebar's pending count, at load"],
  ['firstPage', "the Library's first page, the engine's first read"],
  ['nameSearch', 'a name search (ment-0999: 100 files)'],
  ['everyName', 'a name search every file matches (document)'],
  ['hexSearch', 'a hex search (abcd)'],
  ['settled', 'the Settled filter'],
  ['byName', 'sorted by name'],
];
for (const [key, what] of CALLS)
  console.log(
    `| engine: ${what} | ${big.calls[key].toFixed(0)} ms | ${reference.calls[key].toFixed(0)} ms | ${(big.calls[key] / reference.calls[key]).toFixed(2)} |`,
  );
report({
  bench: 'ui-library',
  measure: `app first contentful paint, ${RECORDS} records`,
  result: `${big.fcp.toFixed(0)} ms`,
  reference: `${reference.fcp.toFixed(0)} ms with ${REFERENCE}`,
  ratio: big.fcp / reference.fcp,
  goal: '-',
  met: null,
});
report({
  bench: 'ui-library',
  measure: `Library first visit, rows painted, ${RECORDS} records`,
  result: `${big.library[0]!.toFixed(0)} ms`,
  reference: `${reference.library[0]!.toFixed(0)} ms with ${REFERENCE}`,
  ratio: big.library[0]! / reference.library[0]!,
  goal: '≤ 300 ms',
  met: big.library[0]! <= 300,
});
const slowest = CALLS.reduce((a, b) => (big.calls[b[0]] > big.calls[a[0]] ? b : a));
report({
  bench: 'ui-library',
  measure: `Library's slowest call (${slowest[1]}), ${RECORDS} records`,
  result: `${big.calls[slowest[0]].toFixed(0)} ms`,
  reference: `${reference.calls[slowest[0]].toFixed(0)} ms with ${REFERENCE}`,
  ratio: big.calls[slowest[0]] / reference.calls[slowest[0]],
  goal: '≤ 300 ms',
  met: big.calls[slowest[0]] <= 300,
});
report({
  bench: 'ui-library',
  measure: `Library rows painted (median), ${RECORDS} records`,
  result: `${bigLib.toFixed(0)} ms`,
  reference: `${refLib.toFixed(0)} ms with ${REFERENCE}`,
  ratio: bigLib / refLib,
  goal: '-',
  met: null,
});
