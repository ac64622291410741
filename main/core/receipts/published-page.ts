/**
 * The verifier page's SHA-256 as the documentation publishes it for this version (docs/evidence.md,
 * "The verifier page's SHA-256"): what `verifier-page` compares its page with, since an installed
 * app cannot read the docs. A test keeps the table and this figure equal, and equal to the page as
 * built, so a change to the page that is not published fails the suite.
 */
export const PUBLISHED_VERIFIER_PAGE_SHA256 = 'd114bec5e9ff32f607052dea1d469f1bf3ce149c54de0f8fd2a76ee5ad4ed466';
