import { existsSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { LANGUAGES } from '../../../preload/i18n/languages.ts';
import { visibleName } from '../../../preload/visible-text.ts';
import { certificateOf } from '../../core/app/certificate-of.ts';
import { printPdfWithChromium } from '../../core/print/chromium-pdf.ts';
import { isTxId, resolveRegistration } from '../../core/usecases/resolve-target.ts';
import { EXIT } from '../exit-codes.ts';
import type { CliIo } from '../io.ts';
import { choiceOption } from '../options.ts';
import { withNotaryFor } from '../session.ts';

/**
 * `notarium receipt certificate`: the printable certificate the app's Library makes, as an HTML page
 * that checks itself or, with --pdf, printed by the machine's Chromium (NOTARIUM_CHROMIUM, as the web
 * shell prints it), in English, French or German (--lang). What the command prints stays English.
 */

export interface CertificateOptions {
  output?: string | undefined;
  pdf?: boolean | undefined;
  lang?: string | undefined;
  profile?: string | undefined;
  json?: boolean | undefined;
}

export async function certificateCommand(target: string, v: CertificateOptions, io: CliIo): Promise<number> {
  const language = choiceOption('lang', v.lang, LANGUAGES) ?? 'en';
  const form = v.pdf ? 'pdf' : 'html';
  return withNotaryFor(io, v.profile, async (notary) => {
    const found = await resolveRegistration(notary.context, target, v.profile);
    const { html, fileName } = await certificateOf(notary, notary.context, found, form, language);
    // Beside the file named (a txId names none: the current folder); -o a file, or a folder to put it in.
    const besides = isTxId(target) ? process.cwd() : dirname(resolve(target));
    const out = v.output === undefined ? join(besides, fileName) : isFolder(v.output) ? join(resolve(v.output), fileName) : resolve(v.output);
    await writeFile(out, form === 'pdf' ? await printPdfWithChromium(html, { env: io.env }) : html);
    if (v.json) io.out(JSON.stringify({ path: out, format: form, language }, null, 2));
    else io.out(visibleName(out));
    return EXIT.OK;
  });
}

const isFolder = (path: string): boolean => existsSync(path) && statSync(path).isDirectory();
