import { NotariumError } from '../errors/notarium-error.ts';
import type { Connection } from '../connections.ts';
import { sameServiceUrl } from '../store/profiles.ts';
import type { StoredRecord } from '../store/record.ts';
import type { NotaryContext } from './context.ts';
import { visibleName } from '../../../preload/visible-text.ts';

/**
 * A registration is sent only to the service it was made for: one made while
 * NOTARIUM_BASE_URL pointed its profile elsewhere, and not sent then (the service unreachable), is
 * never sent to the profile's own service later (the app's "Send now", the next run, the poller's
 * catching up), and one made for the profile's own service never goes to an override. Refused, not
 * redirected: its own service's key was given only in that run's NOTARIUM_API_KEY (a stored key is
 * never sent to NOTARIUM_BASE_URL, api-key.ts), so only a run that points the profile there again
 * can send it. The built-in Sandbox profile's own service is the embedded sandbox, whatever port it
 * has today; a service profile's is its URL, so a profile given a new URL does not take along what
 * was made for the old one.
 */

/** Whether the connection reaches the service `record` was made for. */
export function reachesItsService(record: StoredRecord, connection: Connection): boolean {
  if (record.serviceUrl === null) return true; // made before Notarium kept it: its profile's
  if (connection.profile.kind === 'sandbox' && !record.serviceOverride) return !connection.overridden;
  return sameServiceUrl(record.serviceUrl, connection.baseUrl);
}

/** SERVICE_CHANGED, kept on the record as why it was not sent, when the connection goes elsewhere than its service. */
export function refuseOtherService(ctx: NotaryContext, record: StoredRecord, connection: Connection): void {
  if (reachesItsService(record, connection)) return;
  const embedded = connection.profile.kind === 'sandbox' && !record.serviceOverride;
  const madeFor = embedded
    ? 'the embedded sandbox'
    : `the service at ${record.serviceUrl}${record.serviceOverride ? ' (NOTARIUM_BASE_URL, when it was notarised)' : ''}`;
  const now = `${connection.baseUrl}${connection.overridden ? ' (NOTARIUM_BASE_URL)' : ''}`;
  const fix = embedded
    ? `run Notarium without NOTARIUM_BASE_URL to send it there`
    : `to send it there, give the profile that address and its key for one run (NOTARIUM_BASE_URL=${record.serviceUrl} and the key in NOTARIUM_API_KEY, then "${ctx.command(`notarise <file> --profile ${record.profile}`)}")`;
  const message = `"${visibleName(record.name)}" was made for ${madeFor}, and the profile "${record.profile}" now sends to ${now}: it goes only where it was made for, so it was not sent. ${capitalised(fix)}, or remove it from the library and notarise the file again.`;
  ctx.library.records.noteError(record.id, message);
  ctx.recordUpdated(ctx.library.records.get(record.id)!);
  throw new NotariumError('SERVICE_CHANGED', message);
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
