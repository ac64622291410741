/**
 * The Library's queries in the engine at 100,000 records against the same at 1,000, in one run and
 * one process, with no page or bridge in the way (the rows' ids and the count, as record-query.ts
 * answers them): each library is seeded straight through the store (settled records named
 * document-000000.pdf on, and one registration in 200 anchoring a batch of two files), then each
 * query made once to compile its statements and warm the library's pages, then timed as the median
 * of --runs, made in turns on the two libraries. A query served by its indexes costs about the same
 * at either size: the ratio says whether one grows with the library.
 *
 *   npx tsx bench/library-queries.ts [--records 100000] [--reference 1000] [--runs 9]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Library } from '../main/core/store/library.ts';
import { queryFiles, type FileQuery } from '../main/core/store/record-query.ts';
import { report } from './results.ts';
import { seedSettled } from '../test/support/seed-library.ts';

const { values } = parseArgs({
  options: { records: { type: 'string', default: '100000' }, reference: { type: 'string', default: '1000' }, runs: { type: 'string', default: '9' } },
  strict: false,
});
const RECORDS = Number(values.records);
const REFERENCE = Number(values.reference);
const RUNS = Number(values.runs);

/** One registration in this many anchors a batch (of two files). */
const BATCH_EVERY = 200;

/** The Library's page as the screen asks for it (library.svelte.ts: 200 rows, newest first). */
const PAGE: FileQuery = { limit: 200, offset: 0, sort: 'created', direction: 'desc' };

/** Each read: what it is, and the call. */
const READS: [string, (library: Library) => unknown][] = [
  ["the Library's first page", (l) => queryFiles(l.db, PAGE)],
  ["the sidebar's pending count", (l) => l.records.pendingCount()],
  ['a name search finding few (ment-0009)', (l) => queryFiles(l.db, { ...PAGE, search: 'ment-0009' })],
  ['a name search every file matches (document)', (l) => queryFiles(l.db, { ...PAGE, search: 'document' })],
  ['a two-letter search every file matches (do)', (l) => queryFiles(l.db, { ...PAGE, search: 'do' })],
  ['a hex search (abcd)', (l) => queryFiles(l.db, { ...PAGE, search: 'abcd' })],
  ['the Settled filter', (l) => queryFiles(l.db, { ...PAGE, states: ['settled'] })],
  ['the Settled filter, by name', (l) => queryFiles(l.db, { ...PAGE, states: ['settled'], sort: 'name', direction: 'asc' })],
  ["one batch's files", (l) => queryFiles(l.db, { ...PAGE, batch: 1 })],
  ['sorted by name', (l) => queryFiles(l.db, { ...PAGE, sort: 'name', direction: 'asc' })],
  ['every name matching, sorted by name', (l) => queryFiles(l.db, { ...PAGE, search: 'document', sort: 'name', direction: 'asc' })],
];

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A library of `count` records, seeded and opened, in a temporary home. */
function seeded(count: number): { library: Library; home: string } {
  const home = mkdtempSync(join(tmpdir(), 'notarium-bench-queries-'));
  const ms = seedSettled(home, count, count / BATCH_EVERY);
  console.error(`${count} records and ${count / BATCH_EVERY} batches of 2 files seeded in ${(ms / 1000).toFixed(1)} s`);
  return { library: Library.open(home), home };
}

const libraries = [seeded(REFERENCE), seeded(RECORDS)];
/** Each read's median time in ms, on the reference and on the large library: made in turns, so that the machine's load falls on both alike. */
const [reference, big] = [[] as number[], [] as number[]];
try {
  for (const [, read] of READS) {
    const runs = libraries.map(() => [] as number[]);
    for (const { library } of libraries) read(library);
    for (let i = 0; i < RUNS; i++)
      libraries.forEach(({ library }, which) => {
        const started = performance.now();
        read(library);
        runs[which]!.push(performance.now() - started);
      });
    reference.push(median(runs[0]!));
    big.push(median(runs[1]!));
  }
} finally {
  for (const { library, home } of libraries) {
    library.close();
    rmSync(home, { recursive: true, force: true });
  }
}

console.log(`\nThe Library's reads in the engine, ${RECORDS} records vs ${REFERENCE} (median of ${RUNS}, one process)\n`);
console.log('| read | result | reference | ratio |');
console.log('|---|---:|---:|---:|');
READS.forEach(([what], i) => console.log(`| ${what} | ${big[i]!.toFixed(1)} ms | ${reference[i]!.toFixed(1)} ms | ${(big[i]! / reference[i]!).toFixed(2)} |`));
const ratios = READS.map((_, i) => big[i]! / reference[i]!);
/** The read whose ratio is the highest among these (indices into READS). */
const worstOf = (indices: number[]): number => indices.reduce((a, b) => (ratios[b]! > ratios[a]! ? b : a));
const searches = READS.flatMap(([what], i) => (what.includes('search') || what.includes('matching') ? [i] : []));
const row = (i: number, goal: string, met: boolean | null, what: string) =>
  report({
    bench: 'library-queries',
    measure: `${what} (${READS[i]![0]}), ${RECORDS} records`,
    result: `${big[i]!.toFixed(1)} ms`,
    reference: `${reference[i]!.toFixed(1)} ms with ${REFERENCE}`,
    ratio: ratios[i]!,
    goal,
    met,
  });
const search = worstOf(searches);
row(search, '≤ 3', ratios[search]! <= 3, "the Library's search growing most");
// The exact counts (the whole list's, a state filter's) are one pass over an index: said, not a goal yet.
row(worstOf(READS.map((_, i) => i)), '-', null, "the Library's read growing most");
