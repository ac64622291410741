/**
 * Files from a drop (folders too, where the browser gives entries) or from a file input.
 */

type Entry = FileSystemEntry;

/** What a drop gave: its files, and the paths in it the browser could not read (a folder the user may not list), left out. */
export interface Dropped {
  files: File[];
  skipped: string[];
}

function fileOf(entry: FileSystemFileEntry): Promise<File | null> {
  return new Promise((resolve) => entry.file(resolve, () => resolve(null)));
}

/** A folder's entries; null when it could not be read (at all, or to its end). */
function readAll(reader: FileSystemDirectoryReader): Promise<Entry[] | null> {
  return new Promise((resolve) => {
    const out: Entry[] = [];
    const next = (): void =>
      reader.readEntries(
        (batch) => {
          if (batch.length === 0) return resolve(out);
          out.push(...batch);
          next();
        },
        () => resolve(null),
      );
    next();
  });
}

async function walk(entry: Entry, out: Dropped): Promise<void> {
  if (entry.isFile) {
    const f = await fileOf(entry as FileSystemFileEntry);
    if (f) out.files.push(f);
    else out.skipped.push(entry.fullPath);
  } else if (entry.isDirectory) {
    const children = await readAll((entry as FileSystemDirectoryEntry).createReader());
    if (!children) out.skipped.push(entry.fullPath);
    for (const child of children ?? []) await walk(child, out);
  }
}

export async function filesFromDrop(data: DataTransfer | null): Promise<Dropped> {
  if (!data) return { files: [], skipped: [] };
  const entries: Entry[] = [];
  const plain: File[] = [];
  for (const item of [...data.items]) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.();
    if (entry) entries.push(entry);
    else {
      const f = item.getAsFile();
      if (f) plain.push(f);
    }
  }
  if (entries.length === 0 && plain.length === 0) return { files: [...data.files], skipped: [] };
  const out: Dropped = { files: [...plain], skipped: [] };
  for (const e of entries) await walk(e, out);
  return out;
}
