import { hex } from '@scure/base';
import { isFeatureUnavailable } from '../api/feature-unavailable.ts';
import { networkOf } from '../../../verifier/protocol/networks.ts';
import type { ReceiptV1 } from '../../../verifier/receipt-v1.ts';
import type { ServiceCheck } from '../../../verifier/verify-receipt.ts';
import { said } from '../../../preload/i18n/said.ts';
import { sameServiceUrl } from '../../../preload/service-url.ts';
import type { StoredRecord } from '../store/record.ts';
import { profileFor, type NotaryContext } from './context.ts';

/** The online step of verification (receipt-v1.md, `service`): the service that made a receipt is asked about it. Used by verify and by import. */

/**
 * The profile to ask about a receipt: the one of the record this library made, or of a record
 * imported here when that profile reaches the receipt's service (an import none reached was filed
 * under the profile in use, and is asked of its own service only); else the profile whose address
 * is the receipt's service, else the built-in Sandbox profile when the receipt names the embedded
 * sandbox (its address is known only once it is reached).
 */
export async function profileToAsk(ctx: NotaryContext, receipt: MadeWith, record?: StoredRecord): Promise<string | undefined> {
  const { txId, serviceUrl } = receipt.registration;
  const held = record ?? ctx.library.records.byTxId(txId);
  if (held && (held.proofOutcome === null || (await reaches(ctx, held.profile, serviceUrl)))) return held.profile;
  const known = await profileFor(ctx, serviceUrl);
  if (known || networkOf(receipt.network)?.label !== 'sandbox') return known;
  const sandbox = (await ctx.library.profiles.list()).find((p) => p.kind === 'sandbox');
  return sandbox && (await reaches(ctx, sandbox.name, serviceUrl)) ? sandbox.name : undefined;
}

/** What a receipt says of where it was made: its registration's service and txId, and its network. */
type MadeWith = Pick<ReceiptV1, 'network'> & { registration: Pick<ReceiptV1['registration'], 'txId' | 'serviceUrl'> };

/** The service a record imported from a receipt names, and the profile that reaches it now (null: none does). */
export interface ImportedService {
  url: string;
  profile: string | null;
}

/**
 * For a record imported from a receipt, the service its receipt names and which profile reaches it
 * now (profileToAsk): not the profile it was filed under, which is the one in use when none reached
 * it. Null for the library's own registrations: their profile is their service.
 */
export async function importedService(ctx: NotaryContext, record: StoredRecord): Promise<ImportedService | null> {
  if (record.proofOutcome === null || record.serviceUrl === null || record.txId === null) return null;
  const made = { network: record.network ?? '', registration: { txId: record.txId, serviceUrl: record.serviceUrl } };
  return { url: record.serviceUrl, profile: (await profileToAsk(ctx, made, record)) ?? null };
}

/** Whether a profile's service is at `serviceUrl` (the embedded sandbox's address is known once it is reached). */
async function reaches(ctx: NotaryContext, profile: string, serviceUrl: string): Promise<boolean> {
  try {
    return sameServiceUrl((await ctx.connections.forProfile(profile)).baseUrl, serviceUrl);
  } catch {
    return false; // not reachable: no profile reaches the receipt's service, as the step says
  }
}

/**
 * Asks the service whether the record matches, when a profile for it is known. "Unknown" (404) from
 * the very service that made the receipt, about a registration the receipt says is in a block, is
 * a failure when the check was asked for (that service would know it), and leaves the file
 * partially verified when it was only tried (withServiceCheck). From another service it proves
 * nothing either way.
 */
export async function serviceCheck(ctx: NotaryContext, receipt: ReceiptV1, record?: StoredRecord): Promise<ServiceCheck> {
  const profile = await profileToAsk(ctx, receipt, record);
  const madeBy = receipt.registration.serviceUrl;
  if (!profile) {
    return {
      status: 'skipped',
      code: 'no-profile-for-service',
      detail: `No profile reaches the service this receipt was made with (${madeBy}), so it could not be asked: add a profile for it, or verify offline to rely on the other steps alone.`,
    };
  }
  try {
    const { txId, kind, prevTxId } = receipt.registration;
    const body = hex.decode(receipt.fingerprint.record);
    const { answer, baseUrl } = await ctx.connections.read(profile, async ({ api, baseUrl }) => ({
      baseUrl,
      answer:
        kind === 'record'
          ? await api.matchRecord(txId, body, receipt.fingerprint.encode)
          : await api.matchLinked(txId, body, receipt.fingerprint.encode, prevTxId ?? undefined),
    }));
    if (answer.kind === 'unknown') {
      if (!sameServiceUrl(baseUrl, madeBy)) {
        return {
          status: 'skipped',
          code: 'unknown-to-other-service',
          detail: `The service of profile "${profile}" (${baseUrl}) does not know transaction ${txId}, but it is not the service this receipt names (${madeBy}), so its answer says nothing either way.`,
        };
      }
      if (!receipt.confirmation)
        return {
          status: 'skipped',
          code: 'not-known-yet',
          detail: `The service (profile "${profile}") does not know transaction ${txId} yet: it may still be publishing it.`,
        };
      return {
        status: 'fail',
        code: 'unknown-to-maker',
        detail: `The service that made this receipt (profile "${profile}", ${madeBy}) does not know transaction ${txId}, though the receipt says it is in block ${receipt.confirmation.blockHash}: that service did not register it.`,
        expected: 'the service knows the transaction',
        found: 'unknown (404)',
      };
    }
    return answer.match
      ? {
          status: 'pass',
          detail: `The service (profile "${profile}") confirms that the record matches transaction ${txId}.`,
          said: said('steps.servicePass', { profile, txId }),
        }
      : {
          status: 'fail',
          code: 'service-mismatch',
          detail: 'The service says the record does not match the published one.',
          expected: 'match: true',
          found: 'match: false',
        };
  } catch (err) {
    // Not "unknown", and not a passing outage: this service never answers verify (feature-unavailable.ts).
    if (isFeatureUnavailable(err, 'match')) {
      return { status: 'skipped', code: 'feature-unavailable', detail: `Profile "${profile}": ${err.message}` };
    }
    const reason = (err instanceof Error ? err.message : String(err)).replace(/\.?$/, '.');
    return {
      status: 'skipped',
      code: 'service-unreachable',
      detail: `The service of profile "${profile}" could not be asked: ${reason} Ask again once it can be reached, or verify offline to rely on the other steps alone.`,
    };
  }
}
