import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NotariumError } from '../errors/notarium-error.ts';

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

/** A Content-Security-Policy source for an inline element of exactly this text. */
export const inlineHash = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

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
        'INTERNAL',
        `The offline verifier page is not built in this copy of Notarium (${VERIFIER_PAGE_DIR}/${VERIFIER_PAGE_NAME} above ${from}): run "npm run build".`,
      );
    }
    dir = up;
  }
}
