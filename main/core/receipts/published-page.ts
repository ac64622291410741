/**
 * The verifier page's SHA-256 as the documentation publishes it for this version (docs/evidence.md,
 * "The verifier page's SHA-256"): what `verifier-page` compares its page with, since an installed
 * app cannot read the docs. A test keeps the table and this figure equal, and equal to the page as
 * built, so a change to the page that is not published fails the suite.
 */
export const PUBLISHED_VERIFIER_PAGE_SHA256 = 'db203b7a7c99bece7f5d460867956ee9dd4e6f4e34fd9414015025b0f5577b56';
