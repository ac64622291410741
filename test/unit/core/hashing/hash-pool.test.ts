import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import { chmodSync, createReadStream, mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isNotariumError } from '../../../../main/core/errors/notarium-error.ts';
import { turnsWhile } from '../../../support/event-loop-turns.ts';
import { fileUnreadable } from '../../../../main/core/hashing/file-unreadable.ts';
import {
  HASH_CHUNK_SIZE,
  HASH_HERE_BELOW,
  HASH_WORKER_URL,
  HashPool,
  hashFile,
  type HashPoolOptions,
  type HashProgress,
} from '../../../../main/core/hashing/hash-pool.ts';

const MiB = 1 << 20;
const dir = mkdtempSync(join(tmpdir(), 'notarium-hash-'));
const HASH_POOL_MODULE = new URL('../../../../main/core/hashing/hash-pool.ts', import.meta.url).pathname;
const pools: HashPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A pool closed after each test, recording the workers it starts; every file goes to a worker unless `hashHereBelow` says. */
function poolOf(options: HashPoolOptions = {}): { pool: HashPool; workers: Worker[] } {
  const workers: Worker[] = [];
  const createWorker = (o: WorkerOptions): Worker => {
    const w = new Worker(HASH_WORKER_URL, o);
    workers.push(w);
    return w;
  };
  const p = new HashPool({ createWorker, hashHereBelow: 0, ...options });
  pools.push(p);
  return { pool: p, workers };
}

function file(name: string, size: number): string {
  const path = join(dir, name);
  writeFileSync(path, randomFillSync(Buffer.alloc(size)));
  return path;
}

const pool = poolOf;

function sparse(name: string, size: number): string {
  const path = join(dir, name);
  writeFileSync(path, 'head');
  truncateSync(path, size); // a hole: no disk space, reads as zeros
  return path;
}

const openssl = (path: string): string => execFileSync('openssl', ['dgst', '-sha256', '-r', path]).toString().split(' ')[0]!;

async function nodeDigest(path: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path)) h.update(chunk as Buffer);
  return h.digest('hex');
}

describe('HashPool digests', () => {
  let big: string;
  beforeAll(() => {
    big = sparse('sparse-200m.bin', 200 * MiB + 12_345);
  });

  it.each([
    ['empty', 0],
    ['one byte', 1],
    ['exactly one chunk', HASH_CHUNK_SIZE],
    ['one chunk and one byte', HASH_CHUNK_SIZE + 1],
    ['a few chunks less one byte', 3 * HASH_CHUNK_SIZE - 1],
  ])('%s equals openssl and node:crypto', async (_label, size) => {
    const path = file(`random-${size}.bin`, size);
    const { pool: p } = pool();
    const result = await p.hashFile(path);
    expect(result).toEqual({ sha256: openssl(path), size });
    expect(result.sha256).toBe(await nodeDigest(path));
  });

  it('~200 MiB sparse file equals openssl', async () => {
    const { pool: p } = pool();
    expect(await p.hashFile(big)).toEqual({ sha256: openssl(big), size: 200 * MiB + 12_345 });
  });

  it('chunk boundaries with the smallest chunk size', async () => {
    const { pool: p } = pool({ chunkSize: 1 });
    for (const size of [64 * 1024 - 1, 64 * 1024, 64 * 1024 + 1, 5 * 64 * 1024 + 7]) {
      const path = file(`small-chunk-${size}.bin`, size);
      expect(await p.hashFile(path)).toEqual({ sha256: openssl(path), size });
    }
  });

  it('names with spaces and non-ASCII letters, and relative paths', async () => {
    const path = file('naïve fïle ü €.bin', 1000);
    const { pool: p } = pool();
    expect((await p.hashFile(path)).sha256).toBe(openssl(path));
    expect((await p.hashFile('package.json')).sha256).toBe(openssl('package.json'));
  });

  it('the module-level hashFile uses a shared pool', async () => {
    const path = file('shared.bin', 4096);
    expect((await hashFile(path)).sha256).toBe(openssl(path));
  });
});

