import { NotariumError } from '../errors/notarium-error.ts';

/**
 * Linked records, verify (match) and navigate "may not be available in your configuration", and how
 * a disabled one answers is not documented (service-notes.md: Timing and life-cycle rules). The
 * least kind reading is a 404 like an unknown transaction's, so the record API tells them apart by
 * context: a 404 to creating a linked record (no transaction is named), or a 404 from match or
 * navigate about a transaction whose status the service answers.
 */

export type Feature = 'linked' | 'match' | 'navigate';

const WHAT: Record<Feature, { name: string; consequence: string }> = {
  linked: {
    name: 'linked records',
    consequence:
      'documents (chains of versions) cannot be kept on it: ask its provider to enable linked records, or keep documents on a profile whose service offers them',
  },
  match: {
    name: 'verify (match)',
    consequence: 'it cannot confirm a record online; receipts still verify offline. Ask its provider to enable verify for the online check',
  },
  navigate: {
    name: 'navigate',
    consequence: "a document's history is read from the library instead. Ask its provider to enable navigate",
  },
};

export class FeatureUnavailableError extends NotariumError {
  constructor(
    readonly feature: Feature,
    host: string,
    /** The transaction whose status the service answered (match, navigate). */
    txId?: string,
  ) {
    const { name, consequence } = WHAT[feature];
    const evidence =
      feature === 'linked'
        ? 'answered 404 to creating a linked record'
        : `knows transaction ${txId} but answered 404 to ${feature === 'match' ? 'verifying' : 'navigating from'} it`;
    super('FEATURE_UNAVAILABLE', `The service at ${host} does not offer ${name} in its configuration (it ${evidence}), so ${consequence}.`);
    this.name = 'FeatureUnavailableError';
  }
}

export function isFeatureUnavailable(err: unknown, feature?: Feature): err is FeatureUnavailableError {
  return err instanceof FeatureUnavailableError && (feature === undefined || err.feature === feature);
}
