/**
 * A record's states, in its life cycle's order. `queued`: a document version kept in the library,
 * not sent, until its predecessor is in a block (service-notes.md, Timing and life-cycle rules).
 * `superseded`: a row that is not the registration (a resubmission that lost to another submission
 * of the same registration, or a watched file's queued save replaced by a later one); it is never
 * shown or counted as a registration of the file. One list for the core, the CLI and the page.
 */
export const RECORD_STATES = ['hashing', 'queued', 'submitting', 'published', 'confirmed', 'settled', 'rejected', 'failed', 'superseded'] as const;
export type RecordState = (typeof RECORD_STATES)[number];

/** A row that is, or may become, the registration of its content: not failed, rejected or superseded. */
export const isLive = (r: { state: RecordState }): boolean => r.state !== 'failed' && r.state !== 'rejected' && r.state !== 'superseded';

/** In a block (a chain may take its next record only then: service-notes.md, Timing and life-cycle rules). */
export const inBlock = (r: { state: RecordState }): boolean => r.state === 'confirmed' || r.state === 'settled';

/** The id every submission of one registration shares: the first record's. */
export const groupOf = (r: { id: number; resubmits: number | null }): number => r.resubmits ?? r.id;
