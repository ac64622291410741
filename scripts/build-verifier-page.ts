import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Metafile } from 'esbuild';
import { writeFileAtomically } from '../main/core/fs/atomic-write.ts';
import { LANGUAGES } from '../preload/i18n/languages.ts';
import { translator } from '../preload/i18n/translator.ts';
import {
  VERIFIER_PAGE_DIR,
  VERIFIER_PAGE_MARK,
  VERIFIER_PAGE_NAME,
  VERIFIER_SCRIPT_NAME,
  VERIFIER_STYLE_NAME,
  verifierCsp,
} from '../main/core/receipts/verifier-page.ts';

/**
 * Builds the offline verifier page (verifier-page/, with the verifier modules of
 * verifier/) into `dist/verifier-page/`:
 * - `verify.html`: one file, its style and script inline, that a receiver opens from disk in any
 *   current browser. Its Content-Security-Policy lets nothing load and nothing leave: default-src
 *   'none' (so connect-src, img-src, font-src… none), and only this style and this script, by hash.
 *   An exported copy may name one origin more, its block lookup's (exportedVerifierPage).
 * - `verifier.js` and `verifier.css`: the same script and style alone, which the HTML certificate
 *   carries inline (main/core/app/certificate.ts).
 * The page speaks its reader's language (its script says every word); before the script runs, it
 * is in English, and a browser that runs no script is told so in the three languages.
 * The page must stay under VERIFIER_PAGE_BUDGET: the build fails past it.
 * Run by `npm ci` (prepare), `npm run build`, `npm start` when its inputs changed, and the tests' setup.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** What a receiver downloads beside the receipt: a page, not an application. */
export const VERIFIER_PAGE_BUDGET = 300 * 1024;

/** Current browsers (two years back): what a receiver may open the page in. */
const TARGETS = ['chrome111', 'edge111', 'firefox115', 'safari16.4'];

export interface VerifierPageBuild {
  page: string;
  bytes: number;
  /** The tree's files the page was built from (relative to it). */
  inputs: string[];
}

export async function buildVerifierPage(root = ROOT, outdir = join(root, VERIFIER_PAGE_DIR)): Promise<VerifierPageBuild> {
  const { build } = await import('esbuild');
  const common = { bundle: true, minify: true, write: false, metafile: true, legalComments: 'none', logLevel: 'warning', absWorkingDir: root } as const;
  const [js, css] = await Promise.all([
    build({ ...common, entryPoints: [join(root, 'verifier-page', 'main.ts')], format: 'iife', platform: 'browser', target: TARGETS, outfile: 'verifier.js' }),
    build({ ...common, entryPoints: [join(root, 'verifier-page', 'page.css')], target: TARGETS, outfile: 'verifier.css' }),
  ]);
  const script = js.outputFiles[0]!.text.trim();
  const style = css.outputFiles[0]!.text.trim();
  // Inline, these texts must not end their element early.
  if (/<\/script/i.test(script) || /<\/style/i.test(style)) throw new Error('The verifier page would close its own <script> or <style> element.');
  const noScript = LANGUAGES.map((l) => `<p lang="${l}">${escapeText(translator(l)('verifierPage.noScript'))}</p>`).join('');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${verifierCsp(style, script)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="${VERIFIER_PAGE_MARK}">
<title>${escapeText(translator('en')('verifierPage.title'))}</title>
<style>${style}</style>
</head>
<body>
<main id="notarium-verifier"><noscript>${noScript}</noscript></main>
<script>${script}</script>
</body>
</html>
`;
  const bytes = Buffer.byteLength(html);
  if (bytes > VERIFIER_PAGE_BUDGET) throw new Error(`The verifier page is ${bytes} bytes: its budget is ${VERIFIER_PAGE_BUDGET}.`);
  mkdirSync(outdir, { recursive: true });
  // Each replaced in one step: a running app or test may read them while a build runs (npm start, a second test run).
  writeFileAtomically(join(outdir, VERIFIER_SCRIPT_NAME), script);
  writeFileAtomically(join(outdir, VERIFIER_STYLE_NAME), style);
  // Written last: the page is what readers look for (verifierPage), so its parts are there before it.
  writeFileAtomically(join(outdir, VERIFIER_PAGE_NAME), html);
  return { page: join(outdir, VERIFIER_PAGE_NAME), bytes, inputs: [...inputsOf(js.metafile), ...inputsOf(css.metafile)] };
}

const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);

const inputsOf = (metafile: Metafile) => Object.keys(metafile.inputs).filter((file) => !file.includes('node_modules/'));

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { page, bytes } = await buildVerifierPage();
  console.log(`${page}: ${bytes} bytes`);
}
