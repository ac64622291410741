import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';

/**
 * A build skipped when nothing it depends on has changed since it last ran. Its stamp, kept beside
 * the outputs, holds the content hash of its inputs — the files the build itself reports reading
 * (so a new import is counted without a list kept by hand) plus its fixed inputs: configuration,
 * the build script, the lock file (which pins the tools' versions) — and the hash of the outputs
 * it wrote. The build is skipped only when both still match: an input edited, a tool upgraded, or
 * an output changed or removed by anything else (`npm run build` of other sources, a clean) runs
 * it again. Hashes, not timestamps: a checkout or a copy changes times, not contents.
 * For `npm start`'s builds of the UI and the desktop bundles, which only it judges: reading every
 * input at each start is affordable there. Not for the CLI's bundle, which the bin judges at every
 * `notarium`: its stamp (bin/cli-stamp.js) trusts an unchanged size and time and reads only the
 * files whose time changed, and `npm start` asks the bin's question (build-cli.ts,
 * buildCliIfChanged) rather than a second one that could answer otherwise.
 */

export interface CachedBuild {
  /** Names the stamp: `<stampDir>/.<name>.build.json`. */
  name: string;
  /** Where the paths below start (the repository); stamps keep paths relative to it. */
  root: string;
  /** Inputs counted whatever the build reports: configuration, the build script, the lock file. A folder counts with every file in it. */
  fixedInputs: readonly string[];
  /** What the build writes (files or folders): a skip needs them exactly as it left them. */
  outputs: readonly string[];
  /** Runs the build; resolves the files it read (absolute, or relative to `root`). */
  run(): Promise<readonly string[]>;
}

interface Stamp {
  inputs: string[];
  inputsHash: string;
  outputsHash: string;
}

/** Runs the build unless its stamp says its inputs and outputs are as it last left them. */
export async function buildIfChanged(build: CachedBuild, stampDir: string): Promise<'built' | 'unchanged'> {
  const stampPath = join(stampDir, `.${build.name}.build.json`);
  const stamp = readStamp(stampPath);
  if (
    stamp &&
    hashFiles(build.root, [...stamp.inputs, ...build.fixedInputs]) === stamp.inputsHash &&
    hashFiles(build.root, build.outputs) === stamp.outputsHash
  ) {
    return 'unchanged';
  }
  // Gone before the build starts: a build that fails or is interrupted leaves no stamp to trust.
  rmSync(stampPath, { force: true });
  const read = await build.run();
  const inputs = [...new Set(read.map((file) => (isAbsolute(file) ? relative(build.root, file) : file)))].sort();
  const fresh: Stamp = { inputs, inputsHash: hashFiles(build.root, [...inputs, ...build.fixedInputs]), outputsHash: hashFiles(build.root, build.outputs) };
  mkdirSync(dirname(stampPath), { recursive: true });
  writeFileSync(stampPath, JSON.stringify(fresh));
  return 'built';
}

function readStamp(path: string): Stamp | null {
  try {
    const stamp = JSON.parse(readFileSync(path, 'utf8')) as Partial<Stamp>;
    return Array.isArray(stamp.inputs) && typeof stamp.inputsHash === 'string' && typeof stamp.outputsHash === 'string' ? (stamp as Stamp) : null;
  } catch {
    return null;
  }
}

/** One hash of these paths' contents (folders: every file in them), each named; a missing path counts as missing. */
function hashFiles(root: string, paths: readonly string[]): string {
  const hash = createHash('sha256');
  for (const path of [...new Set(paths.flatMap((p) => filesUnder(root, p)))].sort()) {
    hash.update(`${path}\0`);
    try {
      hash.update(readFileSync(join(root, path)));
      hash.update('\0present\0');
    } catch {
      hash.update('\0missing\0');
    }
  }
  return hash.digest('hex');
}

/** The path itself when it is a file (or missing), else every file under it, relative to root with `/`. */
function filesUnder(root: string, path: string): string[] {
  let isDir: boolean;
  try {
    isDir = statSync(join(root, path)).isDirectory();
  } catch {
    return [path];
  }
  if (!isDir) return [path.split(sep).join('/')];
  return readdirSync(join(root, path), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
}