describe('HashPool progress', () => {
  it.each([
    ['in a worker', {}],
    ['on the calling thread', { callingThreadHashes: true }],
  ])('is throttled, monotonic and ends at total, %s', async (where, options) => {
    const path = sparse(`progress ${where}.bin`, 256 * MiB);
    const { pool: p } = pool({ progressIntervalMs: 5, ...options });
    const seen: HashProgress[] = [];
    const started = performance.now();
    await p.hashFile(path, { onProgress: (e) => seen.push(e) });
    const elapsed = performance.now() - started;
    expect(seen.length).toBeGreaterThan(1);
    // Throttled: one event per 5 ms of the time it took at most, and the final one. Not a count of
    // chunks, which a loaded machine can make each slower than the interval.
    expect(seen.length).toBeLessThanOrEqual(Math.floor(elapsed / 5) + 1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.bytes).toBeGreaterThan(seen[i - 1]!.bytes);
    expect(seen.every((e) => e.total === 256 * MiB)).toBe(true);
    expect(seen.at(-1)).toEqual({ bytes: 256 * MiB, total: 256 * MiB });
  });

  it('an empty file reports one final event', async () => {
    const { pool: p } = pool();
    const seen: HashProgress[] = [];
    await p.hashFile(file('empty-progress.bin', 0), { onProgress: (e) => seen.push(e) });
    expect(seen).toEqual([{ bytes: 0, total: 0 }]);
  });

  it('a callback that throws rejects that job only', async () => {
    const { pool: p } = pool({ size: 1 });
    const boom = new Error('callback failed');
    await expect(
      p.hashFile(file('throws.bin', 10), {
        onProgress: () => {
          throw boom;
        },
      }),
    ).rejects.toBe(boom);
    const path = file('after-throw.bin', 10);
    expect((await p.hashFile(path)).sha256).toBe(openssl(path));
  });
});

describe('HashPool cancellation', () => {
  it('rejects with CANCELLED at once mid-way, and the same worker hashes next', async () => {
    const path = sparse('cancel.bin', 2048 * MiB);
    const { pool: p, workers } = pool({ size: 1, progressIntervalMs: 1 });
    const ac = new AbortController();
    let events = 0;
    let eventsAtAbort = -1;
    let settled = false;
    let settledByNextTurn: boolean | undefined;
    const job = p.hashFile(path, {
      signal: ac.signal,
      onProgress: ({ bytes, total }) => {
        events++;
        if (eventsAtAbort < 0) {
          expect(bytes).toBeLessThan(total);
          eventsAtAbort = events;
          ac.abort();
          // Promptness without a clock: rejected before the worker has even been told.
          setImmediate(() => (settledByNextTurn = settled));
        }
      },
    });
    job.catch(() => (settled = true));
    await expect(job).rejects.toSatisfy((err) => isNotariumError(err, 'CANCELLED'));
    await new Promise((r) => setImmediate(r));
    expect(settledByNextTurn).toBe(true);
    const small = file('after-cancel.bin', 777);
    expect((await p.hashFile(small)).sha256).toBe(openssl(small));
    expect(events).toBe(eventsAtAbort);
    expect(workers).toHaveLength(1); // reused, not replaced
  });

  it('an already-aborted signal rejects without starting a worker', async () => {
    const { pool: p, workers } = pool();
    await expect(p.hashFile(file('pre-aborted.bin', 1), { signal: AbortSignal.abort() })).rejects.toSatisfy((err) => isNotariumError(err, 'CANCELLED'));
    expect(workers).toHaveLength(0);
  });

  it('a queued job can be cancelled before it starts', async () => {
    const { pool: p } = pool({ size: 1 });
    const busy = sparse('busy.bin', 128 * MiB);
    const first = p.hashFile(busy);
    const ac = new AbortController();
    let started = false;
    const queued = p.hashFile(file('queued.bin', 5), { signal: ac.signal, onProgress: () => (started = true) });
    ac.abort(new Error('user pressed stop'));
    await expect(queued).rejects.toSatisfy((err) => isNotariumError(err, 'CANCELLED') && (err.cause as Error).message === 'user pressed stop');
    expect((await first).sha256).toBe(openssl(busy));
    expect(started).toBe(false);
  });

  it('a worker that does not stop within the grace period is replaced', async () => {
    const path = sparse('grace.bin', 512 * MiB);
    // The fake worker never answers, as if stuck in a read on a dead network drive.
    const stuck = (o: WorkerOptions) => new Worker('require("node:worker_threads").parentPort.on("message", () => {})', { ...o, eval: true });
    const created: Worker[] = [];
    const p = new HashPool({
      size: 1,
      hashHereBelow: 0,
      cancelGraceMs: 50,
      createWorker: (o) => {
        const w = created.length === 0 ? stuck(o) : new Worker(HASH_WORKER_URL, o);
        created.push(w);
        return w;
      },
    });
    pools.push(p);
    const ac = new AbortController();
    const job = p.hashFile(path, { signal: ac.signal });
    setTimeout(() => ac.abort(), 20);
    await expect(job).rejects.toSatisfy((err) => isNotariumError(err, 'CANCELLED'));
    const small = file('after-grace.bin', 33);
    expect((await p.hashFile(small)).sha256).toBe(openssl(small));
    expect(created).toHaveLength(2);
  });
});

