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

export function bundleReadme(facts: {
  receipts: readonly string[];
  index?: string;
  pageSha256: string;
  writtenAt: Date;
  /** Said of a receipt of imported evidence (held-as-imported.ts): it is not this library's. */
  imported?: string | null;
}): string {
  const width = Math.max(VERIFIER_PAGE_NAME.length, ...facts.receipts.map((r) => r.length), facts.index?.length ?? 0) + 2;
  const row = (name: string, what: string) => `  ${name.padEnd(width)}${what}`;
  // The version names which published figure the page's SHA-256 is compared with.
  return `${HEADING}${packageJson.version} on ${facts.writtenAt.toISOString()}

${[
  ...facts.receipts.map((r) => row(r, 'a receipt: the proof that its file existed no later than its block')),
  ...(facts.index ? [row(facts.index, "the document's versions, in order")] : []),
  row(VERIFIER_PAGE_NAME, 'a page that checks a file against its receipt in a browser, offline'),
].join('\n')}
${facts.imported ? `\n${wrapped(facts.imported)}\n` : ''}
To check: open ${VERIFIER_PAGE_NAME} in a browser, and drop the file and its receipt on it.

${VERIFIER_PAGE_NAME} is the same, byte for byte, in every bundle written by this version of
Notarium. It cannot vouch for itself: whoever sent it could have edited it, and this README too.
Before trusting what it says, compute its SHA-256:

  sha256sum ${VERIFIER_PAGE_NAME}                  (macOS: shasum -a 256 ${VERIFIER_PAGE_NAME};
                                          Windows: certutil -hashfile ${VERIFIER_PAGE_NAME} SHA256)

The sender's Notarium wrote it as

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
