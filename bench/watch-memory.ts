/**
 * What the watcher holds for a big folder (docs/design/batches-and-rounds.md, "A million files"), in one run, at two folder
 * sizes, as bytes per file (heap) and timers per file:
 *  - the rescan at start: the folder on disk (every file known to the library, unchanged) merged
 *    with the library's entries as two streams (rescan.ts), against the same comparison made the
 *    way it was before, with both listings held whole (the reference);
 *  - files waiting to be stable: N touched at once keep one timer (stability.ts), against one per
 *    file before.
 * A bound holds when the bytes per file fall as the folder grows (what is held does not grow with
 * it). The ratio reported is the streamed rescan's peak heap over the held one's, at the larger size.
 *
 *   node --expose-gc --import tsx bench/watch-memory.ts [--sizes 5000,25000]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { writeTransaction } from '../main/core/store/database.ts';
import { Library } from '../main/core/store/library.ts';
import type { WatchedFile } from '../main/core/store/watched-folders.ts';
import { mergeRescan, scanFolder, snapshotOf, type RescanCounts } from '../main/core/watch/rescan.ts';
import { Stability, type FileSnapshot } from '../main/core/watch/stability.ts';
import { report } from './results.ts';

const { values } = parseArgs({ options: { sizes: { type: 'string', default: '5000,25000' } }, strict: false });
const sizes = String(values.sizes).split(',').map(Number);
const exposed = (globalThis as { gc?: () => void }).gc;
if (!exposed) throw new Error('Run with node --expose-gc: what is measured is the heap held after a full collection.');
const gc: () => void = exposed;

/**
 * Peak live heap above the start while `run` goes: sampled every 20 ms and at its end, each sample
 * after a full collection, so what is counted is what is held, not garbage not yet collected.
 */
async function peakHeap(run: (sample: () => void) => Promise<void>): Promise<number> {
  gc();
  const start = process.memoryUsage().heapUsed;
  let peak = 0;
  const sample = () => {
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed - start);
  };
  const timer = setInterval(sample, 20);
  try {
    await run(sample);
    sample();
  } finally {
    clearInterval(timer);
  }
  return peak;
}

const perFile: Record<string, number[]> = { streamed: [], held: [] };
for (const n of sizes) {
  const root = mkdtempSync(join(tmpdir(), 'notarium-bench-watch-'));
  try {
    // n files in 100 folders, all known to the library as taken (unchanged).
    const folder = join(root, 'folder');
    const dirs = 100;
    for (let d = 0; d < dirs; d++) mkdirSync(join(folder, `d${d}`), { recursive: true });
    const library = Library.open(join(root, 'home'));
    const watched = library.watchedFolders.add(folder, 'Sandbox', { recursive: true, include: [], exclude: [], receipts: 'beside', stableMs: 0 });
    const rel = (i: number) => `d${i % dirs}/f${i}.txt`;
    for (let i = 0; i < n; i++) writeFileSync(join(folder, rel(i)), `file ${i}\n`);
    const snaps = await Promise.all(Array.from({ length: n }, (_, i) => snapshotOf(join(folder, rel(i)))));
    writeTransaction(library.db, () => {
      for (let i = 0; i < n; i++) {
        const s = snaps[i]!;
        library.watchedFolders.saveFile({
          folderId: watched.id,
          relPath: rel(i),
          size: s.size,
          mtimeMs: s.mtimeMs,
          ino: s.ino ?? null,
          ctimeMs: s.ctimeMs ?? null,
          sha256: 'aa'.repeat(32),
          recordId: null,
          memberId: null,
          documentId: null,
        });
      }
    });
    const all = () => true;

    const streamedCounts: RescanCounts = { unchanged: 0, changed: 0 };
    const streamedPeak = await peakHeap(async () => {
      for await (const _ of mergeRescan(library.watchedFolders.filesInOrder(watched.id), scanFolder(folder, all, true), all, streamedCounts)) void _;
    });
    // The reference: both listings held whole, then compared (as the rescan did before).
    let unchanged = 0;
    const heldPeak = await peakHeap(async (sample) => {
      const found = new Map<string, FileSnapshot>();
      for await (const [p, s] of scanFolder(folder, all, true)) found.set(p, s);
      const known: WatchedFile[] = library.watchedFolders.files(watched.id);
      const byPath = new Map(known.map((f) => [f.relPath, f]));
      for (const [p] of found) if (byPath.has(p)) unchanged++;
      sample(); // both listings still held here
    });
    if (unchanged !== n) throw new Error(`the reference found ${unchanged} of ${n}`);
    if (streamedCounts.unchanged !== n) throw new Error(`the rescan found ${streamedCounts.unchanged} of ${n} unchanged`);

    // Files waiting to be stable: how many timers for n touched at once.
    let armed = 0;
    let peakTimers = 0;
    const stability = new Stability<number>({
      timers: {
        now: Date.now,
        setTimeout: () => {
          armed++;
          peakTimers = Math.max(peakTimers, armed);
          return armed;
        },
        clearTimeout: (h) => void (h !== undefined && armed--),
      },
      stat: async () => null,
      onStable: () => {},
    });
    for (let i = 0; i < n; i++) stability.touch(join(folder, rel(i)), null, 3000, 1);

    perFile.streamed!.push(streamedPeak / n);
    perFile.held!.push(heldPeak / n);
    console.log(
      `${n} files: rescan streamed, peak heap ${(streamedPeak / 1e6).toFixed(1)} MB (${(streamedPeak / n).toFixed(0)} B/file); ` +
        `both listings held, ${(heldPeak / 1e6).toFixed(1)} MB (${(heldPeak / n).toFixed(0)} B/file); ${n} files settling: ${peakTimers} timer(s)`,
    );
    report({
      bench: 'watch-memory',
      measure: `rescan of ${n} unchanged files, peak heap per file`,
      result: `${(streamedPeak / n).toFixed(0)} B/file streamed`,
      reference: `${(heldPeak / n).toFixed(0)} B/file held`,
      ratio: streamedPeak / heldPeak,
      // A small folder is all fixed cost (the statements, one page, the walk): the goal is the large one's.
      goal: n === sizes.at(-1) ? 'streamed/held < 0.5' : '-',
      met: n === sizes.at(-1) ? streamedPeak / heldPeak < 0.5 : null,
    });
    report({
      bench: 'watch-memory',
      measure: `timers for ${n} files settling`,
      result: `${peakTimers}`,
      reference: `${n} (one per file)`,
      ratio: peakTimers / n,
      goal: '1 timer',
      met: peakTimers === 1,
    });
    library.close();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
// Bounded: the streamed rescan's bytes per file fall as the folder grows (what it holds does not grow with it).
const [small, large] = [perFile.streamed![0]!, perFile.streamed!.at(-1)!];
console.log(`streamed rescan, bytes per file at ${sizes.at(-1)} files over those at ${sizes[0]}: ${(large / small).toFixed(2)}`);
report({
  bench: 'watch-memory',
  measure: `rescan heap per file, ${sizes.at(-1)} files vs ${sizes[0]}`,
  result: `${large.toFixed(0)} B/file`,
  reference: `${small.toFixed(0)} B/file`,
  ratio: large / small,
  goal: `< ${((sizes[0]! / sizes.at(-1)!) * 3).toFixed(2)} (bounded)`,
  met: large / small < (sizes[0]! / sizes.at(-1)!) * 3,
});
