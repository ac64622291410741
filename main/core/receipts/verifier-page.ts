import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NotariumError } from '../errors/notarium-error.ts';
import { BLOCK_LOOKUP_META, isBlockLookup, lookupOrigin } from '../../../verifier/best-chain.ts';

/**
 * The verifier page that travels with a proof: scripts/build-verifier-page.ts bundles the page
 * (verifier-page/) with the verifier modules of verify/ into `dist/verifier-page/`: `verify.html`,
 * whole and self-contained, and its script and style alone for the HTML certificate to carry.
 */

/** Where the build writes it, below the tree's root. */
export const VERIFIER_PAGE_DIR = join('dist', 'verifier-page');
export const VERIFIER_PAGE_NAME = 'verify.html';
export const VERIFIER_SCRIPT_NAME = 'verifier.js';
export const VERIFIER_STYLE_NAME = 'verifier.css';
/** In the page's generator tag: a verify.html with it is Notarium's to replace, any other is the user's. */
export const VERIFIER_PAGE_MARK = 'Notarium offline verifier page';

export interface VerifierPage {
  /** verify.html, whole. */
  html: string;
  /** Its script and style alone, for another page (the certificate) to carry inline. */
  script: string;
  style: string;
}

/**
 * The SHA-256 of a page's bytes, hex, as `sha256sum verify.html` prints it: the page as built is
 * byte-identical in every bundle of a release, so a receiver compares this with the published one.
 */
export const pageSha256 = (html: string): string => createHash('sha256').update(html, 'utf8').digest('hex');

/** A Content-Security-Policy source for an inline element of exactly this text. */
export const inlineHash = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The policy of a page whose only style and script are these, inline: nothing else loads, and
 * nothing leaves but, when `connect` is given, a request to that one origin (the block lookup).
 */
export function verifierCsp(style: string, script: string, connect?: string): string {
  return `default-src 'none';${connect ? ` connect-src ${connect};` : ''} style-src ${inlineHash(style)}; script-src ${inlineHash(script)}; base-uri 'none'; form-action 'none'`;
}

/** An origin a policy can name: a scheme, a host name or IPv4 address, and a port (CSP has no IPv6 literals). */
const POLICY_ORIGIN = /^https?:\/\/[a-z0-9.-]+(?::\d+)?$/;

/**
 * A copy of the page for a reader's own use (`notarium verifier-page --block-lookup`): with a block
 * lookup the reader chose, it offers to ask it whether the block is on the best chain, and its
 * policy lets it connect to that origin only. Never in a bundle: a bundle carries the page as built,
 * byte-identical in every bundle of a release, so its receiver can check it by its SHA-256. Throws
 * INVALID_ARGUMENT for a lookup that is not one, or whose origin no policy can name.
 */
export function lookupVerifierPage(page: VerifierPage, lookup: string): string {
  if (!isBlockLookup(lookup)) throw new NotariumError('INVALID_ARGUMENT', `${lookup} is not a block lookup: it must be an http(s) URL with {blockHash} in it.`);
  const origin = lookupOrigin(lookup);
  if (!POLICY_ORIGIN.test(origin))
    throw new NotariumError(
      'INVALID_ARGUMENT',
      `The block lookup's origin ${origin} cannot be named in the page's policy: use a host name or an IPv4 address.`,
    );
  const built = `content="${verifierCsp(page.style, page.script)}"`;
  if (!page.html.includes(built)) {
    throw new NotariumError(
      'NOT_BUILT',
      `The offline verifier page in ${VERIFIER_PAGE_DIR} does not match its own script and style (a build cut short, or files changed since): run "npm run build".`,
    );
  }
  const meta = `<meta name="${BLOCK_LOOKUP_META}" content="${escapeAttribute(lookup)}">\n`;
  // Replaced by functions: a `$` in the lookup is text, never a replacement pattern.
  return page.html
    .replace(built, () => `content="${verifierCsp(page.style, page.script, origin)}"`)
    .replace('<meta name="generator"', () => `${meta}<meta name="generator"`);
}

const escapeAttribute = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page as built for this copy of Notarium: in the `dist/` of the tree this module runs from,
 * whichever folder a bundle put it in (main/core/receipts/ in the sources, dist/cli/chunks/ in the
 * CLI, dist/main/electron/chunks/ in the app, inside app.asar once packaged).
 */
export function verifierPage(from = dirname(fileURLToPath(import.meta.url))): VerifierPage {
  let dir = from;
  for (;;) {
    const built = join(dir, VERIFIER_PAGE_DIR);
    if (existsSync(join(built, VERIFIER_PAGE_NAME))) {
      const read = (name: string) => readFileSync(join(built, name), 'utf8');
      return { html: read(VERIFIER_PAGE_NAME), script: read(VERIFIER_SCRIPT_NAME), style: read(VERIFIER_STYLE_NAME) };
    }
    const up = dirname(dir);
    if (up === dir) {
      throw new NotariumError(
        'NOT_BUILT',
        `The offline verifier page is not built in this copy of Notarium (no ${VERIFIER_PAGE_DIR}/${VERIFIER_PAGE_NAME} in ${from} or a folder above it): in its folder, run "npm run build", then try again.`,
      );
    }
    dir = up;
  }
}
