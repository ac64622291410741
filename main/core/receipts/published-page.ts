/**
 * The verifier page's SHA-256 as the documentation publishes it for this version (docs/evidence.md,
 * "The verifier page's SHA-256"): what `verifier-page` compares its page with, since an installed
 * app cannot read the docs. A test keeps the table and this figure equal, and equal to the page as
 * built, so a change to the page that is not published fails the suite.
 */
export const PUBLISHED_VERIFIER_PAGE_SHA256 = 'e2c5aa2f2d0bc3d14f0f8fed0e0fde259acad50d81c0a89744e5179b8148c52e';

/**
 * The figure published for each released version, this one's included (none released yet): a
 * bundle whose README names an earlier version is judged against that version's figure, and one
 * naming an earlier version that published none was edited. A release adds its row here and in
 * docs/evidence.md.
 */
export const PUBLISHED_VERIFIER_PAGES: Readonly<Record<string, string>> = { '0.1.0': PUBLISHED_VERIFIER_PAGE_SHA256 };