describe('HashPool queueing and workers', () => {
  it('hashes many more files than workers, all correct, with at most `size` workers', async () => {
    const { pool: p, workers } = pool({ size: 2 });
    const paths = Array.from({ length: 24 }, (_, i) => file(`many-${i}.bin`, (i * 97_531) % (3 * MiB)));
    const results = await Promise.all(paths.map((path) => p.hashFile(path)));
    results.forEach((r, i) => expect(r.sha256).toBe(openssl(paths[i]!)));
    expect(workers).toHaveLength(2);
  });

  it('starts workers lazily and sizes to the cores by default', async () => {
    const { pool: p, workers } = pool();
    expect(workers).toHaveLength(0);
    expect(p.size).toBeGreaterThanOrEqual(1);
    await p.hashFile(file('lazy.bin', 1));
    expect(workers).toHaveLength(1);
  });

  it('a worker crash rejects its job and the pool recovers', async () => {
    const path = sparse('crash.bin', 2048 * MiB);
    const { pool: p, workers } = pool({ size: 1, progressIntervalMs: 1 });
    const job = p.hashFile(path, { onProgress: () => void workers[0]!.terminate() });
    await expect(job).rejects.toSatisfy(
      (err) => isNotariumError(err, 'FILE_UNREADABLE') && err.message.includes(path) && /worker stopped unexpectedly/.test(err.message),
    );
    const small = file('after-crash.bin', 1234);
    expect((await p.hashFile(small)).sha256).toBe(openssl(small));
    expect(workers).toHaveLength(2);
  });

  it('close() rejects running and queued jobs and stops the workers', async () => {
    const { pool: p, workers } = pool({ size: 1 });
    const running = p.hashFile(sparse('close-running.bin', 1024 * MiB));
    const queued = p.hashFile(file('close-queued.bin', 1));
    const exited = new Promise((r) => workers[0]!.once('exit', r));
    const outcomes = Promise.allSettled([running, queued]);
    await p.close();
    for (const outcome of await outcomes) {
      expect(outcome.status === 'rejected' && isNotariumError(outcome.reason, 'CANCELLED')).toBe(true);
    }
    await exited;
    await expect(p.hashFile(file('after-close.bin', 1))).rejects.toThrow(/after close/);
  });

  it('the main event loop keeps running while a large file is hashed', async () => {
    const path = sparse('responsive.bin', 512 * MiB);
    const { pool: p } = pool({ size: 1 });
    await p.hashFile(file('warm.bin', 1)); // worker started: count turns during hashing only
    // Hashing on this thread in one go would leave no turn.
    expect(await turnsWhile(() => p.hashFile(path))).toBeGreaterThanOrEqual(3);
  });
});

