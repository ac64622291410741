/**
 * Files from a drop (folders too, where the browser gives entries) or from a file input.
 */

type Entry = FileSystemEntry;

function fileOf(entry: FileSystemFileEntry): Promise<File | null> {
  return new Promise((resolve) => entry.file(resolve, () => resolve(null)));
}

function readAll(reader: FileSystemDirectoryReader): Promise<Entry[]> {
  return new Promise((resolve) => {
    const out: Entry[] = [];
    const next = (): void =>
      reader.readEntries(
        (batch) => {
          if (batch.length === 0) return resolve(out);
          out.push(...batch);
          next();
        },
        () => resolve(out),
      );
    next();
  });
}

async function walk(entry: Entry, out: File[]): Promise<void> {
  if (entry.isFile) {
    const f = await fileOf(entry as FileSystemFileEntry);
    if (f) out.push(f);
  } else if (entry.isDirectory) {
    for (const child of await readAll((entry as FileSystemDirectoryEntry).createReader())) await walk(child, out);
  }
}

export async function filesFromDrop(data: DataTransfer | null): Promise<File[]> {
  if (!data) return [];
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
  if (entries.length === 0 && plain.length === 0) return [...data.files];
  const out: File[] = [...plain];
  for (const e of entries) await walk(e, out);
  return out;
}
