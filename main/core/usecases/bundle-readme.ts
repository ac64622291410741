import packageJson from '../../../package.json' with { type: 'json' };
import { VERIFIER_PAGE_NAME } from '../receipts/verifier-page.ts';

/**
 * The short README.txt of a proof bundle: what is in it, and how its receiver checks the page
 * before trusting it. The page is byte-identical in every bundle of a release, so its SHA-256 is a
 * figure anyone can compare with the published one; the page itself never vouches for itself.
 */

export const BUNDLE_README_NAME = 'README.txt';

/** Its first words, before the version that wrote it: how a bundle's README is told from anyone's. */
const HEADING = 'Proof bundle written by Notarium ';

/** The version of Notarium a bundle's README names (its first line), or null when the text is not one. */
export function readmeVersion(text: string): string | null {
  return new RegExp(`^${HEADING}(\\d+\\.\\d+\\.\\d+[^\\s]*) on `).exec(text)?.[1] ?? null;
}

export interface ReadmeFacts {
  receipts: readonly string[];
  index?: string;
  pageSha256: string;
  writtenAt: Date;
  /** Said of a receipt of imported evidence (held-as-imported.ts): it is not this library's. */
  imported?: string | null;
}

const RECEIPT_ROW = 'a receipt: the proof that its file existed no later than its block';
const INDEX_ROW = "the document's versions, in order";
const PAGE_ROW = 'a page that checks a file against its receipt in a browser, offline';
const FIGURE_LEAD = "The sender's Notarium wrote it as";

/**
 * What a README.txt of this version says, read back: null when it is not one this version could
 * have written (another version's, or edited past its shape). Lines ending in CR LF (a copy through
 * another system) read as LF.
 */
export function readmeFacts(text: string): ReadmeFacts | null {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const heading = new RegExp(`^${HEADING}(\\S+) on (\\S+)$`).exec(lines[0] ?? '');
  const figure = lines.indexOf(FIGURE_LEAD);
  const sha = /^ {2}([0-9a-f]{64})$/.exec(lines[figure + 2] ?? '');
  if (!heading || heading[1] !== packageJson.version || figure < 0 || !sha) return null;
  const writtenAt = new Date(heading[2]!);
  if (Number.isNaN(writtenAt.getTime()) || writtenAt.toISOString() !== heading[2]) return null;
  // Each row is a name padded to the widest, then what it is (a name may hold spaces).
  const rows: { name: string; what: string }[] = [];
  let i = 2;
  for (; /^ {2}\S/.test(lines[i] ?? ''); i++) {
    const line = lines[i]!;
    const what = [RECEIPT_ROW, INDEX_ROW, PAGE_ROW].find((w) => line.endsWith(w)) ?? '';
    rows.push({ name: line.slice(2, line.length - what.length).trimEnd(), what });
  }
  const check = lines.indexOf(`To check: open ${VERIFIER_PAGE_NAME} in a browser, and drop the file and its receipt on it.`);
  const between = lines.slice(i, check).join(' ').trim();
  const index = rows.find((r) => r.what === INDEX_ROW);
  return {
    receipts: rows.filter((r) => r.what === RECEIPT_ROW).map((r) => r.name),
    ...(index ? { index: index.name } : {}),
    pageSha256: sha[1]!,
    writtenAt,
    imported: between || null,
  };
}

/**
 * Whether a bundle's README.txt is word for word what this version writes for what it says
 * (readmeFacts): 'edited' when any word of it differs, 'other-version' when another version wrote
 * it (or its first line was edited), whose words this one cannot check.
 */
export type ReadmeReading = 'as-written' | 'edited' | 'other-version';

export function readmeAsWritten(text: string): ReadmeReading {
  if (readmeVersion(text) !== packageJson.version) return 'other-version';
  const facts = readmeFacts(text);
  return facts && bundleReadme(facts) === text.replace(/\r\n/g, '\n') ? 'as-written' : 'edited';
}

export function bundleReadme(facts: ReadmeFacts): string {
  const width = Math.max(VERIFIER_PAGE_NAME.length, ...facts.receipts.map((r) => r.length), facts.index?.length ?? 0) + 2;
  const row = (name: string, what: string) => `  ${name.padEnd(width)}${what}`;
  // The version names which published figure the page's SHA-256 is compared with.
  return `${HEADING}${packageJson.version} on ${facts.writtenAt.toISOString()}

${[...facts.receipts.map((r) => row(r, RECEIPT_ROW)), ...(facts.index ? [row(facts.index, INDEX_ROW)] : []), row(VERIFIER_PAGE_NAME, PAGE_ROW)].join('\n')}
${facts.imported ? `\n${wrapped(facts.imported)}\n` : ''}
To check: open ${VERIFIER_PAGE_NAME} in a browser, and drop the file and its receipt on it.

${VERIFIER_PAGE_NAME} is the same, byte for byte, in every bundle written by this version of
Notarium. It cannot vouch for itself: whoever sent it could have edited it, and this README too.
Before trusting what it says, compute its SHA-256:

  sha256sum ${VERIFIER_PAGE_NAME}                  (macOS: shasum -a 256 ${VERIFIER_PAGE_NAME};
                                          Windows: certutil -hashfile ${VERIFIER_PAGE_NAME} SHA256)

${FIGURE_LEAD}

  ${facts.pageSha256}

but compare it with the figure Notarium publishes for version ${packageJson.version}, which the
sender does not control. Where it is published:
  - Notarium's documentation: the page docs/evidence.md, section "The verifier page's SHA-256",
    one row per version, in Notarium's source;
  - your own Notarium (the same version): "notarium verify <this folder>" compares
    ${VERIFIER_PAGE_NAME} with the figure published for it and verifies every receipt here by itself,
    and "notarium verifier-page -o DIR" writes the page, prints its SHA-256 and whether it is the
    published one.

Or do without this copy: "notarium verifier-page -o DIR" writes the page as your own Notarium
builds it, "notarium receipt verify RECEIPT FILE" checks with no page at all, and the receipt
format's documentation (docs/receipt-format.md in Notarium's source) says how to check a receipt by
hand, independently of Notarium.

The page does not check that the block is on the best chain: look the block's hash up in any
block explorer of its network, or run "notarium receipt verify RECEIPT FILE --online".
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