describe('HashPool small files, on the calling thread', () => {
  const here = (options: HashPoolOptions = {}) => pool({ hashHereBelow: HASH_HERE_BELOW, ...options });

  it.each([
    ['empty', 0],
    ['one byte', 1],
    ['one chunk and one byte', HASH_CHUNK_SIZE + 1],
    ['one byte below the threshold', HASH_HERE_BELOW - 1],
  ])('%s: equals openssl, and no worker is started', async (_label, size) => {
    const path = file(`here-${size}.bin`, size);
    const { pool: p, workers } = here();
    expect(await p.hashFile(path)).toEqual({ sha256: openssl(path), size });
    expect(workers).toHaveLength(0);
  });

  it('a file at the threshold goes to a worker', async () => {
    const path = file('at-threshold.bin', HASH_HERE_BELOW);
    const { pool: p, workers } = here();
    expect(await p.hashFile(path)).toEqual({ sha256: openssl(path), size: HASH_HERE_BELOW });
    expect(workers).toHaveLength(1);
  });

  it('past `size` files at once, the others go to the workers', async () => {
    const { pool: p, workers } = here({ size: 1 });
    const paths = [1, 2, 3].map((i) => file(`here-many-${i}.bin`, i * 1000));
    const results = await Promise.all(paths.map((path) => p.hashFile(path)));
    results.forEach((r, i) => expect(r.sha256).toBe(openssl(paths[i]!)));
    expect(workers).toHaveLength(1);
  });

  it('reports one final progress event', async () => {
    const { pool: p } = here();
    const seen: HashProgress[] = [];
    await p.hashFile(file('here-progress.bin', 4321), { onProgress: (e) => seen.push(e) });
    expect(seen).toEqual([{ bytes: 4321, total: 4321 }]);
  });

  it('a signal aborted before the file is read rejects with CANCELLED, without progress', async () => {
    const { pool: p } = here();
    const ac = new AbortController();
    let started = false;
    const job = p.hashFile(file('here-cancel.bin', 10), { signal: ac.signal, onProgress: () => (started = true) });
    ac.abort(); // the file is opened asynchronously: nothing has been read yet
    await expect(job).rejects.toSatisfy((err) => isNotariumError(err, 'CANCELLED'));
    expect(started).toBe(false);
  });

  it('close() rejects a file being hashed here', async () => {
    const { pool: p } = here();
    const job = p.hashFile(file('here-close.bin', 10));
    const outcome = Promise.allSettled([job]);
    await p.close();
    const [settled] = await outcome;
    expect(settled.status === 'rejected' && isNotariumError(settled.reason, 'CANCELLED')).toBe(true);
  });
});

describe('HashPool callingThreadHashes: the calling thread is one of the hashers', () => {
  const sharing = (options: HashPoolOptions = {}) => pool({ callingThreadHashes: true, ...options });

  it.each([
    ['empty', 0],
    ['one chunk and one byte', HASH_CHUNK_SIZE + 1],
    ['at the small-file threshold', HASH_HERE_BELOW],
    ['a few chunks over it, less one byte', HASH_HERE_BELOW + 3 * HASH_CHUNK_SIZE - 1],
  ])('%s: equals openssl, and no worker is started', async (_label, size) => {
    const path = file(`sharing-${size}.bin`, size);
    const { pool: p, workers } = sharing();
    expect(await p.hashFile(path)).toEqual({ sha256: openssl(path), size });
    expect(workers).toHaveLength(0);
  });

  it('a large file: no worker either', async () => {
    const path = sparse('sharing-large.bin', 300 * MiB + 1);
    const { pool: p, workers } = sharing();
    expect(await p.hashFile(path)).toEqual({ sha256: openssl(path), size: 300 * MiB + 1 });
    expect(workers).toHaveLength(0);
  });

  it.each([1, 2, 3])('many files on a pool of %i: at most size − 1 workers beside this thread, every file right', async (size) => {
    const { pool: p, workers } = sharing({ size });
    const paths = Array.from({ length: 12 }, (_, i) => file(`sharing-many-${size}-${i}.bin`, (i * 797_531) % (9 * MiB)));
    const results = await Promise.all(paths.map((path) => p.hashFile(path)));
    results.forEach((r, i) => expect(r.sha256).toBe(openssl(paths[i]!)));
    expect(workers).toHaveLength(size - 1);
  });

  it('an unreadable file among others fails alone', async () => {
    const { pool: p } = sharing({ size: 2 });
    const paths = [file('sharing-a.bin', 5 * MiB), join(dir, 'sharing-missing.bin'), file('sharing-b.bin', 3), dir, file('sharing-c.bin', 7 * MiB)];
    const outcomes = await Promise.allSettled(paths.map((path) => p.hashFile(path)));
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value.sha256 : (o.reason as Error).message))).toEqual([
      openssl(paths[0]!),
      expect.stringMatching(/sharing-missing\.bin.*does not exist/),
      openssl(paths[2]!),
      expect.stringMatching(/is a folder/),
      openssl(paths[4]!),
    ]);
  });

  it('a file cancelled mid-way rejects with CANCELLED, and the next one hashes', async () => {
    const path = sparse('sharing-cancel.bin', 2048 * MiB);
    const { pool: p, workers } = sharing({ size: 1, progressIntervalMs: 1 });
    const ac = new AbortController();
    let events = 0;
    const job = p.hashFile(path, {
      signal: ac.signal,
      onProgress: ({ bytes, total }) => {
        events++;
        expect(bytes).toBeLessThan(total);
        ac.abort();
      },
    });
    await expect(job).rejects.toSatisfy((err) => isNotariumError(err, 'CANCELLED'));
    expect(events).toBe(1);
    const small = file('sharing-after-cancel.bin', 777);
    expect((await p.hashFile(small)).sha256).toBe(openssl(small));
    expect(workers).toHaveLength(0);
  });

  it('close() mid-way rejects the file being hashed and the queued ones', async () => {
    const { pool: p } = sharing({ size: 1, progressIntervalMs: 1 });
    let closing: Promise<void> | undefined;
    const running = p.hashFile(sparse('sharing-close.bin', 1024 * MiB), { onProgress: () => void (closing ??= p.close()) });
    const queued = p.hashFile(file('sharing-close-queued.bin', 1));
    for (const outcome of await Promise.allSettled([running, queued])) {
      expect(outcome.status === 'rejected' && isNotariumError(outcome.reason, 'CANCELLED')).toBe(true);
    }
    await closing;
  });

  it('the event loop keeps turning while a large file is hashed on it', async () => {
    const path = sparse('sharing-responsive.bin', 512 * MiB);
    const { pool: p } = sharing();
    // Its reads block this thread, but the loop turns between chunks.
    expect(await turnsWhile(() => p.hashFile(path))).toBeGreaterThanOrEqual(3);
  });
});

