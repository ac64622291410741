/**
 * The verifier page's SHA-256 as the documentation publishes it for this version (docs/evidence.md,
 * "The verifier page's SHA-256"): what `verifier-page` compares its page with, since an installed
 * app cannot read the docs. A test keeps the table and this figure equal, and equal to the page as
 * built, so a change to the page that is not published fails the suite.
 */
export const PUBLISHED_VERIFIER_PAGE_SHA256 = '4d5240eae34b99b9ea321a660b9164b919e26815690076512915a0577003468b';
