import type { ItemRef, RecordView } from './contract.ts';

/**
 * A row of the Library (docs/design/batches-and-rounds.md): a registration of a file, or one file of a batch, whose
 * view is its registration's with the file's own name and digest and `batch.member` set. How calls
 * name it, and how rows and selections tell it apart (two files of one batch share a record id).
 */

export const itemOf = (r: Pick<RecordView, 'id' | 'batch'>): ItemRef => (r.batch?.member != null ? { member: r.batch.member } : r.id);

/** A key no other row has: `m<member>` for a batch's file, else `r<record id>`. */
export const itemKey = (r: Pick<RecordView, 'id' | 'batch'>): string => (r.batch?.member != null ? `m${r.batch.member}` : `r${r.id}`);

/** A batch's file (not the registration that anchors its batch) whose place in it the library knows: one of a batch it built. */
export const isBatchFile = (r: Pick<RecordView, 'batch'>): r is RecordView & { batch: { position: number; member: number; files: number } } =>
  r.batch?.member != null && r.batch.position !== null && r.batch.files !== null;

/**
 * Any batch's file: one of a batch the library built, or one imported from its receipt (whose
 * place and batch size no receipt says: `position` and `files` null).
 */
export const isAnyBatchFile = (r: Pick<RecordView, 'batch'>): r is RecordView & { batch: { member: number } } => r.batch?.member != null;

/** A batch's registration (it holds no file of its own: its files are the Library's rows). */
export const anchorsBatch = (r: Pick<RecordView, 'batch'>): boolean => r.batch !== null && r.batch.member === null;
