import { renameSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { labelledReceiptName, receiptLabel } from '../../../preload/notarium-files.ts';
import { isRegularFile } from '../fs/entry-at.ts';
import { folderWithin } from '../fs/folder-within.ts';
import { receiptFileName } from '../../../verifier/receipt-v1.ts';
import type { WatchedFolder } from '../store/watched-folders.ts';

/**
 * Where the receipt of a watched file goes: next to it, or under the folder's `.notarium/` at the
 * same relative place (a folder people share stays free of receipts, and the watcher never takes
 * its own output, `.notarium/` being hidden).
 */
export function receiptLocation(folder: Pick<WatchedFolder, 'path' | 'receipts'>, relPath: string): string {
  const base = folder.receipts === 'folder' ? join(folder.path, '.notarium') : folder.path;
  return join(base, dirname(relPath), receiptFileName(relPath));
}

/**
 * Where the receipt of a registration a watched file no longer has goes (a version since replaced,
 * or a file since deleted): under the folder's `.notarium/`, with its version (or, for a plain
 * record, the start of its txId) in the name, so it is kept without ever standing where the file's
 * current receipt goes.
 */
export function earlierVersionReceiptLocation(
  folder: Pick<WatchedFolder, 'path'>,
  relPath: string,
  registration: { version?: number | null; txId: string | null },
): string {
  return join(folder.path, '.notarium', dirname(relPath), labelledReceiptName(basename(relPath), receiptLabel(registration)));
}

/**
 * A renamed file's receipt follows it; false when there was none to move (or it could not be moved).
 * Only a regular file is moved (a link planted in its place stays where it is), a rename replaces
 * whatever stands at `to` without writing through it, and `to`'s folder under the watched folder
 * `within` has no link on the way (folder-within.ts).
 */
export function moveReceipt(from: string, to: string, within: string): boolean {
  if (from === to || !isRegularFile(from)) return false;
  try {
    folderWithin(within, dirname(to));
    renameSync(from, to);
    return true;
  } catch {
    return false; // the receipt stays where it was, and still verifies the file
  }
}
