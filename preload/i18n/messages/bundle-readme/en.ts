/**
 * A proof bundle's README.txt (main/core/usecases/bundle-readme.ts), spread into each language's
 * messages. Plain text, its lines wrapped at 100 columns (a line break is part of the
 * message); `notarium verify` reads a README back with these words and calls any other edited, so a
 * change here is a change to what this version writes.
 */
export const bundleReadmeEn = {
  bundleReadme: {
    heading: 'Proof bundle written by Notarium {{version}} on {{date}}',
    receiptRow: 'a receipt: the proof that its file existed no later than its block',
    indexRow: "the document's versions, in order",
    pageRow: 'a page that checks a file against its receipt in a browser, offline',
    toCheck: 'To check: open {{page}} in a browser, and drop the file and its receipt on it.',
    sameBytes:
      '{{page}} is the same, byte for byte, in every bundle written by this version of\nNotarium. It cannot vouch for itself: whoever sent it could have edited it, and this README too.\nBefore trusting what it says, compute its SHA-256:',
    figureLead: "The sender's Notarium wrote it as",
    compare:
      'but compare it with the figure Notarium publishes for version {{version}}, which the\nsender does not control. Where it is published:\n  - Notarium\'s documentation: the page docs/evidence.md, section "The verifier page\'s SHA-256",\n    one row per version, in Notarium\'s source;\n  - your own Notarium (the same version): "notarium verify <this folder>" compares\n    {{page}} with the figure published for it and verifies every receipt here by itself,\n    and "notarium verifier-page -o DIR" writes the page, prints its SHA-256 and whether it is the\n    published one.',
    withoutCopy:
      'Or do without this copy: "notarium verifier-page -o DIR" writes the page as your own Notarium\nbuilds it, "notarium receipt verify RECEIPT FILE" checks with no page at all, and the receipt\nformat\'s documentation (docs/receipt-format.md in Notarium\'s source) says how to check a receipt by\nhand, independently of Notarium.',
    bestChain:
      'The page does not check that the block is on the best chain: look the block\'s hash up in any\nblock explorer of its network, or run "notarium receipt verify RECEIPT FILE --online".',
  },
} as const;
