import packageJson from '../../../package.json' with { type: 'json' };
import { LANGUAGES, type Language } from '../../../preload/i18n/languages.ts';
import type { MessageKey } from '../../../preload/i18n/message-types.ts';
import { messageBook } from '../../../preload/i18n/message-book.ts';
import { bundleReadmeDe } from '../../../preload/i18n/messages/bundle-readme/de.ts';
import { bundleReadmeEn } from '../../../preload/i18n/messages/bundle-readme/en.ts';
import { bundleReadmeFr } from '../../../preload/i18n/messages/bundle-readme/fr.ts';
import { VERIFIER_PAGE_NAME } from '../receipts/verifier-page.ts';

/**
 * The short README.txt of a proof bundle: what is in it, and how its receiver checks the page
 * before trusting it. The page is byte-identical in every bundle of a release, so its SHA-256 is a
 * figure anyone can compare with the published one; the page itself never vouches for itself. In
 * the export's language (English, French or German: the certificate's); `notarium verify` reads it
 * back in any of them.
 */

export const BUNDLE_README_NAME = 'README.txt';

/** Its messages alone: `verify` and `receipt` read and write READMEs, and load no other message. */
const { translator, richTranslator } = messageBook({ en: bundleReadmeEn, fr: bundleReadmeFr, de: bundleReadmeDe });

/** A README's words in a language, with the page's name in them. */
function say(language: Language): (key: ReadmeKey, params?: Record<string, string>) => string {
  const t = translator(language) as (key: string, params?: object) => string;
  // A text file has no layout to keep a word whole in: its hyphens are the ASCII one (message-book.ts).
  return (key, params) => t(key, { page: VERIFIER_PAGE_NAME, ...params }).replaceAll('\u2011', '-');
}
type ReadmeKey = Extract<MessageKey, `bundleReadme.${string}`>;

/**
 * Its first line, in each language: who wrote it and when. Whatever follows the version's words is
 * taken as the time, and read strictly after: a first line edited past its version is an edited
 * README, not a file like any other.
 */
function headingIn(language: Language): RegExp {
  const pieces = richTranslator(language)('bundleReadme.heading', { version: '', date: '' });
  const pattern = pieces.map((p) => (p.param === 'version' ? '(\\d+\\.\\d+\\.\\d+\\S*)' : p.param === 'date' ? '(.*)' : escapeRegExp(p.text))).join('');
  return new RegExp(`^${pattern}`);
}
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The language a README's first line is in, and the version and time it names; null when it is no bundle's README. */
function headingOf(text: string): { language: Language; version: string; date: string } | null {
  const first = text.replace(/\r\n/g, '\n').split('\n', 1)[0] ?? '';
  for (const language of LANGUAGES) {
    const m = headingIn(language).exec(first);
    if (m) return { language, version: m[1]!, date: m[2]! };
  }
  return null;
}

/** The version of Notarium a bundle's README names (its first line, in any of its languages), or null when the text is not one. */
export function readmeVersion(text: string): string | null {
  return headingOf(text)?.version ?? null;
}

export interface ReadmeFacts {
  receipts: readonly string[];
  index?: string;
  pageSha256: string;
  writtenAt: Date;
  /** Said of a receipt of imported evidence (held-as-imported.ts): it is not this library's. */
  imported?: string | null;
  /** The language it is written in (the export's); English when not given. */
  language?: Language;
}

/**
 * What a README.txt of this version says, read back, in whichever of its languages it is written:
 * null when it is not one this version could have written (another version's, or edited past its
 * shape). Lines ending in CR LF (a copy through another system) read as LF.
 */
export function readmeFacts(text: string): ReadmeFacts | null {
  const heading = headingOf(text);
  if (!heading || heading.version !== packageJson.version) return null;
  const { language } = heading;
  const t = say(language);
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const figure = lines.indexOf(t('bundleReadme.figureLead'));
  const sha = /^ {2}([0-9a-f]{64})$/.exec(lines[figure + 2] ?? '');
  if (figure < 0 || !sha) return null;
  const writtenAt = new Date(heading.date);
  if (Number.isNaN(writtenAt.getTime()) || writtenAt.toISOString() !== heading.date) return null;
  const [receiptRow, indexRow, pageRow] = [t('bundleReadme.receiptRow'), t('bundleReadme.indexRow'), t('bundleReadme.pageRow')];
  // Each row is a name padded to the widest, then what it is (a name may hold spaces).
  const rows: { name: string; what: string }[] = [];
  let i = 2;
  for (; /^ {2}\S/.test(lines[i] ?? ''); i++) {
    const line = lines[i]!;
    const what = [receiptRow, indexRow, pageRow].find((w) => line.endsWith(w)) ?? '';
    rows.push({ name: line.slice(2, line.length - what.length).trimEnd(), what });
  }
  const check = lines.indexOf(t('bundleReadme.toCheck'));
  const between = lines.slice(i, check).join(' ').trim();
  const index = rows.find((r) => r.what === indexRow);
  return {
    receipts: rows.filter((r) => r.what === receiptRow).map((r) => r.name),
    ...(index ? { index: index.name } : {}),
    pageSha256: sha[1]!,
    writtenAt,
    imported: between || null,
    language,
  };
}

/**
 * Whether a bundle's README.txt is word for word what this version writes for what it says
 * (readmeFacts), in the language it is written in: 'edited' when any word of it differs,
 * 'other-version' when another version wrote it (or its first line was edited), whose words this
 * one cannot check.
 */
export type ReadmeReading = 'as-written' | 'edited' | 'other-version';

export function readmeAsWritten(text: string): ReadmeReading {
  if (readmeVersion(text) !== packageJson.version) return 'other-version';
  const facts = readmeFacts(text);
  return facts && bundleReadme(facts) === text.replace(/\r\n/g, '\n') ? 'as-written' : 'edited';
}

export function bundleReadme(facts: ReadmeFacts): string {
  const t = say(facts.language ?? 'en');
  const version = packageJson.version;
  const receiptRow = t('bundleReadme.receiptRow');
  const width = Math.max(VERIFIER_PAGE_NAME.length, ...facts.receipts.map((r) => r.length), facts.index?.length ?? 0) + 2;
  const row = (name: string, what: string) => `  ${name.padEnd(width)}${what}`;
  // The version names which published figure the page's SHA-256 is compared with.
  return `${t('bundleReadme.heading', { version, date: facts.writtenAt.toISOString() })}

${[...facts.receipts.map((r) => row(r, receiptRow)), ...(facts.index ? [row(facts.index, t('bundleReadme.indexRow'))] : []), row(VERIFIER_PAGE_NAME, t('bundleReadme.pageRow'))].join('\n')}
${facts.imported ? `\n${wrapped(facts.imported)}\n` : ''}
${t('bundleReadme.toCheck')}

${t('bundleReadme.sameBytes')}

  sha256sum ${VERIFIER_PAGE_NAME}                  (macOS: shasum -a 256 ${VERIFIER_PAGE_NAME};
                                          Windows: certutil -hashfile ${VERIFIER_PAGE_NAME} SHA256)

${t('bundleReadme.figureLead')}

  ${facts.pageSha256}

${t('bundleReadme.compare', { version })}

${t('bundleReadme.withoutCopy')}

${t('bundleReadme.bestChain')}
`;
}

/** A sentence wrapped at 100 columns, as the rest of the file. */
function wrapped(text: string): string {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= 100) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.join('\n');
}
