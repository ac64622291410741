/**
 * Where a file is, as the Library says it: the folder holding it (a path from this computer's file
 * system, Windows' or another's), whole in the details and shortened to its last two folders in a
 * row, where two files of one name from different folders must still look different.
 */

/** The folder holding the file at `path` ('/' for a file at the root), or null when it is not known. */
export function folderOf(path: string | null): string | null {
  if (!path) return null;
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  if (cut < 0) return null;
  return cut === 0 ? path.slice(0, 1) : path.slice(0, cut);
}

/** The folder's last two folders, "…/" before them when there are more: `/home/ann/reports/2024` → `…/reports/2024`. */
export function shortFolder(folder: string): string {
  const separator = folder.includes('\\') && !folder.includes('/') ? '\\' : '/';
  const parts = folder.split(separator).filter(Boolean);
  if (parts.length <= 2) return folder;
  return `…${separator}${parts.slice(-2).join(separator)}`;
}
