import { join, resolve } from 'node:path';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { NotariumError } from '../../core/errors/notarium-error.ts';
import { writeFileAtomically } from '../../core/fs/atomic-write.ts';
import { lookupVerifierPage, pageSha256, VERIFIER_PAGE_MARK, VERIFIER_PAGE_NAME, verifierPage } from '../../core/receipts/verifier-page.ts';
import { PUBLISHED_VERIFIER_PAGE_SHA256 } from '../../core/receipts/published-page.ts';
import { visibleName } from '../../../preload/visible-text.ts';
import { EXIT } from '../exit-codes.ts';
import { help } from '../help.ts';
import type { CliIo } from '../io.ts';
import { parseCommand } from '../options.ts';
import { UsageError } from '../usage-error.ts';

export const VERIFIER_PAGE_HELP = `Usage: notarium verifier-page -o DIR [--block-lookup URL] [--json]

Writes DIR/verify.html, the offline verifier page as this copy of Notarium builds it: the same, byte
for byte, as the one in every proof bundle of this version, and prints its SHA-256. A receiver who
opens a copy of their own need not trust the one that came with a proof.

  --block-lookup URL   a page for your own use that may ask this block lookup whether a block is
                       on the best chain, when you press its button; its SHA-256 is not the
                       published one. URL: an http(s) URL with {blockHash}, e.g.
                       https://api.whatsonchain.com/v1/bsv/main/block/hash/{blockHash}`;

export const VERIFIER_PAGE_OPTIONS = {
  output: { type: 'string', short: 'o' },
  'block-lookup': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function verifierPageCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: v } = parseCommand('verifier-page', argv, VERIFIER_PAGE_OPTIONS);
  if (v.help) return help(io, VERIFIER_PAGE_HELP);
  if (v.output === undefined) throw new UsageError('Name the folder to write verify.html into, e.g. "notarium verifier-page -o ~/verifier".', 'verifier-page');
  const page = verifierPage();
  const lookup = v['block-lookup'];
  const html = lookup === undefined ? page.html : lookupVerifierPage(page, lookup);
  const folder = resolve(v.output);
  const path = join(folder, VERIFIER_PAGE_NAME);
  // As a bundle does: a verify.html there that Notarium did not write is the user's, and is left alone.
  if (existsSync(path) && !readFileSync(path, 'utf8').includes(VERIFIER_PAGE_MARK))
    throw new NotariumError('FILE_UNWRITABLE', `${path} is a file Notarium did not write, so it was left alone: name another folder with -o.`);
  try {
    mkdirSync(folder, { recursive: true });
    writeFileAtomically(path, html);
  } catch (err) {
    throw new NotariumError(
      'FILE_UNWRITABLE',
      `The verifier page could not be written to ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): choose another folder with -o.`,
      { cause: err },
    );
  }
  const sha256 = pageSha256(html);
  const asBuilt = lookup === undefined;
  const published = sha256 === PUBLISHED_VERIFIER_PAGE_SHA256;
  if (v.json) io.out(JSON.stringify({ path, sha256, asBuilt, published, blockLookup: lookup ?? null }, null, 2));
  else {
    io.out(`${sha256}  ${visibleName(path)}`);
    io.out(pageWords(sha256, lookup));
  }
  return EXIT.OK;
}

/** What a written page is, compared with the figure published for this version: said only as found. */
export function pageWords(sha256: string, lookup: string | undefined): string {
  if (lookup !== undefined)
    return `A page of your own that may ask ${visibleName(lookup)} about a block when you press its button: its SHA-256 is not the published one.`;
  const asBuilt = 'The page as this version of Notarium builds it: the same SHA-256 as the verify.html of every proof bundle it writes';
  return sha256 === PUBLISHED_VERIFIER_PAGE_SHA256
    ? `${asBuilt}, and as its documentation publishes.`
    : `${asBuilt}, but not the one its documentation publishes for this version (${PUBLISHED_VERIFIER_PAGE_SHA256}): this build's page is not the published one, so a receiver's check against the documentation fails.`;
}
