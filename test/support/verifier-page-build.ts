import { buildVerifierPage } from '../../scripts/build-verifier-page.ts';

/** Vitest global setup of the integration tests: the offline verifier page is built once, as `npm ci` builds it. */
export default async function buildVerifierPageOnce(): Promise<void> {
  await buildVerifierPage();
}
