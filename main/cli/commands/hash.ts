import { fileError } from '../../core/hashing/file-unreadable.ts';
import { HashPool } from '../../core/hashing/hash-pool.ts';
import { errorText } from '../format.ts';
import { errorJson } from '../json.ts';
import { EXIT } from '../exit-codes.ts';
import { help } from '../help.ts';
import type { CliIo } from '../io.ts';
import { parseCommand } from '../options.ts';
import { UsageError } from '../usage-error.ts';

export const HASH_HELP = `Usage: notarium hash <files…> [--json]

Prints "<sha256>  <path>" for each file, exactly as sha256sum does (hashing runs on all cores).`;

/** sha256sum's escaping: a name with a backslash or newline is escaped, and its line starts with "\\". */
export function sha256sumLine(sha256: string, path: string): string {
  if (!/[\\\n\r]/.test(path)) return `${sha256}  ${path}`;
  const escaped = path.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
  return `\\${sha256}  ${escaped}`;
}

export const HASH_OPTIONS = { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;

export async function hashCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommand('hash', argv, HASH_OPTIONS, true);
  if (values.help) return help(io, HASH_HELP);
  if (positionals.length === 0) throw new UsageError('Name at least one file, e.g. "notarium hash contract.pdf".');
  // This process only hashes: its own thread takes a file too, so one file starts no worker.
  const pool = new HashPool({ callingThreadHashes: true });
  let failed = 0;
  try {
    // Hash in parallel but print in the order given, as sha256sum does.
    const jobs = positionals.map((path) =>
      pool.hashFile(path).then(
        (r) => ({ path, ...r }),
        (err: unknown) => ({ path, error: fileError(path, err) }),
      ),
    );
    const results = [];
    for (const job of jobs) {
      const r = await job;
      results.push(r);
      if ('error' in r) {
        failed++;
        io.err(`notarium hash: ${errorText(r.error)}`);
      } else if (!values.json) io.out(sha256sumLine(r.sha256, r.path));
    }
    if (values.json) {
      io.out(
        JSON.stringify(results.map((r) => ('error' in r ? { path: r.path, error: errorJson(r.error) } : { path: r.path, sha256: r.sha256, size: r.size }))),
      );
    }
  } finally {
    await pool.close();
  }
  return failed > 0 ? EXIT.ERROR : EXIT.OK;
}