describe.each([
  ['in a worker', { hashHereBelow: 0 }],
  ['on the calling thread', { hashHereBelow: HASH_HERE_BELOW }],
  ['on the calling thread, one of the hashers', { callingThreadHashes: true }],
])('HashPool errors, %s', (where, placed: HashPoolOptions) => {
  const pool = (options: HashPoolOptions = {}) => poolOf({ ...placed, ...options });
  const named = (name: string): string => `${where}-${name}`;
  const unreadable = (path: string, reason: RegExp) => (err: unknown) =>
    isNotariumError(err, 'FILE_UNREADABLE') && err.message.includes(`"${path}"`) && reason.test(err.message);

  it('a missing file', async () => {
    const path = join(dir, named('does-not-exist.bin'));
    const { pool: p } = pool();
    await expect(p.hashFile(path)).rejects.toSatisfy(unreadable(path, /does not exist/));
  });

  it('a directory', async () => {
    const path = join(dir, named('a-folder'));
    mkdirSync(path);
    const { pool: p } = pool();
    await expect(p.hashFile(path)).rejects.toSatisfy(unreadable(path, /is a folder/));
  });

  it('a named pipe fails at once instead of waiting for a writer', async () => {
    const path = join(dir, named('a-pipe'));
    execFileSync('mkfifo', [path]);
    const { pool: p } = pool();
    await expect(p.hashFile(path)).rejects.toSatisfy(unreadable(path, /not a regular file/));
  });

  it('a path through a file', async () => {
    const path = join(file(named('not-a-dir.bin'), 1), 'child');
    const { pool: p } = pool();
    await expect(p.hashFile(path)).rejects.toSatisfy(unreadable(path, /not a folder/));
  });

  it('permission denied', async () => {
    const path = file(named('no-read.bin'), 10);
    chmodSync(path, 0o000);
    if (process.getuid?.() !== 0) {
      const { pool: p } = pool();
      await expect(p.hashFile(path)).rejects.toSatisfy(unreadable(path, /permission denied/));
      return;
    }
    // root reads any file: an unprivileged child (nobody) meets the permission check instead.
    chmodSync(dir, 0o711);
    const script = `import { HashPool } from ${JSON.stringify(HASH_POOL_MODULE)};
      const pool = new HashPool(${JSON.stringify({ size: 1, ...placed })});
      try { await pool.hashFile(process.argv[1]); console.log('hashed'); } catch (err) { console.log(err.code + ': ' + err.message); }
      await pool.close();`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, path], {
      uid: 65534,
      gid: 65534,
      cwd: new URL('../../../..', import.meta.url).pathname, // where tsx resolves
      env: { ...process.env, HOME: tmpdir() },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe(`FILE_UNREADABLE: ${fileUnreadable(path, 'EACCES').message}`);
  });
});

describe('HashPool errors, in a worker', () => {
  it('errors leave the worker usable', async () => {
    const { pool: p, workers } = pool({ size: 1 });
    await expect(p.hashFile(join(dir, 'missing-again'))).rejects.toThrow();
    const path = file('after-error.bin', 99);
    expect((await p.hashFile(path)).sha256).toBe(openssl(path));
    expect(workers).toHaveLength(1);
  });
});
