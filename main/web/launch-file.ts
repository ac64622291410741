import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { matchLanguage, type Language } from '../../preload/i18n/languages.ts';
import { richTranslator, translator } from '../../preload/i18n/translator.ts';
import { systemLanguages } from './system-languages.ts';

/**
 * The page the browser is opened on: a private file that sends it on to the launch address. An
 * opener's argv is readable by every user (/proc); the file's path is all it shows. The file is
 * created exclusively, with an unpredictable name, mode 0600, in the shell's 0700 folder, so only
 * its owner can read the token in it. In the system's language (a file has no Accept-Language).
 */

export interface LaunchFile {
  path: string;
  remove(): Promise<void>;
}

export async function writeLaunchFile(dir: string, launchUrl: string, language: Language = matchLanguage(systemLanguages())): Promise<LaunchFile> {
  const path = join(dir, `launch-${randomBytes(16).toString('base64url')}.html`);
  await writeFile(path, launchPage(launchUrl, language), { flag: 'wx', mode: 0o600 });
  return { path, remove: () => rm(path, { force: true }) };
}

/** Goes on at once (replacing itself in the history), with a link should the redirect be blocked. */
function launchPage(url: string, language: Language): string {
  const href = escapeHtml(url);
  const t = translator(language);
  const opening = escapeHtml(t('launchPage.opening'));
  // The link's words are a message of their own, put in the sentence where the language puts it.
  const link = `<a href="${href}">${escapeHtml(t('launchPage.link'))}</a>`;
  const blocked = richTranslator(language)('launchPage.blocked', { link })
    .map((piece) => (piece.param ? link : escapeHtml(piece.text)))
    .join('');
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="0; url=${href}">
<meta name="color-scheme" content="light dark">
<title>${opening}</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font: 14px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; background: #f5f6f8; color: #1b1f24; }
  main { max-width: 28rem; padding: 32px; text-align: center; }
  h1 { font-size: 1.25rem; font-weight: 600; margin: 0 0 8px; }
  p { margin: 0; color: #545d68; }
  a { color: #2453c4; }
  @media (prefers-color-scheme: dark) { body { background: #15181c; color: #e6e9ed; } p { color: #a4adb8; } a { color: #86a8ff; } }
</style>
<script>location.replace(${JSON.stringify(url).replace(/</g, '\\u003c')});</script>
</head>
<body>
<main>
<h1>${opening}</h1>
<p>${blocked}</p>
</main>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
