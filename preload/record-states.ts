/**
 * A record's states, in its life cycle's order. `queued`: a document version kept in the library,
 * not sent, until its predecessor is in a block (service-notes.md, Timing and life-cycle rules).
 * `superseded`: a row that is not the registration (a resubmission that lost to another submission
 * of the same registration, or a watched file's queued save replaced by a later one); it is never
 * shown or counted as a registration of the file. One list for the core, the CLI and the page.
 */
export const RECORD_STATES = ['queued', 'submitting', 'published', 'confirmed', 'settled', 'rejected', 'failed', 'superseded'] as const;
export type RecordState = (typeof RECORD_STATES)[number];
// The library's schema also allows 'hashing', from its first version: no row was ever written in it
// (a file is hashed before its record exists; hashing is a phase of a job, not a record's state),
// and it is left there rather than rebuild every library's records table.

/**
 * Pending: a registration not at its end yet (queued, being sent, or on its way to its target
 * depth). What the pending count counts and the Library's "Pending" filter shows, of the library's
 * own registrations (imported evidence is never the library's own on its way), and a session
 * watches for news of.
 */
export const PENDING_STATES: readonly RecordState[] = ['queued', 'submitting', 'published', 'confirmed'];

/** Sent and known to the service, not yet at its target depth: the poller follows these, and a status check asks about them. */
export const FOLLOWED_STATES: readonly RecordState[] = ['published', 'confirmed'];

/** A row that is, or may become, the registration of its content: not failed, rejected or superseded. */
export const isLive = (r: { state: RecordState }): boolean => r.state !== 'failed' && r.state !== 'rejected' && r.state !== 'superseded';

/** In a block (a chain may take its next record only then: service-notes.md, Timing and life-cycle rules). */
export const inBlock = (r: { state: RecordState }): boolean => r.state === 'confirmed' || r.state === 'settled';

/** The id every submission of one registration shares: the first record's. */
export const groupOf = (r: { id: number; resubmits: number | null }): number => r.resubmits ?? r.id;

/**
 * Imported from a receipt that was only partially verified: its state and confirmations are what
 * that receipt claims (a forger can write any), never the library's own count. Shown as imported
 * evidence in the CLI, its JSON and the Library.
 */
export const importedPartial = (r: { proofOutcome: string | null }): boolean => r.proofOutcome === 'partially-verified';

/**
 * Imported from a pending receipt: "accepted, waiting for a block" is the receipt's word about
 * someone's registration, never one of the library's own on its way; nor is what became of it
 * (in a block by its service's word, rejected, or disagreeing with the chain) until its receipt
 * verified fully with its service's evidence (its outcome is then `verified`). Shown as imported
 * evidence in the CLI, its JSON and the Library, at every state.
 */
export const importedPending = (r: { proofOutcome: string | null }): boolean => r.proofOutcome === 'pending';

/**
 * Imported from a pending receipt, and never in a block while it was followed (resubmit.ts,
 * stopFollowingImported): imported evidence that never got into a block, no longer followed. Never
 * a registration of the library's that failed.
 */
export const importedNeverMined = (r: { proofOutcome: string | null; state: string }): boolean => r.proofOutcome === 'pending' && r.state === 'failed';

/**
 * Whether the library may send this row (again): only what it registered itself. A record imported
 * from a receipt carries the receipt's fingerprint and salt; sending it would make whoever wrote the
 * receipt a registration of the library's own. Imported evidence the service does not know, or
 * does not get into a block, stays imported evidence.
 */
export const oursToSend = (r: { proofOutcome: string | null }): boolean => r.proofOutcome === null;
